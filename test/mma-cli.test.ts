import { describe, expect, it } from "vitest";
import { runCommand } from "../src/cli/run.js";
import type { Io } from "../src/cli/spec.js";

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Io = { out: (s) => void (out += s), err: (s) => void (err += s), color: false };
  const code = await runCommand(["mma", ...argv], io);
  return { code, out, err };
}

describe("cute-ts mma", () => {
  it("prints the atom", async () => {
    const r = await run("SM70_8x8x4_F16F16F16F16_TN");
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      "MMA_Atom\n  ThrID:      (_4,_2):(_1,_16)\n  Shape_MNK:  (_8,_8,_4)\n  LayoutA_TV: (_8,_4):(_1,_8)\n  LayoutB_TV: (_8,_4):(_1,_8)\n  LayoutC_TV: (_8,_8):(_1,_8)\n",
    );
  });
  it("prints the tiled MMA", async () => {
    const r = await run("SM80_16x8x16_F32F16F16F32_TN", "--atoms", "(_2,_2,_1)", "--tile", "(_32,_32,_16)");
    expect(r.out.split("\n").slice(0, 3)).toEqual(["TiledMMA", "  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)", "  PermutationMNK: (_32,_32,_16)"]);
  });
  it("lists the catalog", async () => {
    const r = await run("--list", "--arch", "sm70");
    expect(r.code).toBe(0);
    expect(r.out.trimEnd().split("\n")).toHaveLength(10);
    expect(r.out).toMatch(/SM70_8x8x4_F32F16F16F32_NT +8x8x4 +8 +float +half_t +half_t +float/);
  });
  it("lists a thread's fragment", async () => {
    const r = await run("SM80_16x8x8_F16F16F16F16_TN", "--thread", "5", "--operand", "c");
    expect(r.out).toBe("C: thread 5, 4 values (m,n)\nT5V0 => (1,2)\nT5V1 => (1,3)\nT5V2 => (9,2)\nT5V3 => (9,3)\n");
  });
  it("draws a plain map", async () => {
    const r = await run("SM61_DP4A", "--map", "A");
    expect(r.out).toBe(
      "A (M x K = 1 x 4), SM61_DP4A\n" +
        "m\\k    0      1      2      3\n" +
        "    +------+------+------+------+\n" +
        "  0 | T0V0 | T0V1 | T0V2 | T0V3 |\n" +
        "    +------+------+------+------+\n",
    );
  });
  it("refuses and suggests with exit 2", async () => {
    const unknown = await run("SM80_16x8x16_F32F16F16F32");
    expect(unknown.code).toBe(2);
    expect(unknown.out).toBe("");
    expect(unknown.err).toMatch(/did you mean SM80_16x8x16_F32F16F16F32_TN/);
    const refused = await run("SM90_64x64x16_F32F16F16_RS<GMMA::Major::MN,GMMA::Major::K>");
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/K major/);
    const thread = await run("SM70_8x8x4_F32F16F16F32_NT", "--thread", "5");
    expect(thread.err).toMatch(/threads 0\.\.3, 16\.\.19/);
    expect((await run()).code).toBe(2);
    expect((await run("--operand", "A", "SM61_DP4A")).code).toBe(2);
  });
});
