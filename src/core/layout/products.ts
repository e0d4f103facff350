/**
 * Divides and products (layout.hpp): logical/zipped/tiled/flat divide and product, blocked and
 * raked products, tile_to_shape, upcast/downcast/recast_layout, make_layout_tv.
 */
import { CuteError } from "../errors.js";
import * as I from "../integer.js";
import { Int, S, _0, _1, isConst } from "../integer.js";
import { ScaledBasis } from "../basis.js";
import * as T from "../int-tuple.js";
import { IntTuple, Stride, StrideLeaf, Tup, Coord, Underscore } from "../int-tuple.js";
import { Layout, type Tiler, appendN, coalesce, concat, concat2, cosize, make_layout, make_layout_left, make_ordered_layout, rank, scaleLeaf, showLayout, showTiler, showTup, size, slice, sublayout, transformLayout, zipLayouts } from "./basics.js";
import { complement, composition, right_inverse } from "./algebra.js";
import { staticSizeTimesCosize } from "./fast.js";

// ---------------------------------------------------------------- divides

export function logical_divide(l: Layout, tiler: Tiler): Layout {
  if (tiler instanceof Layout) {
    return composition(l, concat2(tiler, complement(tiler, coalesce(l).shape)));
  }
  if (Array.isArray(tiler)) {
    if (tiler.length > rank(l)) throw new CuteError("logical_divide", "logical_divide: Too many modes in tiler.", [showLayout(l), showTiler(tiler)]);
    return transformLayout(l, tiler, (m, t) => logical_divide(m, t));
  }
  if (tiler instanceof Underscore) return l;
  return logical_divide(l, make_layout(tiler));
}

function tileUnzip(l: Layout, tiler: Tiler, op: string): Layout {
  const guide = tilerProfile(tiler);
  return new Layout(T.zip2_by(l.shape, guide, op), T.zip2_by(l.stride, guide, op) as Stride);
}
/** the tiler's tuple structure: a layout or integer counts as a leaf */
function tilerProfile(t: Tiler): Tup<number> {
  return Array.isArray(t) ? t.map(tilerProfile) : 0;
}
/** result(_, repeat<R1>(_)) and result(repeat<R0>(_), repeat<R1>(_)) */
function unpackModes(l: Layout, first: boolean): Layout {
  const rep = (m: IntTuple): Coord => (Array.isArray(m) && m.length !== 1 ? m.map(() => T._) : T._);
  const m0 = T.get(l.shape, 0), m1 = T.get(l.shape, 1);
  return slice([first ? rep(m0) : T._, rep(m1)], l);
}

/** tile_unzip(layout, tiler): each rank-2 mode the tiler's profile reaches split into its two halves, gathered ((tile...),(rest...)) */
export const tile_unzip = (l: Layout, t: Tiler) => tileUnzip(l, t, "tile_unzip");
export const zipped_divide = (l: Layout, t: Tiler) => tileUnzip(logical_divide(l, t), t, "zipped_divide");
export const tiled_divide = (l: Layout, t: Tiler) => unpackModes(zipped_divide(l, t), false);
export const flat_divide = (l: Layout, t: Tiler) => unpackModes(zipped_divide(l, t), true);

// ---------------------------------------------------------------- products

export function logical_product(block: Layout, tiler: Tiler): Layout {
  if (tiler instanceof Layout) {
    // static layouts (CuTe's common case): the cotarget on plain numbers, a static integer as the checked product makes it
    const n = staticSizeTimesCosize(block, tiler);
    return concat2(block, composition(complement(block, n !== undefined ? S(n) : I.mul(size(block), cosize(tiler))), tiler));
  }
  if (Array.isArray(tiler)) {
    if (tiler.length > rank(block)) throw new CuteError("logical_product", "logical_product: Too many modes in tiler.", [showLayout(block), showTiler(tiler)]);
    return transformLayout(block, tiler, (m, t) => logical_product(m, t));
  }
  if (tiler instanceof Underscore) return block;
  return logical_product(block, make_layout(tiler));
}

export const zipped_product = (b: Layout, t: Tiler) => tileUnzip(logical_product(b, t), t, "zipped_product");
export const tiled_product = (b: Layout, t: Tiler) => unpackModes(zipped_product(b, t), false);
export const flat_product = (b: Layout, t: Tiler) => unpackModes(zipped_product(b, t), true);

function rankSensitiveProduct(block: Layout, tiler: Layout, raked: boolean, op: string): Layout {
  const r = Math.max(rank(block), rank(tiler));
  const res = logical_product(appendN(block, r), appendN(tiler, r));
  const a = sublayout(res, [0]), b = sublayout(res, [1]);
  return raked ? zipLayouts(b, a, op) : zipLayouts(a, b, op);
}
export const blocked_product = (b: Layout, t: Layout) => rankSensitiveProduct(b, t, false, "blocked_product");
export const raked_product = (b: Layout, t: Layout) => rankSensitiveProduct(b, t, true, "raked_product");

export function tile_to_shape(block: Layout, trg: IntTuple, order?: IntTuple): Layout {
  if (rank(block) > T.rank(trg)) throw new CuteError("tile_to_shape", "Rank of layout must be <= rank of target shape.", [showLayout(block), showTup(trg)]);
  const r = T.rank(trg);
  const padded = appendN(block, r);
  const blockShape = T.product_each(padded.shape);
  const targetShape = T.product_each(trg);
  if (T.isStaticTuple(targetShape)) {
    const ev = T.evenly_divides(targetShape, blockShape);
    if (!(ev.s && ev.v)) throw new CuteError("tile_to_shape", "tile_to_shape: block shape does not divide the target shape.", [showLayout(block), showTup(trg)]);
  }
  const productShape = T.ceil_div(targetShape, blockShape);
  const ord = order === undefined ? make_layout_left(productShape) : make_ordered_layout(productShape, order);
  return blocked_product(padded, ord);
}

/**
 * make_fragment_like(layout): a compact layout of the same shape for a register fragment. Of a
 * static shape of rank above 1: mode 0 column-major (its static-0 strides kept at 0), the other
 * modes compact in the order of their strides, as tiled_product lays them out; otherwise the
 * column-major layout of the shape.
 */
export function make_fragment_like(l: Layout): Layout {
  const R = rank(l);
  if (R > 1 && T.isStaticTuple(l.shape)) {
    const s0 = T.get(l.shape, 0), d0 = T.get(l.stride, 0) as Stride;
    const mode0 = make_layout(s0, T.compact_col_major(T.filter_zeros_tuple(d0, s0)));
    return tiled_product(mode0, make_ordered_layout(T.take(l.shape, 1, R), T.take(l.stride as IntTuple, 1, R)));
  }
  return make_layout(l.shape);
}

// ---------------------------------------------------------------- upcast, downcast, recast

export function upcast(l: Layout, n: number): Layout {
  const N = S(n);
  const rec = (s: IntTuple, d: Stride): Layout => {
    if (Array.isArray(s)) return concat(...s.map((x, i) => rec(x, (d as Stride[])[i]!)));
    if (d instanceof ScaledBasis) return new Layout(s, new ScaledBasis(I.safeDiv(d.value, N), d.modes));
    const di = d as Int;
    if (isConst(di, 0)) return new Layout(s, di);
    if (di.s) {
      if (!(di.v % n === 0 || n % di.v === 0)) throw new CuteError(`upcast<${n}>`, "Divisibility condition", [showLayout(l)]);
      return new Layout(I.ceilDivInt(s, I.ceilDivInt(N, I.abs(di))), I.mul(I.signum(di), I.ceilDivInt(I.abs(di), N)));
    }
    return new Layout(s, I.safeDiv(di, N));
  };
  return rec(l.shape, l.stride);
}

export function downcast(l: Layout, n: number): Layout {
  const N = S(n);
  const leavesD = T.leaves(l.stride);
  if (!leavesD.some((d) => d instanceof Int && isConst(d, 1))) {
    throw new CuteError(`downcast<${n}>`, "Downcast requires adjacent elements", [showLayout(l)]);
  }
  const rec = (s: IntTuple, d: Stride): Layout => {
    if (Array.isArray(s)) return concat(...s.map((x, i) => rec(x, (d as Stride[])[i]!)));
    const di = d as StrideLeaf;
    if (di instanceof Int && (isConst(di, 1) || isConst(di, -1))) return new Layout(I.mul(s, N), di);
    return new Layout(s, scaleLeaf(N, di));
  };
  return rec(l.shape, l.stride);
}

/** recast_layout<Old,New>: by the ratio of the two types' bit widths */
export function recast_layout(l: Layout, oldBits: number, newBits: number): Layout {
  return recastBy(l, oldBits, newBits, upcast, downcast);
}
/**
 * recast_layout's rule for any kind of layout: with new/old bits = num/den in lowest terms, the
 * layout itself, downcast<den>, upcast<num>, or downcast<den>(upcast<num>(x))
 */
export function recastBy<X>(x: X, oldBits: number, newBits: number, up: (x: X, n: number) => X, down: (x: X, n: number) => X): X {
  const [num, den] = recastRatio(oldBits, newBits);
  if (num === 1 && den === 1) return x;
  if (num === 1) return down(x, den);
  if (den === 1) return up(x, num);
  return down(up(x, num), den);
}
/** sizeof_bits<New> / sizeof_bits<Old> in lowest terms: [num, den] */
export function recastRatio(oldBits: number, newBits: number): [number, number] {
  const g = gcdNum(newBits, oldBits);
  return [newBits / g, oldBits / g];
}
function gcdNum(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

// ---------------------------------------------------------------- thread-value layouts

/** make_layout_tv (CuTe DSL): raked product of thr and val, right-inverted onto (threads, values) */
export function make_layout_tv(thr: Layout, val: Layout): [IntTuple, Layout] {
  const mn = raked_product(thr, val);
  const tv = composition(right_inverse(mn), make_layout([size(thr), size(val)]));
  return [T.product_each(mn.shape), tv];
}

/**
 * max_alignment: the largest N for which upcast<N>(layout) compiles. Only the static shapes and
 * strides count (dynamic ones are taken as large multiples of N): dynamic shapes become _1 and
 * dynamic strides _0, and the answer is gcd(size<0>, stride<1>) of the layout divided by its
 * own right inverse.
 */
export function max_alignment(l: Layout): Int {
  const flat = coalesce(l);
  const keepShape = (x: IntTuple): IntTuple => (Array.isArray(x) ? x.map(keepShape) : x.s ? x : _1);
  const keepStride = (x: Stride): Stride => (Array.isArray(x) ? x.map(keepStride) : (x instanceof Int ? x.s : x.value.s) ? x : _0);
  const filtered = new Layout(keepShape(flat.shape), keepStride(flat.stride));
  const permuted = logical_divide(filtered, right_inverse(filtered));
  const s0 = T.size(T.get(permuted.shape, 0));
  const d1 = T.get(permuted.stride, 1);
  if (!(d1 instanceof Int)) {
    throw new CuteError("max_alignment", "no matching gcd: stride<1> of the layout divided by its right inverse is not an integer", [showLayout(l), showTup(d1 as IntTuple)]);
  }
  return I.gcd(s0, d1);
}

// ---------------------------------------------------------------- common vectors

export function max_common_layout(a: Layout, b: Layout): Layout {
  const invB = right_inverse(b);
  const common = coalesce(composition(a, invB));
  const s0 = T.get(common.shape, 0) as Int, d0 = T.get(common.stride, 0) as StrideLeaf;
  if (!Array.isArray(s0) && s0.s && d0 instanceof Int && isConst(d0, 1)) return composition(invB, sublayout(common, [0]));
  return new Layout(_1, _0);
}
export function max_common_vector(a: Layout, b: Layout): Int {
  const common = coalesce(composition(a, right_inverse(b)));
  const s0 = T.get(common.shape, 0) as Int, d0 = T.get(common.stride, 0) as StrideLeaf;
  if (!Array.isArray(s0) && s0.s && d0 instanceof Int && isConst(d0, 1)) return s0;
  return _1;
}
