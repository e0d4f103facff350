/**
 * GMMA::make_gmma_desc / UMMA::make_umma_desc from C++ (eval), against the same builders run by
 * `mma --desc-smem` over the tensor's layout (the smem-desc.jsonl goldens hold those to CuTe), and
 * nvcc's refusal of an SM90 GMMA alias template written without its argument list.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";

const tensor = (atom: string, shape: string, addr = "0x1400") => `make_tensor(make_smem_ptr((half_t*)${addr}), tile_to_shape(${atom}, ${shape}))`;

describe("make_gmma_desc / make_umma_desc in expressions", () => {
  it.each([
    ["GMMA", "K", "GMMA::Layout_K_SW32_Atom<half_t>{}", "make_shape(Int<64>{}, Int<16>{})", "sm90"],
    ["GMMA", "MN", "GMMA::Layout_MN_SW128_Atom<half_t>{}", "make_shape(Int<64>{}, Int<16>{})", "sm90"],
    ["UMMA", "K", "UMMA::Layout_K_SW32_Atom<half_t>{}", "make_shape(Int<128>{}, Int<16>{})", "sm100"],
    ["UMMA", "MN", "UMMA::Layout_MN_SW64_Atom<half_t>{}", "make_shape(Int<128>{}, Int<16>{})", "sm100"],
  ])("%s::make_*_desc<Major::%s> of %s", async (ns, major, atom, shape, arch) => {
    const fn = ns === "GMMA" ? "GMMA::make_gmma_desc" : "UMMA::make_umma_desc";
    const t = tensor(atom, shape, "0x9040");
    const r = await run(["eval", `${fn}<${ns}::Major::${major}>(${t})`]);
    expect(r.stderr).toBe("");
    expect(r.exit).toBe(0);
    // the same descriptor mma --desc-smem builds from the tensor's layout (its swizzle over the pointer) and address
    const layout = (await run(["eval", `${t}.layout()`])).stdout.trim();
    const ptr = (await run(["eval", t])).stdout.trim();
    const sw = /^(Sw<\d,\d,\d>)_smem_ptr/.exec(ptr)?.[1];
    const smem = sw ? `${sw} o smem_ptr[16b](unset) o ${layout}` : layout;
    const cli = await run(["mma", "--desc-smem", smem, "--type", "half_t", "--major", major, "--start", "0x9040", "--arch", arch]);
    expect(cli.exit).toBe(0);
    expect(r.stdout).toBe(cli.stdout);
  });
  it("refuses as CuTe does: a gmem tensor, a missing or wrong major", async () => {
    const g = await run(["eval", "GMMA::make_gmma_desc<GMMA::Major::K>(make_tensor(make_gmem_ptr((half_t*)0x400), make_layout(make_shape(Int<64>{}, Int<16>{}), LayoutRight{})))"]);
    expect(g.exit).toBe(2);
    expect(g.stderr).toContain("Expected SMEM Tensor");
    const m = await run(["eval", `GMMA::make_gmma_desc(${tensor("GMMA::Layout_K_SW32_Atom<half_t>{}", "make_shape(Int<64>{}, Int<16>{})")})`]);
    expect(m.exit).toBe(2);
    expect(m.stderr).toContain("takes one template argument");
    const k = await run(["eval", `GMMA::make_gmma_desc<GMMA::Major::K>(${tensor("GMMA::Layout_K_SW128_Atom<half_t>{}", "make_shape(Int<64>{}, Int<64>{})")})`]);
    expect(k.exit).toBe(2);
    expect(k.stderr).toContain("Not a canonical GMMA_K Layout");
  });
});

describe("SM90 GMMA operations are alias templates: their name needs an argument list (nvcc)", () => {
  it.each(["make_tiled_mma(SM90_64x64x8_F32TF32TF32_SS_TN{})", "make_tiled_mma(cute::SM90_64x64x16_F16F16F16_SS{})", "MMA_Atom<SM90_64x64x8_F32TF32TF32_SS_TN>{}"])("%s is refused", async (e) => {
    const r = await run(["eval", e]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/argument list for alias template SM90_64x64x\d+_\w+ is missing/);
  });
  it("with <> (or the class template SM90::GMMA::MMA_...) it is the same TiledMMA", async () => {
    const a = await run(["eval", "make_tiled_mma(SM90_64x64x8_F32TF32TF32_SS_TN<>{})"]);
    const b = await run(["eval", "make_tiled_mma(SM90::GMMA::MMA_64x64x8_F32TF32TF32_SS_TN{})"]);
    expect(a.exit).toBe(0);
    expect(a.stdout).toMatch(/^TiledMMA\n/);
    expect(b.stdout).toBe(a.stdout);
    expect((await run(["eval", "make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{})"])).exit).toBe(0);
  });
  it("the integer ones (S32 accumulators) are plain aliases of a class: no argument list, as nvcc takes them", async () => {
    const a = await run(["eval", "MMA_Atom<SM90_64x8x32_S32S8S8_SS_TN>{}"]);
    expect(a.stderr).toBe("");
    expect(a.stdout).toMatch(/^MMA_Atom\n  ThrID:      _128:_1\n  Shape_MNK:  \(_64,_8,_32\)\n/);
    expect((await run(["eval", "make_tiled_mma(SM90_64x64x32_S32U8S8_RS_TN_SATURATE{})"])).exit).toBe(0);
  });
});
