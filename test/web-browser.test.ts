/**
 * The page in a real browser: playwright-core driving Chromium (Debian's `chromium` package)
 * over the built page, dist/web/index.html, opened from a file URL and from `cute-ts web`.
 * It types lines and compares the page's text with the CLI's for the same argv (goldens of
 * every family), hovers and clicks cells and follows a thread by keyboard, follows a share link,
 * downloads the SVG / LaTeX, checks an error's caret, searches the catalog, switches to dark,
 * counts the redraws of a 128x256 TiledMMA map (their times: npm run bench:web), and saves screenshots under
 * test-output/web/.
 *
 * Without Chromium these tests are skipped with a message saying how to install it; where
 * CI=true or CUTE_TS_REQUIRE_BROWSER=1 (as .ci/run sets), a missing browser fails instead.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { runLine, shellLine, shellQuote } from "../src/web/session.js";
import { serveWeb } from "../src/cli/commands/web.js";
import { readGolden, run, trimEnd, type GoldenRecord } from "./helpers.js";
import { waitTip } from "./web/browser.js";

const ROOT = join(__dirname, "..");
const WEB = join(ROOT, "dist", "web");
const PAGE = pathToFileURL(join(WEB, "index.html")).href;
const SHOTS = join(ROOT, "test-output", "web");

/** CUTE_TS_CHROMIUM, else chromium (Debian), chromium-browser, google-chrome on the PATH */
function findChromium(): string | undefined {
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

const CHROMIUM = findChromium();
// .ci/run sets this where it has installed chromium, so there a browser that cannot start fails the tests
const REQUIRED = process.env.CUTE_TS_REQUIRE_BROWSER === "1";
const HOW = "install it with `sudo apt-get install -y chromium` (Debian/Ubuntu; .ci/run does this), or point CUTE_TS_CHROMIUM at a Chrome or Chromium binary";

if (!CHROMIUM && !REQUIRED) {
  console.warn(`\n[web-browser] skipped: Chromium not found; ${HOW}\n`);
}

describe.runIf(!CHROMIUM && REQUIRED)("the browser tests need Chromium here", () => {
  it("finds Chromium", () => {
    throw new Error(`Chromium not found, and CI or CUTE_TS_REQUIRE_BROWSER asks for the browser tests: ${HOW}`);
  });
});

/** every k-th golden record of a command (printed, or refused when errors) */
function sample(file: string, cmd: string, n: number, errors = false): GoldenRecord[] {
  const all = readGolden(`../fixtures/golden/${file}`).filter((r) => r.cmd[0] === cmd && (errors ? r.out === undefined : r.out !== undefined));
  const k = Math.max(1, Math.floor(all.length / n));
  return all.filter((_r, i) => i % (k + 1) === 0).slice(0, n);
}

describe.runIf(CHROMIUM)("the page in Chromium", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];
  const requests: string[] = [];

  const watch = (p: Page) => {
    p.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    p.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
    });
    p.on("request", (r) => requests.push(r.url()));
  };
  const runs = async (p: Page) => Number((await p.getAttribute("body", "data-runs")) ?? 0);
  // shown and drawn (a big picture draws in slices after its text is shown)
  const settled = (p: Page, after: number) => p.waitForFunction((n) => Number(document.body.dataset.runs ?? 0) > n && !document.body.dataset.busy && !document.body.dataset.drawing, after);

  /** type a line and press Enter; resolves when the page shows its result */
  async function type(line: string, p = page): Promise<void> {
    const before = await runs(p);
    await p.fill("#line", line);
    await p.press("#line", "Enter");
    await settled(p, before);
  }
  const text = async (sel: string, p = page) => (await p.textContent(sel)) ?? "";

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { chromium } = await import("playwright-core");
    // no wall-clock limit of playwright's own (30 s a wait, 180 s a launch): vitest's timeouts are the net
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"], timeout: 0 });
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: "light", acceptDownloads: true });
    context.setDefaultTimeout(0);
    page = await context.newPage();
    watch(page);
    await page.goto(PAGE);
    await settled(page, 0);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("paints from a file URL, and shows CuTe's text for its first line", async () => {
    // how soon is measured by the page bench (npm run bench:web), not here
    const t = await page.evaluate(() => ({
      paints: performance.getEntriesByName("first-contentful-paint").length,
      runs: performance.getEntriesByName("cute:run").length,
    }));
    expect(t).toEqual({ paints: 1, runs: 1 });
    const cli = await run(["print", "logical_divide((16,32):(32,1),(4,8))"]);
    expect(await text("#out")).toBe(cli.stdout);
    await page.screenshot({ path: join(SHOTS, "start.png") });
  });

  describe("typed lines print what the CLI prints", () => {
    const cases = [
      ...sample("algebra.jsonl", "eval", 7),
      ...sample("algebra.jsonl", "print", 5),
      ...sample("algebra.jsonl", "eval", 3, true),
      ...sample("atoms.jsonl", "mma", 6),
      ...sample("atoms.jsonl", "copy", 6),
      ...sample("tma.jsonl", "tma", 4),
      ...sample("tma.jsonl", "tma-coords", 3),
    ];
    it("has goldens of every family", () => expect(cases.length).toBeGreaterThanOrEqual(30));
    it("for each, the text, the error and the command line are the CLI's (and CuTe's)", async () => {
      for (const r of cases) {
        await type(r.cmd.map(shellQuote).join(" "));
        const shown = await page.evaluate(() => ["out", "err", "cmd"].map((id) => document.getElementById(id)!.textContent ?? ""));
        const cli = await run(r.cmd);
        expect(shown, r.id).toEqual([cli.stdout, cli.stderr, `$ ${shellLine(r.cmd)}`]);
        if (r.out !== undefined) expect(trimEnd(shown[0]!), r.id).toBe(trimEnd(r.out));
      }
    }, 600_000);
  });

  it("an error shows inline with the CLI's caret", async () => {
    const bad = "composition((6,2):(8,2),(4,3):(3,1)x";
    await type(bad);
    const cli = await run(["eval", bad]);
    expect(cli.exit).toBe(2);
    expect(await text("#err")).toBe(cli.stderr);
    expect(await page.isVisible("#err")).toBe(true);
    expect(await page.isVisible("#stage")).toBe(false);
    await page.screenshot({ path: join(SHOTS, "error.png") });
  });

  describe("a TiledMMA's picture", () => {
    const op = "SM80_16x8x8_F16F16F16F16_TN";
    const line = `mma ${op}`;
    /** the page position of a cell, from the same picture built in Node and the page's zoom */
    async function at(panel: string, r: number, c: number): Promise<{ x: number; y: number }> {
      const pic = (await runLine(line)).picture!;
      const q = pic.panels.find((p) => p.name === panel)!;
      const box = (await page.locator("canvas.overlay").boundingBox())!;
      const s = Number(await page.getAttribute("canvas.overlay", "data-scale"));
      return { x: box.x + (q.x + c + 0.5) * s * pic.cellW, y: box.y + (q.y + r + 0.5) * s };
    }
    const owner = async (panel: string, r: number, c: number) => {
      const q = (await runLine(line)).picture!.panels.find((p) => p.name === panel)!;
      return q.thread![r * q.cols + c]!;
    };

    it("hovering a cell shows its coordinate, index and owner", async () => {
      await type(line);
      const { x, y } = await at("A", 2, 1);
      await page.mouse.move(x, y);
      await waitTip(page, "A", 2, 1);
      const q = (await runLine(line)).picture!.panels.find((p) => p.name === "A")!;
      // its lines, then the cells of its thread in A, B and C (the linked partitions)
      const lines = (await text("#tip")).split("\n");
      expect(lines.slice(0, -1).join("\n")).toBe(q.describe(2, 1).join("\n"));
      expect(lines.at(-1)).toMatch(/^its thread's cells: /);
      expect(await text("#tip")).toMatch(/^A \(m,k\) = \(2,1\), index \d+ in the 16 x 8 tile\nthread \d+, value \d+\n/);
    });

    it("clicking a cell follows its thread: mma --thread T's listing, and the thread in the URL", async () => {
      const t = await owner("C", 5, 3);
      const { x, y } = await at("C", 5, 3);
      await page.mouse.click(x, y);
      await page.waitForFunction(() => (document.getElementById("thread-out")?.textContent ?? "") !== "");
      const cli = await run(["mma", op, "--thread", String(t)]);
      expect(await text("#thread-out")).toBe(`$ ${shellLine(["mma", op, "--thread", String(t)])}\n${cli.stdout}`);
      expect(new URL(page.url()).hash).toContain(`t=${t}`);
      await page.screenshot({ path: join(SHOTS, "mma-thread.png") });
    });

    it("a share link opens the same line and thread", async () => {
      const url = page.url();
      const other = await context.newPage();
      watch(other);
      await other.goto(url);
      await settled(other, 0);
      expect(await other.inputValue("#line")).toBe(line);
      expect(await text("#out", other)).toBe(await text("#out"));
      await other.waitForFunction(() => (document.getElementById("thread-out")?.textContent ?? "") !== "");
      expect(await text("#thread-out", other)).toBe(await text("#thread-out"));
      await other.close();
    });

    it("the keyboard moves over the cells and follows a thread", async () => {
      await type(line);
      await page.focus("canvas.overlay");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowDown");
      // the first panel is A: the cursor is on A (1,1) (what the engine's worker says of it, once it answers)
      await page.waitForFunction(() => /^A \(m,k\) = \(1,1\)/.test(document.getElementById("info")?.textContent ?? ""));
      expect(await text("#info")).toMatch(/^A \(m,k\) = \(1,1\)/);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => (document.getElementById("thread-out")?.textContent ?? "") !== "");
      const t = await owner("A", 1, 1);
      expect(await text("#thread-out")).toContain(`A: thread ${t},`);
      await page.keyboard.press("Escape");
      await page.waitForFunction(() => (document.getElementById("thread-out")?.textContent ?? "") === "");
    });

    it("downloads exactly what --svg and --latex print (and CuTe drew)", async () => {
      await type(line);
      for (const [button, flag] of [["#dl-svg", "--svg"], ["#dl-latex", "--latex"]] as const) {
        const [download] = await Promise.all([page.waitForEvent("download"), page.click(button)]);
        const got = readFileSync((await download.path())!, "utf8");
        expect(got).toBe((await run(["mma", op, flag])).stdout);
      }
      const golden = readFileSync(join(ROOT, "fixtures", "golden", "pictures.jsonl"), "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as GoldenRecord)
        .find((r) => r.cmd.join(" ") === `mma ${op} --latex`)!;
      const [download] = await Promise.all([page.waitForEvent("download"), page.click("#dl-latex")]);
      expect(trimEnd(readFileSync((await download.path())!, "utf8"))).toBe(trimEnd(golden.out!));
    });
  });

  it("the catalog finds an op and runs it", async () => {
    if (await page.isHidden("#catalog")) await page.click("#toggle-catalog");
    await page.fill("#search", "U32x4_LDSM_N");
    await page.waitForFunction(() => document.querySelectorAll("#entries li").length === 1);
    const before = await runs(page);
    await page.press("#search", "Enter");
    await settled(page, before);
    expect(await page.inputValue("#line")).toBe("copy SM75_U32x4_LDSM_N --value half_t");
    expect(await text("#out")).toBe((await run(["copy", "SM75_U32x4_LDSM_N", "--value", "half_t"])).stdout);
    await page.screenshot({ path: join(SHOTS, "copy-atom.png") });
  });

  it("a TMA setup draws its box with the gmem coordinates", async () => {
    await type("tma --op SM90_TMA_LOAD_MULTICAST --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1) --cluster _2");
    expect(await text("#legend")).toMatch(/smem tile \(M,N\) = \(16,16\)/);
    expect(await text("#notes")).toMatch(/box \(16,8\) per TMA instruction/);
    await page.screenshot({ path: join(SHOTS, "tma.png") });
  });

  it("switches to dark and back, and follows the system's choice", async () => {
    await type("raked_product((_2,_2):(_1,_2),(_3,_4):(_4,_1))");
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
    await page.click("#theme");
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    expect(new URL(page.url()).hash).toContain("theme=dark");
    await page.screenshot({ path: join(SHOTS, "dark.png") });
    await page.click("#theme");
    expect(await page.getAttribute("html", "data-theme")).toBe("light");
    const dark = await browser.newContext({ colorScheme: "dark", viewport: { width: 1280, height: 800 } });
    dark.setDefaultTimeout(0);
    const p = await dark.newPage();
    watch(p);
    await p.goto(PAGE);
    await settled(p, 0);
    expect(await p.getAttribute("html", "data-theme")).toBe("dark");
    await dark.close();
  });

  it("a 128x256 TiledMMA map: a zoom redraws the map once, a click on a cell redraws only the overlay", async () => {
    // the work each gesture does, counted by the page's own marks; its time is the page bench's
    // (npm run bench:web), which draws this same map
    const big = "mma SM90_64x256x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K> --atoms (_2,_1,_1)";
    await type(big);
    expect(await text("#legend")).toContain("C (M,N) = (128,256)");
    const count = () => page.evaluate(() => ({ draw: performance.getEntriesByName("cute:draw").length, overlay: performance.getEntriesByName("cute:overlay").length }));
    const before = await count();
    for (let i = 0; i < 3; i++) {
      await page.click("#zoom-in");
      await page.click("#zoom-out");
    }
    const zoomed = await count();
    expect(zoomed.draw - before.draw).toBe(6);
    const box = (await page.locator("canvas.overlay").boundingBox())!;
    const s = Number(await page.getAttribute("canvas.overlay", "data-scale"));
    for (const [r, c] of [[0, 0], [1, 9], [7, 20]] as const) {
      await page.mouse.click(box.x + (16 + 2 + c + 0.5) * s, box.y + (16 + 2 + r + 0.5) * s);
    }
    const clicked = await count();
    expect(clicked.draw).toBe(zoomed.draw);
    // each click selects a thread (one overlay) after the pointer's move onto a new cell (one more)
    expect(clicked.overlay - zoomed.overlay).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: join(SHOTS, "mma-128x256.png") });
  });

  it("works the same served by cute-ts web, under its content policy", async () => {
    const web = await serveWeb(WEB, 0);
    try {
      const p = await context.newPage();
      watch(p);
      await p.goto(`${web.url}#q=${encodeURIComponent("copy SM75_U32x4_LDSM_N --value half_t --for-mma SM80_16x8x16_F32F16F16F32_TN --operand A")}`);
      await settled(p, 0);
      const argv = ["copy", "SM75_U32x4_LDSM_N", "--value", "half_t", "--for-mma", "SM80_16x8x16_F32F16F16F32_TN", "--operand", "A"];
      expect(await text("#out", p)).toBe((await run(argv)).stdout);
      const [download] = await Promise.all([p.waitForEvent("download"), p.click("#dl-svg")]);
      expect(readFileSync((await download.path())!, "utf8")).toBe((await run([...argv, "--svg"])).stdout);
      await p.close();
    } finally {
      await web.close();
    }
  });

  it("fetched nothing but its own files, and logged no error", () => {
    const own = new Set(["index.html", "app.css", "app.js"]);
    const elsewhere = requests.filter((u) => {
      if (u.startsWith("blob:")) return false;
      const url = new URL(u);
      const name = url.pathname.split("/").pop()!;
      if (url.protocol === "file:") return !(url.pathname.startsWith(pathToFileURL(WEB).pathname) && own.has(name));
      return !(url.hostname === "127.0.0.1" && (own.has(name) || url.pathname === "/"));
    });
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
