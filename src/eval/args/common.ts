/**
 * Command-line values read in the notation: a layout, a layout or swizzled layout, a shape, an
 * element type. Each refusal names the option and shows what it got.
 */
import { UsageError, quote } from "../../core/errors.js";
import type { IntTuple } from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout } from "../../core/swizzle.js";
import { parseValueType, type ValueType } from "../../core/value-types.js";
import { show } from "../../print/print.js";
import { isIntTuple } from "../../notation/coerce.js";
import { evaluate } from "../evaluate.js";

export type LayoutLike = Layout | ComposedLayout;

/** a layout in notation; a bare shape means its compact column-major layout */
export function layoutArg(text: string, what: string): Layout {
  const v = evaluate(text);
  if (v instanceof Layout) return v;
  if (isIntTuple(v)) return L.make_layout(v);
  if (v instanceof ComposedLayout) throw new UsageError(`${what} must be a plain layout here, got the swizzled layout ${show(v)}`);
  throw new UsageError(`${what} must be a layout, got ${show(v)}`);
}

/** a layout or a composed (swizzled) layout */
export function layoutLikeArg(text: string, what: string): LayoutLike {
  const v = evaluate(text);
  if (v instanceof Layout || v instanceof ComposedLayout) return v;
  if (isIntTuple(v)) return L.make_layout(v);
  throw new UsageError(`${what} must be a layout, got ${show(v)}`);
}

export function shapeArg(text: string, what: string): IntTuple {
  const v = evaluate(text);
  if (isIntTuple(v)) return v;
  if (v instanceof Layout) return v.shape;
  throw new UsageError(`${what} must be a shape like (_16,_8), got ${show(v)}`);
}

export function typeArg(text: string | undefined, what = "--type"): ValueType {
  if (text === undefined) throw new UsageError(`${what} T is required (the element type, e.g. half_t, float, uint8_t)`);
  return parseValueType(text);
}


/** an operand letter as an option spells it (`a`, ` B `): A, B or C */
export function parseOperand(text: string, opt = "--operand"): "A" | "B" | "C" {
  const t = text.trim().toUpperCase();
  if (t === "A" || t === "B" || t === "C") return t;
  throw new UsageError(`${opt} expects A, B or C, got ${quote(text)}`);
}

/** an architecture as --arch spells it: `80`, `SM80`, `sm_80`, `sm90a` -> `sm80` / `sm90`; `any` */
export function normalizeArch(text: string): string {
  const m = /^(?:sm_?)?(\d+)[a-z]?$/i.exec(text.trim());
  if (!m) {
    if (text.trim().toLowerCase() === "any") return "any";
    throw new UsageError(`--arch expects an architecture like sm80 or sm90, got ${quote(text)}`);
  }
  return `sm${m[1]}`;
}
