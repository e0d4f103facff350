/**
 * The page's engine (src/web/engine.ts) without a browser: a line's outcome as the data the worker
 * posts, and a picture rebuilt from it whose cells and threads, asked of the engine, say what the
 * picture computed in one piece says (the same answers the worker gives: it runs this code).
 */
import { describe, expect, it } from "vitest";
import { Answers, LocalEngine, packPicture, remoteOutcome, textPieces, threadListing, type OutcomeData } from "../src/web/engine.js";
import { runLine } from "../src/web/session.js";

async function both(line: string) {
  const engine = new LocalEngine();
  const data = await engine.ask<OutcomeData>({ op: "line", line, gen: 7 });
  const remote = remoteOutcome(data, 7, engine);
  const local = await runLine(line);
  return { engine, remote, local, data };
}

describe("the page's engine", () => {
  it("a line's text is the same string, and a long one travels as its UTF-8 bytes", async () => {
    const { remote, local, data } = await both("(_512,_64):(_64,_1)");
    expect(data.out).toBeInstanceOf(Uint8Array);
    expect(remote.out).toBe(local.out);
    expect(remote.out.length).toBeGreaterThan(1 << 16);
    const short = await both("(4,8):(8,1)");
    expect(typeof short.data.out).toBe("string");
    expect(short.remote.out).toBe(short.local.out);
  }, 60_000);

  it("a long text's bytes decode a piece at a time into whole lines, the same string joined", async () => {
    const { data, local } = await both("(_512,_64):(_64,_1)");
    let waits = 0;
    const pieces = await textPieces(data.out as Uint8Array, async () => void waits++);
    expect(pieces.join("")).toBe(local.out);
    expect(pieces.length).toBeGreaterThan(1);
    expect(waits).toBe(pieces.length - 1);
    expect(pieces.slice(0, -1).every((p) => p.endsWith("\n"))).toBe(true);
    // characters of several bytes, and a line longer than a piece (1 MB): whole lines still
    const text = `${"é€😀x".repeat(40000)}\n${"ab\n".repeat(300000)}${"€".repeat(400000)}\nend`;
    const many = await textPieces(new TextEncoder().encode(text), async () => undefined);
    expect(many.join("")).toBe(text);
    expect(many.length).toBeGreaterThan(2);
    expect(many.slice(0, -1).every((p) => p.endsWith("\n"))).toBe(true);
  }, 60_000);

  it("the picture's arrays go to the page as moved copies: the engine keeps its own", async () => {
    const answers = new Answers();
    const { value, transfer } = await answers.answer({ op: "line", line: "(_64,_64):(_1,_64)", gen: 3 });
    const d = value as OutcomeData;
    const index = d.picture!.panels[0]!.index!;
    expect(transfer).toContain(index.buffer);
    const local = (await runLine("(_64,_64):(_1,_64)")).picture!.panels[0]!.index!;
    expect(Array.from(index)).toEqual(Array.from(local));
    // the moved copy, emptied as a transfer empties it, leaves the engine's picture whole
    structuredClone(index.buffer, { transfer: [index.buffer] });
    expect(index.length).toBe(0);
    expect(Array.from((answers as unknown as { last: { panels: Array<{ index: Float64Array }> } }).last.panels[0]!.index)).toEqual(Array.from(local));
    const cell = (await answers.answer({ op: "cell", gen: 3, panel: 0, r: 5, c: 7 })).value as { lines: string[] };
    expect(cell.lines[0]).toMatch(/\(5,7\)/);
  }, 60_000);

  it("a TiledMMA's cells and threads, asked of the engine, are the picture's", async () => {
    const { remote, local } = await both("mma SM80_16x8x16_F32F16F16F32_TN --atoms (_2,_2,_1)");
    const p = remote.picture!, q = local.picture!;
    expect(p.panels.map((x) => [x.name, x.rows, x.cols])).toEqual(q.panels.map((x) => [x.name, x.rows, x.cols]));
    expect(Array.from(p.panels[2]!.thread!)).toEqual(Array.from(q.panels[2]!.thread!));
    expect(p.panels[0]!.describe(2, 1)).toEqual([]); // not asked yet
    await p.fetchCell({ panel: 0, r: 2, c: 1 });
    expect(p.panels[0]!.describe(2, 1)).toEqual(q.panels[0]!.describe(2, 1));
    await p.fetchThread(5);
    expect(p.threadCells!(5)).toEqual(q.threadCells!(5));
    expect(await p.threadListing(5)).toBe(threadListing(q, 5));
    expect(p.panels[0]!.rowLabel(3)).toBe(q.panels[0]!.rowLabel(3));
  }, 60_000);

  it("an algebra picture's links, asked of the engine, are the picture's; a newer line's engine forgets the old picture", async () => {
    const { engine, remote, local } = await both("composition((6,2):(8,2),(4,3):(3,1))");
    const res = { panel: 2, r: 2, c: 1 };
    await remote.picture!.fetchCell(res);
    expect(remote.picture!.links!(res)).toEqual(local.picture!.links!(res));
    expect(remote.picture!.links!(res).length).toBeGreaterThan(0);
    await engine.ask({ op: "line", line: "(4,8):(8,1)", gen: 8 });
    const old = remoteOutcome(packOnly(local), 7, engine).picture!;
    await old.fetchCell({ panel: 0, r: 0, c: 0 });
    expect(old.panels[0]!.describe(0, 0)).toEqual([]);
  }, 60_000);
});

function packOnly(o: Awaited<ReturnType<typeof runLine>>): OutcomeData {
  const { picture, ...rest } = o;
  return { ...rest, picture: picture ? packPicture(picture) : undefined };
}
