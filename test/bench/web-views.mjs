// The page's timings in headless Chromium (npm run build first; Debian's chromium, or
// CUTE_TS_CHROMIUM): first paint, a 128x256 TiledMMA's draw and redraw (zoom), a 512x512
// layout's draw (at the drawing limit), the longest main-thread block while it draws, and the
// input latency meanwhile (keys typed into the catalog's search while the picture draws: from
// the key's timestamp to its handler, the Event Timing API's input delay).
// Usage: node test/bench/web-views.mjs [--json]
import { chromium } from "playwright-core";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";

const root = fileURLToPath(new URL("../..", import.meta.url));
const PAGE = pathToFileURL(join(root, "dist", "web", "index.html")).href;
const exe = process.env.CUTE_TS_CHROMIUM ?? "/usr/bin/chromium";
const MMA = "mma SM90_64x256x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K> --atoms (_2,_1,_1)";
const BIG = "(_512,_512):(_1,_512)";

const browser = await chromium.launch({ executablePath: exe, args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.addInitScript(() => {
  const w = /** @type {any} */ (window);
  w.__long = [];
  w.__events = [];
  new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push({ start: e.startTime, ms: e.duration }))).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__events.push({ name: e.name, start: e.startTime, delay: e.processingStart - e.startTime, ms: e.duration }))).observe({ type: "event", buffered: true, durationThreshold: 16 });
});
const settled = (n) => page.waitForFunction((k) => Number(document.body.dataset.runs ?? 0) >= k && !document.body.dataset.busy && !document.body.dataset.drawing, n, { timeout: 120_000 });
const runs = async () => Number((await page.getAttribute("body", "data-runs")) ?? 0);
async function type(line) {
  const n = await runs();
  await page.fill("#line", line);
  await page.press("#line", "Enter");
  await settled(n + 1);
}
const last = (name) => page.evaluate((n) => performance.getEntriesByName(n).at(-1)?.duration ?? NaN, name);
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];

await page.goto(PAGE);
await settled(1);
const firstPaint = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN);

await type(MMA);
const mmaRun = await last("cute:run");
const mmaDraw = await last("cute:draw");
const redraws = [];
for (let i = 0; i < 3; i++) {
  for (const b of ["#zoom-in", "#zoom-out"]) {
    await page.click(b);
    await page.waitForFunction(() => !document.body.dataset.drawing);
    redraws.push(await last("cute:draw"));
  }
}

// the big picture: type it, then type into the search box while it draws
if (await page.isHidden("#catalog")) await page.click("#toggle-catalog");
const t0 = await page.evaluate(() => performance.now());
const n = await runs();
await page.fill("#line", BIG);
await page.press("#line", "Enter");
await page.waitForFunction((k) => Number(document.body.dataset.runs ?? 0) > k, n, { timeout: 120_000 });
const typedWhileDrawing = await page.evaluate(() => Boolean(document.body.dataset.drawing));
await page.focus("#search");
for (const ch of "ldsm") await page.keyboard.press(ch);
await settled(n + 1);
const big = await page.evaluate((start) => {
  const w = /** @type {any} */ (window);
  const after = (e) => e.start >= start;
  const stats = w.cutePage.stage.lastDraw;
  return {
    run: performance.getEntriesByName("cute:run").at(-1).duration,
    draw: performance.getEntriesByName("cute:draw").at(-1).duration,
    slices: stats.slices,
    longestSlice: stats.longestSliceMs,
    longTasks: w.__long.filter(after).map((e) => Math.round(e.ms)),
    keys: w.__events.filter((e) => after(e) && /key/.test(e.name)).map((e) => Math.round(e.delay)),
  };
}, t0);
const zooms = [];
for (const b of ["#zoom-in", "#zoom-out"]) {
  await page.click(b);
  await page.waitForFunction(() => !document.body.dataset.drawing, null, { timeout: 120_000 });
  zooms.push(await last("cute:draw"));
}
const longestZoomSlice = await page.evaluate(() => /** @type {any} */ (window).cutePage.stage.lastDraw.longestSliceMs);
await browser.close();

const r = {
  firstPaintMs: firstPaint,
  mma128x256: { runMs: mmaRun, drawMs: mmaDraw, redrawMedianMs: median(redraws) },
  layout512x512: { runMs: big.run, drawMs: big.draw, slices: big.slices, longestSliceMs: big.longestSlice, zoomDrawMs: zooms, longestZoomSliceMs: longestZoomSlice },
  whileDrawing: { keysTypedWhileDrawing: typedWhileDrawing, longTasksMs: big.longTasks, keyInputDelayMs: big.keys },
};
if (process.argv.includes("--json")) console.log(JSON.stringify(r, null, 1));
else {
  const f = (x) => (typeof x === "number" ? x.toFixed(1) : String(x));
  console.log(`first paint                      ${f(r.firstPaintMs)} ms`);
  console.log(`128x256 TiledMMA                 run ${f(mmaRun)} ms, draw ${f(mmaDraw)} ms, redraw (zoom) median ${f(r.mma128x256.redrawMedianMs)} ms`);
  console.log(`512x512 layout                   run ${f(big.run)} ms, draw ${f(big.draw)} ms in ${big.slices} slices, longest slice ${f(big.longestSlice)} ms; zoom ${zooms.map(f).join(", ")} ms (longest slice ${f(longestZoomSlice)} ms)`);
  console.log(`while it draws                   long tasks [${big.longTasks.join(", ")}] ms; key input delay (slow keys only, >16 ms) [${big.keys.join(", ")}] ms${typedWhileDrawing ? "" : " (the drawing ended before the keys)"}`);
}
