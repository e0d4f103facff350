/**
 * What every entry of the function registry shares: the signature of a CuTe function as the
 * evaluator calls it, and the checks and accessors its entries use to read their arguments the
 * way CuTe's overloads take them (a missing overload is a CuteError that says so).
 */
import { CuteError, UsageError } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { IntTuple, Tup } from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout, SwizzleInnerComposed, innermostLayout } from "../../core/swizzle.js";
import * as C from "../../core/composed.js";
import { Tensor } from "../../core/tensor.js";
import type { Value } from "../../core/value.js";
import { show } from "../../print/print.js";
import type { TArg } from "../../notation/parse.js";
import { asLayout, isIntTuple } from "../../notation/coerce.js";

/** a CuTe function: its arguments, its template arguments (`size<0>`), and the name it was called by */
export type Fn = (args: Value[], targs: TArg[], name: string) => Value;
/** the functions one concept module registers, by CuTe name */
export type FunctionTable = Readonly<Record<string, Fn>>;

export function asLayoutOrComposed(v: Value, op: string): Layout | ComposedLayout {
  return v instanceof ComposedLayout ? v : asLayout(v, op);
}
export function tupleLike(v: Value, op = "a tuple algorithm"): Tup<unknown> {
  if (v instanceof ComposedLayout || v instanceof SwizzleInnerComposed) throw new CuteError(op, "no matching overload for a composed layout", [show(v)]);
  return v as Tup<unknown>;
}
/** CuTe's ComposedLayout overloads: the operation applies to the inner layout B, keeping A and the offset */
export function onInner(c: ComposedLayout, f: (b: Layout) => Layout): Value {
  return C.onInner(c, f);
}
/** a layout operation on a layout, a composed layout (its inner layout) or a tensor (its layout, same iterator) */
export function onLayoutLike(v: Value, name: string, f: (b: Layout) => Layout): Value {
  if (v instanceof Tensor) {
    const l = v.layout instanceof ComposedLayout ? onInner(v.layout, f) : f(v.layout);
    return new Tensor(v.iter, l as Layout | ComposedLayout);
  }
  if (v instanceof ComposedLayout) return onInner(v, f);
  return f(asLayout(v, name));
}
/** CuTe has no overload of this operation for tensors */
export function refuseTensor(v: Value, name: string): void {
  if (v instanceof Tensor) throw new CuteError(name, "no matching overload for a tensor", [show(v)]);
}
export function nargs(name: string, args: readonly unknown[], lo: number, hi = lo): void {
  if (args.length < lo || args.length > hi) {
    throw new CuteError(name, `no matching overload for ${args.length} argument${args.length === 1 ? "" : "s"} (takes ${lo === hi ? lo : `${lo} to ${hi}`})`);
  }
}
export function intTargs(name: string, targs: TArg[], lo: number, hi = lo): number[] {
  if (targs.length < lo || targs.length > hi || targs.some((t) => typeof t !== "number")) {
    throw new UsageError(`${name} takes ${lo === hi ? lo : `${lo} to ${hi}`} integer template argument${hi === 1 ? "" : "s"}, e.g. ${name}<${Array.from({ length: Math.max(lo, 1) }, (_x, i) => i).join(",")}>(...)`);
  }
  return targs as number[];
}

// ---------------------------------------------------------------- polymorphic accessors

export function layoutOf(v: Value, op: string): Layout {
  if (v instanceof Layout) return v;
  if (v instanceof Tensor) return v.layout instanceof Layout ? v.layout : innermostLayout(v.layout);
  if (v instanceof ComposedLayout) return innermostLayout(v);
  throw new CuteError(op, "no matching overload: expected a layout or tensor", [show(v)]);
}
export function shapeOf(v: Value, op: string): IntTuple {
  if (isIntTuple(v)) return v;
  return layoutOf(v, op).shape;
}
export function getAt(v: Value, path: number[], op: string): Value {
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

export function sizeOf(v: Value, op: string): Int {
  if (v instanceof Layout) return L.size(v);
  if (v instanceof Tensor || v instanceof ComposedLayout) return L.size(layoutOf(v, op));
  if (isIntTuple(v)) return T.size(v);
  throw new CuteError(op, "no matching overload", [show(v)]);
}

// ---------------------------------------------------------------- application

export function asTensor(v: Value, op: string): Tensor {
  if (v instanceof Tensor) return v;
  throw new CuteError(op, "no matching overload: expected a tensor (make_tensor(...))", [show(v)]);
}
