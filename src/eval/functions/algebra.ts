/** The layout algebra (layout.hpp, layout_composed.hpp, swizzle_layout.hpp): composition, complement, inverses, divides, products, tile_to_shape, recasts, alignment. */
import { CuteError } from "../../core/errors.js";
import { Int, S, _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { IntTuple } from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout, Tiler } from "../../core/layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed, innermostLayout } from "../../core/swizzle.js";
import * as C from "../../core/composed.js";
import { Tensor, PtrIter, sameValueType } from "../../core/tensor.js";
import * as TT from "../../tensor/algorithms.js";
import { MajorTag, Value } from "../../core/value.js";
import { parseValueType } from "../../core/value-types.js";
import { show } from "../../print/print.js";
import { asIntTuple, asLayout, asCoord, asTiler } from "../../notation/coerce.js";
import { type FunctionTable, type Fn, nargs, intTargs, onInner, refuseTensor, shapeOf, asLayoutOrComposed } from "./registry.js";

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


export const ALGEBRA_FUNCTIONS: FunctionTable = {
  composition(args, _t, name) {
    nargs(name, args, 2, 3);
    if (args.length === 3) return C.compose3(args[0]!, args[1]!, args[2]!);
    const [a, b] = args as [Value, Value];
    if (a instanceof Tensor) {
      const inner = ALGEBRA_FUNCTIONS.composition!([a.layout, b], [], name);
      if (!(inner instanceof Layout || inner instanceof ComposedLayout)) throw new CuteError(name, "the composition of a tensor's layout must be a layout");
      return new Tensor(a.iter, inner);
    }
    const composed = (v: Value) => v instanceof Swizzle || v instanceof ComposedLayout || v instanceof SwizzleInnerComposed;
    if (composed(a) || composed(b)) return C.composition(a, b);
    return L.composition(asLayout(a, name), asTiler(b, name));
  },
  complement(args, _t, name) {
    nargs(name, args, 1, 2);
    const a0 = args[0]!;
    // complement of a composed layout is the complement of its inner layout, by default up to its cosize
    const a = a0 instanceof ComposedLayout ? innermostLayout(a0) : asLayout(a0, name);
    if (args.length === 1) return L.complement(a);
    const t = args[1]!;
    return L.complement(a, t instanceof Layout ? t : asIntTuple(t, "the cotarget"));
  },
  // a swizzle is an involution: its own inverse; A o k o Sw inverts as a composed layout
  right_inverse: (args, t, name) => (args.length === 1 && args[0] instanceof Swizzle ? args[0] : args.length === 1 && args[0] instanceof SwizzleInnerComposed ? C.right_inverse(args[0]) : rightInverse(args, t, name)),
  left_inverse: (args, t, name) => (args.length === 1 && args[0] instanceof Swizzle ? args[0] : args.length === 1 && args[0] instanceof SwizzleInnerComposed ? C.left_inverse(args[0]) : leftInverse(args, t, name)),
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
    const [a, b] = args as [Value, Value];
    // tensors that load no real data (implicit iterators, sub-byte or TMEM references) or convert between value types: CuTe answers _1:_0
    if (a instanceof Tensor && b instanceof Tensor) return vectorizable(a, b) ? C.max_common_layout(a.layout, b.layout) : new Layout(_1, _0);
    return C.max_common_layout(asLayoutOrComposed(a, name), asLayoutOrComposed(b, name));
  },
  max_common_vector(args, _t, name) {
    nargs(name, args, 2);
    const [a, b] = args as [Value, Value];
    // ... and _0 for max_common_vector
    if (a instanceof Tensor && b instanceof Tensor) return vectorizable(a, b) ? C.max_common_vector(a.layout, b.layout) : _0;
    return C.max_common_vector(asLayoutOrComposed(a, name), asLayoutOrComposed(b, name));
  },
  // tile_unzip(layout, tiler): the zipped divides' and products' last step on its own (layout.hpp)
  tile_unzip(args, _t, name) {
    nargs(name, args, 2);
    return L.tile_unzip(asLayout(args[0]!, name), asTiler(args[1]!, name));
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
  // mma_traits_sm100.hpp: an MN-logical atom tiled to a post-partitioned MMA shape ((MMA_M,MMA_N),M_MMAs,N_MMAs,...):
  // the shape ((MMA_M,M_MMAs),(MMA_N,N_MMAs),...) tiled as tile_to_shape does, then tiled_divide by the MMA's extents
  "UMMA::tile_to_mma_shape"(args, targs, name) {
    nargs(name, args, 2, 3);
    const mts = shapeOf(args[1]!, name);
    const r = T.rank(mts);
    if (!Array.isArray(mts) || r < 3 || !Array.isArray(mts[0])) {
      throw new CuteError(name, "the MMA tile shape is ((MMA_M,MMA_N),M_MMAs,N_MMAs,...): zip(shape<0>, take<1,3>) needs a rank-2 first mode and rank >= 3", [show(mts as Value)]);
    }
    const mnShape = [...(T.zipTuple([mts[0]!, T.take(mts, 1, 3)] as IntTuple) as IntTuple[]), ...(r > 3 ? (T.take(mts, 3, r) as IntTuple[]) : [])];
    const tiled = ALGEBRA_FUNCTIONS.tile_to_shape!(args.length === 3 ? [args[0]!, mnShape as Value, args[2]!] : [args[0]!, mnShape as Value], targs, "tile_to_shape");
    return ALGEBRA_FUNCTIONS.tiled_divide!([tiled, T.product_each(mts[0]!) as Value], targs, "tiled_divide");
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
};

/** CuTe vectorizes two tensors' common layout when both hold the same value type behind real references (T&): pointers, not implicit iterators, sub-byte proxies or TMEM */
function vectorizable(a: Tensor, b: Tensor): boolean {
  const p = a.iter, q = b.iter;
  return p instanceof PtrIter && q instanceof PtrIter && p.sub < 0 && q.sub < 0 && sameValueType(p, q);
}

function tileToShapeOrdered(a: Value, trg: IntTuple, order: IntTuple | undefined, name: string): Value {
  if (a instanceof ComposedLayout) return C.tile_to_shape(a, trg, order);
  return L.tile_to_shape(asLayout(a, name), trg, order);
}
