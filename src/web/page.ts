/**
 * The page (dist/web/index.html): one input line, CuTe's text for it, its picture, a catalog to
 * pick MMA and copy operations from. Everything runs here, in the page, from the same library
 * as the CLI; nothing is fetched. The page's state lives in the URL fragment (state.ts).
 *
 * For tests and measurements the page marks its work with the User Timing API (`cute:run`,
 * `cute:draw`, `cute:overlay` measures) and sets `data-runs` on <body> after each result.
 */
import { shellLine, type Outcome, type Printed } from "./session.js";
import { Cancelled, makeEngine, remoteOutcome, textPieces, WorkerEngine, type OutcomeData, type RemotePicture } from "./engine.js";
import { decodeState, encodeState, type PageState } from "./state.js";
import { Stage, type CellRef } from "./stage.js";
import { afterFrame, nextTask, SLICE_MS } from "./job.js";
import type { LabelMode, Picture } from "./picture.js";

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;

const input = $<HTMLInputElement>("line");
const form = $<HTMLFormElement>("form");
const cmd = $("cmd");
const out = $("out");
const err = $("err");
const tools = $("tools");
const legend = $("legend");
const info = $("info");
const notes = $("notes");
const threadOut = $("thread-out");
const ownersOut = $("owners");
const tip = $("tip");
const search = $<HTMLInputElement>("search");
const list = $("entries");
const count = $("count");
const catalog = $("catalog");
const stage = new Stage($("stage"));
const progress = $("progress");
const progressBar = $<HTMLProgressElement>("progress-bar");
const progressText = $("progress-text");

/** where the lines run: the engine's Web Worker (engine.ts), off this thread */
const engine = makeEngine();
const runArgv = (argv: string[]) => engine.ask<Printed>({ op: "argv", argv });

let current: (Outcome & { picture?: RemotePicture }) | undefined;
let state: PageState = decodeState(location.hash);
let runs = 0;
let seq = 0;

function measure<T>(name: string, f: () => T): T {
  const start = performance.now();
  try {
    return f();
  } finally {
    performance.measure(name, { start, end: performance.now() });
  }
}

// ------------------------------------------------------------------ theme

function applyTheme(): void {
  const dark = state.theme ?? (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  document.documentElement.dataset.theme = dark;
}

$("theme").addEventListener("click", () => {
  state.theme = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
  applyTheme();
  writeUrl(false);
  stage.draw();
});
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  applyTheme();
  stage.draw();
});

// ------------------------------------------------------------------ URL

function writeUrl(push: boolean): void {
  const hash = encodeState(state);
  if (hash === location.hash) return;
  if (push) history.pushState(null, "", hash);
  else history.replaceState(null, "", hash);
}

/** the URL changed under the page (a link followed, an edited address, Back or Forward): show what it says */
function followUrl(): void {
  const next = decodeState(location.hash);
  if (next.line === state.line && next.thread === state.thread && next.theme === state.theme) return;
  state = next;
  applyTheme();
  input.value = state.line;
  void run(state.line);
}
window.addEventListener("hashchange", followUrl);
window.addEventListener("popstate", followUrl);

$("share").addEventListener("click", async () => {
  writeUrl(false);
  try {
    await navigator.clipboard.writeText(location.href);
    info.textContent = "link copied";
  } catch {
    info.textContent = `link: ${location.href}`;
  }
});

// ------------------------------------------------------------------ running a line

// ------------------------------------------------------------------ drawing in slices

stage.onProgress = (done, total) => {
  document.body.dataset.drawing = "1";
  progress.hidden = false;
  const pct = Math.floor((100 * done) / total);
  progressBar.value = pct;
  progressText.textContent = `drawing ${pct}%, the part on the screen first`;
};
stage.onDrawn = (stats) => {
  delete document.body.dataset.drawing;
  progress.hidden = true;
  if (!stats.done) info.textContent = "drawing stopped: what is drawn stays; zoom or fit to draw again";
};
$("progress-stop").addEventListener("click", () => stage.cancel());

async function run(line: string): Promise<void> {
  const mine = ++seq;
  stage.cancel(); // a new line: the old picture's drawing stops
  document.body.dataset.busy = "1";
  const start = performance.now();
  let o: Outcome & { picture?: RemotePicture };
  /** the text's lines in pieces (a long one comes as bytes, decoded a piece a task) */
  let pieces: string[];
  try {
    const d = await engine.ask<OutcomeData>({ op: "line", line, gen: mine });
    pieces = typeof d.out === "string" ? [d.out] : await textPieces(d.out, () => new Promise<void>((r) => nextTask(r)));
    if (mine !== seq) return;
    // the pieces joined without a copy (a rope): the page reads the text through its pieces
    o = remoteOutcome({ ...d, out: pieces.reduce((a, b) => a + b, "") }, mine, engine);
  } catch (e) {
    if (e instanceof Cancelled || mine !== seq) return; // a newer line replaced this one
    // runLine answers every line with text; this is a bug of the page, said as the CLI says its own
    o = { line, argv: [], out: "", err: `cute-ts: internal error (please report): ${e instanceof Error ? e.message : String(e)}\n`, exit: 3 };
    pieces = [""];
  }
  if (mine !== seq) return; // a newer line is on its way
  performance.measure("cute:run", { start, end: performance.now() });
  current = o;
  await show(o, pieces, () => mine === seq);
  if (mine !== seq) return;
  runs++;
  document.body.dataset.runs = String(runs);
  delete document.body.dataset.busy;
}

/** a line's outcome on the page; `pieces`: its text, o.out, as pieces of whole lines */
async function show(o: Outcome & { picture?: RemotePicture }, pieces: string[], still: () => boolean): Promise<void> {
  cmd.textContent = o.argv.length ? `$ ${shellLine(o.argv)}` : "";
  const text = setText(out, pieces, still);
  err.textContent = o.err;
  err.hidden = o.err === "";
  // a command that succeeds may still warn on stderr (tma's hardware rules): shown, not as an error
  err.classList.toggle("warn", o.exit === 0);
  out.hidden = o.out === "";
  const pic = o.picture;
  // the cells show what the mode says (their own text, their index, their coordinate)
  if (pic && pic.panels.length && labelMode !== "value") await setLabels(pic, labelMode);
  // after a long text, the picture starts in a task of its own: the text's layout and the canvas's are not one long task
  if (o.out.length >= 65536) await new Promise<void>((r) => nextTask(r));
  if (!still()) return;
  // a hover box describes a cell of the picture it was shown over: a new picture takes it away
  stage.hover = undefined;
  tip.hidden = true;
  delete tip.dataset.cell;
  stage.setPicture(pic && pic.panels.length ? pic : undefined);
  // zoom where there is a picture, downloads where the CLI draws one, --force where the CLI asks for it
  const drawn = Boolean(pic && pic.panels.length);
  tools.hidden = !drawn && !o.svg && !o.force;
  for (const id of ["zoom-out", "zoom-fit", "zoom-in", "cells"]) $(id).hidden = !drawn;
  $("dl-svg").hidden = !o.svg;
  $("dl-latex").hidden = !o.latex;
  const force = $("force");
  force.hidden = !o.force;
  force.title = o.force ? `${shellLine(o.force)}: what the CLI refused without --force, within its limits with it` : "";
  legend.textContent = pic ? pic.panels.map((p) => p.title).filter((t, i, a) => a.indexOf(t) === i && !/^slab /.test(t)).join("  ·  ") : "";
  notes.replaceChildren(...(pic?.notes ?? []).map((n) => Object.assign(document.createElement("li"), { textContent: n })));
  info.textContent = pic && pic.panels.length ? hint(pic) : "";
  const t = state.thread ?? o.thread;
  if (t !== undefined && pic?.threads?.includes(t)) void select(t, false);
  else {
    if (state.thread !== undefined) {
      state.thread = undefined;
      writeUrl(false);
    }
    threadOut.textContent = "";
  }
  ownersOut.textContent = "";
  await text;
}

// ------------------------------------------------------------------ what the cells show

let labelMode: LabelMode = "value";
/** a picture's own cell width, before the labels of a mode widened it */
const ownCellW = new WeakMap<Picture, number>();

/** the cells' texts of a mode put on a picture's panels (fresh panel objects: the painter's caches are per panel) */
async function setLabels(pic: RemotePicture, mode: LabelMode): Promise<void> {
  const labels = await pic.labelsFor(mode).catch(() => pic.panels.map(() => undefined));
  if (!ownCellW.has(pic)) ownCellW.set(pic, pic.cellW);
  let longest = 0;
  pic.panels.forEach((q, k) => {
    const { labels: _old, ...rest } = q;
    const l = labels[k];
    pic.panels[k] = l ? { ...rest, labels: l } : rest;
    if (l) for (const x of l) longest = Math.max(longest, x.length);
  });
  // a cell about 4 characters wide at least, as a tensor's long values widen theirs
  pic.cellW = Math.max(ownCellW.get(pic)!, Math.ceil((longest * 10) / 4) / 10);
  document.body.dataset.cells = mode;
}

for (const mode of ["value", "index", "coordinate"] as const) {
  $(`cells-${mode}`).addEventListener("click", async () => {
    labelMode = mode;
    for (const m of ["value", "index", "coordinate"]) $(`cells-${m}`).setAttribute("aria-pressed", String(m === mode));
    const pic = current?.picture;
    if (!pic || !pic.panels.length) return;
    document.body.dataset.busy = "1";
    await setLabels(pic, mode);
    if (pic === current?.picture) stage.draw();
    delete document.body.dataset.busy;
  });
}

/** a block of a long output: this many lines at most, and fewer where they pass BLOCK_CHARS characters */
const BLOCK_LINES = 8;
const BLOCK_CHARS = 1 << 14;
/** characters of the lines near the screen added per frame: what the browser lays out of them at the next frame stays short */
const FRAME_CHARS = 1 << 15;
/** the lines near the screen: those of the first three screens (the browser lays out blocks near the screen too) */
const nearLines = () => Math.ceil((3 * window.innerHeight) / 17);

/**
 * A long text in blocks of lines the browser lays out only when they come near the screen
 * (content-visibility), each sized beforehand by its lines. The blocks near the screen are added
 * FRAME_CHARS at a time, a batch a frame (a 4 MB table's lines are thousands of characters long:
 * a frame that lays out a dozen such blocks holds the page for 100 ms), the rest a slice at a
 * time (a task each). `pieces`: the text as pieces of whole lines (textPieces); the element's
 * text is their string, byte for byte, once the promise resolves. `still` says whether the text
 * is still wanted.
 */
async function setText(el: HTMLElement, pieces: string[], still: () => boolean): Promise<void> {
  if (pieces.reduce((n, p) => n + p.length, 0) < 65536) {
    el.textContent = pieces.join("");
    return;
  }
  el.replaceChildren();
  /** lines still to come near the screen */
  let near = nearLines();
  let blocks: HTMLElement[] = [];
  let chars = 0;
  let start = performance.now();
  for (const text of pieces) {
    let pos = 0;
    while (pos < text.length) {
      if (!still()) return;
      let end = pos, widest = 0, lines = 0;
      while (lines < BLOCK_LINES && end - pos < BLOCK_CHARS && end < text.length) {
        const nl = text.indexOf("\n", end);
        const stop = nl < 0 ? text.length : nl + 1;
        widest = Math.max(widest, stop - end);
        lines++;
        end = stop;
      }
      const d = document.createElement("div");
      d.className = "lines";
      d.textContent = text.slice(pos, end);
      d.style.containIntrinsicSize = `auto ${widest}ch auto ${(lines * 1.35).toFixed(2)}em`;
      blocks.push(d);
      chars += end - pos;
      pos = end;
      const nearScreen = near > 0;
      near -= lines;
      if ((nearScreen && chars >= FRAME_CHARS) || performance.now() - start >= SLICE_MS) {
        el.append(...blocks);
        blocks = [];
        chars = 0;
        await new Promise<void>((r) => (nearScreen ? afterFrame(r) : nextTask(r)));
        start = performance.now();
      }
    }
  }
  el.append(...blocks);
}

const touch = matchMedia("(pointer: coarse)").matches;

function hint(p: Picture): string {
  if (touch) return p.threadCells ? "tap a cell for its coordinate and owner, and to follow its thread" : "tap a cell for its coordinate and index";
  return p.threadCells ? "hover a cell for its coordinate and owner; click it (or Enter) to follow its thread" : "hover a cell for its coordinate and index";
}

let typing: ReturnType<typeof setTimeout> | undefined;
input.addEventListener("input", () => {
  clearTimeout(typing);
  typing = setTimeout(() => {
    state = { ...state, line: input.value, thread: undefined };
    writeUrl(false);
    void run(input.value);
  }, 180);
});
form.addEventListener("submit", (e) => {
  e.preventDefault();
  clearTimeout(typing);
  state = { ...state, line: input.value, thread: state.line === input.value ? state.thread : undefined };
  writeUrl(true);
  void run(input.value);
});

// ------------------------------------------------------------------ threads

async function select(t: number | undefined, record = true): Promise<void> {
  const pic = current?.picture;
  if (t !== undefined && pic) await pic.fetchThread(t).catch(() => undefined);
  if (pic !== current?.picture) return; // a newer line is shown
  stage.selected = t;
  measure("cute:overlay", () => stage.drawOverlay());
  if (record) {
    state.thread = t;
    writeUrl(false);
  }
  threadOut.textContent = t === undefined ? "" : await threadText(t);
}

/** what the thread holds: `mma ... --thread T` for a TiledMMA, the picture's own list otherwise */
async function threadText(t: number): Promise<string> {
  const o = current;
  if (!o?.picture?.threadCells) return "";
  if (o.threadArgv) {
    const r = await runArgv([...o.threadArgv, String(t)]);
    return `$ ${shellLine([...o.threadArgv, String(t)])}\n` + (r.out || r.err);
  }
  return o.picture.threadListing(t);
}

// ------------------------------------------------------------------ pointer and keyboard on the picture

function describe(c: CellRef): string {
  const pic = stage.picture!;
  const p = pic.panels[c.panel]!;
  const lines = [...p.describe(c.r, c.c)]; // a copy: the engine's answer is kept for the next time
  const from = pic.links?.(c) ?? [];
  if (from.length) {
    const where = from.slice(0, 4).map((f) => `${pic.panels[f.panel]!.name} (${f.r},${f.c})`);
    const list = `${where.join(", ")}${from.length > 4 ? `, and ${from.length - 4} more` : ""}`;
    lines.push(pic.linkLabel ? `${pic.linkLabel}: ${list}` : `from ${list}`);
  }
  return lines.join("\n");
}

/** what the engine says of a cell, fetched; false when the picture changed meanwhile */
async function fetched(c: CellRef): Promise<boolean> {
  const pic = current?.picture;
  if (!pic) return false;
  try {
    await pic.fetchCell(c);
  } catch {
    return false;
  }
  return pic === stage.picture;
}

const sameCell = (a: CellRef | undefined, b: CellRef | undefined) => a !== undefined && b !== undefined && a.panel === b.panel && a.r === b.r && a.c === b.c;

/** the hover box: what the page says about a cell, beside it (or above it near the bottom) */
async function showTip(c: CellRef | undefined): Promise<void> {
  stage.hover = c;
  measure("cute:overlay", () => stage.drawOverlay());
  if (!c) {
    tip.hidden = true;
    return;
  }
  // the cell's lines and links come from the engine; the pointer may have moved on meanwhile
  if (!(await fetched(c)) || !sameCell(stage.hover, c)) return;
  measure("cute:overlay", () => stage.drawOverlay());
  tip.textContent = describe(c);
  tip.dataset.cell = `${c.panel},${c.r},${c.c}`;
  tip.hidden = false;
  const box = stage.cellBox(c);
  const x = Math.min(box.x + box.w + 12, window.innerWidth - tip.offsetWidth - 8);
  const y = box.y + box.h + 8 + tip.offsetHeight > window.innerHeight ? box.y - tip.offsetHeight - 8 : box.y + box.h + 8;
  tip.style.left = `${Math.max(4, x)}px`;
  tip.style.top = `${Math.max(4, y)}px`;
}

stage.overlay.addEventListener("pointermove", (e) => {
  if (e.pointerType === "touch") return; // a finger's move scrolls; its tap shows the cell (below)
  const c = stage.hit(e.clientX, e.clientY);
  if (!sameCell(c, stage.hover)) void showTip(c);
});
stage.overlay.addEventListener("pointerleave", (e) => {
  if (e.pointerType === "touch") return; // a lifted finger leaves; the tapped cell's box stays
  stage.hover = undefined;
  tip.hidden = true;
  stage.drawOverlay();
});
stage.overlay.addEventListener("click", async (e) => {
  const c = stage.hit(e.clientX, e.clientY);
  if (!c) return;
  // the box describes the cell the click (or the tap) chose, whatever the pointer did before
  stage.cursor = c;
  const t = stage.threadAt(c);
  void select(t === stage.selected ? undefined : t);
  void showOwners(c);
  await showTip(c);
  if (sameCell(stage.cursor, c)) info.textContent = describe(c).replace(/\n/g, " · ");
});

/** the warp view: every (thread, value) pair holding the chosen cell, warp by warp */
async function showOwners(c: CellRef | undefined): Promise<void> {
  const pic = current?.picture;
  const text = c && pic ? await pic.ownersListing(c).catch(() => "") : "";
  if (pic !== current?.picture || (c && !sameCell(stage.cursor, c))) return;
  ownersOut.textContent = text;
  ownersOut.dataset.cell = c ? `${c.panel},${c.r},${c.c}` : "";
}

/** the keyboard cursor's cell said in the info line */
async function sayCursor(c: CellRef): Promise<void> {
  if ((await fetched(c)) && sameCell(stage.cursor, c)) info.textContent = describe(c).replace(/\n/g, " · ");
}

stage.overlay.tabIndex = 0;
stage.overlay.setAttribute("role", "application");
stage.overlay.setAttribute("aria-label", "picture: arrow keys move between cells, Enter follows the cell's thread, Escape clears, + and - zoom");
stage.overlay.addEventListener("focus", () => {
  if (!stage.cursor && stage.picture?.panels.length) {
    stage.cursor = { panel: 0, r: 0, c: 0 };
    stage.drawOverlay();
    void sayCursor(stage.cursor);
  }
});
stage.overlay.addEventListener("keydown", (e) => {
  const p = stage.picture;
  if (!p || p.panels.length === 0) return;
  const cur = stage.cursor ?? { panel: 0, r: 0, c: 0 };
  const q = p.panels[cur.panel]!;
  let next: CellRef | undefined;
  switch (e.key) {
    case "ArrowLeft":
      next = { ...cur, c: Math.max(0, cur.c - 1) };
      break;
    case "ArrowRight":
      next = { ...cur, c: Math.min(q.cols - 1, cur.c + 1) };
      break;
    case "ArrowUp":
      next = { ...cur, r: Math.max(0, cur.r - 1) };
      break;
    case "ArrowDown":
      next = { ...cur, r: Math.min(q.rows - 1, cur.r + 1) };
      break;
    case "PageDown":
    case "]": {
      const k = (cur.panel + 1) % p.panels.length;
      next = { panel: k, r: 0, c: 0 };
      break;
    }
    case "PageUp":
    case "[": {
      const k = (cur.panel + p.panels.length - 1) % p.panels.length;
      next = { panel: k, r: 0, c: 0 };
      break;
    }
    case "Enter":
    case " ": {
      const t = stage.threadAt(cur);
      void select(t === stage.selected ? undefined : t);
      void showOwners(cur);
      e.preventDefault();
      return;
    }
    case "Escape":
      void select(undefined);
      void showOwners(undefined);
      return;
    case "+":
    case "=":
      stage.zoom(stage.scale * 1.25);
      return;
    case "-":
      stage.zoom(stage.scale / 1.25);
      return;
    case "0":
      stage.zoom(stage.fitScale());
      return;
    default:
      return;
  }
  e.preventDefault();
  stage.cursor = next;
  stage.drawOverlay();
  void sayCursor(next);
});

$("zoom-in").addEventListener("click", () => stage.zoom(stage.scale * 1.25));
$("zoom-out").addEventListener("click", () => stage.zoom(stage.scale / 1.25));
$("zoom-fit").addEventListener("click", () => stage.zoom(stage.fitScale()));

// ------------------------------------------------------------------ downloads

async function download(argv: string[] | undefined, name: string, type: string): Promise<void> {
  if (!argv) return;
  const r = await runArgv(argv);
  if (r.exit !== 0) {
    err.textContent = r.err;
    err.hidden = false;
    return;
  }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([r.out], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
$("force").addEventListener("click", () => {
  if (!current?.force) return;
  const line = shellLine(current.force).replace(/^cute-ts /, "");
  input.value = line;
  state = { ...state, line, thread: undefined };
  writeUrl(true);
  void run(line);
});
$("dl-svg").addEventListener("click", () => void download(current?.svg, "cute-ts.svg", "image/svg+xml"));
$("dl-latex").addEventListener("click", () => void download(current?.latex, "cute-ts.tex", "application/x-tex"));

// ------------------------------------------------------------------ the catalog

let catalogModule: Promise<typeof import("./catalog.js")> | undefined;
const loadCatalog = () => (catalogModule ??= import("./catalog.js"));
const SHOWN = 200;

async function fillCatalog(): Promise<void> {
  const m = await loadCatalog();
  const all = m.entries();
  const found = m.search(search.value, all);
  const items = found.slice(0, SHOWN).map((e, i) => {
    const li = document.createElement("li");
    li.setAttribute("role", "option");
    li.id = `entry-${i}`;
    li.dataset.line = e.line;
    li.tabIndex = -1;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = e.name;
    const detail = document.createElement("span");
    detail.className = "detail";
    detail.textContent = `${e.group} · ${e.detail}`;
    li.append(name, detail);
    return li;
  });
  list.replaceChildren(...items);
  list.dataset.query = search.value; // what the list shows (for tests)
  count.textContent = found.length > SHOWN ? `${found.length} found, the first ${SHOWN} shown: refine the search` : `${found.length} found`;
}

function choose(li: Element | null): void {
  const line = (li as HTMLElement | null)?.dataset.line;
  if (line === undefined) return;
  input.value = line;
  state = { ...state, line, thread: undefined };
  writeUrl(true);
  void run(line);
}

search.addEventListener("input", () => void fillCatalog());
search.addEventListener("keydown", (e) => {
  if (e.key === "ArrowDown") {
    (list.firstElementChild as HTMLElement | null)?.focus();
    e.preventDefault();
  } else if (e.key === "Enter") {
    choose(list.firstElementChild);
    e.preventDefault();
  }
});
list.addEventListener("click", (e) => choose((e.target as Element).closest("li")));
list.addEventListener("keydown", (e) => {
  const li = (e.target as Element).closest("li") as HTMLElement | null;
  if (!li) return;
  if (e.key === "ArrowDown") (li.nextElementSibling as HTMLElement | null)?.focus();
  else if (e.key === "ArrowUp") ((li.previousElementSibling as HTMLElement | null) ?? search).focus();
  else if (e.key === "Enter") choose(li);
  else return;
  e.preventDefault();
});

const toggle = $("toggle-catalog");
toggle.addEventListener("click", () => {
  catalog.hidden = !catalog.hidden;
  toggle.setAttribute("aria-expanded", String(!catalog.hidden));
  if (!catalog.hidden) {
    void fillCatalog();
    search.focus();
  }
  stage.zoom(stage.fitScale());
});

// "/" puts the cursor in the input line, wherever the focus is (but in a text field)
document.addEventListener("keydown", (e) => {
  if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target as HTMLElement;
  if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement) return;
  e.preventDefault();
  input.focus();
  input.select();
});

// ------------------------------------------------------------------ start

applyTheme();
if (matchMedia("(max-width: 640px)").matches) {
  // a phone: the catalog starts folded, the result gets the screen
  catalog.hidden = true;
  toggle.setAttribute("aria-expanded", "false");
}
if (state.line === "") state.line = "logical_divide((16,32):(32,1),(4,8))";
input.value = state.line;
void run(state.line).then(() => {
  // the catalog is filled when the page has drawn: it takes a moment to build
  if (!catalog.hidden) setTimeout(() => void fillCatalog(), 0);
});

// for tests and the bench: the stage's state (the last drawing's stats, the picture)
(window as unknown as { cutePage: unknown }).cutePage = { stage, outcome: () => current, worker: () => engine instanceof WorkerEngine && engine.inWorker, lastLine: () => (engine instanceof WorkerEngine ? engine.lastLine : "page"), workerStarted: () => engine instanceof WorkerEngine && engine.started };
