/**
 * make_composed_layout, get_swizzle_portion and get_nonswizzle_portion (layout_composed.hpp,
 * swizzle_layout.hpp) in expressions: the composed layout as written (no reduction, unlike
 * composition's), and its two portions, which must give back what was composed.
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";

const SW = "Swizzle<3,4,3>{}", L = "Layout<Shape<_8,_64>,Stride<_64,_1>>{}";

describe("make_composed_layout and the portions", () => {
  it("make_composed_layout(A, offset, B) prints as A o offset o B, and equals composition's for a swizzle at _0", async () => {
    const made = await ok(["eval", `make_composed_layout(${SW}, _0{}, ${L})`]);
    expect(made).toBe("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)\n");
    expect(await ok(["eval", `composition(${SW}, ${L})`])).toBe(made);
  });
  it("keeps what composition reduces: the identity swizzle at 0 stays", async () => {
    expect(await ok(["eval", "make_composed_layout(Swizzle<0,4,3>{}, 0, make_layout(8))"])).toBe("Sw<0,4,3> o 0 o 8:_1\n");
  });
  it("the portions give back the swizzle and the layout; a plain layout is the identity swizzle and itself", async () => {
    expect(await ok(["eval", `get_swizzle_portion(make_composed_layout(${SW}, _0{}, ${L}))`])).toBe("Sw<3,4,3>\n");
    expect(await ok(["eval", `get_nonswizzle_portion(make_composed_layout(${SW}, _0{}, ${L}))`])).toBe("(_8,_64):(_64,_1)\n");
    expect(await ok(["eval", "get_swizzle_portion(make_layout(8))"])).toBe("Sw<0,4,3>\n");
    expect(await ok(["eval", "get_nonswizzle_portion(make_layout(8))"])).toBe("8:_1\n");
  });
  it("refuses what CuTe has no overload for", async () => {
    expect(await refused(["eval", "get_nonswizzle_portion(make_composed_layout(make_layout(4), 1, make_layout(2)))"])).toMatch(/no matching overload/);
    expect(await refused(["eval", "make_composed_layout(make_layout(4), 1, Swizzle<1,0,1>{})"])).toMatch(/layout_b is a Layout or a ComposedLayout/);
  });
});
