/**
 * The MMA ops' own static_asserts, which print(MMA_Atom<Op>{}) instantiates (the GMMA RS golden
 * shows it: "Register source operand A must have K major layout" is an op struct's assert).
 * SM100/SM103 UMMA (mma_sm100_umma.hpp, mma_traits_sm100.hpp): each op has its own M, N,
 * vector-size and major rules. SM120: the specializations each op defines. Each case names the
 * rule it exercises.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";

const K = "UMMA::Major::K", MN = "UMMA::Major::MN";
const f16 = (op: string, M: number, N: number, a = K, b = K, ab = "half_t", c = "float") => `${op}<${ab},${ab},${c},${M},${N},${a},${b}>`;
const s8 = (op: string, M: number, N: number, a = K) => `${op}<int8_t,int8_t,int32_t,${M},${N},${a},${K}>`;
const f8 = (op: string, M: number, N: number, b = K) => `${op}<float_e4m3_t,float_e4m3_t,float,${M},${N},${K},${b}>`;
const mx8 = (op: string, M: number, N: number) => `${op}<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,${M},${N},${K},${K}>`;
const mx4 = (op: string, M: number, N: number, VS: number, sf = "float_ue8m0_t", a = K, b = K) => `${op}<float_e2m1_t,float_e2m1_t,float,${sf},${M},${N},${VS},${a},${b}>`;

const accepted: [string, string][] = [
  ["1-SM SS: N a multiple of 8 at M=128", f16("SM100_MMA_F16BF16_SS", 128, 200)],
  ["1-SM TS: N a multiple of 8 at M=64", f16("SM100_MMA_F16BF16_TS", 64, 24)],
  ["1-SM TS: N a multiple of 16 at M=128", f16("SM100_MMA_TF32_TS", 128, 48, K, K, "tfloat32_t")],
  ["S8: N = 8", s8("SM100_MMA_S8_SS", 128, 8)],
  ["S8: N a multiple of 16", s8("SM100_MMA_S8_SS_SPARSE", 64, 32)],
  ["2-SM S8: N a multiple of 32", s8("SM100_MMA_S8_2x1SM_SS", 256, 64)],
  ["F8F6F4 SS, B K-major: N a multiple of 8", f8("SM100_MMA_F8F6F4_SS", 128, 24)],
  ["F8F6F4 SS, B MN-major: N a multiple of 16", f8("SM100_MMA_F8F6F4_SS", 64, 48, MN)],
  ["MXF8F6F4 1-SM: M = 128", mx8("SM100_MMA_MXF8F6F4_SS", 128, 8)],
  ["MXF8F6F4 2-SM: M = 256", mx8("SM100_MMA_MXF8F6F4_2x1SM_SS", 256, 16)],
  ["MXF4 4x mode: VS = 16, any scale type", mx4("SM100_MMA_MXF4_SS", 128, 128, 16, "float_ue4m3_t")],
  ["MXF4NVF4 sparse 2x mode: VS = 64 with ue8m0", mx4("SM100_MMA_MXF4NVF4_SS_SPARSE", 128, 256, 64)],
  ["MXF4NVF4 2-SM sparse asserts nothing of M", mx4("SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE", 64, 256, 64)],
  ["the complex specialization of a SCALED op", "SM100_MMA_F16BF16_SS_SCALED<complex<half_t>,complex<half_t>,float,128,128,UMMA::Major::K,UMMA::Major::K,1>"],
];

const refused: [string, string, RegExp][] = [
  ["1-SM TS: M=128 needs N a multiple of 16", f16("SM100_MMA_F16BF16_TS", 128, 24), /multiple of 16 between 16 and 256 for M=128/],
  ["TS: A from TMEM cannot be MN-major", f16("SM100_MMA_F16BF16_TS", 64, 64, MN), /A from TMEM can't be transposed/],
  ["2-SM TS: N a multiple of 32", f16("SM100_MMA_F16BF16_2x1SM_TS", 256, 48), /multiple of 32 between 32 and 256/],
  ["S8: N is 8 or a multiple of 16", s8("SM100_MMA_S8_SS", 128, 24), /8 or a multiple of 16/],
  ["S8 TS: A from TMEM", s8("SM100_MMA_S8_TS", 128, 64, MN), /A from TMEM/],
  ["2-SM S8 SS: N a multiple of 32", s8("SM100_MMA_S8_2x1SM_SS", 256, 48), /multiple of 32/],
  ["F8F6F4 SS, B MN-major: N a multiple of 16", f8("SM100_MMA_F8F6F4_SS", 128, 24, MN), /when B is MN major/],
  ["F8F6F4 sparse: M=128 needs N a multiple of 16", f8("SM100_MMA_F8F6F4_SS_SPARSE", 128, 24), /for M=128/],
  ["MXF8F6F4 1-SM: M = 128 only", mx8("SM100_MMA_MXF8F6F4_SS", 64, 64), /should be 128 for 1 CTA/],
  ["MXF8F6F4 sparse 1-SM: M = 128 only", mx8("SM100_MMA_MXF8F6F4_SS_SPARSE", 64, 64), /should be 128 for 1 CTA/],
  ["MXF8F6F4 2-SM: M = 256 only", mx8("SM100_MMA_MXF8F6F4_2x1SM_SS", 128, 64), /should be 256 for 2 CTA/],
  ["MXF4: VS is 16 or 32", mx4("SM100_MMA_MXF4_SS", 128, 128, 64), /Vector size can only be 16 or 32/],
  ["MXF4 2x mode needs ue8m0 scale factors", mx4("SM100_MMA_MXF4_SS", 128, 128, 32, "float_ue4m3_t"), /Vector size/],
  ["MXF4NVF4: VS is 32 or 64", mx4("SM100_MMA_MXF4NVF4_SS_SPARSE", 128, 256, 16), /Vector size can only be 32 or 64/],
  ["MXF4NVF4 1-SM: M = 128 only", mx4("SM100_MMA_MXF4NVF4_SS_SPARSE", 64, 256, 32), /should be 128 for 1 CTA/],
  ["SM103 ultra: no transpose", mx4("SM103::SM103_MXF4_ULTRA_SS_VS", 128, 256, 32, "float_ue8m0_t", K, MN), /does not support transpose/],
  ["SM103 ultra: N a multiple of 16", mx4("SM103::SM103_MXF4_ULTRA_SS_VS", 128, 24, 16), /multiple of 16 between 16 and 256/],
  ["complex operands outside a SCALED op", "SM100_MMA_F16BF16_SS<complex<half_t>,complex<half_t>,float,128,128,UMMA::Major::K,UMMA::Major::K>", /supports 16bit types/],
  ["complex with a half accumulator", "SM100_MMA_F16BF16_SS_SCALED<complex<half_t>,complex<half_t>,half_t,128,128,UMMA::Major::K,UMMA::Major::K,1>", /supports 16bit types/],
  ["one complex operand and one real", "SM100_MMA_F16BF16_SS_SCALED<half_t,complex<half_t>,float,128,128,UMMA::Major::K,UMMA::Major::K,1>", /supports 16bit types/],
];

describe("UMMA ops CuTe builds", () => {
  for (const [rule, op] of accepted) {
    it(rule, async () => {
      const r = await run(["mma", op]);
      expect(r.stderr).toBe("");
      expect(r.exit).toBe(0);
      expect(r.stdout).toMatch(/^MMA_Atom\n {2}ThrID: /);
    });
  }
});

describe("UMMA ops CuTe refuses, with the rule", () => {
  for (const [rule, op, why] of refused) {
    it(rule, async () => {
      const r = await run(["mma", op]);
      expect(r.exit).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(why);
    });
  }
});

describe("2-SM layouts split M in halves as C++ divides", () => {
  it("M = 64 on two SMs: 32 rows each", async () => {
    const r = await run(["mma", mx4("SM100_MMA_MXF4NVF4_2x1SM_SS_SPARSE", 64, 256, 64)]);
    expect(r.stdout).toContain("LayoutC_TV: (_2,(_32,_256)):(_32,(_1,_64))");
  });
});

// SM120: each op is a primary template that static_asserts "No MMA matches ..." plus the
// specializations CuTe defines (mma_sm120.hpp, mma_sm120_sparse.hpp); VS is checked in fma() only
describe("SM120 ops: the specializations CuTe defines", () => {
  const BS = "SM120::BLOCKSCALED::";
  const cases: [string, string, boolean][] = [
    ["f8f6f4 accumulates to half", "SM120_16x8x32_TN<float_e4m3_t,float_e5m2_t,half_t>", true],
    ["block-scaled accumulates to float only", `${BS}SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,half_t,float_ue8m0_t,32>`, false],
    ["the 8-bit block-scaled op takes ue8m0 scale factors only", `${BS}SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue4m3_t,32>`, false],
    ["the 4-bit block-scaled op takes ue4m3 too", `${BS}SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>`, true],
    ["the sparse 8-bit block-scaled op takes ue8m0 only", `${BS}SPARSE::SM120_SPARSE_16x8x64_TN_VS<float_e4m3_t,float_e5m2_t,float,float_ue4m3_t,64>`, false],
    ["the sparse 4-bit block-scaled op takes ue4m3 too", `${BS}SPARSE::SM120_SPARSE_16x8x128_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,64>`, true],
    ["VS is an int that print never checks", `${BS}SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,-1>`, true],
  ];
  for (const [rule, op, ok] of cases) {
    it(rule, async () => {
      const r = await run(["mma", op]);
      if (ok) {
        expect(r.stderr).toBe("");
        expect(r.stdout).toMatch(/^MMA_Atom\n/);
      } else {
        expect(r.exit).toBe(2);
        expect(r.stdout).toBe("");
        expect(r.stderr).toContain("No MMA matches");
      }
    });
  }
  it("an integer parameter beyond a C++ int is refused", async () => {
    const r = await run(["mma", `${BS}SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,99999999999>`]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("does not fit in an int");
  });
});

describe("a plain (non-template) op", () => {
  it("takes no template argument list, not even an empty one", async () => {
    const bare = await run(["mma", "SM90_64x64x32_S32S8S8_SS_TN"]);
    expect(bare.exit).toBe(0);
    const empty = await run(["mma", "SM90_64x64x32_S32S8S8_SS_TN<>"]);
    expect(empty.exit).toBe(2);
    expect(empty.stderr).toContain("is not a template");
  });
});
