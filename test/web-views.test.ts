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
import { createHash } from "node:crypto";
import { run } from "./helpers.js";
import { runLine } from "../src/web/session.js";
import { CHROMIUM, HOW, REQUIRED, SHOTS, cellPoint as sharedCellPoint, foreign, hoverCell, launch, openPage, settled, text, type, waitTip } from "./web/browser.js";

if (!CHROMIUM && !REQUIRED) console.warn(`\n[web-views] skipped: Chromium not found; ${HOW}\n`);

const BIG = "(_512,_512):(_1,_512)";

/** in the page: the picture's pixel at device pixel (x, y), its alpha and its colour (read from a copy of its tile, stage.base.pixel) */
const ALPHA = `window.__alpha = (x, y) => window.cutePage.stage.base.pixel(x, y)[3];
window.__px = (x, y) => window.cutePage.stage.base.pixel(x, y).slice(0, 3);`;

/** the alpha of the picture's pixel at (x, y) CSS pixels of the canvas */
const alphaAt = (p: Page, x: number, y: number) =>
  p.evaluate(([x, y]) => {
    const s = (window as any).cutePage.stage;
    const dpr = s.dpr;
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
          const top = s.base.element.getBoundingClientRect().top + window.scrollY;
          window.scrollTo(0, top + 800);
          const rect = s.base.element.getBoundingClientRect();
          s.zoom(s.scale);
          const dpr = s.dpr;
          const alpha = (window as any).__alpha;
          const y = Math.floor(-rect.top * dpr); // the screen's top row: in the first band on the screen
          const x = Math.floor(s.base.width / 2);
          return { onScreen: alpha(x, y), offScreen: alpha(x, Math.floor(40 * dpr)), drawing: s.job !== undefined, scrolled: -rect.top > 400 };
        });
        expect(seen).toEqual({ onScreen: 255, offScreen: 0, drawing: true, scrolled: true });
        await page.waitForFunction(() => !document.body.dataset.drawing);
        expect(await alphaAt(page, 40, 40)).toBe(255);
        await page.evaluate(() => window.scrollTo(0, 0));
      }, 120_000);

      it("its base is canvases of a few rows each, made as the drawing reaches them", async () => {
        // the 512x512 layout of the test before: redrawn one step a slice, looked at after the first slice and at the end
        const first = await page.evaluate(() => {
          const s = (window as any).cutePage.stage;
          s.zoom(s.scale);
          return { made: s.base.made, drawing: s.job !== undefined, canvases: s.base.element.querySelectorAll("canvas").length };
        });
        expect(first.drawing).toBe(true);
        expect(first.made).toBeGreaterThan(0);
        expect(first.made).toBeLessThanOrEqual(2); // one band's rows: a tile or two, not the picture
        expect(first.canvases).toBe(first.made);
        await page.waitForFunction(() => !document.body.dataset.drawing);
        const t = await page.evaluate(() => {
          const s = (window as any).cutePage.stage;
          const tiles = [...s.base.element.querySelectorAll("canvas")] as HTMLCanvasElement[];
          const h0 = tiles[0]!.height;
          const x = Math.floor(s.base.width / 2) + 1;
          return {
            n: tiles.length,
            biggest: Math.max(...tiles.map((c) => c.width * c.height)),
            rows: tiles.reduce((a, c) => a + c.height, 0),
            height: s.base.height,
            widths: [...new Set(tiles.map((c) => c.width))],
            width: s.base.width,
            // the rows either side of the first seam are painted
            seam: [s.base.pixel(x, h0 - 1)[3], s.base.pixel(x, h0)[3]],
          };
        });
        expect(t.n).toBeGreaterThan(2);
        expect(t.biggest).toBeLessThanOrEqual(1 << 18);
        expect(t.rows).toBe(t.height);
        expect(t.widths).toEqual([t.width]);
        expect(t.seam).toEqual([255, 255]);
        // a hovered cell's frame: the marks' tiles of its rows only, not the whole picture's
        const marks = await page.evaluate(() => {
          const s = (window as any).cutePage.stage;
          const before = s.marks.made;
          s.hover = { panel: 0, r: 300, c: 5 };
          s.drawOverlay();
          const q = s.picture.panels[0];
          // the frame's line (3 px wide, on the cell's edge) at the middle of the cell's left side
          const x = Math.floor((q.x + 5) * s.colW * s.dpr), y = Math.floor((q.y + 300.5) * s.scale * s.dpr);
          const seen = { before, made: s.marks.made, edge: s.marks.pixel(x, y)[3] };
          s.hover = undefined;
          s.drawOverlay();
          return { ...seen, cleared: s.marks.pixel(x, y)[3] };
        });
        expect(marks.before).toBe(0);
        expect(marks.made).toBeGreaterThan(0);
        expect(marks.made).toBeLessThanOrEqual(2);
        expect(marks.edge).toBeGreaterThan(0);
        expect(marks.cleared).toBe(0);
      }, 120_000);

      it("keys are handled while it draws, with its progress shown; stop stops it", async () => {
        const folded = await page.isHidden("#search");
        if (folded) await page.click("#toggle-catalog");
        await page.evaluate(() => {
          const w = window as any;
          w.__keys = [];
          document.getElementById("search")!.addEventListener("keydown", () => w.__keys.push(document.body.dataset.drawing === "1"));
          w.cutePage.stage.zoom(28); // texts in every cell: hundreds of slices
        });
        await page.waitForFunction(() => document.body.dataset.drawing === "1");
        expect(await page.isVisible("#progress")).toBe(true);
        expect(await text(page, "#progress-text")).toMatch(/^drawing \d+%/);
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
        if (folded) await page.click("#toggle-catalog");
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

    /** a cell's centre in the viewport (scrolled to the middle of the screen first) */
    const cellPoint = (panel: string, r: number, c: number, dx = 0.5, dy = 0.5) => sharedCellPoint(page, panel, r, c, dx, dy);

    describe("the page on a phone and on a desktop", () => {
      it("the header, the input line and Run fit the width; nothing scrolls sideways", async () => {
        await type(page, "mma SM80_16x8x8_F16F16F16F16_TN");
        const line = (await page.locator("#line").boundingBox())!;
        const runBtn = (await page.locator("#form button[type=submit]").boundingBox())!;
        expect(line.width).toBeGreaterThan(width < 600 ? 250 : 700);
        expect(Math.abs(runBtn.y - line.y)).toBeLessThan(8); // Run beside the input
        expect(runBtn.x).toBeGreaterThan(line.x + line.width - 1);
        expect(runBtn.x + runBtn.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // the catalog: folded at first on a phone, beside the result on a desktop
        expect(await page.getAttribute("#toggle-catalog", "aria-expanded")).toBe(width < 600 ? "false" : "true");
        if (width < 600) {
          await page.click("#toggle-catalog");
          const cat = (await page.locator("#catalog").boundingBox())!;
          expect(cat.width).toBeGreaterThan(width - 40);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.click("#toggle-catalog");
        }
        await shot("mma");
      }, 120_000);

      it("the hover box describes the cell a tap (or a click) chose", async () => {
        const line = "mma SM80_16x8x8_F16F16F16F16_TN";
        const pic = (await runLine(line)).picture!;
        const A = pic.panels.find((q) => q.name === "A")!, C = pic.panels.find((q) => q.name === "C")!;
        // the pointer was over another cell first
        const a = await cellPoint("A", 0, 0);
        await page.mouse.move(a.x, a.y);
        const p = await cellPoint("C", 5, 3);
        if (width < 600) await page.touchscreen.tap(p.x, p.y);
        else await page.mouse.click(p.x, p.y);
        // the box says the chosen cell once the engine's worker has answered for it
        await page.waitForFunction((want) => !document.getElementById("tip")!.hidden && document.getElementById("tip")!.dataset.cell === want, `${pic.panels.indexOf(C)},5,3`);
        // the cell's lines, then its thread's cells in A, B and C (the linked partitions)
        const lines = (await text(page, "#tip")).split("\n");
        expect(lines.slice(0, -1).join("\n")).toBe(C.describe(5, 3).join("\n"));
        expect(lines.at(-1)).toMatch(/^its thread's cells: /);
        expect(lines.slice(0, -1).join("\n")).not.toBe(A.describe(0, 0).join("\n"));
        expect(await page.getAttribute("#tip", "data-cell")).toBe(`${pic.panels.indexOf(C)},5,3`);
        const tip = (await page.locator("#tip").boundingBox())!;
        expect(tip.x).toBeGreaterThanOrEqual(0);
        expect(tip.x + tip.width).toBeLessThanOrEqual(width);
        // a second tap (click) on it says the same: the engine's answer for the cell is kept, not added to
        await page.evaluate(() => (document.getElementById("info")!.textContent = ""));
        if (width < 600) await page.touchscreen.tap(p.x, p.y);
        else await page.mouse.click(p.x, p.y);
        await page.waitForFunction(() => document.getElementById("info")!.textContent !== "");
        expect((await text(page, "#tip")).split("\n")).toEqual(lines);
        expect((await text(page, "#info")).split(" · ")).toEqual(lines);
        await shot("tap");
        await page.keyboard.press("Escape");
      }, 120_000);
    });

    describe("--force, downloads and zoom where the CLI draws", () => {
      const sha = (s: string) => createHash("sha256").update(s).digest("hex");
      const pageSha = () =>
        page.evaluate(async () => {
          const b = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(document.getElementById("out")!.textContent ?? ""));
          return Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, "0")).join("");
        });
      const shown = (id: string) => page.isVisible(`#${id}`);

      it("a layout print refuses: no zoom, no downloads; --force asks print for it", async () => {
        const L = "(1024,1024):(1024,1)";
        await type(page, L);
        expect(await text(page, "#out")).toBe((await run(["eval", L])).stdout);
        expect(await text(page, "#notes")).toMatch(/pass --force/);
        expect([await shown("zoom-in"), await shown("zoom-fit"), await shown("dl-svg"), await shown("dl-latex"), await shown("force")]).toEqual([false, false, false, false, true]);
        const before = Number(await page.getAttribute("body", "data-runs"));
        await page.click("#force");
        await settled(page, before);
        expect(await page.inputValue("#line")).toBe(`print '${L}' --force`);
        const cli = await run(["print", L, "--force"]);
        expect(await pageSha()).toBe(sha(cli.stdout));
        expect(await shown("force")).toBe(false);
        expect(await shown("dl-svg")).toBe(false); // past the CLI's hard limit for pictures
        await shot("force");
      }, 120_000);

      it("a picture the CLI draws only with --force: downloads offered with it", async () => {
        const L = "(384,384):(384,1)";
        await type(page, L);
        expect([await shown("zoom-in"), await shown("dl-svg"), await shown("force")]).toEqual([true, false, true]);
        const before = Number(await page.getAttribute("body", "data-runs"));
        await page.click("#force");
        await settled(page, before);
        expect([await shown("zoom-in"), await shown("dl-svg"), await shown("dl-latex"), await shown("force")]).toEqual([true, true, true, false]);
        expect(await page.evaluate(() => (window as any).cutePage.outcome().svg)).toEqual(["print", L, "--svg", "--force"]);
        await type(page, "(_4,_8):(_8,_1)");
        expect([await shown("zoom-in"), await shown("dl-svg"), await shown("force")]).toEqual([true, true, false]);
      }, 120_000);
    });

    it("tma-coords --partition draws the partition over its tile", async () => {
      const argv = ["tma-coords", "--op", "SM90_TMA_LOAD_MULTICAST", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)", "--cluster", "_2", "--tile", "(_16,_16)", "--block", "(7,0)", "--partition", "S", "--rank", "1"];
      await type(page, argv.join(" "));
      const cli = await run(argv);
      expect(await text(page, "#out")).toBe(cli.stdout);
      // the partition's coordinates, in order; each instruction moves the first values of its block
      const listed = cli.stdout.split("\n").filter((l) => /^\s+\(/.test(l)).map((l) => l.trim());
      const legend = /partition_S coloured \((\d+) of 256 cells\)/.exec(await text(page, "#legend"));
      expect(legend).not.toBeNull();
      const n = Number(legend![1]);
      expect(n).toBeGreaterThan(0);
      const q = await page.evaluate(() => {
        const p = (window as any).cutePage.stage.picture.panels[0];
        return { rows: p.rows, cols: p.cols, texts: p.texts as string[], owner: Array.from(p.owner as Int32Array) };
      });
      expect([q.rows, q.cols]).toEqual([16, 16]); // the tile, not a stripe
      const coloured = q.texts.filter((_t, i) => q.owner[i]! >= 0).map((t) => t.trim());
      expect(coloured.length).toBe(n);
      const coords = new Set(coloured);
      expect(coloured.every((t) => listed.includes(t))).toBe(true);
      const inside = q.texts.findIndex((t) => coords.has(t.trim()));
      const outside = q.texts.findIndex((t) => !coords.has(t.trim()));
      for (const [i, rgb] of [[inside, [175, 255, 175]], [outside, [232, 232, 232]]] as const) {
        const pt = await cellPoint("tensor", Math.floor(i / 16), i % 16, 0.15, 0.15);
        const box = (await page.locator("#stage > .base").boundingBox())!;
        const dpr = await page.evaluate(() => (window as any).cutePage.stage.dpr);
        expect(await page.evaluate(([x, y]) => (window as any).__px(x, y), [Math.floor((pt.x - box.x) * dpr), Math.floor((pt.y - box.y) * dpr)] as const)).toEqual(rgb);
      }
      await shot("tma-partition");
    }, 120_000);

    it("the catalog's search takes the words people use", async () => {
      if (await page.isHidden("#catalog")) await page.click("#toggle-catalog");
      const names = async (q: string) => {
        await page.fill("#search", q);
        await page.waitForFunction((q) => document.getElementById("entries")!.dataset.query === q, q);
        return page.$$eval("#entries li .name", (xs) => xs.map((x) => x.textContent ?? ""));
      };
      const umma = await names("umma 2sm");
      expect(umma.length).toBeGreaterThan(0);
      expect(umma.every((n) => /2x1SM/.test(n) && /UMMA|SM100/.test(n))).toBe(true);
      const wgmma = await names("wgmma f16");
      expect(wgmma.filter((n) => /^SM90_.*GMMA/.test(n)).length).toBeGreaterThan(0);
      expect(wgmma.filter((n) => /^SM(80|100)_/.test(n))).toEqual([]);
      expect(await names("sm90 f64 tn")).toContain("SM90_16x8x4_F64F64F64F64_TN");
      expect(await names("m16n8k16 f16")).toContain("SM80_16x8x16_F16F16F16F16_TN");
      await shot("catalog");
      await page.fill("#search", "");
      if (width < 600) await page.click("#toggle-catalog");
    }, 120_000);

    describe("the algebra made visible", () => {
      /** hover a cell; the hover box's text */
      const hover = (panel: string, r: number, c: number) => hoverCell(page, width < 600, panel, r, c);

      it("composition: A and B beside the result; a result cell names the cells it came from", async () => {
        const line = "composition((6,2):(8,2),(4,3):(3,1))";
        await type(page, line);
        expect(await text(page, "#out")).toBe((await run(["print", line])).stdout);
        const pic = (await runLine(line)).picture!;
        expect(pic.panels.map((q) => q.name)).toEqual(["A", "B", "result"]);
        expect(await text(page, "#legend")).toBe(pic.panels.map((q) => q.title).join("  ·  "));
        const res = pic.panels.length - 1;
        const from = pic.links!({ panel: res, r: 2, c: 1 });
        expect(from.some((f) => pic.panels[f.panel]!.name === "A")).toBe(true);
        expect(from).toContainEqual({ panel: 1, r: 2, c: 1 });
        const tip = await hover("result", 2, 1);
        const where = from.map((f) => `${pic.panels[f.panel]!.name} (${f.r},${f.c})`).slice(0, 4).join(", ");
        expect(tip.split("\n").at(-1)).toBe(`from ${where}`);
        // the result's index is the index of the A cells it names
        const R = pic.panels[res]!, A = pic.panels[0]!;
        for (const f of from.filter((f) => f.panel === 0)) expect(A.index![f.r * A.cols + f.c]).toBe(R.index![2 * R.cols + 1]);
        await shot("composition");
      }, 120_000);

      it("a swizzle: the layout before it beside the swizzled one, linked by coordinate", async () => {
        const line = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)";
        await type(page, line);
        expect(await text(page, "#out")).toBe((await run(["print", line])).stdout);
        expect(await page.evaluate(() => (window as any).cutePage.stage.picture.panels.map((q: { name: string }) => q.name))).toEqual(["before", "after"]);
        const tip = await hover("after", 3, 9);
        expect(tip.split("\n").at(-1)).toBe("from before (3,9)");
        await shot("swizzle");
      }, 120_000);

      it("local_tile: the input with the kept tile coloured and the rest grey", async () => {
        const line = "local_tile(make_tensor(counting_iter(0),(8,24)),(_4,_8),(1,2))";
        await type(page, line);
        expect(await text(page, "#out")).toBe((await run(["print", line])).stdout);
        const q = await page.evaluate(() => {
          const p = (window as any).cutePage.stage.picture.panels;
          return p.map((x: any) => ({ name: x.name, rows: x.rows, cols: x.cols, owner: x.owner ? Array.from(x.owner as Int32Array) : undefined }));
        });
        expect(q.map((x: { name: string }) => x.name)).toEqual(["input", "tile"]);
        expect([q[0].rows, q[0].cols, q[1].rows, q[1].cols]).toEqual([8, 24, 4, 8]);
        const kept = (q[0].owner as number[]).filter((o) => o >= 0).length;
        expect(kept).toBe(32);
        // tile (1,2) of (_4,_8): rows 4..7, columns 16..23
        const grey = (q[0].owner as number[]).findIndex((o) => o < 0);
        expect(await hover("input", Math.floor(grey / 24), grey % 24)).toMatch(/discarded by local_tile$/);
        expect(await hover("input", 5, 17)).toMatch(/in the tile local_tile keeps$/);
        const pt = await cellPoint("input", 0, 0, 0.15, 0.15);
        const box = (await page.locator("#stage > .base").boundingBox())!;
        const dpr = await page.evaluate(() => (window as any).cutePage.stage.dpr);
        expect(await page.evaluate(([x, y]) => (window as any).__px(x, y), [Math.floor((pt.x - box.x) * dpr), Math.floor((pt.y - box.y) * dpr)] as const)).toEqual([232, 232, 232]);
        await shot("local-tile");
      }, 120_000);
    });

    it("verify banks: the bank map over the smem tile, the worst phase's accesses framed", async () => {
      const argv = ["verify", "banks", "(_32,_32):(_32,_1)", "--tv", "(_32,_32):(_1,_32)", "--type", "float"];
      await type(page, argv.join(" "));
      const cli = await run(argv);
      expect(cli.exit).toBe(1);
      expect(await text(page, "#out")).toBe(cli.stdout);
      const q = await page.evaluate(() => {
        const p = (window as any).cutePage.stage.picture.panels[0];
        return { name: p.name, rows: p.rows, cols: p.cols, texts: p.texts as string[], framed: Array.from(p.regions as Int32Array).filter((x) => x > 0).length };
      });
      expect([q.name, q.rows, q.cols]).toEqual(["banks", 32, 32]);
      // row-major floats: element m*32+n sits at byte 4*(m*32+n), in bank n
      expect(q.texts.every((t, i) => t === String(i % 32))).toBe(true);
      // the worst phase: 8 threads, a 16-byte access each (4 floats)
      expect(q.framed).toBe(32);
      expect(await text(page, "#legend")).toMatch(/bank 0 serves 8 words/);
      await shot("banks");
    }, 120_000);

    it("a cell many threads hold lists every owner (a GMMA's A from smem: all 128 threads)", async () => {
      const line = "mma SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>";
      await type(page, line);
      const pic = (await runLine(line)).picture!;
      const A = pic.panels.find((q) => q.name === "A")!;
      const want = A.describe(0, 0);
      expect(want.at(-1)).toMatch(/^held by \d+ thread-value pairs \(the picture shows the first\): (T\d+V\d+ ){16}and \d+ more$/);
      await page.evaluate(() => {
        const s = (window as any).cutePage.stage;
        if (s.scale < 12) s.zoom(16);
      });
      const pt = await cellPoint("A", 0, 0);
      if (width < 600) await page.touchscreen.tap(pt.x, pt.y);
      else await page.mouse.click(pt.x, pt.y);
      await waitTip(page, "A", 0, 0);
      expect((await text(page, "#tip")).split("\n").slice(0, want.length).join("\n")).toBe(want.join("\n"));
      await page.keyboard.press("Escape");
    }, 120_000);

    it("fetched nothing but its own files, and logged no error", () => {
      expect(foreign(requests)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
