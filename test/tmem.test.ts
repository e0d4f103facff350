/**
 * Tensor memory: the UMMA accumulator tensor (partition_fragment_C / make_fragment_C through
 * UMMA::tmem_frg) and make_tmem_copy's TiledCopy (copy_traits_sm100.hpp).
 *
 * Expected values come from CuTe's own prints in public material -- the Blackwell tutorials'
 * comments (tCtAcc), CUTLASS issue #2094 (make_tmem_copy of (_128,_128) and (_128,_160) float
 * tensors: the TiledCopy and thread 0's partition_S), a tutorial walk-through printing
 * tiled_t2r_copy for the tutorial's accumulator -- and from brute-force checks of the header's
 * rules: every accumulator element is loaded by exactly one (thread, value); each warp touches only
 * its own 32-lane subpartition (the assert in TMEM_LOAD's copy_unpack); the 32dp32b and 16dp256b
 * shapes place values where the PTX ISA's tcgen05 data-path layouts put them.
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";
import { S } from "../src/core/integer.js";
import { resolveMma } from "../src/atoms/mma/catalog.js";
import { make_tiled_mma } from "../src/atoms/mma/tiled-mma.js";
import { partition_fragment_C } from "../src/atoms/mma/tmem-frg.js";
import { make_tmem_copy, tmem_copy_atom, tmemCopyValues, tmemDP, tmemPtrAdd, formatTmemPtr, type TmemTensor } from "../src/atoms/copy/tmem.js";
import { copyOpNames } from "../src/atoms/copy/catalog.js";

const UMMA_1SM = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>";
const UMMA_2SM = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K>";


const T2R_TEXT = (rest: string) =>
  "TiledCopy\n" +
  `  Tiler_MN:       ((_4,_32):(_32,_1),${rest})\n` +
  "  TiledLayout_TV: ((_32,_4),_32):((_0,_1),_4)\n" +
  "Copy_Atom\n" +
  "  ThrID:        _32:_1\n" +
  "  ValLayoutSrc: (_32,_32):(_0,_1)\n" +
  "  ValLayoutDst: (_32,_1):(_1,_1)\n" +
  "  ValLayoutRef: (_32,_32):(_0,_1)\n" +
  "  ValueType:    32b\n";

describe("the UMMA accumulator in TMEM", () => {
  it("the tutorials' tCtAcc: one 128x256 MMA (02/03) and the 2x1SM 256x256 MMA's per-CTA half (04/05)", async () => {
    const want = "tmem_[32b](0x0000.0000) o ((_128,_256),_1,_1):((_65536,_1),_0,_0)\n";
    expect(await ok(["mma", UMMA_1SM, "--fragment-c", "(_128,_256)"])).toBe(want);
    expect(await ok(["mma", UMMA_2SM, "--fragment-c", "(_256,_256)"])).toBe(want);
  });

  it("M = 64 (half subpartitions): Interleaved puts the second M tile in lanes 16..31, NonInterleaved (the _TS ops) in columns 128..", () => {
    const t = (op: string) => partition_fragment_C(make_tiled_mma(resolveMma(op)), [S(128), S(128)]);
    const ss = t("SM100_MMA_F16BF16_SS<half_t,half_t,float,64,128,UMMA::Major::K,UMMA::Major::K>");
    const ts = t("SM100_MMA_F16BF16_TS<half_t,half_t,float,64,128,UMMA::Major::K,UMMA::Major::K>");
    const lanesCols = (x: TmemTensor) => {
      // element (m, n) of the 128x128 tile: m = m0 + 64*mt, index ((m0,n), mt)
      const at = (m: number, n: number) => {
        const idx = (m % 64) + 64 * n + 64 * 128 * Math.floor(m / 64);
        return addr(x, idx);
      };
      return { first: at(0, 0), second: at(64, 0), m16: at(16, 0), n1: at(0, 1) };
    };
    const a = lanesCols(ss);
    expect(a.first).toEqual([0, 0]);
    expect(a.m16).toEqual([32, 0]); // 16 lanes of subpartition 0, then subpartition 1
    expect(a.second).toEqual([16, 0]);
    expect(a.n1).toEqual([0, 1]);
    const b = lanesCols(ts);
    expect(b.second).toEqual([0, 128]);
    expect(b.m16).toEqual([32, 0]);
  });

  it("refuses what CuTe refuses, and what is not a TMEM accumulator", async () => {
    expect(await refused(["mma", UMMA_1SM, "--fragment-c", "(_256,_512)"])).toContain("Requesting more TMEM than is available.");
    expect(await refused(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--fragment-c", "(_16,_8)"])).toContain("not a UMMA");
  });
});

/** the TMEM (lane, column) of element `idx` of a float TMEM tensor */
function addr(t: TmemTensor, idx: number): [number, number] {
  const dp = tmemDP(t.valueType.bits);
  // brute force: evaluate the layout at the colexicographic index
  const shapes: number[] = [];
  const strides: number[] = [];
  const walk = (s: unknown, d: unknown) => {
    if (Array.isArray(s)) (s as unknown[]).forEach((x, i) => walk(x, (d as unknown[])[i]));
    else {
      shapes.push((s as { v: number }).v);
      strides.push((d as { v: number }).v);
    }
  };
  walk(t.layout.shape, t.layout.stride);
  let a = 0;
  let r = idx;
  shapes.forEach((s, i) => {
    a += (r % s) * strides[i]!;
    r = Math.floor(r / s);
  });
  return [Math.floor(a / dp), a % dp];
}

describe("make_tmem_copy: CuTe's prints", () => {
  it("issue #2094: a (_128,_128):(_65536,_1) float tensor with SM100_TMEM_LOAD_32dp32b1x, and thread 0's partition_S", async () => {
    const base = ["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem", "(_128,_128):(_65536,_1)", "--value", "float"];
    expect(await ok(base)).toBe(T2R_TEXT("_1:_0"));
    expect((await ok([...base, "--thread", "0"])).split("\n")[1]).toBe("partition_S(tmem): tmem_[32b](0x0000.0000) o ((_32,_1),_1,_128):((_65536,_0),_0,_1)");
  });
  it("issue #2094: the (_128,_160) tensor (a column count that is not a power of 2) partitions the same way", async () => {
    const base = ["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem", "(_128,_160):(_65536,_1)", "--value", "float"];
    expect(await ok(base)).toBe(T2R_TEXT("_1:_0"));
    expect((await ok([...base, "--thread", "0"])).split("\n")[1]).toBe("partition_S(tmem): tmem_[32b](0x0000.0000) o ((_32,_1),_1,_160):((_65536,_0),_0,_1)");
  });
  it("the tutorial epilogue: make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, tCtAcc)", async () => {
    expect(await ok(["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem-c", UMMA_1SM])).toBe(T2R_TEXT("_1:_0,_1:_0"));
    expect(await ok(["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem-c", UMMA_2SM, "--fragment-c", "(_256,_256)"])).toBe(T2R_TEXT("_1:_0,_1:_0"));
  });
});

describe("make_tmem_copy: every load of the 128x256 accumulator, brute force", () => {
  const mma = make_tiled_mma(resolveMma(UMMA_1SM));
  const acc = partition_fragment_C(mma, [S(128), S(256)]);
  const loads = copyOpNames().filter((n) => /^SM100_TMEM_LOAD_(16dp|32dp)\w+x$/.test(n));
  // 16dp256b x1..x32, 16dp128b x1..x64, 16dp64b / 16dp32b / 32dp32b x1..x128
  it("covers the 37 TMEM_LOAD ops of 32-bit values", () => expect(loads.length).toBe(6 + 7 + 8 + 8 + 8));
  for (const op of loads) {
    it(op, () => {
      let tc;
      try {
        tc = make_tmem_copy(tmem_copy_atom(op, acc), acc);
      } catch (e) {
        // an atom wider than the tile cannot tile it (make_cotiled_copy refuses): nothing to check
        expect(String(e)).toMatch(/does not exist in the DataLayout|Divisibility|too few/);
        return;
      }
      expect(tc.tiledNumThr.v).toBe(128);
      const vals = tmemCopyValues(tc, acc, Array.from({ length: 128 }, (_, t) => t));
      const seen = new Uint8Array(128 * 256);
      let wrongAddr = 0;
      let wrongWarp = 0;
      vals.forEach((vs, t) => {
        const sub = Math.floor(t / 32) % 4;
        for (const v of vs) {
          seen[v.index]!++;
          // the element's address is the one the layout gives, and it lies in the warp's subpartition
          const [lane, column] = addr(acc, v.index);
          if (lane !== v.lane || column !== v.column) wrongAddr++;
          if (Math.floor(v.lane / 32) !== sub) wrongWarp++;
        }
      });
      expect(wrongAddr).toBe(0);
      expect(wrongWarp).toBe(0);
      expect(seen.every((c) => c === 1)).toBe(true);
      // the PTX data-path layouts: 32dp32b -- thread i of a warp reads lane i; 16dp256b -- lanes i/4 and i/4 + 8
      if (/32dp32b/.test(op)) expect(vals.every((vs, t) => vs.every((v) => v.lane === t))).toBe(true);
      if (/16dp256b/.test(op)) {
        vals.forEach((vs, t) => {
          const rows = new Set(vs.map((v) => v.lane % 16));
          const r = Math.floor((t % 32) / 4);
          expect([...rows].sort((x, y) => x - y)).toEqual([r, r + 8]);
          expect(vs.every((v) => Math.floor(v.column / 2) % 4 === t % 4)).toBe(true);
        });
      }
    });
  }
});

describe("TMEM addressing as tmem_ptr defines it", () => {
  it("TMEM::DP<T> = (1 << 16) << log2(32 / bits)", () => {
    expect(tmemDP(32)).toBe(65536);
    expect(tmemDP(16)).toBe(131072);
    expect(tmemDP(8)).toBe(262144);
  });
  it("tmem_ptr + i rotates the offset right by log2(32 / bits) (the subword index lands in the top bits)", () => {
    expect(tmemPtrAdd(0, 65536 * 5 + 7, 32)).toBe(0x0005_0007);
    expect(tmemPtrAdd(0, 131072 * 5 + 6, 16)).toBe(0x0005_0003);
    expect(tmemPtrAdd(0, 131072 * 5 + 7, 16)).toBe(0x8005_0003);
    expect(formatTmemPtr(16, 0x8005_0003)).toBe("tmem_[16b](0x8005.0003)");
  });
});

describe("usage", () => {
  it("--tmem needs --value; --map needs a TMEM tensor; --tmem and --tmem-c exclude each other", async () => {
    expect(await refused(["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem", "(_128,_128):(_65536,_1)"])).toContain("--value");
    expect(await refused(["copy", "SM75_U32x4_LDSM_N", "--value", "half_t", "--map"])).toContain("--tmem");
    expect(await refused(["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem", "(_128,_128):(_65536,_1)", "--tmem-c", UMMA_1SM, "--value", "float"])).toContain("alternatives");
    expect(await refused(["copy", "SM75_U32x4_LDSM_N", "--tmem", "(_128,_128):(_65536,_1)", "--value", "float"])).toContain("TMEM load or store");
  });
  it("a Copy_Atom of another width than the tensor: Expected a CopyAtom with the same type-width as the Tensor.", async () => {
    expect(await refused(["copy", "SM100_TMEM_LOAD_32dp32b1x_16b", "--tmem-c", UMMA_1SM, "--value", "half_t"])).toContain("Expected a CopyAtom with the same type-width as the Tensor.");
  });
  it("a TMEM tensor narrower than the warpgroup's 128 lanes: values outside a warp's subpartition are flagged, not drawn", async () => {
    const base = ["copy", "SM100_TMEM_LOAD_16dp256b1x", "--tmem", "(_32,_8):(_65536,_1)", "--value", "float"];
    // warps 1..3 address lanes 32..127, which the 32-lane tensor does not have: 3 x 32 threads x 8 values
    expect((await ok([...base, "--map"])).split("\n")[1]).toMatch(/^warning: 768 \(thread, value\) pairs fall outside/);
    const t40 = await ok([...base, "--thread", "40"]);
    expect(t40).toContain("(outside the warp's subpartition)");
    expect(await ok([...base, "--thread", "3"])).not.toContain("outside");
  });
  it("--thread --json lists the thread's values with their (m,n), TMEM lane and column", async () => {
    const out = await ok(["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem", "(_128,_4):(_65536,_1)", "--value", "float", "--thread", "37", "--json"]);
    const doc = JSON.parse(out) as { kind: string; threads: Array<{ thread: number; warp: number; lane: number; values: Array<{ mn: number[]; tmem_lane: number; tmem_column: number }> }> };
    expect(doc.kind).toBe("tmem_copy_values");
    const t = doc.threads[0]!;
    expect([t.thread, t.warp, t.lane]).toEqual([37, 1, 5]);
    // 32dp32b: thread 37 reads lane 37, one value per column
    expect(t.values.map((v) => [v.mn, v.tmem_lane, v.tmem_column])).toEqual([0, 1, 2, 3].map((c) => [[37, c], 37, c]));
  });
  it("--map draws the 128 x 256 tile with 128 threads", async () => {
    const out = await ok(["copy", "SM100_TMEM_LOAD_32dp32b32x", "--tmem-c", UMMA_1SM, "--map"]);
    const lines = out.split("\n");
    expect(lines[0]).toContain("M x N = 128 x 256, 128 threads");
    // row 5 is thread 5's, its values along n
    expect(lines[3 + 2 * 5]).toMatch(/^ {2}5 \| T5V0 +\| T5V1 +\|/);
  });
});
