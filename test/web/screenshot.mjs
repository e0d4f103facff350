// docs/web.png, the README's picture of the page: dist/web/index.html (npm run build first) in
// headless Chromium, an MMA atom with one thread followed and a cell hovered.
// Usage: node test/web/screenshot.mjs [path/to/chromium]
import { chromium } from "playwright-core";
import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";

const root = fileURLToPath(new URL("../..", import.meta.url));
const line = "mma SM80_16x8x8_F16F16F16F16_TN";
const url = `${pathToFileURL(join(root, "dist", "web", "index.html")).href}#q=${encodeURIComponent(line)}&t=6`;
const browser = await chromium.launch({ executablePath: process.argv[2] ?? process.env.CUTE_TS_CHROMIUM ?? "chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1366, height: 1060 } });
await page.goto(url);
await page.waitForFunction(() => document.body.dataset.runs === "1" && (document.getElementById("thread-out")?.textContent ?? "") !== "");
await page.fill("#search", "sm80 16x8x8");
await page.waitForFunction(() => document.querySelectorAll("#entries li").length > 0);
// hover C (9,5): the C panel starts K + 2 = 10 cells right and down
const box = await page.locator("canvas.overlay").boundingBox();
const s = Number(await page.getAttribute("canvas.overlay", "data-scale"));
await page.mouse.move(box.x + (10 + 5 + 0.5) * s, box.y + (10 + 9 + 0.5) * s);
await page.screenshot({ path: join(root, "docs", "web.png") });
await browser.close();
console.log("docs/web.png");
