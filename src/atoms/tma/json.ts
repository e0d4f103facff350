/**
 * --json for `tma` and `tma-coords` (the schema of src/print/json.ts: every document has
 * `kind` and `text`, shapes and strides as CuTe prints their leaves).
 */
import { layoutJson, jsonLine, printedObjectsJson, type Json } from "../../print/json.js";
import { parseLayoutText } from "../../notation/read.js";
import { D } from "../../core/integer.js";
import { CuteError, input, words } from "../../core/errors.js";
import { Layout, size } from "../../core/layout.js";
import type { Idx } from "../../core/basis.js";
import { tupText } from "../../core/int-tuple.js";
import { ComposedLayout, innermostLayout } from "../../core/swizzle.js";
import { checkCells, forEachEntries } from "../../print/layout.js";
import { Chunks, type Write, collect } from "../../print/stream.js";
import type { TmaAtom } from "./make-tma-copy.js";
import { type CoordTensor, getTmaTensor, printCoordTensor, iterEntries, coordAt } from "./coords.js";

function descJson(t: TmaAtom): Json {
  const d = t.desc;
  return {
    format: d.format,
    dim: d.dim,
    globalDim: d.globalDim,
    globalStrides: d.globalStrides,
    boxDim: d.boxDim,
    elementStrides: d.elementStrides,
    interleave: d.interleave,
    swizzle: d.swizzle,
    l2Promotion: d.l2Promotion,
    oobFill: d.oobFill,
  };
}

/** {kind: "tma" | "tma_desc" | "tma_explain", text, op, type, objects, descriptor, tma_basis, coord_tensor} */
export function tmaJson(t: TmaAtom, text: string, kind: string): string {
  const printed = printedObjectsJson(kind === "tma" ? text : "", parseLayoutText) as { objects: Json };
  const boxElems = t.desc.boxDim.reduce((a, b) => a * b, 1);
  return jsonLine({
    kind,
    text,
    op: t.args.op,
    type: t.args.type.name,
    bits: t.args.type.bits,
    ...(kind === "tma" ? { objects: printed.objects } : {}),
    descriptor: descJson(t),
    tma_basis: layoutJson(t.tmaGbasis),
    coord_tensor: printCoordTensor(getTmaTensor(t)),
    box_bytes: (boxElems * t.args.type.bits) / 8,
    transaction_bytes: (t.numElems.v * t.args.type.bits) / 8,
  });
}

/**
 * {kind: "coord_tensor", text, iterator, layout, coords?: [[c0,c1,...] in index order]}, written
 * (a nested coordinate, as the im2col tensor's (c,(w,h,d),n,(s,r,t)), is listed by its leaves), written
 * as it is made: `text(write)` writes the text (the tensor's print, or print_tensor's table),
 * and the coordinates follow one by one. What the limits refuse is refused before anything is
 * written; `hard` is the most coordinates listed even with --force.
 */
export function writeCoordTensorJson(t: CoordTensor, text: (write: Write) => void, withCoords: boolean, write: Write, force = false, hard?: number): void {
  const n = withCoords ? size(t.layout instanceof ComposedLayout ? innermostLayout(t.layout) : t.layout).v : 0;
  // one coordinate per element: as bounded as printing them
  if (withCoords) checkCells(n, force, words`tma-coords ${input("json")}`, hard);
  // the first coordinate's form is every coordinate's: what cannot be listed is refused here, before a byte is written
  if (withCoords && n > 0) coordAt(t, D(0));
  const head = jsonLine({ kind: "coord_tensor", text: "" });
  write(head.slice(0, head.length - 3));
  // the text as a JSON string, escaped chunk by chunk (each chunk is whole characters)
  text((s) => write(JSON.stringify(s).slice(1, -1)));
  write(`","iterator":${JSON.stringify(iterEntries(t).map((x) => (x.s ? `_${x.v}` : `${x.v}`)))},"layout":${JSON.stringify(coordLayoutJson(t))}`);
  if (withCoords) {
    const out = new Chunks(write);
    out.put(',"coords":[');
    let first = true;
    forEachEntries(t, (e) => {
      out.put(first ? "[" : ",[");
      first = false;
      for (let j = 0; j < e.length; j++) {
        if (j) out.put(",");
        out.putInt(e[j]!);
      }
      out.put("]");
    });
    out.put("]");
    out.end();
  }
  write("}\n");
}

/** the layout of a coordinate tensor; the im2col tensor's composed layout A o offset o B as {a, offset, b} */
function coordLayoutJson(t: CoordTensor): Json {
  const l = t.layout;
  if (!(l instanceof ComposedLayout)) return layoutJson(l as never);
  if (!(l.a instanceof Layout) || !(l.b instanceof Layout)) throw new CuteError("the coordinate tensor's JSON", "a coordinate tensor's composed layout is a layout over a layout");
  return { a: layoutJson(l.a), offset: tupText(l.offset as Idx), b: layoutJson(l.b) };
}

/** writeCoordTensorJson's document as one string */
export function coordTensorJson(t: CoordTensor, text: string, withCoords: boolean, force = false): string {
  return collect((w) => writeCoordTensorJson(t, (tw) => tw(text), withCoords, w, force));
}
