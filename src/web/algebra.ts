/**
 * The algebra made visible: an expression whose outer call is one of CuTe's layout operations
 * (a divide, a product, composition, complement, local_tile) is drawn with its inputs beside its
 * result, and a swizzled layout with the layout before the swizzle beside it. Hovering a result
 * cell frames the input cells it came from (`links`): the cells of the same index in the layout
 * a divide or a composition reads (the result's values are its indices), the cell of the same
 * coordinate in a composition's right-hand side and in the layout under a swizzle. local_tile's
 * input is drawn with the tile it keeps coloured and what it discards grey.
 */
import { Layout } from "../core/layout.js";
import * as T from "../core/int-tuple.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import { Tensor } from "../core/tensor.js";
import type { Value } from "../core/value.js";
import { evaluate } from "../eval/evaluate.js";
import { parse } from "../notation/parse.js";
import { layoutPicture, tensorPicture, type Panel, type Picture } from "./picture.js";
import { make_layout } from "../core/layout.js";
import { show } from "../print/print.js";
import type { CellRef } from "./stage.js";

/** operations whose result's values are indices of their first argument */
const READS_FIRST = new Set(["logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "composition"]);
const DRAWN = new Set([...READS_FIRST, "blocked_product", "raked_product", "logical_product", "zipped_product", "tiled_product", "flat_product", "complement", "right_inverse", "left_inverse", "coalesce", "local_tile"]);

/** the products: each result element is an element of A within a tile of B */
const PRODUCTS = new Set(["blocked_product", "raked_product", "logical_product", "zipped_product", "tiled_product", "flat_product"]);

/** the outer call's name and its arguments' texts, when the expression is such a call */
export function outerCall(expr: string): { name: string; args: string[] } | undefined {
  let tree;
  try {
    tree = parse(expr);
  } catch {
    return undefined;
  }
  if (tree.k !== "call" || !tree.name || !DRAWN.has(tree.name) || !tree.args.length) return undefined;
  const src = expr.trim();
  const close = src.lastIndexOf(")");
  const given = tree.args;
  const args = given.map((a, i) => {
    const end = i + 1 < given.length ? given[i + 1]!.pos : close;
    return src.slice(a.pos, end).replace(/\s*,\s*$/, "").trim();
  });
  return { name: tree.name, args };
}

const rank2 = (v: Value): boolean => {
  if (!(v instanceof Layout || v instanceof ComposedLayout)) return false;
  const r = T.rank((v instanceof Layout ? v : innermostLayout(v)).shape);
  return r >= 1 && r <= 2;
};

/** panels of several pictures side by side, each moved right of the one before, titles prefixed */
function beside(parts: Array<{ label: string; pic: Picture }>): { panels: Panel[]; width: number; height: number; cellW: number } {
  const panels: Panel[] = [];
  let x = 0;
  let height = 0;
  const cellW = Math.max(...parts.map((p) => p.pic.cellW));
  for (const { label, pic } of parts) {
    for (const q of pic.panels) {
      const moved: Panel = { ...q };
      moved.x = q.x + x;
      if (q.rowLabelX !== undefined) moved.rowLabelX = q.rowLabelX + x;
      moved.name = label;
      moved.title = `${label} = ${q.title}`;
      const own = q.describe;
      moved.describe = (r, c) => [`${label}: ${own(r, c)[0]}`, ...own(r, c).slice(1)];
      panels.push(moved);
    }
    x += pic.width + 1;
    height = Math.max(height, pic.height);
  }
  return { panels, width: x - 1, height, cellW };
}

/** the cells of a panel with an index, scanning once */
function cellsOfIndex(q: Panel, k: number, x: number): CellRef[] {
  const out: CellRef[] = [];
  const idx = q.index;
  if (!idx) return out;
  for (let i = 0; i < idx.length; i++) if (idx[i] === x) out.push({ panel: k, r: Math.floor(i / q.cols), c: i % q.cols });
  return out;
}

/**
 * The result's picture with the operation's inputs beside it, or undefined where the expression
 * is not such a call or an input cannot be drawn. `result` is the result's own picture.
 */
export function algebraPicture(expr: string, value: Value, result: Picture): Picture | undefined {
  if (result.panels.length === 0) return undefined;
  if (value instanceof ComposedLayout) return swizzlePicture(value, result);
  const call = outerCall(expr);
  if (!call) return undefined;
  if (call.name === "local_tile") return localTilePicture(call.args, value, result);
  const inputs: Array<{ label: string; pic: Picture }> = [];
  call.args.forEach((text, i) => {
    let v: Value;
    try {
      v = evaluate(text);
    } catch {
      return;
    }
    if (!rank2(v)) return;
    const pic = layoutPicture(v as Layout);
    if (pic.panels.length) inputs.push({ label: i === 0 ? "A" : i === 1 ? "B" : `arg${i}`, pic });
  });
  if (inputs.length === 0) return undefined;
  const all = beside([...inputs, { label: "result", pic: result }]);
  const res = all.panels.length - 1;
  const R = all.panels[res]!;
  // each panel its own space: hovering shows its own equal indices; the links say where a result cell came from
  all.panels.forEach((q, k) => (q.space = k === res ? "result" : `input${k}`));
  const A = inputs[0]?.label === "A" ? 0 : -1;
  const B = inputs.findIndex((p) => p.label === "B");
  if (PRODUCTS.has(call.name) && A === 0 && B === 1) {
    const linked = productLinks(call.name, call.args, all.panels, res);
    if (linked) return { kind: "layout", ...all, links: linked, linkLabel: "the same element of A and tile of B", notes: [`${call.name}: the inputs beside the result; hover a result cell: the element of A and the tile of B it is (hover an A or a B cell: the result cells it makes)`, ...result.notes] };
  }
  if (call.name === "complement" && A === 0) {
    const pic = complementPicture(call.args[0]!, value, result);
    if (pic) return pic;
  }
  const links = (c: CellRef): CellRef[] => {
    if (c.panel !== res || !R.index) return [];
    const x = R.index[c.r * R.cols + c.c]!;
    const out: CellRef[] = [];
    if (READS_FIRST.has(call.name) && A === 0) out.push(...cellsOfIndex(all.panels[0]!, 0, x));
    if (call.name === "composition" && B >= 0) {
      const q = all.panels[B]!;
      if (q.rows === R.rows && q.cols === R.cols) out.push({ panel: B, r: c.r, c: c.c });
    }
    return out;
  };
  const how = READS_FIRST.has(call.name) ? `; hover a result cell: the cells of A it reads${call.name === "composition" ? " (and the cell of B it comes through)" : ""}` : "";
  return { kind: "layout", ...all, links, notes: [`${call.name}: the inputs beside the result${how}`, ...result.notes] };
}

/** a swizzled layout: the layout under the swizzle (before) beside the swizzled one (after), linked by coordinate */
function swizzlePicture(v: ComposedLayout, result: Picture): Picture | undefined {
  const inner = innermostLayout(v);
  if (!rank2(inner)) return undefined;
  const before = layoutPicture(inner);
  if (before.panels.length === 0) return undefined;
  const all = beside([
    { label: "before", pic: before },
    { label: "after", pic: result },
  ]);
  all.panels[0]!.space = "before";
  all.panels[1]!.space = "after";
  const links = (c: CellRef): CellRef[] => (c.panel < 2 ? [{ panel: 1 - c.panel, r: c.r, c: c.c }] : []);
  return { kind: "layout", ...all, links, notes: ["the layout before the swizzle beside the swizzled one: hover a cell to see where the same coordinate lands", ...result.notes] };
}

/** local_tile(tensor, tiler, coord): the input tensor with the kept tile coloured, the rest grey, beside the tile */
function localTilePicture(args: string[], value: Value, result: Picture): Picture | undefined {
  if (!(value instanceof Tensor) || args.length < 1) return undefined;
  let t: Value;
  try {
    t = evaluate(args[0]!);
  } catch {
    return undefined;
  }
  if (!(t instanceof Tensor)) return undefined;
  const input = tensorPicture(t);
  if (input.panels.length !== 1 || !input.panels[0]!.texts) return undefined;
  const kept = new Set(result.panels.flatMap((q) => (q.texts ?? []).map((x) => x.trim())));
  const q = input.panels[0]!;
  q.owner = new Int32Array(q.texts!.length);
  let n = 0;
  q.texts!.forEach((x, i) => {
    const keep = kept.has(x.trim());
    q.owner![i] = keep ? 1 : -1;
    if (keep) n++;
  });
  const own = q.describe;
  q.describe = (r, c) => [...own(r, c), q.owner![r * q.cols + c]! >= 0 ? "in the tile local_tile keeps" : "discarded by local_tile"];
  const all = beside([
    { label: "input", pic: input },
    { label: "tile", pic: result },
  ]);
  all.panels[0]!.title += `: the tile kept coloured (${n} cells), the rest grey`;
  return { kind: "tensor", ...all, notes: [`local_tile: the input with the tile it keeps coloured, the tile beside it`, ...result.notes] };
}

/** a panel's cell at a colexicographic 1-D coordinate (as layoutPicture lays a layout out: m + M n) */
const cellAt = (q: Panel, k: number, i: number): CellRef => ({ panel: k, r: i % q.rows, c: Math.floor(i / q.rows) });
const linearOf = (q: Panel, r: number, c: number): number => r + c * q.rows;

/**
 * A product's links: the same product of the compact layouts of A's and B's shapes has, in each
 * cell, a + size(A) b, where a is the 1-D coordinate of the element of A and b that of the tile
 * of B the cell is (every product is logical_product's modes rearranged, and logical_product of
 * compact layouts is (A, size(A) B)). A result cell links to its A and B cells; an A or B cell to
 * the result cells it makes.
 */
function productLinks(name: string, args: string[], panels: Panel[], res: number): ((c: CellRef) => CellRef[]) | undefined {
  let a: Value, b: Value, tracked: Value;
  try {
    a = evaluate(args[0]!);
    b = evaluate(args[1]!);
    if (!(a instanceof Layout) || !(b instanceof Layout)) return undefined;
    tracked = evaluate(`${name}(${show(make_layout(a.shape))}, ${show(make_layout(b.shape))})`);
  } catch {
    return undefined;
  }
  if (!(tracked instanceof Layout)) return undefined;
  const t = layoutPicture(tracked).panels[0];
  const R = panels[res]!, A = panels[0]!, B = panels[1]!;
  if (!t?.index || t.rows !== R.rows || t.cols !== R.cols) return undefined;
  const sizeA = A.rows * A.cols;
  const pair = (i: number) => [t.index![i]! % sizeA, Math.floor(t.index![i]! / sizeA)] as const;
  return (c) => {
    if (c.panel === res) {
      const [x, y] = pair(c.r * R.cols + c.c);
      return [cellAt(A, 0, x), cellAt(B, 1, y)];
    }
    if (c.panel !== 0 && c.panel !== 1) return [];
    const want = linearOf(panels[c.panel]!, c.r, c.c);
    const out: CellRef[] = [];
    for (let i = 0; i < t.index!.length; i++) if (pair(i)[c.panel] === want) out.push({ panel: res, r: Math.floor(i / R.cols), c: i % R.cols });
    return out;
  };
}

/**
 * complement(A, M) with A and its complement together: make_layout(A, complement(A, M)), whose
 * cell (i, j) is A(i) + complement(j), each offset once. A complement cell links to its column
 * there (a whole copy of A, shifted), an A cell to its row.
 */
function complementPicture(argA: string, value: Value, result: Picture): Picture | undefined {
  let a: Value;
  try {
    a = evaluate(argA);
  } catch {
    return undefined;
  }
  if (!(a instanceof Layout) || !(value instanceof Layout) || !rank2(a)) return undefined;
  const input = layoutPicture(a);
  const both = layoutPicture(new Layout([a.shape, value.shape], [a.stride, value.stride]));
  if (input.panels.length !== 1 || both.panels.length !== 1 || result.panels.length !== 1) return undefined;
  const all = beside([
    { label: "A", pic: input },
    { label: "result", pic: result },
    { label: "together", pic: both },
  ]);
  all.panels.forEach((q, k) => (q.space = ["A", "result", "together"][k]));
  const [A, R, G] = all.panels as [Panel, Panel, Panel];
  G.title = `make_layout(A, result) = ${both.panels[0]!.title}: each offset once`;
  const links = (c: CellRef): CellRef[] => {
    const out: CellRef[] = [];
    if (c.panel === 1) for (let i = 0; i < G.rows; i++) out.push({ panel: 2, r: i, c: linearOf(R, c.r, c.c) });
    if (c.panel === 0) for (let j = 0; j < G.cols; j++) out.push({ panel: 2, r: linearOf(A, c.r, c.c), c: j });
    if (c.panel === 2) out.push(cellAt(A, 0, c.r), cellAt(R, 1, c.c));
    return out;
  };
  return { kind: "layout", ...all, links, linkLabel: "linked", notes: ["complement: A, its complement, and the two together (make_layout(A, complement)), each offset once; hover a complement cell: the copy of A it shifts", ...result.notes] };
}
