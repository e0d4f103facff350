/**
 * The goldens again, in the C++ each record came from (its `cxx` field: what CuTe compiled and
 * ran). The C++ expression replaces the notation in the command: `eval`/`print` take it as the
 * expression, `mma`/`copy` records become `eval` (or `print --latex/--svg`) of the atom or tiled
 * object the C++ printed, and TMA records take the C++ layouts for --gmem, --smem and
 * --cta-tiler. The answer must be CuTe's, byte for byte, or a refusal where CuTe refused.
 *
 * The C++ statements are unfolded here by substitution (`auto x = E; ... print(f(x));` becomes
 * `f(E)`): the test's own reading of the record, not cute-ts's.
 */
import { describe, expect, it } from "vitest";
import { readGolden, run, trimEnd, type GoldenRecord } from "./helpers.js";

/** `auto x = E;` / `using T = t;` statements and the printed expression, substituted */
function unfold(cxx: string): { printer: string; expr: string } | undefined {
  const defs = new Map<string, string>();
  let printer: string | undefined, expr: string | undefined;
  const subst = (e: string) => e.replace(/\b[A-Za-z_]\w*\b/g, (w) => (defs.has(w) ? defs.get(w)! : w));
  for (const raw of cxx.split("\n")) {
    const line = raw.replace(/\/\/.*$/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    let m = /^using (\w+) = (.*);$/.exec(line);
    if (m) {
      defs.set(m[1]!, m[2]!);
      continue;
    }
    m = /^(?:auto|Tensor) (\w+) = (.*);$/.exec(line);
    if (m) {
      defs.set(m[1]!, subst(m[2]!));
      continue;
    }
    m = /^(print|print_latex|print_svg)\((.*)\);$/.exec(line);
    if (m) {
      printer = m[1];
      expr = subst(m[2]!);
      continue;
    }
    m = /^(\w+)$/.exec(line);
    if (m) continue;
    return undefined;
  }
  return printer && expr ? { printer, expr } : undefined;
}

const option = (cmd: string[], name: string): string | undefined => {
  const i = cmd.indexOf(name);
  return i >= 0 ? cmd[i + 1] : undefined;
};

/** the command that asks cute-ts the record's question in C++, or undefined where the record's C++ is not one expression */
export function cxxCommand(r: GoldenRecord): string[] | undefined {
  const cxx = r.cxx!;
  const [cmd0] = r.cmd;
  if (cmd0 === "eval") return ["eval", cxx];
  if (cmd0 === "print") {
    const u = unfold(cxx);
    const expr = u && u.printer !== "print" ? u.expr : cxx;
    return ["print", expr, ...r.cmd.slice(2)];
  }
  if (cmd0 === "mma" || cmd0 === "copy") {
    const u = unfold(cxx);
    if (!u) return undefined;
    if (u.printer === "print") return ["eval", u.expr];
    return ["print", u.expr, u.printer === "print_latex" ? "--latex" : "--svg"];
  }
  if (cmd0 === "tma" || cmd0 === "tma-coords") {
    const defs = new Map<string, string>();
    for (const line of cxx.split("\n")) {
      const m = /^(?:using|auto) (\w+) = (.*);$/.exec(line.trim());
      if (m) defs.set(m[1]!, m[2]!.replace(/\bT\b/g, defs.get("T") ?? "T"));
    }
    const out = r.cmd.slice();
    const replace = (opt: string, name: string) => {
      const i = out.indexOf(opt);
      if (i >= 0 && defs.has(name)) out[i + 1] = defs.get(name)!;
    };
    replace("--gmem", "gmem_layout");
    replace("--smem", "smem_layout");
    replace("--cta-tiler", "cta_tiler");
    return out;
  }
  return undefined;
}

async function expectAnswer(r: GoldenRecord, argv: string[]): Promise<void> {
  const got = await run(argv);
  expect(got.stderr).not.toMatch(/internal error|\n[ \t]+at /);
  if (r.error) {
    expect(got.exit, got.stdout).not.toBe(0);
    expect(trimEnd(got.stdout)).toBe("");
    expect(got.stderr.trim()).not.toBe("");
  } else {
    // CuTe writes nothing to stderr; cute-ts adds only its hardware warnings (tma, tma-coords)
    expect(got.stderr.replace(/^cute-ts: warning: sm\d+: .*\n/gm, "")).toBe("");
    expect(trimEnd(got.stdout)).toBe(trimEnd(r.out!));
    expect(got.exit).toBe(0);
  }
}

for (const file of ["algebra", "atoms", "pictures", "tma"]) {
  describe(`${file}.jsonl in its C++ spelling`, () => {
    const records = readGolden(`../fixtures/golden/${file}.jsonl`).filter((r) => r.cxx !== undefined && (r.out !== undefined || r.error !== undefined));
    const lambdas = records.filter((r) => r.cxx!.startsWith("[&]"));
    const rest = records.filter((r) => !r.cxx!.startsWith("[&]"));
    it("every record's C++ reads as one command (C++ lambdas are refused as not supported yet)", async () => {
      for (const r of rest) expect(cxxCommand(r), `${r.id}: ${r.cxx}`).toBeDefined();
      for (const r of lambdas) {
        const got = await run(["eval", r.cxx!]);
        expect(got.exit).toBe(2);
        expect(got.stderr).toContain("cute-ts does not support C++ lambdas");
      }
    });
    // in chunks: one test per record would be thousands of tests for one property
    const CHUNK = 250;
    for (let i = 0; i < rest.length; i += CHUNK) {
      const chunk = rest.slice(i, i + CHUNK);
      it(`records ${i + 1}-${i + chunk.length} of ${rest.length}`, async () => {
        for (const r of chunk) {
          const argv = cxxCommand(r)!;
          try {
            await expectAnswer(r, argv);
          } catch (e) {
            throw new Error(`${r.id}: cute-ts ${argv.map((a) => JSON.stringify(a)).join(" ")}\n${(e as Error).message}`);
          }
        }
      });
    }
  });
}

describe("the C++ goldens (cxx.jsonl) with their expressions reformatted", () => {
  const records = readGolden("../fixtures/golden/cxx.jsonl");
  it("white space and newlines anywhere, comments, and a trailing ';' change nothing", async () => {
    for (const r of records) {
      const spaced = r.cmd[1]!.replace(/([,(<{])/g, "$1\n  ").replace(/([)>}])/g, " $1") + " ; // pasted";
      await expectAnswer(r, ["eval", spaced]);
      const commented = `/* from a kernel */ ${r.cmd[1]!};;`;
      await expectAnswer(r, ["eval", commented]);
    }
  });
});
