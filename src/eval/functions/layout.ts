/** Building layouts and reading their modes (layout.hpp): make_layout and friends, size/rank/shape/stride/get, mode surgery, slicing, coalesce and filter. */
import { CuteError } from "../../core/errors.js";
import { Int, S, _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout, Swizzle } from "../../core/swizzle.js";
import * as C from "../../core/composed.js";
import { Tensor } from "../../core/tensor.js";
import * as TT from "../../tensor/algorithms.js";
import { MajorTag, Value } from "../../core/value.js";
import { show } from "../../print/print.js";
import { asIntTuple, asStride, asLayout, asCoord, isIntTuple } from "../../notation/coerce.js";
import { type FunctionTable, nargs, intTargs, tupleLike, onInner, onLayoutLike, refuseTensor, layoutOf, shapeOf, getAt, sizeOf } from "./registry.js";

/** a swizzled or composed layout's parts, as make_composed_layout takes them */
const isOuter = (v: Value): boolean => v instanceof Swizzle || v instanceof Layout || v instanceof ComposedLayout;
const isSwizzled = (v: Value, name: string): Layout | ComposedLayout => {
  if (v instanceof Layout || v instanceof ComposedLayout) return v;
  if (v instanceof Tensor) throw new CuteError(name, "no matching overload for a tensor: pass its layout (t.layout())", [show(v)]);
  throw new CuteError(name, "no matching overload: it takes a Layout or a ComposedLayout<Swizzle<B,M,S>,Offset,Layout>", [show(v)]);
};

export const LAYOUT_FUNCTIONS: FunctionTable = {
  // make_composed_layout(A, offset, B) (layout_composed.hpp): the ComposedLayout as written, A o offset o B
  make_composed_layout(args, _t, name) {
    nargs(name, args, 3);
    const [a, off, b] = args as [Value, Value, Value];
    if (!isOuter(a)) throw new CuteError(name, "layout_a is a function of an index: a Swizzle, a Layout or a ComposedLayout", [show(a)]);
    if (!(b instanceof Layout || b instanceof ComposedLayout)) throw new CuteError(name, "layout_b is a Layout or a ComposedLayout", [show(b)]);
    if (!(off instanceof Int || isIntTuple(off))) throw new CuteError(name, "the offset is an integer or a coordinate", [show(off)]);
    return new ComposedLayout(a as Swizzle | Layout | ComposedLayout, off as Int, b);
  },
  get_swizzle_portion(args, _t, name) {
    nargs(name, args, 1);
    return C.get_swizzle_portion(isSwizzled(args[0]!, name));
  },
  get_nonswizzle_portion(args, _t, name) {
    nargs(name, args, 1);
    return C.get_nonswizzle_portion(isSwizzled(args[0]!, name));
  },
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
};
