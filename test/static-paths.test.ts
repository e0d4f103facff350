/**
 * The algebra's static paths (plain numbers for all-static layouts) against the checked paths
 * on CuTe's integers they stand in for: the same layout, static marks and all, or the same refusal.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { S, D, Int } from "../src/core/integer.js";
import { ScaledBasis } from "../src/core/basis.js";
import { Layout, cosize, size } from "../src/core/layout.js";
import * as I from "../src/core/integer.js";
import * as A from "../src/core/layout/algebra.js";
import { staticSizeTimesCosize } from "../src/core/layout/products.js";
import type { IntTuple, Stride } from "../src/core/int-tuple.js";
import { show } from "../src/print/print.js";
import type { Value } from "../src/core/value.js";

const leaf = fc.record({
  s: fc.oneof({ weight: 10, arbitrary: fc.constantFrom(1, 2, 3, 4, 8) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 0 }) }),
  d: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(0, 1, 2, 4, 8, 16, 32, 64, 3, 6, 12) }, { weight: 1, arbitrary: fc.integer({ min: -16, max: 16 }) }),
  dyn: fc.oneof({ weight: 12, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});
/** static layouts of rank 1..3, modes leaves or pairs of leaves (rarely a dynamic integer, which the static paths leave alone) */
const layoutArb: fc.Arbitrary<Layout> = fc
  .array(fc.oneof(leaf.map((x) => [x]), fc.array(leaf, { minLength: 1, maxLength: 2 })), { minLength: 0, maxLength: 3 })
  .chain((modes) =>
    fc.boolean().map((flat) => {
      const mk = (x: { s: number; dyn: boolean }, v: number) => (x.dyn ? D(v) : S(v));
      const sh = modes.map((m) => (m.length === 1 ? mk(m[0]!, m[0]!.s) : m.map((x) => mk(x, x.s)))) as IntTuple[];
      const st = modes.map((m) => (m.length === 1 ? S(m[0]!.d) : m.map((x) => S(x.d)))) as Stride[];
      return modes.length === 1 && flat ? new Layout(sh[0]!, st[0]!) : new Layout(sh, st);
    }),
  );
const outcome = (f: () => Layout) => {
  try {
    return show(f() as unknown as Value);
  } catch (e) {
    return { error: (e as Error).message };
  }
};

describe("complement on numbers", () => {
  it("equals the checked complement: layouts, static marks, refusals; with and without a cotarget", () => {
    fc.assert(
      fc.property(layoutArb, fc.option(fc.oneof(fc.integer({ min: 0, max: 600 }).map(S), fc.integer({ min: 1, max: 600 }).map(D)), { nil: undefined }), (l, cot) => {
        expect(outcome(() => A.complement(l, cot as Int | undefined))).toEqual(outcome(() => A.complementChecked(l, cot as Int | undefined)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("right_inverse on numbers", () => {
  it("equals the checked right_inverse", () => {
    fc.assert(
      fc.property(layoutArb, (l) => {
        expect(outcome(() => A.right_inverse(l))).toEqual(outcome(() => A.rightInverseChecked(l)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("composition on numbers", () => {
  it("equals the checked composition, by layout and by tuples of layouts", () => {
    fc.assert(
      fc.property(layoutArb, layoutArb, (a, b) => {
        expect(outcome(() => A.composition(a, b))).toEqual(outcome(() => A.compositionChecked(a, b)));
        if (Array.isArray(b.shape) && Array.isArray(a.shape) && b.shape.length <= a.shape.length) {
          const tiler = (b.shape as IntTuple[]).map((s, i) => new Layout(s, (b.stride as Stride[])[i]!));
          expect(outcome(() => A.composition(a, tiler))).toEqual(outcome(() => A.compositionChecked(a, tiler)));
        }
      }),
      { numRuns: 8000 },
    );
  });
  it("on the power-of-two layouts where CuTe's divisibility conditions hold, most go the static way and agree", () => {
    const pow = fc.array(fc.record({ s: fc.constantFrom(1, 2, 4, 8), d: fc.constantFrom(0, 1, 2, 4, 8, 16, 32) }), { minLength: 1, maxLength: 3 }).map((ms) => new Layout(ms.map((m) => S(m.s)), ms.map((m) => S(m.d))));
    let ok = 0;
    fc.assert(
      fc.property(pow, pow, (a, b) => {
        const r = outcome(() => A.composition(a, b));
        expect(r).toEqual(outcome(() => A.compositionChecked(a, b)));
        if (typeof r === "string") ok++;
      }),
      { numRuns: 3000 },
    );
    expect(ok).toBeGreaterThan(1000);
  });
});

describe("logical_product's cotarget on numbers", () => {
  it("staticSizeTimesCosize(block, tiler) is size(block) * cosize(tiler) as CuTe's integers make it (a static integer), or undefined", () => {
    let taken = 0;
    fc.assert(
      fc.property(layoutArb, layoutArb, (block, tiler) => {
        const n = staticSizeTimesCosize(block, tiler);
        if (n === undefined) return;
        taken++;
        const checked = I.mul(size(block), cosize(tiler));
        expect(checked.s).toBe(true);
        expect(n).toBe(checked.v);
      }),
      { numRuns: 5000 },
    );
    expect(taken).toBeGreaterThan(2000);
  });
});

describe("the static paths' edges", () => {
  // a basis stride (no boolean `s`), integers past the table of small static integers, a dynamic
  // extent: each goes where the checked path would, with the same answer or refusal
  const cases: Layout[] = [
    new Layout([S(4), S(8)], [new ScaledBasis(S(1), [0]), S(4)]),
    new Layout([S(2048), S(4)], [S(1), S(2048)]),
    new Layout([S(4), S(3000)], [S(3000), S(1)]),
    new Layout([S(4), D(8)], [S(8), S(1)]),
    new Layout([[S(2), S(1500)], S(2)], [[S(1), S(2)], S(3000)]),
    new Layout(S(1100), S(1)),
  ];
  it.each(cases.map((l) => [show(l as unknown as Value), l] as const))("right_inverse and complement of %s", (_name, l) => {
    expect(outcome(() => A.right_inverse(l))).toEqual(outcome(() => A.rightInverseChecked(l)));
    expect(outcome(() => A.complement(l))).toEqual(outcome(() => A.complementChecked(l)));
    expect(outcome(() => A.complement(l, S(50000)))).toEqual(outcome(() => A.complementChecked(l, S(50000))));
  });
  it("a result past the table is still CuTe's static integer", () => {
    expect(show(A.right_inverse(new Layout([S(4), S(2048)], [S(2048), S(1)])) as unknown as Value)).toBe("(_2048,_4):(_4,_1)");
    expect(show(A.complement(new Layout(S(4), S(1)), S(8192)) as unknown as Value)).toBe("_2048:_4");
  });
});
