/**
 * Pictures of layouts: CuTe's print_latex (TikZ) and print_svg, byte for byte where CuTe has
 * them (a plain layout in LaTeX, a TiledMMA in LaTeX and SVG, a TiledCopy in LaTeX), and in the
 * same style where it does not (a plain layout and a TiledCopy as SVG).
 *
 * Inputs are plain values so any command can draw: a Layout, or the thread-value layouts
 * (thr, val) -> coordinate of an MMA's A/B/C or a copy's S/D with the tile they cover.
 */
import { CuteError, LimitError, UsageError, WHEN_FORCED } from "../core/errors.js";
import { Int, D, S, _0 } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import type { IntTuple } from "../core/int-tuple.js";
import { ScaledBasis, type Idx, idxAdd, idxScale } from "../core/basis.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { Tensor, ArithIter } from "../core/tensor.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import type { Value } from "../core/value.js";
import { show } from "./print.js";
/**
 * a picture is ~100-300 bytes of TikZ/SVG per cell: above 2^17 cells (up to ~38 MB) it needs
 * `force`. 2^17 is the largest picture of any single MMA atom (SM100's 2x1SM block-scaled sparse
 * atoms: A, B and C of 256x256x64 and more), so every atom draws as CuTe's print_latex does
 */
export const PICTURE_MAX_CELLS = 1 << 17;
const MAX_CELLS = PICTURE_MAX_CELLS;
/** even `force` draws at most 2^18 cells (about 52 MB): memory stays bounded whatever is asked */
export const PICTURE_FORCE_MAX_CELLS = 1 << 18;
const FORCE_MAX_CELLS = PICTURE_FORCE_MAX_CELLS;
import type * as Api from "./pictures-api.js";

// ------------------------------------------------------------------ colors

/** TikZ gray levels by index mod 8 (CuTe's TikzColor_BWx8) */
const TIKZ_BW = ["black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70"];
/** SVG gray levels by index mod 8 (CuTe's TSVGColor_BWx8) */
const SVG_BW = ["255,255,255", "230,230,230", "205,205,205", "180,180,180", "155,155,155", "130,130,130", "105,105,105", "080,080,080"];
/** per-thread pastel colors, by thread mod 8 */
const TV_RGB = ["175,175,255", "175,255,175", "255,255,175", "255,175,175", "210,210,255", "210,255,210", "255,255,210", "255,210,210"];
const TIKZ_TV = TV_RGB.map((c) => {
  const [r, g, b] = c.split(",");
  return `{rgb,255:red,${r};green,${g};blue,${b}}`;
});

const mod8 = (x: number) => ((x % 8) + 8) % 8;

/** a color function: (thread, value) -> color text */
export type TVColor = (tid: number, vid: number) => string;
export const tikzColorTV: TVColor = (t) => TIKZ_TV[mod8(t)]!;
export const svgColorTV: TVColor = (t) => TV_RGB[mod8(t)]!;
/** the SVG gray of a layout cell by its index (CuTe's TSVGColor_BWx8), and whether its text is drawn white */
export const svgColorBW = (idx: number): string => SVG_BW[mod8(idx)]!;
export const svgInkWhite = (idx: number): boolean => mod8(idx) >= 5;

// ------------------------------------------------------------------ shared text

const TIKZ_HEADER =
  "\\documentclass[convert]{standalone}\n" +
  "\\usepackage{tikz}\n\n" +
  "\\begin{document}\n" +
  "\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";
const TIKZ_FOOTER = "\\end{tikzpicture}\n\\end{document}\n";

const tikzGrid = (x0: number, y0: number, x1: number, y1: number) =>
  `\\draw[color=black,thick,shift={(-0.5,-0.5)}] (${x0},${y0}) grid (${x1},${y1});\n\n`;
const tikzLabel = (x: number, y: number, v: number) => `\\node at (${x},${y}) {\\Large{\\texttt{${v}}}};\n`;
const tikzTV = (color: string, x: number, y: number, t: number, v: number) =>
  `\\node[fill=${color}] at (${x},${y}) {\\shortstack{T${t} \\\\ V${v}}};\n`;

const CELL = 20;
const svgHeader = (w: number, h: number) =>
  `<svg width="100%" height="100%" viewBox="0 0 ${w} ${h}" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">\n`;
/** a thread-value cell; CuTe closes the C cells' rect with `"/>`, the others with `" />` */
function svgTV(x: number, y: number, color: string, t: number, v: number, tight = false): string {
  return (
    `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="rgb(${color})" stroke="black"${tight ? "" : " "}/>\n` +
    `<text x="${x + CELL / 2}" y="${y + CELL / 4}" text-anchor="middle" alignment-baseline="central" font-size="8">T${t}</text>\n` +
    `<text x="${x + CELL / 2}" y="${y + (3 * CELL) / 4}" text-anchor="middle" alignment-baseline="central" font-size="8">V${v}</text>\n`
  );
}
/** a row / column index label centered in the cell at (x, y) */
const svgLabel = (x: number, y: number, v: number) =>
  `<text x="${x + CELL / 2}" y="${y + CELL / 2}" text-anchor="middle" alignment-baseline="central" font-size="12">${v}</text>\n`;

/**
 * Text assembled in one growing byte buffer: a picture is hundreds of thousands of small pieces,
 * which then die young instead of living in an array until a final join (that kept the garbage
 * collector busy for 40% of a big GMMA picture). Plain Uint8Array and TextEncoder/TextDecoder,
 * so the printers run unchanged in a browser page (src/web) as in Node.
 */
const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();
class TextSink {
  private buf = new Uint8Array(1 << 16);
  private len = 0;
  constructor(...first: string[]) {
    for (const s of first) this.push(s);
  }
  push(s: string): void {
    const need = this.len + 3 * s.length; // UTF-8 needs at most 3 bytes per UTF-16 unit
    if (need > this.buf.length) {
      const grown = new Uint8Array(Math.max(need, 2 * this.buf.length));
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    this.len += ENCODER.encodeInto(s, this.buf.subarray(this.len)).written;
  }
  text(): string {
    return DECODER.decode(this.buf.subarray(0, this.len));
  }
}

// ------------------------------------------------------------------ evaluation helpers

/**
 * Every (thread, value) pair is visited, and drawn when its cell is new or lies outside the tile
 * (as CuTe draws it): the pairs visited and the nodes drawn are bounded as well as the cells.
 */
const MAX_PAIRS = 1 << 24;
const FORCE_MAX_PAIRS = 1 << 26;
const MAX_NODES = MAX_CELLS; // a TV layout inside its tile draws at most one node per cell
const FORCE_MAX_NODES = FORCE_MAX_CELLS;

/** a count as a message prints it: exact, or the exact bound it passed */
const countText = (n: number): string => (Number.isSafeInteger(n) ? String(n) : "more than 9007199254740991");

/** how many nodes a picture may still draw: MAX_NODES, or FORCE_MAX_NODES under `force` */
interface NodeBudget {
  left: number;
  what: string;
  forced: boolean;
}

function nodeBudget(tvs: TVCoords[], force: boolean, what: string): NodeBudget {
  const pairs = tvs.reduce((sum, tv) => sum + tv.threads * tv.values, 0);
  if (!force && pairs > MAX_PAIRS) {
    throw new LimitError(`${what}: the picture visits ${countText(pairs)} thread-value pairs, more than cute-ts's limit of ${MAX_PAIRS}`, false, "draw");
  }
  if (pairs > FORCE_MAX_PAIRS) {
    throw new LimitError(`${what}: the picture visits ${countText(pairs)} thread-value pairs, more than the ${FORCE_MAX_PAIRS} cute-ts visits ${WHEN_FORCED}`, true, "draw");
  }
  return { left: force ? FORCE_MAX_NODES : MAX_NODES, what, forced: force };
}

function checkCells(n: number, force: boolean, what: string): void {
  if (!force && n > MAX_CELLS) {
    throw new LimitError(`${what}: the picture has ${countText(n)} cells, more than cute-ts's limit of ${MAX_CELLS}`, false, "draw");
  }
  if (n > FORCE_MAX_CELLS) {
    throw new LimitError(`${what}: the picture has ${countText(n)} cells, more than the ${FORCE_MAX_CELLS} cute-ts draws ${WHEN_FORCED} (a hard limit: memory stays bounded)`, true, "draw");
  }
}

const modeSize = (l: Layout, i: number): number => T.size(T.get(l.shape, i)).v;

/** an integer index value (a plain layout's offset) as a number */
function idxNumber(x: Idx, l: Layout): number {
  if (x instanceof Int) return x.v;
  if (x instanceof ScaledBasis && x.modes.length === 0) return x.value.v;
  throw new CuteError("print_latex", "the layout maps coordinates to coordinates, not to integer indices", [show(l)]);
}

/** an arithmetic-tuple coordinate with `rank` top-level integer components */
function idxCoord(x: Idx, rank: number, l: Layout, what: string): number[] {
  if (x instanceof Int && x.v === 0) return new Array<number>(rank).fill(0); // a mode of _0 strides
  const zeros: Idx = Array.from({ length: rank }, () => _0);
  const sum = idxAdd(zeros, x);
  const parts = Array.isArray(sum) ? sum : [sum];
  if (parts.length > rank || !parts.every((p) => p instanceof Int)) {
    throw new CuteError(what, `the thread-value layout must map (thr,val) to a rank-${rank} coordinate of integers`, [show(l)]);
  }
  return Array.from({ length: rank }, (_x, i) => (parts[i] as Int | undefined)?.v ?? 0);
}

/** the layout's values along one mode, one per index of that mode (layouts are additive by mode) */
function modeTable<X>(l: Layout, i: number, conv: (x: Idx) => X): X[] {
  const sub = L.sublayout(l, [i]);
  const f = L.compileIndexFn(sub);
  const n = Math.max(0, T.size(sub.shape).v); // a negative extent draws nothing, as CuTe's loops do
  if (n > MAX_CELLS * 64) throw new UsageError(`print_latex: a mode of ${n} elements is beyond what a picture can draw (${show(l)})`);
  const out: X[] = new Array(n);
  if (f) {
    for (let k = 0; k < n; k++) out[k] = conv(new Int(f(k), false));
    return out;
  }
  const table = leafSums(sub);
  for (let k = 0; k < n; k++) out[k] = conv(table ? table[k]! : L.crd2idx(D(k), sub));
  return out;
}

/**
 * sub(k) for every k at once: a layout is additive over its leaves, the first leaf fastest, so the
 * table grows one leaf at a time (one add per entry) instead of decomposing each k anew.
 * Undefined when a leaf's extent is not positive (crd2idx decides those cases).
 */
function leafSums(sub: Layout): Idx[] | undefined {
  const shape = T.leaves(sub.shape), stride = T.leaves(sub.stride) as Idx[];
  if (shape.length !== stride.length || shape.some((x) => x.v < 1)) return undefined;
  let table: Idx[] = [_0];
  for (let j = 0; j < shape.length; j++) {
    const e = shape[j]!.v, d = stride[j]!;
    const next: Idx[] = new Array(table.length * e);
    for (let c = 0; c < e; c++) {
      const step = idxScale(D(c), d);
      for (let k = 0; k < table.length; k++) next[k + table.length * c] = idxAdd(table[k]!, step);
    }
    table = next;
  }
  return table;
}

/**
 * A (thr, val) -> (a, b) coordinate layout (strides are basis elements such as `_1@0`) as tables:
 * the coordinate of (t, v) is (thrA[t] + valA[v], thrB[t] + valB[v]).
 */
export interface TVCoords {
  threads: number;
  values: number;
  thrA: Float64Array;
  thrB: Float64Array;
  valA: Float64Array;
  valB: Float64Array;
}
export function tvCoords(tv: Layout, what = "print_latex"): TVCoords {
  if (T.rank(tv.shape) !== 2) {
    throw new CuteError(what, "static assertion failed: rank(layout_tv) == Int<2>{} (a thread-value layout is (thr,val) -> coordinate)", [show(tv)]);
  }
  const columns = (i: number): [Float64Array, Float64Array] => {
    const fast = basisColumns(L.sublayout(tv, [i]));
    if (fast) return fast;
    const rows = modeTable(tv, i, (x) => idxCoord(x, 2, tv, what));
    return [Float64Array.from(rows, (r) => r[0]!), Float64Array.from(rows, (r) => r[1]!)];
  };
  const [thrA, thrB] = columns(0);
  const [valA, valB] = columns(1);
  return { threads: thrA.length, values: valA.length, thrA, thrB, valA, valB };
}

/**
 * The two coordinate components of a mode whose strides are all `v@0`, `v@1` or 0: each component
 * is then a plain integer layout, evaluated without arithmetic tuples. Undefined otherwise
 * (modeTable decides, and refuses what it must).
 */
function basisColumns(sub: Layout): [Float64Array, Float64Array] | undefined {
  let plain = true;
  const component = (c: number) =>
    T.transform(sub.stride, (d): Int => {
      if (d instanceof Int && d.v === 0) return _0;
      if (d instanceof ScaledBasis && d.modes.length === 1 && (d.modes[0] === 0 || d.modes[0] === 1)) return d.modes[0] === c ? d.value : _0;
      plain = false;
      return _0;
    });
  const a = component(0), b = component(1);
  if (!plain) return undefined;
  const fa = L.compileIndexFn(new Layout(sub.shape, a)), fb = L.compileIndexFn(new Layout(sub.shape, b));
  const n = Math.max(0, T.size(sub.shape).v);
  if (!fa || !fb || n > MAX_CELLS * 64) return undefined;
  const A = new Float64Array(n), B = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    A[k] = fa(k);
    B[k] = fb(k);
  }
  return [A, B];
}

/**
 * Visit each (t, v) in CuTe's drawing order (threads outer, values inner) whose cell is seen for
 * the first time. `cell(a, b)` is the cell's offset in CuTe's column-major bool tensor of `cells`
 * entries: an offset outside it is drawn without a mark, as CuTe does (it never checks).
 */
function drawFirstOwners(tv: TVCoords, cells: number, cell: (a: number, b: number) => number, draw: (a: number, b: number, t: number, v: number) => string, out: TextSink, budget: NodeBudget): void {
  const seen = new Uint8Array(Math.max(0, cells));
  for (let t = 0; t < tv.threads; t++) {
    const ta = tv.thrA[t]!, tb = tv.thrB[t]!;
    for (let v = 0; v < tv.values; v++) {
      const a = ta + tv.valA[v]!, b = tb + tv.valB[v]!;
      const off = cell(a, b);
      if (!(off >= 0 && off < seen.length)) {
        // CuTe reads and writes filled(m,n) unchecked: outside the tile that is undefined behaviour
        throw new CuteError(budget.what, `the thread-value layout reaches past the tile (thread ${t}, value ${v} at (${a},${b})): CuTe's picture would read and write its bool tensor of drawn cells out of bounds (undefined behaviour), so cute-ts draws nothing`);
      }
      if (seen[off]) continue;
      seen[off] = 1;
      if (--budget.left < 0) {
        throw budget.forced
          ? new LimitError(`${budget.what}: the picture would draw more than the ${FORCE_MAX_NODES} nodes cute-ts draws ${WHEN_FORCED} (a hard limit: memory stays bounded)`, true, "draw")
          : new LimitError(`${budget.what}: the picture would draw more than cute-ts's limit of ${MAX_NODES} nodes`, false, "draw");
      }
      out.push(draw(a, b, t, v));
    }
  }
}

/** CuTe prints the coordinate tensor composition(make_identity_tensor(tile), tv): ArithTuple(_0,...) o tv */
function coordTensorText(tv: Layout, rank: number): string {
  const zeros: Idx = Array.from({ length: rank }, () => _0);
  return show(new Tensor(new ArithIter(zeros), tv));
}

/** the identity-composed (thr,val) -> coordinate layout of a (thr,val) -> index layout over `tile` */
export function tvToCoords(tvIndex: Layout, tile: IntTuple): Layout {
  return L.composition(L.make_identity_layout(tile), tvIndex);
}

const num = (x: Int | IntTuple): number => T.size(x as IntTuple).v;

// ------------------------------------------------------------------ plain layouts

/** append<2>(layout, _1:_0): rank 1 becomes rank 2; more than rank 2 is refused */
function asRank2(l: Layout | ComposedLayout, what: string): Layout | ComposedLayout {
  const inner = l instanceof Layout ? l : innermostLayout(l);
  const r = T.rank(inner.shape);
  if (r > 2) throw new CuteError(what, "static assertion failed: rank(layout_a) <= Int<2>{} (pictures draw layouts of rank 1 or 2)", [show(l)]);
  if (r === 2) return l;
  return l instanceof Layout ? L.appendN(l, 2) : C.onInner(l, (b) => L.appendN(b, 2));
}

/**
 * A swizzled layout over a shared-memory pointer flag is drawn as CuTe draws it, position
 * independent: its swizzle recast from bytes to the flag's element bits, at offset 0.
 */
function positionIndependent(l: Layout | ComposedLayout): Layout | ComposedLayout {
  return l instanceof Layout ? l : C.as_position_independent_swizzle_layout(l);
}

/** the index of each cell (m, n) of a rank-2 layout, or of a composed one: A(offset + B(m, n)) */
function indexGrid(l: Layout | ComposedLayout, force: boolean, what: string): { M: number; N: number; at(m: number, n: number): number } {
  const inner = l instanceof Layout ? l : innermostLayout(l);
  const M = modeSize(inner, 0), N = modeSize(inner, 1);
  // the row and column labels are drawn even when the other extent is 0
  checkCells(Math.max(M * N, M, N), force, what);
  const rows = modeTable(inner, 0, (x) => idxNumber(x, inner));
  const cols = modeTable(inner, 1, (x) => idxNumber(x, inner));
  if (l instanceof Layout) return { M, N, at: (m, n) => rows[m]! + cols[n]! };
  return { M, N, at: (m, n) => idxNumber(C.evalAt(l, [D(m), D(n)]), inner) };
}

/** print_latex(layout): the layout as a TikZ grid, each cell its index, shaded by index mod 8 */
export function print_latex_layout(layout: Layout | ComposedLayout, force = false): string {
  const l = asRank2(positionIndependent(layout), "print_latex");
  const g = indexGrid(l, force, "print_latex");
  const out = new TextSink(`% Layout: ${show(l)}\n`, TIKZ_HEADER);
  for (let m = 0; m < g.M; m++) {
    for (let n = 0; n < g.N; n++) {
      const idx = g.at(m, n);
      if (idx < 0) {
        throw new CuteError("print_latex", `index ${idx} at (${m},${n}) is negative: CuTe colors a cell by color_map[idx % 8], which reads outside its table here (undefined behaviour), so cute-ts draws nothing`, [show(l)]);
      }
      out.push(`\\node[fill=${TIKZ_BW[mod8(idx)]}] at (${m},${n}) {${idx}};\n`);
    }
  }
  out.push(tikzGrid(0, 0, g.M, g.N));
  for (let m = 0; m < g.M; m++) out.push(tikzLabel(m, -1, m));
  for (let n = 0; n < g.N; n++) out.push(tikzLabel(-1, n, n));
  out.push(TIKZ_FOOTER);
  return out.text();
}

/**
 * print_svg(layout) -- CuTe has none: the layout as an SVG grid in the style of its MMA SVG,
 * row indices down the left, column indices across the top, each cell its index, shaded by
 * index mod 8 (CuTe's TSVGColor_BWx8).
 */
export function print_svg_layout(layout: Layout | ComposedLayout, force = false): string {
  const l = asRank2(positionIndependent(layout), "print_svg");
  const g = indexGrid(l, force, "print_svg");
  const out = new TextSink(`<!--  Layout: ${show(l)}  -->\n`, svgHeader((g.N + 2) * CELL, (g.M + 2) * CELL));
  for (let m = 0; m < g.M; m++) {
    for (let n = 0; n < g.N; n++) {
      const idx = g.at(m, n);
      const x = (n + 1) * CELL, y = (m + 1) * CELL;
      const ink = svgInkWhite(idx) ? ` fill="white"` : "";
      out.push(
        `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="rgb(${SVG_BW[mod8(idx)]})" stroke="black" />\n` +
          `<text x="${x + CELL / 2}" y="${y + CELL / 2}" text-anchor="middle" alignment-baseline="central" font-size="8"${ink}>${idx}</text>\n`,
      );
    }
  }
  for (let m = 0; m < g.M; m++) out.push(svgLabel(0, (m + 1) * CELL, m));
  for (let n = 0; n < g.N; n++) out.push(svgLabel((n + 1) * CELL, 0, n));
  out.push("</svg>\n");
  return out.text();
}

// ------------------------------------------------------------------ one thread-value layout

/** print_latex_tv(layout_tv, tile_mn): one (thr,val) -> (m,n) layout over an M x N tile */
export function print_latex_tv(tvCoordsLayout: Layout, tileMN: IntTuple, force = false): string {
  const [M, N] = tile2(tileMN, "print_latex_tv");
  checkCells(M * N, force, "print_latex_tv");
  const tv = tvCoords(tvCoordsLayout, "print_latex_tv");
  const budget = nodeBudget([tv], force, "print_latex_tv");
  const out = new TextSink(`% Layout TV: ${show(tvCoordsLayout)}\n`, TIKZ_HEADER);
  drawFirstOwners(tv, M * N, (m, n) => m + n * M, (m, n, t, v) => tikzTV(tikzColorTV(t, v), m, n, t, v), out, budget);
  out.push(tikzGrid(0, 0, M, N));
  for (let m = 0; m < M; m++) out.push(tikzLabel(m, -1, m));
  for (let n = 0; n < N; n++) out.push(tikzLabel(-1, n, n));
  out.push(TIKZ_FOOTER);
  return out.text();
}

function tile2(tile: IntTuple, what: string): [number, number] {
  const pe = T.product_each(tile);
  if (!Array.isArray(pe) || pe.length !== 2) throw new CuteError(what, "the tile must be rank 2 (M,N)", [show(tile as Value)]);
  staticTileSizes(pe, tile, what);
  return [num(pe[0]!), num(pe[1]!)];
}
function tile3(tile: IntTuple, what: string): [number, number, number] {
  const pe = T.product_each(tile);
  if (!Array.isArray(pe) || pe.length !== 3) throw new CuteError(what, "the tile must be rank 3 (M,N,K)", [show(tile as Value)]);
  staticTileSizes(pe, tile, what);
  return [num(pe[0]!), num(pe[1]!), num(pe[2]!)];
}
/** CuTe's pictures mark drawn cells in make_tensor<bool>(tile shape), which needs a static shape */
function staticTileSizes(sizes: IntTuple[], tile: IntTuple, what: string): void {
  if (sizes.every((x) => x instanceof Int && x.s)) return;
  throw new CuteError(what, "static assertion failed: Dynamic owning tensors not supported (the picture marks its cells in make_tensor<bool> over the tile, and this tile's size is dynamic)", [show(tile as Value)]);
}

// ------------------------------------------------------------------ TiledMMA

export type { MmaPictureInput, CopyPictureInput } from "./pictures-api.js";
type MmaPictureInput = Api.MmaPictureInput;
type CopyPictureInput = Api.CopyPictureInput;

/**
 * From get_layoutC_TV / get_layoutA_TV / get_layoutB_TV (thr_idx, val) -> index into the
 * column-major (M,N) / (M,K) / (N,K) tile: composition(make_identity_tensor(tile), layout_TV),
 * as CuTe's print_latex(TiledMMA) builds them.
 */
export function mmaPictureInput(layoutC_TV: Layout, layoutA_TV: Layout, layoutB_TV: Layout, tileMNK: [Int, Int, Int]): MmaPictureInput {
  const [M, N, K] = tileMNK;
  return {
    C: tvToCoords(layoutC_TV, [M, N]),
    A: tvToCoords(layoutA_TV, [M, K]),
    B: tvToCoords(layoutB_TV, [N, K]),
    tileMNK: [M, N, K],
  };
}

/** print_latex of a TiledMMA (or MMA_Atom, which is its make_tiled_mma) */
export function print_latex_mma(p: MmaPictureInput, force = false): string {
  const [M, N, K] = tile3(p.tileMNK, "print_latex");
  checkCells(M * N + M * K + N * K, force, "print_latex");
  const C = tvCoords(p.C), A = tvCoords(p.A), B = tvCoords(p.B);
  const budget = nodeBudget([C, A, B], force, "print_latex");
  const out = new TextSink(
    `% LayoutC: ${coordTensorText(p.C, 2)}\n`,
    `% LayoutA: ${coordTensorText(p.A, 2)}\n`,
    `% LayoutB: ${coordTensorText(p.B, 2)}\n`,
    TIKZ_HEADER,
  );
  // C at the origin
  drawFirstOwners(C, M * N * K, (m, n) => m + n * M, (m, n, t, v) => tikzTV(tikzColorTV(t, v), m, n, t, v), out, budget);
  out.push(tikzGrid(0, 0, M, N));
  // A to the left of C, its K columns ending one before C
  drawFirstOwners(A, M * N * K, (m, k) => m + k * M * N, (m, k, t, v) => tikzTV(tikzColorTV(t, v), m, k - K - 1, t, v), out, budget);
  out.push(tikzGrid(0, -K - 1, M, -1));
  for (let m = 0; m < M; m++) out.push(tikzLabel(m, -1 - K - 1, m));
  for (let k = 0; k < K; k++) out.push(tikzLabel(-1, k - K - 1, k));
  // B above C, its K rows ending one before C
  drawFirstOwners(B, M * N * K, (n, k) => n * M + k * M * N, (n, k, t, v) => tikzTV(tikzColorTV(t, v), k - K - 1, n, t, v), out, budget);
  out.push(tikzGrid(-K - 1, 0, -1, N));
  for (let n = 0; n < N; n++) out.push(tikzLabel(-1 - K - 1, n, n));
  for (let k = 0; k < K; k++) out.push(tikzLabel(k - K - 1, -1, k));
  out.push(TIKZ_FOOTER);
  return out.text();
}

/** print_svg of a TiledMMA (or MMA_Atom): B on top, A on the left, C below B and right of A */
export function print_svg_mma(p: MmaPictureInput, force = false): string {
  const [M, N, K] = tile3(p.tileMNK, "print_svg");
  checkCells(M * N + M * K + N * K, force, "print_svg");
  const C = tvCoords(p.C, "print_svg"), A = tvCoords(p.A, "print_svg"), B = tvCoords(p.B, "print_svg");
  const budget = nodeBudget([C, A, B], force, "print_svg");
  const out = new TextSink(
    `<!--  Tile: ${show(p.tileMNK as Value)}  -->\n`,
    `<!--     A: ${coordTensorText(p.A, 2)}  -->\n`,
    `<!--     B: ${coordTensorText(p.B, 2)}  -->\n`,
    `<!--     C: ${coordTensorText(p.C, 2)}  -->\n`,
    svgHeader((K + N + 2) * CELL, (K + M + 2) * CELL),
  );
  drawFirstOwners(C, M * N * K, (m, n) => m + n * M, (m, n, t, v) => svgTV((n + K + 2) * CELL, (m + K + 2) * CELL, svgColorTV(t, v), t, v, true), out, budget);
  drawFirstOwners(A, M * N * K, (m, k) => m + k * M * N, (m, k, t, v) => svgTV((k + 1) * CELL, (m + K + 2) * CELL, svgColorTV(t, v), t, v), out, budget);
  for (let m = 0; m < M; m++) out.push(svgLabel(0, (m + K + 2) * CELL, m));
  for (let k = 0; k < K; k++) out.push(svgLabel((k + 1) * CELL, (K + 1) * CELL, k));
  drawFirstOwners(B, M * N * K, (n, k) => n * M + k * M * N, (n, k, t, v) => svgTV((n + K + 2) * CELL, (k + 1) * CELL, svgColorTV(t, v), t, v), out, budget);
  for (let n = 0; n < N; n++) out.push(svgLabel((n + K + 2) * CELL, 0, n));
  for (let k = 0; k < K; k++) out.push(svgLabel((K + 1) * CELL, (k + 1) * CELL, k));
  out.push("</svg>\n");
  return out.text();
}

// ------------------------------------------------------------------ TiledCopy

/** print_latex of a TiledCopy: S at the origin, D to its right after a gap of three columns */
export function print_latex_copy(p: CopyPictureInput, force = false): string {
  const [M, N] = tile2(p.tileMN, "print_latex");
  checkCells(2 * M * N, force, "print_latex");
  const Sx = tvCoords(p.S), Dx = tvCoords(p.D);
  const budget = nodeBudget([Sx, Dx], force, "print_latex");
  const out = new TextSink(`% Layout S TV: ${coordTensorText(p.S, 2)}\n`, `% Layout D TV: ${coordTensorText(p.D, 2)}\n`, TIKZ_HEADER);
  drawFirstOwners(Sx, M * N, (m, n) => m + n * M, (m, n, t, v) => tikzTV(tikzColorTV(t, v), m, n, t, v), out, budget);
  out.push(tikzGrid(0, 0, M, N));
  for (let m = 0; m < M; m++) out.push(tikzLabel(m, -1, m));
  for (let n = 0; n < N; n++) out.push(tikzLabel(-1, n, n));
  const off = N + 3;
  drawFirstOwners(Dx, M * N, (m, n) => m + n * M, (m, n, t, v) => tikzTV(tikzColorTV(t, v), m, n + off, t, v), out, budget);
  out.push(tikzGrid(0, off, M, N + off));
  for (let m = 0; m < M; m++) out.push(tikzLabel(m, N + off, m));
  for (let n = 0; n < N; n++) out.push(tikzLabel(-1, n + off, n));
  out.push(TIKZ_FOOTER);
  return out.text();
}

/**
 * print_svg of a TiledCopy -- CuTe has none: the S and D pictures of print_latex side by side,
 * drawn as CuTe's MMA SVG draws its operands (20-unit cells, thread colors, T/V labels).
 * S has its row indices on the left, D on the right; both have column indices on top.
 */
export function print_svg_copy(p: CopyPictureInput, force = false): string {
  const [M, N] = tile2(p.tileMN, "print_svg");
  checkCells(2 * M * N, force, "print_svg");
  const Sx = tvCoords(p.S, "print_svg"), Dx = tvCoords(p.D, "print_svg");
  const budget = nodeBudget([Sx, Dx], force, "print_svg");
  const off = N + 3; // D's first column, as in print_latex
  const out = new TextSink(
    `<!--  Tile: ${show(p.tileMN as Value)}  -->\n`,
    `<!--     S: ${coordTensorText(p.S, 2)}  -->\n`,
    `<!--     D: ${coordTensorText(p.D, 2)}  -->\n`,
    svgHeader((2 * N + 4) * CELL, (M + 2) * CELL),
  );
  drawFirstOwners(Sx, M * N, (m, n) => m + n * M, (m, n, t, v) => svgTV((n + 1) * CELL, (m + 1) * CELL, svgColorTV(t, v), t, v), out, budget);
  for (let m = 0; m < M; m++) out.push(svgLabel(0, (m + 1) * CELL, m));
  for (let n = 0; n < N; n++) out.push(svgLabel((n + 1) * CELL, 0, n));
  drawFirstOwners(Dx, M * N, (m, n) => m + n * M, (m, n, t, v) => svgTV((n + off) * CELL, (m + 1) * CELL, svgColorTV(t, v), t, v), out, budget);
  for (let m = 0; m < M; m++) out.push(svgLabel((N + off) * CELL, (m + 1) * CELL, m));
  for (let n = 0; n < N; n++) out.push(svgLabel((n + off) * CELL, 0, n));
  out.push("</svg>\n");
  return out.text();
}

/** the tile as static integers, e.g. for a tile given as numbers */
export const staticTile = (xs: number[]): Int[] => xs.map((x) => S(x));

// this module provides what pictures-api.ts declares
const api: typeof Api = {
  print_latex_layout,
  print_svg_layout,
  print_latex_tv,
  mmaPictureInput,
  print_latex_mma,
  print_svg_mma,
  print_latex_copy,
  print_svg_copy,
};
void api;
