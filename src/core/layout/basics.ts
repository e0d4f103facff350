/**
 * The Layout itself (layout.hpp): construction, queries (size, cosize, coshape), evaluation and
 * slicing, mode surgery, coalesce and filter, and compiled index functions for bulk evaluation.
 */
import { CuteError } from "../errors.js";
import * as I from "../integer.js";
import { Int, S, _0, _1, isConst } from "../integer.js";
import { Idx, ScaledBasis, asArithmeticTuple, idxAdd, idxScale } from "../basis.js";
import * as T from "../int-tuple.js";
import { IntTuple, Stride, StrideLeaf, Tup, Coord, Underscore } from "../int-tuple.js";


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

/** make_layout_like: the same shape, compact strides in the order of the layout's, its static-0 modes kept at 0 */
export function make_layout_like(l: Layout): Layout {
  return new Layout(l.shape, T.compact_order(T.filter_zeros_tuple(l.stride, l.shape), l.stride as IntTuple));
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
/** cosizeWalk's running sum, one per call of cosize (no state shared between calls) */
interface CosizeSum {
  v: number;
  s: boolean;
}
/** cosize for integer strides: 1 + sum (s-1)*|d|, static exactly when that expression is; undefined for other strides (one walk, no arrays: cosize is on the path of every product) */
function cosizeInt(l: Layout): Int | undefined {
  const sum: CosizeSum = { v: 0, s: true };
  return cosizeWalk(l.shape, l.stride, l, sum) ? I.mk(sum.v + 1, sum.s) : undefined;
}
function cosizeOverflow(l: Layout): never {
  throw new CuteError("cosize", `integer overflow: the cosize of ${showLayout(l)} is beyond ${I.SAFE_LIMIT_TEXT} (cute-ts refuses rather than round)`);
}
function cosizeWalk(s: IntTuple, d: Stride, l: Layout, sum: CosizeSum): boolean {
  if (Array.isArray(s)) {
    if (!Array.isArray(d) || d.length !== s.length) return false;
    for (let i = 0; i < s.length; i++) if (!cosizeWalk(s[i]!, d[i]!, l, sum)) return false;
    return true;
  }
  if (!(d instanceof Int)) return false;
  const zeroTerm = (d.s && d.v === 0) || (s.s && s.v === 1);
  if (!zeroTerm) sum.s = sum.s && s.s && d.s;
  const term = (s.v - 1) * Math.abs(d.v);
  sum.v += term;
  // every term and partial sum exact, or refused (an inexact term could be cancelled into range)
  if (!(Math.abs(sum.v) <= Number.MAX_SAFE_INTEGER && Math.abs(term) <= Number.MAX_SAFE_INTEGER)) cosizeOverflow(l);
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
export function transformLayout<X>(l: Layout, t: X[], f: (m: Layout, x: X) => Layout, keepRest = true): Layout {
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
export const scaleLeaf = (s: Int, d: StrideLeaf): StrideLeaf => idxScale(s, d) as StrideLeaf;

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
export function bwCoalesce(shape: Int[], stride: StrideLeaf[], last: number, ns0: Int, nd0: StrideLeaf): Layout {
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
export function coalesce_x(l: Layout, profile?: Tup<unknown>): Layout {
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
export function showTiler(t: Tiler): string {
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
