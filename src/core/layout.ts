/**
 * CuTe's Layout and its algebra (layout.hpp). Each operation is written as CuTe defines it;
 * static/dynamic results follow from the integer arithmetic in integer.ts.
 */
import { CuteError } from "./errors.js";
import * as I from "./integer.js";
import { Int, S, _0, _1, isConst } from "./integer.js";
import { Idx, ScaledBasis, asArithmeticTuple, idxAdd, idxScale } from "./basis.js";
import * as T from "./int-tuple.js";
import { IntTuple, Stride, StrideLeaf, Tup, Coord, Underscore } from "./int-tuple.js";

export class Layout {
  constructor(
    readonly shape: IntTuple,
    readonly stride: Stride,
  ) {}
}

/** a tiler: a layout, a shape, `_`, or a tuple of tilers (CuTe's `Tile<...>`) */
export type Tiler = Layout | Int | Underscore | Tiler[];

export const isLayout = (x: unknown): x is Layout => x instanceof Layout;

// ---------------------------------------------------------------- construction

export function make_layout(shape: IntTuple, stride?: Stride): Layout {
  if (stride === undefined) return new Layout(shape, T.compact_col_major(shape));
  if (!T.congruent(shape, stride)) {
    throw new CuteError("make_layout", "Shape and Stride must be congruent", [showTup(shape), showTup(stride)]);
  }
  return new Layout(shape, stride);
}
export const make_layout_left = (shape: IntTuple) => new Layout(shape, T.compact_col_major(shape));
export const make_layout_right = (shape: IntTuple) => new Layout(shape, T.compact_row_major(shape));

/** make_layout(L0, L1, ...): concatenation; one layout becomes a rank-1 tuple layout */
export function concat(...ls: Layout[]): Layout {
  const shape: IntTuple[] = new Array(ls.length), stride: Stride[] = new Array(ls.length);
  for (let i = 0; i < ls.length; i++) {
    shape[i] = ls[i]!.shape;
    stride[i] = ls[i]!.stride;
  }
  return new Layout(shape, stride);
}

/** make_layout(a, b) */
export function concat2(a: Layout, b: Layout): Layout {
  return new Layout([a.shape, b.shape], [a.stride, b.stride]);
}

export function make_ordered_layout(shape: IntTuple, order: IntTuple): Layout {
  return new Layout(shape, T.compact_order(shape, order));
}

/** make_basis_like: each leaf of shape gets the basis element of its position */
export function make_basis_like(shape: IntTuple, prefix: number[] = []): Stride {
  if (Array.isArray(shape)) return shape.map((s, i) => make_basis_like(s, [...prefix, i]));
  return new ScaledBasis(_1, prefix);
}
export function make_identity_layout(shape: IntTuple): Layout {
  return new Layout(shape, make_basis_like(shape));
}

// ---------------------------------------------------------------- accessors

export const size = (l: Layout): Int => T.size(l.shape);
export const rank = (l: Layout): number => T.rank(l.shape);
export const depth = (l: Layout): number => T.depth(l.shape);

export function sublayout(l: Layout, path: readonly number[], op = "layout"): Layout {
  return new Layout(T.getPath(l.shape, path, op), T.getPath(l.stride, path, op) as Stride);
}

/** inner_product(shape - 1, |stride|), +1 at each leaf: the extent of the codomain */
export function coshape(l: Layout): Idx {
  const co = innerProduct(l.shape, l.stride);
  const a = co instanceof ScaledBasis ? asArithmeticTuple(co) : co;
  return plusOneLeaves(a);
}
function innerProduct(s: IntTuple, d: Stride): Idx {
  if (Array.isArray(s)) {
    if (!Array.isArray(d) || d.length !== s.length) throw new CuteError("cosize", "Mismatched ranks");
    let r: Idx = _0;
    for (let i = 0; i < s.length; i++) r = idxAdd(r, innerProduct(s[i]!, d[i]!));
    return r;
  }
  const m1 = I.sub(s, _1);
  return idxScale(m1, absLeaf(d as StrideLeaf));
}
function plusOneLeaves(x: Idx): Idx {
  if (x instanceof Int) return I.add(x, _1);
  if (x instanceof ScaledBasis) return plusOneLeaves(asArithmeticTuple(x));
  return x.map(plusOneLeaves);
}
export function cosize(l: Layout): Int {
  return cosizeInt(l) ?? T.size(coshape(l) as IntTuple);
}
// the running sum of cosizeWalk (one walk, no arrays: cosize is on the path of every product)
let cosV = 0, cosS = true;
/** cosize for integer strides: 1 + sum (s-1)*|d|, static exactly when that expression is; undefined for other strides */
function cosizeInt(l: Layout): Int | undefined {
  cosV = 0;
  cosS = true;
  return cosizeWalk(l.shape, l.stride, l) ? I.mk(cosV + 1, cosS) : undefined;
}
function cosizeOverflow(l: Layout): never {
  throw new CuteError("cosize", `integer overflow: the cosize of ${showLayout(l)} exceeds 2^53 (cute-ts refuses rather than round)`);
}
function cosizeWalk(s: IntTuple, d: Stride, l: Layout): boolean {
  if (Array.isArray(s)) {
    if (!Array.isArray(d) || d.length !== s.length) return false;
    for (let i = 0; i < s.length; i++) if (!cosizeWalk(s[i]!, d[i]!, l)) return false;
    return true;
  }
  if (!(d instanceof Int)) return false;
  const zeroTerm = (d.s && d.v === 0) || (s.s && s.v === 1);
  if (!zeroTerm) cosS = cosS && s.s && d.s;
  const term = (s.v - 1) * Math.abs(d.v);
  cosV += term;
  // every term and partial sum exact, or refused (an inexact term could be cancelled into range)
  if (!(Math.abs(cosV) <= Number.MAX_SAFE_INTEGER && Math.abs(term) <= Number.MAX_SAFE_INTEGER)) cosizeOverflow(l);
  return true;
}
function absLeaf(d: StrideLeaf): StrideLeaf {
  return d instanceof Int ? I.abs(d) : new ScaledBasis(I.abs(d.value), d.modes);
}

/** coprofile: a tuple of _0 congruent with what the layout maps to */
export function coprofile(l: Layout): Tup<Int> {
  if (allIntStrides(l.stride)) return _0;
  let s: Idx = _0;
  for (const d of T.leaves(l.stride)) s = idxAdd(s, d);
  const a = s instanceof ScaledBasis ? asArithmeticTuple(s) : s;
  return T.repeat_like(a as Tup<Int>, _0);
}

function allIntStrides(d: Stride): boolean {
  if (Array.isArray(d)) {
    for (let i = 0; i < d.length; i++) if (!allIntStrides(d[i]!)) return false;
    return true;
  }
  return d instanceof Int;
}

// ---------------------------------------------------------------- evaluation and slicing

/** L(c): the index of a coordinate (an integer, a flat or hierarchical tuple) */
export function crd2idx(c: IntTuple, l: Layout): Idx {
  return T.crd2idx(c, l.shape, l.stride);
}

export function slice(c: Coord, l: Layout): Layout {
  return new Layout(T.slice(c, l.shape), T.slice(c, l.stride) as Stride);
}
export function dice(c: Coord, l: Layout): Layout {
  return new Layout(T.dice(c, l.shape), T.dice(c, l.stride) as Stride);
}
export function slice_and_offset(c: Coord, l: Layout): [Layout, Idx] {
  const sl = slice(c, l);
  return [sl, offsetOf(c, l)];
}
/** crd2idx of a coordinate whose underscores count as _0 */
export function offsetOf(c: Coord, l: Layout): Idx {
  return T.crd2idx(T.underscoresToZero(c), l.shape, l.stride);
}

// ---------------------------------------------------------------- tuple-like surgery

export const flatten = (l: Layout) => new Layout(T.flatten(l.shape), T.flatten(l.stride));
export const take = (l: Layout, b: number, e: number) => new Layout(T.take(l.shape, b, e), T.take(l.stride, b, e));
export const select = (l: Layout, idx: number[]) => new Layout(T.select(l.shape, idx), T.select(l.stride, idx));
export const group = (l: Layout, b: number, e: number) => new Layout(T.group(l.shape, b, e), T.group(l.stride, b, e));
export const append = (l: Layout, x: Layout = new Layout(_1, _0)) => new Layout(T.append(l.shape, x.shape), T.append(l.stride, x.stride));
export const prepend = (l: Layout, x: Layout = new Layout(_1, _0)) => new Layout(T.prepend(l.shape, x.shape), T.prepend(l.stride, x.stride));
export const appendN = (l: Layout, n: number, x: Layout = new Layout(_1, _0)) =>
  new Layout(T.appendN(l.shape, n, x.shape), T.appendN(l.stride, n, x.stride));
export const replace = (l: Layout, i: number, x: Layout) => new Layout(T.replace(l.shape, i, x.shape), T.replace(l.stride, i, x.stride));

/** zip(A, B): ((A0,B0),(A1,B1),...) by mode */
export function zipLayouts(a: Layout, b: Layout, op = "zip"): Layout {
  // CuTe's zip: a non-tuple first element zips to ((a,b)); a tuple first needs tuples after it
  if (!Array.isArray(a.shape)) return new Layout([[a.shape, b.shape]], [[a.stride, b.stride]]);
  if (!Array.isArray(b.shape)) {
    throw new CuteError(op, `incomplete type "cute::tuple_size<...>" is not allowed: zip needs ${T.rank(a.shape)} modes in ${showLayout(b)}`);
  }
  // every tuple zipped must have the first one's rank
  if (b.shape.length !== a.shape.length) throw new CuteError(op, "static assertion failed with \"Mismatched Ranks\" (zip)", [showLayout(a), showLayout(b)]);
  return new Layout(T.zip([a.shape, b.shape]), T.zip([a.stride, b.stride]));
}

/**
 * transform_layout(A, B, f): f on the common modes, then the leftover modes of A and of B;
 * `keepRest` false drops them (composition's "modes not hit by the tiler").
 */
function transformLayout<X>(l: Layout, t: X[], f: (m: Layout, x: X) => Layout, keepRest = true): Layout {
  const r0 = rank(l);
  const parts: Layout[] = [];
  for (let i = 0; i < t.length && i < r0; i++) parts.push(f(sublayout(l, [i]), t[i]!));
  if (keepRest) for (let i = t.length; i < r0; i++) parts.push(sublayout(l, [i]));
  return concat(...parts);
}

// ---------------------------------------------------------------- coalesce and filter

/** is `a == b` for strides a static true? */
function strideEqStaticTrue(a: StrideLeaf, b: StrideLeaf): boolean {
  if (a instanceof Int && b instanceof Int) return a.s && b.s && a.v === b.v;
  if (a instanceof ScaledBasis && b instanceof ScaledBasis) {
    return a.modes.length === b.modes.length && a.modes.every((m, i) => m === b.modes[i]) && a.value.s && b.value.s && a.value.v === b.value.v;
  }
  return false;
}
const scaleLeaf = (s: Int, d: StrideLeaf): StrideLeaf => idxScale(s, d) as StrideLeaf;

/** is `s * d == front` a static truth (CuTe's merge test in bw_coalesce)? */
function mergesInto(s: Int, d: StrideLeaf, front: StrideLeaf): boolean {
  if (d instanceof Int && front instanceof Int) {
    if (!front.s) return false;
    // mul's rule: a static zero factor gives a static zero; otherwise static when both are
    if (isConst(s, 0) || isConst(d, 0)) return front.v === 0;
    if (!(s.s && d.s)) return false;
    const p = s.v * d.v;
    if (Number.isSafeInteger(p)) return p === front.v;
  }
  return strideEqStaticTrue(scaleLeaf(s, d), front);
}

/**
 * CuTe's bw_coalesce: fold the flat modes [0, last] right to left onto (newShape, newStride).
 * The result is collected back to front (the front mode is the array's last element).
 */
function bwCoalesce(shape: Int[], stride: StrideLeaf[], last: number, ns0: Int, nd0: StrideLeaf): Layout {
  const rs: Int[] = [ns0];
  const rd: StrideLeaf[] = [nd0];
  for (let i = last; i >= 0; i--) {
    const s = shape[i]!, d = stride[i]!;
    if (s.s && s.v === 1) continue;
    const top = rs.length - 1;
    if (top === 0 && isConst(rs[0]!, 1)) {
      rs[0] = s;
      rd[0] = d;
      continue;
    }
    const front = rs[top]!;
    if (front.s && mergesInto(s, d, rd[top]!)) {
      rs[top] = I.mul(s, front);
      rd[top] = d;
    } else {
      rs.push(s);
      rd.push(d);
    }
  }
  if (rs.length === 1) return isConst(rs[0]!, 1) ? new Layout(_1, _0) : new Layout(rs[0]!, rd[0]!);
  return new Layout(rs.reverse(), rd.reverse());
}

export function coalesce(l: Layout, profile?: Tup<unknown>): Layout {
  if (profile !== undefined && Array.isArray(profile)) {
    if (profile.length > rank(l)) throw new CuteError("coalesce", "static assertion failed: the profile has more modes than the layout");
    return transformLayout(l, profile, (m, p) => coalesce(m, p as Tup<unknown>));
  }
  // a single integer mode: only a static 1 changes (to _1:_0)
  if (!Array.isArray(l.shape) && !Array.isArray(l.stride)) return isConst(l.shape, 1) ? new Layout(_1, _0) : l;
  const fs = T.leaves(l.shape), fd = T.leaves(l.stride) as StrideLeaf[];
  const r = fs.length;
  if (r === 0) return l;
  return bwCoalesce(fs, fd, r - 2, fs[r - 1]!, fd[r - 1]!);
}

/** coalesce_x keeps the function outside the domain as well (a trailing _1 mode becomes _2) */
function coalesce_x(l: Layout, profile?: Tup<unknown>): Layout {
  if (profile !== undefined && Array.isArray(profile)) {
    if (profile.length > rank(l)) throw new CuteError("composition", "static assertion failed: codomain profile has more modes than the layout");
    return transformLayout(l, profile, (m, p) => coalesce_x(m, p as Tup<unknown>));
  }
  if (!Array.isArray(l.shape) && !Array.isArray(l.stride)) return isConst(l.shape, 1) ? new Layout(S(2), l.stride) : l;
  const fs = T.leaves(l.shape), fd = T.leaves(l.stride) as StrideLeaf[];
  const r = fs.length;
  if (r === 0) return l;
  const lastS = fs[r - 1]!;
  return bwCoalesce(fs, fd, r - 2, isConst(lastS, 1) ? S(2) : lastS, fd[r - 1]!);
}

/**
 * coalesce of a shape: merge neighbouring static runs and dynamic runs. CuTe folds from the
 * first leaf itself, so one run is a plain integer (`(_2,_3)` -> `_6`) and only a shape that
 * mixes static and dynamic runs stays a tuple (`(_2,3,_4)`).
 */
export function coalesce_shape(shape: IntTuple): IntTuple {
  if (!Array.isArray(shape)) return shape;
  const flat = T.leaves(shape);
  if (flat.length === 0) return [];
  const out: Int[] = [flat[0]!];
  for (let i = 1; i < flat.length; i++) {
    const a = flat[i]!, b = out[out.length - 1]!;
    if (a.s === b.s) out[out.length - 1] = I.mul(b, a);
    else out.push(a);
  }
  return out.length === 1 ? out[0]! : out;
}

export function filter_zeros(l: Layout, profile?: Stride): Layout {
  if (profile === undefined && !hasStaticZero(l.stride)) return l;
  return new Layout(T.filter_zeros_tuple(profile ?? l.stride, l.shape), l.stride);
}
function hasStaticZero(d: Stride): boolean {
  if (Array.isArray(d)) {
    for (let i = 0; i < d.length; i++) if (hasStaticZero(d[i]!)) return true;
    return false;
  }
  return d instanceof Int && d.s && d.v === 0;
}
export function filter(l: Layout, profile?: Tup<unknown>): Layout {
  if (profile !== undefined && Array.isArray(profile)) {
    if (profile.length > rank(l)) throw new CuteError("filter", "static assertion failed: the profile has more modes than the layout");
    return transformLayout(l, profile, (m, p) => filter(m, p as Tup<unknown>));
  }
  return coalesce(filter_zeros(l));
}

// ---------------------------------------------------------------- composition

export function composition(lhs: Layout, rhs: Tiler): Layout {
  if (rhs instanceof Layout) {
    // onto a single integer mode s:d every tiler leaf just has its stride scaled by d (coalescing
    // such an lhs changes at most its shape, by any profile an integer-stride tiler can have)
    if (!Array.isArray(lhs.shape) && lhs.stride instanceof Int) {
      const stride = scaleStrides(rhs.shape, rhs.stride, lhs.stride);
      if (stride !== undefined) return new Layout(rhs.shape, stride);
    }
    const flat = coalesce_x(lhs, coprofile(rhs));
    if (!Array.isArray(flat.shape) && flat.stride instanceof Int) {
      // onto a single integer mode s:d every tiler leaf just has its stride scaled by d
      const stride = scaleStrides(rhs.shape, rhs.stride, flat.stride);
      if (stride !== undefined) return new Layout(rhs.shape, stride);
    }
    return compositionImpl(flat.shape, flat.stride, rhs.shape, rhs.stride, lhs, rhs);
  }
  if (Array.isArray(rhs)) {
    if (rhs.length > rank(lhs)) {
      throw new CuteError("composition", "static assertion failed: rank(tiler) <= rank(layout)", [showLayout(lhs), `a rank-${rhs.length} tiler`]);
    }
    return transformLayout(lhs, rhs, (m, t) => composition(m, t), false);
  }
  if (rhs instanceof Underscore) return lhs;
  const flat = coalesce_x(lhs);
  return compositionImpl(flat.shape, flat.stride, rhs, _1, lhs, rhs);
}

/** the strides of a tiler with integer strides, each times d (a static zero stays _0), as compositionImpl does onto s:d; undefined otherwise */
function scaleStrides(rs: IntTuple, rd: Stride, d: Int): Stride | undefined {
  // times _1 every integer stride is itself (its value and its static-ness): nothing to build
  if (isConst(d, 1)) return intStridesLike(rs, rd) ? rd : undefined;
  if (Array.isArray(rs)) {
    if (!Array.isArray(rd) || rd.length !== rs.length) return undefined;
    const out: Stride[] = new Array(rs.length);
    for (let i = 0; i < rs.length; i++) {
      const si = rs[i]!, di = rd[i]!;
      // a flat mode inline (the common case), a nested one by recursion
      if (!Array.isArray(si) && di instanceof Int) {
        out[i] = di.s && di.v === 0 ? di : I.mul(di, d);
        continue;
      }
      const x = scaleStrides(si, di, d);
      if (x === undefined) return undefined;
      out[i] = x;
    }
    return out;
  }
  if (!(rd instanceof Int)) return undefined;
  return isConst(rd, 0) ? rd : I.mul(rd, d);
}

/** whether the strides have integer leaves and the shape's tuple structure */
function intStridesLike(rs: IntTuple, rd: Stride): boolean {
  if (Array.isArray(rs)) {
    if (!Array.isArray(rd) || rd.length !== rs.length) return false;
    for (let i = 0; i < rs.length; i++) if (!intStridesLike(rs[i]!, rd[i]!)) return false;
    return true;
  }
  return rd instanceof Int;
}

function compositionImpl(ls: IntTuple, ld: Stride, rs: IntTuple, rd: Stride, L: Layout, R: Tiler): Layout {
  if (Array.isArray(rs)) {
    if (!Array.isArray(rd) || rd.length !== rs.length) throw new CuteError("composition", "Mismatched ranks of shape and stride");
    const shapes: IntTuple[] = new Array(rs.length), strides: Stride[] = new Array(rs.length);
    for (let i = 0; i < rs.length; i++) {
      const r = compositionImpl(ls, ld, rs[i]!, rd[i]!, L, R);
      shapes[i] = r.shape;
      strides[i] = r.stride;
    }
    return new Layout(shapes, strides);
  }
  if (Array.isArray(rd)) throw new CuteError("composition", "Mismatched ranks of shape and stride");
  if (rd instanceof ScaledBasis) {
    return compositionImpl(T.getPath(ls, rd.modes, "composition"), T.getPath(ld, rd.modes, "composition") as Stride, rs, rd.value, L, R);
  }
  if (isConst(rd, 0)) return new Layout(rs, rd);
  if (!Array.isArray(ls)) return new Layout(rs, scaleLeaf(rd, ld as StrideLeaf));
  const n = ls.length;
  if (n === 0) throw new CuteError("composition", "the layout has no modes (shape ()): CuTe's coalesce of it does not compile", [showLayout(L), showTiler(R)]);
  if (!Array.isArray(ld) || ld.length !== n) throw new CuteError("composition", "Mismatched ranks of shape and stride", [showLayout(L)]);
  for (let i = 0; i < n; i++) {
    // a mode with no leaves (shape ()) survives coalescing by profile; CuTe cannot compose through it
    if (!(ls[i] instanceof Int) || Array.isArray(ld[i])) throw new CuteError("composition", "the layout has a mode with no elements (shape ()), which CuTe's composition does not compile", [showLayout(L)]);
  }
  const lds = ld as StrideLeaf[];
  const resShape: Int[] = [];
  const resStride: StrideLeaf[] = [];
  // the fold over lhs modes, on plain numbers with their static flags (the same rules as
  // integer.ts: a product is static when both factors are, or when one is a static zero)
  let rsV = rs.v, rsS = rs.s;
  let rdV = rd.v, rdS = rd.s;
  for (let i = 0; i < n - 1; i++) {
    const cs = ls[i] as Int;
    if (cs.s && rdS && !(rdV % cs.v === 0 || rdV < cs.v)) {
      throw new CuteError("composition", "Stride Divisibility Condition", [showLayout(L), showTiler(R)]);
    }
    const absRd = rdV < 0 ? -rdV : rdV;
    if (absRd === 0 || cs.v === 0) {
      // ceil_div(curr_shape, |rest_stride|) and ceil_div(|rest_stride|, curr_shape) divide by zero
      const what = absRd === 0 ? `ceil_div(${I.show(cs)}, ${I.show(I.mk(absRd, rdS))})` : `ceil_div(${I.show(I.mk(absRd, rdS))}, ${I.show(cs)})`;
      throw new CuteError("composition", `integer division by zero in ${what} of a mode of size 0 or a stride of 0 (CuTe: SIGFPE at run time, or a compile error when static)`, [showLayout(L), showTiler(R)]);
    }
    const nsV = ceilDivNum(cs.v, absRd), nsS = cs.s && rdS;
    const cdV = ceilDivNum(absRd, cs.v), sgn = rdV > 0 ? 1 : rdV < 0 ? -1 : 0;
    const nxV = cdV * sgn || 0, nxS = (cs.s && rdS) || (nsS && cdV === 0) || (rdS && sgn === 0);
    if ((nsS && nsV === 1) || (rsS && rsV === 1)) {
      rdV = nxV;
      rdS = nxS;
      continue;
    }
    const newV = Math.min(nsV, rsV), newS = nsS && rsS;
    if (newS && rsS && rsV % newV !== 0) throw new CuteError("composition", "Shape Divisibility Condition", [showLayout(L), showTiler(R)]);
    const newShape = I.mk(newV, newS);
    resShape.push(newShape);
    resStride.push(scaleLeaf(I.mk(rdV, rdS), lds[i]!));
    const restShape = I.div(I.mk(rsV, rsS), newShape);
    rsV = restShape.v;
    rsS = restShape.s;
    rdV = nxV;
    rdS = nxS;
  }
  const lastD = lds[n - 1]!;
  const restShape = I.mk(rsV, rsS), restStride = I.mk(rdV, rdS);
  if (resShape.length === 0) return new Layout(restShape, scaleLeaf(restStride, lastD));
  if (rsS && rsV === 1) return new Layout(T.unwrap(resShape), T.unwrap(resStride));
  resShape.push(restShape);
  resStride.push(scaleLeaf(restStride, lastD));
  return new Layout(resShape, resStride);
}

// ---------------------------------------------------------------- complement

export function complement(l: Layout, cotarget?: IntTuple | Layout): Layout {
  const f = filter(l);
  const target = cotarget === undefined ? cosize(f) : cotarget instanceof Layout ? cotarget.shape : cotarget;
  return complementImpl(f.shape, f.stride, target, l);
}

/** (a + b - 1) / b in C++: on plain floats while that is exact (below 2^52), else checked */
function ceilDivNum(a: number, b: number): number {
  if (Math.abs(a) + Math.abs(b) < 2 ** 52) return Math.trunc((a + b - 1) / b);
  return I.ceilDivInt(I.D(a), I.D(b)).v;
}

function complementImpl(shape: IntTuple, stride: Stride, cotarget: IntTuple, orig: Layout): Layout {
  // an empty layout maps only to 0, like a _0 stride: its complement covers the whole cotarget
  if ((stride instanceof Int && isConst(stride, 0)) || (Array.isArray(shape) && T.leaves(shape).length === 0)) return make_layout(coalesce_shape(cotarget));
  const r = T.rank(shape);
  const sh = (Array.isArray(shape) ? shape.slice() : [shape]) as Int[];
  const sti = (Array.isArray(stride) ? stride.slice() : [stride]) as Int[];
  for (let k = 0; k < r; k++) {
    if (!(sti[k] instanceof Int)) throw new CuteError("complement", "complement of a layout with basis strides is not defined", [showLayout(orig)]);
    if (r !== 1 && !sti[k]!.s) throw new CuteError("complement", "Dynamic-stride complement only for rank-1 layouts", [showLayout(orig)]);
  }
  // the result's modes, flat: mode i is (stride of the i-th smallest mode / the extent so far,
  // the extent so far), then the rest of the cotarget; coalesced at the end as CuTe does
  const outS: Int[] = [], outD: Int[] = [];
  let cur: Int = _1;
  for (let i = 0; i < r - 1; i++) {
    // all strides are static here: the minimum is static, and the first mode holding it is taken
    let minIdx = 0;
    for (let k = 1; k < sti.length; k++) if (sti[k]!.v < sti[minIdx]!.v) minIdx = k;
    const minStride = sti[minIdx]!;
    const newShape = I.div(minStride, cur);
    if (isConst(newShape, 0)) throw new CuteError("complement", "Non-injective Layout detected in complement.", [showLayout(orig)]);
    outS.push(newShape);
    outD.push(cur);
    cur = I.mul(minStride, sh[minIdx]!);
    sh.splice(minIdx, 1);
    sti.splice(minIdx, 1);
  }
  const lastShape = I.div(sti[0]!, cur);
  if (isConst(lastShape, 0)) throw new CuteError("complement", "Non-injective Layout detected in complement.", [showLayout(orig)]);
  outS.push(lastShape);
  outD.push(cur);
  const newStride = I.mul(sti[0]!, sh[0]!);
  const restShape = coalesce_shape(T.ceil_div(cotarget, newStride));
  const restStride = T.compact_col_major(restShape, newStride);
  if (Array.isArray(restShape)) {
    for (let k = 0; k < restShape.length; k++) {
      outS.push(restShape[k] as Int);
      outD.push((restStride as Int[])[k]!);
    }
  } else {
    outS.push(restShape);
    outD.push(restStride as Int);
  }
  const n = outS.length;
  return bwCoalesce(outS, outD, n - 2, outS[n - 1]!, outD[n - 1]!);
}

// ---------------------------------------------------------------- inverses

function prefixProducts(shape: Int[]): Int[] {
  const out: Int[] = [_1];
  for (const s of shape) out.push(I.mul(s, out[out.length - 1]!));
  return out;
}
/**
 * The modes `idx` ordered by their static strides as CuTe's detail::SortByKey orders them: an
 * exchange sort (each later entry whose key is smaller swaps into place), which is not stable,
 * so modes of equal stride may come out of mode order (keys (_2,_2,_1) give modes 2, 1, 0)
 */
function sortByKey(strides: Int[], idx: number[]): number[] {
  const out = idx.slice();
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      if (strides[out[j]!]!.v < strides[out[i]!]!.v) {
        const t = out[i]!;
        out[i] = out[j]!;
        out[j] = t;
      }
    }
  }
  return out;
}

export function right_inverse(l: Layout): Layout {
  const c = coalesce(l);
  const st = T.wrap(c.stride) as StrideLeaf[];
  const sh = T.wrap(c.shape) as Int[];
  for (let k = 0; k < st.length; k++) {
    if (!(st[k] instanceof Int)) throw new CuteError("right_inverse", "right_inverse of a layout with basis strides is not defined", [showLayout(l)]);
  }
  const sti = st as Int[];
  const pre = prefixProducts(sh);
  const staticIdx: number[] = [];
  for (let i = 0; i < sti.length; i++) if (sti[i]!.s) staticIdx.push(i);
  const order = sortByKey(sti, staticIdx);
  const rs: Int[] = [_1];
  const rd: Int[] = [_0];
  let curr: Int = _1;
  for (const i of order) {
    const d = sti[i]!;
    if (curr.s && curr.v === d.v) {
      rs.push(sh[i]!);
      rd.push(pre[i]!);
      curr = I.mul(sh[i]!, d);
    }
  }
  return coalesce(new Layout(rs, rd));
}

export function left_inverse(l: Layout): Layout {
  if (T.leaves(l.shape).length === 0) throw new CuteError("left_inverse", "the layout has no modes (shape ()): CuTe's coalesce of it does not compile", [showLayout(l)]);
  const c = coalesce(l);
  const st = T.wrap(c.stride) as StrideLeaf[];
  const sh = T.wrap(c.shape) as Int[];
  if (!st.every((d) => d instanceof Int && d.s)) throw new CuteError("left_inverse", "Left inverse requires static strides.", [showLayout(l)]);
  const sti = st as Int[];
  const pre = prefixProducts(sh);
  const order = sortByKey(sti, sti.map((_d, i) => i));
  const rs: Int[] = [];
  const rd: Int[] = [_0];
  for (const i of order) {
    const d = sti[i]!;
    if (isConst(d, 0)) continue;
    const sz = T.size(rs);
    if (d.v % sz.v !== 0) throw new CuteError("left_inverse", "Left inverse divisibility condition", [showLayout(l)]);
    rs.push(I.div(d, sz));
    rd.push(pre[i]!);
  }
  rs.push(sh[order[order.length - 1]!]!);
  return coalesce(new Layout(rs, rd));
}

// ---------------------------------------------------------------- common vectors, nullspace

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

/** domain_offset(coord, layout): the layout unchanged and the offset layout(coord), as a pair */
export function domain_offset(c: Coord, l: Layout): [Layout, Idx | Layout] {
  return [l, T.has_underscore(c) ? slice(c, l) : crd2idx(c as IntTuple, l)];
}

export function nullspace(l: Layout): Layout {
  const fd = T.leaves(l.stride);
  const idx = fd.map((_d, i) => i).filter((i) => fd[i] instanceof Int && isConst(fd[i] as Int, 0));
  if (idx.length === 0) return new Layout(_1, _0);
  const fs = T.leaves(l.shape);
  const rstride = T.compact_col_major(fs) as Int[];
  return new Layout(T.unwrap(idx.map((i) => fs[i]!)), T.unwrap(idx.map((i) => rstride[i]!)));
}

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

export const zipped_divide = (l: Layout, t: Tiler) => tileUnzip(logical_divide(l, t), t, "zipped_divide");
export const tiled_divide = (l: Layout, t: Tiler) => unpackModes(zipped_divide(l, t), false);
export const flat_divide = (l: Layout, t: Tiler) => unpackModes(zipped_divide(l, t), true);

// ---------------------------------------------------------------- products

export function logical_product(block: Layout, tiler: Tiler): Layout {
  if (tiler instanceof Layout) {
    return concat2(block, composition(complement(block, I.mul(size(block), cosize(tiler))), tiler));
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

// ---------------------------------------------------------------- text for messages

/** a tuple as CuTe prints it; its elements may be layouts (a tiler) */
export function showTup(t: Tup<unknown>): string {
  if (Array.isArray(t)) return `(${t.map(showTup).join(",")})`;
  if (t instanceof Layout) return showLayout(t);
  return T.tupText(t);
}
export function showLayout(l: Layout): string {
  return `${showTup(l.shape)}:${showTup(l.stride)}`;
}
function showTiler(t: Tiler): string {
  return showTup(t as Tup<unknown>);
}

// ---------------------------------------------------------------- compiled evaluation

/**
 * A layout to integers compiled once into a flat index function (i -> L(i) over the
 * colexicographic 1-D coordinate), for loops that evaluate every cell. Undefined when a
 * stride is a basis element (the result is then a coordinate, not a number).
 */
/**
 * visit(i, L(i)) for every i in [0, n), by an odometer over the leaves (one add per step instead
 * of a division per leaf); false (nothing visited) when compileIndexFn would refuse the layout.
 */
export function forEachIndex(l: Layout, n: number, visit: (i: number, value: number) => void): boolean {
  const leaves = exactIntLeaves(l);
  if (!leaves) return false;
  const { ss, dv } = leaves;
  const r = ss.length;
  if (r === 0) return false;
  const p = ss.findIndex((s) => s < 1);
  if (p === 0) return false;
  if (p > 0) return forEachIndexBlocked(ss, dv, p, n, visit);
  const c = new Array<number>(r).fill(0);
  let v = 0;
  for (let i = 0; i < n; i++) {
    visit(i, v);
    // advance the colexicographic counter: the first leaf fastest; a carry rewinds a leaf
    let k = 0;
    for (; k < r - 1 && c[k]! + 1 === ss[k]!; k++) {
      v -= c[k]! * dv[k]!;
      c[k] = 0;
    }
    c[k]!++;
    v += dv[k]!;
  }
  return true;
}
/**
 * forEachIndex when leaf p has an extent below 1 (CuTe's truncating division then walks the later
 * coordinates backwards): the leaves before it still count as an odometer over blocks of
 * P = s0*...*s(p-1) indices, and the later leaves give one value per block.
 */
function forEachIndexBlocked(ss: number[], dv: number[], p: number, n: number, visit: (i: number, value: number) => void): boolean {
  const rest = indexFnOf(ss.slice(p), dv.slice(p));
  const c = new Array<number>(p).fill(0);
  let v = 0, block = 0, base = rest(0);
  for (let i = 0; i < n; i++) {
    visit(i, base + v);
    let k = 0;
    for (; k < p && c[k]! + 1 === ss[k]!; k++) {
      v -= c[k]! * dv[k]!;
      c[k] = 0;
    }
    if (k === p) base = rest(++block);
    else {
      c[k]!++;
      v += dv[k]!;
    }
  }
  return true;
}

/** L(i) for every i in [0, n) into `out` (forEachIndex) */
export function fillIndices(l: Layout, out: Float64Array, n: number): boolean {
  return forEachIndex(l, n, (i, v) => {
    out[i] = v;
  });
}

/**
 * The leaf extents and integer strides of a layout whose values plain float arithmetic gets exactly:
 * every partial sum stays below 2^51 (room for callers to add two mode functions and a base).
 * Undefined otherwise (basis strides, or values that need the checked crd2idx).
 */
function exactIntLeaves(l: Layout): { ss: number[]; dv: number[] } | undefined {
  const ds = T.leaves(l.stride);
  if (!ds.every((d) => d instanceof Int)) return undefined;
  const ss = T.leaves(l.shape).map((s) => s.v);
  const dv = (ds as Int[]).map((d) => d.v);
  let bound = 0;
  for (let k = 0; k < ss.length; k++) bound += Math.abs(ss[k]! - 1) * Math.abs(dv[k]!);
  return bound <= 2 ** 51 ? { ss, dv } : undefined;
}

export function compileIndexFn(l: Layout): ((i: number) => number) | undefined {
  const leaves = exactIntLeaves(l);
  return leaves && indexFnOf(leaves.ss, leaves.dv);
}
/** i -> sum of coordinate * stride over the leaves, the coordinates by C++'s truncating idx2crd */
function indexFnOf(ss: number[], dv: number[]): (i: number) => number {
  const n = ss.length;
  return (i: number) => {
    let r = 0;
    for (let k = 0; k < n - 1; k++) {
      const s = ss[k]!;
      const c = i % s;
      i = (i - c) / s;
      r += c * dv[k]!;
    }
    return n ? r + i * dv[n - 1]! : 0;
  };
}
