// npm run bench:web (and section 7 of npm run bench): the page's timings in Chromium. Not a test: the
// browser tests (test/web-browser.test.ts) check what the page does; how long it takes is measured here.
//
//   node test/bench/web.mjs [--runs N] [--json]       (after npm run build)
//
// Each run opens dist/web/index.html from a file URL in a fresh page (playwright-core driving
// Chromium: CUTE_TS_CHROMIUM, else chromium, chromium-browser or google-chrome on the PATH) and reads
// the page's own marks (User Timing, src/web/page.ts): first contentful paint and the end of the first
// line's run (`cute:run`); then it types a 128x256 TiledMMA, zooms in and out three times (each a
// `cute:draw` of the whole map, from its start to its last slice) and clicks three cells (each a
// `cute:overlay`, the thread's cells), and the longest task the browser reports (Long Tasks API)
// from Enter to the map drawn (the line runs in the engine's Web Worker, src/web/engine.ts). Then a 512x512 layout at the drawing limit: its run, its
// drawing (in slices, src/web/job.ts, on canvases of a few rows each, src/web/tiles.ts), the longest
// slice and the longest task the browser reports (Long Tasks API) from Enter to drawn (its 4.7 MB
// text is laid out meanwhile, src/web/page.ts setText), the delay of four keys typed into the
// catalog's search meanwhile (from the key event's timestamp to its handler), and a zoom of it
// (its drawing, longest slice and longest task).
// Figures: medians over the runs, with their ranges, next to the targets the page was built to. A
// longest task of 0 ms: no task reached 50 ms, the shortest the Long Tasks API reports.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
/** the built page (CUTE_TS_WEB_PAGE: another build's index.html, to compare two builds) */
const PAGE = process.env.CUTE_TS_WEB_PAGE ?? join(root, "dist", "web", "index.html");
export const BIG = "mma SM90_64x256x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K> --atoms (_2,_1,_1)";
/** a layout at the page's drawing limit (2^18 cells) */
export const HUGE = "(_512,_512):(_1,_512)";

/** CUTE_TS_CHROMIUM, else chromium (Debian), chromium-browser, google-chrome on the PATH; undefined when none */
export function findChromium() {
  if (process.env.CUTE_TS_CHROMIUM) return process.env.CUTE_TS_CHROMIUM;
  for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
    try {
      const path = execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
      if (path && existsSync(path)) return path;
    } catch {
      // not on the PATH
    }
  }
  return undefined;
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** one fresh page: its first paint, first result, and the big map's run, redraws and overlays (ms) */
async function onePage(browser) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });
  context.setDefaultTimeout(0);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__long.push({ start: e.startTime, ms: e.duration }))).observe({ type: "longtask", buffered: true });
    });
    const settled = (after) => page.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n && !document.body.dataset.busy && !document.body.dataset.drawing, after, { timeout: 120_000 });
    const drawn = () => page.waitForFunction(() => !document.body.dataset.drawing, null, { timeout: 120_000 });
    await page.goto(pathToFileURL(PAGE).href);
    await settled(0);
    const start = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      result: Math.max(...performance.getEntriesByName("cute:run").map((e) => e.startTime + e.duration)),
    }));
    const before = Number((await page.getAttribute("body", "data-runs")) ?? 0);
    const t0 = await page.evaluate(() => performance.now());
    await page.fill("#line", BIG);
    await page.press("#line", "Enter");
    await settled(before);
    const last = (name) => page.evaluate((n) => performance.getEntriesByName(n).at(-1).duration, name);
    const run = await last("cute:run");
    const bigDraw = await last("cute:draw");
    const bigLongest = await page.evaluate((t0) => Math.max(0, ...window.__long.filter((e) => e.start >= t0).map((e) => e.ms)), t0);
    const draws = [];
    for (let i = 0; i < 3; i++) {
      await page.click("#zoom-in");
      await drawn();
      draws.push(await last("cute:draw"));
      await page.click("#zoom-out");
      await drawn();
      draws.push(await last("cute:draw"));
    }
    const box = await page.locator("canvas.overlay").boundingBox();
    const s = Number(await page.getAttribute("canvas.overlay", "data-scale"));
    const overlays = [];
    for (const [r, c] of [[0, 0], [1, 9], [7, 20]]) {
      await page.mouse.click(box.x + (16 + 2 + c + 0.5) * s, box.y + (16 + 2 + r + 0.5) * s);
      overlays.push(await last("cute:overlay"));
    }
    const huge = await hugePicture(page);
    return { paint: start.paint, result: start.result, run, bigDraw, bigLongest, draw: median(draws), overlay: median(overlays), ...huge };
  } finally {
    await context.close();
  }
}

/** the 512x512 layout: typed, keys typed into the search box while it draws, then a zoom */
async function hugePicture(page) {
  if (await page.isHidden("#catalog")) await page.click("#toggle-catalog");
  await page.evaluate(() => {
    window.__keys = [];
    document.getElementById("search").addEventListener("keydown", (e) => window.__keys.push({ delay: performance.now() - e.timeStamp, drawing: document.body.dataset.drawing === "1" }));
  });
  const t0 = await page.evaluate(() => performance.now());
  const before = Number((await page.getAttribute("body", "data-runs")) ?? 0);
  await page.fill("#line", HUGE);
  await page.press("#line", "Enter");
  await page.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n, before, { timeout: 120_000 });
  await page.focus("#search");
  for (const k of "ldsm") await page.keyboard.press(k);
  await page.waitForFunction(() => !document.body.dataset.drawing, null, { timeout: 120_000 });
  const r = await page.evaluate((t0) => {
    const stats = window.cutePage.stage.lastDraw;
    return {
      hugeRun: performance.getEntriesByName("cute:run").at(-1).duration,
      hugeDraw: performance.getEntriesByName("cute:draw").at(-1).duration,
      hugeSlice: stats.longestSliceMs,
      hugeLongest: Math.max(0, ...window.__long.filter((e) => e.start >= t0).map((e) => e.ms)),
      keyDelay: Math.max(...window.__keys.map((k) => k.delay)),
      keysWhileDrawing: window.__keys.filter((k) => k.drawing).length,
    };
  }, t0);
  const t1 = await page.evaluate(() => performance.now());
  await page.click("#zoom-in");
  await page.waitForFunction(() => !document.body.dataset.drawing, null, { timeout: 120_000 });
  r.hugeZoom = await page.evaluate(() => performance.getEntriesByName("cute:draw").at(-1).duration);
  r.hugeZoomSlice = await page.evaluate(() => window.cutePage.stage.lastDraw.longestSliceMs);
  r.hugeZoomLongest = await page.evaluate((t1) => Math.max(0, ...window.__long.filter((e) => e.start >= t1).map((e) => e.ms)), t1);
  return r;
}

/**
 * The page's figures over `runs` fresh pages: { chromium, runs, figures: [{ what, values, target, limit }] },
 * or { skipped: why } when there is no Chromium or no built page.
 */
export async function benchPage({ runs = 5, chromium = findChromium() } = {}) {
  if (!chromium) return { skipped: "no Chromium (install it with `sudo apt-get install -y chromium`, or set CUTE_TS_CHROMIUM)" };
  if (!existsSync(PAGE)) return { skipped: "the page is not built (npm run build)" };
  const { chromium: driver } = await import("playwright-core");
  const browser = await driver.launch({ executablePath: chromium, args: ["--no-sandbox"] });
  const all = [];
  try {
    for (let k = 0; k < runs; k++) all.push(await onePage(browser));
  } finally {
    await browser.close();
  }
  const col = (key) => all.map((x) => x[key]);
  return {
    chromium,
    runs,
    figures: [
      { what: "first contentful paint (file URL)", values: col("paint"), target: "< 1000 ms", limit: 1000 },
      { what: "first line's result shown", values: col("result"), target: "< 1000 ms", limit: 1000 },
      { what: "128x256 TiledMMA: run the line (in the engine's worker: text and the picture's data)", values: col("run") },
      { what: "128x256 TiledMMA: first draw, first slice to last", values: col("bigDraw") },
      { what: "128x256 TiledMMA: longest main-thread task from Enter to drawn", values: col("bigLongest"), target: "< 100 ms", limit: 100 },
      { what: "128x256 TiledMMA: redraw on zoom (median of 6 per page)", values: col("draw"), target: "< 100 ms", limit: 100 },
      { what: "128x256 TiledMMA: thread overlay on click (median of 3 per page)", values: col("overlay"), target: "< 100 ms", limit: 100 },
      { what: "512x512 layout: run the line (the CLI's print and the picture's data)", values: col("hugeRun") },
      { what: "512x512 layout: draw, first slice to last", values: col("hugeDraw") },
      { what: "512x512 layout: longest drawing slice", values: col("hugeSlice"), target: "< 100 ms", limit: 100 },
      { what: "512x512 layout: longest main-thread task from Enter to drawn (run included)", values: col("hugeLongest"), target: "< 100 ms", limit: 100 },
      { what: "512x512 layout: slowest of 4 keys typed while it draws (event to handler)", values: col("keyDelay"), target: "< 100 ms", limit: 100 },
      { what: "512x512 layout: zoom in, draw first slice to last", values: col("hugeZoom") },
      { what: "512x512 layout: zoom in, longest drawing slice", values: col("hugeZoomSlice"), target: "< 100 ms", limit: 100 },
      { what: "512x512 layout: zoom in, longest main-thread task from the click to drawn", values: col("hugeZoomLongest"), target: "< 100 ms", limit: 100 },
    ],
  };
}

/** a figure as one line: median, range, and against its target */
export function describeFigure(f) {
  const m = median(f.values);
  const text = `${m.toFixed(1)} ms (range ${Math.min(...f.values).toFixed(1)}-${Math.max(...f.values).toFixed(1)})`;
  return { text, ok: f.limit === undefined ? undefined : m < f.limit };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const i = args.indexOf("--runs");
  const runs = i >= 0 ? Number(args[i + 1]) : 5;
  if (!(runs >= 1)) {
    console.error("bench:web: --runs N (a positive number)");
    process.exit(2);
  }
  const r = await benchPage({ runs });
  if (args.includes("--json")) console.log(JSON.stringify(r));
  else if (r.skipped) console.log(`the page in Chromium: skipped: ${r.skipped}`);
  else {
    console.log(`the page in Chromium (${r.chromium}), medians of ${r.runs} fresh pages`);
    for (const f of r.figures) {
      const d = describeFigure(f);
      console.log(`  ${d.ok === false ? "!!" : "  "} ${f.what}: ${d.text}${f.target ? ` (target ${f.target}: ${d.ok ? "MET" : "NOT MET"})` : ""}`);
    }
  }
  if (r.skipped) process.exit(args.includes("--json") ? 0 : 1);
}
