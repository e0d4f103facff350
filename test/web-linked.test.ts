/**
 * The page's views of round 3 in Chromium, at a desktop's width (1440 px) and a phone's (390 px):
 * the lines run in the engine's Web Worker, off the page's thread (the text still the CLI's, byte
 * for byte; a newer line cancels the run under way). Each asserts what is on the screen (DOM text,
 * the state the page exposes as window.cutePage); none asserts a time (the page's timings are
 * npm run bench:web). Screenshots go to test-output/web/.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { run } from "./helpers.js";
import { CHROMIUM, HOW, REQUIRED, SHOTS, foreign, launch, openPage, settled, text, type } from "./web/browser.js";

if (!CHROMIUM && !REQUIRED) console.warn(`\n[web-linked] skipped: Chromium not found; ${HOW}\n`);

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

for (const width of [1440, 390]) {
  describe.runIf(CHROMIUM)(`the page's linked views at ${width} px`, () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    let requests: string[];
    const shot = (name: string) => page.screenshot({ path: join(SHOTS, `linked-${width}-${name}.png`) });

    beforeAll(async () => {
      browser = await launch();
      ({ context, page, problems, requests } = await openPage(browser, width));
    }, 60_000);
    afterAll(async () => {
      await context?.close();
      await browser?.close();
    });

    describe("the lines run off the page's thread", () => {
      it("in the engine's worker, made from the page's own script: a 512x512 table is the CLI's text byte for byte", async () => {
        expect(await page.evaluate(() => (window as any).cutePage.worker())).toBe(true);
        const line = "(_512,_512):(_1,_512)";
        await type(page, line);
        const cli = (await run(["print", line])).stdout;
        const shown = await page.evaluate(() => document.getElementById("out")!.textContent ?? "");
        expect(shown.length).toBe(cli.length);
        expect(sha(shown)).toBe(sha(cli));
        expect(await page.evaluate(() => (window as any).cutePage.stage.picture.panels[0].rows)).toBe(512);
        await shot("worker-512");
      }, 180_000);

      it("a newer line cancels the run under way: the page shows the newer line's text", async () => {
        const before = Number((await page.getAttribute("body", "data-runs")) ?? 0);
        await page.fill("#line", "(_512,_256):(_256,_1)");
        await page.press("#line", "Enter");
        await page.fill("#line", "(4,8):(8,1)");
        await page.press("#line", "Enter");
        await settled(page, before);
        await page.waitForFunction(() => (document.getElementById("cmd")!.textContent ?? "").includes("(4,8):(8,1)"));
        await settled(page, before);
        expect(await text(page, "#out")).toBe((await run(["print", "(4,8):(8,1)"])).stdout);
        expect(await text(page, "#cmd")).toBe("$ cute-ts print '(4,8):(8,1)'");
      }, 180_000);
    });

    it("fetched nothing but its own files, and logged no error", () => {
      expect(foreign(requests)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
