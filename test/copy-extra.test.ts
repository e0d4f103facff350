/** Library functions beyond the CLI (make_tiled_copy_C_atom, make_cotiled_copy), and value types and op spellings as CuTe defines them. */
import { describe, expect, it } from "vitest";
import { make_copy_atom, make_cotiled_copy, make_tiled_copy_C_atom, get_layoutS_TV, type TiledMmaLike } from "../src/atoms/copy/index.js";
import { evaluate } from "../src/eval/evaluate.js";
import { Layout } from "../src/core/layout.js";
import { S } from "../src/core/integer.js";
import { show } from "../src/print/print.js";
import { run } from "./helpers.js";

const L = (s: string) => evaluate(s) as Layout;

describe("make_tiled_copy_C_atom", () => {
  // SM80_16x8x16 C partitioning on a 16x8 tile
  const mma: TiledMmaLike = {
    get_layoutA_TV: () => L("_1:_0"),
    get_layoutB_TV: () => L("_1:_0"),
    get_layoutC_TV: () => L("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"),
    tile_size: (i) => S([16, 8, 16][i]!),
  };
  it("keeps one atom's values per thread", () => {
    const tc = make_tiled_copy_C_atom(make_copy_atom("UniversalCopy<uint32_t>", "half_t"), mma);
    // one 32-bit atom = the 2 halves along N; the tile is 8 rows x (4 quads x 2) columns
    expect(show(tc.layoutTV)).toBe("((_4,_8),_2):((_8,_1),_32)");
    expect(show(tc.tiler as never)).toBe("(_8:_1,(_4,_2):(_2,_1))");
  });
  it("refuses an atom wider than the fragment", () => {
    expect(() => make_tiled_copy_C_atom(make_copy_atom("SM90_U32x4_STSM_N", "half_t"), mma)).toThrow(/copy_V/);
  });
});

describe("make_cotiled_copy", () => {
  it("vectorizes along the contiguous mode of the data", () => {
    // 32 threads x 4 consecutive floats over a (8,16) row-major tile
    const atom = make_copy_atom("UniversalCopy<uint128_t>", "float");
    const tc = make_cotiled_copy(atom, L("(_32,_4):(_4,_1)"), L("(_8,_16):(_16,_1)"));
    expect(show(tc.tiler as never)).toBe("(_8:_1,(_4,_4):(_4,_1))");
    expect(show(tc.layoutTV)).toBe("((_4,_8),_4):((_8,_1),_32)");
    expect(show(get_layoutS_TV(tc))).toBe("((_4,_8),(_4,_1)):((_8,_1),(_32,_0))");
  });
});

describe("ThrCopy partition_S / partition_D", () => {
  // the CuTe GEMM tutorial's gmem -> smem copy: 32x8 threads, 4 floats each along M
  it("splits a tile among threads", async () => {
    const { make_tiled_copy, partition_S, partition_D } = await import("../src/atoms/copy/index.js");
    const { D } = await import("../src/core/integer.js");
    const tc = make_tiled_copy(make_copy_atom("UniversalCopy<uint128_t>", "float"), L("(_32,_8):(_1,_32)"), L("(_4,_1):(_1,_0)"));
    const [l1, o1] = partition_S(tc, D(1), L("(_256,_16):(_1,_256)"));
    expect(show(l1)).toBe("((_4,_1),_2,_2):((_1,_0),_128,_2048)");
    expect(show(o1 as never)).toBe("4");
    const [l2, o2] = partition_D(tc, D(33), L("(128,64):(64,1)"));
    expect(show(l2)).toBe("((_4,_1),1,8):((64,_0),8192,8)");
    expect(show(o2 as never)).toBe("257");
  });
});

describe("value types and op spellings as CuTe's headers define them", () => {
  it("AutoVectorizingCopyWithAssumedAlignment<> takes its default, 128 bits", async () => {
    const dflt = await run(["copy", "AutoVectorizingCopyWithAssumedAlignment<>", "--value", "half_t"]);
    const explicit = await run(["copy", "AutoVectorizingCopyWithAssumedAlignment<128>", "--value", "half_t"]);
    expect(dflt.exit).toBe(0);
    expect(dflt.stdout).toBe(explicit.stdout);
  });
  it("uint_bit_t<N> exists for N in 1, 2, 4, 6, 8, ..., 256; int_bit_t<N> for 2 to 64 only (cute/numeric/int.hpp)", async () => {
    for (const [t, ok] of [["uint_bit_t<6>", true], ["uint_bit_t<256>", true], ["int_bit_t<64>", true], ["int_bit_t<1>", false], ["int_bit_t<128>", false], ["uint_bit_t<12>", false]] as const) {
      const r = await run(["copy", "UniversalCopy<uint128_t>", "--value", t]);
      expect(r.exit === 0, `${t}: ${r.stderr}`).toBe(ok);
    }
  });
});

describe("copy_atom.hpp's TiledCopy builders in the notation", () => {
  const A = "Copy_Atom<UniversalCopy<uint128_t>, half_t>{}";
  const TC = `make_tiled_copy(${A}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})`;
  const line = (text: string, label: string) => text.split("\n").find((l) => l.trimStart().startsWith(label))!.trim();
  it("make_tiled_copy_S/D: an atom over the Src/Dst partitioning of a TiledCopy (its get_layoutS/D_TV and Tiler_MN)", async () => {
    const tc = (await run(["eval", TC])).stdout;
    for (const [f, m] of [["make_tiled_copy_S", "get_layoutS_TV"], ["make_tiled_copy_D", "get_layoutD_TV"]] as const) {
      const r = await run(["eval", `${f}(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, ${TC})`]);
      expect(r.exit).toBe(0);
      const tv = (await run(["eval", `${TC}.${m}()`])).stdout.trim();
      expect(line(r.stdout, "TiledLayout_TV:")).toBe(`TiledLayout_TV: ${tv}`);
      expect(line(r.stdout, "Tiler_MN:")).toBe(line(tc, "Tiler_MN:"));
      expect(r.stdout).toContain("ValLayoutSrc: (_1,_2):(_0,_1)");
    }
    const bad = await run(["eval", `make_tiled_copy_S(${A}, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}))`]);
    expect(bad.exit).toBe(2);
    expect(bad.stderr).toContain("TiledCopy");
  });
  it("make_tiled_copy_C_atom and make_cotiled_copy are the library's", async () => {
    const c = (await run(["eval", "make_tiled_copy_C_atom(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}))"])).stdout;
    expect(line(c, "TiledLayout_TV:")).toBe("TiledLayout_TV: ((_4,_8),_2):((_8,_1),_32)");
    expect(line(c, "Tiler_MN:")).toBe("Tiler_MN:       (_8:_1,(_4,_2):(_2,_1))");
    const co = (await run(["eval", "make_cotiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{}, Layout<Shape<_32,_4>,Stride<_4,_1>>{}, Layout<Shape<_8,_16>,Stride<_16,_1>>{})"])).stdout;
    expect(line(co, "TiledLayout_TV:")).toBe("TiledLayout_TV: ((_4,_8),_4):((_8,_1),_32)");
  });
});
