/**
 * TiledCopy / TiledMMA rules read from copy_atom.hpp and mma_atom.hpp for inputs the golden
 * records do not reach (found by a differential run against a port of those headers).
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";

const out = async (...argv: string[]) => {
  const r = await run(argv);
  return { ...r, lines: r.stdout.split("\n") };
};

describe("TiledCopy static assertions and printing", () => {
  it("a dynamic number of threads or values is refused: CUTE_STATIC_ASSERT_V needs the divisibility test at compile time", async () => {
    const t = await out("copy", "UniversalCopy<float>", "--value", "float", "--thr", "(32,8):(_1,_32)");
    expect(t.exit).toBe(2);
    expect(t.stderr).toContain("dynamic number of threads");
    const v = await out("copy", "UniversalCopy<float>", "--value", "float", "--thr", "(_32,_8)", "--val", "(4,_1):(_1,_0)");
    expect(v.exit).toBe(2);
    expect(v.stderr).toContain("dynamic number of values");
  });
  it("prints Tiler_MN and TiledLayout_TV default-constructed from their types: a dynamic integer prints 0", async () => {
    const r = await out("copy", "SM75_U32x2_LDSM_N", "--value", "half_t", "--thr", "(_256):(1)", "--val", "(_4,_1)");
    expect(r.exit).toBe(0);
    expect(r.lines[1]).toBe("  Tiler_MN:       (0,_1)");
  });
});

describe("get_layout*_TV wraps the thread index into the TiledMMA's threads", () => {
  it("thr_idx -> (ThrV,ThrM,ThrN,ThrK) is (size(vmnk),_1):(_1,_0) o right_inverse(vmnk, complement(vmnk))", async () => {
    // a gapped atom layout: the complement's indices wrap back into the 2x2 tile
    const c = await out("copy", "UniversalCopy<float>", "--value", "float", "--for-mma", "UniversalFMA<float,float,float>", "--operand", "C", "--atoms", "(_2,_2,_1):(_1,_4,_0)");
    expect(c.lines[2]).toBe("  TiledLayout_TV: ((_2,_2,_2),(_1,(_1,_1))):((_1,_0,_2),(_0,(_0,_0)))");
    const b = await out("copy", "UniversalCopy<float>", "--value", "float", "--for-mma", "SM70_8x8x4_F32F16F16F32_NT", "--operand", "B", "--atoms", "(_2,_1,_1)");
    expect(b.lines[2]).toBe("  TiledLayout_TV: ((_4,(_2,_2),_2),(_4,(_1,_1))):((_8,(_0,_0),_4),(_1,(_0,_0)))");
  });
});

describe("an atom whose traits spell a malformed ALayout still tiles", () => {
  it("SM80_16x8x128_S32U1U1S32_TN_ANDPOPC: the TiledMMA and the C/B copies print; only what reads ALayout is refused", async () => {
    const m = await out("mma", "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC", "--atoms", "(_2,_2,_1)");
    expect(m.exit).toBe(0);
    expect(m.lines[1]).toBe("  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)");
    const c = await out("copy", "UniversalCopy<uint32_t>", "--value", "float", "--for-mma", "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC", "--operand", "C");
    expect(c.exit).toBe(0);
    const a = await out("copy", "UniversalCopy<uint32_t>", "--value", "float", "--for-mma", "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC", "--operand", "A");
    expect(a.exit).toBe(2);
    expect(a.stderr).toContain("Shape and Stride must be congruent");
  });
});
