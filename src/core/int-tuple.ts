/**
 * Nested tuples (JS arrays) of integers and the algorithms CuTe runs over them
 * (int_tuple.hpp, tuple_algorithms.hpp, stride.hpp, underscore.hpp).
 */
import { CuteError } from "./errors.js";
import * as I from "./integer.js";
import { Int, S, _0, _1 } from "./integer.js";
import { Idx, ScaledBasis, idxAdd, idxScale } from "./basis.js";

export type Tup<L> = L | Tup<L>[];
export type IntTuple = Tup<Int>;
/** a stride element: integer or scaled basis */
export type StrideLeaf = Int | ScaledBasis;
export type Stride = Tup<StrideLeaf>;

/** the slice wildcard `_` */
export class Underscore {
  /** (a type-level brand only: an empty class would let any object pass for a Value) */
  declare private readonly underscore: true;
}
export const _ = new Underscore();
export type Coord = Tup<Int | Underscore>;

export const isTuple = <L>(x: Tup<L>): x is Tup<L>[] => Array.isArray(x);

export function rank(t: Tup<unknown>): number {
  return Array.isArray(t) ? t.length : 1;
}

export function depth(t: Tup<unknown>): number {
  if (!Array.isArray(t)) return 0;
  let d = 0;
  for (const x of t) d = Math.max(d, depth(x as Tup<unknown>));
  return 1 + d;
}

/** get<i>(t): an integer is its own 0th mode */
export function get<L>(t: Tup<L>, i: number, op = "get"): Tup<L> {
  if (!Array.isArray(t)) {
    if (i === 0) return t;
    throw new CuteError(op, "Index out of range", [`index ${i} of a rank-1 value`]);
  }
  if (i < 0 || i >= t.length) throw new CuteError(op, "Index out of range", [`index ${i} of a rank-${t.length} tuple`]);
  return t[i]!;
}
export function getPath<L>(t: Tup<L>, path: readonly number[], op = "get"): Tup<L> {
  let r = t;
  for (const i of path) r = get(r, i, op);
  return r;
}

export function flatten<L>(t: Tup<L>): Tup<L> {
  if (!Array.isArray(t)) return t;
  const out: L[] = [];
  flattenInto(t, out);
  return out as Tup<L>[];
}
function flattenInto<L>(t: Tup<L>, out: L[]): void {
  if (Array.isArray(t)) for (const x of t) flattenInto(x, out);
  else out.push(t);
}
/** the leaves, as a plain list (flatten_to_tuple) */
export function leaves<L>(t: Tup<L>): L[] {
  if (Array.isArray(t)) {
    let flat = true;
    for (let i = 0; i < t.length; i++) if (Array.isArray(t[i])) flat = false;
    if (flat) return t as L[];
  }
  const out: L[] = [];
  flattenInto(t, out);
  return out;
}

export function product(t: IntTuple): Int {
  if (!Array.isArray(t)) return t;
  let r: Int = _1;
  for (let i = 0; i < t.length; i++) r = I.mul(r, product(t[i]!));
  return r;
}
/** product folds left from the first element; `product(())` is `_1` */
export function productLeft(t: IntTuple): Int {
  if (!Array.isArray(t)) return t;
  if (t.length === 0) return _1;
  let r = productLeft(t[0]!);
  // I.mul's rules on plain numbers (a static zero factor gives _0; static when both are), one Int at the end
  let v = r.v, st = r.s;
  for (let i = 1; i < t.length; i++) {
    const x = productLeft(t[i]!);
    if ((st && v === 0) || (x.s && x.v === 0)) {
      v = 0;
      st = true;
      continue;
    }
    const p = v * x.v;
    if (!Number.isSafeInteger(p)) return I.mul(I.mk(v, st), x); // I.mul refuses it with the operands
    v = p;
    st = st && x.s;
  }
  return v === r.v && st === r.s ? r : I.mk(v, st);
}
export const size = productLeft;

export function sum(t: IntTuple): Int {
  if (!Array.isArray(t)) return t;
  let r: Int = _0;
  for (const x of t) r = I.add(r, sum(x));
  return r;
}

export function product_each(t: IntTuple): IntTuple {
  return Array.isArray(t) ? t.map(productLeft) : [t];
}

export function transform<L, M>(t: Tup<L>, f: (x: L) => M): Tup<M> {
  return Array.isArray(t) ? t.map((x) => transform(x, f)) : f(t);
}

export function isStaticTuple(t: Tup<unknown>): boolean {
  if (Array.isArray(t)) return t.every(isStaticTuple);
  if (t instanceof Int) return t.s;
  if (t instanceof ScaledBasis) return t.value.s;
  return true;
}

export function repeat_like<L, M>(t: Tup<L>, x: M): Tup<M> {
  return Array.isArray(t) ? t.map((y) => repeat_like(y, x)) : x;
}

export function congruent(a: Tup<unknown>, b: Tup<unknown>): boolean {
  const ta = Array.isArray(a), tb = Array.isArray(b);
  if (ta !== tb) return false;
  if (!ta) return true;
  const aa = a as Tup<unknown>[], bb = b as Tup<unknown>[];
  if (aa.length !== bb.length) return false;
  // a plain loop: every make_layout asks this, most runs are one pass, and a callback per call costs there
  for (let i = 0; i < aa.length; i++) if (!congruent(aa[i]!, bb[i]!)) return false;
  return true;
}

/** weakly_congruent, compatible, evenly_divides give CuTe booleans (static when decidable statically) */
export function weakly_congruent(a: IntTuple, b: IntTuple): Int {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return _0;
    return andAll(a.map((x, i) => weakly_congruent(x, b[i]!)));
  }
  if (!Array.isArray(a)) return _1;
  return _0;
}

export function compatible(a: IntTuple, b: IntTuple): Int {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return _0;
    return andAll(a.map((x, i) => compatible(x, b[i]!)));
  }
  if (!Array.isArray(a)) return I.eq(a, size(b));
  return _0;
}

/** `(true_type{} && ... && z)`: static false short-circuits to static false */
function andAll(zs: Int[]): Int {
  let r: Int = _1;
  for (const z of zs) {
    if (z.s && z.v === 0) return _0;
    r = r.s && z.s ? S(r.v && z.v ? 1 : 0) : I.D(r.v && z.v ? 1 : 0);
  }
  return r;
}

export function evenly_divides(a: IntTuple, b: IntTuple): Int {
  if (Array.isArray(b)) {
    if (b.length > rank(a)) return _0;
    return andAll(b.map((x, i) => evenly_divides(get(a, i), x)));
  }
  return I.eq(size(a), I.mul(size(b), size(ceil_div(a, b))));
}

export function ceil_div(a: IntTuple, b: IntTuple): IntTuple {
  if (Array.isArray(a)) {
    if (Array.isArray(b)) {
      if (b.length > a.length) throw new CuteError("ceil_div", "Mismatched ranks: the divisor has more modes than the dividend", [tupText(a), tupText(b)]);
      return a.map((x, i) => ceil_div(x, i < b.length ? b[i]! : _1));
    }
    const out: IntTuple[] = [];
    let rest: IntTuple = b;
    for (const ai of a) {
      out.push(ceil_div(ai, rest));
      rest = ceil_div(rest, ai);
    }
    return out;
  }
  if (Array.isArray(b)) return ceil_div(a, productLeft(b));
  return I.ceilDivInt(a, b);
}

export function shape_div(a: IntTuple, b: IntTuple): IntTuple {
  if (Array.isArray(a)) {
    if (Array.isArray(b)) {
      if (a.length !== b.length) throw new CuteError("shape_div", "Mismatched ranks: shape_div of two tuples needs equal ranks", [tupText(a), tupText(b)]);
      return a.map((x, i) => shape_div(x, b[i]!));
    }
    const out: IntTuple[] = [];
    let rest: IntTuple = b;
    for (const ai of a) {
      out.push(shape_div(ai, rest));
      rest = shape_div(rest, ai);
    }
    return out;
  }
  if (Array.isArray(b)) return shape_div(a, productLeft(b));
  return I.shapeDivInt(a, b);
}

/** elem_scale(a, b): a's leaves scaled by the product of b's matching modes */
export function elem_scale(a: Stride, b: IntTuple): Stride {
  if (Array.isArray(a)) return a.map((x, i) => elem_scale(x, get(b, i)));
  return idxScale(productLeft(b), a) as StrideLeaf;
}

/** filter_zeros(a, b): the leaves of b paired with a static 0 in a become _1 */
export function filter_zeros_tuple(a: Stride, b: IntTuple): IntTuple {
  if (Array.isArray(a)) return a.map((x, i) => filter_zeros_tuple(x, get(b, i)));
  if (a instanceof Int && I.isConst(a, 0)) return repeat_like(b, _1);
  return b;
}

// ---------------------------------------------------------------- tuple surgery

export function wrap<L>(t: Tup<L>): Tup<L>[] {
  return Array.isArray(t) ? t : [t];
}
/** unwrap: a rank-1 tuple becomes its element, recursively */
export function unwrap<L>(t: Tup<L>): Tup<L> {
  while (Array.isArray(t) && t.length === 1) t = t[0]!;
  return t;
}

export function take<L>(t: Tup<L>, b: number, e: number, op = "take"): Tup<L> {
  if (b >= e) throw new CuteError(op, "take: empty range error", [`<${b},${e}>`]);
  const r = rank(t);
  if (b < 0 || e > r) throw new CuteError(op, "take: range out of bounds", [`<${b},${e}> of rank ${r}`]);
  return wrap(t).slice(b, e);
}

export function select<L>(t: Tup<L>, idx: readonly number[], op = "select"): Tup<L> {
  return idx.map((i) => get(t, i, op));
}

/** group<B,E>: modes B..E-1 become one mode; E = -1 is the rank, and B == E groups nothing (the modes as they are) */
export function group<L>(t: Tup<L>, b: number, e: number, op = "group"): Tup<L> {
  const r = rank(t);
  if (e === -1) e = r;
  if (!(b <= e && 0 <= b && e <= r)) throw new CuteError(op, "static assertion failed: group<B,E> needs 0 <= B <= E <= rank", [`<${b},${e}> of rank ${r}`]);
  const w = wrap(t);
  return b < e ? [...w.slice(0, b), w.slice(b, e), ...w.slice(e)] : [...w];
}

export function append<L>(t: Tup<L>, x: Tup<L>): Tup<L> {
  return [...wrap(t), x];
}
export function prepend<L>(t: Tup<L>, x: Tup<L>): Tup<L> {
  return [x, ...wrap(t)];
}
/** append<N>(t, x): pad t up to rank N with x (an integer counts as rank 1 and stays itself for N == 1) */
/** the widest tuple append<N>/prepend<N> builds (a C++ tuple of more modes would not compile in practice) */
export const MAX_RANK = 1 << 16;

export function appendN<L>(t: Tup<L>, n: number, x: Tup<L>): Tup<L> {
  if (n > MAX_RANK) throw new CuteError("append", `append<${n}> would build a tuple of ${n} modes; cute-ts stops at ${MAX_RANK}`);
  if (!Array.isArray(t) && n === 1) return t;
  const w = wrap(t);
  if (n < w.length) throw new CuteError("append", "static assertion failed: append<N> needs N >= rank", [`N=${n}`]);
  const out = w.slice();
  while (out.length < n) out.push(x);
  return out;
}
export function prependN<L>(t: Tup<L>, n: number, x: Tup<L>): Tup<L> {
  if (n > MAX_RANK) throw new CuteError("prepend", `prepend<${n}> would build a tuple of ${n} modes; cute-ts stops at ${MAX_RANK}`);
  if (!Array.isArray(t) && n === 1) return t;
  const w = wrap(t);
  const out = w.slice();
  while (out.length < n) out.unshift(x);
  return out;
}
export function replace<L>(t: Tup<L>, i: number, x: Tup<L>, op = "replace"): Tup<L> {
  if (!Array.isArray(t)) {
    if (i === 0) return x;
    throw new CuteError(op, "Index out of range");
  }
  if (i < 0 || i >= t.length) throw new CuteError(op, "Index out of range");
  const out = t.slice();
  out[i] = x;
  return out;
}
export function remove<L>(t: Tup<L>[], i: number): Tup<L>[] {
  return [...t.slice(0, i), ...t.slice(i + 1)];
}
export function reverse<L>(t: Tup<L>): Tup<L> {
  return Array.isArray(t) ? t.slice().reverse() : t;
}

/** zip((a0,a1,...),(b0,b1,...)) = ((a0,b0),(a1,b1),...); zip of a tuple of tuples transposes */
export function zip<L>(t: Tup<L>[]): Tup<L>[] {
  if (t.length === 0) return [];
  const n = rank(t[0]!);
  const out: Tup<L>[] = [];
  for (let i = 0; i < n; i++) out.push(t.map((x) => get(x, i, "zip")));
  return out;
}

/**
 * zip2_by(t, guide): follow the profile of guide; at each terminal of the guide the rank-2
 * mode of t is split into its two parts, gathered as ((firsts...),(seconds...)).
 */
/**
 * CuTe's zip(t): a tuple of tuples is transposed (they must have one rank); a tuple of
 * non-tuples becomes (t); a non-tuple stays itself
 */
export function zipTuple<L>(t: Tup<L>): Tup<L> {
  if (!Array.isArray(t)) return t;
  if (t.length === 0) throw new CuteError("zip", "zip of an empty tuple does not compile (it has no first element)");
  if (!Array.isArray(t[0])) return [t];
  const n = t[0].length;
  if (!t.every((x) => Array.isArray(x) && x.length === n)) throw new CuteError("zip", "Mismatched Ranks", [tupText(t)]);
  return zip(t as Tup<L>[]);
}

export function zip2_by<L>(t: Tup<L>, guide: Tup<unknown>, op = "zip2_by"): Tup<L> {
  if (Array.isArray(guide)) {
    if (!Array.isArray(t)) throw new CuteError(op, `incomplete type "cute::tuple_size<${describeLeaf(t)}>" is not allowed (the tiler has more structure than the layout)`);
    const tr = t.length, gr = guide.length;
    if (gr > tr) throw new CuteError(op, "Mismatched ranks: the tiler has more modes than the layout", [tupText(t), `a rank-${gr} tiler`]);
    const split = guide.map((g, i) => zip2_by(t[i]!, g, op));
    const firsts = split.map((x) => get(x, 0, op));
    const seconds = split.map((x) => get(x, 1, op));
    return [firsts, [...seconds, ...t.slice(gr)]];
  }
  if (!Array.isArray(t) || t.length !== 2) {
    throw new CuteError(op, `incomplete type "cute::tuple_size<${describeLeaf(t)}>" is not allowed (zip2_by needs a rank-2 mode here)`);
  }
  return t;
}
/** a tuple of integers, bases and underscores as CuTe prints it (layout.ts's showTup adds layouts) */
export function tupText(t: unknown): string {
  if (Array.isArray(t)) return `(${t.map(tupText).join(",")})`;
  if (t instanceof Int) return I.show(t);
  if (t instanceof ScaledBasis) return `${I.show(t.value)}${t.modes.slice().reverse().map((m) => `@${m}`).join("")}`;
  if (t instanceof Underscore) return "_";
  return String(t);
}
function describeLeaf(t: unknown): string {
  if (t instanceof Int) return t.s ? `cute::Int<${t.v}>` : "int";
  return "non-tuple";
}

/** unflatten(flat, profile): regroup a flat tuple into profile's nesting */
export function unflatten<L>(flat: Tup<L>, profile: Tup<unknown>): Tup<L> {
  const items = wrap(flat);
  let k = 0;
  const rec = (p: Tup<unknown>): Tup<L> => {
    if (Array.isArray(p)) return p.map(rec);
    // each leaf of the profile takes get<0> of what is left: there must be something left
    if (k >= items.length) throw new CuteError("unflatten", `get<0> of an empty tuple: the profile has more leaves than the ${items.length} element(s) of the flat tuple`, [tupText(flat), tupText(profile)]);
    return items[k++]!;
  };
  const r = rec(profile);
  if (k < items.length) throw new CuteError("unflatten", `static assertion failed: rank(flat_remainder) == _0 (the flat tuple has ${items.length} elements, the profile ${k} leaves)`, [tupText(flat), tupText(profile)]);
  return r;
}

// ---------------------------------------------------------------- compact strides

/** compact_major<LayoutLeft>(shape, current): column-major strides; size-1 modes get static 0 */
export function compact_col_major(shape: IntTuple, current: Int = _1): IntTuple {
  if (!Array.isArray(shape)) return I.isConst(shape, 1) ? _0 : current;
  return compact(shape, current, true)[0];
}
export function compact_row_major(shape: IntTuple, current: Int = _1): IntTuple {
  if (!Array.isArray(shape)) return I.isConst(shape, 1) ? _0 : current;
  return compact(shape, current, false)[0];
}
function compact(shape: IntTuple, current: Int, left: boolean): [IntTuple, Int] {
  if (Array.isArray(shape)) {
    const out: IntTuple[] = new Array(shape.length);
    let cur = current;
    const n = shape.length;
    for (let k = 0; k < n; k++) {
      const i = left ? k : n - 1 - k;
      const [d, next] = compact(shape[i]!, cur, left);
      out[i] = d;
      cur = next;
    }
    return [out, cur];
  }
  if (I.isConst(shape, 1)) return [_0, current];
  return [current, I.mul(current, shape)];
}
/** compact_major with a tuple `current`: applied at the terminals of current */
export function compact_major_tuple(shape: IntTuple, current: IntTuple, left: boolean): IntTuple {
  if (Array.isArray(current)) {
    if (!Array.isArray(shape)) throw new CuteError("compact_major", "Invalid parameters: a tuple of current strides needs a tuple shape", [tupText(shape), tupText(current)]);
    if (shape.length !== current.length) throw new CuteError("compact_major", "Mismatched Ranks of the shape and the current strides", [tupText(shape), tupText(current)]);
    return shape.map((s, i) => compact_major_tuple(s, current[i]!, left));
  }
  return compact(shape, current, left)[0];
}

/**
 * compact_order(shape, order): compact strides visiting modes in increasing order. Dynamic
 * order values count as larger than every static one, left to right among themselves.
 */
export function compact_order(shape: IntTuple, order: IntTuple): IntTuple {
  const refShape = leaves(productLike(shape, order, "compact_order"));
  const flatOrder = leaves(order);
  let maxOrder = 0;
  for (const o of flatOrder) if (o.s && o.v > maxOrder) maxOrder = o.v;
  const refOrder = flatOrder.map((o, i) => (o.s ? o.v : maxOrder + 1 + i));
  let k = 0;
  const newOrder = transform(order, () => refOrder[k++]!);
  const rec = (s: IntTuple, o: Tup<number>): IntTuple => {
    if (Array.isArray(o)) {
      if (!Array.isArray(s) || s.length !== o.length) throw new CuteError("make_ordered_layout", "Mismatched tuple_size", ["the shape and the order differ in rank"]);
      return s.map((x, i) => rec(x, o[i]!));
    }
    let d: Int = _1;
    for (let j = 0; j < refShape.length; j++) if (refOrder[j]! < o) d = I.mul(d, refShape[j]!);
    return compact_col_major(s, d);
  };
  return rec(shape, newOrder);
}
/** product_like(shape, guide): the product of shape's modes at each leaf of guide */
function productLike(shape: IntTuple, guide: Tup<unknown>, op: string): IntTuple {
  if (Array.isArray(guide)) {
    if (!Array.isArray(shape) || shape.length !== guide.length) throw new CuteError(op, "Mismatched tuple_size", ["the shape and the order differ in rank"]);
    return shape.map((s, i) => productLike(s, guide[i]!, op));
  }
  return productLeft(shape);
}

// ---------------------------------------------------------------- coordinates

/** crd2idx(coord, shape, stride): the index (or coordinate, for basis strides) of coord */
export function crd2idx(coord: IntTuple, shape: IntTuple, stride: Stride): Idx {
  if (Array.isArray(coord)) {
    if (!Array.isArray(shape)) throw new CuteError("crd2idx", "Invalid parameters", ["a tuple coordinate for an integer shape"]);
    if (coord.length !== shape.length || !Array.isArray(stride) || coord.length !== stride.length) {
      throw new CuteError("crd2idx", "Mismatched Ranks", [`coordinate of rank ${coord.length}`, `shape of rank ${shape.length}`]);
    }
    let r: Idx = crd2idx(coord[0]!, shape[0]!, stride[0]!);
    for (let i = 1; i < coord.length; i++) r = idxAdd(r, crd2idx(coord[i]!, shape[i]!, stride[i]!));
    return r;
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(stride) || shape.length !== stride.length) {
      throw new CuteError("crd2idx", "Mismatched Ranks", [`shape of rank ${shape.length}`, `stride of rank ${rank(stride)}`]);
    }
    const n = shape.length;
    if (n === 0) return _0;
    let c: Int = coord;
    let r: Idx | undefined;
    for (let i = 0; i < n; i++) {
      let term: Idx;
      if (i === n - 1) term = crd2idx(c, shape[i]!, stride[i]!);
      else {
        const p = productLeft(shape[i]!);
        term = crd2idx(I.mod(c, p), shape[i]!, stride[i]!);
        c = I.div(c, p);
      }
      r = r === undefined ? term : idxAdd(r, term);
    }
    return r!;
  }
  if (Array.isArray(stride)) throw new CuteError("crd2idx", "Mismatched Ranks", ["an integer shape with a tuple stride"]);
  if (!(stride instanceof Int || stride instanceof ScaledBasis)) throw new CuteError("crd2idx", "Mismatched Ranks", ["a shape mode without a stride"]);
  return idxScale(coord, stride);
}

/** crd2idx(coord, shape): the colexicographic (column-major) index */
export function crd2idx_compact(coord: IntTuple, shape: IntTuple): Int {
  if (!congruent(coord, shape)) throw new CuteError("crd2idx", "Mismatched Ranks: the coordinate is not congruent with the shape", [tupText(coord), tupText(shape)]);
  if (!Array.isArray(shape)) return coord as Int;
  const c = leaves(coord), s = leaves(shape);
  // a shape with no leaves (`()`, `((),())`) has the one coordinate, index 0
  if (c.length === 0) return _0;
  let r = c[c.length - 1]!;
  for (let i = c.length - 2; i >= 0; i--) r = I.add(c[i]!, I.mul(s[i]!, r));
  return r;
}

export function idx2crd(idx: IntTuple, shape: IntTuple, stride?: IntTuple): IntTuple {
  if (Array.isArray(idx)) {
    if (!Array.isArray(shape)) throw new CuteError("idx2crd", "Invalid parameters", ["a tuple index for an integer shape"]);
    if (idx.length !== shape.length) throw new CuteError("idx2crd", "Mismatched Ranks of the index and the shape", [tupText(idx), tupText(shape)]);
    if (stride !== undefined && (!Array.isArray(stride) || stride.length !== idx.length)) throw new CuteError("idx2crd", "Mismatched Ranks of the index and the stride", [tupText(idx), tupText(stride)]);
    return idx.map((x, i) => idx2crd(x, shape[i]!, stride === undefined ? undefined : (stride as IntTuple[])[i]));
  }
  if (stride === undefined) {
    if (Array.isArray(shape)) return idx2crd(idx, shape, compact_col_major(shape));
    return idx;
  }
  if (Array.isArray(shape)) {
    if (Array.isArray(stride)) {
      if (shape.length !== stride.length) throw new CuteError("idx2crd", "Mismatched Ranks of the shape and the stride", [tupText(shape), tupText(stride)]);
      return shape.map((s, i) => idx2crd(idx, s, stride[i]!));
    }
    const cs = compact_major_tuple(shape, stride, true);
    return (shape as IntTuple[]).map((s, i) => idx2crd(idx, s, (cs as IntTuple[])[i]!));
  }
  if (Array.isArray(stride)) throw new CuteError("idx2crd", "Mismatched Ranks: a tuple stride for an integer shape", [tupText(shape), tupText(stride)]);
  if (I.isConst(shape, 1)) return _0;
  return I.mod(I.div(idx, stride), shape);
}

// ---------------------------------------------------------------- slicing

export const isUnderscore = (x: unknown): x is Underscore => x instanceof Underscore;

export function has_underscore(c: unknown): boolean {
  if (Array.isArray(c)) return c.some(has_underscore);
  return c instanceof Underscore;
}

/** slice(c, t): the modes of t at the underscores of c, flattened one level per tuple of c */
export function slice<L>(c: Coord, t: Tup<L>): Tup<L> {
  if (Array.isArray(c)) {
    if (!Array.isArray(t) || c.length !== t.length) throw new CuteError("slice", "Mismatched Ranks", [`coordinate of rank ${c.length}`, `rank ${rank(t)}`]);
    const out: Tup<L>[] = [];
    c.forEach((x, i) => liftSlice(x, t[i]!, out));
    return out;
  }
  if (c instanceof Underscore) return t;
  return [];
}
function liftSlice<L>(c: Coord, t: Tup<L>, out: Tup<L>[]): void {
  if (Array.isArray(c)) {
    if (!Array.isArray(t) || c.length !== t.length) throw new CuteError("slice", "Mismatched Ranks", [`coordinate of rank ${c.length}`, `rank ${rank(t)}`]);
    c.forEach((x, i) => liftSlice(x, t[i]!, out));
  } else if (c instanceof Underscore) out.push(t);
}

/** dice(c, t): the modes of t at the integers of c */
export function dice<L>(c: Coord, t: Tup<L>): Tup<L> {
  if (Array.isArray(c)) {
    if (!Array.isArray(t) || c.length !== t.length) throw new CuteError("dice", "Mismatched Ranks", [`coordinate of rank ${c.length}`, `rank ${rank(t)}`]);
    const out: Tup<L>[] = [];
    c.forEach((x, i) => liftDice(x, t[i]!, out));
    return out;
  }
  if (c instanceof Underscore) return [];
  return t;
}
function liftDice<L>(c: Coord, t: Tup<L>, out: Tup<L>[]): void {
  if (Array.isArray(c)) {
    if (!Array.isArray(t) || c.length !== t.length) throw new CuteError("dice", "Mismatched Ranks of the coordinate and the layout", [tupText(c), tupText(t)]);
    c.forEach((x, i) => liftDice(x, t[i]!, out));
  } else if (!(c instanceof Underscore)) out.push(t);
}

/** replace every underscore of a coordinate with _0 (the offset of a slice) */
export function underscoresToZero(c: Coord): IntTuple {
  if (Array.isArray(c)) return c.map(underscoresToZero);
  return c instanceof Underscore ? _0 : c;
}

// ---------------------------------------------------------------- comparisons (int_tuple.hpp)
// CuTe's booleans are integers here: static `_1`/`_0` (true_type/false_type) or dynamic 1/0.
// A static false on either side of `&&` is static false, a static true on either side of `||`
// static true, whatever the other side (CuTe's short-circuit overloads of C<b>).

function and2(x: Int, y: Int): Int {
  if ((x.s && x.v === 0) || (y.s && y.v === 0)) return _0;
  return I.mk(x.v && y.v ? 1 : 0, x.s && y.s);
}
function or2(x: Int, y: Int): Int {
  if ((x.s && x.v !== 0) || (y.s && y.v !== 0)) return _1;
  return I.mk(x.v || y.v ? 1 : 0, x.s && y.s);
}
const not1 = (x: Int): Int => I.mk(x.v ? 0 : 1, x.s);

/** the scalar `a < b` the comparisons end in; a tuple against an integer has no operator< */
function scalarLess(a: IntTuple, b: IntTuple, op: string): Int {
  if (Array.isArray(a) || Array.isArray(b)) throw new CuteError(op, "no matching operator<: a tuple compares with a tuple, an integer with an integer", [tupText(a), tupText(b)]);
  return I.lt(a, b);
}

/** `a == b`: tuples of different ranks are unequal (false_type), elements compare in order */
export function tuple_equal(a: IntTuple, b: IntTuple, op = "operator=="): Int {
  if (!Array.isArray(a) && !Array.isArray(b)) return I.eq(a, b);
  if (!Array.isArray(a) || !Array.isArray(b)) throw new CuteError(op, "no matching operator==: a tuple compares with a tuple, an integer with an integer", [tupText(a), tupText(b)]);
  if (a.length !== b.length) return _0;
  let r: Int = _1;
  for (let i = a.length - 1; i >= 0; i--) r = and2(tuple_equal(a[i]!, b[i]!, op), r);
  return r;
}

/** lexicographic `a < b`: the first differing mode decides; a proper prefix is less */
export function lex_less(a: IntTuple, b: IntTuple): Int {
  if (!Array.isArray(a) || !Array.isArray(b)) return scalarLess(a, b, "lex_less");
  const at = (i: number): Int => {
    if (i === b.length) return _0;
    if (i === a.length) return _1;
    return or2(lex_less(a[i]!, b[i]!), and2(tuple_equal(a[i]!, b[i]!, "lex_less"), at(i + 1)));
  };
  return at(0);
}

/** colexicographic `a < b`: as lex_less, from the last mode of each toward the first */
export function colex_less(a: IntTuple, b: IntTuple): Int {
  if (!Array.isArray(a) || !Array.isArray(b)) return scalarLess(a, b, "colex_less");
  const at = (i: number): Int => {
    if (i === b.length) return _0;
    if (i === a.length) return _1;
    const x = a[a.length - 1 - i]!, y = b[b.length - 1 - i]!;
    return or2(colex_less(x, y), and2(tuple_equal(x, y, "colex_less"), at(i + 1)));
  };
  return at(0);
}

/** element-wise `a < b` in every mode of a (b may have more modes; fewer is false) */
export function elem_less(a: IntTuple, b: IntTuple): Int {
  if (!Array.isArray(a) || !Array.isArray(b)) return scalarLess(a, b, "elem_less");
  const at = (i: number): Int => {
    if (i === a.length) return _1;
    if (i === b.length) return _0;
    return and2(elem_less(a[i]!, b[i]!), at(i + 1));
  };
  return at(0);
}

/** the <=, > and >= of each order, as CuTe derives them from its `less` */
export const lex_leq = (a: IntTuple, b: IntTuple): Int => not1(lex_less(b, a));
export const lex_gtr = (a: IntTuple, b: IntTuple): Int => lex_less(b, a);
export const lex_geq = (a: IntTuple, b: IntTuple): Int => not1(lex_less(a, b));
export const colex_leq = (a: IntTuple, b: IntTuple): Int => not1(colex_less(b, a));
export const colex_gtr = (a: IntTuple, b: IntTuple): Int => colex_less(b, a);
export const colex_geq = (a: IntTuple, b: IntTuple): Int => not1(colex_less(a, b));
export const elem_leq = (a: IntTuple, b: IntTuple): Int => not1(elem_less(b, a));
export const elem_gtr = (a: IntTuple, b: IntTuple): Int => elem_less(b, a);
export const elem_geq = (a: IntTuple, b: IntTuple): Int => not1(elem_less(a, b));
