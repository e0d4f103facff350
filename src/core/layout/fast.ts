/**
 * The layout algebra's number fast paths: composition, complement and right_inverse of static
 * layouts of small integers, and logical_product's cotarget, on plain numbers. Each answers what
 * the CuTe-shaped function of ./algebra.ts answers on CuTe's integers, or undefined (for anything
 * it does not read, a refusal included: the CuTe-shaped function then answers and words it).
 * ./algebra.ts reaches this module at one point per operation (`xFast(...) ?? x on CuTe's
 * integers`), ./products.ts for logical_product's cotarget; test/static-paths.test.ts keeps each
 * equal to the CuTe-shaped one.
 *
 * No state is shared between calls and no call has scratch: the module has no variable, its
 * constants (right_inverse's common answers) are made at load and never written (the table
 * frozen), each path reads the layout in place, coalescing it as it reads, and writes the result's
 * modes into the result's own arrays as it makes them. So a call made while another runs
 * (re-entrance) answers as alone.
 *
 * Written for the first call as much as for the millionth: most runs of cute-ts are one pass, and
 * before V8 optimizes a function each call it makes costs more than the arithmetic around it; and
 * a pass of some thousands of calls pays for V8's optimizing compile of each path (on a second
 * thread, counted in the process's CPU time). So the modes are read straight from the layout's
 * integers, coalescing is written out where it happens, the last mode is kept in locals, small
 * static integers are read from STATIC_INTS (integer.ts) rather than made by a call to `S`, and no
 * call allocates scratch arrays: a per-call array of numbers cost more, in the optimizing
 * compiler and in the calls before it, than the repeated reads of a layout of a few modes
 * (measured with valgrind's instruction counts of test/bench/cold-pass.mjs, node --single-threaded:
 * complement's pass of 20,000 took 80.4M instructions past node's start with one array per call,
 * 67.0M with none, and 64.9M with module-level arrays, which a call made mid-call would clobber).
 * The bench's "unoptimized" figure (`node --no-opt`) times a change without the optimizing
 * compiler's noise.
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
 * The result's modes before its last with one more, x as a static integer (read from
 * STATIC_INTS, no call for a small one): the array is made at the first (a path keeps its last
 * mode in locals, so a result of one mode makes none)
 */
function withMode(out: Int[] | undefined, x: number): Int[] {
  const v = STATIC_INTS[x - STATIC_LO] ?? S(x);
  if (out === undefined) return [v];
  out.push(v);
  return out;
}

/** a path's result: the modes before its last (none made: a leaf) and its last, (lastS : lastD) */
function layoutOfModes(outS: Int[] | undefined, outD: Int[] | undefined, lastS: number, lastD: number): Layout {
  if (outS === undefined || outD === undefined) return new Layout(STATIC_INTS[lastS - STATIC_LO] ?? S(lastS), STATIC_INTS[lastD - STATIC_LO] ?? S(lastD));
  return new Layout(withMode(outS, lastS), withMode(outD, lastD));
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
  // both static, lhs a flat tuple of modes: compositionImpl's fold of each leaf of rhs over
  // coalesce_x of lhs, which each fold reads in place, coalescing it as it goes (see foldLeaf).
  // Every way this path gives up on the lhs leaves this block: its flat form is tried at one place.
  // (One function rather than a small one around a static path: V8 inlined such a small function
  // into algebra.ts's composition and also compiled it on its own, the work twice.)
  gaveUp: {
    const sh = lhs.shape, st = lhs.stride;
    if (!Array.isArray(sh) || !Array.isArray(st)) break gaveUp;
    const n = sh.length;
    if (n === 0 || st.length !== n) break gaveUp;
    for (let i = 0; i < n; i++) {
      const s = sh[i]!, d = st[i]!;
      if (!(s instanceof Int) || !(d instanceof Int) || !s.s || !d.s) break gaveUp;
      if (s.v > SMALL || s.v < 1 || d.v > SMALL || d.v < -SMALL) break gaveUp;
    }
    const ls = sh as Int[], ld = st as Int[];
    const rs = rhs.shape, rd = rhs.stride;
    if (!Array.isArray(rs)) {
      if (!(rd instanceof Int) || !rs.s || !rd.s || rs.v < 1 || rs.v > SMALL || rd.v > SMALL || rd.v < -SMALL) return undefined;
      return foldLeaf(ls, ld, rs.v, rd.v);
    }
    if (!Array.isArray(rd) || rd.length !== rs.length) return undefined;
    const r = rs.length;
    for (let j = 0; j < r; j++) {
      const s = rs[j]!, d = rd[j]!;
      // a nested rhs: its leaves checked, then the fold by recursion
      if (Array.isArray(s)) return smallStaticLeaves(rs, rd) ? compositionNum(ls, ld, rs, rd) : undefined;
      if (!(d instanceof Int) || !s.s || !d.s || s.v < 1 || s.v > SMALL || d.v > SMALL || d.v < -SMALL) return undefined;
    }
    // a flat rhs mode by mode, without the recursion a nested one takes
    const shapes: IntTuple[] = new Array(r), strides: Stride[] = new Array(r);
    for (let j = 0; j < r; j++) {
      const x = foldLeaf(ls, ld, (rs[j] as Int).v, (rd[j] as Int).v);
      if (x === undefined) return undefined;
      shapes[j] = x.shape;
      strides[j] = x.stride;
    }
    return new Layout(shapes, strides);
  }
  // a leaf or nested lhs by its flat form (the same modes); undefined for a flat one (tried above)
  const f = flatForm(lhs);
  return f === undefined ? undefined : compositionFast(f, rhs);
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
/** compositionImpl onto the flat static lhs (ls, ld) of a static rhs mode, as a layout */
function compositionNum(ls: Int[], ld: Int[], rs: IntTuple, rd: Stride): Layout | undefined {
  if (Array.isArray(rs)) {
    const shapes: IntTuple[] = new Array(rs.length), strides: Stride[] = new Array(rs.length);
    for (let i = 0; i < rs.length; i++) {
      const x = compositionNum(ls, ld, rs[i]!, (rd as Stride[])[i]!);
      if (x === undefined) return undefined;
      shapes[i] = x.shape;
      strides[i] = x.stride;
    }
    return new Layout(shapes, strides);
  }
  return foldLeaf(ls, ld, rs.v, (rd as Int).v);
}
/**
 * compositionImpl's fold of one static rhs leaf rs:rd over coalesce_x of the flat static lhs (ls,
 * ld), as a layout; undefined where the CuTe-shaped path must answer (a refusal, which it words, or
 * a number past SMALL). The lhs is coalesced as it is read, run by run (an extent of 1 dropped,
 * except a last one, which counts as 2: the function outside the domain is kept; a mode whose
 * stride continues the run before it extends that run); each run before the last divides rs:rd
 * when the next one starts, the last one's stride scales what is left. No scratch: the result's
 * modes go into its arrays as they are made (no coalescing: compositionImpl makes none).
 */
function foldLeaf(ls: Int[], ld: Int[], rs: number, rd: number): Layout | undefined {
  if (rd === 0) return new Layout(STATIC_INTS[rs - STATIC_LO] ?? S(rs), _0);
  const n = ls.length;
  let rsV = rs, rdV = rd;
  // the result's modes before the last in (outS, outD), made at the second; the last in (lastS, lastD)
  let outS: Int[] | undefined, outD: Int[] | undefined;
  let m = 0, lastS = 0, lastD = 0;
  // (runS : runD) the lhs's run being read
  let runS = 0, runD = 0;
  for (let j = 0; j < n; j++) {
    let sv = ls[j]!.v;
    const dv = ld[j]!.v;
    if (sv === 1) {
      if (j !== n - 1) continue;
      sv = 2;
    }
    if (runS > 0 && dv === runS * runD) {
      runS *= sv;
      if (runS > SMALL) return undefined;
      continue;
    }
    if (runS > 0) {
      // the run (runS : runD) is not the last: it divides rs:rd
      // (the refusals, divisibility and a zero divisor, are the CuTe-shaped path's to word)
      if (!(rdV % runS === 0 || rdV < runS)) return undefined;
      const absRd = rdV < 0 ? -rdV : rdV;
      if (absRd === 0) return undefined;
      const nsV = Math.trunc((runS + absRd - 1) / absRd);
      const cdV = Math.trunc((absRd + runS - 1) / runS);
      const nxV = rdV > 0 ? cdV : rdV < 0 ? -cdV || 0 : 0;
      if (nsV !== 1 && rsV !== 1) {
        const newV = Math.min(nsV, rsV);
        if (newV === 0 || rsV % newV !== 0) return undefined;
        const d = rdV * runD;
        if (!small(d)) return undefined;
        if (m > 0) {
          outS = withMode(outS, lastS);
          outD = withMode(outD, lastD);
        }
        lastS = newV;
        lastD = d;
        m++;
        rsV = Math.trunc(rsV / newV);
      }
      rdV = nxV;
    }
    runS = sv;
    runD = dv;
  }
  // the last run: its stride scales the rest of rs, which is a mode unless it is 1 after another
  const lastStride = rdV * runD;
  if (!small(lastStride)) return undefined;
  if (m === 0 || rsV !== 1) {
    if (m > 0) {
      outS = withMode(outS, lastS);
      outD = withMode(outD, lastD);
    }
    lastS = rsV;
    lastD = lastStride;
    m++;
  }
  return layoutOfModes(outS, outD, lastS, lastD);
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
 * static integer or absent (cosize(l)). CuTe filters l (coalesce of filter_zeros), takes its modes
 * by increasing stride (the first of equal ones first), each giving the mode (its stride / the
 * extent so far) : (the extent so far), then the rest of the cotarget, and coalesces the result.
 * Here the kept modes (extent above 1, stride above 0) are taken in that order straight from l,
 * without coalescing it first: two modes coalescing would merge are taken one after the other
 * (when CuTe's complement succeeds no other mode has a stride between theirs), the second giving
 * a mode of extent 1, which the result's coalescing drops. Where CuTe's would fail (an extent
 * so far that the next stride does not reach) this path fails too and gives up: the CuTe-shaped
 * path words the refusal. No scratch: l is read in place and the result's modes are coalesced as
 * they are made, the last one in locals.
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
    // every mode a small static integer with a stride of 0 or more; the cosize on the way
    let cos = 1;
    for (let i = 0; i < n; i++) {
      const s = sh[i]!, d = st[i]!;
      // a static integer: of what a shape or stride holds only an Int has a boolean `s` (a tuple or a
      // basis has none), and reading it is cheaper than instanceof before V8 optimizes this function
      if ((s as Int).s !== true || (d as Int).s !== true) break gaveUp;
      const sv = (s as Int).v, dv = (d as Int).v;
      if (sv < 1 || sv > SMALL || dv < 0 || dv > SMALL) break gaveUp;
      cos += (sv - 1) * dv;
    }
    const cot = cotV < 0 ? cos : cotV;
    if (cot > SMALL) break gaveUp;
    // the result's modes: those before the last in (outS, outD), made when a second one comes; the
    // last in (lastS, lastD); m of them
    let outS: Int[] | undefined, outD: Int[] | undefined;
    let m = 0, lastS = 0, lastD = 0;
    // the kept modes by (stride, position): after the one taken last, (takenD, takenI)
    let cur = 1, takenD = 0, takenI = -1;
    for (;;) {
      let mi = -1, md = 0;
      for (let j = 0; j < n; j++) {
        const sv = (sh[j] as Int).v, dv = (st[j] as Int).v;
        if (sv === 1 || dv === 0 || dv < takenD || (dv === takenD && j <= takenI)) continue;
        if (mi < 0 || dv < md) {
          mi = j;
          md = dv;
        }
      }
      // the rest of the cotarget once every mode is taken
      const ns = mi < 0 ? ((cot + cur - 1) / cur) | 0 : (md / cur) | 0;
      if (ns === 0) break gaveUp;
      if (ns !== 1) {
        if (m > 0 && cur === lastS * lastD) {
          lastS *= ns;
          if (lastS > SMALL) break gaveUp;
        } else {
          if (m > 0) {
            outS = withMode(outS, lastS);
            outD = withMode(outD, lastD);
          }
          lastS = ns;
          lastD = cur;
          m++;
        }
      }
      if (mi < 0) break;
      cur = md * (sh[mi] as Int).v;
      if (cur > SMALL) break gaveUp;
      takenD = md;
      takenI = mi;
    }
    if (m === 0) return new Layout(_1, _0);
    return layoutOfModes(outS, outD, lastS, lastD);
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
 * right_inverse(l) on numbers, or undefined: l a static flat tuple of small integers, its extents
 * 1 or more and its strides 0 or more (a leaf or nested l by its flat form, the same modes). CuTe
 * coalesces l, sorts its modes by stride and, from the extent covered so far of 1, takes each mode
 * whose stride is that extent: (its extent : the product of the extents before it), the extent
 * covered growing by it; the result coalesced. Here a first pass coalesces l, counting its runs
 * (most layouts coalesce to one, answered there); then each step is one pass over l that
 * coalesces it as it goes (extents of 1 dropped, a mode whose stride continues the run before it
 * extending that run) and finds the run whose stride is the extent covered so far. Two such runs
 * are left to the CuTe-shaped path (which one CuTe takes depends on its sort, which is not
 * stable). The result's modes are coalesced as they are made, the last in locals.
 */
export function rightInverseFast(l: Layout): Layout | undefined {
  // every way this path gives up leaves this block: the flat form is tried at one place (so V8 inlines it once)
  gaveUp: {
    const sh = l.shape, st = l.stride;
    if (!Array.isArray(sh) || !Array.isArray(st)) break gaveUp;
    const n = sh.length;
    if (n === 0 || st.length !== n) break gaveUp;
    // l coalesced, counting its runs (k), the last one in (lastS : lastD)
    let k = 0, lastS = 0, lastD = 0;
    for (let i = 0; i < n; i++) {
      const s = sh[i]!, d = st[i]!;
      // a static integer: of what a shape or stride holds only an Int has a boolean `s` (a tuple or a
      // basis has none), and reading it is cheaper than instanceof before V8 optimizes this function
      if ((s as Int).s !== true || (d as Int).s !== true) break gaveUp;
      const sv = (s as Int).v, dv = (d as Int).v;
      if (sv < 1 || sv > SMALL || dv < 0 || dv > SMALL) break gaveUp;
      if (sv === 1) continue;
      if (k > 0 && dv === lastS * lastD) {
        lastS *= sv;
        if (lastS > SMALL) break gaveUp;
      } else {
        lastS = sv;
        lastD = dv;
        k++;
      }
    }
    // no run: _1:_0; one run s:d (most layouts coalesce to one): its inverse is s:_1 where d is 1, else nothing
    if (k === 0) return NO_INVERSE;
    if (k === 1) return lastD !== 1 ? NO_INVERSE : (UNIT_INVERSES[lastS] ?? new Layout(STATIC_INTS[lastS - STATIC_LO] ?? S(lastS), _1));
    // the result's modes: those before the last in (outS, outD), made when a second one comes; the
    // last in (lastS, lastD); m of them
    let outS: Int[] | undefined, outD: Int[] | undefined;
    let m = 0, curr = 1;
    lastS = 0;
    lastD = 0;
    for (;;) {
      // l coalesced, run by run: (runS : runD) the run being read, runPre the product of the extents
      // before it, pre the product so far; the run of stride curr in (foundS, foundPre)
      let found = 0, foundS = 0, foundPre = 0;
      let runS = 0, runD = 0, runPre = 0, pre = 1;
      for (let j = 0; j <= n; j++) {
        const sv = j < n ? (sh[j] as Int).v : 0, dv = j < n ? (st[j] as Int).v : 0;
        if (sv === 1) continue;
        if (sv !== 0 && runS > 0 && dv === runS * runD) {
          runS *= sv;
        } else {
          if (runS > 0 && runD === curr) {
            found++;
            foundS = runS;
            foundPre = runPre;
          }
          runS = sv;
          runD = dv;
          runPre = pre;
        }
        pre *= sv;
        if (runS > SMALL || pre > SMALL) break gaveUp;
      }
      if (found === 0) break;
      if (found > 1) break gaveUp;
      // (foundS : foundPre), coalesced with the mode before it
      if (m > 0 && foundPre === lastS * lastD) {
        lastS *= foundS;
        if (lastS > SMALL) break gaveUp;
      } else {
        if (m > 0) {
          outS = withMode(outS, lastS);
          outD = withMode(outD, lastD);
        }
        lastS = foundS;
        lastD = foundPre;
        m++;
      }
      curr *= foundS;
      if (curr > SMALL) break gaveUp;
    }
    // none: _1:_0; one s:_1: from the table, made at load
    if (m === 0) return NO_INVERSE;
    if (m === 1 && lastD === 1) return UNIT_INVERSES[lastS] ?? new Layout(STATIC_INTS[lastS - STATIC_LO] ?? S(lastS), _1);
    return layoutOfModes(outS, outD, lastS, lastD);
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
