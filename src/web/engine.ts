/**
 * The engine off the page's main thread: a line's run (the CLI's dispatcher printing its text, the
 * picture's cells computed from the same arguments) happens in a Web Worker made from the page's
 * own script (the bundle is one function, `__cuteApp`, whose source text becomes the worker's: no
 * file is fetched, so it works from a file URL too). The worker answers with the text and the
 * picture as data (typed arrays, strings); what a picture says of one cell (its hover lines, the
 * cells it came from) or of one thread (its cells) is asked of the worker when the page needs it,
 * and kept. A new line while the worker still runs the old one ends that worker (the run is
 * cancelled) and starts a fresh one. Where no worker can be made, the same answers are computed
 * in the page (`LocalEngine`).
 */
import { runArgv, runLine, type Outcome, type Printed } from "./session.js";
import { ownersByWarp, pictureLabels, type LabelMode, type Panel, type Picture, type ThreadCell } from "./picture.js";

export interface CellRef {
  panel: number;
  r: number;
  c: number;
}

/** a panel without its functions; labels spelled out where they are not the row or column number */
export type PanelData = Omit<Panel, "describe" | "rowLabel" | "colLabel" | "owners" | "indexOf" | "coordOf"> & { rowLabels?: string[]; colLabels?: string[]; hasOwners: boolean };

export interface PictureData {
  kind: Picture["kind"];
  panels: PanelData[];
  width: number;
  height: number;
  cellW: number;
  threads?: number[];
  notes: string[];
  hasThreadCells: boolean;
  hasLinks: boolean;
  linkLabel?: string;
}

export type OutcomeData = Omit<Outcome, "picture" | "out"> & { picture?: PictureData; out: string | Uint8Array };

/** a picture on the page: the worker's data, with what it says of cells and threads fetched on demand */
export interface RemotePicture extends Picture {
  /** fetch (once) what the page says of a cell: its hover lines and the cells it came from */
  fetchCell(c: CellRef): Promise<void>;
  /** fetch (once) the cells of a thread */
  fetchThread(t: number): Promise<void>;
  /** the listing of one thread's cells, as the page shows it under the picture */
  threadListing(t: number): Promise<string>;
  /** every owner of a cell, warp by warp ("" where the cell's panel has no threads) */
  ownersListing(c: CellRef): Promise<string>;
  /** every panel's cell texts in a mode (undefined: the panel's own) */
  labelsFor(mode: LabelMode): Promise<Array<string[] | undefined>>;
}

export type Request =
  | { op: "line"; line: string; gen: number }
  | { op: "argv"; argv: string[] }
  | { op: "cell"; gen: number; panel: number; r: number; c: number }
  | { op: "thread"; gen: number; t: number }
  | { op: "listing"; gen: number; t: number }
  | { op: "owners"; gen: number; panel: number; r: number; c: number }
  | { op: "labels"; gen: number; mode: LabelMode };

/** texts at least this long travel as bytes */
const LONG_TEXT = 1 << 16;

/** no lone surrogate (which UTF-8 cannot carry): the bytes decode to the same string */
function wellFormed(s: string): boolean {
  const f = (s as unknown as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof f === "function" && typeof TextEncoder === "function" && f.call(s);
}

function labels(n: number, f: (i: number) => string): string[] | undefined {
  const out: string[] = new Array(n);
  let plain = true;
  for (let i = 0; i < n; i++) {
    const x = f(i);
    out[i] = x;
    if (plain && x !== String(i)) plain = false;
  }
  return plain ? undefined : out;
}

/** a picture as data the worker can post */
export function packPicture(p: Picture): PictureData {
  const panels = p.panels.map((q) => {
    const { describe: _d, rowLabel, colLabel, owners: _o, indexOf: _i, coordOf: _c, ...data } = q;
    const d: PanelData = { ...data, hasOwners: Boolean(q.owners) };
    if (q.rowLabelX !== undefined) d.rowLabels = labels(q.rows, rowLabel);
    if (q.colLabelY !== undefined) d.colLabels = labels(q.cols, colLabel);
    return d;
  });
  return { kind: p.kind, panels, width: p.width, height: p.height, cellW: p.cellW, threads: p.threads, notes: p.notes, hasThreadCells: Boolean(p.threadCells), hasLinks: Boolean(p.links), linkLabel: p.linkLabel };
}

/** one thread's cells listed as the page shows them: `T5V0 => coordinate...` per cell, panel by panel */
export function threadListing(p: Picture, t: number): string {
  if (!p.threadCells) return "";
  const cells = p.threadCells(t);
  const lines: string[] = [];
  p.panels.forEach((panel, k) => {
    const mine = cells.filter((c) => c.panel === k);
    if (mine.length === 0) return;
    lines.push(`${panel.name}: thread ${t}, ${mine.length} value${mine.length === 1 ? "" : "s"}`);
    for (const c of mine) lines.push(`T${t}V${c.v} => ${panel.describe(c.r, c.c)[0]!.replace(/^\S+ /, "")}`);
  });
  return lines.join("\n") + "\n";
}

/**
 * The engine's side: answers requests about the last line run. Used by the worker (worker.ts)
 * and, where no worker can be made, by the page itself.
 */
export class Answers {
  private last: Picture | undefined;
  /** the line whose picture this is (the page numbers its lines) */
  private gen = -1;

  /** the picture a question is about, if it is still the last line's */
  private picture(gen: number): Picture | undefined {
    return gen === this.gen ? this.last : undefined;
  }

  async answer(q: Request): Promise<{ value: unknown; transfer: ArrayBuffer[] }> {
    switch (q.op) {
      case "line": {
        this.last = undefined;
        this.gen = q.gen;
        const o = await runLine(q.line);
        this.last = o.picture;
        const { picture, ...rest } = o;
        const data: OutcomeData = { ...rest, picture: picture ? packPicture(picture) : undefined };
        // a long text goes as UTF-8 bytes, moved rather than copied: the page decodes it in a moment
        // (a string this long takes the page's thread far longer to receive)
        if (o.out.length >= LONG_TEXT && wellFormed(o.out)) data.out = new TextEncoder().encode(o.out);
        // the picture's arrays go as copies made here, moved: the worker's picture keeps its own to
        // answer questions about its cells, and the page's thread copies nothing (fresh memory is slow to come by)
        const transfer = typeof data.out === "string" ? [] : [data.out.buffer as ArrayBuffer];
        for (const q of data.picture?.panels ?? []) {
          const d = q as unknown as Record<string, unknown>;
          for (const [k, v] of Object.entries(d)) {
            if (!ArrayBuffer.isView(v) || v instanceof DataView) continue;
            const copy = (v as Uint8Array).slice();
            d[k] = copy;
            transfer.push(copy.buffer as ArrayBuffer);
          }
        }
        return { value: data, transfer };
      }
      case "argv":
        return { value: await runArgv(q.argv), transfer: [] };
      case "cell": {
        const p = this.picture(q.gen);
        const panel = p?.panels[q.panel];
        if (!p || !panel) return { value: { lines: [], links: [] }, transfer: [] };
        return { value: { lines: panel.describe(q.r, q.c), links: p.links?.({ panel: q.panel, r: q.r, c: q.c }) ?? [] }, transfer: [] };
      }
      case "thread":
        return { value: this.picture(q.gen)?.threadCells?.(q.t) ?? [], transfer: [] };
      case "labels": {
        const p = this.picture(q.gen);
        return { value: p ? pictureLabels(p, q.mode) : [], transfer: [] };
      }
      case "owners": {
        const p = this.picture(q.gen);
        return { value: p ? ownersByWarp(p, q) : "", transfer: [] };
      }
      case "listing": {
        const p = this.picture(q.gen);
        return { value: p ? threadListing(p, q.t) : "", transfer: [] };
      }
    }
  }
}

/** how the page asks the engine */
export interface Engine {
  ask<T>(q: Request): Promise<T>;
}

/** the engine in the page's own thread (no worker) */
export class LocalEngine implements Engine {
  private readonly answers = new Answers();
  async ask<T>(q: Request): Promise<T> {
    return (await this.answers.answer(q)).value as T;
  }
}

/** the page's script as one function (src/web/build.mjs wraps the bundle so) */
declare const __cuteApp: (() => void) | undefined;

/** the engine in a Web Worker made from the page's own script */
export class WorkerEngine implements Engine {
  private worker: Worker | undefined;
  private next = 0;
  private readonly pending = new Map<number, { q: Request; resolve(v: unknown): void; reject(e: unknown): void }>();
  private readonly url: string;
  /** the worker has answered once: it can run here */
  private answered = false;
  /** where no worker can run (a content policy refusing blob: workers): the page computes itself */
  private local: LocalEngine | undefined;
  /** the worker has started (its script parsed and run): until then the page answers lines itself */
  private ready = false;
  private readonly early = new LocalEngine();
  /** where the last line ran (for tests) */
  lastLine: "worker" | "page" | undefined;
  /** the lines the page answered itself: their questions go to the page's own answers */
  private readonly earlyGens = new Set<number>();

  constructor() {
    if (typeof __cuteApp !== "function") throw new Error("the page's script is not wrapped as __cuteApp");
    const source = `var __cuteApp = ${__cuteApp.toString()};\n__cuteApp();\n`;
    this.url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    this.worker = this.start();
  }

  /** whether the worker has started and takes the lines (until then the page answers the first ones itself) */
  get started(): boolean {
    return this.local === undefined && (this.ready || this.answered);
  }

  /** whether the lines run in a worker (false once the page fell back to its own thread) */
  get inWorker(): boolean {
    return this.local === undefined;
  }

  private start(): Worker {
    const w = new Worker(this.url);
    w.onmessage = (e: MessageEvent<{ id: number; ok: boolean; value?: unknown; error?: string; ready?: boolean }>) => {
      this.answered = true;
      const m = e.data;
      if (m.ready) {
        this.ready = true;
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    };
    w.onerror = (e) => {
      e.preventDefault();
      if (!this.answered) this.fallBack();
      else this.restart(new Error(`the engine's worker failed: ${e.message}`));
    };
    return w;
  }

  /** no worker here: every question, those waiting included, is answered in the page */
  private fallBack(): void {
    this.worker?.terminate();
    this.worker = undefined;
    const local = (this.local ??= new LocalEngine());
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const p of waiting) local.ask(p.q).then(p.resolve, p.reject);
  }

  /** end the worker (what it runs is dropped, every question unanswered fails) and start another */
  private restart(why: Error): void {
    this.worker?.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.worker = this.start();
    for (const p of waiting) p.reject(why);
  }

  ask<T>(q: Request): Promise<T> {
    if (this.local) {
      if (q.op === "line") this.lastLine = "page";
      return this.local.ask<T>(q);
    }
    // while the worker starts (its copy of the script is parsed), the first line runs here
    if (!this.ready && !this.answered && (q.op === "line" || q.op === "argv")) {
      if (q.op === "line") {
        this.earlyGens.add(q.gen);
        this.lastLine = "page";
      }
      return this.early.ask<T>(q);
    }
    if (q.op !== "line" && q.op !== "argv" && this.earlyGens.has(q.gen)) return this.early.ask<T>(q);
    // a new line while the worker still runs one: that run is cancelled with its worker
    if (q.op === "line" && this.answered && [...this.pending.values()].some((p) => p.q.op === "line")) this.restart(new Cancelled());
    if (q.op === "line") this.lastLine = "worker";
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { q, resolve: resolve as (v: unknown) => void, reject });
      this.worker!.postMessage({ id, q });
    });
  }
}

/** a question dropped because a newer line replaced the worker that had it */
export class Cancelled extends Error {
  constructor() {
    super("cancelled by a newer line");
  }
}

/** the worker's side: answer each message (src/web/main.ts calls this inside the worker) */
export function serveWorker(scope: { onmessage: ((e: MessageEvent) => void) | null; postMessage(m: unknown, transfer?: Transferable[]): void }): void {
  const answers = new Answers();
  scope.postMessage({ id: 0, ok: true, ready: true });
  // one question at a time, in order: a line's run and the questions about its picture
  let chain: Promise<void> = Promise.resolve();
  scope.onmessage = (e: MessageEvent<{ id: number; q: Request }>) => {
    const { id, q } = e.data;
    chain = chain.then(async () => {
      try {
        const { value, transfer } = await answers.answer(q);
        scope.postMessage({ id, ok: true, value }, transfer);
      } catch (err) {
        scope.postMessage({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
      }
    });
  };
}

/** the engine the page uses: a worker where one can be made, else the page itself */
export function makeEngine(): Engine {
  try {
    if (typeof Worker === "function") return new WorkerEngine();
  } catch {
    // no worker from a blob here: the page computes in its own thread
  }
  return new LocalEngine();
}

/** bytes of a long text decoded per piece */
const PIECE_BYTES = 1 << 19;

/**
 * A long text's UTF-8 bytes decoded a piece at a time (`wait` between two pieces: the page's
 * thread is not held by one 4 MB decode), each piece cut after a line's end (a newline byte is
 * never inside a character): its lines, in order, whole.
 */
export async function textPieces(bytes: Uint8Array, wait: () => Promise<void>): Promise<string[]> {
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    let end = Math.min(bytes.length, pos + PIECE_BYTES);
    if (end < bytes.length) {
      // after the last line's end in the piece, or (a line longer than a piece) after this line's end
      const nl = bytes.lastIndexOf(10, end - 1);
      const next = nl >= pos ? nl : bytes.indexOf(10, end);
      end = next < 0 ? bytes.length : next + 1;
    }
    pieces.push(decoder.decode(bytes.subarray(pos, end)));
    pos = end;
    if (pos < bytes.length) await wait();
  }
  return pieces;
}

/** the outcome of a line on the page: its picture's functions answered from the engine's data and answers */
export function remoteOutcome(d: OutcomeData, gen: number, engine: Engine): Outcome & { picture?: RemotePicture } {
  const { picture, out: bytes, ...rest } = d;
  const out = typeof bytes === "string" ? bytes : new TextDecoder().decode(bytes);
  return picture ? { ...rest, out, picture: remotePicture(picture, gen, engine) } : { ...rest, out };
}

/** the page's line `gen`'s picture, its questions asked of the engine */
export function remotePicture(d: PictureData, gen: number, engine: Engine): RemotePicture {
  const cells = new Map<string, { lines: string[]; links: CellRef[] }>();
  const threads = new Map<number, ThreadCell[]>();
  const key = (c: CellRef) => `${c.panel},${c.r},${c.c}`;
  const panels: Panel[] = d.panels.map((q, k) => {
    const { rowLabels, colLabels, hasOwners: _h, ...data } = q;
    return {
      ...data,
      rowLabel: (r: number) => rowLabels?.[r] ?? String(r),
      colLabel: (c: number) => colLabels?.[c] ?? String(c),
      describe: (r: number, c: number) => cells.get(key({ panel: k, r, c }))?.lines ?? [],
    };
  });
  const pic: RemotePicture = {
    kind: d.kind,
    panels,
    width: d.width,
    height: d.height,
    cellW: d.cellW,
    threads: d.threads,
    notes: d.notes,
    async fetchCell(c) {
      if (cells.has(key(c))) return;
      cells.set(key(c), await engine.ask({ op: "cell", gen, ...c }));
    },
    async fetchThread(t) {
      if (!d.hasThreadCells || threads.has(t)) return;
      threads.set(t, await engine.ask({ op: "thread", gen, t }));
    },
    threadListing: (t) => (d.hasThreadCells ? engine.ask<string>({ op: "listing", gen, t }) : Promise.resolve("")),
    labelsFor: (mode) => (mode === "value" ? Promise.resolve(d.panels.map(() => undefined)) : engine.ask({ op: "labels", gen, mode })),
    ownersListing: (c) => (d.panels[c.panel]?.hasOwners ? engine.ask<string>({ op: "owners", gen, ...c }) : Promise.resolve("")),
    linkLabel: d.linkLabel,
  };
  if (d.hasThreadCells) pic.threadCells = (t) => threads.get(t) ?? [];
  if (d.hasLinks) pic.links = (c) => cells.get(key(c))?.links ?? [];
  return pic;
}

export type { Printed };
