/**
 * The page's modules without a browser (src/web/session.ts, picture.ts, state.ts, catalog.ts):
 * - a line runs through the CLI's dispatcher, so its text is the CLI's (checked here against
 *   the goldens CuTe printed);
 * - the pictures are checked cell by cell against CuTe's own pictures (print_latex / print_svg
 *   goldens), print_layout tables and print_tensor rows, and TMA boxes against the partition
 *   the CLI lists;
 * - share links, shell quoting and the catalog's search.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { shellWords } from "../src/check/transcript.js";
import { lineArgv, runLine, shellLine, shellQuote } from "../src/web/session.js";
import { decodeState, encodeState } from "../src/web/state.js";
import { entries, search } from "../src/web/catalog.js";
import { listMma } from "../src/atoms/mma/catalog.js";
import { copyOpNames } from "../src/atoms/copy/index.js";
import type { Picture } from "../src/web/picture.js";
import { readGolden, run, trimEnd, type GoldenRecord } from "./helpers.js";

const pictures = readFileSync(new URL("../fixtures/golden/pictures.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as GoldenRecord);

/** every k-th record of the goldens with the given first word that CuTe printed (or refused) */
function sample(file: string, cmd: string, n: number, errors = false): GoldenRecord[] {
  const all = readGolden(`../fixtures/golden/${file}`).filter((r) => r.cmd[0] === cmd && (errors ? r.out === undefined : r.out !== undefined));
  const k = Math.max(1, Math.floor(all.length / n));
  return all.filter((_r, i) => i % k === 0).slice(0, n);
}

describe("a line is a command line or an expression", () => {
  it("reads command lines as a shell does, with or without cute-ts and a prompt in front", () => {
    expect(lineArgv("mma SM80_16x8x8_F16F16F16F16_TN --atoms '(_2,_2,_1)'").argv).toEqual(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--atoms", "(_2,_2,_1)"]);
    expect(lineArgv("$ cute-ts copy SM75_U32x4_LDSM_N --value half_t").argv).toEqual(["copy", "SM75_U32x4_LDSM_N", "--value", "half_t"]);
    expect(lineArgv("  cute-ts eval '(4,8):(1,4)(3)'").argv).toEqual(["eval", "(4,8):(1,4)(3)"]);
  });
  it("takes anything else as an expression, spaces and quotes as typed", () => {
    expect(lineArgv("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")).toEqual({ argv: [], expression: "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)" });
    expect(lineArgv("composition((6,2):(8,2), (4,3):(3,1))").expression).toBe("composition((6,2):(8,2), (4,3):(3,1))");
  });
  it("refuses the commands that read files or serve, naming what the page runs", () => {
    for (const c of ["batch x.jsonl", "check README.md", "web --port 1", "verify tv L --tile T"]) {
      expect(() => lineArgv(c)).toThrow(/runs in a terminal.*the page runs eval, print, mma, copy, tma, tma-coords/);
    }
  });
  it("shell quoting reads back as the same words (any text)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 5 }), (words) => {
        expect(shellWords(words.map(shellQuote).join(" "))).toEqual(words);
      }),
      { numRuns: 300, seed: 22 },
    );
    expect(shellLine(["print", "(_2,_4):(_1,_2)"])).toBe("cute-ts print '(_2,_4):(_1,_2)'");
  });
});

describe("the page's text is the CLI's, and CuTe's", () => {
  // a few of every family: eval and print of the algebra, atoms, TMA, and refusals
  const cases = [
    ...sample("algebra.jsonl", "eval", 8),
    ...sample("algebra.jsonl", "print", 5),
    ...sample("algebra.jsonl", "eval", 3, true),
    ...sample("atoms.jsonl", "mma", 6),
    ...sample("atoms.jsonl", "copy", 6),
    ...sample("tma.jsonl", "tma", 4),
    ...sample("tma.jsonl", "tma-coords", 3),
  ];
  it("has cases of every family", () => expect(cases.length).toBeGreaterThanOrEqual(30));
  for (const r of cases) {
    it(`${r.id}: ${r.cmd.join(" ").slice(0, 100)}`, async () => {
      const line = r.cmd.map(shellQuote).join(" ");
      const o = await runLine(line);
      const cli = await run(r.cmd);
      expect(o.argv).toEqual(r.cmd);
      expect(o.out).toBe(cli.stdout);
      expect(o.err).toBe(cli.stderr);
      expect(o.exit).toBe(cli.exit);
      if (r.out !== undefined) expect(trimEnd(o.out)).toBe(trimEnd(r.out));
      else expect(o.exit).toBe(2);
    });
  }
  it("an expression alone is print when print_layout / print_tensor draws it, eval otherwise", async () => {
    const layout = await runLine("(_2,_4):(_1,_2)");
    expect(layout.argv).toEqual(["print", "(_2,_4):(_1,_2)"]);
    expect(layout.out).toBe((await run(["print", "(_2,_4):(_1,_2)"])).stdout);
    const tuple = await runLine("size<1>((_4,(_2,3)):(_1,(_4,_8)))");
    expect(tuple.argv[0]).toBe("eval");
    expect(tuple.out).toBe("6\n");
    // a layout to coordinates prints, as CuTe's print(); print_layout would refuse it
    const coords = await runLine("((_4,_8),2):((_1@0,_1@1),_64@1)");
    expect(coords.argv[0]).toBe("eval");
    expect(coords.exit).toBe(0);
  });
  it("errors carry the CLI's caret text", async () => {
    const o = await runLine("composition((6,2):(8,2),(4,3):(3,1)x");
    expect(o.exit).toBe(2);
    expect(o.err).toBe((await run(["eval", "composition((6,2):(8,2),(4,3):(3,1)x"])).stderr);
    expect(o.err).toMatch(/\n\s+\^\n {2}what cute-ts reads: docs\/notation\.md\n$/);
    expect((await runLine("batch x")).err).toMatch(/^cute-ts: 'batch' runs in a terminal/);
    expect((await runLine("mma SM80_16x8x8 'unclosed")).err).toMatch(/^cute-ts: unterminated '/);
  });
});

// ------------------------------------------------------------------ pictures against CuTe's

interface Node {
  x: number;
  y: number;
  text: string;
}
/** `\node[fill=...] at (x,y) {text};` of a print_latex picture */
function latexNodes(tex: string): Node[] {
  return [...tex.matchAll(/^\\node\[fill=[^\]]*\] at \((-?\d+),(-?\d+)\) \{(.*)\};$/gm)].map((m) => ({ x: +m[1]!, y: +m[2]!, text: m[3]! }));
}
/** (x, y) of each thread-value rect of a print_svg picture, with its T and V */
function svgCells(svg: string): Array<{ x: number; y: number; t: number; v: number }> {
  return [...svg.matchAll(/<rect x="(\d+)" y="(\d+)"[^\n]*\n<text[^>]*>T(\d+)<\/text>\n<text[^>]*>V(\d+)<\/text>/g)].map((m) => ({ x: +m[1]!, y: +m[2]!, t: +m[3]!, v: +m[4]! }));
}

/** the drawn (thread, value) cells of a picture, keyed by panel name and (row, col) */
function drawn(p: Picture): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const q of p.panels) {
    for (let i = 0; i < q.rows * q.cols; i++) if (q.thread![i]! >= 0) out.set(`${q.name} ${Math.floor(i / q.cols)},${i % q.cols}`, [q.thread![i]!, q.value![i]!]);
  }
  return out;
}

describe("pictures: every cell as CuTe draws it", () => {
  const atomPics = pictures.filter((r) => r.cmd[0] === "mma" || r.cmd[0] === "copy");
  it("has the golden pictures", () => expect(atomPics.length).toBeGreaterThan(40));
  for (const r of atomPics) {
    it(`${r.id}: ${r.cmd.join(" ").slice(0, 110)}`, async () => {
      const cmd = r.cmd.filter((a) => a !== "--latex" && a !== "--svg");
      const o = await runLine(cmd.map(shellQuote).join(" "));
      expect(o.exit).toBe(0);
      const p = o.picture!;
      const got = drawn(p);
      const want = new Map<string, [number, number]>();
      const panel = (name: string) => p.panels.find((q) => q.name === name)!;
      if (r.cmd.includes("--svg")) {
        // print_svg: 20-unit cells at the panel's place on the grid
        for (const c of svgCells(r.out!)) {
          const q = p.panels.find((q) => c.x / 20 >= q.x && c.x / 20 < q.x + q.cols && c.y / 20 >= q.y && c.y / 20 < q.y + q.rows)!;
          want.set(`${q.name} ${c.y / 20 - q.y},${c.x / 20 - q.x}`, [c.t, c.v]);
        }
      } else {
        for (const n of latexNodes(r.out!)) {
          const [, t, v] = /T(\d+) \\\\ V(\d+)/.exec(n.text)!.map(Number) as [number, number, number];
          if (r.cmd[0] === "mma") {
            const K = panel("A").cols;
            // C at (m,n); A at (m, k-K-1); B at (k-K-1, n)
            if (n.y < 0) want.set(`A ${n.x},${n.y + K + 1}`, [t, v]);
            else if (n.x < 0) want.set(`B ${n.x + K + 1},${n.y}`, [t, v]);
            else want.set(`C ${n.x},${n.y}`, [t, v]);
          } else {
            const N = panel("S").cols;
            // S at (m,n); D at (m, n+N+3)
            if (n.y < N) want.set(`S ${n.x},${n.y}`, [t, v]);
            else want.set(`D ${n.x},${n.y - N - 3}`, [t, v]);
          }
        }
      }
      expect(want.size).toBeGreaterThan(0);
      expect(got).toEqual(want);
    });
  }

  const printRecs = readGolden("../fixtures/golden/algebra.jsonl").filter((r) => r.cmd[0] === "print" && r.out !== undefined);
  it("layouts: each cell's index is the one CuTe's print_layout table shows", async () => {
    let layouts = 0;
    for (const r of printRecs) {
      const o = await runLine(r.cmd[1]!);
      const rows = r.out!.split("\n").filter((l) => /^\s*\d+\s+\|/.test(l)).map((l) => l.split("|").slice(1, -1).map((x) => Number(x.trim())));
      if (rows.length === 0) continue; // a tensor
      // the result is the last panel (the algebra's inputs, or the layout under a swizzle, come first)
      const q = o.picture!.panels.at(-1)!;
      expect([q.rows, q.cols], r.id).toEqual([rows.length, rows[0]!.length]);
      expect(Array.from(q.index!), r.id).toEqual(rows.flat());
      layouts++;
    }
    expect(layouts).toBeGreaterThan(20);
  });
  it("rank-2 tensors: each cell's value is the one CuTe's print_tensor row shows", async () => {
    let tensors = 0;
    for (const r of printRecs) {
      const lines = r.out!.split("\n").filter((l) => l !== "");
      if (!lines[0]!.endsWith(":") || lines.length < 2) continue;
      const o = await runLine(r.cmd[1]!);
      const pic = o.picture!;
      if (pic.panels.length !== 1 || pic.panels[0]!.cols === 1) continue; // rank 2 only
      const q = pic.panels[0]!;
      const rows = lines.slice(1).map((l) => l.trim().split(/\s+/));
      expect(q.texts!, r.id).toEqual(rows.flat());
      tensors++;
    }
    expect(tensors).toBeGreaterThan(0);
  });
  it("a layout hovered shows its natural coordinate and index", async () => {
    const q = (await runLine("((2,2),(4,2)):((4,1),(16,2))")).picture!.panels[0]!;
    expect(q.describe(3, 5)).toEqual(["coordinate (3,5) = ((1,1),(1,1))", `index ${4 + 1 + 16 + 2}`]);
  });
});

describe("TMA: the boxes each CTA's instructions move", () => {
  it("a 2-CTA multicast: each CTA's cells are the first box of coordinates of its partition, as tma-coords lists it", async () => {
    const args = ["--op", "SM90_TMA_LOAD_MULTICAST", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)", "--cluster", "_2"];
    const o = await runLine(["tma", ...args].map(shellQuote).join(" "));
    const q = o.picture!.panels[0]!;
    for (const rank of [0, 1]) {
      const part = await run(["tma-coords", ...args, "--tile", "(_16,_16)", "--block", "(0,0)", "--partition", "S", "--rank", String(rank)]);
      const listed = part.stdout.split("\n").slice(1).map((l) => l.trim()).filter((l) => l !== "");
      const cells: string[] = [];
      for (let i = 0; i < q.rows * q.cols; i++) if (q.thread![i] === rank) cells.push(q.texts![i]!);
      // the box is (16,8): 128 of the partition's 256 coordinates, in value order
      expect(cells.length).toBe(128);
      expect(new Set(cells)).toEqual(new Set(listed.slice(0, 128)));
    }
  });
});

describe("share links and the catalog", () => {
  it("the URL fragment keeps the line, the thread and the theme", () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.nat(1 << 20), { nil: undefined }), fc.constantFrom(undefined, "light" as const, "dark" as const), (line, thread, theme) => {
        expect(decodeState(encodeState({ line, thread, theme }))).toEqual({ line, thread, theme });
      }),
      { numRuns: 300, seed: 22 },
    );
    expect(decodeState("#q=x&t=-1&theme=blue")).toEqual({ line: "x", thread: undefined, theme: undefined });
  });
  it("lists every MMA op and every copy op, and a search matches all its words", () => {
    const all = entries();
    expect(all.filter((e) => e.group === "MMA").map((e) => e.name)).toEqual(listMma().map((m) => m.spelling));
    expect(all.filter((e) => e.group === "copy").map((e) => e.name)).toEqual(copyOpNames());
    const found = search("sm80 tn f16f16f16f16");
    expect(found.length).toBeGreaterThan(0);
    for (const e of found) expect(e.key).toMatch(/sm80/);
    expect(found.map((e) => e.name)).toContain("SM80_16x8x16_F16F16F16F16_TN");
    const ldsm = search("LDSM_N");
    expect(ldsm.map((e) => e.name)).toEqual(copyOpNames().filter((n) => n.includes("LDSM_N")));
    expect(ldsm.map((e) => e.name)).toContain("SM75_U32x4_LDSM_N");
  });
  it("every copy entry and every example runs; so does a sample of the MMA entries", async () => {
    const all = entries();
    const mma = all.filter((e) => e.group === "MMA");
    const picked = [...all.filter((e) => e.group !== "MMA"), ...mma.filter((_e, i) => i % 50 === 0)];
    for (const e of picked) {
      const o = await runLine(e.line);
      expect(o.err, e.line).toBe("");
      expect(o.exit, e.line).toBe(0);
    }
  }, 600_000);
});
