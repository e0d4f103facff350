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
import { ComposedLayout, ComposedInner, ComposedOuter, Swizzle, SmemPtrFlag, SwizzleInnerComposed, applySwizzleInt, innermostLayout, showSwizzle } from "./swizzle.js";
import type { Value } from "./value.js";
import { Bits, MixedBits, showBits, bitsAnd, bitsIsZero, bitsShiftr, bitsToInt, bitsXor, makeMixedBits } from "./mixed-bits.js";
import * as I from "./integer.js";

function offsetIdx(c: ComposedLayout): Idx {
  if (c.offset instanceof SmemPtrFlag) return _0;
  if (c.offset instanceof MixedBits) return D(c.offset.value);
  return c.offset;
}

/** B(c) for a composed layout's inner part B: a layout, or itself a composed layout */
export function evalInner(b: ComposedInner, coord: IntTuple): Idx {
  return b instanceof Layout ? L.crd2idx(coord, b) : evalAt(b, coord);
}
/** A(offset + B(c)) */
export function evalAt(c: ComposedLayout, coord: IntTuple): Idx {
  return applyOuter(c.a, idxAdd(offsetIdx(c), evalInner(c.b, coord)));
}
/** A(x) for a composed layout's outer function A: a swizzle, a layout, or a composed function of integers */
export function applyOuter(a: ComposedOuter, x: Idx): Idx {
  if (a instanceof Swizzle) {
    if (!(x instanceof Int)) throw new CuteError("Swizzle", "a swizzle applies to integer offsets only");
    const v = a.apply(x.v);
    return x.s ? S(v) : D(v);
  }
  // a plain layout A takes a coordinate as well (Layout::operator()): offset + B(c) is one when B
  // maps to coordinates (an identity layout), as in the im2col TMA tensor
  if (a instanceof Layout && Array.isArray(x) && isCoordinate(x)) return L.crd2idx(x, a);
  if (!(x instanceof Int)) throw new CuteError("composition", "the outer layout takes an integer");
  if (a instanceof SwizzleInnerComposed) return evalInnerSwizzled(a, x);
  if (a instanceof ComposedLayout) return evalAt(a, x);
  return L.crd2idx(x, a);
}

/** an arithmetic tuple of integers only: a coordinate a layout can take */
function isCoordinate(x: Idx): x is IntTuple {
  return x instanceof Int || (Array.isArray(x) && x.every(isCoordinate));
}

/**
 * The static zero that upcast/downcast leave as an offset: CuTe's safe_div(C<0>, C<N>) and
 * C<0> * C<N> have type C<0u>, not Int<0>, so the identity overload below never matches it.
 * It prints as _0; only its identity differs from the canonical _0.
 */
export const UNSIGNED_ZERO = new Int(0, true);

/**
 * composition(A, offset, B); an identity swizzle at offset Int<0> over a plain layout is just
 * that layout (CuTe's special case, which takes a Layout only: over a composed B it stays)
 */
export function make_composed(a: ComposedOuter, offset: Idx | SmemPtrFlag | MixedBits, b: ComposedInner): ComposedLayout | Layout {
  if (a instanceof Swizzle && a.b === 0 && offset === _0 && b instanceof Layout) return b;
  return new ComposedLayout(a, offset, b);
}

/**
 * get_swizzle_portion / get_nonswizzle_portion (swizzle_layout.hpp): of Sw<B,M,S> o offset o B,
 * the swizzle and B; of a plain layout, the identity swizzle Sw<0,4,3> and the layout itself.
 * CuTe has them for no other composed layout.
 */
export function get_swizzle_portion(l: Layout | ComposedLayout): Swizzle {
  if (l instanceof Layout) return new Swizzle(0, 4, 3);
  if (l.a instanceof Swizzle) return l.a;
  throw new CuteError("get_swizzle_portion", "no matching overload: it takes a Layout or a ComposedLayout<Swizzle<B,M,S>,Offset,Layout>", [showValue(l)]);
}
export function get_nonswizzle_portion(l: Layout | ComposedLayout): Layout | ComposedLayout {
  if (l instanceof Layout) return l;
  if (l.a instanceof Swizzle) return l.b as Layout | ComposedLayout;
  throw new CuteError("get_nonswizzle_portion", "no matching overload: it takes a Layout or a ComposedLayout<Swizzle<B,M,S>,Offset,Layout>", [showValue(l)]);
}

/** a right-hand side composition(Layout, X) takes as a tiler: a layout, an integer, `_`, or a tuple of them */
function isTiler(v: Value): v is Tiler {
  return v instanceof Layout || v instanceof Int || v instanceof T.Underscore || (Array.isArray(v) && v.every(isTiler));
}
const isZeroOffset = (off: unknown): boolean => off instanceof Int && off.s && off.v === 0;

/**
 * composition(a, b) over CuTe's overloads (layout.hpp, layout_composed.hpp, swizzle_layout.hpp):
 * a composed a (A o k o B) composes its B with b, whatever b is, and keeps A and k; a layout takes
 * a tiler, a swizzle (make_swizzle of its masks' images) or a composed layout at offset 0
 * (composition(composition(a, A), B)); a swizzle takes a layout. Composed layouts nest.
 */
export function composition(a: Value, b: Value): Value {
  if (a instanceof ComposedLayout || a instanceof SwizzleInnerComposed) return compose3(a.a, a.offset, composition(a.b, b));
  if (a instanceof Swizzle) {
    if (b instanceof Layout) return make_composed(a, _0, b);
    if (b instanceof Swizzle) return composeSwizzles(a, b);
    throw new CuteError("composition", "no matching overload: composition(Swizzle, X) takes a plain layout or a swizzle X", [showSwizzle(a), showValue(b)]);
  }
  if (a instanceof Layout) {
    if (b instanceof Swizzle) return composeLayoutSwizzle(a, b);
    if (b instanceof ComposedLayout || b instanceof SwizzleInnerComposed) {
      if (!isZeroOffset(b.offset)) throw new CuteError("composition", "Require offset == 0.", [L.showLayout(a), showValue(b)]);
      return composition(composition(a, b.a), b.b);
    }
    if (isTiler(b)) return L.composition(a, b);
  }
  throw new CuteError("composition", "no matching overload for these operands", [showValue(a), showValue(b)]);
}

/**
 * composition(A, offset, B): the composed layout A o offset o B. A is any function of an integer
 * (swizzle, layout, composed layout); B a layout or composed layout, or a swizzle (i -> A(offset + Sw(i))).
 */
export function compose3(a: Value, off: Value, b: Value): Value {
  if (!(a instanceof Swizzle || a instanceof Layout || a instanceof ComposedLayout || a instanceof SwizzleInnerComposed)) {
    throw new CuteError("composition", "composition(A, offset, B) takes a swizzle, layout or composed layout A", [showValue(a)]);
  }
  if (b instanceof Swizzle || b instanceof SwizzleInnerComposed) {
    if (!(off instanceof Int)) throw new CuteError("composition", "cute-ts composes over a swizzle (A o offset o Sw) at an integer offset only", [showValue(off)]);
    return new SwizzleInnerComposed(a, off, b);
  }
  if (!(b instanceof Layout || b instanceof ComposedLayout)) {
    throw new CuteError("composition", "composition(A, offset, B) takes a layout, composed layout or swizzle B", [showValue(b)]);
  }
  if (!(off instanceof Int || Array.isArray(off) || off instanceof SmemPtrFlag || off instanceof MixedBits)) {
    throw new CuteError("composition", "the offset is an integer, a coordinate, mixed bits or smem_ptr[Nb](unset)", [showValue(off)]);
  }
  return make_composed(a, off as Idx | SmemPtrFlag | MixedBits, b);
}

/** a value's text for a refusal's operands (the printers live above core; this covers what composition meets) */
function showValue(v: Value): string {
  if (v instanceof Layout) return L.showLayout(v);
  if (v instanceof Swizzle) return showSwizzle(v);
  if (v instanceof ComposedLayout || v instanceof SwizzleInnerComposed) return `${showValue(v.a)} o ${showOffsetText(v.offset)} o ${showValue(v.b)}`;
  if (v instanceof Int) return I.show(v);
  if (Array.isArray(v) && v.every((x) => x instanceof Int || Array.isArray(x))) return T.tupText(v as IntTuple);
  return "an operand of another kind";
}
function showOffsetText(off: ComposedLayout["offset"]): string {
  if (off instanceof SmemPtrFlag) return `smem_ptr[${off.bits}b](unset)`;
  if (off instanceof MixedBits) return showBits(off);
  if (off instanceof Int) return I.show(off);
  return Array.isArray(off) ? T.tupText(off as IntTuple) : "an offset";
}

/**
 * slice_and_offset of a composed layout. A layout-composed one keeps A and folds the offset
 * in; a swizzled one decays to a plain layout where the sliced modes miss the swizzle's
 * colliding bits (swizzle_layout.hpp), tracking static and dynamic offset bits. An inner
 * composed layout is sliced the same way, one level down.
 */
export function slice_and_offset(c: Coord, x: ComposedLayout): [ComposedLayout | Layout, Int] {
  if (x.a instanceof Swizzle && x.offset instanceof SmemPtrFlag && x.b instanceof Layout) return flaggedSliceAndOffset(c, x.a, x.offset, x.b);
  if (x.a instanceof Swizzle) return swizzleSliceAndOffset(c, x.a, x);
  const [sl, off] = x.b instanceof Layout ? L.slice_and_offset(c, x.b) : slice_and_offset(c, x.b);
  return [make_composed(x.a, idxAdd(offsetIdx(x), off), sl), _0];
}
/**
 * slice_and_offset of Sw o smem_ptr[Nb](unset) o L (pointer_flagged.hpp, the overload for a
 * flagged swizzle): L is sliced; a static zero offset keeps the flag (Sw o flag o L'), any other
 * offset is added to the flag, an Int<0>, in the middle slot: Sw o off o L', static or dynamic as
 * the offset is (a runtime 0 gives Sw o 0 o L')
 */
function flaggedSliceAndOffset(c: Coord, sw: Swizzle, flag: SmemPtrFlag, b: Layout): [ComposedLayout, Int] {
  const [sl, off] = L.slice_and_offset(c, b);
  if (!(off instanceof Int)) throw new CuteError("slice", "a swizzled layout's offset must be an integer");
  if (off.s && off.v === 0) return [new ComposedLayout(sw, flag, sl), _0];
  return [new ComposedLayout(sw, I.add(_0, off), sl), _0];
}

/** slice(coord, B) for a composed layout's inner part */
function sliceInner(c: Coord, b: ComposedInner): ComposedInner {
  return b instanceof Layout ? L.slice(c, b) : slice_and_offset(c, b)[0];
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
  if (allUnderscore(coord)) return [make_composed(sw, x.offset, sliceInner(coord, x.b)), _0];
  if (!(x.b instanceof Layout)) {
    // the decay dices the inner layout: dice(coord, B) has no overload for a composed B
    throw new CuteError("slice", "no matching overload: slicing Sw o offset o B with a coordinate that is not all _ dices B, and dice takes no composed layout", [showValue(x)]);
  }
  const { anti, only, shape } = swizzleProjections(sw);
  const sliced = L.slice(coord, x.b);
  const diced = L.dice(coord, x.b);
  const dicedCoord = T.dice(coord, coord) as IntTuple;
  const dicedAnti = L.composition(anti, diced);
  const dicedOnly = L.composition(only, diced);
  // the smem pointer flag is an Int<0> (smem_ptr_flag_bits<B> derives from it): the offset arithmetic
  // below makes plain integers of it, so a sliced flagged layout is Sw o _0 o L' (the flag is gone)
  const off0 = x.offset instanceof SmemPtrFlag ? _0 : x.offset instanceof MixedBits ? x.offset : (x.offset as Idx);
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

/**
 * An operation of layout_composed.hpp that applies to the inner layout B and keeps A and the
 * offset (composition(A, offset, f(B))); an inner composed layout takes it one level down.
 */
function viaB<X>(f: (l: Layout, x: X) => Layout): (c: ComposedLayout, x: X) => ComposedLayout | Layout {
  const g = (c: ComposedLayout, x: X): ComposedLayout | Layout => make_composed(c.a, c.offset, c.b instanceof Layout ? f(c.b, x) : g(c.b, x));
  return g;
}
/** f applied to a composed layout's inner layout, at whatever depth it is */
export function onInner(c: ComposedLayout, f: (b: Layout) => Layout): ComposedLayout | Layout {
  return viaB((l: Layout) => f(l))(c, undefined);
}
export const logical_divide = viaB(L.logical_divide);
export const zipped_divide = viaB(L.zipped_divide);
export const tiled_divide = viaB(L.tiled_divide);
export const flat_divide = viaB(L.flat_divide);
export const logical_product = viaB(L.logical_product);
export const zipped_product = viaB(L.zipped_product);
export const tiled_product = viaB(L.tiled_product);
export const flat_product = viaB(L.flat_product);

export function tile_to_shape(c: ComposedLayout, trg: IntTuple, order?: IntTuple): ComposedLayout | Layout {
  return onInner(c, (l) => L.tile_to_shape(l, trg, order));
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
  if (c.offset instanceof SmemPtrFlag) return new ComposedLayout(c.a, new SmemPtrFlag(c.offset.bits * n), upcastAny(c.b, n) as ComposedInner);
  const off = upcastOffset(c.offset, n);
  // no identity decay here: CuTe keeps the upcast swizzle even when it has no bits left
  return new ComposedLayout(upcastAny(c.a, n), off, upcastAny(c.b, n) as ComposedInner);
}
export function downcast(c: ComposedLayout, n: number): ComposedLayout | Layout {
  // the flag's bits per element are divided as C++ divides integers
  if (c.offset instanceof SmemPtrFlag) return new ComposedLayout(c.a, new SmemPtrFlag(Math.trunc(c.offset.bits / n)), downcastAny(c.b, n) as ComposedInner);
  const off = downcastOffset(c.offset, n);
  return new ComposedLayout(downcastAny(c.a, n), off, downcastAny(c.b, n) as ComposedInner);
}
/** upcast<N> of each part of a composed layout, as its kind upcasts (a nested composed layout part by part) */
function upcastAny(x: ComposedOuter, n: number): ComposedOuter {
  if (x instanceof Swizzle) return upcastSwizzle(x, n);
  if (x instanceof Layout) return L.upcast(x, n);
  if (x instanceof ComposedLayout) return upcast(x, n) as ComposedOuter;
  return new SwizzleInnerComposed(upcastAny(x.a, n), upcastOffset(x.offset, n) as Int, upcastAny(x.b, n) as Swizzle | SwizzleInnerComposed);
}
function downcastAny(x: ComposedOuter, n: number): ComposedOuter {
  if (x instanceof Swizzle) return downcastSwizzle(x, n);
  if (x instanceof Layout) return L.downcast(x, n);
  if (x instanceof ComposedLayout) return downcast(x, n) as ComposedOuter;
  return new SwizzleInnerComposed(downcastAny(x.a, n), downcastOffset(x.offset, n) as Int, downcastAny(x.b, n) as Swizzle | SwizzleInnerComposed);
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
  throw new CuteError(op, "no matching overload for a layout-composed layout", [showValue(c)]);
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
    const vec = max_common_vector(a.b, b.b);
    return sa.b === sb.b && sa.m === sb.m && sa.s === sb.s ? vec : I.min(I.min(vec, baseOf(sa)), baseOf(sb));
  }
  if (a instanceof ComposedLayout) return I.min(max_common_vector(a.b, b), baseOf(swizzleOf(a, op)));
  if (b instanceof ComposedLayout) return max_common_vector(b, a);
  return L.max_common_vector(a, b);
}

/** max_common_layout with a swizzled layout: the inner layouts' common layout, truncated to 2^M elements */
export function max_common_layout(a: Layout | ComposedLayout, b: Layout | ComposedLayout): Layout {
  const op = "max_common_layout";
  if (a instanceof ComposedLayout && b instanceof ComposedLayout) {
    throw new CuteError(op, "no matching overload for two composed layouts", [showValue(a), showValue(b)]);
  }
  if (a instanceof ComposedLayout) {
    const common = max_common_layout(a.b, b);
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
  if (!(off instanceof Int && off.s && off.v === 0)) throw new CuteError(op, "Require Swizzle offset == 0.", [L.showLayout(block), showValue(tiler)]);
  // an inner composed tiler takes its own swizzled product first
  const product = tiler.b instanceof Layout ? L.logical_product(block, tiler.b) : logical_product_swizzled(block, tiler.b);
  const absS = Math.abs(sw.s);
  // P: the projection of an index onto the swizzle's Z and Y bits
  const onlyZY = new Layout([S(2 ** sw.m), S(2 ** sw.b), S(2 ** (absS - sw.b)), S(2 ** sw.b), _1], [_0, S(2 ** sw.m), _0, S(2 ** (sw.m + absS)), _0]);
  const zy = composition(onlyZY, tiler.b) as ComposedInner;
  const last = evalInner(zy, I.sub(L.size(zy instanceof Layout ? zy : innermostLayout(zy)), _1));
  if (!(last instanceof Int && last.s)) throw new CuteError(op, "the swizzle's active bits must be known at compile time (make_swizzle takes them as template arguments)", [showValue(tiler.b)]);
  const carry = (bits: number): number => {
    const t = evalInner(tiler.b, S(bits));
    const v = t instanceof Int ? evalInner(product, [_0, t]) : undefined;
    if (!(v instanceof Int && v.s)) throw new CuteError(op, "the swizzle's new masks must be static integers (make_swizzle takes them as template arguments)", [showValue(product)]);
    return v.v;
  };
  const newZ = carry(last.v & sw.zzzMask), newY = carry(last.v & sw.yyyMask);
  return composition(make_swizzle(newY, newZ), product) as ComposedLayout | Layout;
}

/** composition(Swizzle, Swizzle) of one shift (swizzle.hpp): the swizzle of their XORed Y and Z masks */
export function composeSwizzles(a: Swizzle, b: Swizzle): Swizzle {
  if (a.s !== b.s) throw new CuteError("composition", "Can only merge swizzles of the same shift.", [showSwizzle(a), showSwizzle(b)]);
  return make_swizzle((a.yyyMask ^ b.yyyMask) >>> 0, (a.zzzMask ^ b.zzzMask) >>> 0);
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

/**
 * right_inverse / left_inverse of a composed layout A o k o B. Sw o k o B: at k = 0 the swizzle
 * passes to the left, composition(inv(B), Sw); otherwise, and for any other A (layout_composed.hpp's
 * overload), composition(inv(B), inv(k), inv(A)): an integral offset inverts to its negation and
 * a swizzle is its own inverse. A nested B or A inverts the same way, one level down.
 */
function inverse(c: ComposedLayout, inv: (l: Layout) => Layout, op: string): Value {
  const off = c.offset;
  if (c.a instanceof Swizzle && off instanceof Int && off.s && off.v === 0) return composition(invertAny(c.b, inv, op), c.a);
  if (!(off instanceof Int)) throw new CuteError(op, `no matching overload: ${op} of a ${c.a instanceof Swizzle ? "swizzled" : "composed"} layout whose offset is ${showOffset(off)} (CuTe inverts only integral offsets)`);
  return compose3(invertAny(c.b, inv, op), I.neg(off), invertAny(c.a, inv, op));
}
/** the inverse of any part of a composed layout */
function invertAny(x: ComposedOuter, inv: (l: Layout) => Layout, op: string): Value {
  if (x instanceof Swizzle) return x;
  if (x instanceof Layout) return inv(x);
  if (x instanceof ComposedLayout) return inverse(x, inv, op);
  // A o k o Sw is a composed layout whose B is a swizzle (or another such): as above, by A's kind
  if (x.a instanceof Swizzle && isZeroOffset(x.offset)) return composition(invertAny(x.b, inv, op), x.a);
  return compose3(invertAny(x.b, inv, op), I.neg(x.offset), invertAny(x.a, inv, op));
}
function showOffset(off: ComposedLayout["offset"]): string {
  if (off instanceof SmemPtrFlag) return `smem_ptr[${off.bits}b](unset)`;
  if (off instanceof MixedBits) return "a mixed-bits offset";
  return Array.isArray(off) ? `the coordinate ${T.tupText(off as IntTuple)}` : off instanceof Int ? I.show(off) : "a basis element";
}

/** (A o offset o Sw)(i) = A(offset + Sw(i)), for an integer i */
export function evalInnerSwizzled(c: SwizzleInnerComposed, x: Int): Idx {
  const inner = c.b instanceof Swizzle ? applySwizzleInt(c.b, x) : evalInnerSwizzled(c.b, x);
  if (!(inner instanceof Int)) throw new CuteError("composition", "the outer function takes an integer");
  return applyOuter(c.a, I.add(c.offset, inner));
}
export function right_inverse(c: ComposedLayout | SwizzleInnerComposed): Value {
  return invertAny(c, L.right_inverse, "right_inverse");
}
export function left_inverse(c: ComposedLayout | SwizzleInnerComposed): Value {
  return invertAny(c, L.left_inverse, "left_inverse");
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
  return I.gcd(I.gcd(max_alignment_swizzle(c.a), offAlign), c.b instanceof Layout ? L.max_alignment(c.b) : max_alignment(c.b));
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
  return [make_composed(x.a, idxAdd(x.offset, evalInner(x.b, c as IntTuple)), x.b), _0];
}

/** a composed layout's parts, for a refusal's operands */
function composedOperands(c: ComposedLayout): string[] {
  return [showValue(c.a), showValue(c.b)];
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
  const a = recastOuter(l.a, 8, l.offset.bits);
  return make_composed(a, _0, l.b);
}
function recastOuter(a: ComposedOuter, oldBits: number, newBits: number): ComposedOuter {
  if (a instanceof Swizzle) return recastSwizzle(a, oldBits, newBits);
  if (a instanceof Layout) return L.recast_layout(a, oldBits, newBits);
  if (a instanceof ComposedLayout) return recast_layout(a, oldBits, newBits) as ComposedOuter;
  throw new CuteError("recast_layout", "no matching overload: cute-ts recasts a layout composed over a swizzle (A o k o Sw) only as its parts", [showValue(a)]);
}
