/**
 * Template arguments computed when the expression runs (src/notation/parse.ts texpr,
 * src/eval/evaluate.ts computedTarg): sizeof(T) of CuTe's value types, and integer expressions of
 * a block's constants and static values, as C++ folds them.
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";

const ev = (src: string) => ok(["eval", src]);

describe("sizeof", () => {
  it("of value types: bytes, a size_t (dynamic)", async () => {
    const bytes: Array<[string, number]> = [["float", 4], ["double", 8], ["half_t", 2], ["bfloat16_t", 2], ["int8_t", 1], ["uint64_t", 8], ["uint_byte_t<16>", 16]];
    for (const [t, n] of bytes) expect(await ev(`sizeof(${t})`)).toBe(`${n}\n`);
  });
  it("of an alias, and in arithmetic", async () => {
    expect(await ev("using T = half_t;\nprint(sizeof(T) * 3);")).toBe("6");
  });
  it("of a name cute-ts does not know: refused, naming the types it knows", async () => {
    expect(await refused(["eval", "sizeof(foo)"])).toMatch(/sizes of CuTe's value types/);
  });
});

describe("integer template arguments computed from sizeof, calls and constants", () => {
  it("Int<sizeof(double) * 2>", async () => {
    expect(await ev("Int<sizeof(double) * 2>{}")).toBe("_16\n");
  });
  it("a block's static layout in a template argument: Int<size(L) * 2>", async () => {
    expect(await ev("auto L = make_layout(make_shape(Int<4>{}, Int<2>{}));\nprint(Int<size(L) * 2>{});")).toBe("_16");
  });
  it("a constexpr in an expression: Int<2 * bM>", async () => {
    expect(await ev("constexpr int bM = 64;\nprint(Int<2 * bM>{});")).toBe("_128");
  });
  it("nested in a type: the copy atom of a 16-byte UniversalCopy moves 4 floats, written either way", async () => {
    const a = await ev("print(Copy_Atom<UniversalCopy<uint_byte_t<sizeof(float) * 4>>, float>{});");
    const b = await ev("print(Copy_Atom<UniversalCopy<uint_byte_t<16>>, float>{});");
    expect(a).toBe(b);
    expect(a).toContain("ValLayoutSrc: (_1,_4):(_0,_1)");
  });
  it("through an alias of the type: using CopyOp = UniversalCopy<uint_byte_t<sizeof(T) * 2>>", async () => {
    const a = await ev("using T = half_t;\nusing CopyOp = UniversalCopy<uint_byte_t<sizeof(T) * 2>>;\nprint(Copy_Atom<CopyOp, T>{});");
    const b = await ev("print(Copy_Atom<UniversalCopy<uint_byte_t<4>>, half_t>{});");
    expect(a).toBe(b);
  });
  it("an argument that is not an integer is refused", async () => {
    expect(await refused(["eval", "auto L = make_layout(8);\nprint(Int<make_shape(L)>{});"])).toMatch(/template argument|integer/);
  });
});
