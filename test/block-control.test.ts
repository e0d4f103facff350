/**
 * Control flow in a pasted block (src/eval/block.ts, src/notation/parse.ts): { }, if/else,
 * for, while, break/continue, integer changes, and CuTe's host answers of thread0() and friends.
 * Expected outputs are computed here from the layouts' own formulas, not taken from cute-ts.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ok, refused, run } from "./helpers.js";

const evalBlock = (src: string) => ok(["eval", src]);

describe("loops print what C++ prints", () => {
  it("CuTe's print2D idiom: layout(m,n) row by row", async () => {
    const src = `auto layout = make_layout(make_shape(Int<2>{}, Int<3>{}), make_stride(3, 1));
for (int m = 0; m < size<0>(layout); ++m) {
  for (int n = 0; n < size<1>(layout); ++n) {
    printf("%3d ", layout(m,n));
  }
  printf("\\n");
}`;
    const rows = [0, 1].map((m) => [0, 1, 2].map((n) => String(3 * m + n).padStart(3) + " ").join("") + "\n");
    expect(await evalBlock(src)).toBe(rows.join(""));
  });
  it("a 1-D walk over a column-major layout, with continue and break", async () => {
    // (2,3):(3,1) at i is 3*(i%2) + floor(i/2); skip i == 3, stop after i == 5
    const src = `auto L = make_layout(make_shape(2, 3), make_stride(3, 1));
int s = 0;
for (int i = 0; i < size(L); i++) { if (i == 3) continue; s += L(i); if (i > 4) break; }
print(s);`;
    let s = 0;
    for (let i = 0; i < 6; i++) {
      if (i === 3) continue;
      s += 3 * (i % 2) + Math.floor(i / 2);
      if (i > 4) break;
    }
    expect(await evalBlock(src)).toBe(String(s));
  });
  it("do-while: the body runs before the first test; continue goes to the test, break leaves", async () => {
    // once though the condition is false; then 1..n with 2 skipped and a stop at 4, as C++ runs it
    const src = `int i = 7;
do { print(i); printf(" "); } while (i < 5);
int n = 0;
do { ++n; if (n == 2) continue; if (n == 4) break; print(n); printf(" "); } while (n < 10);
do n -= 1; while (n > 0);
print(n);`;
    const seen: number[] = [];
    let n = 0;
    do {
      ++n;
      if (n === 2) continue;
      if (n === 4) break;
      seen.push(n);
    } while (n < 10);
    expect(await evalBlock(src)).toBe(`7 ${seen.map((x) => `${x} `).join("")}0`);
  });
  it("typedef T X; names the type as using X = T; does", async () => {
    const src = "typedef Layout<Shape<_4,_2>, Stride<_2,_1>> L;\nusing M = Layout<Shape<_4,_2>, Stride<_2,_1>>;\nprint(L{}); printf(\" \"); print(M{});";
    expect(await evalBlock(src)).toBe("(_4,_2):(_2,_1) (_4,_2):(_2,_1)");
  });
  it("while, -- and compound assignments", async () => {
    expect(await evalBlock("int k = 10;\nwhile (k > 7) --k;\nk *= 3; k -= 1; k /= 2; k %= 7;\nprint(k);")).toBe(String(Math.trunc((7 * 3 - 1) / 2) % 7));
  });
  it("any loop bounds: the body runs n times for n in 0..40", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 5 }), async (n, step) => {
        const out = await evalBlock(`int c = 0;\nfor (int i = 0; i < ${n}; i += ${step}) { ++c; }\nprint(c);`);
        expect(out).toBe(String(Math.ceil(n / step)));
      }),
      { numRuns: 25 },
    );
  });
  it("the loop variable is the loop's: an outer name of the same spelling is untouched", async () => {
    expect(await evalBlock("int i = 42;\nfor (int i = 0; i < 3; ++i) { print(i); }\nprint(\" \"); print(i);")).toBe("012 42");
  });
});

describe("operator[] on tensors", () => {
  it("t[i] and t[make_coord(m, n)] read the element the layout maps to, as t(...) does", async () => {
    // (2,3):(1,2) over counting_iter(0): t[i] = i, t(m,n) = m + 2n
    const src = "auto t = make_tensor(counting_iter(0), make_shape(2, 3));\nfor (int i = 0; i < size(t); ++i) { print(t[i]); print(\" \"); }\nprint(t[make_coord(1, 2)]);";
    expect(await evalBlock(src)).toBe("0 1 2 3 4 5 " + String(1 + 2 * 2));
  });
  it("a slice or a layout is refused: operator[] is a tensor's, one coordinate", async () => {
    expect(await refused(["eval", "auto t = make_tensor(counting_iter(0), make_shape(2, 3));\nprint(t[make_coord(_, 1)]);"])).toMatch(/takes a coordinate, not a slice/);
    expect(await refused(["eval", "auto L = make_layout(4);\nprint(L[1]);"])).toMatch(/reads a tensor's element/);
  });
});

describe("if, else and scopes", () => {
  it("if (thread0()) runs its body; block0(), thread(t), thread(t,b), block(b) are true on the host", async () => {
    expect(await evalBlock('if (thread0()) { print("a"); }\nif (block0()) print("b");\nif (thread(37)) print("c");\nif (thread(1, 2)) print("d");\nif (block(3)) print("e");')).toBe("abcde");
  });
  it("true and false: run-time bools, printed as 1 and 0", async () => {
    expect(await evalBlock('print(true); print(false);\nif (true) print(" y");\nbool b = false;\nif (!b) print(" n");')).toBe("10 y n");
  });
  it("else, and if constexpr on a static comparison", async () => {
    const src = `auto L = make_layout(make_shape(Int<4>{}, Int<8>{}));
if constexpr (size(L) == Int<32>{}) { print("32"); } else { print("other"); }
if (rank(L) != 2) print("x"); else if (cosize(L) > 16) print(" big"); else print(" small");`;
    expect(await evalBlock(src)).toBe("32 big");
  });
  it("'<' after a variable compares only where the variable is in scope: size<0>(...) after a block that declared size", async () => {
    expect(await evalBlock("{ int size = 3; print(size); }\nfor (int i = 0; i < 2; ++i) print(i);\nprint(size<0>(make_shape(2, 3)));")).toBe("3012");
  });
  it("a compound statement's names end with it; an assignment inside changes the outer variable", async () => {
    expect(await evalBlock("int k = 7;\nint j = 1;\n{ int k = 99; j = k + 1; print(k); }\nprint(\" \"); print(k); print(\" \"); print(j);")).toBe("99 7 100");
  });
});

describe("refusals", () => {
  it("a loop that would run past the bound is stopped, with the bound named", async () => {
    const r = await run(["eval", "int i = 0;\nwhile (1) { ++i; }"]);
    expect(r.exit).not.toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/more than 65536 times/);
  });
  it("a condition that is not an integer", async () => {
    expect(await refused(["eval", "auto L = make_layout(8);\nif (L) print(L);"])).toMatch(/the condition of 'if' is .*integer and bool conditions/);
  });
  it("continue outside a loop, and statements nested past the bound", async () => {
    expect(await refused(["eval", "auto x = 1;\ncontinue;"])).toMatch(/'continue' statement not in loop statement/);
    expect(await refused(["eval", "auto x = 1;\n" + "{".repeat(200) + "}".repeat(200)])).toMatch(/nested deeper than 100 levels/);
  });
  it("a change of a variable that is not an integer, or of a static one", async () => {
    expect(await refused(["eval", "auto L = make_layout(8);\n++L;"])).toMatch(/does not support operator\+ on a layout and an integer/);
    expect(await refused(["eval", "auto k = Int<4>{};\nk += 1;"])).toMatch(/Int<4>: it holds 4 only/);
  });
  it("device calls in a loop's body are still refused", async () => {
    expect(await refused(["eval", "auto L = make_layout(8);\nfor (int k = 0; k < 2; ++k) { gemm(L, L); }"])).toMatch(/gemm\(\.\.\.\) is a device operation/);
  });
});
