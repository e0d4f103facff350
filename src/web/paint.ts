/**
 * A panel painted as steps (job.ts runs them in slices): the cells' fills a band of rows at a
 * time (each band one scaled image of one pixel a cell, computed once per picture), the grid
 * and the boxes over the band, then the texts, the visible bands first. Each step is small
 * (a few thousand cells), so no step holds the page for long; each paints the tiles (tiles.ts)
 * of its own rows only, the row labels too.
 */
import { cellFill, cellText, type Panel } from "./picture.js";
import type { Step } from "./job.js";
import type { Tiles } from "./tiles.js";
import { svgColorBW, svgColorTV, svgInkWhite } from "../print/pictures.js";

export interface Geometry {
  /** pixels per cell height, and per cell width */
  s: number;
  cw: number;
  /** the part of the canvas on the screen, in CSS pixels of the canvas (top and bottom) */
  top: number;
  bottom: number;
  /** device pixels per CSS pixel */
  dpr: number;
  /** the grid's colour, "r,g,b" */
  gridRGB: string;
  label: string;
}

/** device pixels one fill step paints; cells one text step writes */
const FILL_PIXELS = 1 << 16;
const TEXT_CELLS = 256;

interface Colours {
  rgba: Uint32Array;
  white: Uint8Array;
  /** rows whose colours are computed */
  done: Uint8Array;
}

const colourCache = new WeakMap<Panel, Colours>();
const rgbaCache = new Map<string, number>();
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** "rgb(r,g,b)" or "r,g,b" as one pixel of an ImageData's Uint32 view */
function rgbaOf(fill: string): number {
  let x = rgbaCache.get(fill);
  if (x === undefined) {
    const [r, g, b] = (/(\d+)\D+(\d+)\D+(\d+)/.exec(fill) ?? ["", "255", "255", "255"]).slice(1).map(Number) as [number, number, number];
    x = littleEndian ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
    rgbaCache.set(fill, x);
  }
  return x;
}

function colours(p: Panel): Colours {
  let c = colourCache.get(p);
  if (!c) colourCache.set(p, (c = { rgba: new Uint32Array(p.rows * p.cols), white: new Uint8Array(p.rows * p.cols), done: new Uint8Array(p.rows) }));
  return c;
}

function colourRows(p: Panel, r0: number, r1: number): Colours {
  const c = colours(p);
  for (let r = r0; r < r1; r++) {
    if (c.done[r]) continue;
    for (let i = r * p.cols, e = i + p.cols; i < e; i++) {
      if (p.kind === "index") {
        // the common case without a string per cell: print_svg's eight greys
        const x = p.index![i]!;
        if (!Number.isFinite(x)) continue;
        c.rgba[i] = rgbaOf(svgColorBW(x));
        if (svgInkWhite(x)) c.white[i] = 1;
        continue;
      }
      if (p.kind === "tv") {
        const t = p.thread![i]!;
        if (t >= 0) c.rgba[i] = rgbaOf(svgColorTV(t, p.value![i]!));
        continue;
      }
      const f = cellFill(p, i);
      if (!f) continue;
      c.rgba[i] = rgbaOf(f.fill);
      if (f.white) c.white[i] = 1;
    }
    c.done[r] = 1;
  }
  return c;
}

const longestCache = new WeakMap<Panel, number>();

/** the longest text of a cell (characters) */
function longestText(p: Panel): number {
  let n = longestCache.get(p);
  if (n !== undefined) return n;
  n = 1;
  if (p.labels) for (const t of p.labels) n = Math.max(n, t.length);
  else if (p.texts) for (const t of p.texts) n = Math.max(n, t.trim().length);
  else if (p.kind === "index" && p.index) {
    let lo = Infinity, hi = -Infinity;
    for (const x of p.index) {
      if (!Number.isFinite(x)) continue;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
    if (hi >= lo) n = Math.max(String(lo).length, String(hi).length);
  }
  longestCache.set(p, n);
  return n;
}

/** the font size of a panel's cell texts at this zoom, or 0 where texts would be too small to read */
export function textSize(p: Panel, s: number, cw: number): number {
  const lines = p.kind === "tv" && !p.texts && !p.labels ? 2 : 1;
  if (s / (lines === 2 ? 2.4 : 1.9) < 6.5) return 0;
  const longest = lines === 2 ? 4 : longestText(p);
  const fs = Math.min(s / (lines === 2 ? 2.4 : 1.9), cw / (0.62 * longest + 0.4));
  return fs >= 6.5 ? fs : 0;
}

const MONO = `ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace`;

export interface PanelSteps {
  /** fills, grid and boxes of the bands on the screen, then their texts */
  visible: Step[];
  /** the same for the bands off the screen, nearest first */
  rest: Step[];
  /** the column labels */
  labels: Step;
}

export function panelSteps(surface: Tiles, p: Panel, g: Geometry): PanelSteps {
  const { s, cw } = g;
  const x0 = p.x * cw, y0 = p.y * s;
  // a band: about FILL_PIXELS device pixels
  const band = Math.max(1, Math.floor(FILL_PIXELS / Math.max(1, p.cols * cw * s * g.dpr * g.dpr)));
  const textBand = Math.max(1, Math.floor(TEXT_CELLS / Math.max(1, p.cols)));
  const fs = textSize(p, s, cw);
  const bands: Array<[number, number]> = [];
  for (let r = 0; r < p.rows; r += band) bands.push([r, Math.min(p.rows, r + band)]);
  const onScreen = ([r0, r1]: [number, number]) => y0 + r1 * s >= g.top && y0 + r0 * s <= g.bottom;
  const distance = ([r0, r1]: [number, number]) => Math.max(0, g.top - (y0 + r1 * s), y0 + r0 * s - g.bottom);

  // device pixels: the cells' edges, and the grid line's width and colour
  const dpr = g.dpr;
  const ex = new Int32Array(p.cols + 1), ey = new Int32Array(p.rows + 1);
  for (let k = 0; k <= p.cols; k++) ex[k] = Math.round((x0 + k * cw) * dpr);
  for (let r = 0; r <= p.rows; r++) ey[r] = Math.round((y0 + r * s) * dpr);
  const lw = Math.max(1, Math.round((s >= 8 ? 1 : 0.5) * dpr));
  const half = lw >> 1;
  const ink = rgbaOf(g.gridRGB);

  /** a band of rows as one image of device pixels: the fills with the grid over them */
  /** the band's image, kept for the next band of the same size (fresh memory is slow to come by) */
  let kept: ImageData | undefined;
  const fillBand = (r0: number, r1: number) => () => {
    const c = colourRows(p, r0, r1);
    const left = ex[0]! - half, top = ey[r0]! - half;
    const W = ex[p.cols]! - half + lw - left, H = ey[r1]! - half + lw - top;
    if (W <= 0 || H <= 0) return;
    const img = kept && kept.width === W && kept.height === H ? kept : (kept = new ImageData(W, H));
    const px = new Uint32Array(img.data.buffer);
    px.fill(0);
    for (let r = r0; r < r1; r++) {
      const ya = ey[r]! - top, yb = ey[r + 1]! - top;
      if (yb <= ya) continue;
      // the row's first line of pixels: the cells' fills, the grid's lines between them; then copied down the row
      const row = ya * W;
      for (let k = 0; k < p.cols; k++) {
        const x = c.rgba[r * p.cols + k]!;
        if (x !== 0) px.fill(x, row + ex[k]! - left, row + ex[k + 1]! - left);
      }
      for (let k = 0; k <= p.cols; k++) {
        const x = row + ex[k]! - half - left;
        px.fill(ink, x, x + lw);
      }
      for (let y = ya + 1; y < yb; y++) px.copyWithin(y * W, row, row + W);
    }
    // the grid's lines between the rows: lw lines of pixels on each edge
    for (let r = r0; r <= r1; r++) {
      const y = ey[r]! - half - top;
      px.fill(ink, y * W, Math.min(px.length, (y + lw) * W));
    }
    surface.put(img, left, top);
    if (p.regions) {
      const w = Math.max(2, s / 8);
      surface.draw(y0 + Math.max(0, r0 - 1) * s - w, y0 + r1 * s + w, (ctx) => regionLines(ctx, p, g, r0, r1));
    }
    rowLabels(surface, p, g, r0, r1);
  };

  const textRows = (r0: number, r1: number) => () => {
    const c = colourRows(p, r0, r1);
    surface.draw(y0 + r0 * s, y0 + r1 * s, (ctx) => {
      ctx.font = `${fs}px ${MONO}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      for (let i = r0 * p.cols, e = r1 * p.cols; i < e; i++) {
        const t = cellText(p, i);
        if (t.length === 0) continue;
        ctx.fillStyle = c.white[i] ? "#fff" : "#000";
        const cx = x0 + (i % p.cols) * cw + cw / 2, cy = y0 + Math.floor(i / p.cols) * s;
        if (t.length === 2) {
          ctx.fillText(t[0]!, cx, cy + s * 0.28);
          ctx.fillText(t[1]!, cx, cy + s * 0.72);
        } else ctx.fillText(t[0]!, cx, cy + s / 2);
      }
    });
  };
  const stepsOf = (b: [number, number]): Step[] => [fillBand(b[0], b[1])];
  const textsOf = (b: [number, number]): Step[] => {
    if (fs === 0) return [];
    const out: Step[] = [];
    for (let r = b[0]; r < b[1]; r += textBand) out.push(textRows(r, Math.min(b[1], r + textBand)));
    return out;
  };
  const shown = bands.filter(onScreen);
  const hidden = bands.filter((b) => !onScreen(b)).sort((a, b) => distance(a) - distance(b));
  return {
    visible: [...shown.flatMap(stepsOf), ...shown.flatMap(textsOf)],
    rest: hidden.flatMap((b) => [...stepsOf(b), ...textsOf(b)]),
    labels: () => colLabels(surface, p, g),
  };
}

/** the heavy lines between cells of different regions in rows [r0, r1), and the one above r0 */
function regionLines(ctx: CanvasRenderingContext2D, p: Panel, g: Geometry, r0: number, r1: number): void {
  const { s, cw } = g;
  const x0 = p.x * cw, y0 = p.y * s;
  const th = p.regions!;
  ctx.lineWidth = Math.max(2, s / 8);
  ctx.beginPath();
  for (let r = Math.max(0, r0 - 1); r < r1; r++) {
    for (let c = 0; c < p.cols; c++) {
      const i = r * p.cols + c;
      if (r >= r0 && c + 1 < p.cols && th[i] !== th[i + 1]) {
        ctx.moveTo(x0 + (c + 1) * cw, y0 + r * s);
        ctx.lineTo(x0 + (c + 1) * cw, y0 + (r + 1) * s);
      }
      if (r + 1 < p.rows && th[i] !== th[i + p.cols]) {
        ctx.moveTo(x0 + c * cw, y0 + (r + 1) * s);
        ctx.lineTo(x0 + (c + 1) * cw, y0 + (r + 1) * s);
      }
    }
  }
  // the tile's outline, over these rows
  ctx.moveTo(x0, y0 + r0 * s);
  ctx.lineTo(x0, y0 + r1 * s);
  ctx.moveTo(x0 + p.cols * cw, y0 + r0 * s);
  ctx.lineTo(x0 + p.cols * cw, y0 + r1 * s);
  if (r0 === 0) {
    ctx.moveTo(x0, y0);
    ctx.lineTo(x0 + p.cols * cw, y0);
  }
  if (r1 === p.rows) {
    ctx.moveTo(x0, y0 + r1 * s);
    ctx.lineTo(x0 + p.cols * cw, y0 + r1 * s);
  }
  ctx.stroke();
}

/** the labels' font size, or 0 where they would be too small to read */
const labelSize = (s: number) => {
  const ls = Math.min(s * 0.55, 14);
  return ls < 5 ? 0 : ls;
};

function labelStyle(ctx: CanvasRenderingContext2D, g: Geometry, ls: number): void {
  ctx.font = `${ls}px ${MONO}`;
  ctx.fillStyle = g.label;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
}

/** the row labels of rows [r0, r1), thinned out where they would overlap */
function rowLabels(surface: Tiles, p: Panel, g: Geometry, r0: number, r1: number): void {
  const { s, cw } = g;
  const ls = labelSize(s);
  if (ls === 0 || p.rowLabelX === undefined) return;
  const y0 = p.y * s, x = p.rowLabelX * cw + cw / 2;
  const rowStep = Math.max(1, Math.ceil((ls * 1.15) / s));
  const first = Math.ceil(r0 / rowStep) * rowStep;
  if (first >= r1) return;
  surface.draw(y0 + first * s, y0 + r1 * s, (ctx) => {
    labelStyle(ctx, g, ls);
    for (let r = first; r < r1; r += rowStep) ctx.fillText(p.rowLabel(r), x, y0 + r * s + s / 2);
  });
}

/** the column labels, thinned out where they would overlap */
function colLabels(surface: Tiles, p: Panel, g: Geometry): void {
  const { s, cw } = g;
  const ls = labelSize(s);
  if (ls === 0 || p.colLabelY === undefined) return;
  const x0 = p.x * cw, y = p.colLabelY * s;
  const colStep = Math.max(1, Math.ceil((String(Math.max(0, p.cols - 1)).length * ls * 0.62 + 2) / cw));
  surface.draw(y, y + s, (ctx) => {
    labelStyle(ctx, g, ls);
    for (let c = 0; c < p.cols; c += colStep) ctx.fillText(p.colLabel(c), x0 + c * cw + cw / 2, y + s / 2);
  });
}
