// docs/img/page-algebra.png, the README's picture of the page's algebra view: dist/web/index.html
// (npm run build first) in headless Chromium, a composition drawn with its inputs A and B beside the
// result, a result cell hovered: the cells of A it reads and the cell of B it comes through framed.
// Usage: node test/web/screenshot-views.mjs [path/to/chromium]
import { chromium } from "playwright-core";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

const root = fileURLToPath(new URL("../..", import.meta.url));
const line = "composition((6,2):(8,2),(4,3):(3,1))";
const url = `${pathToFileURL(join(root, "dist", "web", "index.html")).href}#q=${encodeURIComponent(line)}`;
const browser = await chromium.launch({ executablePath: process.argv[2] ?? process.env.CUTE_TS_CHROMIUM ?? "chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1100, height: 640 } });
await page.goto(url);
await page.waitForFunction(() => document.body.dataset.runs === "1" && !document.body.dataset.drawing);
await page.click("#toggle-catalog"); // fold the catalog: the views get the width
await page.waitForFunction(() => !document.body.dataset.drawing);
// hover result cell (2,1)
const { x, y } = await page.evaluate(() => {
  const s = window.cutePage.stage;
  const q = s.picture.panels.at(-1);
  const b = s.overlay.getBoundingClientRect();
  return { x: b.left + (q.x + 1.5) * s.colW, y: b.top + (q.y + 2.5) * s.scale };
});
await page.mouse.move(x, y);
mkdirSync(join(root, "docs", "img"), { recursive: true });
await page.screenshot({ path: join(root, "docs", "img", "page-algebra.png") });
await browser.close();
console.log("docs/img/page-algebra.png");
