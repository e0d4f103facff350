/** Tensors and their iterators (tensor_impl.hpp): make_tensor over counting and arithmetic-tuple iterators, identity tensors, tiling and partitioning. */
import { CuteError, Unsupported, UsageError } from "../../core/errors.js";
import { D, Int, _0 } from "../../core/integer.js";
import { Idx } from "../../core/basis.js";
import * as T from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout } from "../../core/swizzle.js";
import { Tensor, CountingIter, ArithIter, PtrIter, isIter } from "../../core/tensor.js";
import { findValueType, valueTypeNames } from "../../core/value-types.js";
import * as TT from "../../tensor/algorithms.js";
import * as M from "../../tensor/memory.js";
import { typeArg } from "./pointer.js";
import { MajorTag, Value } from "../../core/value.js";
import { show } from "../../print/print.js";
import { asIntTuple, asStride, asLayout, asCoord, asTiler } from "../../notation/coerce.js";
import { type FunctionTable, nargs, intTargs, tupleLike, onLayoutLike, shapeOf, getAt, asTensor } from "./registry.js";

/** make_layout(args...) as make_tensor builds its layout, or the one layout (or composed layout) given */
function layoutArgs(args: Value[], name: string): Layout | ComposedLayout {
  if (args.length === 2) {
    const sh = asIntTuple(args[0]!, "the shape");
    const st = args[1]!;
    return st instanceof MajorTag ? (st.name === "LayoutLeft" ? L.make_layout_left(sh) : L.make_layout_right(sh)) : L.make_layout(sh, asStride(st, "the stride"));
  }
  const l = args[0]!;
  if (l instanceof ComposedLayout || l instanceof Layout) return l;
  if (isIter(l)) throw new CuteError(name, "Expected layout args... in make_tensor(iter, args...)", [show(l)]);
  return L.make_layout(asIntTuple(l, "the shape"));
}

export const TENSOR_FUNCTIONS: FunctionTable = {
  // sizeof(T) of a value type: its bytes (a sub-byte type takes its byte of storage); sizeof(t)
  // of an owning tensor: its register array's bytes (both a size_t, dynamic)
  sizeof(args, targs, name) {
    if (args.length === 0 && targs.length === 1 && typeof targs[0] === "string") {
      const vt = findValueType(targs[0]);
      if (vt === undefined) throw new Unsupported(`${name}(${targs[0]})`, `: cute-ts knows the sizes of CuTe's value types (${valueTypeNames().slice(0, 6).join(", ")}, ...) and owning tensors`);
      return D(Math.ceil(vt.bits / 8));
    }
    nargs(name, args, 1, 1);
    const t = args[0]!;
    if (!(t instanceof Tensor)) throw new Unsupported(`${name} of ${show(t)}`, ": cute-ts knows sizeof of owning tensors (make_tensor_like(...)) only");
    return M.sizeofTensor(t, name);
  },
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
  // make_tensor(iter, layout | shape[, stride | LayoutLeft/Right]): a view; make_tensor<T>(...): an owning register tensor
  make_tensor(args, targs, name) {
    if (targs.length > 0) {
      const vt = typeArg(name, targs)!;
      nargs(name, args, 1, 2);
      if (isIter(args[0])) throw new CuteError(name, "Expected layout args... in make_tensor<T>(args...) (a view takes no type: make_tensor(iter, ...))", [show(args[0]!)]);
      return M.make_owning_tensor(vt, layoutArgs(args, name), `${name}<${vt.name}>`);
    }
    nargs(name, args, 2, 3);
    const it = args[0]!;
    if (!isIter(it)) {
      throw new CuteError(name, "Expected iterator iter in make_tensor(iter, args...) (a pointer such as make_gmem_ptr((float*)0x1000), counting_iter(n) or ArithTuple(...))", [show(it)]);
    }
    if (it instanceof PtrIter && it.bits === 0) throw new CuteError(name, "a void pointer has no element type: cast it, as (float*)p", [show(it)]);
    return M.make_tensor_view(it, layoutArgs(args.slice(1), name));
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
