/**
 * Composed layouts that nest (layout_composed.hpp, swizzle_layout.hpp, swizzle.hpp):
 * composition(A o k o B, X) is A o k o composition(B, X) whatever X is, so a composed layout
 * composed with a composed layout keeps a composed layout inside. Such layouts print with no
 * brackets, read back, apply to coordinates, slice, compose and invert as CuTe's do. A seeded
 * short differential run against the reference in test/diff (the long one is
 * `node test/diff/composed.mjs --n 20000`), cases worked by hand from the headers, and checks
 * against the same operation one level down.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";
import { evaluate } from "../src/eval/evaluate.js";
import { show } from "../src/print/print.js";
import { Int } from "../src/core/integer.js";
// @ts-expect-error plain ES module of the test harness
import { runComposedDiff } from "./diff/composed.mjs";

const ev = async (e: string) => {
  const r = await run(["eval", e]);
  return r.exit === 0 ? r.stdout.trim() : r.stderr.trim();
};
const NESTED = "Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8)";

describe("a composed layout composed with a composed layout", () => {
  it("is the outer A o k over the inner composition (CuTe's print of the issue's case)", async () => {
    expect(await ev("composition(Sw<2,0,3> o _0 o (_8,_8):(_8,_1),Sw<2,0,-3> o _0 o (_8,_8):(_8,_1))")).toBe(NESTED);
  });

  it("a seeded differential run against the reference agrees everywhere (2,000 pairs, seed 1)", async () => {
    const { counts, diffs } = await runComposedDiff({ n: 2000, seed: 1 });
    expect(diffs).toEqual([]);
    expect(counts.composed).toBeGreaterThan(500);
    expect(counts.nestedResults).toBeGreaterThan(200);
    expect(counts.bruteForce).toBeGreaterThan(300);
    expect(counts.sliced).toBeGreaterThan(300);
    expect(counts.inverted).toBeGreaterThan(500);
  });

  it("prints and reads back as printed, inner levels included", async () => {
    expect(await ev(NESTED)).toBe(NESTED);
    // an inner identity swizzle at _0 stays (CuTe prints it only when it was not reduced)
    const inner = "(_4,_2):(_0,_4) o _3 o Sw<0,0,2> o _0 o (_4,_2,_8):(_16,_8,_1)";
    expect(await ev(inner)).toBe(inner);
    // a mixed-bits offset may stand at any level
    const mixed = "Sw<2,2,2> o M_0|(4&4)=4 o Sw<1,0,2> o _0 o (_64):(_8)";
    expect(await ev(mixed)).toBe(mixed);
    // and a tensor over one
    expect(await ev(`make_tensor(counting_iter(0),${NESTED})`)).toBe(`counting_iter(0) o ${NESTED}`);
  });

  it("applies level by level: A(k + A'(k' + B(c))), here a swizzle twice, which is B (brute force over all 64 coordinates)", () => {
    const x = "composition(Sw<2,0,3>,_0,composition(Sw<2,0,3>,_0,(_8,_8):(_1,_8)))";
    expect(show(evaluate(x))).toBe(NESTED);
    for (let m = 0; m < 8; m++) {
      for (let n = 0; n < 8; n++) {
        // Sw<2,0,3> is an involution: twice is the identity, so the value is the layout's, m + 8n
        expect((evaluate(`${x}(${m},${n})`) as Int).v).toBe(m + 8 * n);
        // and with an offset between: Sw(5 + Sw(L(m,n)))
        const sw = (v: number) => v ^ ((v & 0b11000) >> 3);
        expect((evaluate(`composition(Sw<2,0,3>,_5,composition(Sw<2,0,3>,_0,(_8,_8):(_1,_8)))(${m},${n})`) as Int).v).toBe(sw(5 + sw(m + 8 * n)));
      }
    }
  });

  it("has the inner layout's shape, size and rank", async () => {
    expect(await ev(`shape(${NESTED})`)).toBe("(_8,_8)");
    expect(await ev(`size(${NESTED})`)).toBe("_64");
    expect(await ev(`rank(${NESTED})`)).toBe("_2");
    expect(await ev(`cosize(${NESTED})`)).toBe("_64");
  });

  it("takes layout_composed.hpp's operations at the innermost layout", async () => {
    for (const op of ["logical_divide(X,_4)", "coalesce(X)", "layout<1>(X)", "flatten(X)", "zipped_divide(X,(_2,_4))", "tile_to_shape(X,(_16,_16))", "upcast<2>(X)"]) {
      const outer = await ev(op.replace("X", NESTED));
      const inner = await ev(op.replace("X", "Sw<2,0,3> o _0 o (_8,_8):(_1,_8)"));
      // A o k o op(B) where B is itself composed: the outer level is kept as is (upcast recasts it too)
      if (op.startsWith("upcast")) expect(outer).toBe(`Sw<1,0,3> o _0 o ${inner}`);
      else expect(outer).toBe(`Sw<2,0,3> o _0 o ${inner}`);
    }
  });
});

describe("slicing a nested composed layout", () => {
  it("a layout outer function slices the inner composed layout and adds its offset (slice_and_offset's generic overload)", async () => {
    // the golden alg-00658: this slice of the swizzled layout is ((_4,_2)):((_7,_36)) at offset 3
    expect(await ev("make_tensor(counting_iter(0),Sw<3,0,3> o _0 o (_8,_8):(_8,_1))(_,_3)")).toBe("counting_iter(3) o ((_4,_2)):((_7,_36))");
    // ComposedLayout{A, k + offset, slice}: _3 + _3, static as the coordinate is
    expect(await ev("composition(_64:_2,_3,composition(Sw<3,0,3>,(_8,_8):(_8,_1)))(_,_3)")).toBe("_64:_2 o _6 o ((_4,_2)):((_7,_36))");
  });
  it("a swizzle over a composed layout slices with _ only: its decay dices B, and dice takes no composed layout", async () => {
    expect(await ev(`composition(Sw<2,0,3>,_0,Sw<2,0,3> o _0 o (_8,_8):(_1,_8))(_,_)`)).toBe(NESTED);
    expect(await ev(`composition(Sw<2,0,3>,_0,Sw<2,0,3> o _0 o (_8,_8):(_1,_8))(_,5)`)).toMatch(/CuTe rejects slice: no matching overload.*dice/);
  });
});

describe("inverses of nested composed layouts", () => {
  // Sw o _0 o B inverts to composition(right_inverse(B), Sw); B = Sw o _0 o L inverts to
  // composition(right_inverse(L), Sw) = Sw o _0 o _64:_1 (L(yyy) = yyy, L(zzz) = zzz for L = _64:_1),
  // and composing that with Sw keeps Sw o _0 outside: Sw o _0 o Sw o _0 o _64:_1
  it("a swizzle at offset 0 passes to the left, one level at a time", async () => {
    expect(await ev(`right_inverse(${NESTED})`)).toBe("Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o _64:_1");
  });
  // at offset _4: composition(right_inverse(B), -_4, Sw), over a swizzle
  it("otherwise composition(inverse(B), -offset, inverse(A)), which may end in a swizzle and still reads back", async () => {
    const inv = "Sw<2,0,3> o _0 o _64:_1 o _-4 o Sw<2,0,3>";
    expect(await ev("right_inverse(composition(Sw<2,0,3>,_4,Sw<2,0,3> o _0 o (_8,_8):(_1,_8)))")).toBe(inv);
    expect(await ev(inv)).toBe(inv);
    // and the inverse of that, by the generic overload: Sw o _4 o right_inverse(Sw o _0 o _64:_1)
    expect(await ev(`right_inverse(${inv})`)).toBe("Sw<2,0,3> o _4 o Sw<2,0,3> o _0 o _64:_1");
  });
  it("a layout outer function inverts by layout_composed.hpp's overload", async () => {
    // composition(right_inverse(_4:_2), -_1, right_inverse(_8:_1)): _4:_2 has no stride 1, so its
    // right inverse is _1:_0; its left inverse takes stride 2 as shape 2/1 over _0, then the shape _4
    expect(await ev("right_inverse(composition(_8:_1,_1,_4:_2))")).toBe("_1:_0 o _-1 o _8:_1");
    expect(await ev("left_inverse(composition(_8:_1,_1,_4:_2))")).toBe("(_2,_4):(_0,_1) o _-1 o _8:_1");
  });
});

describe("composition(Swizzle, Swizzle) (swizzle.hpp)", () => {
  it("merges two swizzles of one shift through their XORed masks", async () => {
    // Y = 0b11000 ^ 0b100000 = 56, Z = 0b11 ^ 0b100 = 7: make_swizzle<56,7> = Sw<3,0,3>
    expect(await ev("composition(Sw<2,0,3>,Sw<1,2,3>)")).toBe("Sw<3,0,3>");
    // a swizzle with itself has no bits left
    expect(await ev("composition(Sw<2,0,3>,Sw<2,0,3>)")).toBe("Sw<0,0,0>");
    expect(await ev("composition(Sw<2,0,3>,Sw<1,2,2>)")).toMatch(/Can only merge swizzles of the same shift\./);
  });
});
