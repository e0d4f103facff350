/**
 * The differential test of the algebra's two faces: the number fast paths (src/core/layout/fast.ts,
 * plain numbers for all-static layouts) against the CuTe-shaped functions on CuTe's integers they
 * stand in for (src/core/layout/algebra.ts): the same layout, static marks and all, or the same
 * refusal; and a call made while another runs (re-entrance) answers as alone.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { S, D, Int } from "../src/core/integer.js";
import { ScaledBasis } from "../src/core/basis.js";
import { Layout, cosize, size } from "../src/core/layout.js";
import * as I from "../src/core/integer.js";
import * as A from "../src/core/layout/algebra.js";
import * as F from "../src/core/layout/fast.js";
import { staticSizeTimesCosize } from "../src/core/layout/fast.js";
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

describe("each fast path against the CuTe-shaped function, where the fast path answers", () => {
  it("compositionFast, complementFast and rightInverseFast answer as compositionChecked, complementChecked and rightInverseChecked, and answer most static layouts", () => {
    const answered = [0, 0, 0];
    let runs = 0;
    fc.assert(
      fc.property(layoutArb, layoutArb, (a, b) => {
        runs++;
        const c = F.compositionFast(a, b), k = F.complementFast(a, undefined), r = F.rightInverseFast(a);
        if (c !== undefined) expect(show(c as unknown as Value)).toEqual(outcome(() => A.compositionChecked(a, b)));
        if (k !== undefined) expect(show(k as unknown as Value)).toEqual(outcome(() => A.complementChecked(a)));
        if (r !== undefined) expect(show(r as unknown as Value)).toEqual(outcome(() => A.rightInverseChecked(a)));
        [c, k, r].forEach((x, i) => (answered[i]! += x === undefined ? 0 : 1));
      }),
      { numRuns: 4000 },
    );
    console.log(answered, runs);
    for (const n of answered) expect(n).toBeGreaterThan(runs / 4);
  });
});

/**
 * An integer that runs `during` the first time its value is read: put in a layout, it makes a call
 * of the algebra while another is halfway through reading that layout (a static integer to every
 * check the fast paths make)
 */
function trapped(x: Int, during: () => void): Int {
  let fired = false;
  const t = Object.create(Int.prototype) as Int;
  Object.defineProperty(t, "s", { value: x.s });
  Object.defineProperty(t, "v", {
    get() {
      if (!fired) {
        fired = true;
        during();
      }
      return x.v;
    },
  });
  return t;
}
/** the layout with its last leaf of shape made `trapped` (undefined for a layout without leaves) */
function withTrap(l: Layout, during: () => void): Layout | undefined {
  const sh = l.shape;
  if (!Array.isArray(sh)) return new Layout(trapped(sh, during), l.stride);
  const last = sh[sh.length - 1];
  if (last === undefined || Array.isArray(last)) return undefined;
  return new Layout([...sh.slice(0, -1), trapped(last, during)], l.stride);
}

describe("re-entrance: a call made during another answers as alone", () => {
  const three = [
    ["composition", (a: Layout, b: Layout) => A.composition(a, b)],
    ["complement", (a: Layout) => A.complement(a)],
    ["right_inverse", (a: Layout) => A.right_inverse(a)],
  ] as const;
  it.each(three)("%s with a composition, a complement and a right_inverse made while it reads its layout", (_name, outer) => {
    // layouts of several modes after coalescing (the paths' longest work: sorting and folding several runs)
    const a = new Layout([S(4), S(2), S(8)], [S(2), S(32), S(64)]);
    const b = new Layout([S(2), S(4)], [S(4), S(1)]);
    const c = new Layout([S(2), S(4), S(2)], [S(8), S(1), S(64)]);
    const d = new Layout([S(2), S(2)], [S(2), S(1)]);
    const alone = outcome(() => outer(a, b));
    const inner: unknown[] = [];
    const trappedA = withTrap(a, () => inner.push(outcome(() => A.composition(c, d)), outcome(() => A.complement(c)), outcome(() => A.right_inverse(c))))!;
    expect(outcome(() => outer(trappedA, b))).toEqual(alone);
    expect(inner).toEqual([outcome(() => A.compositionChecked(c, d)), outcome(() => A.complementChecked(c)), outcome(() => A.rightInverseChecked(c))]);
  });
  it("on random layouts: the outer and the inner call each answer as the CuTe-shaped function does", () => {
    let fired = 0;
    fc.assert(
      fc.property(layoutArb, layoutArb, layoutArb, layoutArb, (a, b, c, d) => {
        let inner: unknown[] = [];
        const during = () => (inner = [outcome(() => A.composition(c, d)), outcome(() => A.complement(c)), outcome(() => A.right_inverse(c))]);
        const ta = withTrap(a, during);
        if (ta === undefined) return;
        const want = [outcome(() => A.compositionChecked(c, d)), outcome(() => A.complementChecked(c)), outcome(() => A.rightInverseChecked(c))];
        // (an outer call that never reads the trapped extent makes no inner call)
        const check = () => {
          if (inner.length > 0) fired++;
          else return;
          expect(inner).toEqual(want);
          inner = [];
        };
        expect(outcome(() => A.composition(ta, b))).toEqual(outcome(() => A.compositionChecked(a, b)));
        check();
        expect(outcome(() => A.complement(withTrap(a, during)!))).toEqual(outcome(() => A.complementChecked(a)));
        check();
        expect(outcome(() => A.right_inverse(withTrap(a, during)!))).toEqual(outcome(() => A.rightInverseChecked(a)));
        check();
      }),
      { numRuns: 1500 },
    );
    expect(fired).toBeGreaterThan(2000);
  });
});

/**
 * Layouts as kernels make them, where the paths' coalescing-as-they-read matters: rank 1 to 5,
 * the strides the compact ones of some order of the modes (runs that coalesce, in any order),
 * sometimes with a gap after a mode, sometimes a mode's stride 0 or its extent 1
 */
const compactArb: fc.Arbitrary<Layout> = fc
  .array(fc.record({ s: fc.constantFrom(1, 2, 2, 3, 4, 4, 8, 16), gap: fc.constantFrom(1, 1, 1, 2, 3), zero: fc.constantFrom(false, false, false, false, true) }), { minLength: 1, maxLength: 5 })
  .chain((modes) =>
    fc.shuffledSubarray(modes.map((_, i) => i), { minLength: modes.length, maxLength: modes.length }).map((order) => {
      const stride: number[] = new Array(modes.length);
      let cur = 1;
      for (const i of order) {
        stride[i] = modes[i]!.zero ? 0 : cur;
        cur *= modes[i]!.s * modes[i]!.gap;
      }
      return new Layout(modes.map((m) => S(m.s)), stride.map((d) => S(d)));
    }),
  );

describe("each fast path on layouts whose modes coalesce in any order", () => {
  it("complement (with and without a cotarget), right_inverse, and composition both ways answer as the CuTe-shaped functions", () => {
    const answered = [0, 0, 0];
    fc.assert(
      fc.property(compactArb, compactArb, fc.option(fc.integer({ min: 1, max: 4096 }).map(S), { nil: undefined }), (a, b, cot) => {
        expect(outcome(() => A.complement(a, cot))).toEqual(outcome(() => A.complementChecked(a, cot)));
        expect(outcome(() => A.right_inverse(a))).toEqual(outcome(() => A.rightInverseChecked(a)));
        expect(outcome(() => A.composition(a, b))).toEqual(outcome(() => A.compositionChecked(a, b)));
        expect(outcome(() => A.composition(b, a))).toEqual(outcome(() => A.compositionChecked(b, a)));
        [F.complementFast(a, cot), F.rightInverseFast(a), F.compositionFast(a, b)].forEach((x, i) => (answered[i]! += x === undefined ? 0 : 1));
      }),
      { numRuns: 4000 },
    );
    // the fast paths answer most of these (else this test would test the CuTe-shaped functions against themselves)
    for (const n of answered) expect(n).toBeGreaterThan(2000);
  });
});

describe("the fast paths share no state between calls", () => {
  it("src/core/layout/fast.ts declares no module-level variable and no module-level array it could write", async () => {
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(new URL("../src/core/layout/fast.ts", import.meta.url), "utf8");
    const topLevel = text.split("\n").filter((l) => /^(?:export )?(?:let|var) /.test(l) || /^(?:export )?const \w+(?:: [^=]*)? = \[/.test(l) || /^(?:export )?const \w+: (?!readonly)[^=]*\[\]/.test(l));
    expect(topLevel).toEqual([]);
    expect(text).toContain("Object.freeze(");
  });
});
