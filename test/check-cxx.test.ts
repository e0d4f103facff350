/**
 * Goldens inside C++ sources (check kernel.cu): finding print-comment pairs, the statements each
 * needs, skip reasons, comparison and --update, through the library and the CLI. Expected outputs
 * come from CuTe: the golden records' C++ (`cxx`) and what CuTe printed for it (`out`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { readFileSync, writeFileSync } from "node:fs";
import { scratchDir } from "./support/scratch.js";
import { join } from "node:path";
import { parse as parseJunit } from "junit2json";
import { readGolden, run } from "./helpers.js";
import { comparable, commentText, findCxxCases, sameOutput, updateCxxComments } from "../src/check/cxx-source.js";
import { blockEvaluator, cString, type BlockOutcome } from "../src/check/statements.js";
import { CuteError, ParseError, UsageError } from "../src/core/errors.js";
import { checkFiles } from "../src/cli/commands/check.js";
import type { CommandEnv, Io } from "../src/cli/spec.js";

beforeEach(() => {
  vi.stubEnv("CI", "");
  vi.stubEnv("GITHUB_ACTIONS", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const scratchFile = (name: string, text: string) => {
  const p = join(scratchDir("cxx"), name);
  writeFileSync(p, text);
  return p;
};
const comment = (out: string, indent = "  ") =>
  out
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => `${indent}// ${l}`.trimEnd())
    .join("\n");

describe("finding the cases", () => {
  it("a trailing comment, with string prints on the line; a block of // lines below a print", () => {
    const src = [
      "int main() {",
      '  print("gA:\\t"); print(gA); print("\\n");   // gA:   ArithTuple(_0,0) o (_128,_64,4):(_1@1,_1@0,_64@0)',
      "  print(tiled_mma);",
      "  // TiledMMA",
      "  //   ThrLayoutVMNK:  (_1,_1,_1,_1):(_0,_0,_0,_0)",
      "  //   Shape_MNK:  (_128,_256,_16)                      // MmaM, MmaN, MmaK instruction size",
      "",
      "  // a prose comment after a blank line is nobody's golden",
      "}",
    ].join("\n");
    const cases = findCxxCases(src);
    expect(cases.map((c) => [c.line, c.last, c.name])).toEqual([
      [2, 2, "print(gA)"],
      [3, 6, "print(tiled_mma)"],
    ]);
    expect(cases[0]!.prints).toEqual(['print("gA:\\t");', "print(gA);", 'print("\\n");']);
    expect(cases[0]!.expected).toBe("gA:   ArithTuple(_0,0) o (_128,_64,4):(_1@1,_1@0,_64@0)");
    // one space after the slashes is dropped, the indentation after it kept, a note after a further // dropped
    expect(cases[1]!.expected).toBe("TiledMMA\n  ThrLayoutVMNK:  (_1,_1,_1,_1):(_0,_0,_0,_0)\n  Shape_MNK:  (_128,_256,_16)");
  });

  it("a trailing comment continues only on // lines at its column", () => {
    const src = ["void f() {", "  print(a);   // line one", "              // line two", "  // not aligned: not the golden's", "}"].join("\n");
    expect(findCxxCases(src).map((c) => c.expected)).toEqual(["line one\nline two"]);
  });

  it("no case: a print with no comment, a comment after other code on the line, a string print, prints outside functions", () => {
    const src = [
      "struct S { int x = 0; };  // a struct",
      "void f() {",
      "  print(a);",
      "  x = 1;",
      "  // about the next line",
      "  print(b); copy(s, d);  // copies",
      '  print("text\\n");  // text',
      "  printf(\"%d\\n\", n);  // 3",
      "  std::print(q);  // not CuTe's",
      "}",
    ].join("\n");
    expect(findCxxCases(src)).toEqual([]);
  });

  it("comments, string literals, raw strings, character literals, digit separators and directives hide their braces and prints", () => {
    const src = [
      "#define OPEN {",
      "#define MULTI print(x); \\",
      "   // print(y);",
      "void f() {",
      '  const char* s = "} print(no); // {";',
      "  auto r = R\"x(}\n print(no2); // {)x\";",
      "  char c = '}';",
      "  int n = 1'000'000;",
      "  /* } print(no3); // */",
      "  print(make_layout(Int<8>{}));  // _8:_1",
      "}",
    ].join("\n");
    const cases = findCxxCases(src);
    expect(cases.map((c) => [c.line, c.name, c.expected])).toEqual([[11, "print(make_layout(Int<8>{}))", "_8:_1"]]);
    expect(cases[0]!.before).toEqual([]);
  });

  it("cute::print, print_layout, print_tensor and a print an if guards are cases", () => {
    const src = ["void f() {", "  cute::print(a);  // 1", "  print_layout(l);  // 2", "  if (thread0()) print_tensor(t);  // 3", "}"].join("\n");
    expect(findCxxCases(src).map((c) => [c.name, c.prints])).toEqual([
      ["cute::print(a)", ["cute::print(a);"]],
      ["print_layout(l)", ["print_layout(l);"]],
      ["print_tensor(t)", ["print_tensor(t);"]],
    ]);
  });

  it("never throws: random text, and a kernel with random cuts and insertions", () => {
    const kernel = [
      "template <class T> __global__ void k(T mA) {",
      "  auto x = make_layout(make_shape(Int<4>{}, 8));",
      "  if (thread0()) { print(x); } // (_4,8):(_1,_4)",
      '  for (int i = 0; i < 4; ++i) { print("{"); print(x); /* } */ } // x',
      "  auto f = [&](int i) { print(i); return i; };  // lambda",
      "}",
    ].join("\n");
    const pieces = ["{", "}", "(", ")", "<", ">", ";", "//", "/*", "*/", '"', "'", "R\"(", "#", "\\\n", "print(", "auto", "=", "for", "if", "template", "\n", " ", "x", "[", "]", "::", ">>", "1'0"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), fc.nat(kernel.length), fc.nat(kernel.length), (parts, a, b) => {
        const text = parts.join("");
        for (const t of [text, kernel.slice(0, a) + text + kernel.slice(b)]) {
          const cases = findCxxCases(t);
          for (const c of cases) expect(c.line).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the statements a case needs", () => {
  const src = [
    "template <class TA, int N>",
    "void host(TA const* ptr, int m) {",
    "  using T = half_t;",
    "  auto unrelated = make_layout(Int<3>{});",
    "  auto shape = make_shape(Int<4>{}, 8);",
    "  TiledMMA mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{});",
    "  auto layout = make_layout(shape);",
    "  if (thread0()) {",
    "    print(unrelated);  // _3:_1",
    "  }",
    "  mma.accumulate_ = GMMA::ScaleOut::Zero;",
    "  auto layout2 = make_layout(shape, LayoutRight{});",
    "  {",
    "    auto shape = make_shape(2, 2);",
    "    print(layout);  // (_4,8):(_1,_4)",
    "    print(make_layout(shape));  // (2,2):(_1,2)",
    "  }",
    "  print(mma);  // TiledMMA",
    "  auto p = make_tensor(make_gmem_ptr(ptr), make_layout(m));",
    "  print(p);  // gmem_ptr",
    "  print(Int<N>{});  // _4",
    "  for (int k = 0; k < 2; ++k) {",
    "    print(layout2);  // (_4,8):(8,_1)",
    "  }",
    "}",
  ].join("\n");
  const cases = findCxxCases(src);
  const byName = (n: string) => cases.find((c) => c.name === n)!;

  it("a declaration and what it depends on, in source order; unrelated statements and pure blocks left out", () => {
    expect(byName("print(layout)").before).toEqual(["auto shape = make_shape(Int<4>{}, 8);", "auto layout = make_layout(shape);"]);
    expect(byName("print(unrelated)").before).toEqual(["auto unrelated = make_layout(Int<3>{});"]);
  });

  it("the innermost declaration of a name shadows the outer one", () => {
    expect(byName("print(make_layout(shape))").before).toEqual(["auto shape = make_shape(2, 2);"]);
  });

  it("a statement that assigns to a needed name is kept (it may change the value)", () => {
    expect(byName("print(mma)").before).toEqual(["TiledMMA mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{});", "mma.accumulate_ = GMMA::ScaleOut::Zero;"]);
  });

  it("a block's condition is read, not changed: an early return guarded by a needed name does not pull in the condition's names", () => {
    const guarded = findCxxCases(
      ["void g(int m) {", "  auto t = make_shape(Int<4>{}, 8);", "  if (not evenly_divides(make_shape(m, m), t)) {", '    std::cerr << "no" << std::endl;', "    return;", "  }", "  if (m > 2) t = make_shape(m, m);", "  print(t);  // (_4,8)", "}"].join("\n"),
    );
    // the brace-less if assigns t: kept, and its condition's m is a parameter
    expect(guarded[0]!.before).toEqual({ unsupported: "m is a parameter of g(...): its value comes from the caller" });
    const clean = findCxxCases(["void g(int m) {", "  auto t = make_shape(Int<4>{}, 8);", "  if (not evenly_divides(make_shape(m, m), t)) {", "    return;", "  }", "  print(t);  // (_4,8)", "}"].join("\n"));
    expect(clean[0]!.before).toEqual(["auto t = make_shape(Int<4>{}, 8);"]);
  });

  it("skip reasons: a function parameter, a template parameter, a loop", () => {
    expect(byName("print(p)").before).toEqual({ unsupported: "ptr is a parameter of host(...): its value comes from the caller" });
    expect(byName("print(Int<N>{})").before).toEqual({ unsupported: "N is a template parameter of host: it is known only where host is instantiated" });
    expect(byName("print(layout2)").before).toEqual({ unsupported: "the print is inside a for loop: cute-ts evaluates straight-line code, not loops" });
  });
});

describe("comparing", () => {
  it("whitespace within and around lines does not count; the tokens do", () => {
    expect(sameOutput("  ThrID:        _1:_0\n ValLayoutSrc: (_1,_8192):(_0,_1)", "  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_8192):(_0,_1)\n")).toBe(true);
    expect(sameOutput("(_4,8):(_1,_4)", "(_4,_8):(_1,_4)")).toBe(false);
    expect(sameOutput("a\nb", "a b")).toBe(false);
  });
  it("a leading name: label the author wrote is not compared unless it was printed", () => {
    expect(sameOutput("tma_atom_A:     Copy_Atom\n ThrID: _1:_0", "Copy_Atom\n  ThrID: _1:_0\n")).toBe(true);
    expect(sameOutput("mA:   (_4,8):(_1,_4)", "mA:\t(_4,8):(_1,_4)\n")).toBe(true);
    expect(comparable("sA: _8:_1", "_8:_2")).toEqual({ expected: "_8:_1", actual: "_8:_2", label: "sA" });
  });
  it("a comment line's text: slashes and one space off, a further // note off", () => {
    expect(commentText("   ThrID: _1:_0   // the thread")).toBe("  ThrID: _1:_0");
    expect(commentText("see https://example.com/x")).toBe("see https://example.com/x");
  });
  it("C string literals as print writes them", () => {
    expect(cString('"gA:\\t"')).toBe("gA:\t");
    expect(cString('"a" "b\\n"')).toBe("ab\n");
    expect(cString("x")).toBeUndefined();
  });
});

/** a C++ source holding CuTe's golden records as print-comment pairs: each record's C++ printed, CuTe's output below it */
function goldenSource(fn = "int main()"): { text: string; count: number; lambdas: number } {
  const out: string[] = ["#include <cute/tensor.hpp>", "using namespace cute;", "", `${fn} {`];
  let count = 0, lambdas = 0;
  for (const r of readGolden("../fixtures/golden/algebra.jsonl")) {
    if (!r.cxx || r.out === undefined || !r.out.trim()) continue;
    const tensor = r.cmd[0] === "print" && /tensor|local_tile|local_partition/.test(r.cxx);
    const printer = r.cmd[0] === "eval" ? "print" : tensor ? "print_tensor" : "print_layout";
    out.push(`  // ${r.id}`, `  ${printer}(${r.cxx});`, comment(r.out), "");
    count++;
    if (r.cxx.startsWith("[&]")) lambdas++; // an immediately invoked lambda: cute-ts reads no lambdas
  }
  for (const r of readGolden("../fixtures/golden/atoms.jsonl")) {
    // the records whose C++ is one print statement (after #define lines, which a source has at its top)
    const lines = (r.cxx ?? "").split("\n").filter((l) => !l.startsWith("#"));
    if (r.out === undefined || lines.length !== 1 || !/^print\(.*\);$/.test(lines[0]!)) continue;
    out.push(`  // ${r.id}`, `  ${lines[0]}`, comment(r.out), "");
    count++;
  }
  out.push("}", "");
  return { text: out.join("\n"), count, lambdas };
}

describe("check kernel.cu, against CuTe's goldens", () => {
  const { text, count, lambdas } = goldenSource();

  it("every golden record written as a print and its comment in main() passes: the program is run, its lambdas too", async () => {
    expect(count).toBeGreaterThan(2500);
    expect(lambdas).toBeGreaterThan(0);
    const f = scratchFile("goldens.cu", text);
    const r = await run(["check", f]);
    expect(r.stdout).toBe(`${count} passed, 0 failed\n`);
    expect(r.exit).toBe(0);
  }, 600_000);

  it("the same records in a function of a source without main() pass as pasted blocks (the lambdas through the run's interpreter)", async () => {
    const f = scratchFile("goldens-nomain.cu", goldenSource("void goldens()").text);
    const r = await run(["check", f]);
    expect(r.stdout).toBe(`${count} passed, 0 failed\n`);
    expect(r.exit).toBe(0);
  }, 600_000);

  it("drifted comments fail with a diff; --update writes CuTe's text back byte for byte, atomically, and lists them", async () => {
    const f = scratchFile("drift.cu", text);
    // drift three records: a changed stride, a removed line, a changed first line
    const lines = text.split("\n");
    const at = (id: string) => lines.indexOf(`  // ${id}`) + 2;
    const ids = ["alg-00003", "alg-00010"].filter((id) => lines.includes(`  // ${id}`));
    const atom = lines.findIndex((l) => /^ {2}print\(MMA_Atom</.test(l));
    lines[at(ids[0]!)] = lines[at(ids[0]!)]!.replace(/_1/, "_7");
    lines[at(ids[1]!)] = lines[at(ids[1]!)] + "0";
    lines.splice(atom + 3, 1);
    writeFileSync(f, lines.join("\n"));
    const bad = await run(["check", f]);
    expect(bad.exit).toBe(1);
    expect(bad.stdout.trimEnd().split("\n").at(-1)).toBe(`${count - 3} passed, 3 failed`);
    expect(bad.stdout).toContain(`--- ${f}:${at(ids[0]!)} (expected)`);
    const upd = await run(["check", f, "--update"]);
    expect(upd.exit).toBe(0);
    expect(upd.stdout.trimEnd().split("\n").at(-1)).toBe(`${count - 3} passed, 0 failed, 3 updated`);
    expect(upd.stdout).toMatch(new RegExp(`${f.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:${at(ids[0]!)}: print.*\\n  old: .*_7.*\\n  new: `));
    expect(readFileSync(f, "utf8")).toBe(text);
  }, 600_000);

  it("the JUnit report counts a skip as skipped with its reason, never as a failure", async () => {
    const f = scratchFile(
      "skips.cu",
      // no main(): each print is evaluated with the statements before it (a source with main() is run: test/check-run.test.ts)
      ["template <class T>", "void k(T t) {", "  print(t);  // 1", "  for (int i = 0; i < 2; ++i) { print(make_layout(Int<2>{})); }  // _2:_1", "}", "void host() {", "  print(make_layout(Int<8>{}));  // _8:_1", "}"].join("\n"),
    );
    const r = await run(["check", "--reporter", "junit", f]);
    expect(r.exit).toBe(0);
    const doc = (await parseJunit(r.stdout)) as { tests?: number; failures?: number; testsuite?: { skipped?: number; testcase?: { name?: string; skipped?: { message?: string }[] }[] }[] };
    expect([doc.tests, doc.failures, doc.testsuite![0]!.skipped]).toEqual([3, 0, 2]);
    expect(doc.testsuite![0]!.testcase!.map((c) => c.skipped?.[0]?.message)).toEqual([
      "t is a parameter of k(...): its value comes from the caller",
      "the print is inside a for loop: cute-ts evaluates straight-line code, not loops",
      undefined,
    ]);
  });

  it("a named source with no cases is refused unless --allow-empty; a directory's sources without cases are passed over", async () => {
    const f = scratchFile("none.cu", "int main() { return 0; }\n");
    expect((await run(["check", f])).exit).toBe(2);
    expect((await run(["check", f, "--allow-empty"])).stdout).toBe("0 passed, 0 failed\n");
    const dir = join(f, "..");
    writeFileSync(join(dir, "t.cute"), "$ cute-ts eval 'size((2,3))'\n6\n");
    writeFileSync(join(dir, "k.cuh"), "inline void g() { print(make_layout(Int<4>{}));  // _4:_1\n}\n");
    expect((await run(["check", dir])).stdout).toBe("2 passed, 0 failed\n");
  });
});

describe("the statement evaluator interface", () => {
  const io = () => {
    let out = "";
    const i: Io = { out: (s) => (out += s), err: () => {}, color: false };
    return { i, text: () => out };
  };
  const env: CommandEnv = { runNested: () => 0, vetNested: async () => {} };
  const src = ["void f() {", "  auto a = make_layout(Int<2>{});", "  auto b = 3;", '  print("a: "); print(a);  // a: _2:_1', "  print(b);  // 3", "  print(b);  // 4", "}"].join("\n");

  it("gets the needed statements then the line's prints; printed text is compared, unsupported skips, a refusal fails", async () => {
    const f = scratchFile("iface.cu", src);
    const seen: string[][] = [];
    const answers: BlockOutcome[] = [{ printed: "a: _2:_1" }, { unsupported: "cute-ts does not support X yet" }, { refused: "make_layout: CuTe rejects this" }];
    const o = io();
    const { results } = await checkFiles([{ path: f }], { update: false, allowEmpty: false, ci: false, reporter: "text", github: false, evaluator: async (st) => (seen.push([...st]), answers[seen.length - 1]!) }, o.i, env);
    expect(seen).toEqual([
      ["auto a = make_layout(Int<2>{});", 'print("a: ");', "print(a);"],
      ["auto b = 3;", "print(b);"],
      ["auto b = 3;", "print(b);"],
    ]);
    expect(results.map((r) => [r.line, r.status, r.reason ?? r.actual ?? ""])).toEqual([
      [4, "passed", ""],
      [5, "skipped", "cute-ts does not support X yet"],
      [6, "failed", "make_layout: CuTe rejects this"],
    ]);
  });

  it("a block evaluator plugs in: its printed text, its errors as CuTe's refusals or cute-ts's limits, any other error not swallowed", async () => {
    const seen: string[] = [];
    const ev = blockEvaluator((src) => {
      seen.push(src);
      if (src.includes("refuse")) throw new CuteError("make_layout", "Shape Divisibility Condition");
      if (src.includes("loop")) throw new ParseError(src, 0, "cute-ts does not read C++ loops (for, while, do) in a pasted block");
      if (src.includes("usage")) throw new UsageError("print_layout takes a layout");
      if (src.includes("limit")) throw Object.assign(new Error("cute-ts does not support tma_partition yet"), { name: "Unsupported" });
      if (src.includes("bug")) throw new TypeError("x is undefined");
      return { printed: src.includes("quiet") ? null : "_8:_1" };
    });
    expect(await ev(["auto a = make_layout(Int<8>{});", "print(a);"])).toEqual({ printed: "_8:_1" });
    expect(seen[0]).toBe("auto a = make_layout(Int<8>{});\nprint(a);");
    expect(await ev(["quiet;"])).toEqual({ printed: "" });
    expect(await ev(["refuse;"])).toEqual({ refused: "make_layout: Shape Divisibility Condition" });
    expect(await ev(["loop;"])).toEqual({ unsupported: "cute-ts does not read C++ loops (for, while, do) in a pasted block" });
    expect(await ev(["usage;"])).toEqual({ unsupported: "print_layout takes a layout" });
    expect(await ev(["limit;"])).toEqual({ unsupported: "cute-ts does not support tma_partition yet" });
    await expect(ev(["bug;"])).rejects.toThrow(TypeError);
  });

  it("--update leaves a refused case's comment alone", async () => {
    const f = scratchFile("keep.cu", src);
    const o = io();
    await checkFiles([{ path: f }], { update: true, allowEmpty: false, ci: false, reporter: "text", github: false, evaluator: async () => ({ refused: "CuTe rejects it" }) }, o.i, env);
    expect(readFileSync(f, "utf8")).toBe(src);
  });

  it("updateCxxComments rewrites a trailing comment and a block, keeps a label and unchanged lines with their notes", () => {
    const text = ["void f() {", "  print(x);   // x: _4:_1", "  print(t);", "  // TiledMMA", "  //   ThrID: _1:_0   // a note", "  //   old: 1", "}"].join("\n");
    const cases = findCxxCases(text);
    const next = updateCxxComments(text, cases, new Map([[0, "_8:_1"], [1, "TiledMMA\n  ThrID: _1:_0\n  new: 2\n  more:\t3\n"]]));
    expect(next).toBe(["void f() {", "  print(x);   // x: _8:_1", "  print(t);", "  // TiledMMA", "  //   ThrID: _1:_0   // a note", "  //   new: 2", "  //   more: 3", "}"].join("\n"));
    expect(findCxxCases(next).map((c) => c.expected)).toEqual(["x: _8:_1", "TiledMMA\n  ThrID: _1:_0\n  new: 2\n  more: 3"]);
  });
});
