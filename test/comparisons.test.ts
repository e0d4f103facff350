/**
 * lex_less / colex_less / elem_less and their <=, >, >= (int_tuple.hpp), through the registry
 * as users call them. Values are checked against plain comparisons of the same numbers;
 * static-ness against CuTe's rules (static operands give a static bool; a static false under
 * `&&` or a static true under `||` decides whatever the other side is).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Int } from "../src/core/integer.js";
import { evaluate } from "../src/eval/evaluate.js";
import { CuteError } from "../src/core/errors.js";

const flatPair = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => fc.tuple(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: n, maxLength: n }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }), fc.boolean()));

const text = (xs: number[], st: boolean): string => `(${xs.map((x) => (st ? `_${x}` : `${x}`)).join(",")})`;
const run = (f: string, a: string, b: string): Int => evaluate(`${f}(${a},${b})`) as Int;

/** the orders on plain arrays of numbers, as their definitions say */
function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; ; i++) {
    if (i === b.length) return false;
    if (i === a.length) return true;
    if (a[i]! !== b[i]!) return a[i]! < b[i]!;
  }
}
const colexLess = (a: number[], b: number[]): boolean => lexLess([...a].reverse(), [...b].reverse());
const elemLess = (a: number[], b: number[]): boolean => a.length <= b.length && a.every((x, i) => x < b[i]!);

describe("tuple comparisons", () => {
  it("agree in value with the orders' definitions on flat tuples, and derive <=, >, >= from less", () => {
    fc.assert(
      fc.property(flatPair, ([a, b, st]) => {
        const A = text(a, st), B = text(b, st);
        const cases: [string, boolean][] = [
          ["lex_less", lexLess(a, b)],
          ["lex_leq", !lexLess(b, a)],
          ["lex_gtr", lexLess(b, a)],
          ["lex_geq", !lexLess(a, b)],
          ["colex_less", colexLess(a, b)],
          ["colex_leq", !colexLess(b, a)],
          ["elem_less", elemLess(a, b)],
          ["elem_leq", !elemLess(b, a)],
          ["elem_gtr", elemLess(b, a)],
          ["elem_geq", !elemLess(a, b)],
        ];
        for (const [f, want] of cases) {
          const r = run(f, A, B);
          expect(r.v, `${f}(${A},${B})`).toBe(want ? 1 : 0);
          if (st) expect(r.s, `${f}(${A},${B}) of static operands is static`).toBe(true);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it("a rank difference is decided statically where CuTe's terminal cases are types", () => {
    // elem_less: b runs out before a does -> false_type, which && makes the whole answer
    expect(run("elem_less", "(1,2,3)", "(5,6)")).toEqual(new Int(0, true));
    // a runs out first -> true_type; the answer is then the dynamic comparisons'
    expect(run("elem_less", "(1,2)", "(5,6,7)")).toEqual(new Int(1, false));
    // a static false mode decides elem_less even beside dynamic ones
    expect(run("elem_less", "(1,_4)", "(5,_2)")).toEqual(new Int(0, true));
  });

  it("nests: modes compare recursively", () => {
    expect(run("elem_less", "(1,(2,3))", "(2,(3,4))").v).toBe(1);
    expect(run("elem_less", "(1,(2,3))", "(2,(3,3))").v).toBe(0);
    expect(run("lex_less", "((1,2),3)", "((1,3),0)").v).toBe(1);
  });

  it("refuses a tuple against an integer, as operator< has no such overload", () => {
    expect(() => evaluate("lex_less((1,2),3)")).toThrow(CuteError);
    expect(() => evaluate("elem_less(1,(2,3))")).toThrow(CuteError);
  });
});
