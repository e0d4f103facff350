/**
 * print_latex / print_svg (src/print/pictures.ts) against the golden pictures:
 * - `print LAYOUT --latex` through the print command;
 * - every MMA and copy picture from the layouts its own header comments print (the thread-value
 *   coordinate tensors CuTe drew), so the drawing is checked independently of the atom modules;
 * - the same records from the MMA / copy modules' TiledMMA and TiledCopy (pictures-atoms.ts);
 * - the pictures CuTe lacks (plain-layout SVG, TiledCopy SVG) for structure.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CuteError, LimitError } from "../src/core/errors.js";
import { limitMessage } from "../src/cli/run.js";
import { S, type Int } from "../src/core/integer.js";
import { Layout } from "../src/core/layout.js";
import { evaluate } from "../src/eval/evaluate.js";
import {
  print_latex_copy,
  print_latex_layout,
  print_latex_mma,
  print_latex_tv,
  print_svg_copy,
  print_svg_layout,
  print_svg_mma,
} from "../src/print/pictures.js";
import {
  print_latex_tiled_copy,
  print_latex_tiled_mma,
  print_svg_tiled_copy,
  print_svg_tiled_mma,
} from "../src/atoms/pictures.js";
import { resolveMma } from "../src/atoms/mma/catalog.js";
import { makeTiledMma } from "../src/eval/args/mma.js";
import * as copyAtoms from "../src/atoms/copy/index.js";
import * as copyArgs from "../src/eval/args/copy.js";
const copy = { ...copyAtoms, ...copyArgs };
import { run } from "./helpers.js";

interface Rec {
  id: string;
  cmd: string[];
  out: string;
}
const recs: Rec[] = readFileSync(new URL("../fixtures/golden/pictures.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Rec);

const opt = (c: string[], name: string): string | undefined => {
  const i = c.indexOf(name);
  return i < 0 ? undefined : c[i + 1];
};
const isLatex = (r: Rec) => r.cmd.includes("--latex");

function layoutOf(text: string): Layout {
  const v = evaluate(text);
  if (!(v instanceof Layout)) throw new Error(`not a layout: ${text}`);
  return v;
}
/** the layout of a header line `... ArithTuple(_0,_0) o LAYOUT[  -->]` */
function headerLayout(lines: string[], prefix: string): Layout {
  const line = lines.find((l) => l.startsWith(prefix));
  if (line === undefined) throw new Error(`no header ${prefix}`);
  return layoutOf(line.slice(line.indexOf(" o ") + 3).replace(/\s*-->$/, ""));
}
/** the first `grid (x,y)` corner numbers of the picture */
function grids(lines: string[]): Array<[number, number, number, number]> {
  return lines
    .filter((l) => l.startsWith("\\draw"))
    .map((l) => {
      const m = /\((-?\d+),(-?\d+)\) grid \((-?\d+),(-?\d+)\)/.exec(l)!;
      return [+m[1]!, +m[2]!, +m[3]!, +m[4]!];
    });
}

/** draw a record from its own header lines (and its grids / Tile comment for the tile size) */
function fromHeaders(r: Rec): string {
  const lines = r.out.split("\n");
  if (r.cmd[0] === "mma" && isLatex(r)) {
    const g = grids(lines);
    const tile: Int[] = [S(g[0]![2]), S(g[0]![3]), S(-g[1]![1] - 1)];
    return print_latex_mma({ C: headerLayout(lines, "% LayoutC:"), A: headerLayout(lines, "% LayoutA:"), B: headerLayout(lines, "% LayoutB:"), tileMNK: tile });
  }
  if (r.cmd[0] === "mma") {
    const tileLine = lines.find((l) => l.startsWith("<!--  Tile:"))!;
    const tile = evaluate(tileLine.slice("<!--  Tile:".length).replace(/\s*-->$/, "").trim()) as Int[];
    return print_svg_mma({ C: headerLayout(lines, "<!--     C:"), A: headerLayout(lines, "<!--     A:"), B: headerLayout(lines, "<!--     B:"), tileMNK: tile });
  }
  const g = grids(lines);
  return print_latex_copy({ S: headerLayout(lines, "% Layout S TV:"), D: headerLayout(lines, "% Layout D TV:"), tileMN: [S(g[0]![2]), S(g[0]![3])] });
}

/** draw a record from the atom modules, as the mma / copy commands would */
async function fromAtoms(r: Rec): Promise<string> {
  const c = r.cmd;
  if (c[0] === "mma") {
    const mma = makeTiledMma(resolveMma(c[1]!), opt(c, "--atoms"), opt(c, "--tile"));
    return isLatex(r) ? print_latex_tiled_mma(mma) : print_svg_tiled_mma(mma);
  }
  const atom = copy.make_copy_atom(c[1]!, opt(c, "--value")!);
  const forMma = opt(c, "--for-mma");
  const val = opt(c, "--val");
  const tc =
    forMma !== undefined
      ? await copy.make_tiled_copy_for_mma(atom, forMma, copy.parseOperand(opt(c, "--operand")!), opt(c, "--atoms"), opt(c, "--tile"))
      : copy.make_tiled_copy(atom, copy.layoutArg(opt(c, "--thr")!, "--thr"), val === undefined ? undefined : copy.layoutArg(val, "--val"));
  return isLatex(r) ? print_latex_tiled_copy(tc) : print_svg_tiled_copy(tc);
}

const printRecs = recs.filter((r) => r.cmd[0] === "print");
const atomRecs = recs.filter((r) => r.cmd[0] === "mma" || r.cmd[0] === "copy");

describe("golden pictures", () => {
  it("holds the expected records", () => {
    expect(printRecs.length).toBeGreaterThan(0);
    expect(atomRecs.length).toBeGreaterThan(0);
  });
  describe("print LAYOUT --latex (the print command)", () => {
    for (const r of printRecs) {
      it(`${r.id}: ${r.cmd.join(" ")}`, async () => {
        const res = await run(r.cmd);
        expect(res.stderr).toBe("");
        expect(res.stdout).toBe(r.out);
      });
    }
  });
  describe("print_latex_layout directly", () => {
    for (const r of printRecs.filter(isLatex)) {
      it(r.id, () => expect(print_latex_layout(layoutOf(r.cmd[1]!))).toBe(r.out));
    }
  });
  describe("MMA / copy pictures from their header layouts", () => {
    for (const r of atomRecs) it(`${r.id}: ${r.cmd.join(" ")}`, () => expect(fromHeaders(r)).toBe(r.out));
  });
  describe("MMA / copy pictures from TiledMMA / TiledCopy", () => {
    for (const r of atomRecs) it(`${r.id}: ${r.cmd.join(" ")}`, async () => expect(await fromAtoms(r)).toBe(r.out));
  });
});

/** elements of a (flat) SVG: tag name and attributes */
function svgElements(svg: string): Array<{ tag: string; attrs: Record<string, string>; text: string }> {
  const out: Array<{ tag: string; attrs: Record<string, string>; text: string }> = [];
  const re = /<(rect|text)\s([^>]*?)\s*\/?>(?:([^<]*)<\/text>)?/g;
  for (let m = re.exec(svg); m; m = re.exec(svg)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([\w-]+)="([^"]*)"/g)) attrs[a[1]!] = a[2]!;
    out.push({ tag: m[1]!, attrs, text: m[3] ?? "" });
  }
  return out;
}

describe("print_svg_layout (CuTe has none)", () => {
  const l = layoutOf("((2,2),(2,4)):((1,8),(2,4))");
  const svg = print_svg_layout(l);
  const els = svgElements(svg);
  it("comments the layout and sizes the page to the grid plus labels", () => {
    expect(svg.startsWith("<!--  Layout: ((2,2),(2,4)):((1,8),(2,4))  -->\n<svg ")).toBe(true);
    expect(svg).toContain('viewBox="0 0 200 120"');
    expect(svg.endsWith("</svg>\n")).toBe(true);
  });
  it("draws one cell per coordinate with its index, shaded by index mod 8", () => {
    const rects = els.filter((e) => e.tag === "rect");
    expect(rects.length).toBe(32);
    // cell (m,n) = (1,2): m=1 is (1,0) -> 1, n=2 is (0,1) -> 4, so index 5
    const r = rects.find((e) => e.attrs.x === "60" && e.attrs.y === "40")!;
    expect(r.attrs.fill).toBe("rgb(130,130,130)");
    const t = els.find((e) => e.tag === "text" && e.attrs.x === "70" && e.attrs.y === "50")!;
    expect(t.text).toBe("5");
  });
  it("labels rows on the left and columns on top", () => {
    const labels = els.filter((e) => e.tag === "text" && e.attrs["font-size"] === "12");
    expect(labels.map((e) => e.text)).toEqual(["0", "1", "2", "3", "0", "1", "2", "3", "4", "5", "6", "7"]);
    expect(labels[0]!.attrs.x).toBe("10");
    expect(labels[4]!.attrs.y).toBe("10");
  });
  it("makes a rank-1 layout a column, as print_latex does", () => {
    expect(print_svg_layout(layoutOf("8:2"))).toContain("<!--  Layout: (8,_1):(2,_0)  -->");
  });
});

describe("refusals", () => {
  it("refuses layouts of rank above 2", () => {
    expect(() => print_latex_layout(layoutOf("(2,2,2):(1,2,4)"))).toThrow(CuteError);
    expect(() => print_svg_layout(layoutOf("(2,2,2):(1,2,4)"))).toThrow(CuteError);
  });
  it("refuses more than 2^20 cells without force", () => {
    const big = layoutOf("(2048,1024):(1,2048)");
    // the library speaks of values (its `force`); the CLI names the option that sets it
    let err: unknown;
    try {
      print_latex_layout(big);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LimitError);
    const e = err as LimitError;
    expect(e.message).toBe("print_latex: the picture has 2097152 cells, more than cute-ts's limit of 131072");
    expect(e.forced).toBe(false);
    expect(limitMessage(e)).toBe("print_latex: the picture has 2097152 cells, more than cute-ts's limit of 131072; pass --force to draw it anyway");
    let hard: unknown;
    try {
      print_latex_layout(big, true);
    } catch (x) {
      hard = x;
    }
    expect(hard).toBeInstanceOf(LimitError);
    expect((hard as LimitError).forced).toBe(true);
    expect((hard as LimitError).message).toBe("print_latex: the picture has 2097152 cells, more than the 262144 cute-ts draws even when forced (a hard limit: memory stays bounded)");
    expect(limitMessage(hard as LimitError)).toBe("print_latex: the picture has 2097152 cells, more than the 262144 cute-ts draws even with --force (a hard limit: memory stays bounded)");
  });
  it("a limit that force lifts says so in values; the CLI says which option lifts it", () => {
    let err: unknown;
    try {
      print_latex_layout(layoutOf("(1024,512):(1,1024)"));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LimitError);
    const e = err as LimitError;
    expect(e.message).not.toMatch(/--/);
    expect(e.forced).toBe(false);
    expect(limitMessage(e)).toMatch(/; pass --force to draw it anyway$/);
  });
  it("refuses a thread-value layout of rank other than 2", () => {
    const tv = layoutOf("(_4,_2,_2):(_1@0,_1@1,_2@1)");
    expect(() => print_latex_copy({ S: tv, D: tv, tileMN: [S(4), S(4)] })).toThrow(CuteError);
  });
});

describe("print_svg_copy (CuTe has none)", () => {
  const tv = layoutOf("((_2,_4),(_2,_2)):((_2@1,_1@0),(_1@1,_4@1))"); // 8 threads x 4 values over 4x8
  const svg = print_svg_copy({ S: tv, D: tv, tileMN: [S(4), S(8)] });
  const els = svgElements(svg);
  it("comments the tile and both layouts", () => {
    expect(svg.split("\n").slice(0, 3)).toEqual([
      "<!--  Tile: (_4,_8)  -->",
      "<!--     S: ArithTuple(_0,_0) o ((_2,_4),(_2,_2)):((_2@1,_1@0),(_1@1,_4@1))  -->",
      "<!--     D: ArithTuple(_0,_0) o ((_2,_4),(_2,_2)):((_2@1,_1@0),(_1@1,_4@1))  -->",
    ]);
  });
  it("draws S and D cells with thread and value labels, D three columns after S", () => {
    const rects = els.filter((e) => e.tag === "rect");
    expect(rects.length).toBe(64);
    const first = rects[0]!;
    expect([first.attrs.x, first.attrs.y, first.attrs.fill]).toEqual(["20", "20", "rgb(175,175,255)"]);
    expect(rects.some((e) => e.attrs.x === String((0 + 8 + 3) * 20) && e.attrs.y === "20")).toBe(true);
    const tv0 = els.filter((e) => e.tag === "text" && e.attrs["font-size"] === "8").slice(0, 2).map((e) => e.text);
    expect(tv0).toEqual(["T0", "V0"]);
  });
});

describe("print_latex_tv", () => {
  it("draws one thread-value layout over its tile", () => {
    const tv = layoutOf("(_2,_2):(_1@0,_1@1)");
    const out = print_latex_tv(tv, [S(2), S(2)]);
    expect(out.split("\n")[0]).toBe("% Layout TV: (_2,_2):(_1@0,_1@1)");
    expect(out).toContain("\\node[fill={rgb,255:red,175;green,255;blue,175}] at (1,0) {\\shortstack{T1 \\\\ V0}};\n");
    expect(out).toContain("\\draw[color=black,thick,shift={(-0.5,-0.5)}] (0,0) grid (2,2);\n\n");
  });
});

describe("every single MMA atom's picture draws without --force, as CuTe's print_latex draws it", () => {
  it("the largest atoms (SM100 2x1SM, A + B + C up to 131,072 cells) draw; a larger picture still asks for --force", async () => {
    for (const [op, f] of [["SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE", "--latex"], ["SM100_MMA_F16BF16_2x1SM_SS", "--svg"], ["SM103_MXF4_ULTRA_2x1SM_SS_VS", "--latex"]] as const) {
      const r = await run(["mma", op, f]);
      expect(r.stderr).toBe("");
      expect(r.exit).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(1_000_000);
    }
    const big = await run(["print", "--latex", "(_512,_512):(_512,_1)"]);
    expect(big.exit).toBe(2);
    expect(big.stderr).toMatch(/262144 cells, more than cute-ts's limit of 131072; pass --force/);
  });
});
