/**
 * The layout algebra (layout.hpp): composition, complement, the right and left inverses,
 * domain_offset, nullspace, written as CuTe writes them on its integers; static/dynamic results
 * follow the integer arithmetic. composition, complement and right_inverse first ask the number
 * fast paths of ./fast.ts (static layouts of small integers), each at its one dispatch point, and
 * answer here where those do not; the CuTe-shaped functions are exported as `compositionChecked`,
 * `complementChecked` and `rightInverseChecked` for the differential test. (The common vectors,
 * max_common_layout / max_common_vector, live in ./products.ts beside max_alignment.)
 */
import { CuteError } from "../errors.js";
import * as I from "../integer.js";
import { Int, _0, _1, isConst } from "../integer.js";
import { Idx, ScaledBasis } from "../basis.js";
import * as T from "../int-tuple.js";
import { IntTuple, Stride, StrideLeaf, Coord, Underscore } from "../int-tuple.js";
import { Layout, type Tiler, bwCoalesce, coalesce, coalesce_shape, coalesce_x, coprofile, cosize, crd2idx, filter, make_layout, rank, scaleLeaf, showLayout, showTiler, slice, transformLayout } from "./basics.js";
import { complementFast, compositionFast, rightInverseFast } from "./fast.js";

// ---------------------------------------------------------------- composition

/** CuTe's composition: the number fast path (./fast.ts) where it answers, else on CuTe's integers */
export function composition(lhs: Layout, rhs: Tiler): Layout {
  if (rhs instanceof Layout) return compositionFast(lhs, rhs) ?? compositionLayout(lhs, rhs);
  return compositionTiler(lhs, rhs, composition);
}
/** composition on CuTe's integers, every step checked (the reference the fast path is tested against) */
export function compositionChecked(lhs: Layout, rhs: Tiler): Layout {
  if (rhs instanceof Layout) return compositionLayout(lhs, rhs);
  return compositionTiler(lhs, rhs, compositionChecked);
}
/** composition by a tiler that is not a layout: a tuple of tilers mode by mode (each by `compose`), `_` the layout itself, a shape as its compact layout */
function compositionTiler(lhs: Layout, rhs: Tiler, compose: (lhs: Layout, rhs: Tiler) => Layout): Layout {
  if (Array.isArray(rhs)) {
    if (rhs.length > rank(lhs)) {
      throw new CuteError("composition", "static assertion failed: rank(tiler) <= rank(layout)", [showLayout(lhs), `a rank-${rhs.length} tiler`]);
    }
    return transformLayout(lhs, rhs, compose, false);
  }
  if (rhs instanceof Underscore) return lhs;
  const flat = coalesce_x(lhs);
  return compositionImpl(flat.shape, flat.stride, rhs as Int, _1, lhs, rhs);
}
/** composition(lhs, rhs) of two layouts as CuTe writes it: lhs coalesced by rhs's codomain profile, then compositionImpl */
function compositionLayout(lhs: Layout, rhs: Layout): Layout {
  const flat = coalesce_x(lhs, coprofile(rhs));
  return compositionImpl(flat.shape, flat.stride, rhs.shape, rhs.stride, lhs, rhs);
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

/** CuTe's complement: the number fast path (./fast.ts) where it answers, else on CuTe's integers */
export function complement(l: Layout, cotarget?: IntTuple | Layout): Layout {
  return complementFast(l, cotarget) ?? complementChecked(l, cotarget);
}
/** complement on CuTe's integers, every step checked (the reference the fast path is tested against) */
export function complementChecked(l: Layout, cotarget?: IntTuple | Layout): Layout {
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

/** CuTe's right_inverse: the number fast path (./fast.ts) where it answers, else on CuTe's integers */
export function right_inverse(l: Layout): Layout {
  return rightInverseFast(l) ?? rightInverseChecked(l);
}

/** right_inverse on CuTe's integers, every step checked */
export function rightInverseChecked(l: Layout): Layout {
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

// ---------------------------------------------------------------- domain_offset, nullspace

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
