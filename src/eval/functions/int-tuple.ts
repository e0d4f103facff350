/** Integers and integer tuples (int_tuple.hpp, math.hpp): tuple builders, arithmetic, congruence, crd2idx/idx2crd. */
import { CuteError, UsageError } from "../../core/errors.js";
import * as I from "../../core/integer.js";
import { Int, S, D, _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { IntTuple } from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout } from "../../core/layout.js";
import { MajorTag, Value } from "../../core/value.js";
import { show } from "../../print/print.js";
import { asIntTuple, asStride } from "../../notation/coerce.js";
import { type FunctionTable, type Fn, intTargs, nargs, tupleLike, shapeOf } from "./registry.js";

const bool = (b: boolean): Int => (b ? _1 : _0);

/** a comparison of two integer tuples (lex_less, elem_leq, ...) */
const comparison =
  (f: (a: IntTuple, b: IntTuple) => Int): Fn =>
  (args, _t, name) => {
    nargs(name, args, 2);
    return f(asIntTuple(args[0]!, name), asIntTuple(args[1]!, name));
  };

export const INT_TUPLE_FUNCTIONS: FunctionTable = {
  make_shape: (args) => args,
  make_stride: (args) => args,
  make_coord: (args) => args,
  make_tile: (args) => args,
  make_tuple: (args) => args,
  make_step: (args) => args,
  // make_int_tuple(ts...) is a tuple of them; make_int_tuple<N>(t, n, init) the rank-N tuple of t[i] for i < n and init after
  // (int_tuple.hpp; each element is `i < n ? t[i] : init`, so of their common type: static only where both are the same _k)
  make_int_tuple(args, targs, name) {
    if (targs.length === 0) return args;
    nargs(name, args, 3);
    const N = intTargs(name, targs, 1)[0]!;
    if (N <= 0) throw new CuteError(name, "static_assert(N > 0)", [`N = ${N}`]);
    builtRank(name, N);
    const t = args[0]!, n = asIntTuple(args[1]!, "make_int_tuple's n"), init = asIntTuple(args[2]!, "make_int_tuple's init");
    if (Array.isArray(n) || Array.isArray(init)) throw new CuteError(name, "make_int_tuple<N>(t, n, init) takes an integer n and an integer init");
    const items = Array.isArray(t) ? (t as Value[]) : [t];
    const at = (i: number): Int => {
      const pick = i < n.v ? items[i] : init;
      if (pick === undefined) throw new CuteError(name, `t[${i}] is past the end of t (n = ${n.v} reaches beyond its ${items.length} elements)`);
      const v = asIntTuple(pick, "an element of t");
      if (Array.isArray(v)) throw new CuteError(name, "t's elements are integers");
      const other = i < n.v ? init : v;
      return v.s && other.s && v.v === other.v ? v : D(v.v);
    };
    return N === 1 ? at(0) : Array.from({ length: N }, (_x, i) => at(i));
  },
  // conditional_return(cond, t, f) / conditional_return<b>(t, f) (integral_constant.hpp): t where the condition holds, else f
  conditional_return(args, targs, name) {
    if (targs.length === 1) {
      nargs(name, args, 2);
      return intTargs(name, targs, 1)[0] ? args[0]! : args[1]!;
    }
    nargs(name, args, 3);
    const c = asIntTuple(args[0]!, name);
    if (Array.isArray(c)) throw new CuteError(name, "no matching overload: the condition is a bool or an integral constant");
    return c.v !== 0 ? args[1]! : args[2]!;
  },
  // tuple_algorithms.hpp's builders: tuple_repeat<N>(x) is a rank-N tuple of x; repeat<N>(x) the same but x itself for N = 1
  tuple_repeat: repeatN(false),
  repeat: repeatN(true),
  // wrap(t): t if a tuple, else (t); unwrap(t): t without its rank-1 tuple wrappers
  wrap(args, _t, name) {
    nargs(name, args, 1);
    return Array.isArray(args[0]) ? args[0]! : [args[0]!];
  },
  unwrap(args, _t, name) {
    nargs(name, args, 1);
    let t = args[0]!;
    while (Array.isArray(t) && t.length === 1) t = (t as Value[])[0]!;
    return t;
  },
  // front(t) / back(t): the first / last non-tuple element of a hierarchical tuple
  front: endOf("front", (t) => t[0]),
  back: endOf("back", (t) => t[t.length - 1]),
  // replace_front / replace_back(t, x): t with its first / last element x (x itself when t is not a tuple)
  replace_front: replaceEnd(true),
  replace_back: replaceEnd(false),
  // insert<N>(t, x), remove<N>(t) / remove<B,E>(t)
  insert(args, targs, name) {
    nargs(name, args, 2);
    const n = intTargs(name, targs, 1)[0]!;
    const t = tupleItems(args[0]!, name);
    if (n < 0 || n > t.length) throw new CuteError(name, `insert<${n}> of a tuple of rank ${t.length}: the position is past its end`);
    return [...t.slice(0, n), args[1]!, ...t.slice(n)];
  },
  remove(args, targs, name) {
    nargs(name, args, 1);
    const [b, e = b + 1] = intTargs(name, targs, 1, 2);
    const t = tupleItems(args[0]!, name);
    if (b < 0 || e > t.length || b > e) throw new CuteError(name, `remove<${targs.join(",")}> of a tuple of rank ${t.length}: the range is outside it`);
    return [...t.slice(0, b), ...t.slice(e)];
  },
  // flatten_to_tuple(t): flatten, a non-tuple becoming a rank-1 tuple
  flatten_to_tuple(args, _t, name) {
    nargs(name, args, 1);
    const t = args[0]!;
    return Array.isArray(t) ? (T.flatten(tupleLike(t, name)) as Value) : [t];
  },
  // x in the profile of t (tuple_algorithms.hpp): repeat_like(make_shape(4, make_shape(2, 3)), _0) is (_0,(_0,_0))
  repeat_like(args, _t, name) {
    nargs(name, args, 2);
    const like = (t: Value): Value => (Array.isArray(t) ? (t as Value[]).map(like) : args[1]!);
    return like(asIntTuple(args[0]!, name) as Value);
  },
  reverse(args, _t, name) {
    nargs(name, args, 1);
    return T.reverse(tupleLike(args[0]!, name)) as Value;
  },
  product_each(args, _t, name) {
    nargs(name, args, 1);
    return T.product_each(shapeOf(args[0]!, name));
  },
  product(args, _t, name) {
    nargs(name, args, 1);
    return T.size(asIntTuple(args[0]!, name));
  },
  min: foldInts(I.min),
  max: foldInts(I.max),
  "std::min": stdMinMax(I.min),
  "std::max": stdMinMax(I.max),
  gcd: foldInts(I.gcd),
  lcm: foldInts(I.lcm),
  abs(args, _t, name) {
    nargs(name, args, 1);
    return T.transform(asIntTuple(args[0]!, name), I.abs);
  },
  signum(args, _t, name) {
    nargs(name, args, 1);
    return T.transform(asIntTuple(args[0]!, name), I.signum);
  },
  safe_div(args, _t, name) {
    nargs(name, args, 2);
    const [a, b] = [asIntTuple(args[0]!, name), asIntTuple(args[1]!, name)];
    if (Array.isArray(a) || Array.isArray(b)) throw new CuteError(name, "no matching overload: safe_div takes two integers");
    return I.safeDiv(a, b);
  },
  round_up(args, _t, name) {
    nargs(name, args, 2);
    const rec = (a: IntTuple, b: IntTuple): IntTuple => {
      if (Array.isArray(a) && Array.isArray(b)) {
        if (b.length > a.length) throw new CuteError(name, "Mismatched ranks");
        return a.map((x, i) => rec(x, i < b.length ? b[i]! : _1));
      }
      if (Array.isArray(a) || Array.isArray(b)) throw new CuteError(name, "no matching overload: round_up of a tuple and an integer");
      return I.mul(I.ceilDivInt(a, b), b);
    };
    return rec(asIntTuple(args[0]!, name), asIntTuple(args[1]!, name));
  },
  sum(args, _t, name) {
    nargs(name, args, 1);
    return T.sum(asIntTuple(args[0]!, name));
  },
  inner_product(args, _t, name) {
    nargs(name, args, 2);
    const rec = (a: IntTuple, b: IntTuple): Int => {
      if (Array.isArray(a) && Array.isArray(b)) {
        if (a.length !== b.length) throw new CuteError(name, "Mismatched ranks");
        let r: Int = _0;
        a.forEach((x, i) => (r = I.add(r, rec(x, b[i]!))));
        return r;
      }
      if (Array.isArray(a) || Array.isArray(b)) throw new CuteError(name, "no matching overload: inner_product needs congruent tuples");
      return I.mul(a, b);
    };
    return rec(asIntTuple(args[0]!, name), asIntTuple(args[1]!, name));
  },
  lex_less: comparison(T.lex_less),
  lex_leq: comparison(T.lex_leq),
  lex_gtr: comparison(T.lex_gtr),
  lex_geq: comparison(T.lex_geq),
  colex_less: comparison(T.colex_less),
  colex_leq: comparison(T.colex_leq),
  colex_gtr: comparison(T.colex_gtr),
  colex_geq: comparison(T.colex_geq),
  elem_less: comparison(T.elem_less),
  elem_leq: comparison(T.elem_leq),
  elem_gtr: comparison(T.elem_gtr),
  elem_geq: comparison(T.elem_geq),
  elem_scale(args, _t, name) {
    nargs(name, args, 2);
    return T.elem_scale(asIntTuple(args[0]!, name), asIntTuple(args[1]!, name)) as Value;
  },
  shape_div(args, _t, name) {
    nargs(name, args, 2);
    return T.shape_div(asIntTuple(args[0]!, name), asIntTuple(args[1]!, name));
  },
  ceil_div(args, _t, name) {
    nargs(name, args, 2);
    const [a, b] = args as [Value, Value];
    if (b instanceof Layout) return L.complement(b, shapeOf(a, name)).shape;
    return T.ceil_div(asIntTuple(a, name), asIntTuple(b, name));
  },
  compact_col_major(args, _t, name) {
    nargs(name, args, 1, 2);
    const cur = args[1];
    if (cur !== undefined && Array.isArray(cur)) return T.compact_major_tuple(asIntTuple(args[0]!, name), asIntTuple(cur, name), true);
    return T.compact_col_major(asIntTuple(args[0]!, name), cur === undefined ? _1 : (cur as Int));
  },
  // compact_order(shape, order) (stride.hpp): the compact strides with the modes taken in `order`; GenColMajor / GenRowMajor for order are the two majors
  compact_order(args, _t, name) {
    nargs(name, args, 2);
    const shape = asIntTuple(args[0]!, name), order = args[1]!;
    if (order instanceof MajorTag) return order.name === "LayoutLeft" ? T.compact_col_major(shape) : T.compact_row_major(shape);
    return T.compact_order(shape, asIntTuple(order, name));
  },
  // compact_major<LayoutLeft|LayoutRight>(shape, current = _1)
  compact_major(args, targs, name) {
    nargs(name, args, 1, 2);
    const major = targs.length === 1 ? String(targs[0]) : "";
    const left = major === "LayoutLeft" || major === "GenColMajor" || major === "cute::LayoutLeft";
    if (!left && major !== "LayoutRight" && major !== "GenRowMajor" && major !== "cute::LayoutRight") throw new CuteError(name, "compact_major<Major>(shape[, current]) takes LayoutLeft or LayoutRight as Major", [targs.join(",") || "none"]);
    return fnOf(left ? "compact_col_major" : "compact_row_major")(args, [], name);
  },
  compact_row_major(args, _t, name) {
    nargs(name, args, 1, 2);
    const cur = args[1];
    if (cur !== undefined && Array.isArray(cur)) return T.compact_major_tuple(asIntTuple(args[0]!, name), asIntTuple(cur, name), false);
    return T.compact_row_major(asIntTuple(args[0]!, name), cur === undefined ? _1 : (cur as Int));
  },
  congruent(args, _t, name) {
    nargs(name, args, 2);
    return bool(T.congruent(tupleLike(shapeOf(args[0]!, name)), tupleLike(shapeOf(args[1]!, name))));
  },
  weakly_congruent(args, _t, name) {
    nargs(name, args, 2);
    return T.weakly_congruent(shapeOf(args[0]!, name), shapeOf(args[1]!, name));
  },
  compatible(args, _t, name) {
    nargs(name, args, 2);
    return T.compatible(shapeOf(args[0]!, name), shapeOf(args[1]!, name));
  },
  evenly_divides(args, _t, name) {
    nargs(name, args, 2);
    return evenlyDivides(shapeOf(args[0]!, name), args[1]!, name);
  },
  crd2idx(args, _t, name) {
    nargs(name, args, 2, 3);
    const c = asIntTuple(args[0]!, "the coordinate");
    if (args.length === 2) {
      const s = args[1]!;
      if (s instanceof Layout) return L.crd2idx(c, s) as Value;
      return T.crd2idx_compact(c, asIntTuple(s, "the shape"));
    }
    return T.crd2idx(c, asIntTuple(args[1]!, "the shape"), asStride(args[2]!, "the stride")) as Value;
  },
  idx2crd(args, _t, name) {
    nargs(name, args, 2, 3);
    const i = asIntTuple(args[0]!, "the index");
    const s = args[1]!;
    if (s instanceof Layout) return T.idx2crd(i, s.shape, s.stride as IntTuple);
    return T.idx2crd(i, asIntTuple(s, "the shape"), args.length === 3 ? asIntTuple(args[2]!, "the stride") : undefined);
  },
};

/** another function of this table */
const fnOf = (name: string): Fn => INT_TUPLE_FUNCTIONS[name] as Fn;

/** the largest rank repeat<N>, tuple_repeat<N> and make_int_tuple<N> build (a bound on memory, cute-ts's own) */
const MAX_BUILT_RANK = 4096;
function builtRank(name: string, n: number): void {
  if (n > MAX_BUILT_RANK) throw new UsageError(`${name}<${n}>: cute-ts builds tuples of at most ${MAX_BUILT_RANK} elements`);
}

/** repeat<N>(x) / tuple_repeat<N>(x): N copies of x (repeat gives x itself for N = 1) */
function repeatN(oneIsItself: boolean): Fn {
  return (args, targs, name) => {
    nargs(name, args, 1);
    const n = intTargs(name, targs, 1)[0]!;
    if (n < 0) throw new CuteError(name, `${name}<${n}>: a negative rank`);
    builtRank(name, n);
    return oneIsItself && n === 1 ? args[0]! : Array.from({ length: n }, () => args[0]!);
  };
}
/** a tuple's elements (a non-tuple is refused: these functions index tuples) */
function tupleItems(v: Value, name: string): Value[] {
  if (!Array.isArray(v)) throw new CuteError(name, `${name} takes a tuple, not ${show(v)}`);
  return v as Value[];
}
/** front / back: down the first / last element until a non-tuple */
function endOf(what: string, pick: (t: Value[]) => Value | undefined): Fn {
  return (args, _t, name) => {
    nargs(name, args, 1);
    let t = args[0]!;
    while (Array.isArray(t)) {
      const next = pick(t as Value[]);
      if (next === undefined) throw new CuteError(name, `${what} of an empty tuple`);
      t = next;
    }
    return t;
  };
}
function replaceEnd(first: boolean): Fn {
  return (args, _t, name) => {
    nargs(name, args, 2);
    const [t, x] = args as [Value, Value];
    if (!Array.isArray(t)) return x;
    const items = (t as Value[]).slice();
    if (items.length === 0) throw new CuteError(name, `${name} of an empty tuple`);
    items[first ? 0 : items.length - 1] = x;
    return items;
  };
}

/** evenly_divides(shape, tiler): a tiler's layouts divide by their complement (ceil_div of a layout) */
function evenlyDivides(a: IntTuple, b: Value, name: string): Int {
  if (Array.isArray(b)) {
    if (b.length > T.rank(a)) return _0;
    let r: Int = _1;
    for (let i = 0; i < b.length; i++) {
      const z = evenlyDivides(T.get(a, i), b[i]!, name);
      if (z.s && z.v === 0) return _0;
      r = r.s && z.s ? S(r.v && z.v ? 1 : 0) : D(r.v && z.v ? 1 : 0);
    }
    return r;
  }
  if (b instanceof Layout) {
    const rest = L.complement(b, a).shape;
    return I.eq(T.size(a), I.mul(L.size(b), T.size(rest)));
  }
  return T.evenly_divides(a, asIntTuple(b, name));
}

/** min/max/gcd/lcm: over a tuple's leaves, or left to right over the arguments */
/**
 * std::min / std::max (<algorithm>): `const T& max(const T&, const T&)`, one T deduced from both
 * arguments, so two ints (dynamic) or the same Int<N> twice (static); Int<3> beside Int<4> or beside
 * an int deduces conflicting types and does not compile (cute::min / cute::max take those)
 */
function stdMinMax(f: (a: Int, b: Int) => Int): Fn {
  return (args, _t, name) => {
    nargs(name, args, 2);
    const [a, b] = args.map((x) => asIntTuple(x, name));
    if (!(a instanceof Int) || !(b instanceof Int)) throw new CuteError(name, "no matching function: std::min/std::max take two integers of one type (cute::min/cute::max take tuples)", args.map((x) => show(x)));
    if (a.s !== b.s || (a.s && a.v !== b.v)) {
      throw new CuteError(name, "no matching function: template argument T deduced as conflicting types (std::min/std::max take two arguments of one type: two ints, or the same Int<N>; cute::min/cute::max take any)", [show(a), show(b)]);
    }
    return f(a, b);
  };
}

function foldInts(f: (a: Int, b: Int) => Int): Fn {
  return (args, _t, name) => {
    if (args.length === 0) throw new CuteError(name, "no matching overload for 0 arguments");
    const xs = args.flatMap((a) => T.leaves(asIntTuple(a, name)));
    if (xs.length === 0) throw new CuteError(name, "no matching overload for an empty tuple");
    let r = xs[0]!;
    for (let i = 1; i < xs.length; i++) r = f(r, xs[i]!);
    return r;
  };
}
