/**
 * SM100 TMA: the 2SM ops through make_tma_copy / make_tma_atom, and the UMMA operand builders
 * make_tma_atom_A/B_sm100 and make_tma_copy_A/B/C_sm100 (copy_traits_sm100_tma.hpp).
 *
 * No CuTe goldens exist for these yet. Expected values come from
 *  - what CUTLASS's Blackwell tutorials (examples/cute/tutorial/blackwell/02..04) print in their
 *    comments for the same calls (tma_atom_A/B, the TMA tensors mA/mB);
 *  - the header's rules checked independently: the 2SM Copy_Traits differ from SM90's only in
 *    ThrID (_2) and the (thr,bit) layouts; the box is cut by the cluster mode the op multicasts over;
 *    the SM100 builders read the same gmem modes as make_tma_atom over select<0,2>(mma_tiler) when
 *    the MMA is one CTA;
 *  - brute-force properties of the TiledCopy (a multicast splits every box among the CTAs, each
 *    smem element owned once).
 */
import { describe, expect, it } from "vitest";
import { run, ok, refused } from "./helpers.js";
import { buildTmaFrom, tmaOf } from "../src/eval/args/tma-mma.js";
import { getTmaTensor, printCoordTensor } from "../src/atoms/tma/coords.js";
import { crd2idx } from "../src/core/layout.js";
import { D, type Int } from "../src/core/integer.js";
import { parseSmem } from "../src/eval/args/tma.js";
import * as T from "../src/core/int-tuple.js";

const SW_A = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)";
const SW_B256 = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_256,_16),_1,_4):((_64,_1),_0,_16)";
const MMA_1SM = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>";
const MMA_2SM = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K>";
// the tutorials' problem: A 512x256 and B 1024x256, both K-major
const GMEM_A = "(512,256):(256,_1)";
const GMEM_B = "(1024,256):(256,_1)";

const atomText = (thr: string, src: string) =>
  "Copy_Atom\n" +
  `  ThrID:        ${thr}\n` +
  `  ValLayoutSrc: ${src}\n` +
  `  ValLayoutDst: ${src}\n` +
  `  ValLayoutRef: ${src}\n` +
  "  ValueType:    16b\n";

const tma = (op: string, gmem: string, smem: string, ...rest: string[]) => ["tma", "--op", op, "--type", "half_t", "--gmem", gmem, "--smem", smem, ...rest];

const descOf = (out: string) => Object.fromEntries(out.trim().split("\n").map((l) => [l.slice(0, 15).trim(), l.slice(15).trim()]));

describe("the Blackwell tutorials' TMA atoms", () => {
  it("02: make_tma_atom(SM90_TMA_LOAD, mA, sA_layout, select<0,2>(mma_tiler)) and the B atom", async () => {
    expect(await ok(tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--cta-tiler", "(_128,_64)", "--tma-atom"))).toBe(atomText("_1:_0", "(_1,_8192):(_0,_1)"));
    expect(await ok(tma("SM90_TMA_LOAD", GMEM_B, SW_B256, "--cta-tiler", "(_256,_64)", "--tma-atom"))).toBe(atomText("_1:_0", "(_1,_16384):(_0,_1)"));
  });

  it("04: make_tma_atom_A/B_sm100(SM100_TMA_2SM_LOAD_MULTICAST, ..., 2x1SM 256x256 MMA, cluster (4,4,1))", async () => {
    const common = ["--for-mma", MMA_2SM, "--cta-tiler", "(_256,_256,_64)", "--cluster", "(_4,_4,_1)", "--tma-atom"];
    expect(await ok(tma("SM100_TMA_2SM_LOAD_MULTICAST", GMEM_A, SW_A, "--operand", "A", ...common))).toBe(atomText("_2:_1", "(_2,_8192):(_8192,_1)"));
    // each peer CTA holds half of the MMA's N = 256: a 128x64 B tile
    expect(await ok(tma("SM100_TMA_2SM_LOAD_MULTICAST", GMEM_B, SW_A, "--operand", "B", ...common))).toBe(atomText("_2:_1", "(_2,_8192):(_8192,_1)"));
  });

  it("get_tma_tensor(shape(mA)) and (shape(mB)) as the tutorials print mA and mB", async () => {
    const common = ["--for-mma", MMA_2SM, "--cta-tiler", "(_256,_256,_64)", "--tma-atom"];
    const a = await ok(["tma-coords", ...tma("SM100_TMA_2SM_LOAD_MULTICAST", GMEM_A, SW_A, "--operand", "A", ...common).slice(1)]);
    expect(a).toBe("ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)\n");
    const b = await ok(["tma-coords", ...tma("SM100_TMA_2SM_LOAD_MULTICAST", GMEM_B, SW_A, "--operand", "B", ...common).slice(1)]);
    expect(b).toBe("ArithTuple(_0,_0) o (1024,256):(_1@1,_1@0)\n");
  });

  it("a B smem layout of the whole 256-row MMA tile is refused: each peer holds only its 128 rows", async () => {
    const err = await refused(tma("SM100_TMA_2SM_LOAD", GMEM_B, SW_B256, "--for-mma", MMA_2SM, "--operand", "B", "--cta-tiler", "(_256,_256,_64)", "--tma-atom"));
    expect(err).toContain("TMA requires CTA_Tile and SLayout top-level size equivalence.");
  });
});

describe("the descriptor box is cut over the cluster mode the op multicasts", () => {
  // 2x1SM: V = 2 peers; cluster (CM,CN,1) gives M = CM/2 MMA rows and N = CN columns.
  // A multicasts over N, B over M; the 2SM non-multicast load and SM90_TMA_LOAD cut nothing.
  const cases: Array<[string, "A" | "B", string, number]> = [
    ["SM100_TMA_2SM_LOAD_MULTICAST", "A", "(_4,_4,_1)", 4],
    ["SM100_TMA_2SM_LOAD_MULTICAST", "B", "(_4,_4,_1)", 2],
    ["SM100_TMA_2SM_LOAD_MULTICAST", "A", "(_2,_2,_1)", 2],
    ["SM100_TMA_2SM_LOAD_MULTICAST", "B", "(_8,_1,_1)", 4],
    ["SM100_TMA_2SM_LOAD", "A", "(_4,_4,_1)", 1],
    ["SM100_TMA_2SM_LOAD", "B", "(_4,_4,_1)", 1],
  ];
  for (const [op, w, cluster, mc] of cases) {
    it(`${op} operand ${w}, cluster ${cluster}: the box holds 1/${mc} of the CTA's 8192 elements`, async () => {
      const argv = tma(op, w === "A" ? GMEM_A : GMEM_B, SW_A, "--for-mma", MMA_2SM, "--operand", w, "--cta-tiler", "(_256,_256,_64)", "--cluster", cluster, "--tma-atom", "--desc");
      const d = descOf(await ok(argv));
      const box = d.boxDim!.slice(1, -1).split(",").map(Number);
      expect(box.reduce((x, y) => x * y, 1) * mc).toBe(8192);
      // K-major: TMA dimension 0 is the 64-element (128-byte) K row, the swizzle's span
      expect(box[0]).toBe(64);
      expect(d.swizzle).toBe("CU_TENSOR_MAP_SWIZZLE_128B");
      expect(d.globalDim).toBe(w === "A" ? "(256,512)" : "(256,1024)");
      expect(d.globalStrides).toBe("(512)");
    });
  }
});

describe("the SM100 builders against make_tma_atom / make_tma_copy", () => {
  it("for a one-CTA MMA, make_tma_atom_A/B_sm100 reads the gmem modes make_tma_atom(select<0,2>(mma_tiler)) reads", async () => {
    for (const w of ["A", "B"] as const) {
      const gmem = w === "A" ? GMEM_A : GMEM_B;
      const smem = w === "A" ? SW_A : SW_B256;
      const tiler = w === "A" ? "(_128,_64)" : "(_256,_64)";
      for (const op of ["SM90_TMA_LOAD", "SM90_TMA_LOAD_MULTICAST"]) {
        const sm100 = tma(op, gmem, smem, "--for-mma", MMA_1SM, "--operand", w, "--cta-tiler", "(_128,_256,_64)", "--cluster", "(_2,_2,_1)", "--tma-atom");
        const plain = tma(op, gmem, smem, "--cta-tiler", tiler, "--cluster", op.endsWith("MULTICAST") ? "_2" : "_1", "--tma-atom");
        expect(await ok([...sm100, "--desc"])).toBe(await ok([...plain, "--desc"]));
        expect(await ok(sm100)).toBe(await ok(plain));
        expect(await ok(["tma-coords", ...sm100.slice(1)])).toBe(await ok(["tma-coords", ...plain.slice(1)]));
      }
    }
  });

  it("the 2SM load differs from the SM90 multicast load only in its Copy_Traits' ThrID and (thr,bit) layouts", async () => {
    const base = ["--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)", "--cluster", "_2"];
    const sm100 = await ok(["tma", "--op", "SM100_TMA_2SM_LOAD", ...base]);
    const sm90 = await ok(["tma", "--op", "SM90_TMA_LOAD_MULTICAST", ...base]);
    const head = (s: string) => s.split("Copy_Atom\n")[0];
    expect(head(sm100)).toBe(head(sm90));
    expect(sm100).toContain("  ThrID:        _2:_1\n  ValLayoutSrc: (_2,_256):(_256,_1)\n");
    expect(sm90).toContain("  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_256):(_0,_1)\n");
    expect(await ok(["tma", "--op", "SM100_TMA_2SM_LOAD", ...base, "--desc"])).toBe(await ok(["tma", "--op", "SM90_TMA_LOAD_MULTICAST", ...base, "--desc"]));
  });

  it("make_tma_copy_A_sm100 over a TiledMMA with 2 CTAs along N: the multicast splits each box, CTA 1 starting half a box into the smem vector", async () => {
    const b = await buildTmaFrom({
      op: "SM90_TMA_LOAD_MULTICAST",
      type: "half_t",
      gmem: GMEM_A,
      smem: SW_A,
      "for-mma": MMA_1SM,
      operand: "A",
      atoms: "(_1,_2,_1)",
      "cta-tiler": "(_128,_512,_64)",
    });
    expect(b.kind).toBe("copy");
    if (b.kind !== "copy") return;
    const tv = b.copy.layoutTV;
    const nThr = T.size(T.get(tv.shape, 0)).v;
    expect(nThr).toBe(2);
    expect(b.copy.numMulticast).toBe(2);
    // (thr, val) -> smem coordinate index; the smem layout takes it to the smem offset. The CTA
    // walks the smem vector box after box (val v at offset v), and CTA 1 starts half a box in.
    const smem = parseSmem(SW_A).layout;
    const off = (thr: number, val: number) => {
      const idx = crd2idx([D(thr), D(val)], tv);
      return (crd2idx(idx as Int, smem) as Int).v;
    };
    const half = b.copy.numElems.v / 2;
    expect(b.copy.numElems.v).toBe(8192);
    for (const v of [0, 1, 63, 64, 1000, 4095, 8191]) expect(off(0, v)).toBe(v);
    expect(off(1, 0)).toBe(half);
    expect(off(1, 7)).toBe(half + 7);
    // the descriptor's box is half the CTA's box
    expect(b.copy.desc.boxDim.reduce((x, y) => x * y, 1) * 2).toBe(b.copy.numElems.v);
  });

  it("make_tma_copy_A_sm100 with the 2SM load: both peers of the MMA map to TMA thread 0 (no multicast)", async () => {
    const b = await buildTmaFrom({
      op: "SM100_TMA_2SM_LOAD",
      type: "half_t",
      gmem: GMEM_A,
      smem: SW_A,
      "for-mma": MMA_2SM,
      operand: "A",
      "cta-tiler": "(_256,_256,_64)",
    });
    if (b.kind !== "copy") throw new Error("expected a TiledCopy");
    expect(T.size(T.get(b.copy.layoutTV.shape, 0)).v).toBe(2);
    expect(T.tupText(T.get(b.copy.layoutTV.stride, 0))).toBe("_0");
    expect(String(printCoordTensor(getTmaTensor(tmaOf(b))))).toBe("ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)");
    const out = await ok(tma("SM100_TMA_2SM_LOAD", GMEM_A, SW_A, "--for-mma", MMA_2SM, "--operand", "A", "--cta-tiler", "(_256,_256,_64)"));
    // Tiler_MN = product_each(shape(cta_v_tile)) = product_each(((_128,_16),_1,_4)); layout_T = _2:_0
    expect(out).toMatch(/^TiledCopy\n {2}Tiler_MN: {7}\(_2048,_1,_4\)\n {2}TiledLayout_TV: \(_2,.*\):\(_0,/);
  });
});

describe("refusals", () => {
  it("a 2SM load through make_tma_copy with one CTA: the TiledCopy has fewer threads than the atom", async () => {
    const err = await refused(["tma", "--op", "SM100_TMA_2SM_LOAD", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)"]);
    expect(err).toContain("TiledCopy uses too few thrs for selected CopyAtom");
  });
  it("make_tma_atom_A_sm100 refuses a reduction: Unsupported TMA", async () => {
    const err = await refused(tma("SM90_TMA_REDUCE_ADD", GMEM_A, SW_A, "--for-mma", MMA_1SM, "--operand", "A", "--cta-tiler", "(_128,_256,_64)", "--tma-atom"));
    expect(err).toContain("Unsupported TMA");
  });
  it("make_tma_copy_C_sm100 takes only a non-multicast op", async () => {
    const err = await refused(tma("SM90_TMA_LOAD_MULTICAST", "(512,1024):(1024,_1)", "(_128,_256):(_256,_1)", "--for-mma", MMA_1SM, "--operand", "C", "--cta-tiler", "(_128,_256,_64)"));
    expect(err).toContain("expected a non-multicast TMA");
  });
  it("the SM100 im2col ops belong to the im2col builders: commands of tiled TMA name them as not supported there, not as refused by CuTe", async () => {
    for (const op of ["SM100_TMA_2SM_LOAD_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST"]) {
      const r = await run(["verify", "tma", "--op", op, "--type", "half_t", "--gmem", GMEM_A, "--smem", SW_A]);
      expect(r.exit).toBe(2);
      expect(r.stderr).toContain(`cute-ts does not support ${op}`);
      expect(r.stderr).not.toContain("CuTe rejects");
    }
  });
  it("a per-rank op (SM100_TMA_2SM_LOAD_2D) has no Copy_Traits: CuTe refuses it, with a pointer to the op", async () => {
    const err = await refused(tma("SM100_TMA_2SM_LOAD_2D", GMEM_A, SW_A));
    expect(err).toContain("CuTe rejects");
    expect(err).toContain("pass SM100_TMA_2SM_LOAD");
  });
  it("usage: --for-mma needs --operand and the MMA tiler; make_tma_copy_X_sm100 takes no cluster; make_tma_atom takes a tiler", async () => {
    expect(await refused(tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--for-mma", MMA_1SM, "--cta-tiler", "(_128,_256,_64)"))).toContain("--operand");
    expect(await refused(tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--for-mma", MMA_1SM, "--operand", "A"))).toContain("--cta-tiler");
    expect(await refused(tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--for-mma", MMA_1SM, "--operand", "A", "--cta-tiler", "(_128,_64)"))).toContain("(TILE_M,TILE_N,TILE_K");
    expect(await refused(tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--for-mma", MMA_1SM, "--operand", "A", "--cta-tiler", "(_128,_256,_64)", "--cluster", "(_2,_1,_1)"))).toContain("takes no cluster");
    expect(await refused(tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--tma-atom"))).toContain("--cta-tiler");
    expect(await refused(tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--operand", "A"))).toContain("--for-mma");
    expect(await refused([...tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--cta-tiler", "(_128,_64)", "--tma-atom"), "--explain"])).toContain("--explain");
  });
  it("tma-coords --partition needs a TiledCopy", async () => {
    const err = await refused(["tma-coords", ...tma("SM90_TMA_LOAD", GMEM_A, SW_A, "--cta-tiler", "(_128,_64)", "--tma-atom", "--tile", "(_128,_64)", "--block", "(0,0)", "--partition", "S").slice(1)]);
    expect(err).toContain("tma_partition");
  });
});
