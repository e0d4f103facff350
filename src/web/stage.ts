/**
 * The picture on the page: a base with the cells, labels and grid (drawn when the picture or the
 * zoom changes), and marks over it for what follows the pointer and the keyboard (the hovered
 * cell, the cells of the same index, the selected thread), so a hover or a click redraws only
 * the marks. Both are canvases of a few rows each, made where something is drawn (tiles.ts): a
 * hover asks for the memory of the rows it marks, not of the whole picture. Over both, the
 * overlay: a canvas of the picture's size that takes the pointer and the keyboard, never drawn.
 */
import type { Picture } from "./picture.js";
import { DrawJob, SLICE_MS, type JobStats, type Step } from "./job.js";
import { panelSteps, type Geometry } from "./paint.js";
import { Tiles } from "./tiles.js";

export interface CellRef {
  panel: number;
  r: number;
  c: number;
}

/** the largest backing store the page asks for (pixels), so a big picture at a high zoom stays drawable */
const MAX_PIXELS = 1 << 25;
/** the largest canvas side browsers draw */
const MAX_SIDE = 16384;

function css(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** a CSS colour #rgb or #rrggbb as "r,g,b" (black for anything else) */
function rgb(hex: string): string {
  const h = hex.replace(/^#/, "");
  const full = h.length === 3 ? [...h].map((x) => x + x).join("") : h;
  if (!/^[0-9a-f]{6}$/i.test(full)) return "0,0,0";
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).join(",");
}

export class Stage {
  /** the cells, grid and labels */
  readonly base: Tiles;
  /** the hovered cell, the selected thread, the cursor */
  readonly marks: Tiles;
  /** what takes the pointer and the keyboard (blank) */
  readonly overlay: HTMLCanvasElement;
  picture: Picture | undefined;
  /** pixels per cell height */
  scale = 20;
  selected: number | undefined;
  hover: CellRef | undefined;
  cursor: CellRef | undefined;

  constructor(readonly host: HTMLElement) {
    this.base = new Tiles("base");
    this.marks = new Tiles("marks");
    Object.assign(this.marks.element.style, { position: "absolute", left: "0", top: "0", pointerEvents: "none" });
    this.overlay = document.createElement("canvas");
    this.overlay.className = "overlay";
    // never drawn: one pixel, shown at the picture's size
    this.overlay.width = 1;
    this.overlay.height = 1;
    host.append(this.base.element, this.marks.element, this.overlay);
  }

  /** device pixels per CSS pixel of the picture */
  get dpr(): number {
    return this.base.dpr;
  }

  get colW(): number {
    return this.scale * (this.picture?.cellW ?? 1);
  }

  /** the zoom that fits the picture's width into the host (between 3 and 28 pixels a cell) */
  fitScale(): number {
    const p = this.picture;
    if (!p || p.width === 0) return 20;
    const avail = Math.max(200, this.host.clientWidth - 4);
    return Math.max(3, Math.min(28, Math.floor(avail / (p.width * p.cellW))));
  }

  /** the largest zoom whose canvas stays drawable */
  maxScale(): number {
    const p = this.picture;
    if (!p || p.width === 0) return 64;
    return Math.max(3, Math.min(64, Math.floor(MAX_SIDE / Math.max(p.width * p.cellW, p.height))));
  }

  setPicture(p: Picture | undefined, scale?: number): void {
    this.picture = p;
    this.hover = undefined;
    this.cursor = undefined;
    this.selected = undefined;
    this.host.hidden = !p || p.panels.length === 0; // a hidden host has no width to fit
    this.scale = Math.min(scale ?? this.fitScale(), this.maxScale());
    this.draw();
  }

  zoom(scale: number): void {
    this.scale = Math.max(3, Math.min(this.maxScale(), Math.round(scale)));
    this.draw();
  }

  /** the drawing under way, if any */
  job: DrawJob | undefined;
  /** told as a drawing advances (done of total steps) and when it ends (its stats) */
  onProgress: ((done: number, total: number) => void) | undefined;
  onDrawn: ((stats: JobStats) => void) | undefined;
  /** how long one slice of a drawing may run (job.ts); tests set 0 */
  sliceMs = SLICE_MS;
  /** the last drawing's stats (for tests and the bench) */
  lastDraw: JobStats | undefined;

  /** stop the drawing under way (what is drawn stays) */
  cancel(): void {
    this.job?.cancel();
  }

  /**
   * The base: fills, grid, texts, labels; then the marks. Drawn in slices (job.ts), the
   * part on the screen first; a small picture is drawn before this returns.
   */
  draw(): void {
    this.job?.cancel();
    this.job = undefined;
    const p = this.picture;
    const w = p ? Math.ceil(p.width * this.colW) + 1 : 0;
    const h = p ? Math.ceil(p.height * this.scale) + 1 : 0;
    const dpr = Math.max(0.25, Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_PIXELS / Math.max(1, w * h)), MAX_SIDE / Math.max(1, w, h)));
    this.base.resize(w, h, dpr);
    this.marks.resize(w, h, dpr);
    this.overlay.style.width = `${w}px`;
    this.overlay.style.height = `${h}px`;
    this.host.hidden = !p || p.panels.length === 0;
    this.overlay.dataset.scale = String(this.scale);
    if (!p) return;
    this.drawOverlay();
    const b = this.base.element.getBoundingClientRect();
    const g: Geometry = {
      s: this.scale,
      cw: this.colW,
      top: Math.max(0, -b.top),
      bottom: Math.max(0, Math.min(h, window.innerHeight - b.top)),
      dpr: this.dpr,
      gridRGB: rgb(css("--grid") || "#000"),
      label: css("--label") || "#000",
    };
    const parts = p.panels.map((q) => panelSteps(this.base, q, g));
    const steps: Step[] = [...parts.flatMap((x) => x.visible), ...parts.map((x) => x.labels), ...parts.flatMap((x) => x.rest)];
    const start = performance.now();
    const job = new DrawJob(
      steps,
      (done, total) => this.onProgress?.(done, total),
      (stats) => {
        if (this.job === job) this.job = undefined;
        this.lastDraw = stats;
        if (stats.done) performance.measure("cute:draw", { start, end: performance.now() });
        this.overlay.dataset.drawn = stats.done ? "done" : "stopped";
        this.onDrawn?.(stats);
      },
      this.sliceMs,
      () => this.base.full,
    );
    this.job = job;
    this.overlay.dataset.drawn = "drawing";
    job.start();
  }

  /** the overlay: the selected thread's cells (the rest veiled), the hovered cell and its equals, the keyboard cursor */
  drawOverlay(): void {
    const p = this.picture;
    this.marks.clear();
    if (!p) return;
    const s = this.scale, cw = this.colW;
    const rect = (c: CellRef): [number, number, number, number] => {
      const q = p.panels[c.panel]!;
      return [(q.x + c.c) * cw, (q.y + c.r) * s, cw, s];
    };
    /** f painted over the rows of these cells (and their frames' lines), in each tile there */
    const over = (cells: CellRef[], f: (ctx: CanvasRenderingContext2D) => void) => {
      if (cells.length === 0) return;
      let y0 = Infinity, y1 = -Infinity;
      for (const c of cells) {
        const y = (p.panels[c.panel]!.y + c.r) * s;
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y + s);
      }
      this.marks.draw(y0 - 4, y1 + 4, f);
    };
    /** a frame inside each of these cells, one stroke in the context's current style */
    const frames = (ctx: CanvasRenderingContext2D, cells: readonly CellRef[]) => {
      ctx.beginPath();
      for (const c of cells) {
        const [x, y, w, h] = rect(c);
        ctx.rect(x + 1, y + 1, w - 2, h - 2);
      }
      ctx.stroke();
    };
    const accent = css("--accent") || "#d00";
    if (this.selected !== undefined && p.threadCells) {
      const cells = p.threadCells(this.selected);
      const veil = css("--veil") || "rgba(255,255,255,0.72)";
      this.marks.draw(0, p.height * s, (ctx) => {
        ctx.fillStyle = veil;
        for (const q of p.panels) ctx.fillRect(q.x * cw, q.y * s, q.cols * cw, q.rows * s);
        for (const c of cells) ctx.clearRect(...rect(c));
        if (s >= 8) {
          // big cells: a frame inside each of the thread's cells
          ctx.strokeStyle = accent;
          ctx.lineWidth = Math.max(1.5, Math.min(3, s / 8));
          frames(ctx, cells);
        } else {
          // small cells: a tint, which a frame would hide under its own line
          ctx.globalAlpha = 0.55;
          ctx.fillStyle = accent;
          for (const c of cells) ctx.fillRect(...rect(c));
          ctx.globalAlpha = 1;
        }
      });
    }
    if (this.hover) {
      const hover = this.hover;
      const q = p.panels[hover.panel]!;
      if (q.kind === "index" && q.space !== undefined) {
        // every cell of the same index, in every panel of the space
        const x = q.index![hover.r * q.cols + hover.c]!;
        const same: CellRef[] = [];
        p.panels.forEach((o, k) => {
          if (o.space !== q.space || !o.index) return;
          for (let i = 0; i < o.index.length; i++) if (o.index[i] === x) same.push({ panel: k, r: Math.floor(i / o.cols), c: i % o.cols });
        });
        over(same, (ctx) => {
          ctx.strokeStyle = accent;
          ctx.lineWidth = 2;
          ctx.setLineDash([3, 2]);
          frames(ctx, same);
          ctx.setLineDash([]);
        });
      }
      if (p.links) {
        // the cells it came from: a tint and a dashed frame
        const from = p.links(hover);
        over(from, (ctx) => {
          ctx.globalAlpha = 0.35;
          ctx.fillStyle = accent;
          for (const c of from) ctx.fillRect(...rect(c));
          ctx.globalAlpha = 1;
          ctx.strokeStyle = accent;
          ctx.setLineDash([4, 2]);
          ctx.lineWidth = 2;
          frames(ctx, from);
          ctx.setLineDash([]);
        });
      }
      over([hover], (ctx) => {
        ctx.strokeStyle = accent;
        ctx.lineWidth = 3;
        ctx.strokeRect(...rect(hover));
      });
    }
    const cursor = this.cursor;
    if (cursor) {
      const colour = css("--cursor") || "#06c";
      over([cursor], (ctx) => {
        ctx.strokeStyle = colour;
        ctx.lineWidth = 3;
        ctx.setLineDash([4, 3]);
        ctx.strokeRect(...rect(cursor));
        ctx.setLineDash([]);
      });
    }
  }

  /** the cell under a point given in client coordinates */
  hit(clientX: number, clientY: number): CellRef | undefined {
    const p = this.picture;
    if (!p) return undefined;
    const b = this.base.element.getBoundingClientRect();
    const col = (clientX - b.left) / this.colW, row = (clientY - b.top) / this.scale;
    for (let k = 0; k < p.panels.length; k++) {
      const q = p.panels[k]!;
      const c = Math.floor(col - q.x), r = Math.floor(row - q.y);
      if (r >= 0 && r < q.rows && c >= 0 && c < q.cols) return { panel: k, r, c };
    }
    return undefined;
  }

  /** the thread that owns a cell, if the picture's cells have threads */
  threadAt(c: CellRef): number | undefined {
    const q = this.picture?.panels[c.panel];
    if (!q?.thread) return undefined;
    const t = q.thread[c.r * q.cols + c.c]!;
    return t >= 0 ? t : undefined;
  }

  /** where a cell is on the page (for the hover box) */
  cellBox(c: CellRef): { x: number; y: number; w: number; h: number } {
    const q = this.picture!.panels[c.panel]!;
    const b = this.base.element.getBoundingClientRect();
    return { x: b.left + (q.x + c.c) * this.colW, y: b.top + (q.y + c.r) * this.scale, w: this.colW, h: this.scale };
  }
}
