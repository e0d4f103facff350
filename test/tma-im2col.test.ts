/**
 * im2col TMA (copy_traits_sm90_im2col.hpp): make_im2col_tma_copy's TiledCopy and the
 * cuTensorMapEncodeIm2col arguments `tma --desc` prints. No CuTe goldens exist; expected values
 * follow the header's rules, checked on an NHWC activation whose strides are known:
 *  - the descriptor's tensor is (C, W, H, N): the channel mode the smem's contiguous run walks,
 *    then the pixel mode's leaves, strides in bytes (sizeof(T) * stride), stride 0 implicit;
 *  - channelsPerPixel is the smem's channel extent, pixelsPerColumn its pixel extent over the
 *    multicast CTAs (logical_divide of the two TMA modes by size / multicast);
 *  - elementStrides are (1, traversal strides..., 1); the corners go through as given;
 *  - TMA::DescriptorAuxParams{} asks for no L2 promotion and no OOB fill;
 *  - the TiledCopy is make_tma_copy_tiled's (one box of size(trunc) values per instruction).
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";

// NHWC half_t activation, N=8, H=W=56, C=64: W stride C, H stride W*C, N stride H*W*C
const GMEM = "((56,56,8),64):((64,3584,200704),_1)";
const base = (op: string, smem: string, ...rest: string[]) => ["tma", "--op", op, "--type", "half_t", "--gmem", GMEM, "--smem", smem, ...rest];

const fields = (out: string) => Object.fromEntries(out.trim().split("\n").map((l) => [l.slice(0, 20).trim(), l.slice(20).trim()]));

describe("make_im2col_tma_copy: the descriptor", () => {
  it("a 128-pixel x 64-channel K-major tile of a 3x3 convolution with padding 1", async () => {
    const d = fields(await ok([...base("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)", "--lower-corner", "(-1,-1)", "--upper-corner", "(-1,-1)", "--lower-padding", "(1,1)", "--upper-padding", "(1,1)"), "--desc"]));
    expect(d.format).toBe("CU_TENSOR_MAP_DATA_TYPE_FLOAT16");
    expect(d.dim).toBe("4");
    expect(d.globalDim).toBe("(64,56,56,8)");
    expect(d.globalStrides).toBe(`(${64 * 2},${3584 * 2},${200704 * 2})`);
    expect(d.pixelBoxLowerCorner).toBe("(-1,-1)");
    expect(d.pixelBoxUpperCorner).toBe("(-1,-1)");
    expect(d.channelsPerPixel).toBe("64");
    expect(d.pixelsPerColumn).toBe("128");
    expect(d.elementStrides).toBe("(1,1,1,1)");
    expect(d.swizzle).toBe("CU_TENSOR_MAP_SWIZZLE_NONE");
    expect(d.l2Promotion).toBe("CU_TENSOR_MAP_L2_PROMOTION_NONE");
    expect(d.oobFill).toBe("CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE");
  });

  it("traversal strides become elementStrides 1..; multicast over 2 CTAs halves pixelsPerColumn; the smem's swizzle is the descriptor's", async () => {
    const d = fields(
      await ok([...base("SM90_TMA_LOAD_IM2COL_MULTICAST", "Sw<3,4,3> o smem_ptr[16b](unset) o (_128,_64):(_64,_1)", "--cluster", "_2", "--traversal-stride", "(2,2)"), "--desc"]),
    );
    expect(d.elementStrides).toBe("(1,2,2,1)");
    expect(d.channelsPerPixel).toBe("64");
    expect(d.pixelsPerColumn).toBe("64");
    expect(d.swizzle).toBe("CU_TENSOR_MAP_SWIZZLE_128B");
  });

  it("a 3-D convolution (W,H,D,N) gives a 5-D descriptor; a 32-channel tile loads 32 channels per pixel", async () => {
    const gmem = "((16,16,16,2),32):((32,512,8192,131072),_1)";
    const d = fields(await ok(["tma", "--op", "SM90_TMA_LOAD_IM2COL", "--type", "float", "--gmem", gmem, "--smem", "(_64,_32):(_32,_1)", "--desc"]));
    expect(d.dim).toBe("5");
    expect(d.globalDim).toBe("(32,16,16,16,2)");
    expect(d.globalStrides).toBe(`(${32 * 4},${512 * 4},${8192 * 4},${131072 * 4})`);
    expect(d.pixelBoxLowerCorner).toBe("(0,0,0)");
    expect(d.elementStrides).toBe("(1,1,1,1,1)");
    expect(d.channelsPerPixel).toBe("32");
    expect(d.pixelsPerColumn).toBe("64");
  });
});

describe("make_im2col_tma_copy: the TiledCopy", () => {
  it("one instruction loads the whole 128x64 tile: the atom carries 8192 values; with the SM90 multicast, two CTAs each take half a box", async () => {
    const one = await ok(base("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)"));
    expect(one).toContain("  Tiler_MN:       (_128,_64)\n");
    expect(one).toContain("  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_8192):(_0,_1)\n");
    const two = await ok(base("SM90_TMA_LOAD_IM2COL_MULTICAST", "(_128,_64):(_64,_1)", "--cluster", "_2"));
    // layout_T: CTA 1 starts half a box (4096 smem offsets = 64 pixel rows) in: smem coordinate (64,0), index 64
    expect(two).toMatch(/TiledLayout_TV: \(_2,.*\):\(_64,/);
  });
  it("the same TiledCopy as make_tma_copy builds for the channel-contiguous tile (one box of the whole tile)", async () => {
    const im2col = await ok(base("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)"));
    const tiled = await ok(["tma", "--op", "SM90_TMA_LOAD", "--type", "half_t", "--gmem", "(25088,64):(64,_1)", "--smem", "(_128,_64):(_64,_1)"]);
    expect(im2col.split("Copy_Atom")[0]).toBe(tiled.split("Copy_Atom")[0]);
  });
});

describe("refusals", () => {
  it("CuTe's static asserts", async () => {
    expect(await refused(base("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)", "--cta-tiler", "(_64,_64)"))).toContain("TMA requires CTA_Tile and SLayout top-level shape equivalence.");
    expect(await refused(base("SM90_TMA_LOAD_IM2COL", "(_64,_8):(_8,_1)", "--cta-tiler", "(_64,_8:_2)"))).toContain("IM2COL expects at least 2 modes of the smem to vectorize with gmem.");
    expect(await refused(base("SM90_TMA_LOAD_IM2COL_MULTICAST", "(_8,_4):(_4,_1)", "--cluster", "_3"))).toContain("Number of active CTAs in TMA must divide domain size of slayout.");
  });
  it("make_im2col_tma_copy has no Copy_Atom-only form: --tma-atom names the SM100 atom builders", async () => {
    expect(await refused([...base("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)"), "--tma-atom"])).toContain("make_im2col_tma_atom_A/B_sm100");
  });
  it("a 2SM im2col load through make_im2col_tma_copy with one CTA: the TiledCopy has fewer threads than the atom", async () => {
    expect(await refused(base("SM100_TMA_2SM_LOAD_IM2COL", "(_128,_64):(_64,_1)"))).toContain("TiledCopy uses too few thrs for selected CopyAtom");
  });
  it("convolution parameters belong to im2col ops and take one value per spatial mode", async () => {
    expect(await refused(["tma", "--op", "SM90_TMA_LOAD", "--type", "half_t", "--gmem", "(1024,64):(64,_1)", "--smem", "(_128,_64):(_64,_1)", "--dilation", "(1,1)"])).toContain("convolution parameter");
    expect(await refused([...base("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)", "--lower-corner", "(0,0,0)"), "--desc"])).toContain("one value per spatial mode");
  });
});
