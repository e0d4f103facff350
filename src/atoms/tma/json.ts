/**
 * --json for `tma` and `tma-coords` (the schema of src/print/json.ts: every document has
 * `kind` and `text`, shapes and strides as CuTe prints their leaves).
 */
import { layoutJson, jsonLine, printedObjectsJson, type Json } from "../../print/json.js";
import { parseLayoutText } from "../../notation/read.js";
import { D } from "../../core/integer.js";
import { checkCells } from "../../print/layout.js";
import { size } from "./algebra.js";
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

/** {kind: "coord_tensor", text, iterator, layout, coords?: [[c0,c1,...] in index order]} */
export function coordTensorJson(t: CoordTensor, text: string, withCoords: boolean, force = false): string {
  const doc: { [k: string]: Json } = {
    kind: "coord_tensor",
    text,
    iterator: iterEntries(t).map((x) => (x.s ? `_${x.v}` : `${x.v}`)),
    layout: layoutJson(t.layout as never),
  };
  if (withCoords) {
    const n = size(t.layout as never).v;
    // one coordinate per element: as bounded as printing them
    checkCells(n, force, "tma-coords --json");
    const coords: Json[] = [];
    for (let i = 0; i < n; i++) coords.push(coordAt(t, D(i)).map((x) => x.v));
    doc.coords = coords;
  }
  return jsonLine(doc);
}
