/**
 * The --json schema (stable; documented in docs/library.md). Every value carries `kind` and `text`
 * (CuTe's print); integers inside shapes and strides are strings exactly as CuTe prints them
 * (`"_4"` static, `"4"` dynamic, `"_1@0"` a basis stride), so nothing of the static/dynamic
 * distinction is lost.
 */
import { Int } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import * as T from "../core/int-tuple.js";
import { Underscore } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed } from "../core/swizzle.js";
import { Tensor, isIter } from "../core/tensor.js";
import { MixedBits } from "../core/mixed-bits.js";
import { MajorTag, Value } from "../core/value.js";
import { show } from "./print.js";

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** a shape or stride as nested arrays of leaf texts */
export function tupleJson(t: T.Tup<unknown>): Json {
  return Array.isArray(t) ? t.map(tupleJson) : show(t as Value);
}

export function layoutJson(l: Layout): { [k: string]: Json } {
  const integral = T.leaves(l.stride).every((d) => d instanceof Int);
  return {
    kind: "layout",
    text: show(l),
    shape: tupleJson(l.shape),
    stride: tupleJson(l.stride),
    rank: T.rank(l.shape),
    size: L.size(l).v,
    cosize: integral ? L.cosize(l).v : null,
  };
}

export function toJson(v: Value): Json {
  if (v instanceof Int) return { kind: "int", text: show(v), value: v.v, static: v.s };
  if (v instanceof Layout) return layoutJson(v);
  if (v instanceof ScaledBasis) return { kind: "basis", text: show(v), value: v.value.v, static: v.value.s, modes: [...v.modes] };
  if (Array.isArray(v)) return { kind: "tuple", text: show(v), items: v.map(toJson) };
  if (v instanceof ComposedLayout) {
    return { kind: "composed_layout", text: show(v), outer: show(v.a), offset: show(v.offset as Value), inner: v.b instanceof Layout ? layoutJson(v.b) : toJson(v.b) };
  }
  if (v instanceof SwizzleInnerComposed) {
    return { kind: "composed_layout", text: show(v), outer: show(v.a), offset: show(v.offset), inner: toJson(v.b) };
  }
  if (v instanceof Swizzle) return { kind: "swizzle", text: show(v), bits: v.b, base: v.m, shift: v.s };
  if (v instanceof Tensor) {
    return { kind: "tensor", text: show(v), iterator: show(v.iter), layout: v.layout instanceof Layout ? layoutJson(v.layout) : (toJson(v.layout) as Json) };
  }
  if (isIter(v)) return { kind: "iterator", text: show(v) };
  if (v instanceof Underscore) return { kind: "underscore", text: "_" };
  if (v instanceof MajorTag) return { kind: "tag", text: v.name };
  if (v instanceof MixedBits || v instanceof SmemPtrFlag) return { kind: "offset", text: show(v) };
  return { kind: "unknown", text: String(v) };
}

export function jsonLine(x: Json): string {
  return JSON.stringify(x) + "\n";
}

/**
 * CuTe's object prints ("MMA_Atom\n  ThrID: _1:_0\n...") as JSON: each section becomes
 * {kind, fields}, and each field that is a layout also appears parsed under `layouts`.
 */
export function printedObjectsJson(text: string, parseLayout: (s: string) => Layout | undefined): Json {
  const objects: { [k: string]: Json }[] = [];
  let cur: { kind: string; fields: { [k: string]: string }; layouts: { [k: string]: Json } } | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (!line.startsWith(" ")) {
      cur = { kind: line.trim(), fields: {}, layouts: {} };
      objects.push(cur as unknown as { [k: string]: Json });
      continue;
    }
    const m = /^\s+([A-Za-z_][A-Za-z0-9_ ]*?):\s+(.*)$/.exec(line);
    if (!cur || !m) continue;
    const key = m[1]!, value = m[2]!;
    cur.fields[key] = value;
    const l = parseLayout(value);
    if (l) cur.layouts[key] = layoutJson(l);
  }
  return { kind: "objects", text, objects };
}
