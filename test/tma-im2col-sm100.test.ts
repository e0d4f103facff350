/**
 * SM100 im2col TMA (copy_traits_sm100_im2col.hpp, arch/copy_sm100_tma.hpp) and the im2col
 * coordinate tensor get_tma_tensor returns (make_im2col_tma_copy_desc in copy_traits_sm90_im2col.hpp).
 *
 * No CuTe goldens exist for these. Expected values come from the headers' rules, checked
 * independently of the code under test:
 *  - Copy_Traits<SM100_TMA_2SM_LOAD_IM2COL[_MULTICAST]> differ from the SM90 im2col traits only in
 *    ThrID = Layout<_2> and the (thr,bit) layouts (_2,NumBits):(NumBits,_1);
 *  - make_im2col_tma_atom_A/B_sm100 hand make_tma_atom_im2col the CTA's (MMA, MMA_M|N, MMA_K)
 *    values and cut the box over the cluster's N (A) or M (B) CTAs: the descriptor is the one
 *    make_im2col_tma_copy builds for the same bytes of smem written flat, with that multicast;
 *  - make_im2col_tma_copy_A/B_sm100's cta_t_map is the TiledMMA's VMNK shape, not coalesced (the
 *    tiled builders coalesce it); a multicast splits every box among the CTAs that share it;
 *  - the coordinate tensor: shapes ((q,p,n),(c,s,r)) from the header's formulas, strides from
 *    make_basis_like scaled by the traversal strides and dilations, and every GEMM coordinate
 *    (m, k) taken to (c, (w,h), n, (s,r)) = lower corner + the pixel and filter offsets, checked
 *    element by element against that formula.
 */
import { describe, expect, it } from "vitest";
import { run, ok, refused } from "./helpers.js";
import { buildIm2colFrom } from "../src/eval/args/tma-mma.js";
import { crd2idx } from "../src/core/layout.js";
import { D, type Int } from "../src/core/integer.js";
import { parseSmem } from "../src/eval/args/tma.js";
import * as T from "../src/core/int-tuple.js";

// NHWC half_t activation, N=8, H=W=56, C=64
const GMEM = "((56,56,8),64):((64,3584,200704),_1)";
// one peer CTA's K-major SW128 operand tile (MMA, MMA_M|N, MMA_K) = ((_128,_16),_1,_4), and the same bytes written flat (_128,_64)
const SW = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)";
const SW_FLAT = "Sw<3,4,3> o smem_ptr[16b](unset) o (_128,_64):(_64,_1)";
const MMA_1SM = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>";
const MMA_2SM = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K>";

const tma = (op: string, smem: string, ...rest: string[]) => ["tma", "--op", op, "--type", "half_t", "--gmem", GMEM, "--smem", smem, ...rest];
const forMma = (mma: string, w: "A" | "B", ...rest: string[]) => ["--for-mma", mma, "--operand", w, "--cta-tiler", "(_256,_256,_64)", ...rest];

const fields = (out: string) => Object.fromEntries(out.trim().split("\n").map((l) => [l.slice(0, 20).trim(), l.slice(20).trim()]));

describe("Copy_Traits<SM100_TMA_2SM_LOAD_IM2COL[_MULTICAST]>", () => {
  for (const op of ["SM100_TMA_2SM_LOAD_IM2COL", "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST"]) {
    it(`${op} through make_im2col_tma_copy over 2 CTAs: the SM90 multicast's TiledCopy and descriptor, ThrID _2 and (_2,NumBits):(NumBits,_1)`, async () => {
      const sm100 = await ok(tma(op, "(_128,_64):(_64,_1)", "--cluster", "_2"));
      const sm90 = await ok(tma("SM90_TMA_LOAD_IM2COL_MULTICAST", "(_128,_64):(_64,_1)", "--cluster", "_2"));
      const head = (s: string) => s.split("Copy_Atom\n")[0];
      expect(head(sm100)).toBe(head(sm90));
      // NumBitsPerTMA = size(tma_layout_trunc) * 16 = 128*64*16 bits, 8192 half_t values
      expect(sm100).toContain("  ThrID:        _2:_1\n  ValLayoutSrc: (_2,_8192):(_8192,_1)\n  ValLayoutDst: (_2,_8192):(_8192,_1)\n");
      expect(sm90).toContain("  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_8192):(_0,_1)\n");
      expect(await ok([...tma(op, "(_128,_64):(_64,_1)", "--cluster", "_2"), "--desc"])).toBe(await ok([...tma("SM90_TMA_LOAD_IM2COL_MULTICAST", "(_128,_64):(_64,_1)", "--cluster", "_2"), "--desc"]));
    });
  }
});

describe("make_im2col_tma_atom_A/B_sm100", () => {
  // 2x1SM MMA, cluster (4,4,1): cluster_layout_vmnk has shape (2,2,4,1): A multicasts over N = 4, B over M = 2
  const cases: Array<[string, "A" | "B", string, number]> = [
    ["SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", "A", "(_4,_4,_1)", 4],
    ["SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", "B", "(_4,_4,_1)", 2],
    ["SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", "A", "(_2,_2,_1)", 2],
    ["SM100_TMA_2SM_LOAD_IM2COL", "A", "(_4,_4,_1)", 1],
    ["SM90_TMA_LOAD_IM2COL_MULTICAST", "B", "(_8,_1,_1)", 4],
  ];
  for (const [op, w, cluster, mc] of cases) {
    it(`${op} operand ${w}, cluster ${cluster}: make_im2col_tma_copy's descriptor for the flat smem with multicast ${mc}`, async () => {
      const desc = await ok([...tma(op, SW, ...forMma(MMA_2SM, w, "--cluster", cluster, "--tma-atom")), "--desc"]);
      const flat = await ok([...tma("SM90_TMA_LOAD_IM2COL_MULTICAST", SW_FLAT, "--cluster", `_${mc}`), "--desc"]);
      expect(desc).toBe(flat);
      const d = fields(desc);
      // each CTA's 8192 values: 64 channels per pixel, the pixels cut over the multicast CTAs
      expect(Number(d.channelsPerPixel)).toBe(64);
      expect(Number(d.channelsPerPixel) * Number(d.pixelsPerColumn) * mc).toBe(8192);
      expect(d.swizzle).toBe("CU_TENSOR_MAP_SWIZZLE_128B");
    });
  }

  it("the Copy_Atom: the op's traits with the CTA's 8192 values (NumBitsPerTMA = size(tma_layout_trunc) * 16)", async () => {
    const out = await ok(tma("SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", SW, ...forMma(MMA_2SM, "A", "--cluster", "(_4,_4,_1)", "--tma-atom")));
    expect(out).toBe(
      "Copy_Atom\n  ThrID:        _2:_1\n  ValLayoutSrc: (_2,_8192):(_8192,_1)\n  ValLayoutDst: (_2,_8192):(_8192,_1)\n  ValLayoutRef: (_2,_8192):(_8192,_1)\n  ValueType:    16b\n",
    );
  });

  it("SM90_TMA_STORE_IM2COL is one of the atom builder's ops (one CTA), not the TiledCopy builder's", async () => {
    const oneSm = ["--for-mma", MMA_1SM, "--operand", "A", "--cta-tiler", "(_128,_256,_64)"];
    expect(fields(await ok([...tma("SM90_TMA_STORE_IM2COL", SW, ...oneSm, "--tma-atom"), "--desc"])).pixelsPerColumn).toBe("128");
    expect(await refused(tma("SM90_TMA_STORE_IM2COL", SW, ...oneSm))).toContain('static_assert(dependent_false<CopyOp>, "Unsupported TMA")');
  });
});

describe("make_im2col_tma_copy_A/B_sm100", () => {
  it("cta_t_map is the TiledMMA's (V,M,N,K) shape, not coalesced: the 2x1SM MMA's two peers are threads (_2,_1,_1,_1):(_0,_0,_0,_0)", async () => {
    const im2col = await ok(tma("SM100_TMA_2SM_LOAD_IM2COL", SW, ...forMma(MMA_2SM, "A")));
    expect(im2col).toMatch(/^TiledCopy\n {2}Tiler_MN: {7}\(_2048,_1,_4\)\n {2}TiledLayout_TV: \(\(_2,_1,_1,_1\),.*\):\(\(_0,_0,_0,_0\),/);
    // make_tma_copy_A_sm100 coalesces the same map to _2:_0
    const tiled = await ok(["tma", "--op", "SM100_TMA_2SM_LOAD", "--type", "half_t", "--gmem", "(25088,64):(64,_1)", "--smem", SW, ...forMma(MMA_2SM, "A")]);
    expect(tiled).toMatch(/TiledLayout_TV: \(_2,.*\):\(_0,/);
  });

  it("a multicast over the MMA's 2 N CTAs splits every box: CTA (v,m,n,k) starts n half boxes into the smem vector", async () => {
    const b = await buildIm2colFrom({ op: "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", type: "half_t", gmem: GMEM, smem: SW, "for-mma": MMA_2SM, operand: "A", atoms: "(_1,_2,_1)", "cta-tiler": "(_256,_512,_64)" });
    if (b?.kind !== "im2col") throw new Error("expected a TiledCopy");
    const c = b.copy;
    expect(c.numMulticast).toBe(2);
    expect(T.tupText(c.ctaTMap.shape)).toBe("(_2,_1,_2,_1)");
    const tv = c.tiled.layoutTV;
    const smem = parseSmem(SW).layout;
    const off = (thr: number, val: number) => (crd2idx(crd2idx([D(thr), D(val)], tv) as Int, smem) as Int).v;
    const half = c.numElems.v / 2;
    expect(c.numElems.v).toBe(8192);
    for (let thr = 0; thr < 4; thr++) {
      const n = Math.floor(thr / 2); // (v,m,n,k) column-major over (2,1,2,1)
      for (const v of [0, 1, 63, 64, 1000, half - 1]) expect(off(thr, v)).toBe(n * half + v);
    }
    // the two N CTAs' halves are the whole box, each smem element once
    const seen = new Set<number>();
    for (const thr of [0, 2]) for (let v = 0; v < half; v++) seen.add(off(thr, v));
    expect(seen.size).toBe(c.numElems.v);
    expect(Math.min(...seen)).toBe(0);
    expect(Math.max(...seen)).toBe(c.numElems.v - 1);
  });

  it("the B builder multicasts over the M CTAs", async () => {
    const mma = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::K>";
    const b = await buildIm2colFrom({ op: "SM90_TMA_LOAD_IM2COL_MULTICAST", type: "half_t", gmem: GMEM, smem: SW, "for-mma": mma, operand: "B", atoms: "(_4,_1,_1)", "cta-tiler": "(_512,_128,_64)" });
    if (b?.kind !== "im2col") throw new Error("expected a TiledCopy");
    expect(b.copy.numMulticast).toBe(4);
    expect(fields((await import("../src/atoms/tma/im2col.js")).printIm2colDesc(b.copy.desc)).pixelsPerColumn).toBe("32");
  });
});

describe("the im2col coordinate tensor (tma-coords)", () => {
  it("no offsets: ((q,p,n),(c,_1,_1)) over the basis strides ((E<1,0>,E<1,1>,E<2>),(E<0>,E<3,0>,E<3,1>)), composed over the identity of (q*p*n,(c,_1,_1))", async () => {
    // q/p = (56 + 0 - 0 - 1) / _1 + _1 = 56 (dynamic, as the gmem's 56); s/r = _1 + (_0 - _0) / _1 = _1 (static defaults)
    const gemm = "((56,56,8),(64,_1,_1))";
    const strides = "((_1@0@1,_1@1@1,_1@2),(_1@0,_1@0@3,_1@1@3))";
    const linear = `(${56 * 56 * 8},(64,_1,_1)):(_1@0,(_1@0@1,_1@1@1,_1@2@1))`;
    const out = await ok(["tma-coords", ...tma("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)").slice(1)]);
    expect(out).toBe(`ArithTuple(_0,(_0,_0),_0,(_0,_0)) o ${gemm}:${strides} o (_0,(_0,_0,_0)) o ${linear}\n`);
  });

  it("a 3x3 filter, padding 1, traversal stride 2: 28x28 output pixels, the strides scaled by 2, the base at the lower corner", async () => {
    const conv = ["--lower-corner", "(-1,-1)", "--upper-corner", "(-1,-1)", "--lower-padding", "(1,1)", "--upper-padding", "(1,1)", "--traversal-stride", "(2,2)"];
    const out = await ok(["tma-coords", ...tma("SM90_TMA_LOAD_IM2COL", "(_128,_64):(_64,_1)", ...conv).slice(1)]);
    // q = (56 + (-1) - (-1) - 1) / 2 + 1 = 28; s = 1 + (1 - (-1)) / 1 = 3
    expect(out).toBe("ArithTuple(_0,(-1,-1),_0,(_0,_0)) o ((28,28,8),(64,3,3)):((2@0@1,2@1@1,_1@2),(_1@0,_1@0@3,_1@1@3)) o (_0,(_0,_0,_0)) o (6272,(64,3,3)):(_1@0,(_1@0@1,_1@1@1,_1@2@1))\n");
  });

  it("every GEMM coordinate (m,k) of a tile is (c, lower corner + (q,p) * stride, n, lower_srt + (s,r) * dilation): checked element by element", async () => {
    // C = 4 channels, W = H = 8, N = 2; 3x3 filter, padding 1, traversal stride 2, dilation 2
    const gmem = "((8,8,2),4):((4,32,256),_1)";
    const conv = {
      lower: [-2, -2],
      upper: [-2, -2],
      lowerPad: [2, 2],
      upperPad: [2, 2],
      stride: [2, 2],
      srt: [1, 0],
      dil: [2, 2],
    };
    const t = (xs: number[]) => `(${xs.join(",")})`;
    const argv = [
      "tma-coords",
      "--op",
      "SM90_TMA_LOAD_IM2COL",
      "--type",
      "half_t",
      "--gmem",
      gmem,
      "--smem",
      "(_8,_4):(_4,_1)",
      "--lower-corner",
      t(conv.lower),
      "--upper-corner",
      t(conv.upper),
      "--lower-padding",
      t(conv.lowerPad),
      "--upper-padding",
      t(conv.upperPad),
      "--traversal-stride",
      t(conv.stride),
      "--lower-srt",
      t(conv.srt),
      "--dilation",
      t(conv.dil),
    ];
    // the header's extents
    const Q = Math.trunc((8 + conv.upper[0]! - conv.lower[0]! - 1) / conv.stride[0]!) + 1;
    const P = Math.trunc((8 + conv.upper[1]! - conv.lower[1]! - 1) / conv.stride[1]!) + 1;
    const S = 1 + Math.trunc((conv.upperPad[0]! - conv.upper[0]!) / conv.dil[0]!);
    const R = 1 + Math.trunc((conv.upperPad[1]! - conv.upper[1]!) / conv.dil[1]!);
    const [N, C] = [2, 4];
    expect([Q, P, S, R]).toEqual([4, 4, 3, 3]);
    const whole = await ok(argv);
    expect(whole).toContain(` o ((${Q},${P},${N}),(${C},${S},${R})):`);
    for (const [b0, b1] of [
      [0, 0],
      [3, 5],
      [1, 8],
    ] as const) {
      const r = await run([...argv, "--tile", "(_8,_4)", "--block", `(${b0},${b1})`, "--json"]);
      expect(r.exit).toBe(0);
      const coords = (JSON.parse(r.stdout) as { coords: number[][] }).coords;
      expect(coords.length).toBe(32);
      const seen = new Set<string>();
      coords.forEach((got, idx) => {
        const i = idx % 8;
        const j = Math.floor(idx / 8);
        const m = 8 * b0 + i;
        const k = 4 * b1 + j;
        const q = m % Q;
        const p = Math.floor(m / Q) % P;
        const n = Math.floor(m / (Q * P));
        const c = k % C;
        const s = Math.floor(k / C) % S;
        const rr = Math.floor(k / (C * S));
        // (c, (w, h), n, (s, r)) leaf by leaf
        const want = [c, conv.lower[0]! + q * conv.stride[0]!, conv.lower[1]! + p * conv.stride[1]!, n, conv.srt[0]! + s * conv.dil[0]!, conv.srt[1]! + rr * conv.dil[1]!];
        expect(got).toEqual(want);
        seen.add(got.join(","));
      });
      // distinct GEMM coordinates, distinct im2col coordinates
      expect(seen.size).toBe(32);
    }
  });

  it("the SM100 atom builder's tensor is make_im2col_tma_copy's for the same activation and convolution", async () => {
    const conv = ["--lower-corner", "(-1,-1)", "--upper-corner", "(-1,-1)", "--lower-padding", "(1,1)", "--upper-padding", "(1,1)"];
    const sm100 = await ok(["tma-coords", ...tma("SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", SW, ...forMma(MMA_2SM, "A", "--cluster", "(_4,_4,_1)", "--tma-atom"), ...conv).slice(1)]);
    const sm90 = await ok(["tma-coords", ...tma("SM90_TMA_LOAD_IM2COL", SW_FLAT, ...conv).slice(1)]);
    expect(sm100).toBe(sm90);
  });

  it("ThrCopy::partition_S of a tile for each CTA of a multicast: its box's coordinates, starting where its slice of the box does", async () => {
    const base = ["tma-coords", "--op", "SM90_TMA_LOAD_IM2COL_MULTICAST", "--type", "half_t", "--gmem", GMEM, "--smem", "(_8,_4):(_4,_1)", "--cluster", "_2", "--tile", "(_8,_4)", "--block", "(1,0)"];
    const all = (JSON.parse((await run([...base, "--json"])).stdout) as { coords: number[][] }).coords.map((c) => c.join(","));
    const r0 = (JSON.parse((await run([...base, "--partition", "S", "--rank", "0", "--json"])).stdout) as { coords: number[][] }).coords.map((c) => c.join(","));
    const r1 = (JSON.parse((await run([...base, "--partition", "S", "--rank", "1", "--json"])).stdout) as { coords: number[][] }).coords.map((c) => c.join(","));
    // smem (_8,_4):(_4,_1): offset o is tile element (o/4, o%4), column-major index o/4 + 8*(o%4).
    // The 32-element box is cut over the 2 CTAs: rank r's box starts 16 smem offsets in, so its
    // value v (v < 16) is the tile's element at smem offset 16r + v; the two halves are the tile, once
    const at = (o: number) => all[Math.floor(o / 4) + 8 * (o % 4)];
    for (let v = 0; v < 16; v++) {
      expect(r0[v]).toBe(at(v));
      expect(r1[v]).toBe(at(16 + v));
    }
    expect(new Set([...r0.slice(0, 16), ...r1.slice(0, 16)])).toEqual(new Set(all));
  });
});

describe("tma --explain of im2col", () => {
  it("the descriptor's tensor, the box, the 2-SM pair and the multicast, the transaction bytes", async () => {
    const out = await ok([...tma("SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", SW, ...forMma(MMA_2SM, "A", "--atoms", "(_1,_2,_1)")), "--explain"]);
    expect(out).toContain("4-D im2col TMA descriptor (cuTensorMapEncodeIm2col)");
    expect(out).toContain("(C,W,H,N) = (64,56,56,8):(_1,64,3584,200704)");
    expect(out).toContain("TMA dim 2 (H, pixels): extent 56, stride 7168 bytes");
    expect(out).toContain("box: 64 channels per pixel x 64 pixels per column = 4096 elements = 8192 bytes");
    expect(out).toContain("ThrID _2");
    expect(out).toContain("multicast over 2 CTAs");
    // one (128 x 64) half_t tile per CTA: 16384 bytes
    expect(out).toContain("set_barrier_transaction_bytes(mbar, 16384)");
  });
  it("refused for a Copy_Atom alone", async () => {
    expect(await refused([...tma("SM100_TMA_2SM_LOAD_IM2COL", SW, ...forMma(MMA_2SM, "A", "--tma-atom")), "--explain"])).toContain("--explain describes a TiledCopy");
  });
});

describe("refusals", () => {
  it("CuTe's: the smem must be the CTA's (MMA, MMA_M|N, MMA_K) values; an unsupported op", async () => {
    // the 2SM MMA gives each peer 128 of the 256 rows: a 256-row smem does not match
    const sw256 = "Sw<3,4,3> o smem_ptr[16b](unset) o ((_256,_16),_1,_4):((_64,_1),_0,_16)";
    expect(await refused(tma("SM100_TMA_2SM_LOAD_IM2COL", sw256, ...forMma(MMA_2SM, "A")))).toContain("TMA requires CTA_Tile and SLayout top-level shape equivalence.");
  });
  it("usage: operand C has no im2col builder; the TiledCopy builder takes no cluster; the atom builder needs --for-mma", async () => {
    expect(await refused(tma("SM100_TMA_2SM_LOAD_IM2COL", SW, ...forMma(MMA_2SM, "B").map((x) => (x === "B" ? "C" : x))))).toContain("no im2col builder for operand C");
    expect(await refused(tma("SM100_TMA_2SM_LOAD_IM2COL", SW, ...forMma(MMA_2SM, "A", "--cluster", "(_4,_4,_1)")))).toContain("make_im2col_tma_copy_A_sm100 takes no cluster");
    expect(await refused(tma("SM100_TMA_2SM_LOAD_IM2COL", SW, "--tma-atom"))).toContain("--for-mma");
  });
});
