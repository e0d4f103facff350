/**
 * Refusals say whose they are: "CuTe rejects OP: rule" where CuTe itself would not compile or
 * run the input, and "cute-ts does not support X yet" (exit 2, JSON kind "unsupported") where
 * CuTe has it and cute-ts does not; no message starts "cute-ts: cute-ts".
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";

const MMA = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{})";

describe("cute-ts's own limits", () => {
  const cases: string[][] = [
    ["eval", "make_shape([&]{ return 4; }(), 8)"],
    ["eval", "cosize(make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}))"],
    ["eval", "auto L = make_layout(4); auto p = &L;"],
    ["eval", "&make_layout(4)(1)"],
    ["eval", "E<0>{} * E<1>{}"],
    ["eval", "auto x = make_layout(4); using T = typename decltype(x)::value_type; print(x);"],
    ["verify", "tma", "--op", "SM100_TMA_2SM_LOAD_IM2COL", "--type", "half_t", "--gmem", "(64,64):(64,_1)", "--smem", "(_8,_8):(_8,_1)"],
  ];
  for (const argv of cases) {
    it(argv.join(" ").slice(0, 100), async () => {
      const r = await run(argv);
      expect(r.exit).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^cute-ts does not support .* yet/);
      expect(r.stderr).not.toMatch(/cute-ts: cute-ts|cannot parse: cute-ts/);
      const j = await run([...argv, "--json"]);
      expect((JSON.parse(j.stderr) as { error: { kind: string; message: string } }).error.kind).toBe("unsupported");
    });
  }
});

describe("CuTe's refusals stay CuTe's", () => {
  it("a static_assert of make_tiled_copy, a missing overload of partition_A", async () => {
    const a = await run(["eval", "make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Layout<Shape<_4,_1>>{})"]);
    expect(a.stderr).toMatch(/^cute-ts: CuTe rejects TiledCopy: TiledCopy uses too few thrs for selected CopyAtom/);
    const b = await run(["eval", `${MMA}.get_slice(0).partition_A(Layout<Shape<_16,_16>>{})`]);
    expect(b.stderr).toMatch(/^cute-ts: CuTe rejects partition_A/);
    expect((JSON.parse((await run(["eval", `${MMA}.get_slice(0).partition_A(Layout<Shape<_16,_16>>{})`, "--json"])).stderr) as { error: { kind: string } }).error.kind).toBe("refusal");
  });
  it("UniversalCopy<uint_byte_t<16>> is the 128-bit UniversalCopy, as int.hpp's uint_byte_t<N> = uint_bit_t<8N> makes it", async () => {
    const byte = await run(["copy", "UniversalCopy<uint_byte_t<16>>", "--value", "float"]);
    expect(byte.stdout).toBe((await run(["copy", "UniversalCopy<uint128_t>", "--value", "float"])).stdout);
    expect((await run(["copy", "UniversalCopy<uint_byte_t<4>>", "--value", "float"])).stdout).toBe((await run(["copy", "UniversalCopy<uint32_t>", "--value", "float"])).stdout);
  });
});
