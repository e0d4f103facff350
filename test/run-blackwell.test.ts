/**
 * `cute-ts run --arch sm100` on CuTe's Blackwell tutorials (fixtures/tutorials/blackwell, CUTLASS
 * 7107b0553), which no GPU of ours runs: each print the tutorial annotates with what it gives
 * (`print("gA:\t"); print(gA); print("\n"); // gA: gmem_ptr[16b](GMEM_ADDR_A + ...) o ...`, and
 * print(tiled_mma)'s comment block) must agree with its comment up to the comment's symbolic
 * addresses (each bare name one address throughout the run). Where a comment is wrong (a copy of
 * another tutorial's line), fixtures/tutorials/blackwell/comment-errata.json gives the corrected
 * text and why; the test checks that each erratum still stands against the comment it corrects.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runProgram } from "../src/eval/run/index.js";

const DIR = join(dirname(new URL(import.meta.url).pathname), "..", "fixtures", "tutorials", "blackwell");
const FILES = ["01_mma_sm100.cu", "02_mma_tma_sm100.cu", "03_mma_tma_multicast_sm100.cu", "04_mma_tma_2sm_sm100.cu", "05_mma_tma_epi_sm100.cu"];

interface Erratum {
  file: string;
  line: number;
  comment: string;
  corrected: string;
  why: string;
}
const ERRATA = JSON.parse(readFileSync(join(DIR, "comment-errata.json"), "utf8")) as Erratum[];

/** the annotated prints of a source: the label printed before the value, the comment's text, its line */
function annotated(text: string): { line: number; label: string; want: string }[] {
  const out: { line: number; label: string; want: string }[] = [];
  text.split("\n").forEach((l, i) => {
    const m = /print\("([^"]*?):\\t"\);\s*print\(\w+\);\s*print\("\\n"\);\s*\/\/\s*(\S+):\s+(.*?)\s*$/.exec(l);
    if (m !== null && m[2] === m[1]) out.push({ line: i + 1, label: m[1]!, want: m[3]! });
  });
  return out;
}

/** print(tiled_mma)'s comment block: the lines after it, `// ` taken off, each line's own trailing remark too */
function tiledMmaBlock(text: string): string[] | undefined {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => /^\s*print\(tiled_mma\);\s*$/.test(l));
  if (at < 0) return undefined;
  const block: string[] = [];
  for (let i = at + 1; i < lines.length && /^\s*\/\//.test(lines[i]!); i++) block.push(lines[i]!.replace(/^\s*\/\/ /, "").replace(/\s+\/\/.*$/, ""));
  return block;
}

const ADDRESS = "(0x[0-9a-f]+(?:\\.[0-9a-f]+)?)";
/** the comment's text as a pattern: `(NAME)` / `(NAME + offset_for_x ...)` stand for an address; the bare names are returned in order */
function pattern(want: string): { re: RegExp; names: (string | null)[] } {
  const names: (string | null)[] = [];
  let src = "";
  let last = 0;
  for (const m of want.matchAll(/\(([A-Z][A-Z_]*)((?: \+ [a-z_]+)*)\)/g)) {
    if (!m[1]!.includes("ADDR")) continue;
    src += escape(want.slice(last, m.index)) + `\\(${ADDRESS}\\)`;
    names.push(m[2] === "" ? m[1]! : null);
    last = m.index! + m[0].length;
  }
  return { re: new RegExp(`^${src}${escape(want.slice(last))}$`), names };
}
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("run --arch sm100 on the Blackwell tutorials agrees with their comments", () => {
  it("every erratum names a comment the tutorial has, and corrects it", () => {
    for (const e of ERRATA) {
      const line = readFileSync(join(DIR, e.file), "utf8").split("\n")[e.line - 1]!;
      expect(line, `${e.file}:${e.line}`).toContain(`// ${e.comment.split(":")[0]}:`);
      expect(line.replace(/\s+/g, " "), `${e.file}:${e.line}`).toContain(e.comment.replace(/\s+/g, " ").split(": ").slice(1).join(": "));
      expect(e.corrected).not.toBe(e.comment);
      expect(e.why.length).toBeGreaterThan(20);
    }
  });

  for (const file of FILES) {
    it(
      file,
      async () => {
        const text = readFileSync(join(DIR, file), "utf8");
        const r = await runProgram({
          file,
          text,
          arch: "sm100",
          readLocal: (_from, name) => (name === "example_utils.hpp" ? { file: name, text: readFileSync(join(DIR, name), "utf8") } : undefined),
        });
        expect(r.exit).toBe(0);
        const out = r.stdout.split("\n");
        const cases = annotated(text);
        expect(cases.length).toBeGreaterThan(20);
        const seen = new Map<string, string>();
        const mismatches: string[] = [];
        for (const c of cases) {
          const erratum = ERRATA.find((e) => e.file === file && e.line === c.line);
          const want = erratum === undefined ? c.want : erratum.corrected.slice(erratum.corrected.indexOf(": ") + 2);
          const got = out.find((l) => l.startsWith(`${c.label}:\t`))?.slice(c.label.length + 2);
          const { re, names } = pattern(want);
          const m = got === undefined ? null : re.exec(got);
          if (m === null) {
            mismatches.push(`${file}:${c.line}: ${c.label}: want ${want}, got ${got ?? "(not printed)"}`);
            continue;
          }
          // an erratum stands only where the run disagrees with the comment
          if (erratum !== undefined) expect(pattern(c.want).re.test(got!), `${file}:${c.line}: the erratum is not needed`).toBe(false);
          names.forEach((name, i) => {
            if (name === null) return;
            const addr = m[i + 1]!;
            const before = seen.get(name);
            if (before !== undefined && before !== addr) mismatches.push(`${file}:${c.line}: ${name} is ${addr} here, ${before} before`);
            seen.set(name, addr);
          });
        }
        // the first allocation of a CTA's TMEM: lane 0, column 0
        if (seen.has("TMEM_ADDR")) expect(seen.get("TMEM_ADDR")).toBe("0x0000.0000");
        const block = tiledMmaBlock(text);
        if (block !== undefined) {
          const at = out.indexOf("TiledMMA");
          expect(out.slice(at, at + block.length)).toEqual(block);
        }
        expect(mismatches).toEqual([]);
      },
      120_000,
    );
  }
});
