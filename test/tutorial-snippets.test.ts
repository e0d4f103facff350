/**
 * Blocks pasted from CUTLASS's CuTe tutorials (test/snippets/*.cpp, each naming its source):
 * every one runs through `eval -f`. Expected values come from CuTe, never from cute-ts's own
 * output: the prints the tutorials quote in their comments (blackwell/01_mma_sm100.cu), the
 * shape comments of the sgemm kernels ((BLK_M,BLK_K,k), (THR_M,THR_K), (MMA,MMA_M,MMA_K), ...)
 * worked out from the tile sizes by the product rule, compact strides computed here from the
 * shape, and addresses computed from the pointer, the element size and the tile coordinate.
 * Where no independent expectation exists the test asserts only that the block runs (exit 0,
 * nothing on stderr) and says so. Snippets that name what cute-ts cannot read are refused by
 * name (exit 2, nothing printed).
 */
import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ok, refused, run } from "./helpers.js";

const DIR = join(__dirname, "snippets");
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".cpp")).sort();
const file = (name: string) => join(DIR, name);
const evalFile = (name: string) => ok(["eval", "-f", file(name)]);

/** the lines `label : value` of a block's output, by label */
function labelled(out: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of out.split("\n")) {
    const i = line.search(/:[\t ]/);
    if (i > 0) m.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
  }
  return m;
}
/** a tensor's printed layout, after its iterator (`ptr o L` -> `L`) */
const layoutOf = (t: string) => t.slice(t.lastIndexOf(" o ") + 3);
const hex = (n: number) => "0x" + n.toString(16);

/** CuTe's compact column-major strides (LayoutLeft) of a static shape, computed here */
function colMajor(shape: number[]): string {
  let p = 1;
  const st = shape.map((s) => {
    const d = p;
    p *= s;
    return d;
  });
  return `(${shape.map((s) => `_${s}`).join(",")}):(${st.map((d) => `_${d}`).join(",")})`;
}

/** snippets cute-ts refuses, with the words the refusal must contain */
const REFUSED: Record<string, RegExp> = {
};

describe("every tutorial snippet runs, or is refused by name", () => {
  it("there are snippets to run", () => expect(FILES.length).toBeGreaterThanOrEqual(40));
  for (const f of FILES) {
    const why = REFUSED[f];
    it(f, async () => {
      if (why !== undefined) expect(await refused(["eval", "-f", file(f)])).toMatch(why);
      // no independent expectation in this test: it runs (exit 0, nothing on stderr) and prints something
      else expect((await evalFile(f)).length).toBeGreaterThan(0);
    });
  }
});

describe("the TMA tensors document (0z_tma_tensors.md): what its examples print, as it quotes them", () => {
  it("a counting iterator's tensor", async () => {
    expect(await evalFile("tma-doc-counting.cpp")).toBe(
      "counting_iter(42) o (4,5):(_1,4):\n   42   46   50   54   58\n   43   47   51   55   59\n   44   48   52   56   60\n   45   49   53   57   61\n",
    );
  });
  it("an ArithmeticTupleIterator offset by a tuple", async () => {
    expect(await evalFile("tma-doc-arith-iter.cpp")).toBe("(42,7,_9)");
  });
  it("tensors of TMA coordinates with basis strides", async () => {
    const rows = (f: (m: number, n: number) => string) => [0, 1, 2, 3].map((m) => [0, 1, 2, 3, 4].map((n) => "  " + f(m, n)).join("") + "\n").join("");
    expect(await evalFile("tma-doc-basis-tensors.cpp")).toBe(
      "ArithTuple(0,0) o (4,5):(_1@0,_1@1):\n" + rows((m, n) => `(${m},${n})`) + "ArithTuple(0,0) o (4,5):(_1@1,_1@0):\n" + rows((m, n) => `(${n},${m})`),
    );
  });
});

describe("Colfax's TMA tutorial: tma_load_kernel's coordinate tensors, as it quotes them", () => {
  it("if (cute::thread(0)) print(gmem_tensor_coord); and block 7's 16x16 tile of coordinates", async () => {
    const out = (await evalFile("colfax-tma-coords.cpp")).split("\n");
    expect(out[0]).toBe("ArithTuple(_0,_0) o (1024,1024):(_1@1,_1@0)");
    expect(out[1]).toBe("ArithTuple(0,112) o (_16,_16):(_1@1,_1@0):");
    // row r of the tile holds (c, 112 + r) for c = 0..15, each padded as print_tensor pads an ArithTuple
    const cells = (r: number) => Array.from({ length: 16 }, (_x, c) => `(${c},${112 + r})`);
    for (const r of [0, 1, 15]) expect(out[2 + r]!.trim().split(/\s+/)).toEqual(cells(r));
  });
});

describe("tiled_copy.cu's host code: sizeof in a template argument", () => {
  it("UniversalCopy<uint_byte_t<sizeof(Element) * size(val_layout)>>: 4-byte floats, 4 values a thread, 16 bytes a copy", async () => {
    const out = (await evalFile("tiled_copy-host.cpp")).split("\n");
    const [M, N, bM, bN] = [256, 512, 128, 64];
    expect(out.slice(0, 2)).toEqual(["1", "0"]); // evenly_divides, and no remainder either way
    // tiled_divide of the column-major (M,N) tensor by (bM,bN): ((bM,bN), M/bM, N/bN)
    const tiled = `((_${bM},_${bN}),${M / bM},${N / bN}):((_1,${M}),_${bM},${bN * M})`;
    expect(out[2]).toBe(`gmem_ptr[32b](0x10000) o ${tiled}`);
    expect(out[3]).toBe(`gmem_ptr[32b](0x90000) o ${tiled}`);
    expect(out[4]).toBe(`${M / bM} ${N / bN} _256`);
    // 32x8 column-major threads, 4x1 values each: thread t = m + 32n owns (4m + v, n), index 4t + v in the (128,8) tile
    expect(out.slice(5, 8)).toEqual(["TiledCopy", "  Tiler_MN:       (_128,_8)", "  TiledLayout_TV: (_256,_4):(_4,_1)"]);
    expect(out).toContain("  ValLayoutSrc: (_1,_4):(_0,_1)"); // a 128-bit UniversalCopy moves 4 floats
  });
});

describe("sgemm_1.cu's control flow: if (thread0()) and the k-tile loop run as on the host", () => {
  it("if (thread0()) prints: thread0() is true outside a kernel", async () => {
    expect(await evalFile("sgemm_1-thread0-if.cpp")).toBe("  mA : gmem_ptr[32b](0x10000) o (5120,4096):(_1,5120)\n");
  });
  it("the mainloop's for runs K_TILE_MAX = 4096 / 8 times", async () => {
    expect(await evalFile("sgemm_1-mainloop-for.cpp")).toBe(Array.from({ length: 4096 / 8 }, (_x, k) => String(k)).join(""));
  });
});

describe("sgemm_1.cu: the shapes its comments name, by the product rule", () => {
  it("gemm_nt's host values: compact m-major smem and thread layouts, the grid", async () => {
    const out = (await evalFile("sgemm_1-nt-host.cpp")).split("\n");
    expect(out[0]).toBe("(5120,5120,4096)");
    expect(out[1]).toBe("(_1,5120) (_1,5120) (_1,5120)");
    expect(out[2]).toBe("(_128,_128,_8)");
    expect(out.slice(3, 9)).toEqual([colMajor([128, 8]), colMajor([128, 8]), colMajor([128, 128]), colMajor([32, 8]), colMajor([32, 8]), colMajor([16, 16])]);
    expect(out[9]).toBe("_256"); // size(tC): 16 * 16 threads
    expect(out[10]).toBe(`${5120 / 128} ${5120 / 128}`); // dimGrid: ceil_div(M, bM), dynamic as M is
  });
  it("gemm_tn's k-major (LayoutRight) layouts: the strides of the reversed shape", async () => {
    const out = (await evalFile("sgemm_1-tn-host.cpp")).split("\n");
    expect(out[1]).toBe("(4096,_1) (4096,_1) (_1,5120)");
    expect(out.slice(2, 4)).toEqual(["(_128,_8):(_8,_1)", "(_128,_8):(_8,_1)"]);
    expect(out.slice(5, 7)).toEqual(["(_32,_8):(_8,_1)", "(_32,_8):(_8,_1)"]);
  });
  it("gemm_device's preconditions hold for gemm_nt's arguments", async () => {
    expect(await evalFile("sgemm_1-device-asserts.cpp")).toBe("ok\n");
  });
  it("gemm_device's tiles and partitions: (BLK_M,BLK_K,k), (THR_M,THR_K,k), (THR_M,BLK_K), (THR_M,THR_N) and their addresses", async () => {
    const m = labelled(await evalFile("sgemm_1-device-tiles.cpp"));
    const [M, K, bM, bN, bK] = [5120, 4096, 128, 128, 8];
    expect(m.get("mA")).toBe(`gmem_ptr[32b](0x10000) o (${M},${K}):(_1,${M})`);
    // block (2,3): gA starts at m = 2*bM, gB at n = 3*bN, gC at (2*bM, 3*bN); 4-byte floats
    expect(m.get("gA")).toBe(`gmem_ptr[32b](${hex(0x10000 + 4 * 2 * bM)}) o (_${bM},_${bK},${K / bK}):(_1,${M},${bK * M})`);
    expect(m.get("gB")).toBe(`gmem_ptr[32b](${hex(0x20000 + 4 * 3 * bN)}) o (_${bN},_${bK},${K / bK}):(_1,${M},${bK * M})`);
    expect(m.get("gC")).toBe(`gmem_ptr[32b](${hex(0x30000 + 4 * (2 * bM + 3 * bN * M))}) o (_${bM},_${bN}):(_1,${M})`);
    expect(m.get("sA")).toBe(`smem_ptr[32b](0x400) o ${colMajor([bM, bK])}`);
    // thread 0 of tA (32x8): every 32nd row of the 128, the one column of 8 / 8
    expect(layoutOf(m.get("tAgA")!)).toBe(`(_${bM / 32},_${bK / 8},${K / bK}):(_32,_0,${bK * M})`);
    expect(layoutOf(m.get("tAsA")!)).toBe(`(_${bM / 32},_${bK / 8}):(_32,_0)`);
    // tC (16x16): rows of sA projected (THR_M,BLK_K), every 16th element
    expect(layoutOf(m.get("tCsA")!)).toBe(`(_${bM / 16},_${bK}):(_16,_${bM})`);
    expect(layoutOf(m.get("tCgC")!)).toBe(`(_${bM / 16},_${bN / 16}):(_16,${16 * M})`);
    expect(m.get("tCrC")).toBe(colMajor([bM / 16, bN / 16]));
  });
  it("the mainloop's slice tAgA(_,_,k_tile) of thread 37: (THR_M,THR_K) at its address", async () => {
    const out = (await evalFile("sgemm_1-k-tile-slice.cpp")).split("\n");
    // thread 37 of the 32x8 column-major tA: row 37 % 32 = 5, column 37 / 32 = 1; tile (2, k=5)
    const off = 2 * 128 + 5 + (5 * 8 + 1) * 5120;
    expect(out[0]).toBe(`gmem_ptr[32b](${hex(0x10000 + 4 * off)}) o (_4,_1):(_32,_0)`);
    expect(out[1]).toBe("_4");
  });
});

describe("sgemm_2.cu and sgemm_sm80.cu: TiledCopy and TiledMMA partitions, by the product rule", () => {
  it("(CPY,CPY_M,CPY_K,k), (MMA,MMA_M,MMA_K), (MMA,MMA_M,MMA_N) of thread 0", async () => {
    const m = labelled(await evalFile("sgemm_2-device-partitions.cpp"));
    // 32x8 threads of 4x1 values over the 128x8 tile: one copy of 4 per thread; 512 k-tiles
    expect(layoutOf(m.get("tAgA")!)).toBe("((_4,_1),_1,_1,512):((_1,_0),_0,_0,40960)");
    // a 16x16 UniversalFMA: each thread a 1-value atom, 128/16 rows, all 8 columns
    expect(layoutOf(m.get("tCsA")!)).toBe("(_1,_8,_8):(_0,_16,_128)");
    expect(layoutOf(m.get("tCgC")!)).toBe("(_1,_8,_8):(_0,_16,81920)");
    // make_fragment_C: a compact register tensor of the same shape
    expect(m.get("tCrC")).toBe("(_1,_8,_8):(_0,_1,_8)");
  });
  it("the pipeline: K_PIPE_MAX = bP, k_tile_count = K / bK, smem_pipe_write = K_PIPE_MAX - 1, K_BLOCK_MAX = bK", async () => {
    const out = (await evalFile("sgemm_sm80-device-pipe.cpp")).split("\n");
    // K_PIPE_MAX is static (size<3> of a static layout); int variables are dynamic; (0 + _1) % _8 is dynamic
    expect(out[0]).toBe(`_3 ${4096 / 8} 2 _8 1`);
    const m = labelled(out.join("\n"));
    expect(layoutOf(m.get("tAsA")!)).toBe("((_4,_1),_1,_1,_3):((_1,_0),_0,_0,_1024)");
    expect(layoutOf(m.get("tCsA")!)).toBe("(_1,_8,_8,_3):(_0,_16,_128,_1024)");
  });
  it("gemm_tn's padded atom tiled over the pipeline: stride bM+1, cosize by the product rule", async () => {
    const out = (await evalFile("sgemm_sm80-tn-host.cpp")).split("\n");
    expect(out[0]).toBe("(_128,_8):(_1,_129)");
    // three copies of the 129*8-element atom, the last one ending at its last element
    expect(out[3]).toBe(`_${2 * 129 * 8 + 127 + 7 * 129 + 1}`);
  });
});

describe("blackwell/01_mma_sm100.cu: the prints its comments quote", () => {
  it("the host: tensors, tiled_mma, mma_shape_A/B, sA_layout/sB_layout", async () => {
    const out = await evalFile("blackwell_01-host.cpp");
    const m = labelled(out);
    expect(layoutOf(m.get("host_tensor_A")!)).toBe("(512,256):(256,_1)");
    expect(m.get("host_tensor_A")!.startsWith("ptr[16b](")).toBe(true);
    expect(layoutOf(m.get("host_tensor_C")!)).toBe("(512,1024):(1024,_1)");
    expect(out).toContain(
      [
        "TiledMMA",
        "  ThrLayoutVMNK:  (_1,_1,_1,_1):(_0,_0,_0,_0)",
        "  PermutationMNK: (_,_,_)",
        "MMA_Atom",
        "  ThrID:      _1:_0",
        "  Shape_MNK:  (_128,_256,_16)",
        "  LayoutA_TV: (_1,(_128,_16)):(_0,(_1,_128))",
        "  LayoutB_TV: (_1,(_256,_16)):(_0,(_1,_256))",
        "  LayoutC_TV: (_1,(_128,_256)):(_0,(_1,_128))",
      ].join("\n"),
    );
    expect(m.get("mma_shape_A")).toBe("((_128,_16),_1,_4)");
    expect(m.get("mma_shape_B")).toBe("((_256,_16),_1,_4)");
    expect(m.get("sA_layout")).toBe("Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)");
    expect(m.get("sB_layout")).toBe("Sw<3,4,3> o smem_ptr[16b](unset) o ((_256,_16),_1,_4):((_64,_1),_0,_16)");
  });
  it("the device: gA, gC, tCgA, tCgC, tCsA, tCrA, tCtAcc (the B lines of its comments describe an MN-major B, not the K-major one it builds)", async () => {
    const m = labelled(await evalFile("blackwell_01-device.cpp"));
    expect(layoutOf(m.get("mA")!)).toBe("(512,256):(256,_1)");
    expect(layoutOf(m.get("gA")!)).toBe("(_128,_64,4):(256,_1,_64)");
    expect(layoutOf(m.get("tCgA")!)).toBe("((_128,_16),_1,_4,4):((256,_1),_0,_16,_64)");
    expect(layoutOf(m.get("tCsA")!)).toBe("((_128,_16),_1,_4):((_64,_1),_0,_16)");
    expect(m.get("tCsA")!.startsWith("Sw<3,4,3>_smem_ptr[16b](")).toBe(true);
    expect(m.get("tCrA")).toBe("UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_2)");
    expect(layoutOf(m.get("tCtAcc")!)).toBe("((_128,_256),_1,_1):((_65536,_1),_0,_0)");
    expect(m.get("tCtAcc")!.startsWith("tmem_[32b](")).toBe(true);
    // mC is (512,1024):(1024,_1) here (the tutorial's C is N-major): gC and tCgC follow it
    expect(layoutOf(m.get("gC")!)).toBe("(_128,_256):(1024,_1)");
    expect(layoutOf(m.get("tCgC")!)).toBe("((_128,_256),_1,_1):((1024,_1),_0,_0)");
  });
});

describe("wgmma_sm90.cu: the smem layouts' size and the 128-thread GMMA", () => {
  it("cosize of three 128x64 half stages is 3 * 128 * 64; a 64x64x16 GMMA has 128 threads", async () => {
    const out = (await evalFile("wgmma_sm90-tn-host.cpp")).split("\n");
    expect(out[1]).toBe(`_${3 * 128 * 64}`);
    expect((await evalFile("wgmma_sm90-nt-host.cpp")).split("\n")).toContain("_128");
  });
});

describe("0y_predication.md and 03_tensor.md: coordinates and addresses computed here", () => {
  it("the identity tensor tiled and partitioned like the data, and elem_less against the shape", async () => {
    const out = (await evalFile("predication-identity.cpp")).split("\n");
    // tile m = 7 of 128 rows; ceil_div(500, 8) = 63 k-tiles
    expect(out[0]).toBe(`ArithTuple(${7 * 128},_0) o (_128,_8,${Math.ceil(500 / 8)}):(_1@0,_1@1,_8@1)`);
    // thread 37 of the 32x8 column-major layout: row 5, column 1
    expect(out[1]).toBe(`ArithTuple(${7 * 128 + 5},1) o (_4,_1,63):(_32@0,_0,_8@1)`);
    expect(out[2]).toBe("(_4,_1):(_1,_0)");
    // tAcA(3,0,0) is (896 + 5 + 96, 1) = (997, 1): inside (1000, 500), outside (900, 500)
    expect(out[3]).toBe("1 0");
  });
  it("slices and tiles of a row-major 8x24 float tensor at 0x1000", async () => {
    const out = (await evalFile("tensor-doc-slicing.cpp")).split("\n");
    expect(out[0]).toBe("gmem_ptr[32b](0x1000) o (_8,_24):(_24,_1)");
    expect(out[1]).toBe(`gmem_ptr[32b](${hex(0x1000 + 4 * 3)}) o (_8):(_24)`);
    expect(out[2]).toBe(`gmem_ptr[32b](${hex(0x1000 + 4 * 2 * 24)}) o (_24):(_1)`);
    expect(out[5]).toBe(`_${2 * 4} _${(8 / 2) * (24 / 4)}`);
    expect(out[6]).toBe(`gmem_ptr[32b](${hex(0x1000 + 4 * (1 * 4 * 24 + 2 * 8))}) o (_4,_8):(_24,_1)`);
  });
});

describe("wgmma_tma_sm90.cu: one pipeline stage of a flagged swizzled smem layout, sA(_,_,0)", () => {
  it("is the swizzle over the stage's modes, the flag gone: the coordinate 0 is an int, so the offset is a dynamic 0 (pointer_flagged.hpp's slice_and_offset; nvcc: fixtures/nvcc/issue-37.jsonl)", async () => {
    const full = (await run(["eval", "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{}, Int<3>{}))"])).stdout.trim();
    const m = /^(Sw<3,4,3>) o smem_ptr\[16b\]\(unset\) o \((.*),\(_1,_3\)\):\((.*),\(_0,_8192\)\)$/.exec(full);
    expect(m, full).not.toBeNull();
    // the stage slice keeps the first two modes; the flag (an Int<0>) plus the runtime offset 0 is a dynamic 0
    expect(await evalFile("wgmma_tma_sm90-stage-slice.cpp")).toBe(`${m![1]} o 0 o (${m![2]}):(${m![3]})\n`);
  });
  it("make_tma_atom takes the stage: one box of bM x bK = 128 x 64 half_t, the same atom as over take<0,2>(sA)", async () => {
    const out = await evalFile("wgmma_tma_sm90-host.cpp");
    const atom = (n: number) => `Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_${n}):(_0,_1)\n  ValLayoutDst: (_1,_${n}):(_0,_1)\n  ValLayoutRef: (_1,_${n}):(_0,_1)\n  ValueType:    16b\n`;
    expect(out).toBe(atom(128 * 64) + atom(128 * 64) + "_128\n");
    expect(out).toBe(await evalFile("wgmma_tma_sm90-host-take.cpp"));
  });
});

describe("wgmma_tma_sm90.cu's device code: tma_partition of the A atom, block (1,2)", () => {
  // bM x bK = 128 x 64 half_t per stage, 3 stages, K = 4096: k = K / bK tiles
  const TMA = 128 * 64, PIPE = 3, k = 4096 / 64;
  for (const f of ["wgmma_tma_sm90-device.cpp", "wgmma_tma_sm90-device-take.cpp"]) {
    it(`${f}: tAgA is ((TMA,1),k) over gA's iterator, tAsA ((TMA,1),PIPE) over sA's, TMA = bM*bK; K_PIPE_MAX = PIPE, k_tile_count = k`, async () => {
      const out = await evalFile(f);
      const v = labelled(out);
      const gA = v.get("gA")!, tAgA = v.get("tAgA")!, tAsA = v.get("tAsA")!;
      // the iterators: a non-multicast partition starts where the tensors start
      expect(tAgA.slice(0, tAgA.lastIndexOf(" o "))).toBe(gA.slice(0, gA.lastIndexOf(" o ")));
      expect(tAsA.slice(0, tAsA.lastIndexOf(" o "))).toBe("Sw<3,4,3>_smem_ptr[16b](0x400)");
      // tAgA: ((TMA,_1),k), its TMA mode a product of TMA, its k mode gA's (stride bK along K)
      const g = /^\(\(\(_(\d+),_(\d+)\),_1\),(\d+)\):\(\(\(.*\),_0\),(.*)\)$/.exec(layoutOf(tAgA));
      expect(g, tAgA).not.toBeNull();
      expect(Number(g![1]) * Number(g![2])).toBe(TMA);
      expect(Number(g![3])).toBe(k);
      expect(g![4]).toBe(`_${64}@0`);
      // tAsA: the stage tile walked in smem order, one instruction (TMA contiguous elements), then sA's stage mode (_1,_3):(_0,_TMA)
      expect(layoutOf(tAsA)).toBe(`((_${TMA},_1),(_1,_${PIPE})):((_1,_0),(_0,_${TMA}))`);
      expect(out).toContain(`\n_${PIPE} ${k}\n`);
    });
  }
});

/** CuTe's print of a Copy_Atom of `thr` threads of `n` values each (the TMA atoms' prints the Blackwell tutorials quote) */
const copyAtom = (thr: number, n: number, bits: number) => {
  const v = thr === 1 ? `(_1,_${n}):(_0,_1)` : `(_${thr},_${n}):(_${n},_1)`;
  const id = thr === 1 ? "_1:_0" : `_${thr}:_1`;
  return `Copy_Atom\n  ThrID:        ${id}\n  ValLayoutSrc: ${v}\n  ValLayoutDst: ${v}\n  ValLayoutRef: ${v}\n  ValueType:    ${bits}b\n`;
};
/** the iterator of a printed tensor (before ` o `) */
const iterOf = (t: string) => t.slice(0, t.lastIndexOf(" o "));

describe("blackwell/01_mma_sm100.cu's epilogue: make_tmem_copy of the TMEM accumulator", () => {
  it("typename decltype(tCtAcc)::value_type is the MMA's accumulator type, float: 8 of them are 32 bytes", async () => {
    expect(await evalFile("blackwell_01-acctype.cpp")).toBe(`(_4):(_1) ${8 * 4}`);
  });
  it("thread 0 of SM100_TMEM_LOAD_32dp32b1x: TMEM lane 0 is row 0 of C, its 256 columns one 32-bit value per copy", async () => {
    const m = labelled(await evalFile("blackwell_01-tmem-copy.cpp"));
    expect(m.get("tDgC")).toBe("gmem_ptr[32b](0x90000) o ((_1,_1),_256,_1,_1):((_0,_0),_1,_0,_0)");
    // the source side: the atom's 32 data path lanes (one warp, stride one lane = 65536) of one 32-bit column, 256 columns
    expect(m.get("tDtAcc")).toBe("tmem_[32b](0x0000.0000) o ((_32,_1),_256,_1,_1):((_65536,_0),_1,_0,_0)");
    expect(m.get("tDrAcc")).toBe("((_1,_1),_256,_1,_1):((_0,_0),_1,_0,_0)");
  });
});

describe("blackwell/02_mma_tma_sm100.cu: the prints its comments quote", () => {
  it("the host: the TMA atoms (one box of 128x64 and 256x64 half_t), the TMA tensors, the grid", async () => {
    const out = await evalFile("blackwell_02-host.cpp");
    expect(out).toContain(`tma_atom_A:\t${copyAtom(1, 8192, 16)}`);
    expect(out).toContain(`tma_atom_B:\t${copyAtom(1, 16384, 16)}`);
    const m = labelled(out);
    expect(m.get("mA_tma")).toBe("ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)");
    expect(m.get("mB_tma")).toBe("ArithTuple(_0,_0) o (1024,256):(_1@1,_1@0)");
    expect(m.get("grid")).toBe(`${512 / 128} ${1024 / 256}`);
  });
  it("gemm_device of block (0,0): every quoted print (gC/gD strides are 1024: the quoted 256 is N of another run)", async () => {
    const out = await evalFile("blackwell_02-device.cpp");
    const m = labelled(out);
    const quoted: Record<string, string> = {
      mA: "ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)",
      mB: "ArithTuple(_0,_0) o (1024,256):(_1@1,_1@0)",
      gA: "ArithTuple(_0,0) o (_128,_64,4):(_1@1,_1@0,_64@0)",
      gB: "ArithTuple(_0,0) o (_256,_64,4):(_1@1,_1@0,_64@0)",
      tCgA: "ArithTuple(_0,0) o ((_128,_16),_1,_4,4):((_1@1,_1@0),_0,_16@0,_64@0)",
      tCgB: "ArithTuple(_0,0) o ((_256,_16),_1,_4,4):((_1@1,_1@0),_0,_16@0,_64@0)",
      tCrA: "UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_2)",
      tCrB: "UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_2)",
      tAgA: "ArithTuple(_0,0) o (((_64,_128),_1),4):(((_1@0,_1@1),_0),_64@0)",
      tBgB: "ArithTuple(_0,0) o (((_64,_256),_1),4):(((_1@0,_1@1),_0),_64@0)",
    };
    for (const [k, v] of Object.entries(quoted)) expect(m.get(k), k).toBe(v);
    expect(m.get("tAsA")).toBe("Sw<3,4,3>_smem_ptr[16b](0x400) o ((_8192,_1)):((_1,_0))");
    expect(m.get("tBsB")).toBe("Sw<3,4,3>_smem_ptr[16b](0x4400) o ((_16384,_1)):((_1,_0))");
    expect(layoutOf(m.get("tCsA")!)).toBe("((_128,_16),_1,_4):((_64,_1),_0,_16)");
    expect(layoutOf(m.get("tCsB")!)).toBe("((_256,_16),_1,_4):((_64,_1),_0,_16)");
    expect(m.get("tCtAcc")).toBe("tmem_[32b](0x0000.0000) o ((_128,_256),_1,_1):((_65536,_1),_0,_0)");
    expect(layoutOf(m.get("gC")!)).toBe("(_128,_256):(1024,_1)");
    expect(layoutOf(m.get("tCgD")!)).toBe("((_128,_256),_1,_1):((1024,_1),_0,_0)");
    // sizeof(make_tensor_like(tAsA)) + sizeof(make_tensor_like(tBsB)): (128*64 + 256*64) half_t
    expect(m.get("TmaBytes")).toBe(String((128 * 64 + 256 * 64) * 2));
    expect(out).toContain(`\n${256 / 64} _4\n`);
  });
  it("the epilogue of thread 37: TMEM lane 37 (warp 1's subpartition at lane 32) is row 37 of the tile, 256 columns", async () => {
    const m = labelled(await evalFile("blackwell_02-epilogue.cpp"));
    expect(m.get("tDgC")).toBe(`gmem_ptr[32b](${hex(0x90000 + 4 * 37 * 1024)}) o ((_1,_1),_256,_1,_1):((_0,_0),_1,_0,_0)`);
    expect(m.get("tDgD")).toBe(`gmem_ptr[32b](${hex(0xa0000 + 4 * 37 * 1024)}) o ((_1,_1),_256,_1,_1):((_0,_0),_1,_0,_0)`);
    expect(m.get("tDtAcc")).toBe("tmem_[32b](0x0020.0000) o ((_32,_1),_256,_1,_1):((_65536,_0),_1,_0,_0)");
    expect(m.get("tDrC")).toBe("((_1,_1),_256,_1,_1):((_0,_0),_1,_0,_0)");
  });
});

describe("blackwell/03_mma_tma_multicast_sm100.cu: multicast over a 4x4 cluster", () => {
  it("the host: the multicast atoms print as the quoted ones (the whole box), the grid", async () => {
    const out = await evalFile("blackwell_03-host.cpp");
    expect(out).toContain(`tma_atom_A:\t${copyAtom(1, 8192, 16)}`);
    expect(out).toContain(`tma_atom_B:\t${copyAtom(1, 16384, 16)}`);
    // ceil_div(512, 128 * 4) * 4, ceil_div(1024, 256 * 4) * 4
    expect(labelled(out).get("grid")).toBe("4 4");
  });
  it("CTA (1,2) (rank 9): the quoted masks 0x2222, 0x0F00, 0x2F22; its share of each multicast box, offset by coordinate * NumValSrc / 4", async () => {
    const out = await evalFile("blackwell_03-device.cpp");
    const m = labelled(out);
    expect(m.get("tma_mcast_mask_a")).toBe("2222");
    expect(m.get("tma_mcast_mask_b")).toBe("f00");
    expect(m.get("mma_mcast_mask_c")).toBe("2f22");
    expect(m.get("cta_in_cluster_coord_vmnk")).toMatch(/^\(_?0,1,2,_?0\)$/);
    // MMA (1,2): gA at row 128, gB at row 512
    expect(m.get("gA")).toBe("ArithTuple(_0,128) o (_128,_64,4):(_1@1,_1@0,_64@0)");
    expect(m.get("gB")).toBe("ArithTuple(_0,512) o (_256,_64,4):(_1@1,_1@0,_64@0)");
    // A along N: coordinate 2 of 4 -> element 2 * 8192/4 = 4096 of the (K 64, M 128) box = row 64; B along M: 1 * 16384/4 = 4096 = row 64
    expect(m.get("tAgA")).toMatch(/^ArithTuple\(_?0,192\) o \(\(\(_64,_128\),_1\),4\):\(\(\(_1@0,_1@1\),_0\),_64@0\)$/);
    expect(m.get("tBgB")).toMatch(/^ArithTuple\(_?0,576\) o \(\(\(_64,_256\),_1\),4\):\(\(\(_1@0,_1@1\),_0\),_64@0\)$/);
    expect(m.get("tAsA")).toBe(`Sw<3,4,3>_smem_ptr[16b](${hex(0x400 + 2 * 4096)}) o ((_8192,_1)):((_1,_0))`);
    expect(m.get("tBsB")).toBe(`Sw<3,4,3>_smem_ptr[16b](${hex(0x4400 + 2 * 4096)}) o ((_16384,_1)):((_1,_0))`);
    expect(m.get("tma_transaction_bytes")).toBe(String((8192 + 16384) * 2));
    expect(out.endsWith(`\n${4 + 4 - 1}\n`)).toBe(true);
  });
});

describe("blackwell/04_mma_tma_2sm_sm100.cu: the 2x1SM MMA and its TMA", () => {
  it("the host: the quoted TiledMMA and 2SM atoms; mma_shape_B is per CTA (the atom's 2 x 8192), not the quoted ((_256,_16),_1,_4)", async () => {
    const out = await evalFile("blackwell_04-host.cpp");
    expect(out).toContain(
      [
        "TiledMMA",
        "  ThrLayoutVMNK:  (_2,_1,_1,_1):(_1,_0,_0,_0)",
        "  PermutationMNK: (_,_,_)",
        "MMA_Atom",
        "  ThrID:      _2:_1",
        "  Shape_MNK:  (_256,_256,_16)",
        "  LayoutA_TV: (_2,(_128,_16)):(_128,(_1,_256))",
        "  LayoutB_TV: (_2,(_128,_16)):(_128,(_1,_256))",
        "  LayoutC_TV: (_2,(_128,_256)):(_128,(_1,_256))",
      ].join("\n"),
    );
    expect(out).toContain(`tma_atom_A:\t${copyAtom(2, 8192, 16)}`);
    expect(out).toContain(`tma_atom_B:\t${copyAtom(2, 8192, 16)}`);
    const m = labelled(out);
    expect(m.get("mma_shape_A")).toBe("((_128,_16),_1,_4)");
    // LayoutB_TV gives each peer CTA 128 of the 256 N: 128 x 64 = 8192, the atom's per-CTA values
    expect(m.get("mma_shape_B")).toBe("((_128,_16),_1,_4)");
    expect(m.get("sA_layout")).toBe("Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)");
    // tiled_divide((_4,_4,_1), AtomThrID _2): the V mode of the peer pair
    expect(m.get("cluster_layout_vmnk")).toBe("((_2),_2,_4,_1):((_1),_2,_4,_0)");
    expect(m.get("grid")).toBe("4 4");
  });
  it("block (3,2), rank 11: peer CTA 1 of MMA (1,2), its half of the tiles, the masks by create_tma_multicast_mask's definition", async () => {
    const out = await evalFile("blackwell_04-device.cpp");
    const m = labelled(out);
    expect(m.get("cta_in_cluster_coord_vmnk")).toMatch(/^\(1,1,2,_?0\)$/);
    // MMA-M 1 of 256 rows; peer 1 holds rows 128..255 of it (A) and N 128..255 of the 256 (B)
    expect(m.get("gA")).toBe("ArithTuple(_0,256) o (_256,_64,4):(_1@1,_1@0,_64@0)");
    expect(m.get("tCgA")).toBe("ArithTuple(_0,384) o ((_128,_16),_1,_4,4):((_1@1,_1@0),_0,_16@0,_64@0)");
    expect(m.get("tCgB")).toBe("ArithTuple(_0,640) o ((_128,_16),_1,_4,4):((_1@1,_1@0),_0,_16@0,_64@0)");
    expect(m.get("tCgC")).toBe(`gmem_ptr[32b](${hex(0x90000 + 4 * (384 * 1024 + 512))}) o ((_128,_256),_1,_1):((1024,_1),_0,_0)`);
    expect(m.get("tCtAcc")).toBe("tmem_[32b](0x0000.0000) o ((_128,_256),_1,_1):((_65536,_1),_0,_0)");
    // A multicast along N (4 CTAs, coordinate 2): + 2 * 8192/4 elements = 64 rows; B along M (2, coordinate 1): + 8192/2 = 64 rows
    expect(m.get("tAgA")).toMatch(/^ArithTuple\(_?0,448\) o \(\(\(_64,_128\),_1\),4\)/);
    expect(m.get("tBgB")).toMatch(/^ArithTuple\(_?0,704\) o \(\(\(_64,_128\),_1\),4\)/);
    expect(m.get("tAsA")).toBe(`Sw<3,4,3>_smem_ptr[16b](${hex(0x400 + 2 * 4096)}) o ((_8192,_1)):((_1,_0))`);
    expect(m.get("tBsB")).toBe(`Sw<3,4,3>_smem_ptr[16b](${hex(0x4400 + 2 * 4096)}) o ((_8192,_1)):((_1,_0))`);
    // size<0>(cluster_layout_vmnk) * (8192 + 8192) half_t
    expect(m.get("tma_transaction_bytes")).toBe(String(2 * (8192 + 8192) * 2));
    // ranks of cluster_layout_vmnk ((_2),_2,_4,_1):((_1),_2,_4,_0) at (1,1,n,0): 3,7,11,15; at (1,m,2,0): 9,11;
    // at (v,m,2,0): 8..11; at (v,1,n,0): 2,3,6,7,10,11,14,15
    const bits = (rs: number[]) => rs.reduce((a, r) => a | (1 << r), 0).toString(16);
    expect(m.get("tma_mcast_mask_a")).toBe(bits([3, 7, 11, 15]));
    expect(m.get("tma_mcast_mask_b")).toBe(bits([9, 11]));
    expect(m.get("mma_mcast_mask_c")).toBe(bits([8, 9, 10, 11, 2, 3, 6, 7, 14, 15]));
    // the epilogue, thread 37: row 384 + 37 of C, TMEM lane 32's subpartition
    expect(m.get("tDgC")).toBe(`gmem_ptr[32b](${hex(0x90000 + 4 * ((384 + 37) * 1024 + 512))}) o ((_1,_1),_256,_1,_1):((_0,_0),_1,_0,_0)`);
    expect(m.get("tDtAcc")).toBe("tmem_[32b](0x0020.0000) o ((_32,_1),_256,_1,_1):((_65536,_0),_1,_0,_0)");
  });
});

describe("blackwell/05_mma_tma_epi_sm100.cu: the TMA epilogue", () => {
  it("the host: the quoted atoms; sC_layout is the quoted layout grouped into one mode (group<0,2> of a rank-2 layout wraps it, as CuTe's group does)", async () => {
    const out = await evalFile("blackwell_05-host.cpp");
    expect(out).toContain(`tma_atom_A:\t${copyAtom(2, 8192, 16)}`);
    expect(out).toContain(`tma_atom_C:\t${copyAtom(1, 4096, 32)}`);
    expect(out).toContain(`tma_atom_D:\t${copyAtom(1, 4096, 32)}`);
    const m = labelled(out);
    const quoted = "((_8,_16),(_32,_2)):((_32,_256),(_1,_4096))";
    expect(m.get("sC_layout_mn")).toBe(`Sw<3,4,3> o smem_ptr[32b](unset) o ${quoted}`);
    expect(m.get("sC_layout")).toBe("Sw<3,4,3> o smem_ptr[32b](unset) o (((_8,_16),(_32,_2))):(((_32,_256),(_1,_4096)))");
    expect(m.get("sD_layout")).toBe(m.get("sC_layout"));
    // per CTA (128, 256); a quarter of N per epilogue tile
    expect(m.get("mma_shape_C")).toBe("((_128,_256),_1,_1)");
    expect(m.get("epi_tiler")).toBe("(_128,_64)");
    // round_up(ceil_div(M, bM), 4), round_up(ceil_div(N, bN), 4)
    const roundUp = (x: number, k: number) => Math.ceil(x / k) * k;
    expect(m.get("grid")).toBe(`${roundUp(512 / 256, 4)} ${roundUp(1024 / 256, 4)}`);
  });
  it("block (3,2), thread 37: four 128x64 epilogue tiles, two TMA boxes of 4096 floats each, row 37 of the smem tile", async () => {
    const out = await evalFile("blackwell_05-device.cpp");
    const m = labelled(out);
    expect(layoutOf(m.get("tAcc_epi")!)).toBe("(((_128,_64)),((_1,_4),_1,_1)):(((_65536,_1)),((_0,_64),_0,_0))");
    // gC_epi over the TMA tensor of C: (n, m) = (512, 384) for peer 1 of MMA (1,2)
    expect(iterOf(m.get("gC_epi")!)).toBe("ArithTuple(512,384)");
    expect(m.get("tma_transaction_bytes_C")).toBe(String(128 * 64 * 4));
    expect(m.get("tGS_sC")).toBe("Sw<3,4,3>_smem_ptr[32b](0x400) o ((_4096,_2)):((_1,_4096))");
    expect(m.get("tSG_sD")).toBe(m.get("tGS_sC"));
    // the TMEM source of one epilogue tile: 32 lanes x 64 columns per tile, 4 tiles
    expect(m.get("tTR_tAcc")).toBe("tmem_[32b](0x0020.0000) o ((_32,_1),_64,((_1,_4),_1,_1)):((_65536,_0),_1,((_0,_64),_0,_0))");
    // row 37 of sC: (37 % 8) * 32 + (37 / 8) * 256 floats into the swizzled tile
    expect(iterOf(m.get("tTR_sC")!)).toBe(`Sw<3,4,3>_smem_ptr[32b](${hex(0x400 + 4 * ((37 % 8) * 32 + Math.floor(37 / 8) * 256))})`);
    expect(layoutOf(m.get("tTR_sC")!)).toBe("((_1,_1),((_32,_2))):((_0,_0),((_1,_4096)))");
    expect(out.endsWith("\n_4\n")).toBe(true);
  });
});

describe("sgemm_sm70.cu's gemm_tn: padded k-major smem, 32x8 k-major copy threads, 16x16 FMA, by the product rule", () => {
  it("block (2,3), thread 37: copy thread (m 4, k 5) of (32,8):(8,1), MMA thread (m 5, n 2) of 16x16", async () => {
    const out = await evalFile("sgemm_sm70-tn-device.cpp");
    const m = labelled(out);
    const [ldA, bM, bK, M] = [4096, 128, 8, 5120];
    expect(m.get("gA")).toBe(`gmem_ptr[32b](${hex(0x10000 + 4 * 2 * bM * ldA)}) o (_${bM},_${bK},${4096 / bK}):(${ldA},_1,_${bK})`);
    // four rows of the thread, 32 rows apart; one k column
    expect(m.get("tAgA")).toBe(`gmem_ptr[32b](${hex(0x10000 + 4 * ((2 * bM + 4) * ldA + 5))}) o ((_1,_1),_4,_1,512):((_0,_0),${32 * ldA},_0,_${bK})`);
    // the padded smem: (m,k) at m + k * (bM + 1)
    expect(m.get("tAsA")).toBe(`smem_ptr[32b](${hex(4 * (4 + 5 * (bM + 1)))}) o ((_1,_1),_4,_1):((_0,_0),_32,_0)`);
    expect(m.get("tBsB")).toBe(`smem_ptr[32b](${hex(0x1400 + 4 * (4 + 5 * (bM + 1)))}) o ((_1,_1),_4,_1):((_0,_0),_32,_0)`);
    expect(m.get("tArA")).toBe("((_1,_1),_4,_1):((_0,_0),_1,_0)");
    expect(m.get("tCsA")).toBe(`smem_ptr[32b](${hex(4 * 5)}) o (_1,_8,_8):(_0,_16,_${bM + 1})`);
    expect(m.get("tCsB")).toBe(`smem_ptr[32b](${hex(0x1400 + 4 * 2)}) o (_1,_8,_8):(_0,_16,_${bM + 1})`);
    expect(m.get("tCgC")).toBe(`gmem_ptr[32b](${hex(0x30000 + 4 * (2 * bM + 5 + (3 * 128 + 2) * M))}) o (_1,_8,_8):(_0,_16,${16 * M})`);
    // a compact register fragment of (_1,_8,_8): a static extent-1 mode has stride _0 (CuTe's compact_major)
    expect(m.get("tCrA")).toBe("(_1,_8,_8):(_0,_1,_8)");
    // K_TILE_MAX = K / bK, K_BLOCK_MAX = bK (static), (7 + 1) % bK; 256 threads, a 40 x 40 grid
    expect(out).toContain(`\n${4096 / bK} _${bK} 0\n_256 ${M / bM} ${M / bM}\n`);
  });
});

describe("0x_gemm_tutorial.md: local_tile's shorthands and GETT as GEMM", () => {
  it("local_tile with Step<_1,X,_1>, with select<0,2> of tiler and coord, and zipped_divide then the rest-mode slice are one tensor", async () => {
    const out = (await evalFile("gemm_tutorial-local-tile.cpp")).split("\n");
    // block m = 2 of 128-row tiles of the m-major A: 256 floats in
    expect(out[0]).toBe(`gmem_ptr[32b](${hex(0x10000 + 4 * 2 * 128)}) o (_128,_8,${4096 / 8}):(_1,5120,${8 * 5120})`);
    expect(out[1]).toBe(out[0]);
    expect(out[2]).toBe(out[0]);
    expect(out[3]).toBe(`gmem_ptr[32b](0x10000) o ((_128,_8),(${5120 / 128},${4096 / 8})):((_1,5120),(_128,${8 * 5120}))`);
  });
  it("gett's two m-modes: a (64,2) CTA tile of M = (256,6), sgemm_1's partitions of block (3,1), thread 37", async () => {
    const out = await evalFile("gemm_tutorial-gett.cpp");
    // 256 threads; ceil_div((256,6), (64,2)) = (4,3) tiles of M, 512 / 128 of N
    expect(out.startsWith(`_256 ${4 * 3} ${512 / 128}\n`)).toBe(true);
    const m = labelled(out);
    const [ldAm1, ldAk] = [256, 1536];
    // M tile 3 of the (4,3) grid: m0 tile 3 % 4 = 3 (192 rows in), m1 tile 3 / 4 = 0
    expect(m.get("gA")).toBe(`gmem_ptr[32b](${hex(0x10000 + 4 * 192)}) o ((_64,_2),_8,${64 / 8}):((_1,${ldAm1}),${ldAk},${8 * ldAk})`);
    expect(m.get("gC")).toBe(`gmem_ptr[32b](${hex(0x90000 + 4 * (192 + 128 * 1536))}) o ((_64,_2),_128):((_1,256),1536)`);
    // thread 37 of the 32x8 tA: m 5, k 1; its 4 rows 5, 37 of each m1 slice
    expect(m.get("tAgA")).toBe(`gmem_ptr[32b](${hex(0x10000 + 4 * (192 + 5 + ldAk))}) o ((_2,_2),_1,8):((_32,${ldAm1}),_0,${8 * ldAk})`);
    // thread 37 of the 16x16 tC: m 5, n 2
    expect(m.get("tCgC")).toBe(`gmem_ptr[32b](${hex(0x90000 + 4 * (192 + 128 * 1536 + 5 + 2 * 1536))}) o ((_4,_2),_8):((_16,256),${16 * 1536})`);
    expect(m.get("sA")).toBe("((_64,_2),_8):((_1,_64),_128)");
  });
});
