/**
 * Operations on composed layouts `A o offset o B` (layout_composed.hpp, swizzle_layout.hpp):
 * most apply to B and keep A and the offset; evaluation runs B, adds the offset, then A.
 */
import { CuteError } from "./errors.js";
import { Int, S, D, _0 } from "./integer.js";
import { Idx, idxAdd } from "./basis.js";
import * as T from "./int-tuple.js";
import { IntTuple, Coord } from "./int-tuple.js";
import * as L from "./layout.js";
import { Layout, Tiler } from "./layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag } from "./swizzle.js";
import type { Value } from "./value.js";

function offsetIdx(c: ComposedLayout): Idx {
  if (c.offset instanceof SmemPtrFlag) return _0;
  return c.offset;
}

/** A(offset + B(c)) */
export function evalAt(c: ComposedLayout, coord: IntTuple): Idx {
  const inner = idxAdd(offsetIdx(c), L.crd2idx(coord, c.b));
  return applyOuter(c.a, inner);
}
export function applyOuter(a: Swizzle | Layout, x: Idx): Idx {
  if (a instanceof Swizzle) {
    if (!(x instanceof Int)) throw new CuteError("Swizzle", "a swizzle applies to integer offsets only");
    const v = a.apply(x.v);
    return x.s ? S(v) : D(v);
  }
  if (!(x instanceof Int)) throw new CuteError("composition", "the outer layout takes an integer");
  return L.crd2idx(x, a);
}

/** composition(A, offset, B); an identity swizzle with offset _0 is just B (CuTe's special case) */
export function make_composed(a: Swizzle | Layout, offset: Idx | SmemPtrFlag, b: Layout): ComposedLayout | Layout {
  if (a instanceof Swizzle && a.b === 0 && offset instanceof Int && offset.s && offset.v === 0) return b;
  return new ComposedLayout(a, offset, b);
}

export function composition(a: Value, b: Value): Value {
  if (a instanceof ComposedLayout) {
    if (b instanceof Layout || b instanceof Int || Array.isArray(b)) return make_composed(a.a, a.offset, L.composition(a.b, b as Tiler));
    throw new CuteError("composition", "no matching overload for a composed layout and this right-hand side");
  }
  if (a instanceof Swizzle && b instanceof Layout) return make_composed(a, _0, b);
  if (a instanceof Layout && b instanceof Swizzle) {
    throw new CuteError("composition", "composition(Layout, Swizzle) is not supported by cute-ts");
  }
  throw new CuteError("composition", "no matching overload for these operands");
}

export function compose3(a: Value, off: Value, b: Value): Value {
  if (!(a instanceof Swizzle || a instanceof Layout) || !(b instanceof Layout)) {
    throw new CuteError("composition", "composition(A, offset, B) takes a swizzle or layout, an offset and a layout");
  }
  if (!(off instanceof Int || Array.isArray(off))) throw new CuteError("composition", "the offset is an integer or coordinate");
  return make_composed(a, off as Idx, b);
}

/** slicing keeps A, folds the sliced-away offset into the composed offset */
export function slice_and_offset(c: Coord, x: ComposedLayout): [ComposedLayout | Layout, Int] {
  const [sl, off] = L.slice_and_offset(c, x.b);
  return [make_composed(x.a, idxAdd(offsetIdx(x), off), sl), _0];
}
export function slice(c: Coord, x: ComposedLayout): Value {
  return slice_and_offset(c, x)[0];
}

const viaB = (f: (l: Layout, t: Tiler) => Layout) => (c: ComposedLayout, t: Tiler) => make_composed(c.a, c.offset, f(c.b, t));
export const logical_divide = viaB(L.logical_divide);
export const zipped_divide = viaB(L.zipped_divide);
export const tiled_divide = viaB(L.tiled_divide);
export const flat_divide = viaB(L.flat_divide);

export function tile_to_shape(c: ComposedLayout, trg: IntTuple, order?: IntTuple): ComposedLayout | Layout {
  return make_composed(c.a, c.offset, L.tile_to_shape(c.b, trg, order));
}

function log2Exact(n: number, op: string): number {
  if (n <= 0 || (n & (n - 1)) !== 0) throw new CuteError(op, "N must be a power of two");
  return Math.log2(n);
}
function upcastSwizzle(s: Swizzle, n: number): Swizzle {
  const k = log2Exact(n, `upcast<${n}>`);
  const m = s.m - k;
  return m >= 0 ? new Swizzle(s.b, m, s.s) : new Swizzle(Math.max(s.b + m, 0), 0, s.s);
}
export function upcast(c: ComposedLayout, n: number): ComposedLayout | Layout {
  if (!(c.a instanceof Swizzle)) throw new CuteError(`upcast<${n}>`, "upcast of a layout-composed layout is not supported");
  const off = c.offset instanceof Int ? (c.offset.s ? S(Math.trunc(c.offset.v / n)) : D(Math.trunc(c.offset.v / n))) : c.offset;
  // no identity decay here: CuTe keeps the upcast swizzle even when it has no bits left
  return new ComposedLayout(upcastSwizzle(c.a, n), off, L.upcast(c.b, n));
}
export function downcast(c: ComposedLayout, n: number): ComposedLayout | Layout {
  if (!(c.a instanceof Swizzle)) throw new CuteError(`downcast<${n}>`, "downcast of a layout-composed layout is not supported");
  const k = log2Exact(n, `downcast<${n}>`);
  const off = c.offset instanceof Int ? (c.offset.s ? S(c.offset.v * n) : D(c.offset.v * n)) : c.offset;
  return new ComposedLayout(new Swizzle(c.a.b, c.a.m + k, c.a.s), off, L.downcast(c.b, n));
}

export function right_inverse(c: ComposedLayout): Value {
  throw new CuteError("right_inverse", "right_inverse of a swizzled layout is not supported by cute-ts yet", [T.rank(c.b.shape).toString()]);
}
export function left_inverse(c: ComposedLayout): Value {
  throw new CuteError("left_inverse", "left_inverse of a swizzled layout is not supported by cute-ts yet", [T.rank(c.b.shape).toString()]);
}
