/**
 * Reading the TMA command arguments with the notation of docs/notation.md (src/notation): layouts,
 * integer tuples, tilers and swizzled smem layouts, written as CuTe prints them or as any
 * expression that evaluates to one (e.g. `composition(Sw<3,4,3>,(_8,_64):(_64,_1))`).
 */
import { UsageError } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import { Layout, make_layout } from "../../core/layout.js";
import { ComposedLayout } from "../../core/swizzle.js";
import { Underscore } from "../../core/int-tuple.js";
import type { Value } from "../../core/value.js";
import { evaluate } from "../evaluate.js";
import type { IntTuple, Coord } from "../../core/int-tuple.js";
import type { Tiler } from "../../core/layout.js";
import { type SmemLayout, smemLayoutOf } from "../../atoms/tma/types.js";


const isIntTuple = (v: Value): v is IntTuple => v instanceof Int || (Array.isArray(v) && v.every(isIntTuple));

function describe(v: Value): string {
  if (v instanceof Layout) return "a layout";
  if (v instanceof ComposedLayout) return "a composed layout";
  if (v instanceof Int) return "an integer";
  if (Array.isArray(v)) return "a tuple";
  return `a ${v?.constructor?.name ?? typeof v}`;
}

/** a layout; a bare shape means make_layout(shape) (compact, column-major) */
export function parseLayout(text: string, what = "--gmem"): Layout {
  const v = evaluate(text);
  if (v instanceof Layout) return v;
  if (isIntTuple(v)) return make_layout(v);
  throw new UsageError(`${what} takes a layout such as (1024,1024):(1024,_1), not ${describe(v)}`);
}
export function parseTuple(text: string, what: string): IntTuple {
  const v = evaluate(text);
  if (isIntTuple(v)) return v;
  throw new UsageError(`${what} takes an integer tuple such as (_16,_16), not ${describe(v)}`);
}
/** a tiler: integers, layouts, `_`, or tuples of them */
export function parseTiler(text: string, what: string): Tiler {
  const v = evaluate(text);
  const ok = (x: Value): boolean =>
    x instanceof Int || x instanceof Layout || x instanceof Underscore || (Array.isArray(x) && x.every(ok));
  if (ok(v)) return v as Tiler;
  throw new UsageError(`${what} takes a tiler such as (_16,_16) or (_128,(_32,_2)), not ${describe(v)}`);
}
/** a coordinate: integers or `_` */
export function parseCoord(text: string, what: string): Coord {
  const v = evaluate(text);
  const ok = (x: Value): boolean => x instanceof Int || x instanceof Underscore || (Array.isArray(x) && x.every(ok));
  if (ok(v)) return v as Coord;
  throw new UsageError(`${what} takes a coordinate such as (7,0), not ${describe(v)}`);
}
export function parseInt1(text: string, what: string): Int {
  const v = evaluate(text);
  if (v instanceof Int) return v;
  throw new UsageError(`${what} takes an integer such as _2, not ${describe(v)}`);
}

/** `L`, `Sw<B,M,S> o offset o L` or `Sw<B,M,S> o smem_ptr[Nb](unset) o L` (or an expression giving one) */
export function parseSmem(text: string): SmemLayout {
  return smemLayoutOf(evaluate(text), "--smem");
}
