/**
 * The layout algebra's number fast paths: composition, complement and right_inverse of static
 * layouts of small integers, and logical_product's cotarget, on plain numbers. Each answers what
 * the CuTe-shaped function of ./algebra.ts answers on CuTe's integers, or undefined (for anything
 * it does not read, a refusal included: the CuTe-shaped function then answers and words it).
 * ./algebra.ts reaches this module at one point per operation (`xFast(...) ?? x on CuTe's
 * integers`), ./products.ts for logical_product's cotarget; test/static-paths.test.ts keeps each
 * equal to the CuTe-shaped one.
 *
 * No state is shared between calls: the module has no variable, its constants (right_inverse's common
 * answers) are made at load and never written (the table frozen), and a call's scratch is one array of numbers of its
 * own, `w`, made only when the layout has two or more modes after coalescing (most have one). So a
 * call made while another runs (re-entrance) answers as alone.
 *
 * Written for the first call as much as for the millionth: most runs of cute-ts are one pass, and
 * before V8 optimizes a function each call it makes costs more than the arithmetic around it. So
 * the modes are read straight from the layout's integers into the coalesced modes, coalescing is
 * written out where it happens, the last mode is kept in locals, and small static integers are read
 * from STATIC_INTS (integer.ts) rather than made by a call to `S`. The bench's "unoptimized" figure
 * (`node --no-opt`) times such a change without the optimizing compiler's noise.
 */
import * as I from "../integer.js";
import { Int, S, STATIC_HI, STATIC_INTS, STATIC_LO, _0, _1, isConst } from "../integer.js";
import * as T from "../int-tuple.js";
import type { IntTuple, Stride } from "../int-tuple.js";
import { Layout } from "./basics.js";

/** numbers this small keep every product below 2^53: a fast path leaves larger ones to CuTe's integers */
export const SMALL = 2 ** 26;
const small = (x: number) => x <= SMALL && x >= -SMALL;

/**
 * A leaf layout, or one with nested modes, as the flat tuple of its modes (what complement and
 * right_inverse read of it, and what the fast paths take); undefined for a flat tuple already,
 * or for a shape and stride that are not congruent
 */
export function flatForm(l: Layout): Layout | undefined {
  const sh = l.shape, st = l.stride;
  if (!Array.isArray(sh)) return Array.isArray(st) ? undefined : new Layout([sh], [st]);
  if (!sh.some((x) => Array.isArray(x)) || !T.congruent(sh, st)) return undefined;
  return new Layout(T.flatten(sh), T.flatten(st) as Stride);
}

/**
 * The static layout of the m modes in w from b on (shape, stride pairs): `_1:_0` for none, a leaf
 * for one. Small integers are read from STATIC_INTS, no call per integer (past its ends the read
 * gives undefined).
 */
function layoutOfModes(w: number[], b: number, m: number): Layout {
  if (m === 0) return new Layout(_1, _0);
  if (m === 1) {
    const x = w[b]!, y = w[b + 1]!;
    return new Layout(STATIC_INTS[x - STATIC_LO] ?? S(x), STATIC_INTS[y - STATIC_LO] ?? S(y));
  }
  const shape: Int[] = new Array(m), stride: Int[] = new Array(m);
  for (let i = 0; i < m; i++) {
    const x = w[b + 2 * i]!, y = w[b + 2 * i + 1]!;
    shape[i] = STATIC_INTS[x - STATIC_LO] ?? S(x);
    stride[i] = STATIC_INTS[y - STATIC_LO] ?? S(y);
  }
  return new Layout(shape, stride);
}

// ---------------------------------------------------------------- composition

/**
 * composition(lhs, rhs) on numbers, or undefined: onto a single integer mode s:d every tiler leaf
 * just has its stride scaled by d; else, both static, coalesce_x of lhs (a leaf or nested lhs by
 * its flat form) and compositionImpl's fold per leaf of rhs
 */
export function compositionFast(lhs: Layout, rhs: Layout): Layout | undefined {
  // coalescing an lhs of one integer mode changes at most its shape, by any profile an integer-stride tiler can have
  if (!Array.isArray(lhs.shape) && lhs.stride instanceof Int) {
    const stride = scaleStrides(rhs.shape, rhs.stride, lhs.stride);
    if (stride !== undefined) return new Layout(rhs.shape, stride);
  }
  const fast = compositionStatic(lhs, rhs);
  if (fast !== undefined) return fast;
  const f = flatForm(lhs);
  return f === undefined ? undefined : compositionStatic(f, rhs);
}

/**
 * composition(lhs, rhs) for static layouts of small integers with integer strides, lhs a flat
 * tuple of modes: coalesce_x of lhs (read in place, coalesced where it is read) and the fold per
 * leaf of rhs (a flat rhs mode by mode, without the recursion a nested one takes)
 */
function compositionStatic(lhs: Layout, rhs: Layout): Layout | undefined {
  const sh = lhs.shape, st = lhs.stride;
  if (!Array.isArray(sh) || !Array.isArray(st)) return undefined;
  const n = sh.length;
  if (n === 0 || st.length !== n) return undefined;
  // coalesce_x, front to back: a last extent of _1 counts as _2 (the function outside the domain
  // is kept); the modes before the last into w, the last in (lastS, lastD)
  let w: number[] | undefined, k = 0, lastS = 0, lastD = 0;
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
    if (k > 0 && dv === lastS * lastD) {
      lastS *= sv;
      if (lastS > SMALL) return undefined;
    } else {
      if (k === 1) w = [lastS, lastD];
      else if (k > 1) {
        w![2 * k - 2] = lastS;
        w![2 * k - 1] = lastD;
      }
      lastS = sv;
      lastD = dv;
      k++;
    }
  }
  if (w !== undefined) {
    w[2 * k - 2] = lastS;
    w[2 * k - 1] = lastD;
  }
  const rs = rhs.shape, rd = rhs.stride;
  if (!Array.isArray(rs)) {
    if (!(rd instanceof Int) || !rs.s || !rd.s || rs.v < 1 || rs.v > SMALL || rd.v > SMALL || rd.v < -SMALL) return undefined;
    if (w === undefined) return new Layout(rs, timesStatic(rd, lastD));
    const m = foldNum(w, k, rs.v, rd.v);
    return m < 0 ? undefined : layoutOfModes(w, 2 * k, m);
  }
  if (!Array.isArray(rd) || rd.length !== rs.length) return undefined;
  const r = rs.length;
  for (let j = 0; j < r; j++) {
    const s = rs[j]!, d = rd[j]!;
    // a nested rhs: its leaves checked, then the fold by recursion
    if (Array.isArray(s)) return compositionNested(w, k, lastD, rs, rd);
    if (!(d instanceof Int) || !s.s || !d.s || s.v < 1 || s.v > SMALL || d.v > SMALL || d.v < -SMALL) return undefined;
  }
  // onto a single mode s:d every leaf of rhs just has its stride scaled by d
  if (w === undefined) {
    const strides: Stride[] = new Array(r);
    for (let j = 0; j < r; j++) strides[j] = timesStatic(rd[j] as Int, lastD);
    return new Layout(rs, strides);
  }
  const shapes: IntTuple[] = new Array(r), strides: Stride[] = new Array(r);
  for (let j = 0; j < r; j++) {
    const m = foldNum(w, k, (rs[j] as Int).v, (rd[j] as Int).v);
    if (m < 0) return undefined;
    const x = layoutOfModes(w, 2 * k, m);
    shapes[j] = x.shape;
    strides[j] = x.stride;
  }
  return new Layout(shapes, strides);
}
/** a static rhs's stride d times the static d of the lhs's one mode, on numbers (a _0 stays itself) */
function timesStatic(d: Int, by: number): Int {
  return d.v === 0 ? d : I.S(d.v * by);
}
/** whether every leaf of a nested rhs is a small static integer, its extents positive */
function smallStaticLeaves(shape: IntTuple, stride: Stride): boolean {
  if (Array.isArray(shape)) {
    if (!Array.isArray(stride) || stride.length !== shape.length) return false;
    for (let i = 0; i < shape.length; i++) if (!smallStaticLeaves(shape[i]!, stride[i]!)) return false;
    return true;
  }
  return shape.s && stride instanceof Int && stride.s && shape.v >= 1 && small(shape.v) && small(stride.v);
}
/** compositionStatic of a nested static rhs onto the coalesced lhs: w's k modes, or the one mode of stride d (w undefined) */
function compositionNested(w: number[] | undefined, k: number, d: number, rs: IntTuple, rd: Stride): Layout | undefined {
  if (!smallStaticLeaves(rs, rd)) return undefined;
  if (w === undefined) {
    const stride = scaleStrides(rs, rd, I.S(d));
    return stride === undefined ? undefined : new Layout(rs, stride);
  }
  return compositionNum(w, k, rs, rd);
}
/** compositionImpl onto the coalesced lhs (w's k modes) of a static rhs mode, as a layout */
function compositionNum(w: number[], k: number, rs: IntTuple, rd: Stride): Layout | undefined {
  if (Array.isArray(rs)) {
    const shapes: IntTuple[] = new Array(rs.length), strides: Stride[] = new Array(rs.length);
    for (let i = 0; i < rs.length; i++) {
      const x = compositionNum(w, k, rs[i]!, (rd as Stride[])[i]!);
      if (x === undefined) return undefined;
      shapes[i] = x.shape;
      strides[i] = x.stride;
    }
    return new Layout(shapes, strides);
  }
  const m = foldNum(w, k, rs.v, (rd as Int).v);
  return m < 0 ? undefined : layoutOfModes(w, 2 * k, m);
}
/**
 * compositionImpl's fold of one static rhs leaf rs:rd over the coalesced lhs (w's k modes, k >= 2):
 * the result's modes written into w after them (from 2k on), their number returned; -1 where the
 * CuTe-shaped path must answer (a refusal, which it words, or a number past SMALL)
 */
function foldNum(w: number[], k: number, rs: number, rd: number): number {
  const b = 2 * k;
  if (rd === 0) {
    w[b] = rs;
    w[b + 1] = 0;
    return 1;
  }
  let rsV = rs, rdV = rd, m = 0;
  for (let i = 0; i < k - 1; i++) {
    const cs = w[2 * i]!;
    // the refusals (divisibility, a zero divisor) are the CuTe-shaped path's to word
    if (!(rdV % cs === 0 || rdV < cs)) return -1;
    const absRd = rdV < 0 ? -rdV : rdV;
    if (absRd === 0) return -1;
    const nsV = Math.trunc((cs + absRd - 1) / absRd);
    const cdV = Math.trunc((absRd + cs - 1) / cs);
    const nxV = rdV > 0 ? cdV : rdV < 0 ? -cdV || 0 : 0;
    if (nsV === 1 || rsV === 1) {
      rdV = nxV;
      continue;
    }
    const newV = Math.min(nsV, rsV);
    if (newV === 0 || rsV % newV !== 0) return -1;
    const d = rdV * w[2 * i + 1]!;
    if (!small(d)) return -1;
    w[b + 2 * m] = newV;
    w[b + 2 * m + 1] = d;
    m++;
    rsV = Math.trunc(rsV / newV);
    rdV = nxV;
  }
  const lastStride = rdV * w[2 * k - 1]!;
  if (!small(lastStride)) return -1;
  // the rest of rs, unless it is 1 after at least one mode
  if (m === 0 || rsV !== 1) {
    w[b + 2 * m] = rsV;
    w[b + 2 * m + 1] = lastStride;
    m++;
  }
  return m;
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

// ---------------------------------------------------------------- complement

/**
 * complement(l, cotarget) on numbers, or undefined: l a static flat tuple of modes (a leaf or nested
 * l by its flat form, the same modes, tried where this function gives up) and cotarget a small
 * static integer or absent (cosize(l)): filter, then complementImpl, then coalesce, as the
 * CuTe-shaped path does them, in one pass over the modes and one over the result
 */
export function complementFast(l: Layout, cotarget: IntTuple | Layout | undefined): Layout | undefined {
  // a small static integer cotarget as its value (of a cotarget's kinds only an Int has a boolean
  // `s`: a tuple or a layout has none); -1: cosize(l)
  let cotV = -1;
  if (cotarget !== undefined) {
    const c = cotarget as Int;
    if (c.s !== true || c.v > SMALL || c.v < 0) return undefined;
    cotV = c.v;
  }
  // every way this path gives up leaves this block: the flat form is tried at one place (so V8 inlines it once)
  gaveUp: {
    // a flat tuple of modes: the layout's own arrays, read in place
    const sh = l.shape, st = l.stride;
    if (!Array.isArray(sh) || !Array.isArray(st)) break gaveUp;
    const n = sh.length;
    if (st.length !== n) break gaveUp;
    // filter (a _0 stride's extent becomes _1) and coalesce, front to back: the modes before the
    // last into w, the last in (lastS, lastD); the cosize on the way
    let w: number[] | undefined, k = 0, cos = 1, lastS = 0, lastD = 0;
    for (let i = 0; i < n; i++) {
      const s = sh[i]!, d = st[i]!;
      // a static integer: of what a shape or stride holds only an Int has a boolean `s` (a tuple or a
      // basis has none), and reading it is cheaper than instanceof before V8 optimizes this function
      if ((s as Int).s !== true || (d as Int).s !== true) break gaveUp;
      const sv = (s as Int).v, dv = (d as Int).v;
      if (sv < 1 || sv > SMALL || dv > SMALL || dv < -SMALL) break gaveUp;
      cos += (sv - 1) * (dv < 0 ? -dv : dv);
      if (dv === 0 || sv === 1) continue;
      // a mode whose stride continues the one before it extends that one
      if (k > 0 && dv === lastS * lastD) {
        lastS *= sv;
        if (lastS > SMALL) break gaveUp;
      } else {
        if (k === 1) w = [lastS, lastD];
        else if (k > 1) {
          w![2 * k - 2] = lastS;
          w![2 * k - 1] = lastD;
        }
        lastS = sv;
        lastD = dv;
        k++;
      }
    }
    const cot = cotV < 0 ? cos : cotV;
    if (cot > SMALL) break gaveUp;
    // an empty layout, or one mapping only to _0: the complement is the whole cotarget
    if (k === 0) return new Layout(S(cot), cot === 1 ? _0 : _1);
    if (w === undefined) {
      // one mode s:d (s > 1, d != 0): the mode d : 1 (unless d is 1), then the rest of the
      // cotarget ceil(cot / (d s)) : d s (unless it is 1); the two never coalesce (d s is not d)
      if (lastD < 1) break gaveUp;
      const cur = lastD * lastS;
      if (cur > SMALL) break gaveUp;
      const rest = ((cot + cur - 1) / cur) | 0;
      const restS = STATIC_INTS[rest - STATIC_LO] ?? S(rest), curS = STATIC_INTS[cur - STATIC_LO] ?? S(cur);
      if (lastD === 1) return rest === 1 ? new Layout(_1, _0) : new Layout(restS, curS);
      const dS = STATIC_INTS[lastD - STATIC_LO] ?? S(lastD);
      return rest === 1 ? new Layout(dS, _1) : new Layout([dS, restS], [_1, curS]);
    }
    w[2 * k - 2] = lastS;
    w[2 * k - 1] = lastD;
    // the modes by increasing stride (the first of equal ones first), each taken mode's extent set
    // to 0: each gives the mode (its stride / the extent so far) : (the extent so far), coalesced
    // into w after the modes (from 2k on), m of them
    const b = 2 * k;
    let m = 0, cur = 1;
    for (let left = k; left > 0; left--) {
      let mi = -1;
      for (let j = 0; j < k; j++) if (w[2 * j] !== 0 && (mi < 0 || w[2 * j + 1]! < w[2 * mi + 1]!)) mi = j;
      const minStride = w[2 * mi + 1]!;
      // (every number here is within 2^26: | 0 truncates as Math.trunc does, without a call)
      const ns = (minStride / cur) | 0;
      if (ns === 0) break gaveUp;
      if (ns !== 1) {
        if (m > 0 && cur === w[b + 2 * m - 2]! * w[b + 2 * m - 1]!) {
          const x = w[b + 2 * m - 2]! * ns;
          if (x > SMALL) break gaveUp;
          w[b + 2 * m - 2] = x;
        } else {
          w[b + 2 * m] = ns;
          w[b + 2 * m + 1] = cur;
          m++;
        }
      }
      cur = minStride * w[2 * mi]!;
      if (cur > SMALL) break gaveUp;
      w[2 * mi] = 0;
    }
    // the rest of the cotarget
    const rest = ((cot + cur - 1) / cur) | 0;
    if (rest !== 1) {
      if (m > 0 && cur === w[b + 2 * m - 2]! * w[b + 2 * m - 1]!) {
        const x = w[b + 2 * m - 2]! * rest;
        if (x > SMALL) break gaveUp;
        w[b + 2 * m - 2] = x;
      } else {
        w[b + 2 * m] = rest;
        w[b + 2 * m + 1] = cur;
        m++;
      }
    }
    return layoutOfModes(w, b, m);
  }
  return complementOfFlat(l, cotarget);
}
/** complementFast of a leaf or nested layout's flat form; undefined for a flat one (it has been tried) */
function complementOfFlat(l: Layout, cotarget: IntTuple | Layout | undefined): Layout | undefined {
  const f = flatForm(l);
  return f === undefined ? undefined : complementFast(f, cotarget);
}
// ---------------------------------------------------------------- right_inverse

/** right_inverse's answer for one coalesced mode whose stride is not 1: nothing (`_1:_0`) */
const NO_INVERSE = new Layout(_1, _0);
/**
 * right_inverse's answers `_s:_1` for one coalesced mode s:_1, s a power of two up to STATIC_HI (the
 * common sizes), made once at load and never written (frozen): such a call allocates nothing
 */
const UNIT_INVERSES: readonly (Layout | undefined)[] = (() => {
  const t: (Layout | undefined)[] = new Array(STATIC_HI + 1).fill(undefined);
  for (let s = 1; s <= STATIC_HI; s *= 2) t[s] = new Layout(S(s), _1);
  return Object.freeze(t);
})();

/**
 * right_inverse(l) on numbers, or undefined: l a static flat tuple of small integers (a leaf or
 * nested l by its flat form, the same modes): coalesce, the sorted walk, coalesce, as the
 * CuTe-shaped path does them. (The flat form is tried where this function gives up, not by a
 * wrapper around it: one call fewer before V8 optimizes it, 14.0 -> 10.8 ms with node --no-opt on
 * the bench's cold pass of right_inverse, with the one-mode answers made once; and at one place, so
 * that V8's optimizing compiler inlines it once.)
 */
export function rightInverseFast(l: Layout): Layout | undefined {
  // every way this path gives up leaves this block: the flat form is tried at one place (so V8 inlines it once)
  gaveUp: {
    const sh = l.shape, st = l.stride;
    if (!Array.isArray(sh) || !Array.isArray(st)) break gaveUp;
    const n = sh.length;
    if (n === 0 || st.length !== n) break gaveUp;
    // coalesce, front to back: extents of 1 dropped, a mode whose stride continues the one before it
    // merged; the modes before the last into w, the last in (lastS, lastD)
    let w: number[] | undefined, k = 0, lastS = 0, lastD = 0;
    for (let i = 0; i < n; i++) {
      const s = sh[i]!, d = st[i]!;
      // a static integer: of what a shape or stride holds only an Int has a boolean `s` (a tuple or a
      // basis has none), and reading it is cheaper than instanceof before V8 optimizes this function
      if ((s as Int).s !== true || (d as Int).s !== true) break gaveUp;
      const sv = (s as Int).v, dv = (d as Int).v;
      if (sv > SMALL || sv < -SMALL || dv > SMALL || dv < -SMALL) break gaveUp;
      if (sv === 1) continue;
      if (k > 0 && dv === lastS * lastD) {
        lastS *= sv;
        if (lastS > SMALL || lastS < -SMALL) break gaveUp;
      } else {
        if (k === 1) w = [lastS, lastD];
        else if (k > 1) {
          w![2 * k - 2] = lastS;
          w![2 * k - 1] = lastD;
        }
        lastS = sv;
        lastD = dv;
        k++;
      }
    }
    // no mode: _1:_0; one mode s:d (most layouts coalesce to one): its inverse is s:_1 where d is 1, else nothing
    if (k === 0) return NO_INVERSE;
    if (w === undefined) return lastD !== 1 ? NO_INVERSE : (UNIT_INVERSES[lastS] ?? new Layout(STATIC_INTS[lastS - STATIC_LO] ?? S(lastS), _1));
    w[2 * k - 2] = lastS;
    w[2 * k - 1] = lastD;
    // w from 2k on: each mode's prefix product (k of them), the modes' order by stride (CuTe's
    // SortByKey, an exchange sort, not stable; k of them), then the result's modes
    const p = 2 * k, o = 3 * k, b = 4 * k;
    let pre = 1;
    for (let i = 0; i < k; i++) {
      w[p + i] = pre;
      pre *= w[2 * i]!;
      if (pre > SMALL || pre < -SMALL) break gaveUp;
    }
    for (let i = 0; i < k; i++) w[o + i] = i;
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        const oi = w[o + i]!, oj = w[o + j]!;
        if (w[2 * oj + 1]! < w[2 * oi + 1]!) {
          w[o + i] = oj;
          w[o + j] = oi;
        }
      }
    }
    // the modes whose stride continues the extent covered so far, in stride order, as extent : prefix product, coalesced
    let m = 0, curr = 1;
    for (let j = 0; j < k; j++) {
      const i = w[o + j]!;
      if (curr !== w[2 * i + 1]) continue;
      const s = w[2 * i]!, d = w[p + i]!;
      if (m > 0 && d === w[b + 2 * m - 2]! * w[b + 2 * m - 1]!) {
        const x = w[b + 2 * m - 2]! * s;
        if (x > SMALL || x < -SMALL) break gaveUp;
        w[b + 2 * m - 2] = x;
      } else {
        w[b + 2 * m] = s;
        w[b + 2 * m + 1] = d;
        m++;
      }
      curr = s * w[2 * i + 1]!;
      if (curr > SMALL || curr < -SMALL) break gaveUp;
    }
    return layoutOfModes(w, b, m);
  }
  return rightInverseOfFlat(l);
}
/** rightInverseFast of a leaf or nested layout's flat form; undefined for a flat one (it has been tried) */
function rightInverseOfFlat(l: Layout): Layout | undefined {
  const f = flatForm(l);
  return f === undefined ? undefined : rightInverseFast(f);
}

// ---------------------------------------------------------------- logical_product's cotarget

/**
 * size(block) * cosize(tiler) as a plain number when both layouts are static with integer strides
 * and every number stays small (the static integer logical_product's complement is taken against);
 * undefined otherwise, for CuTe's integers to answer
 */
export function staticSizeTimesCosize(block: Layout, tiler: Layout): number | undefined {
  const size = staticSize(block) ?? ofFlat(block, staticSize);
  if (size === undefined) return undefined;
  const cos = staticCosize(tiler) ?? ofFlat(tiler, staticCosize);
  if (cos === undefined) return undefined;
  const n = size * cos;
  return n <= SMALL ? n : undefined;
}
/** f of a leaf or nested layout's flatForm (undefined for a flat one: f has answered for it) */
function ofFlat(l: Layout, f: (l: Layout) => number | undefined): number | undefined {
  const g = flatForm(l);
  return g === undefined ? undefined : f(g);
}
/** size(l) of a static flat tuple of modes with integer strides, small; undefined otherwise */
function staticSize(l: Layout): number | undefined {
  const sh = l.shape, st = l.stride;
  if (!Array.isArray(sh) || !Array.isArray(st) || st.length !== sh.length) return undefined;
  let size = 1;
  for (let i = 0; i < sh.length; i++) {
    const s = sh[i]!, d = st[i]!;
    if (!(s instanceof Int) || !(d instanceof Int) || !s.s || !d.s || s.v < 1 || s.v > SMALL) return undefined;
    size *= s.v;
    if (size > SMALL) return undefined;
  }
  return size;
}
/** cosize(l) of a static flat tuple of modes with integer strides, small; undefined otherwise */
function staticCosize(l: Layout): number | undefined {
  const sh = l.shape, st = l.stride;
  if (!Array.isArray(sh) || !Array.isArray(st) || st.length !== sh.length) return undefined;
  let cos = 1;
  for (let i = 0; i < sh.length; i++) {
    const s = sh[i]!, d = st[i]!;
    if (!(s instanceof Int) || !(d instanceof Int) || !s.s || !d.s) return undefined;
    const sv = s.v, dv = d.v;
    if (sv < 1 || sv > SMALL || dv > SMALL || dv < -SMALL) return undefined;
    cos += (sv - 1) * (dv < 0 ? -dv : dv);
    if (cos > SMALL) return undefined;
  }
  return cos;
}
