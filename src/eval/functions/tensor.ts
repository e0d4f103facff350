/** Tensors and their iterators (tensor_impl.hpp): make_tensor over counting and arithmetic-tuple iterators, identity tensors, tiling and partitioning. */
import { CuteError, UsageError } from "../../core/errors.js";
import { Int, _0 } from "../../core/integer.js";
import { Idx } from "../../core/basis.js";
import * as T from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout } from "../../core/swizzle.js";
import { Tensor, CountingIter, ArithIter } from "../../core/tensor.js";
import * as TT from "../../tensor/algorithms.js";
import { MajorTag, Value } from "../../core/value.js";
import { show } from "../../print/print.js";
import { asIntTuple, asStride, asLayout, asCoord, asTiler } from "../../notation/coerce.js";
import { type FunctionTable, nargs, intTargs, tupleLike, onLayoutLike, shapeOf, getAt, asTensor } from "./registry.js";

export const TENSOR_FUNCTIONS: FunctionTable = {
  group_modes(args, targs, name) {
    nargs(name, args, 1);
    const [b, e] = intTargs(name, targs, 2) as [number, number];
    const a = args[0]!;
    if (!(a instanceof Tensor)) throw new CuteError(name, "no matching overload: group_modes<B,E> takes a tensor", [show(a)]);
    return onLayoutLike(a, name, (l) => L.group(l, b, e));
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
