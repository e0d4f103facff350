/**
 * The page's pictures as data: panels of cells placed on a grid of cell units where CuTe's
 * print_svg places them, each cell with its fill (the print_latex / print_svg colours), its
 * label, and what the page says about it on hover. Built from the library's values, with no
 * DOM, so Node tests check it against CuTe's own pictures.
 */
import { D, Int } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import type { IntTuple } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import { as_position_independent_swizzle_layout, onInner } from "../core/composed.js";
import { Tensor } from "../core/tensor.js";
import type { Value } from "../core/value.js";
import { at } from "../tensor/algorithms.js";
import { show } from "../print/print.js";
import { layoutCells, tensorValues } from "../print/layout.js";
import { svgColorBW, svgColorTV, svgInkWhite, tvCoords, type TVCoords } from "../print/pictures.js";
import type { CopyPictureInput, MmaPictureInput } from "../print/pictures-api.js";

/** the most cells the page draws (as many as print prints without --force); the text is never cut */
export const MAX_PAGE_CELLS = 1 << 18;
/** the most (thread, value) pairs a thread-value picture visits, as the CLI's pictures */
const MAX_PAIRS = 1 << 24;

export type CellKind = "tv" | "index" | "value";

export interface Panel {
  /** short name: A, B, C, S, D, Src, Dst, layout, tensor, tile, ... */
  name: string;
  title: string;
  /** cell (0,0) sits at (x, y) in cell units */
  x: number;
  y: number;
  rows: number;
  cols: number;
  /** where the row labels (x) and column labels (y) are drawn, in cell units; undefined: none */
  rowLabelX?: number;
  colLabelY?: number;
  rowLabel(r: number): string;
  colLabel(c: number): string;
  kind: CellKind;
  /** tv: the first owner of each cell (row-major r * cols + c), -1 where no thread holds it */
  thread?: Int32Array;
  value?: Int32Array;
  /** tv: how many (thread, value) pairs reach the cell */
  count?: Uint32Array;
  /** index: the cell's index (what print_layout prints) */
  index?: Float64Array;
  /** value: the cell's text */
  texts?: string[];
  /** value: a cell coloured as its owner's (a thread or a CTA rank), -1: greyed (not the owner's) */
  owner?: Int32Array;
  /** cells of one space with the same index are one element (hover shows them together) */
  space?: string;
  /** a heavy line is drawn between neighbouring cells of different regions (the boxes of TMA instructions) */
  regions?: Int32Array;
  /** the hover lines of a cell */
  describe(r: number, c: number): string[];
  /** tv: every (thread, value) pair holding a cell, in CuTe's drawing order */
  owners?(r: number, c: number): Array<[number, number]>;
  /** what a cell shows in the "index" and "coordinate" modes (cellLabel has a default for each) */
  indexOf?(r: number, c: number): string;
  coordOf?(r: number, c: number): string;
  /** the texts drawn in the cells instead of their own (the page's index / coordinate modes) */
  labels?: string[];
}

/** what the cells show: their own text (CuTe's), their 1-D index, or their coordinate */
export type LabelMode = "value" | "index" | "coordinate";

/**
 * A cell's text in a mode: "index" is the cell's 1-D index (a tensor's offset, a layout's
 * coordinate as one integer, colexicographic as CuTe counts, a thread-value map's index in its
 * tile), "coordinate" its natural coordinate; a panel says its own, else its row and column.
 */
export function cellLabel(p: Panel, mode: LabelMode, r: number, c: number): string {
  if (mode === "index") return p.indexOf?.(r, c) ?? String(r + c * p.rows);
  if (mode === "coordinate") return p.coordOf?.(r, c) ?? `(${r},${c})`;
  return cellText(p, r * p.cols + c).join(" ");
}

/** every panel's texts in a mode (undefined: the panel's own) */
export function pictureLabels(pic: Picture, mode: LabelMode): Array<string[] | undefined> {
  if (mode === "value") return pic.panels.map(() => undefined);
  return pic.panels.map((p) => {
    const out: string[] = new Array(p.rows * p.cols);
    for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) out[r * p.cols + c] = cellLabel(p, mode, r, c);
    return out;
  });
}

type CellAt = { panel: number; r: number; c: number };

/** every owner of a cell of a thread-value panel, warp by warp (32 threads a warp) */
export function ownersByWarp(p: Picture, c: CellAt): string {
  const q = p.panels[c.panel];
  if (!q?.owners) return "";
  const all = q.owners(c.r, c.c);
  const head = `${q.describe(c.r, c.c)[0]}: ${all.length} thread-value pair${all.length === 1 ? "" : "s"}`;
  const warps = new Map<number, string[]>();
  for (const [t, v] of all) {
    const w = Math.floor(t / 32);
    if (!warps.has(w)) warps.set(w, []);
    warps.get(w)!.push(`T${t}V${v}`);
  }
  return [head, ...[...warps].map(([w, xs]) => `warp ${w} (${xs.length}): ${xs.join(" ")}`)].join("\n") + "\n";
}

export interface ThreadCell {
  panel: number;
  r: number;
  c: number;
  v: number;
}

export interface Picture {
  kind: "layout" | "tensor" | "mma" | "copy" | "copy-atom" | "tma";
  panels: Panel[];
  /** extent in columns (each cellW wide) and rows (each one unit high), labels included */
  width: number;
  height: number;
  /** a cell's width over its height (1, or more for long value texts) */
  cellW: number;
  /** the cells each thread holds, in value order (thread-value pictures) */
  threadCells?(t: number): ThreadCell[];
  /** the thread ids a click can select, ascending */
  threads?: number[];
  /** what the page could not draw, said under the picture */
  notes: string[];
  /** the cells a cell came from (the algebra's inputs, algebra.ts), framed when it is hovered */
  links?(c: { panel: number; r: number; c: number }): Array<{ panel: number; r: number; c: number }>;
  /** what the hover box calls the linked cells ("from" when undefined: the cells it came from) */
  linkLabel?: string;
}

/** the fill of a cell as CSS, and whether its text is white */
export function cellFill(p: Panel, i: number): { fill: string; white: boolean } | undefined {
  if (p.kind === "tv") {
    const t = p.thread![i]!;
    return t < 0 ? undefined : { fill: `rgb(${svgColorTV(t, p.value![i]!)})`, white: false };
  }
  if (p.kind === "index") {
    const x = p.index![i]!;
    if (!Number.isFinite(x)) return undefined;
    return { fill: `rgb(${svgColorBW(x)})`, white: svgInkWhite(x) };
  }
  if (p.owner) {
    const o = p.owner[i]!;
    return o >= 0 ? { fill: `rgb(${svgColorTV(o, 0)})`, white: false } : { fill: "rgb(232,232,232)", white: false };
  }
  const t = p.texts![i]!;
  if (/^-?\d+$/.test(t.trim())) {
    const x = Number(t);
    return { fill: `rgb(${svgColorBW(x)})`, white: svgInkWhite(x) };
  }
  return { fill: "rgb(255,255,255)", white: false };
}

/** the label drawn in a cell: T/V for a thread-value cell, the index, or the value */
export function cellText(p: Panel, i: number): string[] {
  if (p.labels) return [p.labels[i]!];
  if (p.texts) return [p.texts[i]!.trim()];
  if (p.kind === "tv") {
    const t = p.thread![i]!;
    return t < 0 ? [] : [`T${t}`, `V${p.value![i]}`];
  }
  if (p.kind === "index") {
    const x = p.index![i]!;
    return Number.isFinite(x) ? [String(x)] : [];
  }
  return [];
}

function tooMany(n: number, what: string): string | undefined {
  return n > MAX_PAGE_CELLS ? `${what} has ${n} cells; the page draws at most ${MAX_PAGE_CELLS} (the text above is complete)` : undefined;
}

const size = (x: IntTuple): number => T.size(x).v;
const label = (i: number) => String(i);

/** the coordinate of index k within one mode's shape, as CuTe's idx2crd gives it */
function naturalCoord(k: number, shape: IntTuple): string {
  if (shape instanceof Int) return String(k);
  return show(T.idx2crd(D(k), shape) as Value);
}

// ------------------------------------------------------------------ layouts

/**
 * A layout of rank 1 or 2 as its grid of indices, as print_layout draws it (a rank-1 layout as
 * one column, as print_latex appends a unit mode). A swizzled layout over an smem pointer is
 * drawn position independent, as CuTe's print_layout does.
 */
export function layoutPicture(v: Layout | ComposedLayout): Picture {
  const l0 = v instanceof ComposedLayout ? as_position_independent_swizzle_layout(v) : v;
  const inner = l0 instanceof Layout ? l0 : innermostLayout(l0);
  const r = T.rank(inner.shape);
  if (r > 2) return empty("layout", `print_layout draws layouts of rank 1 or 2; this one has rank ${r} (group its modes, e.g. group<1,${r}>(L), to draw it)`);
  const l = r === 2 ? l0 : l0 instanceof Layout ? L.appendN(l0, 2) : onInner(l0, (b) => L.appendN(b, 2));
  const base = l instanceof Layout ? l : innermostLayout(l);
  if (!T.leaves(base.stride).every((d) => d instanceof Int)) {
    return empty("layout", "this layout maps coordinates to coordinates (strides v@i): draw it as a tensor, make_tensor(ArithTuple(_0,...), layout)");
  }
  const s0 = T.get(base.shape, 0), s1 = T.get(base.shape, 1);
  const M = size(s0), N = size(s1);
  if (M < 0 || N < 0) return empty("layout", "a mode of negative extent draws nothing");
  const many = tooMany(M * N, "the layout");
  if (many) return empty("layout", many);
  const index = new Float64Array(M * N);
  const f0 = l instanceof Layout ? L.compileIndexFn(L.sublayout(l, [0])) : undefined;
  const f1 = l instanceof Layout ? L.compileIndexFn(L.sublayout(l, [1])) : undefined;
  if (f0 && f1) {
    // the affine form print_layout uses, without a string per cell
    for (let m = 0; m < M; m++) {
      const a = f0(m);
      for (let n = 0; n < N; n++) index[m * N + n] = a + f1(n);
    }
  } else {
    const cells = layoutCells(l, true);
    for (let m = 0; m < M; m++) for (let n = 0; n < N; n++) index[m * N + n] = Number(cells[m]![n]);
  }
  const panel: Panel = {
    name: "layout",
    title: show(l),
    x: 1,
    y: 1,
    rows: M,
    cols: N,
    rowLabelX: 0,
    colLabelY: 0,
    rowLabel: label,
    colLabel: label,
    kind: "index",
    index,
    space: "layout",
    describe: (m, n) => [`coordinate (${m},${n}) = (${naturalCoord(m, s0)},${naturalCoord(n, s1)})`, `index ${index[m * N + n]}`],
    indexOf: (m, n) => String(m + n * M),
    coordOf: (m, n) => `(${naturalCoord(m, s0)},${naturalCoord(n, s1)})`,
  };
  return { kind: "layout", panels: [panel], width: N + 1, height: M + 1, cellW: 1, notes: [] };
}

function empty(kind: Picture["kind"], note: string): Picture {
  return { kind, panels: [], width: 0, height: 0, cellW: 1, notes: [note] };
}

// ------------------------------------------------------------------ tensors

/**
 * A tensor as its cells, as print_tensor lays them out: rank 1 as a column, rank 2 as a grid,
 * ranks 3 and 4 as their (M,N) slabs one under another.
 */
export function tensorPicture(t: Tensor): Picture {
  const inner = t.layout instanceof Layout ? t.layout : innermostLayout(t.layout);
  const r = T.rank(inner.shape);
  if (r < 1 || r > 4) return empty("tensor", `print_tensor draws tensors of rank 1 to 4; this one has rank ${r}`);
  const modes = T.wrap(inner.shape).map((x) => size(x as IntTuple));
  if (modes.some((x) => x < 0)) return empty("tensor", "a mode of negative extent draws nothing");
  const many = tooMany(modes.reduce((a, b) => a * b, 1), "the tensor");
  if (many) return empty("tensor", many);
  const M = modes[0]!, N = r >= 2 ? modes[1]! : 1;
  const values = tensorValues(t, true);
  // slabs: [(k, k4) label, rows of texts]
  const slabs: Array<{ k: number[]; rows: unknown[] }> = [];
  if (r === 1) slabs.push({ k: [], rows: (values as unknown[]).map((x) => [x]) });
  else if (r === 2) slabs.push({ k: [], rows: values as unknown[] });
  else if (r === 3) (values as unknown[]).forEach((s, k) => slabs.push({ k: [k], rows: s as unknown[] }));
  else (values as unknown[]).forEach((s4, k4) => (s4 as unknown[]).forEach((s, k) => slabs.push({ k: [k, k4], rows: s as unknown[] })));
  const text = (x: unknown) => (typeof x === "number" ? String(x) : String(x));
  let widest = 1;
  const panels: Panel[] = slabs.map((s, i) => {
    const texts: string[] = new Array(M * N);
    for (let m = 0; m < M; m++) {
      const row = s.rows[m] as unknown[];
      for (let n = 0; n < N; n++) {
        const x = text(row[n]);
        texts[m * N + n] = x;
        if (x.length > widest) widest = x.length;
      }
    }
    const slab = s.k.length ? `(_,_,${s.k.join(",")})` : "";
    const coord = (m: number, n: number) => (r === 1 ? `(${m})` : `(${[m, n, ...s.k].join(",")})`);
    return {
      name: slab ? `tensor${slab}` : "tensor",
      title: slab ? `slab ${slab}` : show(t),
      x: 1,
      y: 1 + i * (M + 1),
      rows: M,
      cols: N,
      rowLabelX: 0,
      colLabelY: i === 0 ? 0 : undefined,
      rowLabel: label,
      colLabel: label,
      kind: "value",
      texts,
      describe: (m: number, n: number) => [`coordinate ${coord(m, n)}`, `value ${texts[m * N + n]}`, ...indexLine(t, r === 1 ? [m] : [m, n, ...s.k])],
      indexOf: (m: number, n: number) => indexLine(t, r === 1 ? [m] : [m, n, ...s.k])[0]?.replace(/^offset /, "") ?? String(m + n * M),
      coordOf: coord,
    } satisfies Panel;
  });
  // a cell is one unit high; text wider than about 4 characters widens every cell
  const cellW = Math.max(1, Math.ceil((widest * 10) / 4) / 10);
  return { kind: "tensor", panels, width: N + 1, height: slabs.length * (M + 1), cellW, notes: [] };
}

/** the offset a tensor's layout gives a coordinate (what its iterator is advanced by) */
function indexLine(t: Tensor, coord: number[]): string[] {
  if (!(t.layout instanceof Layout)) return [];
  try {
    const c = coord.length === 1 ? D(coord[0]!) : coord.map((x) => D(x));
    return [`offset ${show(L.crd2idx(c, t.layout) as Value)}`];
  } catch {
    return [];
  }
}

// ------------------------------------------------------------------ thread-value pictures

/** where one thread-value layout's coordinates (a, b) land: its panel and the cell there */
interface TVPlacement {
  tv: TVCoords;
  /** (a, b) -> (row, col) in the panel */
  flip: boolean;
  /** the tile's extents along a and b */
  A: number;
  B: number;
  axes: [string, string];
  /** the values drawn (default all): a TMA instruction moves only the first values of its block */
  keep?: (v: number) => boolean;
  /** the region of a (thread, value) pair, for regions */
  region?: (t: number, v: number) => number;
}

function makeTVPanel(name: string, title: string, x: number, y: number, p: TVPlacement, rowLabelX: number | undefined, colLabelY: number | undefined, notes: string[]): Panel {
  const rows = p.flip ? p.B : p.A;
  const cols = p.flip ? p.A : p.B;
  const thread = new Int32Array(rows * cols).fill(-1);
  const value = new Int32Array(rows * cols).fill(-1);
  const count = new Uint32Array(rows * cols);
  const regions = p.region ? new Int32Array(rows * cols).fill(-1) : undefined;
  const { tv, keep } = p;
  let outside = 0;
  for (let t = 0; t < tv.threads; t++) {
    const ta = tv.thrA[t]!, tb = tv.thrB[t]!;
    for (let v = 0; v < tv.values; v++) {
      if (keep && !keep(v)) continue;
      const a = ta + tv.valA[v]!, b = tb + tv.valB[v]!;
      if (!(a >= 0 && a < p.A && b >= 0 && b < p.B)) {
        if (outside++ === 0) notes.push(`${name}: thread ${t}, value ${v} lies at (${a},${b}), outside the ${p.A} x ${p.B} tile (CuTe's picture would write out of bounds; it is not drawn)`);
        continue;
      }
      const i = p.flip ? b * cols + a : a * cols + b;
      count[i]!++;
      if (thread[i]! < 0) {
        thread[i] = t;
        value[i] = v;
        if (regions) regions[i] = p.region!(t, v);
      }
    }
  }
  const [ax, bx] = p.axes;
  /** every (thread, value) pair at (a, b), in CuTe's drawing order */
  const pairsAt = (a: number, b: number): Array<[number, number]> => {
    const out: Array<[number, number]> = [];
    for (let t = 0; t < tv.threads; t++) {
      for (let v = 0; v < tv.values; v++) {
        if (keep && !keep(v)) continue;
        if (tv.thrA[t]! + tv.valA[v]! === a && tv.thrB[t]! + tv.valB[v]! === b) out.push([t, v]);
      }
    }
    return out;
  };
  /** the first 16 of them */
  const owners = (a: number, b: number): string[] => {
    const all = pairsAt(a, b);
    const out = all.slice(0, 16).map(([t, v]) => `T${t}V${v}`);
    if (all.length > 16) out.push(`and ${all.length - 16} more`);
    return out;
  };
  return {
    name,
    title,
    x,
    y,
    rows,
    cols,
    rowLabelX,
    colLabelY,
    rowLabel: label,
    colLabel: label,
    kind: "tv",
    thread,
    value,
    count,
    regions,
    owners: (r, c) => (p.flip ? pairsAt(c, r) : pairsAt(r, c)),
    indexOf: (r, c) => String(p.flip ? c + r * p.A : r + c * p.A),
    coordOf: (r, c) => (p.flip ? `(${c},${r})` : `(${r},${c})`),
    describe(r, c) {
      const [a, b] = p.flip ? [c, r] : [r, c];
      const i = r * cols + c;
      const lines = [`${name} (${ax},${bx}) = (${a},${b}), index ${a + b * p.A} in the ${p.A} x ${p.B} tile`];
      if (thread[i]! < 0) lines.push("no thread holds it");
      else {
        lines.push(`thread ${thread[i]}, value ${value[i]}`);
        if (count[i]! > 1) lines.push(`held by ${count[i]} thread-value pairs (the picture shows the first): ${owners(a, b).join(" ")}`);
      }
      return lines;
    },
  };
}

function checkPairs(tvs: TVCoords[]): string | undefined {
  const pairs = tvs.reduce((s, tv) => s + tv.threads * tv.values, 0);
  return pairs > MAX_PAIRS ? `the picture visits ${pairs} thread-value pairs; the page draws at most ${MAX_PAIRS}` : undefined;
}

function threadCellsOf(placements: Array<TVPlacement | undefined>): (t: number) => ThreadCell[] {
  return (t) => {
    const out: ThreadCell[] = [];
    placements.forEach((p, k) => {
      if (!p || t < 0 || t >= p.tv.threads) return;
      for (let v = 0; v < p.tv.values; v++) {
        if (p.keep && !p.keep(v)) continue;
        const a = p.tv.thrA[t]! + p.tv.valA[v]!, b = p.tv.thrB[t]! + p.tv.valB[v]!;
        if (!(a >= 0 && a < p.A && b >= 0 && b < p.B)) continue;
        out.push(p.flip ? { panel: k, r: b, c: a, v } : { panel: k, r: a, c: b, v });
      }
    });
    return out;
  };
}

function ascending(n: number): number[] {
  return Array.from({ length: n }, (_x, i) => i);
}

/** a TiledMMA's (or MMA atom's) C, A and B maps, where print_svg puts them: B on top, A on the left */
export function mmaPicture(input: MmaPictureInput): Picture {
  const pe = T.product_each(input.tileMNK);
  if (!Array.isArray(pe) || pe.length !== 3) return empty("mma", `the picture draws rank-3 tiles (M,N,K); this tile is ${show(input.tileMNK as Value)}`);
  const [M, N, K] = pe.map((x) => size(x)) as [number, number, number];
  if (M < 0 || N < 0 || K < 0) return empty("mma", "a tile of negative extent draws nothing");
  const many = tooMany(M * N + M * K + N * K, "the TiledMMA's picture");
  if (many) return empty("mma", many);
  const C = tvCoords(input.C, "print_svg"), A = tvCoords(input.A, "print_svg"), B = tvCoords(input.B, "print_svg");
  const pairs = checkPairs([C, A, B]);
  if (pairs) return empty("mma", pairs);
  const notes: string[] = [];
  const pa: TVPlacement = { tv: A, flip: false, A: M, B: K, axes: ["m", "k"] };
  const pb: TVPlacement = { tv: B, flip: true, A: N, B: K, axes: ["n", "k"] };
  const pc: TVPlacement = { tv: C, flip: false, A: M, B: N, axes: ["m", "n"] };
  const panels = [
    makeTVPanel("A", `A (M,K) = (${M},${K})`, 1, K + 2, pa, 0, K + 1, notes),
    makeTVPanel("B", `B (N,K) = (${N},${K})`, K + 2, 1, pb, K + 1, 0, notes),
    makeTVPanel("C", `C (M,N) = (${M},${N})`, K + 2, K + 2, pc, undefined, undefined, notes),
  ];
  const nthreads = Math.max(A.threads, B.threads, C.threads);
  const threadCells = threadCellsOf([pa, pb, pc]);
  // partition_A, _B and _C linked: a cell's thread's cells in all three
  const links = (c: CellAt): CellAt[] => {
    const q = panels[c.panel]!;
    const t = q.thread![c.r * q.cols + c.c]!;
    return t < 0 ? [] : threadCells(t).filter((x) => !(x.panel === c.panel && x.r === c.r && x.c === c.c)).map(({ panel, r, c }) => ({ panel, r, c }));
  };
  return { kind: "mma", panels, width: K + N + 2, height: K + M + 2, cellW: 1, threadCells, threads: ascending(nthreads), notes, links, linkLabel: "its thread's cells" };
}

/** a TiledCopy's S and D maps side by side, as print_latex(TiledCopy) places them */
export interface TmaBoxes {
  /** the TMA coordinate of each cell of the tile */
  labels: (m: number, n: number) => string;
  /** values per instruction block of a CTA's partition (the box before the multicast cut) */
  block: number;
  /** values one instruction moves (the box after the cut) */
  box: number;
}

export function copyPicture(input: CopyPictureInput, kind: "copy" | "tma" = "copy", tma?: TmaBoxes): Picture {
  const pe = T.product_each(input.tileMN);
  if (!Array.isArray(pe) || pe.length !== 2) return empty(kind, `the picture draws rank-2 tiles (M,N); this tile is ${show(input.tileMN as Value)}`);
  const M = size(pe[0]!), N = size(pe[1]!);
  if (M < 0 || N < 0) return empty(kind, "a tile of negative extent draws nothing");
  const many = tooMany((kind === "tma" ? 1 : 2) * M * N, "the TiledCopy's picture");
  if (many) return empty(kind, many);
  const S = tvCoords(input.S, "print_svg"), Dd = tvCoords(input.D, "print_svg");
  const pairs = checkPairs([S, Dd]);
  if (pairs) return empty(kind, pairs);
  const notes: string[] = [];
  const ps: TVPlacement = { tv: S, flip: false, A: M, B: N, axes: ["m", "n"] };
  const pd: TVPlacement = { tv: Dd, flip: false, A: M, B: N, axes: ["m", "n"] };
  if (kind === "tma" && tma) {
    // one panel: the CTA's smem tile, each cell its TMA coordinate, coloured by the CTA (cluster
    // rank) whose instruction moves it: each block of a rank's values starts one instruction,
    // which moves the first `box` values of the block
    ps.keep = (v) => v % tma.block < tma.box;
    ps.region = (t, v) => t * 65536 + Math.floor(v / tma.block);
    const p = makeTVPanel("tile", `smem tile (M,N) = (${M},${N}) with the TMA coordinates loaded into it; a colour per CTA, a heavy line around each instruction's box`, 1, 1, ps, 0, 0, notes);
    const texts: string[] = new Array(M * N);
    let widest = 1;
    for (let m = 0; m < M; m++) {
      for (let n = 0; n < N; n++) {
        const x = tma.labels(m, n);
        texts[m * N + n] = x;
        widest = Math.max(widest, x.length);
      }
    }
    p.texts = texts;
    const own = p.describe;
    p.describe = (r, c) => {
      const lines = own(r, c);
      const i = r * N + c;
      lines[0] = `smem tile (m,n) = (${r},${c}), TMA coordinate ${texts[i]}`;
      if (p.thread![i]! >= 0) lines[1] = `CTA rank ${p.thread![i]}, value ${p.value![i]} (instruction ${Math.floor(p.value![i]! / tma.block)} of that CTA)`;
      return lines.slice(0, 2);
    };
    const cellW = Math.max(1, Math.ceil((widest * 10) / 4) / 10);
    return { kind, panels: [p], width: N + 1, height: M + 1, cellW, threadCells: threadCellsOf([ps]), threads: ascending(S.threads), notes };
  }
  const off = N + 3;
  const panels = [makeTVPanel("S", `S (M,N) = (${M},${N})`, 1, 1, ps, 0, 0, notes), makeTVPanel("D", `D (M,N) = (${M},${N})`, off, 1, pd, N + off, 0, notes)];
  const threadCells = threadCellsOf([ps, pd]);
  // partition_S and _D linked: the copy moves S(t, v) to D(t, v)
  const links = (c: CellAt): CellAt[] => {
    const q = panels[c.panel]!;
    const i = c.r * q.cols + c.c, t = q.thread![i]!, v = q.value![i]!;
    if (t < 0) return [];
    return threadCells(t).filter((x) => x.panel !== c.panel && x.v === v).map(({ panel, r, c }) => ({ panel, r, c }));
  };
  return { kind, panels, width: 2 * N + 4, height: M + 2, cellW: 1, threadCells, threads: ascending(Math.max(S.threads, Dd.threads)), notes, links, linkLabel: "the same thread and value" };
}

/**
 * A Copy_Atom: its ValLayoutSrc and ValLayoutDst, (thr, val) -> the offset of the value in the
 * atom, each a grid of offsets with a row per thread: hovering an offset shows where the same
 * value sits on the other side.
 */
export function copyAtomPicture(atom: { thrID: Layout; valLayoutSrc: Layout; valLayoutDst: Layout }): Picture {
  const grids = [
    ["Src", atom.valLayoutSrc],
    ["Dst", atom.valLayoutDst],
  ] as const;
  const sizes = grids.map(([, l]) => [size(T.get(l.shape, 0)), size(T.get(l.shape, 1))] as const);
  const many = tooMany(sizes.reduce((s, [a, b]) => s + a * b, 0), "the atom");
  if (many) return empty("copy-atom", many);
  const thr = L.compileIndexFn(atom.thrID);
  const panels: Panel[] = [];
  let x = 1;
  grids.forEach(([name, l], k) => {
    const [R, V] = sizes[k]!;
    const f0 = L.compileIndexFn(L.sublayout(l, [0])), f1 = L.compileIndexFn(L.sublayout(l, [1]));
    const index = new Float64Array(R * V);
    const thread = new Int32Array(R * V), value = new Int32Array(R * V);
    for (let r = 0; r < R; r++) {
      for (let v = 0; v < V; v++) {
        index[r * V + v] = f0 && f1 ? f0(r) + f1(v) : (L.crd2idx([D(r), D(v)], l) as Int).v;
        thread[r * V + v] = r;
        value[r * V + v] = v;
      }
    }
    panels.push({
      name,
      title: `ValLayout${name}: ${show(l)} (thr,val) -> offset`,
      x,
      y: 1,
      rows: R,
      cols: V,
      rowLabelX: x - 1,
      colLabelY: 0,
      rowLabel: label,
      colLabel: label,
      kind: "index",
      index,
      thread,
      value,
      space: "atom",
      describe: (r, v) => [`${name} thr ${r}${thr ? ` (thread ${thr(r)})` : ""}, val ${v}`, `offset ${index[r * V + v]} of the atom's values`],
    });
    x += V + 2;
  });
  const height = 1 + Math.max(...sizes.map(([r]) => r));
  const threadCells = (t: number): ThreadCell[] => {
    const out: ThreadCell[] = [];
    panels.forEach((p, k) => {
      if (t < p.rows) for (let v = 0; v < p.cols; v++) out.push({ panel: k, r: t, c: v, v });
    });
    return out;
  };
  return { kind: "copy-atom", panels, width: x - 1, height, cellW: 1, threadCells, threads: ascending(Math.max(...sizes.map(([r]) => r))), notes: [] };
}

/** the TMA coordinate of each cell of a rank-2 tile of a coordinate tensor */
export function tensorLabels(t: Tensor): (m: number, n: number) => string {
  return (m, n) => show(at(t, [D(m), D(n)]) as Value);
}

/**
 * tma-coords --partition: the CTA tile (local_tile of the TMA tensor) with the cells of one
 * CTA's partition coloured as its rank (the rest greyed), each cell its TMA coordinate: the
 * partition drawn over its tile, as the tile itself is drawn. `moved(k)`: whether the CTA's
 * instructions move the partition's element k (each moves the first box of its block).
 */
export function partitionPicture(tile: Tensor, part: Tensor, rank: number, side: string, moved: (k: number) => boolean = () => true): Picture {
  const pic = tensorPicture(tile);
  if (pic.panels.length === 0) return pic;
  const pp = tensorPicture(part);
  if (pp.panels.length === 0) return { ...pic, notes: [...pic.notes, ...pp.notes] };
  // the partition's elements by their coordinate (the first element with it)
  const mine = new Map<string, number>();
  let k = 0;
  for (const q of pp.panels) {
    for (const t of q.texts ?? []) {
      if (moved(k) && !mine.has(t.trim())) mine.set(t.trim(), k);
      k++;
    }
  }
  let n = 0;
  for (const q of pic.panels) {
    const texts = q.texts!;
    const owner = new Int32Array(texts.length);
    for (let i = 0; i < texts.length; i++) {
      owner[i] = mine.has(texts[i]!.trim()) ? rank : -1;
      if (owner[i]! >= 0) n++;
    }
    q.owner = owner;
    const own = q.describe;
    q.describe = (r, c) => {
      const x = mine.get(texts[r * q.cols + c]!.trim());
      return [...own(r, c), x === undefined ? `not in rank ${rank}'s partition_${side}` : `rank ${rank}'s partition_${side}, element ${x}`];
    };
  }
  const total = pic.panels.reduce((s, q) => s + q.rows * q.cols, 0);
  pic.panels[0]!.title = `CTA tile ${show(tile)}: rank ${rank}'s partition_${side} coloured (${n} of ${total} cells), the rest grey`;
  return pic;
}
