/**
 * The layout algebra (layout.hpp): composition, complement, the right and left inverses,
 * domain_offset, nullspace. Static/dynamic results follow the integer arithmetic. (The common
 * vectors, max_common_layout / max_common_vector, live in ./products.ts beside max_alignment.)
 */
import { CuteError } from "../errors.js";
import * as I from "../integer.js";
import { Int, S, STATIC_HI, STATIC_INTS, STATIC_LO, _0, _1, isConst } from "../integer.js";
import { Idx, ScaledBasis } from "../basis.js";
import * as T from "../int-tuple.js";
import { IntTuple, Stride, StrideLeaf, Coord, Underscore } from "../int-tuple.js";
import { Layout, type Tiler, bwCoalesce, coalesce, coalesce_shape, coalesce_x, coprofile, cosize, crd2idx, filter, make_layout, rank, scaleLeaf, showLayout, showTiler, slice, transformLayout } from "./basics.js";

// ---------------------------------------------------------------- composition

export function composition(lhs: Layout, rhs: Tiler): Layout {
  return compositionOf(lhs, rhs, true);
}
/** composition on CuTe's integers, every step checked (the reference the static path is tested against) */
export function compositionChecked(lhs: Layout, rhs: Tiler): Layout {
  return compositionOf(lhs, rhs, false);
}
function compositionOf(lhs: Layout, rhs: Tiler, fastPath: boolean): Layout {
  if (rhs instanceof Layout) {
    // onto a single integer mode s:d every tiler leaf just has its stride scaled by d (coalescing
    // such an lhs changes at most its shape, by any profile an integer-stride tiler can have)
    if (!Array.isArray(lhs.shape) && lhs.stride instanceof Int) {
      const stride = scaleStrides(rhs.shape, rhs.stride, lhs.stride);
      if (stride !== undefined) return new Layout(rhs.shape, stride);
    }
    // both static (CuTe's common case): coalesce_x and the fold on plain numbers (a leaf or nested lhs by its flat form)
    if (fastPath) {
      let fast = compositionStatic(lhs, rhs);
      if (fast === undefined) {
        const f = flatForm(lhs);
        if (f !== undefined) fast = compositionStatic(f, rhs);
      }
      if (fast !== undefined) return fast;
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
    return transformLayout(lhs, rhs, (m, t) => compositionOf(m, t, fastPath), false);
  }
  if (rhs instanceof Underscore) return lhs;
  const flat = coalesce_x(lhs);
  return compositionImpl(flat.shape, flat.stride, rhs, _1, lhs, rhs);
}

const xS: number[] = [], xD: number[] = [];
let xN = 0;
/**
 * composition(lhs, rhs) for static layouts of small integers with integer strides, lhs a flat
 * tuple of modes (a leaf or nested lhs comes as its flatForm): coalesce_x of lhs and
 * compositionImpl's fold per leaf of rhs, on numbers. Undefined for anything else, a refusal
 * included (the checked path then answers and words it). Written as complement's static path is, for
 * the first pass: lhs read in place and coalesced where it is read, a flat rhs folded mode by
 * mode without the recursion a nested one takes.
 */
function compositionStatic(lhs: Layout, rhs: Layout): Layout | undefined {
  const sh = lhs.shape, st = lhs.stride;
  if (!Array.isArray(sh) || !Array.isArray(st)) return undefined;
  const n = sh.length;
  if (n === 0 || st.length !== n) return undefined;
  // coalesce_x, front to back into (xS, xD)[0..k): a last extent of _1 counts as _2 (the function outside the domain is kept)
  let k = 0;
  for (let i = 0; i < n; i++) {
    const s = sh[i]!, d = st[i]!;
    if (!(s instanceof Int) || !(d instanceof Int) || !s.s || !d.s) return undefined;
    let sv = s.v;
    const dv = d.v;
    if (sv > SMALL || sv < 1 || dv > SMALL || dv < -SMALL) return undefined;
    if (sv === 1) {
      if (i !== n - 1) continue;
      sv = 2;
    }
    // a mode whose stride continues the one before it extends that one
    if (k > 0 && dv === xS[k - 1]! * xD[k - 1]!) {
      const x = xS[k - 1]! * sv;
      if (x > SMALL) return undefined;
      xS[k - 1] = x;
    } else {
      xS[k] = sv;
      xD[k] = dv;
      k++;
    }
  }
  xN = k;
  const rs = rhs.shape, rd = rhs.stride;
  if (!Array.isArray(rs)) {
    if (!(rd instanceof Int) || !rs.s || !rd.s || rs.v < 1 || rs.v > SMALL || rd.v > SMALL || rd.v < -SMALL) return undefined;
    if (k === 1) return new Layout(rs, timesStatic(rd, xD[0]!));
    return foldNum(rs, rd) ? new Layout(fShape!, fStride!) : undefined;
  }
  if (!Array.isArray(rd) || rd.length !== rs.length) return undefined;
  const r = rs.length;
  for (let j = 0; j < r; j++) {
    const s = rs[j]!, d = rd[j]!;
    // a nested rhs: its leaves checked, then the fold by recursion
    if (Array.isArray(s)) return compositionNested(rs, rd, k);
    if (!(d instanceof Int) || !s.s || !d.s || s.v < 1 || s.v > SMALL || d.v > SMALL || d.v < -SMALL) return undefined;
  }
  // onto a single mode s:d every leaf of rhs just has its stride scaled by d
  if (k === 1) {
    const strides: Stride[] = new Array(r);
    for (let j = 0; j < r; j++) strides[j] = timesStatic(rd[j] as Int, xD[0]!);
    return new Layout(rs, strides);
  }
  const shapes: IntTuple[] = new Array(r), strides: Stride[] = new Array(r);
  for (let j = 0; j < r; j++) {
    if (!foldNum(rs[j] as Int, rd[j] as Int)) return undefined;
    shapes[j] = fShape!;
    strides[j] = fStride!;
  }
  return new Layout(shapes, strides);
}
/** a static rhs's stride d times the static d of the lhs's one mode, on numbers (a _0 stays itself) */
function timesStatic(d: Int, by: number): Int {
  return d.v === 0 ? d : I.S(d.v * by);
}
/** compositionStatic of a nested static rhs onto the coalesced lhs (xS, xD)[0..k) */
function compositionNested(rs: IntTuple, rd: Stride, k: number): Layout | undefined {
  leafN = 0;
  if (!staticLeaves(rs, rd)) return undefined;
  for (let i = 0; i < leafN; i++) if (!small(leafS[i]!) || !small(leafD[i]!) || leafS[i]! < 1) return undefined;
  if (k === 1) {
    const stride = scaleStrides(rs, rd, I.S(xD[0]!));
    return stride === undefined ? undefined : new Layout(rs, stride);
  }
  const x = compositionNum(rs, rd);
  return x === undefined ? undefined : new Layout(x[0], x[1]);
}
/** compositionImpl onto the coalesced lhs (xS, xD)[0..xN) of a static rhs mode, as shape and stride */
function compositionNum(rs: IntTuple, rd: Stride): [IntTuple, Stride] | undefined {
  if (Array.isArray(rs)) {
    if (!Array.isArray(rd) || rd.length !== rs.length) return undefined;
    const shapes: IntTuple[] = new Array(rs.length), strides: Stride[] = new Array(rs.length);
    for (let i = 0; i < rs.length; i++) {
      const x = compositionNum(rs[i]!, rd[i]!);
      if (x === undefined) return undefined;
      shapes[i] = x[0];
      strides[i] = x[1];
    }
    return [shapes, strides];
  }
  return foldNum(rs, rd as Int) ? [fShape!, fStride!] : undefined;
}
/** foldNum's result */
let fShape: IntTuple | undefined, fStride: Stride | undefined;
const rS: number[] = [], rD: number[] = [];
/** compositionImpl's fold of one static rhs leaf rs:rd over the coalesced lhs (xS, xD)[0..xN), into (fShape, fStride); false where the checked path must answer */
function foldNum(rs: Int, rd: Int): boolean {
  const d0 = rd.v;
  if (d0 === 0) {
    fShape = rs;
    fStride = rd;
    return true;
  }
  const n = xN;
  let rsV = rs.v, rdV = d0, m = 0;
  for (let i = 0; i < n - 1; i++) {
    const cs = xS[i]!;
    // the refusals (divisibility, a zero divisor) are the checked path's to word
    if (!(rdV % cs === 0 || rdV < cs)) return false;
    const absRd = rdV < 0 ? -rdV : rdV;
    if (absRd === 0) return false;
    const nsV = Math.trunc((cs + absRd - 1) / absRd);
    const cdV = Math.trunc((absRd + cs - 1) / cs);
    const nxV = rdV > 0 ? cdV : rdV < 0 ? -cdV || 0 : 0;
    if (nsV === 1 || rsV === 1) {
      rdV = nxV;
      continue;
    }
    const newV = Math.min(nsV, rsV);
    if (newV === 0 || rsV % newV !== 0) return false;
    rS[m] = newV;
    rD[m] = rdV * xD[i]!;
    if (!small(rD[m]!)) return false;
    m++;
    rsV = Math.trunc(rsV / newV);
    rdV = nxV;
  }
  const lastStride = rdV * xD[n - 1]!;
  if (!small(lastStride)) return false;
  if (m === 0) {
    fShape = I.S(rsV);
    fStride = I.S(lastStride);
    return true;
  }
  if (rsV !== 1) {
    rS[m] = rsV;
    rD[m] = lastStride;
    m++;
  } else if (m === 1) {
    fShape = I.S(rS[0]!);
    fStride = I.S(rD[0]!);
    return true;
  }
  const shape: Int[] = new Array(m), stride: Int[] = new Array(m);
  for (let i = 0; i < m; i++) {
    shape[i] = I.S(rS[i]!);
    stride[i] = I.S(rD[i]!);
  }
  fShape = shape;
  fStride = stride;
  return true;
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
        // two small static integers: their static product on numbers (what I.mul makes of them)
        if (di.s && d.s && di.v <= SMALL && di.v >= -SMALL && d.v <= SMALL && d.v >= -SMALL) out[i] = di.v === 0 ? di : I.S(di.v * d.v);
        else out[i] = di.s && di.v === 0 ? di : I.mul(di, d);
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

/** complement on CuTe's integers, every step checked (the reference the static path is tested against) */
export function complementChecked(l: Layout, cotarget?: IntTuple | Layout): Layout {
  const f = filter(l);
  const target = cotarget === undefined ? cosize(f) : cotarget instanceof Layout ? cotarget.shape : cotarget;
  return complementImpl(f.shape, f.stride, target, l);
}

// ---------------------------------------------------------------- static layouts on plain numbers

/** the leaves of a static layout with integer strides, as numbers (scratch arrays, reused); false otherwise */
const leafS: number[] = [], leafD: number[] = [];
let leafN = 0;
function staticLeaves(shape: IntTuple, stride: Stride): boolean {
  if (Array.isArray(shape)) {
    if (!Array.isArray(stride) || stride.length !== shape.length) return false;
    for (let i = 0; i < shape.length; i++) if (!staticLeaves(shape[i]!, stride[i]!)) return false;
    return true;
  }
  if (!shape.s || !(stride instanceof Int) || !stride.s) return false;
  leafS[leafN] = shape.v;
  leafD[leafN] = stride.v;
  leafN++;
  return true;
}
/** numbers this small keep every product below 2^53: a fast path leaves larger ones to the checked one */
export const SMALL = 2 ** 26;
const small = (x: number) => x <= SMALL && x >= -SMALL;

/** right_inverse's scratch: each mode's prefix product, and the result's modes */
const fD: number[] = [], oS: number[] = [], oD: number[] = [];

/** complement's scratch: the coalesced modes of l, then of the result (its own arrays, whose element kinds no other path changes) */
const cS: number[] = [], cD: number[] = [], cOS: number[] = [], cOD: number[] = [];
/**
 * CuTe's complement. When l is a static flat tuple of modes and cotarget a small static integer
 * (or absent: cosize(l)), here on numbers: filter, then complementImpl, then coalesce, as the
 * checked path does them, in one pass over the modes and one over the result. Anything else, a
 * refusal included, goes to complementOther (which words the refusal). The public function is
 * this path itself, not a wrapper around it: one function fewer for V8 to optimize while a first
 * pass runs.
 *
 * Written for the first call as much as for the millionth: most runs of cute-ts are one pass,
 * and before V8 optimizes this function each call it makes costs more than the arithmetic
 * around it. So the modes are read straight from the layout's integers into the coalesced modes
 * (no leaf arrays), coalescing is written out where it happens, and the only calls are the
 * result's constructors. (Measured on pycute's workload, a cold pass of 20,000: 12.7 ms against
 * 18.3 ms for the same steps through helpers; warm, 29M complements/s against 15M.)
 */
export function complement(l: Layout, cotarget?: IntTuple | Layout): Layout {
  // a small static integer cotarget as its value (of a cotarget's kinds only an Int has a boolean
  // `s`: a tuple or a layout has none); undefined: cosize(l)
  let cotV: number | undefined;
  if (cotarget !== undefined) {
    const c = cotarget as Int;
    if (c.s !== true || c.v > SMALL || c.v < -SMALL) return complementChecked(l, cotarget);
    cotV = c.v;
  }
  // a flat tuple of modes: the layout's own arrays, read in place
  const sh = l.shape, st = l.stride;
  if (!Array.isArray(sh) || !Array.isArray(st)) return complementOther(l, cotarget);
  const n = sh.length;
  if (st.length !== n) return complementOther(l, cotarget);
  // filter (a _0 stride's extent becomes _1) and coalesce, front to back, into (cS, cD)[0..k); the cosize on the way
  // (lastS, lastD): the last coalesced mode, kept in locals
  let k = 0, cos = 1, lastS = 0, lastD = 0;
  for (let i = 0; i < n; i++) {
    const s = sh[i]!, d = st[i]!;
    // a static integer: of what a shape or stride holds only an Int has a boolean `s` (a tuple or a
    // basis has none), and reading it is cheaper than instanceof before V8 optimizes this function
    if ((s as Int).s !== true || (d as Int).s !== true) return complementOther(l, cotarget);
    const sv = (s as Int).v, dv = (d as Int).v;
    if (sv < 1 || sv > SMALL || dv > SMALL || dv < -SMALL) return complementOther(l, cotarget);
    cos += (sv - 1) * (dv < 0 ? -dv : dv);
    if (dv === 0 || sv === 1) continue;
    // a mode whose stride continues the one before it extends that one
    if (k > 0 && dv === lastS * lastD) {
      lastS *= sv;
      if (lastS > SMALL) return complementOther(l, cotarget);
      cS[k - 1] = lastS;
    } else {
      cS[k] = lastS = sv;
      cD[k] = lastD = dv;
      k++;
    }
  }
  const cot = cotV === undefined ? cos : cotV;
  if (cot > SMALL) return complementOther(l, cotarget);
  // an empty layout, or one mapping only to _0: the complement is the whole cotarget
  if (k === 0) return new Layout(S(cot), cot === 1 ? _0 : _1);
  // the modes by increasing stride (the first of equal ones first), each taken mode's extent set
  // to 0: each gives the mode (its stride / the extent so far) : (the extent so far), coalesced into (cOS, cOD)[0..m)
  let m = 0, cur = 1;
  for (let left = k; left > 0; left--) {
    let mi = -1;
    for (let j = 0; j < k; j++) if (cS[j] !== 0 && (mi < 0 || cD[j]! < cD[mi]!)) mi = j;
    const minStride = cD[mi]!;
    // (every number here is within 2^26: | 0 truncates as Math.trunc does, without a call)
    const ns = (minStride / cur) | 0;
    if (ns === 0) return complementOther(l, cotarget);
    if (ns !== 1) {
      if (m > 0 && cur === cOS[m - 1]! * cOD[m - 1]!) {
        const x = cOS[m - 1]! * ns;
        if (x > SMALL) return complementOther(l, cotarget);
        cOS[m - 1] = x;
      } else {
        cOS[m] = ns;
        cOD[m] = cur;
        m++;
      }
    }
    cur = minStride * cS[mi]!;
    if (cur > SMALL) return complementOther(l, cotarget);
    cS[mi] = 0;
  }
  // the rest of the cotarget
  const rest = ((cot + cur - 1) / cur) | 0;
  if (rest !== 1) {
    if (m > 0 && cur === cOS[m - 1]! * cOD[m - 1]!) {
      const x = cOS[m - 1]! * rest;
      if (x > SMALL) return complementOther(l, cotarget);
      cOS[m - 1] = x;
    } else {
      cOS[m] = rest;
      cOD[m] = cur;
      m++;
    }
  }
  // the result, static (layoutOfNumbers, written out: one call fewer on the first pass)
  if (m === 0) return new Layout(_1, _0);
  if (m === 1) {
    const x = cOS[0]!, y = cOD[0]!;
    return new Layout(STATIC_INTS[x - STATIC_LO] ?? S(x), STATIC_INTS[y - STATIC_LO] ?? S(y));
  }
  const rs: Int[] = new Array(m), rd: Int[] = new Array(m);
  // S of each (integers all): the small ones read from its table here, no call per integer (past its ends the read gives undefined)
  for (let i = 0; i < m; i++) {
    const x = cOS[i]!, y = cOD[i]!;
    rs[i] = STATIC_INTS[x - STATIC_LO] ?? S(x);
    rd[i] = STATIC_INTS[y - STATIC_LO] ?? S(y);
  }
  return new Layout(rs, rd);
}

/**
 * complement of what its static path does not read: a leaf or nested layout by its flat form (the
 * same modes, so the same complement), everything else on CuTe's integers, which also words a
 * refusal, naming the layout as given
 */
function complementOther(l: Layout, cotarget: IntTuple | Layout | undefined): Layout {
  const f = flatForm(l);
  if (f !== undefined) {
    try {
      return complement(f, cotarget);
    } catch (e) {
      if (!(e instanceof CuteError)) throw e;
    }
  }
  return complementChecked(l, cotarget);
}
/**
 * A leaf layout, or one with nested modes, as the flat tuple of its modes (what complement and
 * right_inverse read of it, and what their static paths take); undefined for a flat tuple already,
 * or for a shape and stride that are not congruent
 */
export function flatForm(l: Layout): Layout | undefined {
  const sh = l.shape, st = l.stride;
  if (!Array.isArray(sh)) return Array.isArray(st) ? undefined : new Layout([sh], [st]);
  if (!sh.some((x) => Array.isArray(x)) || !T.congruent(sh, st)) return undefined;
  return new Layout(T.flatten(sh), T.flatten(st) as Stride);
}
/** the static layout of the modes (oS, oD)[0..m): `_1:_0` for none, a leaf for one */
function layoutOfNumbers(m: number): Layout {
  if (m === 0) return new Layout(_1, _0);
  if (m === 1) {
    const x = oS[0]!, y = oD[0]!;
    return new Layout(STATIC_INTS[x - STATIC_LO] ?? S(x), STATIC_INTS[y - STATIC_LO] ?? S(y));
  }
  const shape: Int[] = new Array(m), stride: Int[] = new Array(m);
  // S of each (integers all): the small ones read from its table here, no call per integer (past its ends the read gives undefined)
  for (let i = 0; i < m; i++) {
    const x = oS[i]!, y = oD[i]!;
    shape[i] = STATIC_INTS[x - STATIC_LO] ?? S(x);
    stride[i] = STATIC_INTS[y - STATIC_LO] ?? S(y);
  }
  return new Layout(shape, stride);
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

const pS: number[] = [], pD: number[] = [], ord: number[] = [];
/**
 * right_inverse's answers for one coalesced mode, made once: `_s:_1` for each small s, and `_1:_0`
 * where the mode's stride is not 1. A layout is immutable, so one object serves every call, and a
 * call that would allocate the most common answer allocates nothing.
 */
const UNIT_INVERSES: (Layout | undefined)[] = [];
const NO_INVERSE = new Layout(_1, _0);
/**
 * CuTe's right_inverse. A static flat tuple of small integers (most layouts) is inverted here on
 * numbers: coalesce, the sorted walk, coalesce; anything else goes to rightInverseOther. Written
 * for the first call, as complement's static path is: the modes read straight into the coalesced
 * ones, coalescing written out where it happens, the last mode kept in locals, and the public
 * function is this path itself. With V8's optimizing tier off (node --no-opt, which times what
 * runs before it arrives, without its noise), a cold pass of pycute's workload, 20,000 calls,
 * takes 7.4-7.9 ms (11.1 ms before the locals, the table of small integers and the shared one-mode
 * answers). Splitting the walk over two or more modes into a function of its own measured no
 * better with the optimizer on (10.3 against 10.4 ms, medians of 31) and 8.1 against 7.4 ms off.
 */
export function right_inverse(l: Layout): Layout {
  const sh = l.shape, st = l.stride;
  if (!Array.isArray(sh) || !Array.isArray(st)) return rightInverseOther(l);
  const n = sh.length;
  if (n === 0 || st.length !== n) return rightInverseOther(l);
  // coalesce, front to back, into (pS, pD)[0..k): extents of 1 dropped, a mode whose stride continues the one before it merged
  // (lastS, lastD): the last coalesced mode, kept in locals
  let k = 0, lastS = 0, lastD = 0;
  for (let i = 0; i < n; i++) {
    const s = sh[i]!, d = st[i]!;
    // a static integer: of what a shape or stride holds only an Int has a boolean `s` (a tuple or a
    // basis has none), and reading it is cheaper than instanceof before V8 optimizes this function
    if ((s as Int).s !== true || (d as Int).s !== true) return rightInverseOther(l);
    const sv = (s as Int).v, dv = (d as Int).v;
    if (sv > SMALL || sv < -SMALL || dv > SMALL || dv < -SMALL) return rightInverseOther(l);
    if (sv === 1) continue;
    if (k > 0 && dv === lastS * lastD) {
      lastS *= sv;
      if (lastS > SMALL || lastS < -SMALL) return rightInverseOther(l);
      pS[k - 1] = lastS;
    } else {
      pS[k] = lastS = sv;
      pD[k] = lastD = dv;
      k++;
    }
  }
  // one mode s:d (most layouts coalesce to one): its inverse is s:_1 where d is 1, else nothing
  if (k === 1) {
    if (lastD !== 1) return NO_INVERSE;
    if (lastS > STATIC_HI || lastS < 0) return new Layout(S(lastS), _1);
    return (UNIT_INVERSES[lastS] ??= new Layout(STATIC_INTS[lastS - STATIC_LO]!, _1));
  }
  // each mode's prefix product (fD), and the modes' order by stride: CuTe's SortByKey, an exchange sort (not stable)
  let pre = 1;
  for (let i = 0; i < k; i++) {
    ord[i] = i;
    fD[i] = pre;
    pre *= pS[i]!;
    if (pre > SMALL || pre < -SMALL) return rightInverseOther(l);
  }
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      if (pD[ord[j]!]! < pD[ord[i]!]!) {
        const t = ord[i]!;
        ord[i] = ord[j]!;
        ord[j] = t;
      }
    }
  }
  // the modes whose stride continues the extent covered so far, in stride order, as extent : prefix product, coalesced into (oS, oD)[0..m)
  let m = 0, curr = 1;
  for (let j = 0; j < k; j++) {
    const i = ord[j]!;
    if (curr !== pD[i]) continue;
    const s = pS[i]!, d = fD[i]!;
    if (m > 0 && d === oS[m - 1]! * oD[m - 1]!) {
      const x = oS[m - 1]! * s;
      if (x > SMALL || x < -SMALL) return rightInverseOther(l);
      oS[m - 1] = x;
    } else {
      oS[m] = s;
      oD[m] = d;
      m++;
    }
    curr = s * pD[i]!;
    if (curr > SMALL || curr < -SMALL) return rightInverseOther(l);
  }
  return layoutOfNumbers(m);
}

/**
 * right_inverse of what its static path does not read: a leaf or nested layout by its flat form
 * (the same modes, so the same inverse), everything else on CuTe's integers; a basis stride is
 * refused naming the layout as given
 */
function rightInverseOther(l: Layout): Layout {
  const f = flatForm(l);
  return f !== undefined && (f.stride as Stride[]).every((d) => d instanceof Int) ? right_inverse(f) : rightInverseChecked(l);
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
