/**
 * right_inverse / left_inverse follow CuTe's walk in layout.hpp: coalesce, keep the static strides
 * (right_inverse), order the modes by stride with detail::SortByKey (an exchange sort, not stable),
 * then fold. A seeded short differential run against the reference port in test/diff (the long
 * one is `node test/diff/inverse.mjs --n 20000`), hand-worked cases of the sort's tie order, and
 * the defining property checked by brute force.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";
import { evaluate } from "../src/eval/evaluate.js";
import { Layout, crd2idx, size } from "../src/core/layout.js";
import { D, Int } from "../src/core/integer.js";
// @ts-expect-error plain ES module of the test harness
import { runInverseDiff } from "./diff/inverse.mjs";
// @ts-expect-error plain ES module of the test harness
import { rng } from "./diff/rng.mjs";
// @ts-expect-error plain ES module of the test harness
import { randomLayout } from "./diff/gen-layout.mjs";
// @ts-expect-error plain ES module of the test harness
import { showLayout } from "./diff/ref-inverse.mjs";

const ev = async (e: string) => (await run(["eval", e])).stdout.trim();

describe("right_inverse / left_inverse: CuTe's walk", () => {
  it("a seeded differential run against the line-by-line port agrees everywhere (3,000 layouts, seed 1)", async () => {
    const { counts, diffs } = await runInverseDiff({ n: 3000, seed: 1 });
    expect(diffs).toEqual([]);
    expect(counts.compared).toBe(6000);
    // the run reaches what the walk is about: dynamic shapes, _0 strides, size-1 modes, real inverses
    expect(counts.dynamicShape).toBeGreaterThan(1000);
    expect(counts.zeroStride).toBeGreaterThan(500);
    expect(counts.sizeOne).toBeGreaterThan(1000);
    expect(counts.nontrivial).toBeGreaterThan(3000);
  });

  // Worked by hand from layout.hpp: the strides (_2,_2,_1) sort by exchange_sort to the modes 2, 1, 0
  // (mode 2 swaps with mode 0 past mode 1), so mode 1 (shape _3) is met before mode 0 (shape _2).
  it("equal strides are taken in exchange-sort order, not mode order", async () => {
    // right: mode 2 (stride 1, prefix 6), then mode 1 (stride 2 = 1*2, prefix 2); mode 0 no longer matches 6
    expect(await ev("right_inverse((_2,_3,_2):(_2,_2,_1))")).toBe("(_2,_3):(_6,_2)");
    // left: shapes 1/1, 2/1, 2/2 with prefixes 6, 2, 1, then the last sorted mode's shape (mode 0: _2)
    expect(await ev("left_inverse((_2,_3,_2):(_2,_2,_1))")).toBe("(_2,_2):(_6,_1)");
  });
  it("the tie decides how far the walk goes and which prefix products it keeps", async () => {
    // (_2,4,_2):(_2,_2,_1) coalesces to itself; prefix products _1, _2, 8. Sorted modes 2, 1, 0:
    // mode 2 (shape _2, prefix 8), then mode 1 (stride _2 = curr: shape 4, prefix _2; curr 4*_2 is
    // dynamic, so the walk can take nothing more); (_1,_2,4):(_0,8,_2) coalesces to (_2,4):(8,_2).
    // In mode order the walk would take mode 0 instead and stop at (_2,_2):(8,_1).
    expect(await ev("right_inverse((_2,4,_2):(_2,_2,_1))")).toBe("(_2,4):(8,_2)");
    // shapes 1/1, 2/1, 2/2 with prefixes 8, _2, _1, then mode 0's shape _2: (_1,_2,_1,_2):(_0,8,_2,_1)
    expect(await ev("left_inverse((_2,4,_2):(_2,_2,_1))")).toBe("(_2,_2):(8,_1)");
  });

  it("every right inverse R of a random layout L gives L(R(i)) = i (brute force, 400 layouts)", () => {
    const r = rng(5);
    let checked = 0;
    for (let k = 0; k < 400; k++) {
      const text = showLayout(randomLayout(r)) as string;
      const l = evaluate(text) as Layout;
      const inv = evaluate(`right_inverse(${text})`) as Layout;
      const n = size(inv).v;
      for (let i = 0; i < Math.min(n, 512); i++) {
        const j = crd2idx(D(i), inv) as Int;
        expect((crd2idx(D(j.v), l) as Int).v).toBe(i);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
