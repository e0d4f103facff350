// docs/img/page.png, the README's picture of the page: dist/web/index.html (npm run build first)
// in headless Chromium, a TiledMMA's A, B and C as linked grids (partition_A/B/C): a C cell
// hovered, its thread's cells framed in all three, the hover box naming them, with the cells
// showing their thread and value and the tools (zoom, cells: value / index / coord, downloads).
// Usage: node test/web/screenshot-page.mjs [path/to/chromium]
import { chromium } from "playwright-core";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = fileURLToPath(new URL("../..", import.meta.url));
const line = "mma SM80_16x8x16_F32F16F16F32_TN";
const url = `${pathToFileURL(join(root, "dist", "web", "index.html")).href}#q=${encodeURIComponent(line)}`;
const browser = await chromium.launch({ executablePath: process.argv[2] ?? process.env.CUTE_TS_CHROMIUM ?? "chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1000, height: 860 } });
await page.goto(url);
await page.waitForFunction(() => document.body.dataset.runs === "1" && !document.body.dataset.drawing);
await page.click("#toggle-catalog"); // fold the catalog: the views get the width
await page.waitForFunction(() => !document.body.dataset.drawing);
// cells of 20 pixels (their texts drawn): the three grids on the screen
await page.evaluate(() => window.cutePage.stage.zoom(20));
await page.waitForFunction(() => !document.body.dataset.drawing);
// the picture near the top of the screen, a C cell hovered
const { x, y } = await page.evaluate(() => {
  const s = window.cutePage.stage;
  window.scrollTo(0, s.host.getBoundingClientRect().top + window.scrollY - 120);
  const q = s.picture.panels.find((p) => p.name === "C");
  const b = s.overlay.getBoundingClientRect();
  return { x: b.left + (q.x + 3.5) * s.colW, y: b.top + (q.y + 5.5) * s.scale };
});
await page.mouse.move(x, y);
await page.waitForFunction(() => (document.getElementById("tip").dataset.cell ?? "").endsWith(",5,3"));
mkdirSync(join(root, "docs", "img"), { recursive: true });
await page.screenshot({ path: join(root, "docs", "img", "page.png") });
await browser.close();
console.log("docs/img/page.png");
