/**
 * Property tests of the algebra against brute-force evaluation on random static layouts.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { S, D, Int } from "../src/core/integer.js";
import { CuteError } from "../src/core/errors.js";
import * as T from "../src/core/int-tuple.js";
import * as L from "../src/core/layout.js";
import { Layout } from "../src/core/layout.js";
import * as C from "../src/core/composed.js";
import { evaluate } from "../src/eval/evaluate.js";
import { show as showValue } from "../src/print/print.js";
import { ComposedLayout, Swizzle, SwizzleInnerComposed } from "../src/core/swizzle.js";

const mode = fc.record({ s: fc.integer({ min: 1, max: 6 }), d: fc.integer({ min: 0, max: 24 }) });
const layoutArb = fc.array(mode, { minLength: 1, maxLength: 3 }).map(
  (ms) => new Layout(ms.map((m) => S(m.s)), ms.map((m) => S(m.d))),
);
/** compact-ish layouts: a permutation of column-major strides, so they are injective */
const injectiveArb = fc
  .array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 })
  .chain((shape) =>
    fc.shuffledSubarray(shape.map((_s, i) => i), { minLength: shape.length, maxLength: shape.length }).map((perm) => {
      const strides: number[] = new Array(shape.length);
      let cur = 1;
      for (const i of perm) {
        strides[i] = cur;
        cur *= shape[i]!;
      }
      return new Layout(shape.map(S), strides.map(S));
    }),
  );

/** power-of-two shapes and strides: the regime where composition's divisibility conditions hold */
const pow2 = fc.constantFrom(1, 2, 4, 8);
const pow2Layout = fc
  .array(fc.record({ s: pow2, d: fc.constantFrom(0, 1, 2, 4, 8, 16) }), { minLength: 1, maxLength: 3 })
  .map((ms) => new Layout(ms.map((m) => S(m.s)), ms.map((m) => S(m.d))));

/** B injective with power-of-two modes (composition distributes over B's modes) */
const injectivePow2 = fc
  .array(pow2, { minLength: 1, maxLength: 3 })
  .chain((shape) =>
    fc.tuple(fc.shuffledSubarray(shape.map((_s, i) => i), { minLength: shape.length, maxLength: shape.length }), fc.constantFrom(1, 2, 4)).map(([perm, gap]) => {
      const strides: number[] = new Array(shape.length);
      let cur = gap;
      for (const i of perm) {
        strides[i] = cur;
        cur *= shape[i]!;
      }
      return new Layout(shape.map(S), strides.map(S));
    }),
  );

function at(l: Layout, i: number): number {
  const v = L.crd2idx(D(i), l);
  if (!(v instanceof Int)) throw new Error("not an integer layout");
  return v.v;
}
const sz = (l: Layout) => L.size(l).v;

/** run f; skip the case when CuTe itself would refuse the operands */
function refusable<R>(f: () => R): R | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof CuteError) return undefined;
    throw e;
  }
}

describe("layout algebra properties (brute force)", () => {
  it("(A o B)(i) = A(B(i))", () => {
    fc.assert(
      fc.property(pow2Layout, injectivePow2, (a, b) => {
        fc.pre(L.cosize(b).v <= sz(a));
        const r = refusable(() => L.composition(a, b));
        fc.pre(r !== undefined);
        expect(sz(r!)).toBe(sz(b));
        for (let i = 0; i < sz(b); i++) expect(at(r!, i)).toBe(at(a, at(b, i)));
      }),
      { numRuns: 400 },
    );
  });

  it("complement is disjoint from and ordered after its input", () => {
    fc.assert(
      fc.property(injectiveArb, fc.integer({ min: 1, max: 4 }), (a, k) => {
        const target = L.cosize(a).v * k;
        const c = L.complement(a, S(target));
        const image = new Set(Array.from({ length: sz(a) }, (_x, i) => at(a, i)));
        for (let i = 1; i < sz(c); i++) {
          expect(image.has(at(c, i))).toBe(false);
          expect(at(c, i)).toBeGreaterThan(at(c, i - 1));
        }
        expect(sz(a) * sz(c)).toBeGreaterThanOrEqual(target);
      }),
      { numRuns: 300 },
    );
  });

  it("L(right_inverse(L)(i)) = i", () => {
    fc.assert(
      fc.property(fc.oneof(injectiveArb, layoutArb), (l) => {
        const r = L.right_inverse(l);
        for (let i = 0; i < sz(r); i++) expect(at(l, at(r, i))).toBe(i);
      }),
      { numRuns: 300 },
    );
  });

  it("left_inverse(L)(L(i)) = i for injective L", () => {
    fc.assert(
      fc.property(injectiveArb, (l) => {
        const r = L.left_inverse(l);
        for (let i = 0; i < sz(l); i++) expect(at(r, at(l, i))).toBe(i);
      }),
      { numRuns: 300 },
    );
  });

  it("coalesce preserves the function; filter preserves the image", () => {
    fc.assert(
      fc.property(layoutArb, (l) => {
        const c = L.coalesce(l);
        expect(sz(c)).toBe(sz(l));
        for (let i = 0; i < sz(l); i++) expect(at(c, i)).toBe(at(l, i));
        const f = L.filter(l);
        const img = (x: Layout) => [...new Set(Array.from({ length: sz(x) }, (_y, i) => at(x, i)))].sort((p, q) => p - q);
        expect(img(f)).toEqual(img(l));
      }),
      { numRuns: 300 },
    );
  });

  it("divide and product sizes", () => {
    fc.assert(
      fc.property(injectiveArb, injectiveArb, fc.integer({ min: 1, max: 4 }), (a, b, k) => {
        const whole = L.make_layout(S(L.cosize(b).v * k));
        const d = refusable(() => L.logical_divide(whole, b));
        if (d !== undefined) {
          expect(sz(d)).toBe(sz(whole));
          expect(T.size(T.get(d.shape, 0)).v).toBe(sz(b));
        }
        const p = refusable(() => L.logical_product(a, b));
        if (p !== undefined) expect(sz(p)).toBe(sz(a) * sz(b));
      }),
      { numRuns: 300 },
    );
  });

  it("composition(L, Sw) is a swizzle after L: (Sw' o L)(i) = L(Sw(i)) where L permutes bits", () => {
    const swArb = fc.record({ b: fc.integer({ min: 0, max: 3 }), m: fc.integer({ min: 0, max: 3 }), s: fc.integer({ min: -5, max: 5 }) });
    let swizzled = 0;
    fc.assert(
      fc.property(injectivePow2, swArb, (l, w) => {
        const sw = refusable(() => new Swizzle(w.b, w.m, w.s));
        // CuTe's rule "works in simple cases": the swizzle's bits inside L's domain, where L permutes
        // bits, and in the same order (a swizzle pairs its i-th Y bit with its i-th Z bit)
        if (sw === undefined || (sw.yyyMask | sw.zzzMask) >= sz(l)) return;
        const bitImages = (mask: number) => [...Array(31).keys()].filter((b) => (mask >> b) & 1).map((b) => at(l, 1 << b));
        const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! < x);
        if (!ascending(bitImages(sw.yyyMask)) || !ascending(bitImages(sw.zzzMask))) return;
        const r = refusable(() => C.composition(l, sw));
        if (r === undefined) return;
        if (r instanceof ComposedLayout) swizzled++;
        for (let i = 0; i < sz(l); i++) {
          const j = sw.apply(i);
          const got = r instanceof ComposedLayout ? C.evalAt(r, D(i)) : L.crd2idx(D(i), r as Layout);
          expect((got as Int).v).toBe(at(l, j));
        }
      }),
      { numRuns: 1500 },
    );
    expect(swizzled).toBeGreaterThan(30); // the cases that keep a swizzle were reached
  });

  it("right_inverse of Sw o k o L with an offset k: (Sw o k o L)(R(i)) = i wherever Sw(i) - k is in the domain of right_inverse(L)", () => {
    const swArb = fc.record({ b: fc.integer({ min: 1, max: 3 }), m: fc.integer({ min: 0, max: 2 }), s: fc.integer({ min: -4, max: 4 }) });
    let checked = 0;
    fc.assert(
      fc.property(injectivePow2, swArb, fc.integer({ min: 1, max: 40 }), (l, w, k) => {
        const sw = refusable(() => new Swizzle(w.b, w.m, w.s));
        if (sw === undefined) return;
        const f = C.make_composed(sw, D(k), l) as ComposedLayout;
        const r = refusable(() => C.right_inverse(f));
        if (r === undefined) return;
        expect(r).toBeInstanceOf(SwizzleInnerComposed);
        const n = sz(L.right_inverse(l)); // L(right_inverse(L)(x)) = x for x in [0, n)
        for (let i = 0; i < 64; i++) {
          const x = sw.apply(i) - k;
          if (x < 0 || x >= n) continue;
          const j = C.evalInnerSwizzled(r as SwizzleInnerComposed, D(i)) as Int;
          expect((C.evalAt(f, j) as Int).v).toBe(i);
          checked++;
        }
      }),
      { numRuns: 200 },
    );
    expect(checked).toBeGreaterThan(100);
  });

  it("upcast<N>(downcast<N>(A o k o B)) = A o k o B for a layout-composed layout (each part recast alike)", () => {
    let exercised = 0;
    fc.assert(
      fc.property(injectivePow2, injectivePow2, fc.integer({ min: 0, max: 64 }), fc.constantFrom(2, 4), (a, b, k, n) => {
        const c = new ComposedLayout(a, S(k), b);
        const down = refusable(() => C.downcast(c, n)); // downcast needs a stride-1 mode in A and in B
        if (down === undefined) return;
        exercised++;
        const round = C.upcast(down as ComposedLayout, n);
        expect(round).toBeInstanceOf(ComposedLayout);
        const r = round as ComposedLayout;
        for (let i = 0; i < sz(b); i++) expect(C.evalAt(r, D(i))).toEqual(C.evalAt(c, D(i)));
      }),
      { numRuns: 800 },
    );
    expect(exercised).toBeGreaterThan(30);
  });

  it("recast_layout<uint16_t,uint32_t>(recast_layout<uint32_t,uint16_t>(L)) = L as a function", () => {
    let exercised = 0;
    fc.assert(
      fc.property(injectivePow2, (l) => {
        const text = `${T.tupText(l.shape)}:${T.tupText(l.stride)}`;
        const r = refusable(() => evaluate(`recast_layout<uint16_t,uint32_t>(recast_layout<uint32_t,uint16_t>(${text}))`));
        if (r === undefined) return; // a downcast needs a stride-1 mode
        exercised++;
        expect(r).toBeInstanceOf(Layout);
        expect(sz(r as Layout)).toBe(sz(l));
        for (let i = 0; i < sz(l); i++) expect(at(r as Layout, i)).toBe(at(l, i));
      }),
      { numRuns: 200 },
    );
    expect(exercised).toBeGreaterThan(30);
  });

  it("logical_product(n:1, Sw o _0 o m:1) places the swizzled tiler: f(i + n*j) = i + n*Sw(j)", () => {
    const swArb = fc.record({ b: fc.integer({ min: 1, max: 3 }), m: fc.integer({ min: 0, max: 2 }), s: fc.integer({ min: -4, max: 4 }) });
    let exercised = 0;
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 4, 8), fc.constantFrom(4, 8, 16, 32, 64, 128), swArb, (n, m, w) => {
        const sw = refusable(() => new Swizzle(w.b, w.m, w.s));
        if (sw === undefined || (sw.yyyMask | sw.zzzMask) >= m) return;
        const r = C.logical_product_swizzled(L.make_layout(S(n)), new ComposedLayout(sw, S(0), L.make_layout(S(m))));
        exercised++;
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < m; j++) {
            const got = r instanceof ComposedLayout ? C.evalAt(r, D(i + n * j)) : L.crd2idx(D(i + n * j), r);
            expect((got as Int).v).toBe(i + n * sw.apply(j));
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(exercised).toBeGreaterThan(30);
  });

  it("max_common_vector with a swizzled layout is at most 2^M and divides the inner common vector", () => {
    fc.assert(
      fc.property(injectivePow2, fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 2 }), (l, m, b) => {
        const sw = new Swizzle(b, m, b + 1);
        const inner = L.max_common_vector(l, l).v;
        const v = C.max_common_vector(new ComposedLayout(sw, S(0), l), l);
        expect(v.v).toBe(Math.min(inner, 2 ** m));
        expect(C.max_common_vector(l, new ComposedLayout(sw, S(0), l)).v).toBe(v.v);
      }),
      { numRuns: 200 },
    );
  });

  it("crd2idx(idx2crd(i, shape), shape) = i", () => {
    const shapeArb = fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 4 }).map((xs) => xs.map(D));
    fc.assert(
      fc.property(shapeArb, (shape) => {
        const n = T.size(shape).v;
        for (let i = 0; i < n; i++) {
          const c = T.idx2crd(D(i), shape);
          expect(T.crd2idx_compact(c, shape).v).toBe(i);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("print_tensor of coordinate tensors", () => {
  // shapes nested up to two levels, static or dynamic extents (1 included: its coordinate is a static _0 or a dynamic 0)
  const ext = fc.record({ v: fc.integer({ min: 1, max: 4 }), s: fc.boolean() }).map((x) => (x.s ? S(x.v) : D(x.v)));
  const modeShape: fc.Arbitrary<T.IntTuple> = fc.oneof(ext, fc.array(ext, { minLength: 1, maxLength: 3 }));
  it("tabulating each mode's offsets prints what evaluating every cell prints", async () => {
    const { make_identity_tensor, at } = await import("../src/tensor/algorithms.js");
    const { print_tensor } = await import("../src/print/layout.js");
    const { show } = await import("../src/print/print.js");
    fc.assert(
      fc.property(modeShape, modeShape, (a, b) => {
        const t = make_identity_tensor([a, b]);
        const M = T.size(a).v, N = T.size(b).v;
        let expected = show(t) + ":\n";
        for (let m = 0; m < M; m++) {
          let row = "";
          for (let n = 0; n < N; n++) {
            const x = at(t, [D(m), D(n)]);
            row += x instanceof Int ? String(x.v).padStart(5) : "  " + show(x);
          }
          expected += row + "\n";
        }
        expect(print_tensor(t)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe("fillIndices", () => {
  it("the odometer gives L(i) for every i, as the compiled index function does", () => {
    fc.assert(
      fc.property(layoutArb, (l) => {
        const n = L.size(l).v;
        const out = new Float64Array(n);
        expect(L.fillIndices(l, out, n)).toBe(true);
        const f = L.compileIndexFn(l)!;
        for (let i = 0; i < n; i++) expect(out[i]).toBe(f(i));
      }),
    );
  });

  it("with negative extents after the first leaf (CuTe's truncating idx2crd) it still agrees", () => {
    const extent = fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: -4, max: -1 }));
    const arb = fc
      .tuple(fc.integer({ min: 1, max: 4 }), fc.array(fc.record({ s: extent, d: fc.integer({ min: -30, max: 30 }) }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 9 }))
      .map(([s0, ms, d0]) => new Layout([S(s0), ...ms.map((m) => S(m.s))], [S(d0), ...ms.map((m) => S(m.d))]));
    fc.assert(
      fc.property(arb, (l) => {
        const n = Math.abs(L.size(l).v);
        const out = new Float64Array(n);
        expect(L.fillIndices(l, out, n)).toBe(true);
        const f = L.compileIndexFn(l)!;
        for (let i = 0; i < n; i++) expect(out[i]).toBe(f(i));
      }),
      { numRuns: 300 },
    );
  });
});

describe("max_alignment and domain_offset", () => {
  it("upcast<max_alignment(L)>(L) compiles, and max_alignment divides every static mode CuTe's formula reads", () => {
    fc.assert(
      fc.property(fc.oneof(pow2Layout, injectiveArb, injectivePow2), (l) => {
        let n: Int;
        try {
          n = L.max_alignment(l);
        } catch (e) {
          if (e instanceof CuteError) return; // no matching gcd (a tuple stride<1>) or a basis stride
          throw e;
        }
        expect(n.s).toBe(true);
        expect(n.v).toBeGreaterThanOrEqual(1);
        expect(() => L.upcast(l, n.v)).not.toThrow();
      }),
      { numRuns: 400 },
    );
  });
  it("a compact column-major layout is aligned to its whole size", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 3 }), (shape) => {
        const l = L.make_layout(shape.map(S));
        expect(L.max_alignment(l).v).toBe(L.size(l).v);
      }),
    );
  });
  it("a swizzled layout's alignment is the gcd of 2^M, the offset and the inner layout's", () => {
    const cases: [string, string][] = [
      ["max_alignment(Sw<3,4,3> o _0 o (_8,_64):(_64,_1))", "_16"],
      ["max_alignment(Sw<3,4,3> o _8 o (_8,_64):(_64,_1))", "_8"],
      ["max_alignment(Sw<2,3,3> o _0 o (_8,_4):(_1,_8))", "_8"],
      ["max_alignment(Sw<3,4,3>)", "_16"],
    ];
    for (const [e, want] of cases) expect(showValue(evaluate(e))).toBe(want);
    expect(() => evaluate("max_alignment(Sw<3,4,3> o 8 o (_8,_64):(_64,_1))")).toThrow(CuteError);
    expect(() => evaluate("max_alignment(12)")).toThrow(CuteError);
  });
  it("domain_offset(c, L) keeps L and offsets by L(c); on a tensor T'(x) = T(c + x) for coordinates inside", () => {
    fc.assert(
      fc.property(injectiveArb, fc.nat(), fc.nat(), (l, a, b) => {
        const shape = T.leaves(l.shape);
        const c = shape.map((s, i) => D((i === 0 ? a : b) % s.v));
        const [same, off] = L.domain_offset(c, l);
        expect(same).toBe(l);
        expect(off).toEqual(L.crd2idx(c, l));
        const t = evaluate(`domain_offset((${c.map((x) => x.v).join(",")}),make_tensor(counting_iter(5),${L.showLayout(l)}))`);
        const want = 5 + (L.crd2idx(c, l) as Int).v;
        expect(showValue(t).startsWith(`counting_iter(${want}) o `)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("coalesce of a shape", () => {
  const leaf = fc.record({ v: fc.integer({ min: 1, max: 6 }), s: fc.boolean() }).map((x) => (x.s ? S(x.v) : D(x.v)));
  const shapeArb = fc.array(fc.oneof(leaf, fc.array(leaf, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 4 });
  it("keeps the size, has depth <= 1, and is a plain integer exactly when every leaf has one static-ness", () => {
    fc.assert(
      fc.property(shapeArb, (shape) => {
        const c = L.coalesce_shape(shape as T.IntTuple);
        expect(T.size(c).v).toBe(T.size(shape as T.IntTuple).v);
        expect(T.depth(c)).toBeLessThanOrEqual(1);
        const ls = T.leaves(shape as T.IntTuple);
        const runs = ls.filter((x, i) => i === 0 || x.s !== ls[i - 1]!.s).length;
        if (runs === 1) expect(c).toBeInstanceOf(Int);
        else expect(T.rank(c)).toBe(runs);
      }),
    );
  });
  it("a complement whose cotarget is a tuple of one static-ness coalesces it to an integer (CuTe's fold from the first leaf)", () => {
    expect(showValue(evaluate("complement(_1:_1,(_4,_8))"))).toBe("_32:_1");
    expect(showValue(evaluate("tiled_divide((_2,_6):(_6,_1),_7:_0)"))).toBe("(_7,_2,_6):(_0,_6,_1)");
  });
});
