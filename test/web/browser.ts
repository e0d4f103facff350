/**
 * What the browser tests of the page share: finding Chromium (Debian's `chromium`, or
 * CUTE_TS_CHROMIUM), opening the built page (dist/web/index.html) at a width, typing a line and
 * waiting for the page to show it (and finish drawing it), and watching for page errors and
 * requests. playwright-core drives the browser.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";

export const ROOT = join(__dirname, "..", "..");
export const WEB = join(ROOT, "dist", "web");
export const PAGE = pathToFileURL(join(WEB, "index.html")).href;
export const SHOTS = join(ROOT, "test-output", "web");

/** CUTE_TS_CHROMIUM, else chromium (Debian), chromium-browser, google-chrome on the PATH */
export function findChromium(): string | undefined {
  const env = process.env.CUTE_TS_CHROMIUM;
  if (env) return env;
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

export const CHROMIUM = findChromium();
/** .ci/run sets this where it has installed chromium: there a browser that cannot start fails the tests */
export const REQUIRED = process.env.CUTE_TS_REQUIRE_BROWSER === "1";
export const HOW = "install it with `sudo apt-get install -y chromium` (Debian/Ubuntu; .ci/run does this), or point CUTE_TS_CHROMIUM at a Chrome or Chromium binary";

export async function launch(): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  const { chromium } = await import("playwright-core");
  // no wall-clock limit of playwright's own (180 s a launch, 30 s a click or wait): vitest's timeouts are the net
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"], timeout: 0 });
}

/** a page of its own at a width (1440: a desktop, 390: a phone, touch and all), watched for errors */
export async function openPage(browser: Browser, width: number, hash = ""): Promise<{ context: BrowserContext; page: Page; problems: string[]; requests: string[] }> {
  const phone = width < 600;
  const context = await browser.newContext({ viewport: { width, height: phone ? 844 : 900 }, colorScheme: "light", acceptDownloads: true, hasTouch: phone, isMobile: phone, deviceScaleFactor: 1 });
  context.setDefaultTimeout(0);
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(PAGE + hash);
  await settled(page, 0);
  return { context, page, problems, requests };
}

export const runs = async (p: Page) => Number((await p.getAttribute("body", "data-runs")) ?? 0);

/** the page has shown more than `after` results, and is neither running nor drawing */
export const settled = (p: Page, after: number) =>
  p.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n && !document.body.dataset.busy && !document.body.dataset.drawing, after, { timeout: 0 });

/** type a line and press Enter; resolves when the page shows its result, drawn */
export async function type(p: Page, line: string): Promise<void> {
  const before = await runs(p);
  await p.fill("#line", line);
  await p.press("#line", "Enter");
  await settled(p, before);
}

export const text = async (p: Page, sel: string) => (await p.textContent(sel)) ?? "";

/** requests for anything but the page's own three files (or blob: URLs it made) */
export function foreign(requests: string[]): string[] {
  const own = new Set(["index.html", "app.css", "app.js"]);
  return requests.filter((u) => {
    if (u.startsWith("blob:") || u.startsWith("data:")) return false;
    const url = new URL(u);
    const name = url.pathname.split("/").pop()!;
    return !(url.protocol === "file:" && url.pathname.startsWith(pathToFileURL(WEB).pathname) && own.has(name));
  });
}

/** a cell of a panel of the page's picture scrolled into view: its point on the screen (dx, dy: where in the cell) */
export async function cellPoint(page: Page, panel: string, r: number, c: number, dx = 0.5, dy = 0.5): Promise<{ x: number; y: number }> {
  const pic = await page.evaluate(() => (window as any).cutePage.stage.picture.panels.map((q: any) => ({ name: q.name, x: q.x, y: q.y })));
  const q = pic.find((p: { name: string }) => p.name === panel)!;
  const g = await page.evaluate(() => {
    const s = (window as any).cutePage.stage;
    return { s: s.scale, cw: s.colW };
  });
  const cx = (q.x + c + dx) * g.cw, cy = (q.y + r + dy) * g.s;
  await page.evaluate(([cx, cy]) => {
    const s = (window as any).cutePage.stage;
    const b = s.base.element.getBoundingClientRect();
    window.scrollBy(0, b.top + cy - innerHeight / 2);
    s.host.scrollLeft = Math.max(0, cx - s.host.clientWidth / 2);
  }, [cx, cy] as const);
  await drawn(page);
  const box = (await page.locator("#stage > .base").boundingBox())!;
  return { x: box.x + cx, y: box.y + cy };
}

const drawn = (page: Page) => page.waitForFunction(() => !document.body.dataset.drawing);

/** hover (a phone: tap) a cell, its cells big enough for a finger; the hover box's text */
export async function hoverCell(page: Page, phone: boolean, panel: string, r: number, c: number): Promise<string> {
  await page.evaluate(() => {
    const s = (window as any).cutePage.stage;
    if (s.scale < 12) s.zoom(16);
  });
  const pt = await cellPoint(page, panel, r, c);
  if (phone) await page.touchscreen.tap(pt.x, pt.y);
  else await page.mouse.move(pt.x, pt.y);
  return waitTip(page, panel, r, c);
}

/** the hover box shown for this cell of this panel of the picture on the page (a new picture hides the last one's box): its text */
export async function waitTip(page: Page, panel: string, r: number, c: number): Promise<string> {
  const k = await page.evaluate((name) => (window as any).cutePage.stage.picture.panels.findIndex((q: { name: string }) => q.name === name), panel);
  await page.waitForFunction((want) => {
    const tip = document.getElementById("tip")!;
    return !tip.hidden && tip.dataset.cell === want;
  }, `${k},${r},${c}`);
  return text(page, "#tip");
}
