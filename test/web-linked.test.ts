/**
 * The page's views of round 3 in Chromium, at a desktop's width (1440 px) and a phone's (390 px):
 * the lines run in the engine's Web Worker, off the page's thread (the text still the CLI's, byte
 * for byte; a newer line cancels the run under way); verify vector's 32-byte sectors. Each asserts what is on the screen (DOM text,
 * the state the page exposes as window.cutePage); none asserts a time (the page's timings are
 * npm run bench:web). Screenshots go to test-output/web/.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { run } from "./helpers.js";
import { CHROMIUM, HOW, REQUIRED, SHOTS, foreign, hoverCell, launch, openPage, settled, text, type } from "./web/browser.js";

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
        expect(await page.evaluate(() => (window as any).cutePage.lastLine())).toBe("worker");
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

    it("verify vector: a copy's 32-byte sectors over both tiles, the sectors each access touches counted", async () => {
      const argv = ["verify", "vector", "(_32,_8):(_1,_33)", "(_32,_8):(_1,_32)", "--type", "float"];
      await type(page, argv.join(" "));
      const cli = await run(argv);
      expect(await text(page, "#out")).toBe(cli.stdout);
      const per = Number(/widest access: (\d+) x float/.exec(cli.stdout)![1]);
      expect(per).toBe(4);
      // the accesses run along dst's contiguous elements; src's padded columns (33 floats) straddle sectors
      const srcByte = (i: number) => 4 * ((i % 32) + 33 * Math.floor(i / 32));
      const tally = new Map<number, number>();
      for (let a = 0; a < 256 / per; a++) {
        const first = srcByte(a * per), last = srcByte(a * per + per - 1) + 3;
        const k = Math.floor(last / 32) - Math.floor(first / 32) + 1;
        tally.set(k, (tally.get(k) ?? 0) + 1);
      }
      const q = await page.evaluate(() => (window as any).cutePage.stage.picture.panels.map((p: any) => ({ name: p.name, rows: p.rows, cols: p.cols, texts: p.texts as string[] })));
      expect(q.map((x: { name: string }) => x.name)).toEqual(["src", "dst"]);
      expect([q[0].rows, q[0].cols]).toEqual([32, 8]);
      // each cell's number: the sector its byte falls in
      expect(q[0].texts[0 * 8 + 1]).toBe(String(Math.floor(srcByte(32) / 32)));
      expect(q[1].texts[5 * 8 + 3]).toBe(String(Math.floor((4 * (5 + 32 * 3)) / 32)));
      const legend = await text(page, "#legend");
      const counts = [...tally].sort((a, b) => a[0] - b[0]).map(([k, n]) => `${n} touch ${k}`).join(", ");
      expect(legend).toContain(`src (_32,_8):(_1,_33): ${256 / per} accesses of 16 bytes (4 x float): ${counts} sectors of 32 bytes`);
      expect(legend).toContain("dst (_32,_8):(_1,_32): 64 accesses of 16 bytes (4 x float): each touches 1 sector of 32 bytes");
      const tip = await hoverCell(page, width < 600, "src", 0, 1);
      expect(tip.split("\n")[0]).toBe(`src (0,1), element 32: byte ${srcByte(32)}, sector ${Math.floor(srcByte(32) / 32)} (32 bytes)`);
      // its access: elements 32..35, the cells under it in src and in dst framed
      expect(tip).toMatch(/^from src \(1,1\), src \(2,1\), src \(3,1\), dst \(0,1\), and 3 more$/m);
      await shot("vector");
    }, 180_000);

    it("fetched nothing but its own files, and logged no error", () => {
      expect(foreign(requests)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
