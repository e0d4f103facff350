/**
 * verify banks --copy: a TiledCopy's accesses to a shared-memory layout, every warp, the source
 * or destination side. Against what is known of the hardware (CUTLASS's sgemm_sm80 swizzles its
 * k-major half smem with Swizzle<3,3,3> so that ldmatrix reads it without conflicts; unswizzled,
 * the 8 rows of an 8x8 matrix 128 bytes apart fall in one bank: 8-way) and against verify banks
 * --tv with the copy's own TV layout, where one copy tile covers the layout.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";

const LDSM = ["--copy", "SM75_U32x4_LDSM_N", "--value", "half_t", "--for-mma", "SM80_16x8x16_F16F16F16F16_TN", "--atoms", "(_2,_2)", "--tile", "(_32,_32,_16)", "--operand", "A"];

interface Verdict {
  holds: boolean;
  phases: number;
  wavefronts: number;
  warps: number;
  vector: number;
  accessBytes: number;
  worst: { wavefronts: number };
  side?: string;
}
const verdict = async (argv: string[]) => {
  const r = await run(["verify", "banks", ...argv, "--json"]);
  expect(r.stderr).toBe("");
  return { exit: r.exit, v: JSON.parse(r.stdout) as Verdict };
};

describe("verify banks --copy", () => {
  it("ldmatrix over an unswizzled 128x64 half k-major tile: 8-way conflicts in every phase of every warp; Swizzle<3,3,3> removes them", async () => {
    const plain = await verdict(["(_128,_64):(_64,_1)", ...LDSM]);
    expect(plain.exit).toBe(1);
    expect(plain.v.side).toBe("S");
    expect(plain.v.warps).toBe(4);
    // 4 warps x 16 x4-ldmatrix accesses (128 values / 8 per access) x 4 phases of 8 threads
    expect(plain.v.phases).toBe(4 * 16 * 4);
    expect(plain.v.wavefronts).toBe(8 * plain.v.phases);
    const swizzled = await verdict(["Sw<3,3,3> o _0 o (_128,_64):(_64,_1)", ...LDSM]);
    expect(swizzled.exit).toBe(0);
    expect(swizzled.v.wavefronts).toBe(swizzled.v.phases);
  });
  it("the access is the copy atom's: 16 bytes for cp.async of uint128_t, on its destination side", async () => {
    const r = await verdict(["Sw<3,3,3> o _0 o (_128,_64):(_64,_1)", "--copy", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "--value", "half_t", "--thr", "(_16,_8):(_8,_1)", "--val", "(_1,_8)"]);
    expect(r.v.side).toBe("D");
    expect(r.v.accessBytes).toBe(16);
    expect(r.v.vector).toBe(8);
  });
  it("where one copy tile covers the smem layout, the verdict is verify banks --tv of the copy's TV layout", async () => {
    const tc = "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_8,_32>,Stride<_32,_1>>{})";
    for (const smem of ["(_8,_32):(_32,_1)", "(_8,_32):(_1,_8)", "Sw<2,0,3> o _0 o (_8,_32):(_32,_1)"]) {
      for (const side of ["S", "D"]) {
        const tv = (await run(["eval", `${tc}.get_layout${side}_TV()`])).stdout.trim();
        const byTv = await verdict([smem, "--tv", tv, "--type", "float"]);
        const byCopy = await verdict([smem, "--copy", "UniversalCopy<uint32_t>", "--value", "float", "--thr", "(_8,_32):(_32,_1)", "--side", side]);
        expect(byCopy.v.holds).toBe(byTv.v.holds);
        expect(byCopy.v.phases).toBe(byTv.v.phases);
        expect(byCopy.v.wavefronts).toBe(byTv.v.wavefronts);
      }
    }
  });
  it("an atom's vector that is not contiguous in smem fails, naming the access", async () => {
    // 4 floats per thread along m, but m is strided by 32 elements
    const r = await run(["verify", "banks", "(_32,_8):(_8,_1)", "--copy", "UniversalCopy<uint128_t>", "--value", "float", "--thr", "(_8,_8)", "--val", "(_4,_1)", "--side", "S"]);
    expect(r.exit).toBe(1);
    expect(r.stdout).toMatch(/the copy atom's 16-byte access is not contiguous in shared memory: thread 0, values 0\.\.3/);
  });
  it("a copy whose smem side is not known from its name needs --side", async () => {
    const r = await run(["verify", "banks", "(_8,_32):(_32,_1)", "--copy", "UniversalCopy<uint32_t>", "--value", "float", "--thr", "(_8,_32)"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/say which side addresses shared memory, --side S .* or --side D/);
  });
});
