/**
 * Reading a value as the kind an operation takes: an integer tuple, a stride, a layout, a
 * coordinate, a tiler. Each refusal says what was expected and shows what was given.
 */
import { CuteError, UsageError } from "../core/errors.js";
import { Int } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import { IntTuple, Stride, Underscore, Coord } from "../core/int-tuple.js";
import { Layout, Tiler, make_layout } from "../core/layout.js";
import type { Value } from "../core/value.js";
import { show } from "../print/print.js";

export function isIntTuple(v: unknown): v is IntTuple {
  return v instanceof Int || (Array.isArray(v) && v.every(isIntTuple));
}
export function asIntTuple(v: Value, what: string): IntTuple {
  if (isIntTuple(v)) return v;
  throw new UsageError(`${what} must be integers or tuples of integers, got ${show(v)}`);
}
export function isStride(v: Value): v is Stride {
  return v instanceof Int || v instanceof ScaledBasis || (Array.isArray(v) && v.every(isStride));
}
export function asStride(v: Value, what: string): Stride {
  if (isStride(v)) return v;
  throw new UsageError(`${what} must be integers, scaled bases (_1@0) or tuples of them, got ${show(v)}`);
}
/** where CuTe takes only a layout, a bare shape means make_layout(shape) */
export function asLayout(v: Value, op: string): Layout {
  if (v instanceof Layout) return v;
  if (isIntTuple(v)) return make_layout(v);
  throw new CuteError(op, "no matching overload: expected a layout", [show(v)]);
}
export function asCoord(v: Value): Coord {
  if (v instanceof Int || v instanceof Underscore) return v;
  if (Array.isArray(v)) return v.map(asCoord);
  throw new UsageError(`a coordinate holds integers and '_', got ${show(v)}`);
}
export function asTiler(v: Value, op: string): Tiler {
  if (v instanceof Layout || v instanceof Int || v instanceof Underscore) return v;
  if (Array.isArray(v)) return v.map((x) => asTiler(x, op));
  throw new CuteError(op, "no matching overload: a tiler is a layout, a shape, '_' or a tuple of them", [show(v)]);
}
