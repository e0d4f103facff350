/** CuTe's operator(): `X(args)` evaluates or slices a layout, a composed layout, a tensor or a swizzle. */
import { CuteError, Unsupported, UsageError } from "../core/errors.js";
import { Int, S, D } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import { IntTuple } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, Swizzle, SwizzleInnerComposed } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import { Tensor } from "../core/tensor.js";
import * as TT from "../tensor/algorithms.js";
import { addressOf as elementAddressOf } from "../tensor/memory.js";
import type { Value } from "../core/value.js";
import { show } from "../print/print.js";
import { asCoord } from "../notation/coerce.js";

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

/** &T(coord): the address of the element T(coord) reads, a raw pointer (the swizzle of a swizzle_ptr applied) */
export function addressOf(target: Value, args: Value[]): Value {
  if (!(target instanceof Tensor)) throw new Unsupported(`the address of an element of ${show(target)}`, ": it takes &T(coord), the address of a tensor's element");
  if (args.length === 0) throw new UsageError(`${show(target)}() needs a coordinate`);
  const coord = asCoord(args.length === 1 ? args[0]! : args);
  if (T.has_underscore(coord)) throw new CuteError("operator&", "T(coord) with _ is a tensor (a slice), not an element: its iterator is where it starts", [show(target)]);
  const off = target.layout instanceof Layout ? L.crd2idx(coord as IntTuple, target.layout) : C.evalAt(target.layout, coord as IntTuple);
  if (!(off instanceof Int)) throw new CuteError("operator&", "the layout maps the coordinate to a coordinate, not an offset", [show(target)]);
  return elementAddressOf(target, off);
}

// ---------------------------------------------------------------- the table

/** a function of one layout with CuTe's own overload for composed layouts, and none for tensors */
