/**
 * The name → function table of the notation: CuTe's functions over the value kinds each one
 * accepts, refusing what CuTe refuses (a missing overload is a CuteError that says so).
 */
import { nearest } from "../core/suggest.js";
import { CuteError, UsageError } from "../core/errors.js";
import * as I from "../core/integer.js";
import { Int, S, D, _0, _1 } from "../core/integer.js";
import { Idx, ScaledBasis } from "../core/basis.js";
import * as T from "../core/int-tuple.js";
import { IntTuple, Stride, Underscore, Coord, Tup } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout, Tiler } from "../core/layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import { Tensor, CountingIter, ArithIter } from "../tensor/tensor.js";
import * as TT from "../tensor/algorithms.js";
import { MajorTag, Value } from "../core/value.js";
import { show } from "../print/print.js";
import type { TArg } from "./parse.js";
import { parseValueType } from "../atoms/value-types.js";

type Fn = (args: Value[], targs: TArg[], name: string) => Value;

// ---------------------------------------------------------------- conversions

export function isIntTuple(v: Value): v is IntTuple {
  return v instanceof Int || (Array.isArray(v) && v.every(isIntTuple));
}
export function asIntTuple(v: Value, what: string): IntTuple {
  if (isIntTuple(v)) return v;
  throw new UsageError(`${what} must be integers or tuples of integers, got ${show(v)}`);
}
function isStride(v: Value): v is Stride {
  return v instanceof Int || v instanceof ScaledBasis || (Array.isArray(v) && v.every(isStride));
}
export function asStride(v: Value, what: string): Stride {
  if (isStride(v)) return v;
  throw new UsageError(`${what} must be integers, scaled bases (_1@0) or tuples of them, got ${show(v)}`);
}
/** where CuTe takes only a layout, a bare shape means make_layout(shape) */
export function asLayout(v: Value, op: string): Layout {
  if (v instanceof Layout) return v;
  if (isIntTuple(v)) return L.make_layout(v);
  throw new CuteError(op, "no matching overload: expected a layout", [show(v)]);
}
function asLayoutOrComposed(v: Value, op: string): Layout | ComposedLayout {
  return v instanceof ComposedLayout ? v : asLayout(v, op);
}
function asCoord(v: Value): Coord {
  if (v instanceof Int || v instanceof Underscore) return v;
  if (Array.isArray(v)) return v.map(asCoord);
  throw new UsageError(`a coordinate holds integers and '_', got ${show(v)}`);
}
function asTiler(v: Value, op: string): Tiler {
  if (v instanceof Layout || v instanceof Int || v instanceof Underscore) return v;
  if (Array.isArray(v)) return v.map((x) => asTiler(x, op));
  throw new CuteError(op, "no matching overload: a tiler is a layout, a shape, '_' or a tuple of them", [show(v)]);
}
function tupleLike(v: Value, op = "a tuple algorithm"): Tup<unknown> {
  if (v instanceof ComposedLayout || v instanceof SwizzleInnerComposed) throw new CuteError(op, "no matching overload for a composed layout", [show(v)]);
  return v as Tup<unknown>;
}
/** CuTe's ComposedLayout overloads: the operation applies to the inner layout B, keeping A and the offset */
function onInner(c: ComposedLayout, f: (b: Layout) => Layout): Value {
  return C.make_composed(c.a, c.offset, f(c.b));
}
/** a layout operation on a layout, a composed layout (its inner layout) or a tensor (its layout, same iterator) */
function onLayoutLike(v: Value, name: string, f: (b: Layout) => Layout): Value {
  if (v instanceof Tensor) {
    const l = v.layout instanceof ComposedLayout ? onInner(v.layout, f) : f(v.layout);
    return new Tensor(v.iter, l as Layout | ComposedLayout);
  }
  if (v instanceof ComposedLayout) return onInner(v, f);
  return f(asLayout(v, name));
}
/** CuTe has no overload of this operation for tensors */
function refuseTensor(v: Value, name: string): void {
  if (v instanceof Tensor) throw new CuteError(name, "no matching overload for a tensor", [show(v)]);
}
function nargs(name: string, args: Value[], lo: number, hi = lo): void {
  if (args.length < lo || args.length > hi) {
    throw new CuteError(name, `no matching overload for ${args.length} argument${args.length === 1 ? "" : "s"} (takes ${lo === hi ? lo : `${lo} to ${hi}`})`);
  }
}
function intTargs(name: string, targs: TArg[], lo: number, hi = lo): number[] {
  if (targs.length < lo || targs.length > hi || targs.some((t) => typeof t !== "number")) {
    throw new UsageError(`${name} takes ${lo === hi ? lo : `${lo} to ${hi}`} integer template argument${hi === 1 ? "" : "s"}, e.g. ${name}<${Array.from({ length: Math.max(lo, 1) }, (_x, i) => i).join(",")}>(...)`);
  }
  return targs as number[];
}
const bool = (b: boolean): Int => (b ? _1 : _0);

// ---------------------------------------------------------------- polymorphic accessors

function layoutOf(v: Value, op: string): Layout {
  if (v instanceof Layout) return v;
  if (v instanceof Tensor) return v.layout instanceof Layout ? v.layout : v.layout.b;
  if (v instanceof ComposedLayout) return v.b;
  throw new CuteError(op, "no matching overload: expected a layout or tensor", [show(v)]);
}
function shapeOf(v: Value, op: string): IntTuple {
  if (isIntTuple(v)) return v;
  return layoutOf(v, op).shape;
}
function getAt(v: Value, path: number[], op: string): Value {
  if (v instanceof Layout) return L.sublayout(v, path, op);
  if (v instanceof Tensor) {
    if (path.length === 0) return v;
    return L.sublayout(layoutOf(v, op), path, op);
  }
  if (Array.isArray(v) || v instanceof Int) return T.getPath(v as Tup<Value>, path, op) as Value;
  if (path.length === 0) return v;
  if (v instanceof ComposedLayout) return onInner(v, (b) => L.sublayout(b, path, op));
  throw new CuteError(op, "no matching overload", [show(v)]);
}

function sizeOf(v: Value, op: string): Int {
  if (v instanceof Layout) return L.size(v);
  if (v instanceof Tensor || v instanceof ComposedLayout) return L.size(layoutOf(v, op));
  if (isIntTuple(v)) return T.size(v);
  throw new CuteError(op, "no matching overload", [show(v)]);
}

// ---------------------------------------------------------------- application

/** X(args): evaluate or slice a layout, composed layout or tensor, as CuTe's operator() */
export function apply(target: Value, args: Value[]): Value {
  if (args.length === 0) throw new UsageError(`${show(target)}() needs a coordinate`);
  const coord = asCoord(args.length === 1 ? args[0]! : args);
  if (target instanceof Layout) {
    if (T.has_underscore(coord)) return L.slice(coord, target);
    return L.crd2idx(coord as IntTuple, target) as Value;
  }
  if (target instanceof ComposedLayout) {
    if (T.has_underscore(coord)) return C.slice(coord, target);
    return C.evalAt(target, coord as IntTuple) as Value;
  }
  if (target instanceof Tensor) {
    if (T.has_underscore(coord)) return TT.sliceTensor(target, coord);
    return TT.at(target, coord as IntTuple) as Value;
  }
  if (target instanceof SwizzleInnerComposed) {
    // its inner map is a swizzle, which takes integers only
    if (!(args.length === 1 && args[0] instanceof Int)) throw new CuteError("operator()", "no matching call operator: a layout composed over a swizzle takes one integer", [show(target)]);
    return C.evalInnerSwizzled(target, args[0]) as Value;
  }
  if (target instanceof Swizzle && args.length === 1 && args[0] instanceof Int) {
    const x = args[0];
    return x.s ? S(target.apply(x.v)) : D(target.apply(x.v));
  }
  throw new CuteError("operator()", "no matching call operator: only layouts, composed layouts, tensors and swizzles can be applied", [show(target)]);
}

// ---------------------------------------------------------------- the table

/** a function of one layout with CuTe's own overload for composed layouts, and none for tensors */
const unaryLayout =
  (f: (l: Layout) => Value, composed: (c: ComposedLayout) => Value): Fn =>
  (args, _t, name) => {
    nargs(name, args, 1);
    const a = args[0]!;
    if (a instanceof ComposedLayout) return composed(a);
    refuseTensor(a, name);
    return f(asLayout(a, name));
  };

const divideOrProduct =
  (f: (l: Layout, t: Tiler) => Layout, composed?: (c: ComposedLayout, t: Tiler) => Value, tensors = true): Fn =>
  (args, _t, name) => {
    nargs(name, args, 2);
    const [a, b] = args as [Value, Value];
    const tiler = asTiler(b, name);
    if (a instanceof Tensor) {
      if (!tensors) throw new CuteError(name, "no matching overload for a tensor (CuTe defines no product of a tensor: it would often grow its cosize)", [show(a)]);
      if (a.layout instanceof ComposedLayout) {
        if (!composed) throw new CuteError(name, "no matching overload for a composed (swizzled) layout");
        return new Tensor(a.iter, composed(a.layout, tiler) as ComposedLayout);
      }
      return new Tensor(a.iter, f(a.layout, tiler));
    }
    if (a instanceof ComposedLayout) {
      if (composed) return composed(a, tiler);
      throw new CuteError(name, "no matching overload for a composed (swizzled) layout", [show(a)]);
    }
    return f(asLayout(a, name), tiler);
  };

const logicalProduct = divideOrProduct(L.logical_product, C.logical_product, false);
const rightInverse = unaryLayout(L.right_inverse, (c) => C.right_inverse(c));
const leftInverse = unaryLayout(L.left_inverse, (c) => C.left_inverse(c));

const rankSensitive =
  (f: (a: Layout, b: Layout) => Layout): Fn =>
  (args, _t, name) => {
    nargs(name, args, 2);
    const a = args[0]!, b = asLayout(args[1]!, name);
    refuseTensor(a, name);
    if (a instanceof ComposedLayout) return onInner(a, (l) => f(l, b));
    return f(asLayout(a, name), b);
  };

export const FUNCTIONS: Record<string, Fn> = {
  make_layout(args, _t, name) {
    if (args.length === 0) throw new CuteError(name, "no matching overload for 0 arguments");
    // make_layout(Swizzle<B,M,S>): the swizzle over the layout (M+B+|S|):_1, as CuTe writes it
    const sw = args[0];
    if (args.length === 1 && sw instanceof Swizzle) return C.make_composed(sw, _0, new Layout(S(sw.m + sw.b + Math.abs(sw.s)), _1));
    if (args.every((a) => a instanceof Layout)) {
      if (args.length === 1) return L.concat(args[0] as Layout);
      return L.concat(...(args as Layout[]));
    }
    nargs(name, args, 1, 2);
    const shape = asIntTuple(args[0]!, "make_layout's shape");
    if (args.length === 1) return L.make_layout(shape);
    const s = args[1]!;
    if (s instanceof MajorTag) return s.name === "LayoutLeft" ? L.make_layout_left(shape) : L.make_layout_right(shape);
    return L.make_layout(shape, asStride(s, "make_layout's stride"));
  },
  make_shape: (args) => args,
  make_stride: (args) => args,
  make_coord: (args) => args,
  make_tile: (args) => args,
  make_tuple: (args) => args,
  make_step: (args) => args,
  make_ordered_layout(args, _t, name) {
    nargs(name, args, 2);
    const shape = asIntTuple(args[0]!, "the shape");
    const ord = args[1]!;
    if (ord instanceof MajorTag) return ord.name === "LayoutLeft" ? L.make_layout_left(shape) : L.make_layout_right(shape);
    return L.make_ordered_layout(shape, asIntTuple(ord, "the order"));
  },
  make_identity_layout(args, _t, name) {
    nargs(name, args, 1);
    return L.make_identity_layout(shapeOf(args[0]!, name));
  },
  make_layout_tv(args, _t, name) {
    nargs(name, args, 2);
    const [tiler, tv] = L.make_layout_tv(asLayout(args[0]!, name), asLayout(args[1]!, name));
    return [tiler, tv];
  },

  size(args, targs, name) {
    nargs(name, args, 1);
    return sizeOf(getAt(args[0]!, intTargs(name, targs, 0, 8), name), name);
  },
  cosize(args, targs, name) {
    nargs(name, args, 1);
    const v = getAt(args[0]!, intTargs(name, targs, 0, 8), name);
    return L.cosize(isIntTuple(v) ? L.make_layout(v) : layoutOf(v, name));
  },
  rank(args, targs, name) {
    nargs(name, args, 1);
    const v = getAt(args[0]!, intTargs(name, targs, 0, 8), name);
    return S(T.rank(v instanceof Int || Array.isArray(v) ? tupleLike(v) : layoutOf(v, name).shape));
  },
  depth(args, targs, name) {
    nargs(name, args, 1);
    const v = getAt(args[0]!, intTargs(name, targs, 0, 8), name);
    return S(T.depth(v instanceof Int || Array.isArray(v) ? tupleLike(v) : layoutOf(v, name).shape));
  },
  shape(args, targs, name) {
    nargs(name, args, 1);
    const path = intTargs(name, targs, 0, 8);
    const a = args[0]!;
    if (isIntTuple(a)) return T.getPath(a, path, name);
    return T.getPath(layoutOf(a, name).shape, path, name);
  },
  stride(args, targs, name) {
    nargs(name, args, 1);
    const path = intTargs(name, targs, 0, 8);
    const a = args[0]!;
    if (a instanceof ComposedLayout || (a instanceof Tensor && a.layout instanceof ComposedLayout)) {
      throw new CuteError(name, "stride of a ComposedLayout is a deleted function (its strides do not describe it)", [show(a)]);
    }
    return T.getPath(layoutOf(a, name).stride, path, name) as Value;
  },
  get(args, targs, name) {
    nargs(name, args, 1);
    refuseTensor(args[0]!, name);
    return getAt(args[0]!, intTargs(name, targs, 1, 8), name);
  },
  layout(args, targs, name) {
    nargs(name, args, 1);
    const path = intTargs(name, targs, 0, 8);
    const a0 = args[0]!;
    const a = a0 instanceof Tensor ? a0.layout : a0;
    if (a instanceof ComposedLayout) return onInner(a, (l) => L.sublayout(l, path, name));
    return L.sublayout(asLayout(a, name), path, name);
  },
  select(args, targs, name) {
    nargs(name, args, 1);
    const idx = intTargs(name, targs, 1, 16);
    const a = args[0]!;
    if (a instanceof Layout) return L.select(a, idx);
    refuseTensor(a, name);
    return T.select(tupleLike(a, name), idx, name) as Value;
  },
  take(args, targs, name) {
    nargs(name, args, 1);
    const [b, e] = intTargs(name, targs, 2) as [number, number];
    const a = args[0]!;
    if (a instanceof Layout || a instanceof ComposedLayout || a instanceof Tensor) {
      if (b >= e) throw new CuteError(name, "take: empty range error", [show(a)]);
      return onLayoutLike(a, name, (l) => L.take(l, b, e));
    }
    return T.take(tupleLike(a, name), b, e, name) as Value;
  },
  group(args, targs, name) {
    nargs(name, args, 1);
    const [b, e] = intTargs(name, targs, 2) as [number, number];
    const a = args[0]!;
    if (a instanceof Layout || a instanceof ComposedLayout) return onLayoutLike(a, name, (l) => L.group(l, b, e));
    if (a instanceof Tensor) throw new CuteError(name, "no matching overload for a tensor (CuTe groups a tensor's modes with group_modes<B,E>)", [show(a)]);
    return T.group(tupleLike(a, name), b, e, name) as Value;
  },
  group_modes(args, targs, name) {
    nargs(name, args, 1);
    const [b, e] = intTargs(name, targs, 2) as [number, number];
    const a = args[0]!;
    if (!(a instanceof Tensor)) throw new CuteError(name, "no matching overload: group_modes<B,E> takes a tensor", [show(a)]);
    return onLayoutLike(a, name, (l) => L.group(l, b, e));
  },
  flatten(args, _t, name) {
    nargs(name, args, 1);
    const a = args[0]!;
    if (a instanceof Layout || a instanceof ComposedLayout || a instanceof Tensor) return onLayoutLike(a, name, L.flatten);
    return T.flatten(tupleLike(a, name)) as Value;
  },
  append(args, targs, name) {
    nargs(name, args, 1, 2);
    const [a, x] = args as [Value, Value | undefined];
    const n = intTargs(name, targs, 0, 1)[0];
    if (a instanceof Layout) {
      const xl = x === undefined ? undefined : asLayout(x, name);
      return n === undefined ? L.append(a, xl) : L.appendN(a, n, xl);
    }
    if (a instanceof ComposedLayout) {
      // only append<N>(ComposedLayout, x) exists
      if (n === undefined || x === undefined) throw new CuteError(name, "no matching overload: a composed layout takes append<N>(layout, x)", [show(a)]);
      const xl = asLayout(x, name);
      return onInner(a, (l) => L.appendN(l, n, xl));
    }
    if (x === undefined) throw new CuteError(name, "no matching overload: append(tuple) needs the element to append");
    return (n === undefined ? T.append(tupleLike(a, name), tupleLike(x, name)) : T.appendN(tupleLike(a, name), n, tupleLike(x, name))) as Value;
  },
  prepend(args, targs, name) {
    nargs(name, args, 1, 2);
    const [a, x] = args as [Value, Value | undefined];
    const n = intTargs(name, targs, 0, 1)[0];
    if (a instanceof Layout) {
      const xl = x === undefined ? new Layout(_1, _0) : asLayout(x, name);
      return n === undefined ? L.prepend(a, xl) : new Layout(T.prependN(a.shape, n, xl.shape), T.prependN(a.stride, n, xl.stride));
    }
    if (x === undefined) throw new CuteError(name, "no matching overload: prepend(tuple) needs the element to prepend");
    return (n === undefined ? T.prepend(tupleLike(a, name), tupleLike(x, name)) : T.prependN(tupleLike(a, name), n, tupleLike(x, name))) as Value;
  },
  replace(args, targs, name) {
    nargs(name, args, 2);
    const i = intTargs(name, targs, 1)[0]!;
    const [a, x] = args as [Value, Value];
    if (a instanceof Layout) return L.replace(a, i, asLayout(x, name));
    return T.replace(tupleLike(a, name), i, tupleLike(x, name), name) as Value;
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
  elem_scale(args, _t, name) {
    nargs(name, args, 2);
    return T.elem_scale(asIntTuple(args[0]!, name), asIntTuple(args[1]!, name)) as Value;
  },
  coshape(args, _t, name) {
    nargs(name, args, 1);
    return L.coshape(layoutOf(args[0]!, name)) as Value;
  },
  make_layout_like(args, _t, name) {
    nargs(name, args, 1);
    const l = asLayout(args[0]!, name);
    return new Layout(l.shape, T.compact_order(T.filter_zeros_tuple(l.stride, l.shape), asIntTuple(l.stride as Value, "make_layout_like's strides")));
  },
  zip(args, _t, name) {
    if (args.length === 2 && args[0] instanceof Layout && args[1] instanceof Layout) return L.zipLayouts(args[0], args[1], name);
    if (args.length === 0) throw new CuteError(name, "no matching overload for 0 arguments");
    // zip(t0, t1, ...) is zip((t0, t1, ...))
    if (args.length > 1) return T.zipTuple(args.map((x) => tupleLike(x, name))) as Value;
    const a = args[0]!;
    const zipLayout = (l: Layout) => new Layout(T.zipTuple(l.shape), T.zipTuple(l.stride));
    if (a instanceof Layout) return zipLayout(a);
    if (a instanceof ComposedLayout) return onInner(a, zipLayout);
    return T.zipTuple(tupleLike(a, name)) as Value;
  },
  unflatten(args, _t, name) {
    nargs(name, args, 2);
    const [a, p] = args as [Value, Value];
    if (a instanceof Layout) return new Layout(T.unflatten(a.shape, tupleLike(p, name)), T.unflatten(a.stride, tupleLike(p, name)) as T.Stride);
    return T.unflatten(tupleLike(a, name), tupleLike(p, name)) as Value;
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
  slice(args, _t, name) {
    nargs(name, args, 2);
    const c = asCoord(args[0]!);
    const x = args[1]!;
    if (x instanceof Layout) return L.slice(c, x);
    if (x instanceof Tensor) return TT.sliceTensor(x, c);
    if (x instanceof ComposedLayout) return C.slice(c, x);
    return T.slice(c, tupleLike(x, name)) as Value;
  },
  dice(args, _t, name) {
    nargs(name, args, 2);
    const c = asCoord(args[0]!);
    const x = args[1]!;
    if (x instanceof Layout) return L.dice(c, x);
    return T.dice(c, tupleLike(x, name)) as Value;
  },
  slice_and_offset(args, _t, name) {
    nargs(name, args, 2);
    const c = asCoord(args[0]!);
    const x = args[1]!;
    if (x instanceof ComposedLayout) return C.slice_and_offset(c, x) as Value;
    const [l, off] = L.slice_and_offset(c, asLayout(x, name));
    return [l, off as Value];
  },

  coalesce(args, _t, name) {
    nargs(name, args, 1, 2);
    const a = args[0]!;
    if (isIntTuple(a) && args.length === 1) return L.coalesce_shape(a);
    const profile = args[1] === undefined ? undefined : tupleLike(args[1], name);
    return onLayoutLike(a, name, (l) => L.coalesce(l, profile));
  },
  filter(args, _t, name) {
    nargs(name, args, 1, 2);
    const a = args[0]!, profile = args[1] === undefined ? undefined : tupleLike(args[1], name);
    if (a instanceof ComposedLayout || (a instanceof Tensor && a.layout instanceof ComposedLayout)) {
      // only filter(ComposedLayout, profile) exists
      if (profile === undefined) throw new CuteError(name, "no matching overload: a composed layout takes filter(layout, profile)", [show(a)]);
    }
    return onLayoutLike(a, name, (l) => L.filter(l, profile));
  },
  filter_zeros(args, _t, name) {
    nargs(name, args, 1, 2);
    const a = args[0]!;
    if (a instanceof Layout) return L.filter_zeros(a, args[1] === undefined ? undefined : asStride(args[1], name));
    if (a instanceof Tensor) {
      nargs(name, args, 1);
      if (a.layout instanceof ComposedLayout) throw new CuteError(name, "no matching overload for a composed (swizzled) layout", [show(a)]);
      return new Tensor(a.iter, L.filter_zeros(a.layout));
    }
    if (args.length === 2) return T.filter_zeros_tuple(asStride(a, name), asIntTuple(args[1]!, name));
    return T.filter_zeros_tuple(asStride(a, name), asIntTuple(a, name));
  },
  composition(args, _t, name) {
    nargs(name, args, 2, 3);
    if (args.length === 3) return C.compose3(args[0]!, args[1]!, args[2]!);
    const [a, b] = args as [Value, Value];
    if (a instanceof Tensor) {
      const inner = FUNCTIONS.composition!([a.layout, b], [], name);
      if (!(inner instanceof Layout || inner instanceof ComposedLayout)) throw new CuteError(name, "the composition of a tensor's layout must be a layout");
      return new Tensor(a.iter, inner);
    }
    if (a instanceof Swizzle || a instanceof ComposedLayout || b instanceof Swizzle || b instanceof ComposedLayout) return C.composition(a, b);
    return L.composition(asLayout(a, name), asTiler(b, name));
  },
  complement(args, _t, name) {
    nargs(name, args, 1, 2);
    const a0 = args[0]!;
    // complement of a composed layout is the complement of its inner layout, by default up to its cosize
    const a = a0 instanceof ComposedLayout ? a0.b : asLayout(a0, name);
    if (args.length === 1) return L.complement(a);
    const t = args[1]!;
    return L.complement(a, t instanceof Layout ? t : asIntTuple(t, "the cotarget"));
  },
  // a swizzle is an involution: its own inverse
  right_inverse: (args, t, name) => (args.length === 1 && args[0] instanceof Swizzle ? args[0] : rightInverse(args, t, name)),
  left_inverse: (args, t, name) => (args.length === 1 && args[0] instanceof Swizzle ? args[0] : leftInverse(args, t, name)),
  // CuTe does not attempt the nullspace of a composed layout: it answers _1:_0
  nullspace: unaryLayout(L.nullspace, () => new Layout(_1, _0)),
  max_alignment(args, _t, name) {
    nargs(name, args, 1);
    const a = args[0]!;
    if (a instanceof Layout) return L.max_alignment(a);
    if (a instanceof ComposedLayout) return C.max_alignment(a);
    if (a instanceof Swizzle) return C.max_alignment_swizzle(a);
    // max_alignment(C<v>) is the constant itself
    if (a instanceof Int && a.s) return a;
    throw new CuteError(name, "no matching overload: max_alignment takes a layout, a swizzle, a swizzled layout or a static integer", [show(a)]);
  },
  domain_offset(args, _t, name) {
    nargs(name, args, 2);
    const c = asCoord(args[0]!);
    const x = args[1]!;
    if (x instanceof Tensor) return TT.domain_offset(c, x);
    if (x instanceof ComposedLayout) return C.domain_offset(c, x) as Value;
    const [l, off] = L.domain_offset(c, asLayout(x, name));
    return [l, off as Value];
  },
  max_common_layout(args, _t, name) {
    nargs(name, args, 2);
    // tensors of implicit iterators (counting_iter, ArithTuple) load no real data: CuTe answers _1:_0
    if (args[0] instanceof Tensor && args[1] instanceof Tensor) return new Layout(_1, _0);
    return C.max_common_layout(asLayoutOrComposed(args[0]!, name), asLayoutOrComposed(args[1]!, name));
  },
  max_common_vector(args, _t, name) {
    nargs(name, args, 2);
    // tensors of implicit iterators (counting_iter, ArithTuple) load no real data: CuTe answers _0
    if (args[0] instanceof Tensor && args[1] instanceof Tensor) return _0;
    return C.max_common_vector(asLayoutOrComposed(args[0]!, name), asLayoutOrComposed(args[1]!, name));
  },
  logical_divide: divideOrProduct(L.logical_divide, C.logical_divide),
  zipped_divide: divideOrProduct(L.zipped_divide, C.zipped_divide),
  tiled_divide: divideOrProduct(L.tiled_divide, C.tiled_divide),
  flat_divide: divideOrProduct(L.flat_divide, C.flat_divide),
  logical_product(args, targs, name) {
    const t = args[1];
    if (args.length === 2 && t instanceof ComposedLayout && !(args[0] instanceof ComposedLayout || args[0] instanceof Tensor)) {
      return C.logical_product_swizzled(asLayout(args[0]!, name), t);
    }
    return logicalProduct(args, targs, name);
  },
  zipped_product: divideOrProduct(L.zipped_product, C.zipped_product, false),
  tiled_product: divideOrProduct(L.tiled_product, C.tiled_product, false),
  flat_product: divideOrProduct(L.flat_product, C.flat_product, false),
  blocked_product: rankSensitive(L.blocked_product),
  raked_product: rankSensitive(L.raked_product),
  tile_to_shape(args, _t, name) {
    nargs(name, args, 2, 3);
    const a = args[0]!;
    const trg = shapeOf(args[1]!, name);
    const ord = args[2];
    const order = ord === undefined || ord instanceof MajorTag ? undefined : asIntTuple(ord, "the mode order");
    if (ord instanceof MajorTag && ord.name === "LayoutRight") {
      const r = T.rank(trg);
      return tileToShapeOrdered(a, trg, Array.from({ length: r }, (_x, i) => S(r - 1 - i)), name);
    }
    return tileToShapeOrdered(a, trg, order, name);
  },
  upcast(args, targs, name) {
    nargs(name, args, 1);
    const n = intTargs(name, targs, 1)[0]!;
    const a = args[0]!;
    if (a instanceof ComposedLayout) return C.upcast(a, n);
    if (a instanceof Swizzle) return C.upcastSwizzle(a, n);
    return L.upcast(asLayout(a, name), n);
  },
  downcast(args, targs, name) {
    nargs(name, args, 1);
    const n = intTargs(name, targs, 1)[0]!;
    const a = args[0]!;
    if (a instanceof ComposedLayout) return C.downcast(a, n);
    if (a instanceof Swizzle) return C.downcastSwizzle(a, n);
    return L.downcast(asLayout(a, name), n);
  },

  recast_layout(args, targs, name) {
    nargs(name, args, 1);
    if (targs.length !== 2) throw new CuteError(name, "recast_layout<OldType, NewType>(layout) takes two value types", [`${targs.length} template argument${targs.length === 1 ? "" : "s"}`]);
    const [from, to] = targs.map((t) => parseValueType(String(t)).bits) as [number, number];
    const a = args[0]!;
    if (a instanceof ComposedLayout) return C.recast_layout(a, from, to);
    if (a instanceof Swizzle) return C.recastSwizzle(a, from, to);
    return L.recast_layout(asLayout(a, name), from, to);
  },

  // CuTe overloads it for a swizzled layout over a shared-memory pointer flag only
  as_position_independent_swizzle_layout(args, _t, name) {
    nargs(name, args, 1);
    const a = args[0]!;
    if (!(a instanceof ComposedLayout && a.offset instanceof SmemPtrFlag)) {
      throw new CuteError(name, "no matching overload: it takes a layout over a shared-memory pointer flag, Sw<B,M,S> o smem_ptr[Nb](unset) o L", [show(a)]);
    }
    return C.as_position_independent_swizzle_layout(a);
  },

  counting_iter(args, _t, name) {
    nargs(name, args, 1);
    const a = args[0]!;
    if (!(a instanceof Int)) throw new UsageError("counting_iter takes an integer");
    return new CountingIter(a);
  },
  ArithTuple(args) {
    return new ArithIter(args.map((a) => asIntTuple(a, "an ArithTuple coordinate")) as Idx[]);
  },
  make_inttuple_iter(args) {
    const cs = args.map((a) => asIntTuple(a, "an ArithTuple coordinate")) as Idx[];
    return new ArithIter(cs.length === 1 ? cs[0]! : cs);
  },
  make_tensor(args, _t, name) {
    nargs(name, args, 2, 3);
    const it = args[0]!;
    if (!(it instanceof CountingIter || it instanceof ArithIter)) {
      throw new CuteError(name, "cute-ts makes tensors over counting_iter(n) and ArithTuple(...) iterators", [show(it)]);
    }
    let lay: Layout | ComposedLayout;
    if (args.length === 3) {
      const sh = asIntTuple(args[1]!, "the shape");
      const st = args[2]!;
      lay = st instanceof MajorTag ? (st.name === "LayoutLeft" ? L.make_layout_left(sh) : L.make_layout_right(sh)) : L.make_layout(sh, asStride(st, "the stride"));
    }
    else {
      const l = args[1]!;
      if (l instanceof ComposedLayout) lay = l;
      else if (l instanceof Layout) lay = l;
      else lay = L.make_layout(asIntTuple(l, "the shape"));
    }
    return new Tensor(it, lay);
  },
  // the layout bound to an ArithTuple iterator at 0 with the profile of its codomain
  make_counting_tensor(args, _t, name) {
    nargs(name, args, 1);
    const l = asLayout(args[0]!, name);
    return new Tensor(new ArithIter(T.repeat_like(tupleLike(L.coshape(l) as Value, name), _0) as Idx), l);
  },
  // tensor<I...>(t): the subtensor of a mode, on the same iterator
  tensor(args, targs, name) {
    nargs(name, args, 1);
    const a = args[0]!;
    if (!(a instanceof Tensor)) throw new CuteError(name, "no matching overload: tensor<I...> takes a tensor", [show(a)]);
    const path = intTargs(name, targs, 0, 8);
    if (path.length === 0) return a;
    const sub = getAt(a.layout, path, name);
    return new Tensor(a.iter, sub as Layout | ComposedLayout);
  },
  make_identity_tensor(args, _t, name) {
    nargs(name, args, 1);
    return TT.make_identity_tensor(shapeOf(args[0]!, name));
  },
  local_tile(args, _t, name) {
    nargs(name, args, 3, 4);
    const t = asTensor(args[0]!, name);
    const tiler = asTiler(args[1]!, name);
    const coord = asCoord(args[2]!);
    if (args.length === 4) return TT.local_tile_proj(t, tiler, coord, asCoord(args[3]!));
    return TT.inner_partition(t, tiler, coord);
  },
  inner_partition(args, _t, name) {
    nargs(name, args, 3);
    return TT.inner_partition(asTensor(args[0]!, name), asTiler(args[1]!, name), asCoord(args[2]!));
  },
  outer_partition(args, _t, name) {
    nargs(name, args, 3);
    return TT.outer_partition(asTensor(args[0]!, name), asTiler(args[1]!, name), asCoord(args[2]!));
  },
  local_partition(args, _t, name) {
    nargs(name, args, 3, 4);
    const t = asTensor(args[0]!, name);
    const tile = asLayout(args[1]!, name);
    const idx = args[2]!;
    if (!(idx instanceof Int)) throw new UsageError("local_partition's index is an integer");
    return TT.local_partition(t, tile, idx, args[3] === undefined ? undefined : asCoord(args[3]));
  },
};

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

function asTensor(v: Value, op: string): Tensor {
  if (v instanceof Tensor) return v;
  throw new CuteError(op, "no matching overload: expected a tensor (make_tensor(...))", [show(v)]);
}

function tileToShapeOrdered(a: Value, trg: IntTuple, order: IntTuple | undefined, name: string): Value {
  if (a instanceof ComposedLayout) return C.tile_to_shape(a, trg, order);
  return L.tile_to_shape(asLayout(a, name), trg, order);
}

let FUNCTION_NAMES: string[] | undefined;

/** up to three function names near an unknown one, nearest first (the atoms' "did you mean" rules) */
export function nearestNames(name: string): string[] {
  return nearest(name, (FUNCTION_NAMES ??= Object.keys(FUNCTIONS)));
}
export { SmemPtrFlag };
