/**
 * Shared pieces of the verdicts: flat evaluation of (possibly swizzled) layouts, coordinates for messages, work caps.
 */
import { UsageError, type Wording, words } from "../core/errors.js";
import { D, Int } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import type { IntTuple } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle, innermostLayout, type ComposedOuter } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import { MixedBits } from "../core/mixed-bits.js";
import { show } from "../print/print.js";

export type { LayoutLike } from "../eval/args/common.js";
import type { LayoutLike } from "../eval/args/common.js";
export { layoutArg, layoutLikeArg, shapeArg, typeArg } from "../eval/args/common.js";

/** the most cells a verdict enumerates (tile elements, domain points) */
export const MAX_CELLS = 1 << 24;
/** how many counterexamples a verdict lists (the counts are always complete) */
export const MAX_LISTED = 8;

export const innerLayout = (x: LayoutLike): Layout => (x instanceof ComposedLayout ? innermostLayout(x) : x);
export const sizeOf = (x: LayoutLike): number => L.size(innerLayout(x)).v;

export function capCells(n: number, what: string): void {
  if (n < 0) throw new UsageError(`${what} has a negative size (${n}); a layout's shape must be non-negative to verify it`);
  if (n > MAX_CELLS) {
    throw new UsageError(`${what} has ${n} elements; cute-ts enumerates at most ${MAX_CELLS} (2^24) for a verdict`);
  }
}

/** i -> L(i) over the 1-D (colexicographic) index of an integer layout */
export function indexFn(l: Layout, what: Wording): (i: number) => number {
  const f = L.compileIndexFn(l);
  if (!f) throw new UsageError(words`${what} must map to integers (its strides are coordinates: ${show(l)})`);
  return f;
}

function offsetNumber(off: ComposedLayout["offset"]): number {
  if (off instanceof SmemPtrFlag) return 0;
  if (off instanceof MixedBits) return off.value;
  if (off instanceof Int) return off.v;
  throw new UsageError("a composed layout's offset must be an integer here");
}

/** i -> the layout's value, swizzle included (in element units, as the layout is evaluated) */
export function elementFn(x: LayoutLike, what: string): (i: number) => number {
  if (x instanceof Layout) return indexFn(x, what);
  const inner = elementFn(x.b, what);
  const off = offsetNumber(x.offset);
  const outer = outerFn(x.a, what);
  return (i) => outer(off + inner(i));
}
/** v -> A(v) for a composed layout's outer function: a swizzle, a layout or a composed function */
function outerFn(a: ComposedOuter, what: string): (v: number) => number {
  if (a instanceof Swizzle) return (v) => a.apply(v);
  if (a instanceof Layout) return indexFn(a, what);
  return (v) => {
    const r = C.applyOuter(a, D(v));
    if (!(r instanceof Int)) throw new UsageError(`${what} must map to integers`);
    return r.v;
  };
}

/**
 * out[i] = the layout's value at i for every i < n, as elementFn gives it: the inner layout by
 * its leaf odometer when it has plain integer strides (one add per element), then the swizzle.
 */
export function fillElements(x: LayoutLike, out: Float64Array, n: number, what: string): void {
  const inner = x instanceof Layout ? x : x.b;
  if (inner instanceof Layout && L.fillIndices(inner, out, n)) {
    if (x instanceof Layout) return;
    const off = offsetNumber(x.offset);
    const outer = outerFn(x.a, what);
    for (let i = 0; i < n; i++) out[i] = outer(off + out[i]!);
    return;
  }
  const f = elementFn(x, what);
  for (let i = 0; i < n; i++) out[i] = f(i);
}

/**
 * i -> bit address in shared memory of element i, for elements of `bits` bits. A swizzle behind
 * `smem_ptr[..b]` acts on byte addresses (CuTe's swizzle_ptr); any other acts on element offsets.
 */
export function bitAddressFn(x: LayoutLike, bits: number, what: string): (i: number) => number {
  if (x instanceof ComposedLayout && x.a instanceof Swizzle && x.offset instanceof SmemPtrFlag) {
    const inner = elementFn(x.b, what);
    const sw = x.a;
    return (i) => {
      const bit = inner(i) * bits;
      const byte = Math.floor(bit / 8);
      return sw.apply(byte) * 8 + (bit - byte * 8);
    };
  }
  const f = elementFn(x, what);
  return (i) => f(i) * bits;
}

/** the swizzle expressed on byte addresses, when the layout has one (undefined: none) */
export function byteSwizzle(x: LayoutLike, bits: number): Swizzle | undefined | "not-bytewise" {
  if (!(x instanceof ComposedLayout) || !(x.a instanceof Swizzle)) return undefined;
  const sw = x.a;
  if (x.offset instanceof SmemPtrFlag) return sw;
  // element-unit swizzle: shift the base by log2(bytes per element)
  const k = Math.log2(bits / 8);
  if (!Number.isInteger(k)) return "not-bytewise";
  const m = sw.m + k;
  if (m < 0) return "not-bytewise";
  return new Swizzle(sw.b, m, sw.s);
}

/** top-level coordinate of a 1-D index in a shape (each top mode flattened to its size) */
export function coordOf(i: number, shape: IntTuple): number[] {
  const sizes = Array.isArray(shape) ? shape.map((s) => T.size(s).v) : [T.size(shape).v];
  const out: number[] = [];
  for (const s of sizes) {
    out.push(i % s);
    i = Math.floor(i / s);
  }
  return out;
}

/** natural (hierarchical) coordinate of a 1-D index, printed as CuTe prints tuples */
export function naturalCoord(i: number, shape: IntTuple): string {
  return L.showTup(T.idx2crd(D(i), shape));
}

export const fmtCoord = (c: number[]): string => (c.length === 1 ? String(c[0]) : `(${c.join(",")})`);

export function showLike(x: LayoutLike): string {
  return show(x);
}

/** shape of the top-level modes: product_each */
export function modeSizes(shape: IntTuple): number[] {
  return Array.isArray(shape) ? shape.map((s) => T.size(s).v) : [T.size(shape).v];
}
