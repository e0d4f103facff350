/**
 * The picture's base as a column of canvases (tiles) of at most TILE_PIXELS device pixels each,
 * one made when something is first drawn into it. A browser gives a canvas its memory (and, at
 * each frame, the compositor a copy) when it is drawn; one canvas the size of a 512 x 512
 * picture is 10 MB at once, which on a slow machine holds the page's thread for more than
 * 100 ms at the first slice and again at the frames after it. Tiles spread that memory over the
 * drawing's slices: a slice asks only for the tiles of the rows it paints, and a frame hands
 * the compositor only the tiles that changed, and a drawing waits for a frame once it made
 * TILES_PER_FRAME of them (`full`).
 */
import { afterFrame } from "./job.js";

/** device pixels of one tile (1 MB) */
export const TILE_PIXELS = 1 << 18;
/** tiles made between two frames before a drawing waits for the next frame (each costs that frame a fresh copy) */
export const TILES_PER_FRAME = 2;

interface Tile {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  /** its first device row */
  y0: number;
  /** its device rows */
  h: number;
}

export class Tiles {
  /** the element that holds the tiles: the picture's box on the page */
  readonly element: HTMLElement;
  /** the whole picture's size in device pixels */
  width = 0;
  height = 0;
  /** device pixels per CSS pixel */
  dpr = 1;
  /** device rows per tile */
  private rows = 1;
  private tiles: Array<Tile | undefined> = [];
  /** tiles made since the last frame */
  private fresh = 0;

  constructor(className: string) {
    this.element = document.createElement("div");
    this.element.className = className;
    this.element.style.position = "relative";
  }

  /** a new size (CSS pixels) and resolution: every tile is dropped, the picture is blank */
  resize(w: number, h: number, dpr: number): void {
    this.dpr = dpr;
    this.width = Math.max(1, Math.round(w * dpr));
    this.height = Math.max(1, Math.round(h * dpr));
    this.rows = Math.max(1, Math.floor(TILE_PIXELS / this.width));
    this.tiles = new Array(Math.ceil(this.height / this.rows));
    this.element.replaceChildren();
    this.element.style.width = `${w}px`;
    this.element.style.height = `${h}px`;
  }

  /** the tile k, made (and put on the page) if it was not */
  private tile(k: number): Tile {
    let t = this.tiles[k];
    if (t) return t;
    const y0 = k * this.rows;
    const h = Math.min(this.rows, this.height - y0);
    const canvas = document.createElement("canvas");
    canvas.width = this.width;
    canvas.height = h;
    Object.assign(canvas.style, { position: "absolute", left: "0", top: `${y0 / this.dpr}px`, width: `${this.width / this.dpr}px`, height: `${h / this.dpr}px` });
    this.element.append(canvas);
    if (this.fresh++ === 0) afterFrame(() => (this.fresh = 0));
    t = { canvas, ctx: canvas.getContext("2d")!, y0, h };
    this.tiles[k] = t;
    return t;
  }

  /** the tiles over device rows [y0, y1) */
  private over(y0: number, y1: number): Tile[] {
    const a = Math.max(0, Math.floor(y0 / this.rows));
    const b = Math.min(this.tiles.length, Math.ceil(Math.min(y1, this.height) / this.rows));
    const out: Tile[] = [];
    for (let k = a; k < b; k++) out.push(this.tile(k));
    return out;
  }

  /** an image of device pixels put at (left, top) device pixels, as putImageData puts it on one canvas */
  put(img: ImageData, left: number, top: number): void {
    for (const t of this.over(top, top + img.height)) {
      const from = Math.max(0, t.y0 - top), to = Math.min(img.height, t.y0 + t.h - top);
      t.ctx.putImageData(img, left, top - t.y0, 0, from, img.width, to - from);
    }
  }

  /**
   * Drawing in CSS pixels over rows [y0, y1) of CSS pixels: f runs once for each tile there, its
   * context set so that f draws as on one canvas of the whole picture (clipped to the tile).
   */
  draw(y0: number, y1: number, f: (ctx: CanvasRenderingContext2D) => void): void {
    for (const t of this.over(Math.floor(y0 * this.dpr), Math.ceil(y1 * this.dpr))) {
      t.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, -t.y0);
      f(t.ctx);
    }
  }

  /** every tile made cleared (they stay made) */
  clear(): void {
    for (const t of this.tiles) {
      if (!t) continue;
      t.ctx.setTransform(1, 0, 0, 1, 0, 0);
      t.ctx.clearRect(0, 0, this.width, t.h);
    }
  }

  /** the pixel at device pixel (x, y): [r, g, b, a], blank where nothing was drawn (for tests) */
  pixel(x: number, y: number): number[] {
    const t = this.tiles[Math.floor(y / this.rows)];
    if (!t || x < 0 || x >= this.width) return [0, 0, 0, 0];
    // read from a copy: a readback of the tile itself would make the browser keep it in slower memory
    const c = document.createElement("canvas");
    c.width = 1;
    c.height = 1;
    const ctx = c.getContext("2d", { willReadFrequently: true })!;
    ctx.drawImage(t.canvas, x, y - t.y0, 1, 1, 0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data);
  }

  /** whether a drawing should let a frame be drawn before it goes on: TILES_PER_FRAME tiles were made since the last */
  get full(): boolean {
    return this.fresh >= TILES_PER_FRAME;
  }

  /** how many tiles have been made (for tests) */
  get made(): number {
    return this.tiles.filter(Boolean).length;
  }
}
