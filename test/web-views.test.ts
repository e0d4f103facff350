/**
 * The page's views in Chromium, at a desktop's width (1440 px) and a phone's (390 px): a big
 * picture drawn in slices (the part on the screen first, input handled meanwhile, a stop and a
 * new line cancel it), the phone layout, the downloads and zoom offered only where the CLI
 * draws, a TMA partition over its tile, the catalog's search. Each asserts what is on the screen
 * (DOM text, canvas pixels, the state the page exposes as window.cutePage); none asserts a time
 * (the page's timings are test/bench/web-views.mjs). Screenshots go to test-output/web/.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { run } from "./helpers.js";
import { CHROMIUM, HOW, REQUIRED, SHOTS, foreign, launch, openPage, settled, text, type } from "./web/browser.js";

if (!CHROMIUM && !REQUIRED) console.warn(`\n[web-views] skipped: Chromium not found; ${HOW}\n`);

const BIG = "(_512,_512):(_1,_512)";

/** in the page: the base canvas's pixel alpha at device pixel (x, y), read from a copy (a readback of the page's own canvas would make Chromium warn) */
const ALPHA = `window.__alpha = (x, y) => {
  const b = window.cutePage.stage.base;
  const c = document.createElement("canvas");
  c.width = 1; c.height = 1;
  const ctx = c.getContext("2d", { willReadFrequently: true });
  ctx.drawImage(b, x, y, 1, 1, 0, 0, 1, 1);
  return ctx.getImageData(0, 0, 1, 1).data[3];
}`;

/** the alpha of the base canvas's pixel at (x, y) CSS pixels of the canvas */
const alphaAt = (p: Page, x: number, y: number) =>
  p.evaluate(([x, y]) => {
    const s = (window as any).cutePage.stage;
    const dpr = s.base.width / s.base.clientWidth;
    return (window as any).__alpha(Math.floor(x * dpr), Math.floor(y * dpr)) as number;
  }, [x, y] as const);

for (const width of [1440, 390]) {
  describe.runIf(CHROMIUM)(`the page's views at ${width} px`, () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    let requests: string[];
    const shot = (name: string) => page.screenshot({ path: join(SHOTS, `views-${width}-${name}.png`) });

    beforeAll(async () => {
      browser = await launch();
      ({ context, page, problems, requests } = await openPage(browser, width));
      await page.evaluate(ALPHA);
    }, 60_000);
    afterAll(async () => {
      await context?.close();
      await browser?.close();
    });

    describe("drawing never holds the page", () => {
      it("a big picture draws in slices, the part on the screen first", async () => {
        await page.evaluate(() => ((window as any).cutePage.stage.sliceMs = 0));
        await type(page, BIG);
        expect(await text(page, "#out")).toBe((await run(["print", BIG])).stdout);
        const drawn = await page.evaluate(() => (window as any).cutePage.stage.lastDraw);
        expect(drawn.done).toBe(true);
        expect(drawn.slices).toBeGreaterThan(3);
        // scroll the canvas's top off the screen, redraw, and look before the second slice
        const seen = await page.evaluate(() => {
          const s = (window as any).cutePage.stage;
          const top = s.base.getBoundingClientRect().top + window.scrollY;
          window.scrollTo(0, top + 800);
          const rect = s.base.getBoundingClientRect();
          s.zoom(s.scale);
          const dpr = s.base.width / s.base.clientWidth;
          const alpha = (window as any).__alpha;
          const y = Math.floor((-rect.top + 10) * dpr); // the first band on the screen
          const x = Math.floor(s.base.width / 2);
          return { onScreen: alpha(x, y), offScreen: alpha(x, Math.floor(40 * dpr)), drawing: s.job !== undefined, scrolled: -rect.top > 400 };
        });
        expect(seen).toEqual({ onScreen: 255, offScreen: 0, drawing: true, scrolled: true });
        await page.waitForFunction(() => !document.body.dataset.drawing);
        expect(await alphaAt(page, 40, 40)).toBe(255);
        await page.evaluate(() => window.scrollTo(0, 0));
      }, 120_000);

      it("keys are handled while it draws, with its progress shown; stop stops it", async () => {
        await page.evaluate(() => {
          const w = window as any;
          w.__keys = [];
          document.getElementById("search")!.addEventListener("keydown", () => w.__keys.push(document.body.dataset.drawing === "1"));
          w.cutePage.stage.zoom(28); // texts in every cell: hundreds of slices
        });
        await page.waitForFunction(() => document.body.dataset.drawing === "1");
        expect(await page.isVisible("#progress")).toBe(true);
        expect(await text(page, "#progress-text")).toMatch(/^drawing \d+%/);
        if (await page.isHidden("#search")) await page.click("#toggle-catalog");
        await page.focus("#search");
        for (const k of "ldsm") await page.keyboard.press(k);
        const keys = await page.evaluate(() => (window as any).__keys as boolean[]);
        expect(keys.length).toBe(4);
        expect(keys.filter((x) => x).length).toBeGreaterThan(0);
        await shot("drawing");
        await page.click("#progress-stop");
        await page.waitForFunction(() => !document.body.dataset.drawing);
        expect(await page.evaluate(() => (window as any).cutePage.stage.lastDraw.done)).toBe(false);
        expect(await page.getAttribute("canvas.overlay", "data-drawn")).toBe("stopped");
        expect(await page.isHidden("#progress")).toBe(true);
        expect(await text(page, "#info")).toMatch(/^drawing stopped/);
        await page.fill("#search", "");
      }, 120_000);

      it("a new line cancels the drawing under way", async () => {
        await page.evaluate(() => {
          const w = window as any;
          w.__ends = [];
          const s = w.cutePage.stage;
          const own = s.onDrawn;
          s.onDrawn = (st: { done: boolean }) => {
            w.__ends.push(st.done);
            own(st);
          };
          s.zoom(28);
        });
        await page.waitForFunction(() => document.body.dataset.drawing === "1");
        await type(page, "(_4,_8):(_8,_1)");
        // the big drawing was cancelled; the last drawing, the new line's, is complete
        const ends = await page.evaluate(() => (window as any).__ends as boolean[]);
        expect(ends[0]).toBe(false);
        expect(ends.at(-1)).toBe(true);
        expect(await text(page, "#legend")).toBe("(_4,_8):(_8,_1)");
        await page.evaluate(() => ((window as any).cutePage.stage.sliceMs = 10));
      }, 120_000);
    });

    it("fetched nothing but its own files, and logged no error", () => {
      expect(foreign(requests)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
