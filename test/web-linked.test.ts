/**
 * The page's views of round 3 in Chromium, at a desktop's width (1440 px) and a phone's (390 px):
 * the lines run in the engine's Web Worker, off the page's thread (the text still the CLI's, byte
 * for byte; a newer line cancels the run under way); verify vector's 32-byte sectors; partitions
 * as linked grids (partition_A/B/C, partition_S/D) and the warp view of a cell's owners. Each asserts what is on the screen (DOM text,
 * the state the page exposes as window.cutePage); none asserts a time (the page's timings are
 * npm run bench:web). Screenshots go to test-output/web/.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { run } from "./helpers.js";
import { runLine } from "../src/web/session.js";
import type { Panel } from "../src/web/picture.js";
import { CHROMIUM, HOW, REQUIRED, SHOTS, cellPoint, foreign, hoverCell, launch, openPage, settled, text, type } from "./web/browser.js";

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
        // until its worker has started the page answers the first lines itself; from then on the worker does
        await page.waitForFunction(() => (window as any).cutePage.workerStarted());
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
      expect(tip).toMatch(/^its access: src \(1,1\), src \(2,1\), src \(3,1\), dst \(0,1\), and 3 more$/m);
      await shot("vector");
    }, 180_000);

    describe("partitions as linked grids", () => {
      /** the marks' alpha at a cell's centre (what hover and links paint over the picture) */
      const overlayAlpha = async (panel: string, r: number, c: number) => {
        const pt = await cellPoint(page, panel, r, c);
        return page.evaluate(([x, y]) => {
          const s = (window as any).cutePage.stage;
          const b = s.overlay.getBoundingClientRect();
          return s.marks.pixel(Math.floor((x - b.left) * s.dpr), Math.floor((y - b.top) * s.dpr))[3] as number;
        }, [pt.x, pt.y] as const);
      };

      it("partition_A/B/C: hovering a C cell frames its thread's cells in A, B and C", async () => {
        const line = "mma SM80_16x8x16_F32F16F16F32_TN";
        await type(page, line);
        const pic = (await runLine(line)).picture!;
        const ci = pic.panels.findIndex((q) => q.name === "C");
        const C = pic.panels[ci]!;
        const t = C.thread![5 * C.cols + 3]!;
        const linked = pic.links!({ panel: ci, r: 5, c: 3 });
        const names = new Set(linked.map((x) => pic.panels[x.panel]!.name));
        expect([...names].sort()).toEqual(["A", "B", "C"]);
        // every linked cell is one of thread t's (each cell of this atom has one owner)
        for (const x of linked) {
          const q = pic.panels[x.panel]!;
          expect(q.thread![x.r * q.cols + x.c]).toBe(t);
        }
        const tip = await hoverCell(page, width < 600, "C", 5, 3);
        const where = linked.slice(0, 4).map((x) => `${pic.panels[x.panel]!.name} (${x.r},${x.c})`).join(", ");
        expect(tip.split("\n").at(-1)).toBe(`its thread's cells: ${where}, and ${linked.length - 4} more`);
        const a = linked.find((x) => pic.panels[x.panel]!.name === "A")!;
        const A = pic.panels[a.panel]!;
        const other = Array.from(A.thread!).findIndex((x) => x !== t);
        // (the hover box may sit over it: the overlay is read, not the screen)
        const mine = await overlayAlpha("A", a.r, a.c), theirs = await overlayAlpha("A", Math.floor(other / A.cols), other % A.cols);
        expect(mine).toBeGreaterThan(0);
        // a phone's tap also follows the thread: the other threads' cells are veiled, not tinted
        if (width >= 600) expect(theirs).toBe(0);
        else expect(theirs).not.toBe(mine);
        await shot("mma-linked");
      }, 180_000);

      it("partition_S/D: hovering an S cell frames the D cell of the same thread and value", async () => {
        const line = "copy SM75_U32x4_LDSM_N --value half_t --for-mma SM80_16x8x16_F32F16F16F32_TN --operand A";
        await type(page, line);
        const pic = (await runLine(line)).picture!;
        expect(pic.panels.map((q) => q.name)).toEqual(["S", "D"]);
        const [S, D] = pic.panels as [Panel, Panel];
        const i = 3 * S.cols + 5, t = S.thread![i]!, v = S.value![i]!;
        const linked = pic.links!({ panel: 0, r: 3, c: 5 });
        expect(linked.length).toBe(1);
        expect(linked[0]!.panel).toBe(1);
        // D's cell of (t, v), found by its own arrays
        const j = Array.from(D.thread!).findIndex((x, k) => x === t && D.value![k] === v);
        expect(linked[0]).toEqual({ panel: 1, r: Math.floor(j / D.cols), c: j % D.cols });
        const tip = await hoverCell(page, width < 600, "S", 3, 5);
        expect(tip.split("\n").at(-1)).toBe(`the same thread and value: D (${linked[0]!.r},${linked[0]!.c})`);
        expect(await overlayAlpha("D", linked[0]!.r, linked[0]!.c)).toBeGreaterThan(0);
        await shot("copy-linked");
      }, 180_000);

      it("the warp view: a click lists every owner of a cell, warp by warp (a GMMA's A from smem: 128 threads)", async () => {
        const line = "mma SM90_64x8x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>";
        await type(page, line);
        const pic = (await runLine(line)).picture!;
        const A = pic.panels.find((q) => q.name === "A")!;
        const owners = A.owners!(0, 0);
        expect(owners.length).toBe(128);
        await page.evaluate(() => {
          const s = (window as any).cutePage.stage;
          if (s.scale < 12) s.zoom(16);
        });
        const pt = await cellPoint(page, "A", 0, 0);
        if (width < 600) await page.touchscreen.tap(pt.x, pt.y);
        else await page.mouse.click(pt.x, pt.y);
        await page.waitForFunction(() => (document.getElementById("owners")!.dataset.cell ?? "").endsWith(",0,0") && document.getElementById("owners")!.textContent !== "");
        const lines = (await text(page, "#owners")).trimEnd().split("\n");
        expect(lines[0]).toBe(`${A.describe(0, 0)[0]}: 128 thread-value pairs`);
        const warps = [0, 1, 2, 3].map((w) => owners.filter(([t]) => Math.floor(t / 32) === w).map(([t, v]) => `T${t}V${v}`));
        expect(lines.slice(1)).toEqual(warps.map((xs, w) => `warp ${w} (${xs.length}): ${xs.join(" ")}`));
        expect(await page.locator("#owners").isVisible()).toBe(true);
        await shot("warp-view");
        await page.keyboard.press("Escape");
      }, 180_000);
    });

    describe("what each cell shows: value, index or coordinate", () => {
      const mode = async (m: "value" | "index" | "coordinate") => {
        await page.click(`#cells-${m}`);
        await page.waitForFunction((m) => (m === "value" || document.body.dataset.cells === m) && !document.body.dataset.busy && !document.body.dataset.drawing, m);
        expect(await page.getAttribute(`#cells-${m}`, "aria-pressed")).toBe("true");
      };
      const labels = () => page.evaluate(() => (window as any).cutePage.stage.picture.panels.map((p: any) => ({ name: p.name, rows: p.rows, cols: p.cols, labels: p.labels as string[] | undefined })));

      it("a layout's cells: its index (what print_layout prints), its coordinate as one integer, its natural coordinate", async () => {
        const line = "((2,2),(2,3)):((1,4),(2,8))";
        await type(page, line);
        const cli = (await run(["print", line])).stdout;
        expect(await page.isVisible("#cells")).toBe(true);
        await mode("coordinate");
        let q = (await labels())[0];
        expect([q.rows, q.cols]).toEqual([4, 6]);
        for (let m = 0; m < 4; m++) for (let n = 0; n < 6; n++) expect(q.labels![m * 6 + n]).toBe(`((${m % 2},${m >> 1}),(${n % 2},${Math.floor(n / 2)}))`);
        await shot("cells-coordinate");
        await mode("index");
        q = (await labels())[0];
        for (let m = 0; m < 4; m++) for (let n = 0; n < 6; n++) expect(q.labels![m * 6 + n]).toBe(String(m + 4 * n));
        // the text stays the CLI's
        expect(await text(page, "#out")).toBe(cli);
        await mode("value");
        expect((await labels())[0].labels).toBeUndefined();
      }, 180_000);

      it("a TiledMMA's cells in coordinate mode: (m,k), (n,k), (m,n); the mode stays for the next line", async () => {
        await mode("coordinate");
        await type(page, "mma SM80_16x8x8_F16F16F16F16_TN");
        expect(await page.evaluate(() => document.body.dataset.cells)).toBe("coordinate");
        const qs = await labels();
        const B = qs.find((x: { name: string }) => x.name === "B")!, C = qs.find((x: { name: string }) => x.name === "C")!;
        expect(C.labels![5 * C.cols + 3]).toBe("(5,3)");
        // B is drawn (k, n): its cell at row r, column c is (n,k) = (c,r)
        expect(B.labels![2 * B.cols + 6]).toBe("(6,2)");
        await mode("index");
        const C2 = (await labels()).find((x: { name: string }) => x.name === "C")!;
        expect(C2.labels![5 * C2.cols + 3]).toBe(String(5 + 3 * 16));
        await shot("cells-index-mma");
        await mode("value");
      }, 180_000);
    });

    describe("products and complement: the inputs beside the result, linked", () => {
      it("blocked_product: a result cell names the element of A and the tile of B it is; an A cell, the result cells it makes", async () => {
        const line = "blocked_product((_2,_2):(_1,_2),(_3,_4):(_4,_1))";
        await type(page, line);
        expect(await text(page, "#out")).toBe((await run(["print", line])).stdout);
        const pic = (await runLine(line)).picture!;
        expect(pic.panels.map((q) => q.name)).toEqual(["A", "B", "result"]);
        const [A, B, R] = pic.panels as [Panel, Panel, Panel];
        expect([R.rows, R.cols]).toEqual([6, 8]);
        // blocked: result row m is (a0, b0) = (m % 2, m / 2), column n is (a1, b1) = (n % 2, n / 2)
        const [m, n] = [3, 5];
        const a = { r: m % 2, c: n % 2 }, b = { r: Math.floor(m / 2), c: Math.floor(n / 2) };
        // the result's value: A's, offset by cosize(A) = 4 tiles of B
        expect(R.index![m * R.cols + n]).toBe(A.index![a.r * A.cols + a.c]! + 4 * B.index![b.r * B.cols + b.c]!);
        const tip = await hoverCell(page, width < 600, "result", m, n);
        expect(tip.split("\n").at(-1)).toBe(`the same element of A and tile of B: A (${a.r},${a.c}), B (${b.r},${b.c})`);
        const tipA = await hoverCell(page, width < 600, "A", 1, 0);
        // one result cell in each of B's 12 tiles
        expect(tipA.split("\n").at(-1)).toMatch(/^the same element of A and tile of B: result \(1,0\), result \(1,2\), result \(1,4\), result \(1,6\), and 8 more$/);
        await shot("blocked-product");
      }, 180_000);

      it("complement: A, its complement and the two together, each offset once; a complement cell frames the copy of A it shifts", async () => {
        const line = "complement((_2,_2):(_1,_6),_24)";
        await type(page, line);
        expect(await text(page, "#out")).toBe((await run(["print", line])).stdout);
        const pic = (await runLine(line)).picture!;
        expect(pic.panels.map((q) => q.name)).toEqual(["A", "result", "together"]);
        const [A, R, G] = pic.panels as [Panel, Panel, Panel];
        expect([G.rows, G.cols]).toEqual([A.rows * A.cols, R.rows * R.cols]);
        expect(Array.from(G.index!).sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_x, i) => i));
        const tip = await hoverCell(page, width < 600, "result", 1, 0);
        expect(tip.split("\n").at(-1)).toBe("linked: together (0,1), together (1,1), together (2,1), together (3,1)");
        // that column: A shifted by the complement's value
        for (let i = 0; i < 4; i++) expect(G.index![i * G.cols + 1]).toBe(A.index![(i % 2) * A.cols + Math.floor(i / 2)]! + R.index![1 * R.cols + 0]!);
        await shot("complement");
      }, 180_000);
    });

    it("fetched nothing but its own files, and logged no error", () => {
      expect(foreign(requests)).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}

describe("the README's picture of the page", () => {
  it("shows docs/img/page.png (made by test/web/screenshot-page.mjs), a small PNG", () => {
    const root = join(__dirname, "..");
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme).toMatch(/!\[[^\]]+\]\(docs\/img\/page\.png\)/);
    const png = readFileSync(join(root, "docs", "img", "page.png"));
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.length).toBeLessThan(200 * 1024);
    // IHDR: width and height, big-endian, after the signature and the chunk's length and type
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1000, 860]);
  });
});
