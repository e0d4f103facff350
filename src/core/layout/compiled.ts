/**
 * A layout compiled once for bulk evaluation: i -> L(i) as flat arithmetic on numbers, with
 * no tuple walking, no integer objects and no checked division per call. Built on first use
 * and kept per layout (a WeakMap: a layout is immutable, and the compiled form goes with it).
 *
 * How: L(i) is sum_k c_k * d_k over the leaves, c_k the leaf coordinates of i (C++'s truncating
 * idx2crd), plus, for a tensor, the iterator. Every integer entry of the value (the number of a
 * layout to integers, each coordinate of an arithmetic tuple for basis strides) is therefore an
 * affine function of the leaf coordinates: its value at the origin plus one weight per leaf. The
 * generic evaluator itself, run at the origin and at each leaf's unit coordinate, gives the
 * value's form (its tuple structure, basis modes and CuTe's static marks, which depend on the
 * layout's types and never on the coordinate) and those weights. Whatever cannot be done
 * exactly this way (a leaf of extent below 1, values past 2^53, an entry whose form changes) is
 * evaluated by the generic, checked path: the answers are always crd2idx's, errors included.
 */
import { CuteError } from "../errors.js";
import { Int, D } from "../integer.js";
import { type Idx, ScaledBasis } from "../basis.js";
import * as T from "../int-tuple.js";
import { Layout, crd2idx, showLayout } from "./basics.js";

export interface CompiledLayout {
  /** the layout compiled */
  readonly layout: Layout;
  /** size(layout), the 1-D coordinates i in [0, size) */
  readonly size: number;
  /** how many integers L(i) holds: 1 for a layout to integers; for basis strides, the arithmetic tuple's entries */
  readonly width: number;
  /** L(i) as a number: crd2idx(i, layout) for a layout to integers; a CuteError when L(i) is a coordinate */
  readonly index: (i: number) => number;
  /** L(i)'s integers in the order CuTe prints them (out[0..width)); returns out */
  coord(i: number, out?: number[]): number[];
  /** L(i) as a value, with CuTe's static marks: what crd2idx(i, layout) gives */
  value(i: number): Idx;
  /** L(i) for every i in [0, n) into out, `width` numbers each (n defaults to size); returns out */
  fill(out?: Float64Array, n?: number): Float64Array;
  /** visit(i, L(i)) for every i in [0, n) (n defaults to size), for a layout to integers */
  forEach(visit: (i: number, index: number) => void, n?: number): void;
}

const COMPILED = new WeakMap<Layout, CompiledLayout>();

/**
 * The layout compiled for bulk evaluation (cached per layout object): `index(i)`, `fill` and
 * `forEach` for layouts to integers, `coord(i)` and `value(i)` for any layout (basis strides
 * give coordinates, as for TMA coordinate tensors). Results equal crd2idx's exactly.
 */
export function compileLayout(l: Layout): CompiledLayout {
  let c = COMPILED.get(l);
  if (c === undefined) COMPILED.set(l, (c = build(l)));
  return c;
}

// ---------------------------------------------------------------- values and their forms

/** the integer entries of a value in print order (a basis element counts by its value) */
export function idxEntries(x: Idx, out: Int[] = []): Int[] {
  if (x instanceof Int) out.push(x);
  else if (x instanceof ScaledBasis) out.push(x.value);
  else for (let i = 0; i < x.length; i++) idxEntries(x[i]!, out);
  return out;
}

/** whether b has a's form: the same structure, basis modes and static marks, and the same static values */
export function sameForm(a: Idx, b: Idx): boolean {
  if (a instanceof Int) return b instanceof Int && a.s === b.s && (!a.s || a.v === b.v);
  if (a instanceof ScaledBasis) {
    if (!(b instanceof ScaledBasis) || a.modes.length !== b.modes.length) return false;
    for (let i = 0; i < a.modes.length; i++) if (a.modes[i] !== b.modes[i]) return false;
    return sameForm(a.value, b.value);
  }
  if (!Array.isArray(b) || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameForm(a[i]!, b[i]!)) return false;
  return true;
}

/** the template with its dynamic entries, in order, replaced by vals[at.k++] */
export function refill(t: Idx, vals: ArrayLike<number>, at: { k: number }): Idx {
  if (t instanceof Int) return t.s ? t : D(vals[at.k++]!);
  if (t instanceof ScaledBasis) return t.value.s ? t : new ScaledBasis(D(vals[at.k++]!), t.modes);
  return t.map((x) => refill(x, vals, at));
}

/**
 * A value affine in leaf coordinates: its form (`template`, the value at the origin), and for
 * each dynamic entry j its value at the origin `base[j]` and per leaf k the weight `weights[j][k]`.
 */
export interface AffineForm {
  template: Idx;
  base: number[];
  weights: number[][];
}

/**
 * The affine form of a value over leaves of the given extents (each at least 1), from
 * `evalAt(k)`: the value at leaf k's unit coordinate (k = -1: at the origin). Undefined when
 * the value cannot be evaluated exactly this way: evalAt throws, a form differs from the
 * origin's, or some entry may pass 2^53 within the extents (the last leaf's too).
 */
export function affineForm(extents: readonly number[], evalAt: (k: number) => Idx): AffineForm | undefined {
  for (let k = 0; k < extents.length; k++) if (!(extents[k]! >= 1)) return undefined;
  let template: Idx;
  try {
    template = evalAt(-1);
  } catch {
    return undefined;
  }
  const entries = idxEntries(template);
  const dyn: number[] = [];
  for (let j = 0; j < entries.length; j++) if (!entries[j]!.s) dyn.push(j);
  const base = dyn.map((j) => entries[j]!.v);
  const weights = dyn.map(() => new Array<number>(extents.length).fill(0));
  const bound = base.map(Math.abs);
  for (let k = 0; k < extents.length; k++) {
    // a leaf of extent 1 has coordinate 0 everywhere (but the last, whose coordinate runs on past the size: not evaluated here)
    if (extents[k] === 1) continue;
    let v: Idx;
    try {
      v = evalAt(k);
    } catch {
      return undefined;
    }
    if (!sameForm(template, v)) return undefined;
    const e = idxEntries(v);
    for (let d = 0; d < dyn.length; d++) {
      const w = e[dyn[d]!]!.v - base[d]!;
      weights[d]![k] = w;
      bound[d]! += (extents[k]! - 1) * Math.abs(w);
    }
  }
  for (const b of bound) if (!(b <= Number.MAX_SAFE_INTEGER)) return undefined;
  return { template, base, weights };
}

/** i -> base + sum_k c_k * w_k, the c_k by C++'s truncating idx2crd over the extents (exact for 0 <= i < product) */
export function affineIndexFn(extents: readonly number[], w: readonly number[], base = 0): (i: number) => number {
  const ss = extents.slice(), dv = w.slice();
  const n = ss.length;
  return (i: number) => {
    let r = base;
    for (let k = 0; k < n - 1; k++) {
      const s = ss[k]!;
      const c = i % s;
      i = (i - c) / s;
      r += c * dv[k]!;
    }
    return n ? r + i * dv[n - 1]! : r;
  };
}

/** visit(i, base + sum_k c_k * w_k) for i in [0, n), the c_k advanced as an odometer (one add per step) */
export function affineForEach(extents: readonly number[], w: readonly number[], base: number, n: number, visit: (i: number, v: number) => void): void {
  const r = extents.length;
  const c = new Array<number>(r).fill(0);
  let v = base;
  for (let i = 0; i < n; i++) {
    visit(i, v);
    let k = 0;
    for (; k < r - 1 && c[k]! + 1 === extents[k]!; k++) {
      v -= c[k]! * w[k]!;
      c[k] = 0;
    }
    if (r === 0) continue;
    c[k]!++;
    v += w[k]!;
  }
}

// ---------------------------------------------------------------- building

function build(l: Layout): CompiledLayout {
  const sz = T.size(l.shape).v;
  const extents = T.leaves(l.shape).map((s) => s.v);
  const generic = (i: number): Idx => crd2idx(D(i), l);
  // the 1-D coordinate of leaf k's unit coordinate: the extents before it multiplied
  const unit = (k: number): number => {
    let p = 1;
    for (let j = 0; j < k; j++) p *= extents[j]!;
    return p;
  };
  const form = Number.isSafeInteger(sz) && sz >= 0 ? affineForm(extents, (k) => generic(k < 0 ? 0 : unit(k))) : undefined;
  const sample = form?.template;
  const width = sample !== undefined ? idxEntries(sample).length : widthOf(generic, sz);
  const notIndex = (): never => {
    throw new CuteError("compileLayout", "L(i) is a coordinate, not an integer: this layout's strides are basis elements (v@i); use coord(i) or value(i)", [showLayout(l)]);
  };
  const genericIndex = (i: number): number => {
    const v = generic(i);
    return v instanceof Int ? v.v : notIndex();
  };
  const genericCoord = (i: number, out: number[] = []): number[] => {
    const e = idxEntries(generic(i));
    for (let j = 0; j < e.length; j++) out[j] = e[j]!.v;
    return out;
  };
  const checkN = (n: number | undefined): number => {
    const m = n ?? sz;
    if (!Number.isSafeInteger(m) || m < 0) throw new CuteError("compileLayout", `the count of values to evaluate must be a non-negative integer, got ${m}`, [showLayout(l)]);
    return m;
  };
  if (form === undefined) {
    // the generic path, one crd2idx per call
    return {
      layout: l,
      size: sz,
      width,
      index: genericIndex,
      coord: genericCoord,
      value: generic,
      fill(out, n) {
        const m = checkN(n);
        const o = out ?? new Float64Array(m * width);
        const tmp: number[] = [];
        for (let i = 0; i < m; i++) {
          genericCoord(i, tmp);
          for (let j = 0; j < width; j++) o[i * width + j] = tmp[j]!;
        }
        return o;
      },
      forEach(visit, n) {
        const m = checkN(n);
        for (let i = 0; i < m; i++) visit(i, genericIndex(i));
      },
    };
  }
  const { template, base, weights } = form;
  const entries = idxEntries(template);
  // per entry: a dynamic one's index in base/weights, or -1 for a static one (its value is fixed)
  const slot: number[] = [];
  for (let j = 0, d = 0; j < entries.length; j++) slot.push(entries[j]!.s ? -1 : d++);
  const fns = weights.map((w, d) => affineIndexFn(extents, w, base[d]!));
  const isInt = template instanceof Int;
  const constant = isInt ? template.v : 0;
  const f0 = isInt && fns.length === 1 ? fns[0]! : undefined;
  // past the size the last coordinate runs on beyond the bound checked: the generic path answers there
  const index: (i: number) => number = !isInt
    ? notIndex
    : f0 !== undefined
      ? (i) => (i >= 0 && i < sz ? f0(i) : genericIndex(i))
      : (i) => (i >= 0 && i < sz ? constant : genericIndex(i));
  const coord = (i: number, out: number[] = []): number[] => {
    if (!(i >= 0 && i < sz)) return genericCoord(i, out);
    for (let j = 0; j < slot.length; j++) {
      const d = slot[j]!;
      out[j] = d < 0 ? entries[j]!.v : fns[d]!(i);
    }
    return out;
  };
  const vals: number[] = new Array(fns.length);
  return {
    layout: l,
    size: sz,
    width,
    index,
    coord,
    value(i) {
      if (!(i >= 0 && i < sz)) return generic(i);
      for (let d = 0; d < fns.length; d++) vals[d] = fns[d]!(i);
      return refill(template, vals, { k: 0 });
    },
    fill(out, n) {
      const m = checkN(n);
      const o = out ?? new Float64Array(m * width);
      if (m > sz) {
        for (let i = 0; i < m; i++) {
          const e = coord(i, []);
          for (let j = 0; j < width; j++) o[i * width + j] = e[j]!;
        }
        return o;
      }
      for (let j = 0; j < slot.length; j++) {
        const d = slot[j]!;
        if (d < 0) {
          const v = entries[j]!.v;
          for (let i = 0; i < m; i++) o[i * width + j] = v;
        } else if (width === 1) {
          affineForEach(extents, weights[d]!, base[d]!, m, (i, v) => {
            o[i] = v;
          });
        } else {
          affineForEach(extents, weights[d]!, base[d]!, m, (i, v) => {
            o[i * width + j] = v;
          });
        }
      }
      return o;
    },
    forEach(visit, n) {
      const m = checkN(n);
      if (!isInt) notIndex();
      if (m > sz) {
        for (let i = 0; i < m; i++) visit(i, index(i));
      } else if (f0 !== undefined) affineForEach(extents, weights[0]!, base[0]!, m, visit);
      else for (let i = 0; i < m; i++) visit(i, constant);
    },
  };
}

/** how many entries L(i) has, from the first value the generic path gives (1 when it gives none) */
function widthOf(generic: (i: number) => Idx, sz: number): number {
  if (!(sz > 0)) return 1;
  try {
    return idxEntries(generic(0)).length;
  } catch {
    return 1;
  }
}
