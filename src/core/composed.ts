/**
 * Operations on composed layouts `A o offset o B` (layout_composed.hpp, swizzle_layout.hpp):
 * most apply to B and keep A and the offset; evaluation runs B, adds the offset, then A.
 */
import { CuteError } from "./errors.js";
import { Int, S, D, _0, _1 } from "./integer.js";
import { Idx, idxAdd } from "./basis.js";
import * as T from "./int-tuple.js";
import { IntTuple, Coord } from "./int-tuple.js";
import * as L from "./layout.js";
import { Layout, Tiler } from "./layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed, applySwizzleInt, showSwizzle } from "./swizzle.js";
import type { Value } from "./value.js";
import { Bits, MixedBits, bitsAnd, bitsIsZero, bitsShiftr, bitsToInt, bitsXor, makeMixedBits } from "./mixed-bits.js";
import * as I from "./integer.js";

function offsetIdx(c: ComposedLayout): Idx {
  if (c.offset instanceof SmemPtrFlag) return _0;
  if (c.offset instanceof MixedBits) return D(c.offset.value);
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

/**
 * The static zero that upcast/downcast leave as an offset: CuTe's safe_div(C<0>, C<N>) and
 * C<0> * C<N> have type C<0u>, not Int<0>, so the identity overload below never matches it.
 * It prints as _0; only its identity differs from the canonical _0.
 */
export const UNSIGNED_ZERO = new Int(0, true);

/** composition(A, offset, B); an identity swizzle with offset Int<0> is just B (CuTe's special case) */
export function make_composed(a: Swizzle | Layout, offset: Idx | SmemPtrFlag | MixedBits, b: Layout): ComposedLayout | Layout {
  if (a instanceof Swizzle && a.b === 0 && offset === _0) return b;
  return new ComposedLayout(a, offset, b);
}

export function composition(a: Value, b: Value): Value {
  if (a instanceof ComposedLayout) {
    if (b instanceof Layout || b instanceof Int || Array.isArray(b)) return make_composed(a.a, a.offset, L.composition(a.b, b as Tiler));
    throw new CuteError("composition", "no matching overload for a composed layout and this right-hand side");
  }
  if (a instanceof Swizzle && b instanceof Layout) return make_composed(a, _0, b);
  if (a instanceof Layout && b instanceof Swizzle) return composeLayoutSwizzle(a, b);
  if (a instanceof Layout && b instanceof ComposedLayout) {
    // composition(composition(a, B.a), B.b), for an offset of _0 only
    const off = b.offset;
    if (!(off instanceof Int && off.s && off.v === 0)) throw new CuteError("composition", "Require offset == 0.", [L.showLayout(a), L.showLayout(b.b)]);
    const inner = b.a instanceof Swizzle ? composeLayoutSwizzle(a, b.a) : L.composition(a, b.a);
    return inner instanceof ComposedLayout ? make_composed(inner.a, inner.offset, L.composition(inner.b, b.b)) : L.composition(inner, b.b);
  }
  throw new CuteError("composition", "no matching overload for these operands");
}

export function compose3(a: Value, off: Value, b: Value): Value {
  if (!(a instanceof Swizzle || a instanceof Layout) || !(b instanceof Layout)) {
    throw new CuteError("composition", "composition(A, offset, B) takes a swizzle or layout, an offset and a layout");
  }
  if (!(off instanceof Int || Array.isArray(off) || off instanceof SmemPtrFlag)) throw new CuteError("composition", "the offset is an integer, a coordinate or smem_ptr[Nb](unset)");
  return make_composed(a, off as Idx | SmemPtrFlag, b);
}

/**
 * slice_and_offset of a composed layout. A layout-composed one keeps A and folds the offset
 * in; a swizzled one decays to a plain layout where the sliced modes miss the swizzle's
 * colliding bits (swizzle_layout.hpp), tracking static and dynamic offset bits.
 */
export function slice_and_offset(c: Coord, x: ComposedLayout): [ComposedLayout | Layout, Int] {
  if (x.a instanceof Swizzle) return swizzleSliceAndOffset(c, x.a, x);
  const [sl, off] = L.slice_and_offset(c, x.b);
  return [make_composed(x.a, idxAdd(offsetIdx(x), off), sl), _0];
}

function allUnderscore(c: Coord): boolean {
  return Array.isArray(c) ? c.every(allUnderscore) : c instanceof T.Underscore;
}

/** the swizzle's bit layout (2^M, 2^B, 2^(|S|-B), 2^B, 1) and its two projections */
function swizzleProjections(sw: Swizzle): { anti: Layout; only: Layout; shape: Int[] } {
  const absS = Math.abs(sw.s);
  const shape = [S(2 ** sw.m), S(2 ** sw.b), S(2 ** (absS - sw.b)), S(2 ** sw.b), S(1)];
  const st = T.compact_col_major(shape) as Int[];
  const total = T.size(shape);
  return {
    shape,
    anti: new Layout(shape, [st[0]!, _0, st[2]!, _0, total]),
    only: new Layout(shape, [_0, st[1]!, _0, st[3]!, _0]),
  };
}

function toMixedBits(l: Layout, coord: IntTuple): Bits {
  const rec = (s: IntTuple, d: T.Stride, c: IntTuple): Bits => {
    if (Array.isArray(s)) {
      if (!Array.isArray(d) || !Array.isArray(c) || d.length !== s.length || c.length !== s.length) throw new CuteError("to_mixed_bits", "Mismatched ranks");
      let r = rec(s[0]!, d[0]!, c[0]!);
      for (let i = 1; i < s.length; i++) r = bitsXor(r, rec(s[i]!, d[i]!, c[i]!));
      return r;
    }
    if (!(d instanceof Int) || Array.isArray(c)) throw new CuteError("to_mixed_bits", "Either Shape, Stride, and Coord must be all tuples, or they must be all integral");
    const sd = I.mul(s, d);
    const f = I.mul(I.sub(s, I._1), d);
    if (!sd.s || !f.s) throw new CuteError("to_mixed_bits", "Requires pow2 shape*stride (a static shape and stride)");
    if (sd.v !== 0 && !(sd.v > 0 && 2 ** Math.round(Math.log2(sd.v)) === sd.v)) throw new CuteError("to_mixed_bits", "Requires pow2 shape*stride.");
    return makeMixedBits(0, I.mul(c as Int, d), f.v);
  };
  return rec(l.shape, l.stride, T.idx2crd(coord, l.shape));
}

function swizzleBits(sw: Swizzle, x: Bits): Bits {
  return bitsXor(x, bitsShiftr(bitsAnd(x, sw.yyyMask), sw.s));
}

/** conditional_return(cond, C<a>, C<b>): static when the condition is, or a == b */
function condReturn(cond: { v: boolean; s: boolean }, a: number, b: number): Int {
  if (cond.s || a === b) return S(cond.v ? a : b);
  return D(cond.v ? a : b);
}

function swizzleStrides(zLowerThanY: boolean, Z: number, Y: number, off: Bits, B: number): Int[] {
  const out: Int[] = [];
  for (let i = 0; i < B; i++) {
    const p = 2 ** i;
    if (zLowerThanY) out.push(condReturn(bitsIsZero(bitsAnd(off, (Y * p) >>> 0)), Z * p, -Z * p));
    else out.push(condReturn(bitsIsZero(bitsAnd(off, (Z * p) >>> 0)), (Y + Z) * p, (Y - Z) * p));
  }
  return out;
}

function swizzleSliceAndOffset(coord: Coord, sw: Swizzle, x: ComposedLayout): [ComposedLayout | Layout, Int] {
  if (allUnderscore(coord)) return [make_composed(sw, x.offset, L.slice(coord, x.b)), _0];
  if (x.offset instanceof SmemPtrFlag) throw new CuteError("slice", "slicing a position-independent (smem_ptr) swizzled layout needs its pointer");
  const { anti, only, shape } = swizzleProjections(sw);
  const sliced = L.slice(coord, x.b);
  const diced = L.dice(coord, x.b);
  const dicedCoord = T.dice(coord, coord) as IntTuple;
  const dicedAnti = L.composition(anti, diced);
  const dicedOnly = L.composition(only, diced);
  const off0 = x.offset instanceof MixedBits ? x.offset : (x.offset as Idx);
  if (!(off0 instanceof Int || off0 instanceof MixedBits)) throw new CuteError("slice", "a swizzled layout's offset must be an integer");
  const offsetOnly = bitsXor(off0, toMixedBits(dicedOnly, dicedCoord));
  const offsetAnti = L.crd2idx(dicedCoord, dicedAnti) as Int;
  const slicedOnly = L.composition(only, sliced);
  const active = L.crd2idx(I.sub(L.size(slicedOnly), I._1), slicedOnly) as Int;
  if (active.s && (active.v & ~sw.apply(active.v)) !== 0) {
    // the sliced modes hit Y and Z bits that swizzle together: it stays a swizzled layout
    return [make_composed(sw, offsetOnly, sliced), offsetAnti];
  }
  const Z = sw.zzzMask & -sw.zzzMask, Y = sw.yyyMask & -sw.yyyMask;
  const lo = swizzleStrides(Z < Y, Z, Y, offsetOnly, sw.b);
  const hi = swizzleStrides(Z > Y, Z, Y, offsetOnly, sw.b);
  const absS = Math.abs(sw.s);
  const twos = Array.from({ length: sw.b }, () => S(2));
  const swLayout = new Layout(
    [shape[0]!, twos, S(2 ** (absS - sw.b)), twos, _1],
    [_1, lo, S(2 ** (sw.m + sw.b)), hi, S(2 ** (sw.m + sw.b + absS))],
  );
  return [L.composition(swLayout, sliced), I.add(bitsToInt(swizzleBits(sw, offsetOnly)), offsetAnti)];
}
export function slice(c: Coord, x: ComposedLayout): Value {
  return slice_and_offset(c, x)[0];
}

const viaB = (f: (l: Layout, t: Tiler) => Layout) => (c: ComposedLayout, t: Tiler) => make_composed(c.a, c.offset, f(c.b, t));
export const logical_divide = viaB(L.logical_divide);
export const zipped_divide = viaB(L.zipped_divide);
export const tiled_divide = viaB(L.tiled_divide);
export const flat_divide = viaB(L.flat_divide);
export const logical_product = viaB(L.logical_product);
export const zipped_product = viaB(L.zipped_product);
export const tiled_product = viaB(L.tiled_product);
export const flat_product = viaB(L.flat_product);

export function tile_to_shape(c: ComposedLayout, trg: IntTuple, order?: IntTuple): ComposedLayout | Layout {
  return make_composed(c.a, c.offset, L.tile_to_shape(c.b, trg, order));
}

function log2Exact(n: number, op: string): number {
  if (n <= 0 || (n & (n - 1)) !== 0) throw new CuteError(op, "N must be a power of two");
  return Math.log2(n);
}
/** upcast<N>(Swizzle): N elements become one, so the swizzle's base drops by log2(N) bits */
export function upcastSwizzle(s: Swizzle, n: number): Swizzle {
  const k = log2Exact(n, `upcast<${n}>`);
  const m = s.m - k;
  return m >= 0 ? new Swizzle(s.b, m, s.s) : new Swizzle(Math.max(s.b + m, 0), 0, s.s);
}
/**
 * composition(upcast<N>(A), upcast<N>(offset), upcast<N>(B)), each part as its kind upcasts; an
 * smem_ptr flag keeps the swizzle (it acts on bytes) and counts N times the bits per element
 */
export function upcast(c: ComposedLayout, n: number): ComposedLayout | Layout {
  if (c.offset instanceof SmemPtrFlag) return new ComposedLayout(c.a, new SmemPtrFlag(c.offset.bits * n), L.upcast(c.b, n));
  const off = upcastOffset(c.offset, n);
  // no identity decay here: CuTe keeps the upcast swizzle even when it has no bits left
  const a = c.a instanceof Swizzle ? upcastSwizzle(c.a, n) : L.upcast(c.a, n);
  return new ComposedLayout(a, off, L.upcast(c.b, n));
}
export function downcast(c: ComposedLayout, n: number): ComposedLayout | Layout {
  // the flag's bits per element are divided as C++ divides integers
  if (c.offset instanceof SmemPtrFlag) return new ComposedLayout(c.a, new SmemPtrFlag(Math.trunc(c.offset.bits / n)), L.downcast(c.b, n));
  const off = downcastOffset(c.offset, n);
  const a = c.a instanceof Swizzle ? downcastSwizzle(c.a, n) : L.downcast(c.a, n);
  return new ComposedLayout(a, off, L.downcast(c.b, n));
}

/** upcast<N> of an offset: safe_div by C<N> (a static offset must divide; mixed bits divide part by part) */
function upcastOffset(off: Idx | MixedBits, n: number): Idx | MixedBits {
  if (off instanceof MixedBits) {
    if ((n & (n - 1)) !== 0) throw new CuteError(`upcast<${n}>`, "static assertion failed: Only divide MixedBits by powers of two.");
    const sPart = I.safeDiv(S(off.s), S(n)).v, fPart = I.safeDiv(S(off.f), S(n)).v;
    return makeMixedBits(sPart, D(Math.trunc(off.d / n)), fPart);
  }
  if (off instanceof Int) return unsignedZero(I.safeDiv(off, S(n)));
  throw new CuteError("upcast", "no matching upcast<N> for a coordinate offset", [L.showTup(off as T.Tup<unknown>)]);
}
/** downcast<N> of an offset: m * C<N>, mixed bits scaled part by part */
function downcastOffset(off: Idx | MixedBits, n: number): Idx | MixedBits {
  if (off instanceof MixedBits) {
    if ((n & (n - 1)) !== 0) throw new CuteError(`downcast<${n}>`, "static assertion failed: Only scale MixedBits by powers of two.");
    return makeMixedBits(off.s * n, D(off.d * n), off.f * n);
  }
  if (off instanceof Int) return unsignedZero(I.mul(off, S(n)));
  throw new CuteError("downcast", "no matching downcast<N> for a coordinate offset", [L.showTup(off as T.Tup<unknown>)]);
}
const unsignedZero = (x: Int): Int => (x === _0 ? UNSIGNED_ZERO : x);
/** downcast<N>(Swizzle): one element becomes N, so the swizzle's base rises by log2(N) bits */
export function downcastSwizzle(s: Swizzle, n: number): Swizzle {
  return new Swizzle(s.b, s.m + log2Exact(n, `downcast<${n}>`), s.s);
}

/** recast_layout<Old,New> of a composed layout: CuTe's ratio rule over its upcast and downcast */
export function recast_layout(c: ComposedLayout, oldBits: number, newBits: number): ComposedLayout | Layout {
  return L.recastBy<ComposedLayout | Layout>(
    c,
    oldBits,
    newBits,
    (x, n) => (x instanceof ComposedLayout ? upcast(x, n) : L.upcast(x, n)),
    (x, n) => (x instanceof ComposedLayout ? downcast(x, n) : L.downcast(x, n)),
  );
}
/** recast_layout<Old,New> of a bare swizzle; CuTe's overload cannot both upcast and downcast */
export function recastSwizzle(s: Swizzle, oldBits: number, newBits: number): Swizzle {
  const [num, den] = L.recastRatio(oldBits, newBits);
  if (num !== 1 && den !== 1) {
    throw new CuteError("recast_layout", `recast_layout of a Swizzle by the ratio ${num}/${den} does not compile (CuTe's overload for a swizzle names no layout to upcast and then downcast)`, [showSwizzle(s)]);
  }
  return L.recastBy(s, oldBits, newBits, upcastSwizzle, downcastSwizzle);
}


/** make_swizzle<Y,Z>: the swizzle whose Y and Z masks are these bits */
export function make_swizzle(y: number, z: number): Swizzle {
  const pop = (x: number) => {
    let n = 0;
    for (let v = x >>> 0; v; v &= v - 1) n++;
    return n;
  };
  const ctz = (x: number) => (x === 0 ? 32 : 31 - Math.clz32(x & -x));
  const bz = pop(y), by = pop(z);
  if (bz !== by) throw new CuteError("make_swizzle", "Number of bits in Y and Z don't match", [`Y=${y}`, `Z=${z}`]);
  const m = Math.min(ctz(y), ctz(z)) % 32;
  const sh = ctz(y) - ctz(z);
  const sw = new Swizzle(bz, m, sh);
  if (((y | z) >>> 0) !== ((sw.yyyMask | sw.zzzMask) >>> 0)) throw new CuteError("make_swizzle", "Something went wrong.", [`Y=${y}`, `Z=${z}`]);
  return sw;
}

// ---------------------------------------------------------------- common vectors, products

/** a swizzled layout's swizzle, or a refusal naming the operation (the overloads below take only swizzled layouts) */
function swizzleOf(c: ComposedLayout, op: string): Swizzle {
  if (c.a instanceof Swizzle) return c.a;
  throw new CuteError(op, "no matching overload for a layout-composed layout", [L.showLayout(c.b)]);
}
const baseOf = (sw: Swizzle): Int => S(2 ** sw.m);

/**
 * max_common_vector with a swizzled layout on either side: the inner layouts' common vector,
 * at most 2^M elements of each swizzle (unless both swizzles are the same); it assumes, as
 * CuTe does, that the offset lies in the swizzle's YZ domain
 */
export function max_common_vector(a: Layout | ComposedLayout, b: Layout | ComposedLayout): Int {
  const op = "max_common_vector";
  if (a instanceof ComposedLayout && b instanceof ComposedLayout) {
    const sa = swizzleOf(a, op), sb = swizzleOf(b, op);
    const vec = L.max_common_vector(a.b, b.b);
    return sa.b === sb.b && sa.m === sb.m && sa.s === sb.s ? vec : I.min(I.min(vec, baseOf(sa)), baseOf(sb));
  }
  if (a instanceof ComposedLayout) return I.min(L.max_common_vector(a.b, b as Layout), baseOf(swizzleOf(a, op)));
  if (b instanceof ComposedLayout) return max_common_vector(b, a);
  return L.max_common_vector(a, b);
}

/** max_common_layout with a swizzled layout: the inner layouts' common layout, truncated to 2^M elements */
export function max_common_layout(a: Layout | ComposedLayout, b: Layout | ComposedLayout): Layout {
  const op = "max_common_layout";
  if (a instanceof ComposedLayout && b instanceof ComposedLayout) {
    throw new CuteError(op, "no matching overload for two composed layouts", [L.showLayout(a.b), L.showLayout(b.b)]);
  }
  if (a instanceof ComposedLayout) {
    const common = L.max_common_layout(a.b, b as Layout);
    const base = baseOf(swizzleOf(a, op));
    return base.v < L.size(common).v ? L.composition(common, base) : common;
  }
  // CuTe swaps the operands here: the common layout is then in the other one's domain
  if (b instanceof ComposedLayout) return max_common_layout(b, a);
  return L.max_common_layout(a, b);
}

/**
 * logical_product(Layout, Sw o _0 o T): the product with T, under a new swizzle found by
 * carrying the active Y and Z bits of Sw (as T reaches them) through T and the product
 */
export function logical_product_swizzled(block: Layout, tiler: ComposedLayout): ComposedLayout | Layout {
  const op = "logical_product";
  const sw = swizzleOf(tiler, op);
  const off = tiler.offset;
  if (!(off instanceof Int && off.s && off.v === 0)) throw new CuteError(op, "Require Swizzle offset == 0.", [L.showLayout(block), `${showSwizzle(sw)} o ... o ${L.showLayout(tiler.b)}`]);
  const product = L.logical_product(block, tiler.b);
  const absS = Math.abs(sw.s);
  // P: the projection of an index onto the swizzle's Z and Y bits
  const onlyZY = new Layout([S(2 ** sw.m), S(2 ** sw.b), S(2 ** (absS - sw.b)), S(2 ** sw.b), _1], [_0, S(2 ** sw.m), _0, S(2 ** (sw.m + absS)), _0]);
  const zy = L.composition(onlyZY, tiler.b);
  const last = L.crd2idx(I.sub(L.size(zy), _1), zy);
  if (!(last instanceof Int && last.s)) throw new CuteError(op, "the swizzle's active bits must be known at compile time (make_swizzle takes them as template arguments)", [L.showLayout(tiler.b)]);
  const carry = (bits: number): number => {
    const t = L.crd2idx(S(bits), tiler.b);
    const v = t instanceof Int ? L.crd2idx([_0, t], product) : undefined;
    if (!(v instanceof Int && v.s)) throw new CuteError(op, "the swizzle's new masks must be static integers (make_swizzle takes them as template arguments)", [L.showLayout(product)]);
    return v.v;
  };
  const newZ = carry(last.v & sw.zzzMask), newY = carry(last.v & sw.yyyMask);
  return make_composed(make_swizzle(newY, newZ), _0, product);
}

/** composition(Layout, Swizzle): the swizzle carried through the layout's map of its bit masks */
export function composeLayoutSwizzle(a: Layout, sw: Swizzle): ComposedLayout | Layout {
  const y = L.crd2idx(S(sw.yyyMask), a), z = L.crd2idx(S(sw.zzzMask), a);
  const operands = [L.showLayout(a), showSwizzle(sw)];
  if (!(y instanceof Int && z instanceof Int)) throw new CuteError("composition", "composition(Layout, Swizzle) needs a layout to integers", operands);
  // make_swizzle<Y,Z> takes the images of the swizzle's masks as template arguments
  if (!(y.s && z.s)) throw new CuteError("composition", `composition(Layout, Swizzle) needs the layout's images of the swizzle masks at compile time; L(${sw.yyyMask}) = ${I.show(y)} and L(${sw.zzzMask}) = ${I.show(z)} are not both static`, operands);
  if (y.v < 0 || z.v < 0 || y.v > 0xffffffff || z.v > 0xffffffff) {
    throw new CuteError("composition", `make_swizzle<Y,Z> takes unsigned 32-bit masks; the layout maps them to ${y.v} and ${z.v}`, operands);
  }
  return make_composed(make_swizzle(y.v, z.v), _0, a);
}

function inverse(c: ComposedLayout, inv: (l: Layout) => Layout, op: string): Value {
  if (!(c.a instanceof Swizzle)) throw new CuteError(op, "no matching overload for a layout-composed layout");
  const off = c.offset;
  if (off instanceof Int && off.s && off.v === 0) return composeLayoutSwizzle(inv(c.b), c.a);
  // otherwise composition(inv(B), inv(offset), inv(Sw)): the offset's inverse is its negation, a swizzle is its own
  if (!(off instanceof Int)) throw new CuteError(op, `no matching overload: ${op} of a swizzled layout whose offset is ${showOffset(off)} (CuTe inverts only integral offsets)`);
  return new SwizzleInnerComposed(inv(c.b), I.neg(off), c.a);
}
function showOffset(off: ComposedLayout["offset"]): string {
  if (off instanceof SmemPtrFlag) return `smem_ptr[${off.bits}b](unset)`;
  if (off instanceof MixedBits) return "a mixed-bits offset";
  return Array.isArray(off) ? `the coordinate ${T.tupText(off as IntTuple)}` : off instanceof Int ? I.show(off) : "a basis element";
}

/** (A o offset o Sw)(i) = A(offset + Sw(i)), for an integer i */
export function evalInnerSwizzled(c: SwizzleInnerComposed, x: Int): Idx {
  return L.crd2idx(I.add(c.offset, applySwizzleInt(c.b, x)), c.a);
}
export function right_inverse(c: ComposedLayout): Value {
  return inverse(c, L.right_inverse, "right_inverse");
}
export function left_inverse(c: ComposedLayout): Value {
  return inverse(c, L.left_inverse, "left_inverse");
}

/**
 * max_alignment of a swizzled layout: the gcd of the swizzle's (2^M), the offset's (a static
 * integer is its own; mixed bits give their lowest possibly-set bit) and the inner layout's.
 */
export function max_alignment(c: ComposedLayout): Int {
  const shown = () => composedOperands(c);
  if (!(c.a instanceof Swizzle)) throw new CuteError("max_alignment", "no matching overload: CuTe defines max_alignment of a composed layout only for Sw<B,M,S> o offset o layout", shown());
  const off = c.offset;
  let offAlign: Int;
  if (off instanceof MixedBits) {
    const bits = (off.s | off.f) >>> 0;
    offAlign = S(2 ** (31 - Math.clz32(bits & -bits)));
  } else if (off instanceof Int) {
    if (!off.s) throw new CuteError("max_alignment", "no matching overload: max_alignment of an offset takes a static integer (C<v>) or mixed bits; this offset is dynamic", shown());
    offAlign = off;
  } else {
    throw new CuteError("max_alignment", "no matching overload: max_alignment of an offset takes a static integer (C<v>) or mixed bits", shown());
  }
  return I.gcd(I.gcd(max_alignment_swizzle(c.a), offAlign), L.max_alignment(c.b));
}
/** max_alignment of Sw<B,M,S>: 2^M */
export const max_alignment_swizzle = (s: Swizzle): Int => S(2 ** s.m);

/**
 * domain_offset(coord, composed): the offset moves into the layout, B(coord) added to it, and
 * the pointer offset is _0 (CuTe keeps a composed tensor's pointer and offsets its layout)
 */
export function domain_offset(c: Coord, x: ComposedLayout): [ComposedLayout | Layout, Int] {
  if (T.has_underscore(c)) throw new CuteError("domain_offset", "the coordinate holds _, so layout_b()(coord) is a layout, which cannot be added to the offset", composedOperands(x));
  if (x.offset instanceof SmemPtrFlag || x.offset instanceof MixedBits) {
    throw new CuteError("domain_offset", "no operator+ for this offset type", composedOperands(x));
  }
  return [make_composed(x.a, idxAdd(x.offset, L.crd2idx(c as IntTuple, x.b)), x.b), _0];
}

/** a composed layout's parts, for a refusal's operands */
function composedOperands(c: ComposedLayout): string[] {
  return [c.a instanceof Swizzle ? showSwizzle(c.a) : L.showLayout(c.a), L.showLayout(c.b)];
}

/**
 * as_position_independent_swizzle_layout: a swizzled layout over a shared-memory pointer flag,
 * its swizzle recast from bytes to the flag's element bits, at offset Int<0> (CuTe's printers
 * draw such layouts this way; an outer layout instead of a swizzle recasts as a layout does).
 * Other layouts are returned as they are.
 */
export function as_position_independent_swizzle_layout(l: ComposedLayout): ComposedLayout | Layout {
  if (!(l.offset instanceof SmemPtrFlag)) return l;
  // the overload is generic in the outer function: a layout recasts as a layout does
  const a = l.a instanceof Swizzle ? recastSwizzle(l.a, 8, l.offset.bits) : L.recast_layout(l.a, 8, l.offset.bits);
  return make_composed(a, _0, l.b);
}
