/**
 * TMA on the host: the seed blog's examples (1024x1024 float, 16x16 box, CTA 7; the 2-CTA
 * multicast TiledCopy), descriptor parameters, coordinate tensors, partitions, refusals by
 * hardware rule, --explain, and properties of the partitions.
 */
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { readGolden, run, trimEnd } from "./helpers.js";
import { makeTmaCopy } from "../src/atoms/tma/make-tma-copy.js";
import { coordAt, getTmaTensor, iterEntries, localTile, partition, printCoordTensor } from "../src/atoms/tma/coords.js";
import { parseCoord, parseLayout, parseSmem, parseTiler } from "../src/eval/args/tma.js";
import { tmaValueType, type TmaOp } from "../src/atoms/tma/types.js";
import { D, S } from "../src/core/integer.js";

const BLOG = ["--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)"];

const tmaOf = (op: TmaOp, type: string, gmem: string, smem: string, cluster?: string) =>
  makeTmaCopy({
    op,
    type: tmaValueType(type),
    gmem: parseLayout(gmem),
    smem: parseSmem(smem),
    cluster: cluster === undefined ? undefined : S(Number(cluster)),
  });

describe("seed blog: TMA load of a 1024x1024 float matrix in 16x16 tiles", () => {
  it("make_tma_copy prints the TiledCopy current CuTe prints", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD", ...BLOG]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe(
      "TiledCopy\n" +
        "  Tiler_MN:       (_16,_16)\n" +
        "  TiledLayout_TV: (_1,(((_16,_16),_1))):(_0,(((_16,_1),_0)))\n" +
        "Copy_Atom\n" +
        "  ThrID:        _1:_0\n" +
        "  ValLayoutSrc: (_1,_256):(_0,_1)\n" +
        "  ValLayoutDst: (_1,_256):(_0,_1)\n" +
        "  ValLayoutRef: (_1,_256):(_0,_1)\n" +
        "  ValueType:    32b\n",
    );
  });

  it("get_tma_tensor is ArithTuple(_0,_0) o (1024,1024):(_1@1,_1@0)", async () => {
    const r = await run(["tma-coords", "--op", "SM90_TMA_LOAD", ...BLOG]);
    expect(r.stdout).toBe("ArithTuple(_0,_0) o (1024,1024):(_1@1,_1@0)\n");
  });

  it("CTA 7's tile covers rows 112..127 (as the blog's print_tensor shows)", async () => {
    const r = await run(["tma-coords", "--op", "SM90_TMA_LOAD", ...BLOG, "--tile", "(_16,_16)", "--block", "(7,0)"]);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("ArithTuple(0,112) o (_16,_16):(_1@1,_1@0):");
    const row = (j: number) => Array.from({ length: 16 }, (_, i) => `  (${i},${112 + j})`).join("");
    expect(lines[1]).toBe(row(0));
    expect(lines[2]).toBe(row(1));
    expect(lines[16]).toBe(row(15));
    expect(lines.length).toBe(18);
  });

  it("the descriptor: 2-D, 4096-byte row stride, 16x16 box, no swizzle", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD", ...BLOG, "--desc"]);
    expect(r.stdout).toBe(
      "format         CU_TENSOR_MAP_DATA_TYPE_FLOAT32\n" +
        "dim            2\n" +
        "globalDim      (1024,1024)\n" +
        "globalStrides  (4096)\n" +
        "boxDim         (16,16)\n" +
        "elementStrides (1,1)\n" +
        "interleave     CU_TENSOR_MAP_INTERLEAVE_NONE\n" +
        "swizzle        CU_TENSOR_MAP_SWIZZLE_NONE\n" +
        "l2Promotion    CU_TENSOR_MAP_L2_PROMOTION_L2_128B\n" +
        "oobFill        CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE\n",
    );
  });

  it("partition_S of CTA 7's tile: the 256 coordinates in smem order", async () => {
    const r = await run(["tma-coords", "--op", "SM90_TMA_LOAD", ...BLOG, "--tile", "(_16,_16)", "--block", "(7,0)", "--partition", "S", "--rank", "0"]);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("ArithTuple(0,112) o (((_16,_16),_1),_1,_1):(((_1@0,_1@1),_0),_0,_0):");
    expect(lines[1]).toBe("  (0,112)");
    expect(lines[17]).toBe("  (0,113)");
    expect(lines[256]).toBe("  (15,127)");
  });
});

describe("seed blog: TMA load multicast over a 2-CTA cluster", () => {
  it("the TiledCopy has two 'threads' (CTAs), CTA 1 starting at row 8", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD_MULTICAST", ...BLOG, "--cluster", "_2"]);
    // current CuTe (the blog's (_2,((_16,_16))):(_8,((_16,_1))) comes from an older CuTe)
    expect(r.stdout.split("\n")[2]).toBe("  TiledLayout_TV: (_2,(((_16,_16),_1))):(_8,(((_16,_1),_0)))");
  });
  it("each CTA's TMA box is half the tile: 16x8", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD_MULTICAST", ...BLOG, "--cluster", "_2", "--desc"]);
    expect(r.stdout).toContain("boxDim         (16,8)\n");
  });
  it("get_slice(1) starts 8 rows further down", async () => {
    const r = await run([
      "tma-coords", "--op", "SM90_TMA_LOAD_MULTICAST", ...BLOG, "--cluster", "_2",
      "--tile", "(_16,_16)", "--block", "(0,0)", "--partition", "S", "--rank", "1",
    ]);
    expect(r.stdout.split("\n").slice(0, 2)).toEqual(["ArithTuple(0,8) o (((_16,_16),_1),_1,_1):(((_1@0,_1@1),_0),_0,_0):", "  (0,8)"]);
  });
});

describe("descriptor and coordinate strides", () => {
  it("a swizzled GMMA K-major tile: 128B swizzle, box (64,64)", () => {
    const t = tmaOf("SM90_TMA_LOAD", "half_t", "(1000,1024):(1024,_1)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))");
    expect(t.desc.swizzle).toBe("CU_TENSOR_MAP_SWIZZLE_128B");
    expect(t.desc.boxDim).toEqual([64, 64]);
    expect(t.desc.globalDim).toEqual([1024, 1000]);
    expect(t.desc.globalStrides).toEqual([2048]);
  });
  it("modes beyond the tile become size-1 TMA dims; more than 5 are grouped", () => {
    const t = tmaOf("SM90_TMA_LOAD", "half_t", "(32,4,4,4,4,2):(_1,32,128,512,2048,8192)", "(_32,_4,_2):(_1,_32,_128)");
    expect(t.desc.dim).toBe(5);
    expect(t.desc.globalDim).toEqual([32, 4, 4, 4, 8]);
    expect(printCoordTensor(getTmaTensor(t))).toBe(
      "ArithTuple(_0,_0,_0,_0,_0) o (32,4,4,4,4,2):(_1@0,_1@1,_1@2,_1@3,1@4,4@4)",
    );
  });
  it("a dynamic unit stride stays dynamic in the coordinate strides", () => {
    const t = tmaOf("SM90_TMA_LOAD", "float", "(512,256):(1,512)", "(_32,_16):(_1,_32)");
    expect(printCoordTensor(getTmaTensor(t))).toBe("ArithTuple(_0,_0) o (512,256):(1@0,_1@1)");
  });
  it("two gmem modes coalesced into one TMA dimension", () => {
    const t = tmaOf("SM90_TMA_LOAD", "half_t", "(1024,4):(_4,_1)", "(_64,_4):(_4,_1)");
    expect(t.desc.dim).toBe(1);
    expect(t.desc.globalDim).toEqual([4096]);
    expect(t.desc.boxDim).toEqual([256]);
    expect(printCoordTensor(getTmaTensor(t))).toBe("ArithTuple(_0) o (1024,4):(_4@0,_1@0)");
  });
});

describe("refusals name the hardware rule", () => {
  const refuse = async (args: string[], rule: RegExp) => {
    const r = await run(["tma", ...args]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(rule);
    expect(r.stderr).not.toMatch(/internal error/);
  };
  it("no stride-1 mode (smem majorness differs from gmem)", () =>
    refuse(["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_32,_32):(_1,_32)"], /no stride-1 mode/));
  it("a global stride not a multiple of 16 bytes", () =>
    refuse(["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1000,999):(999,_1)", "--smem", "(_32,_32):(_32,_1)"], /not a multiple of 16 bytes/));
  it("a box dimension over 256", () =>
    refuse(["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(4096,4096):(4096,_1)", "--smem", "(_16,_512):(_512,_1)"], /box dimension over 256/));
  it("smem incompatible with the gmem tile (sizes differ)", () =>
    refuse(
      ["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(512,512):(512,_1)", "--smem", "(_64,_64):(_64,_1)", "--cta-tiler", "(_64,_32)", "--cluster", "_1"],
      /size equivalence/,
    ));
  it("smem incompatible with the gmem tile (no common vector)", () =>
    refuse(
      ["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "65536:_1", "--smem", "(_8,_32):(_32,_1)", "--cta-tiler", "(_256)", "--cluster", "_1"],
      /common tile-gmem vectorization/,
    ));
  it("multicast not dividing the box", () =>
    refuse(["--op", "SM90_TMA_LOAD_MULTICAST", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_6,_16):(_16,_1)", "--cluster", "_4"], /multicast not dividing the box/));
  it("an unsupported swizzle", () =>
    refuse(["--op", "SM90_TMA_LOAD", "--type", "half_t", "--gmem", "(1024,1024):(1024,_1)", "--smem", "Sw<3,5,3> o _0 o (_8,_64):(_64,_1)"], /Unsupported layout swizzle/));
  it("a gmem dimension over 2^32", () =>
    refuse(["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "8589934592:_1", "--smem", "_256:_1"], /exceeds 2\^32/));
});

describe("--explain", () => {
  it("names the TMA dims, the box in elements and bytes, the swizzle and the transaction bytes", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD", ...BLOG, "--explain"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("TMA dim 0: gmem mode 1, extent 1024, contiguous");
    expect(r.stdout).toContain("TMA dim 1: gmem mode 0, extent 1024, stride 4096 bytes");
    expect(r.stdout).toContain("box: (16,16) = 256 elements = 1024 bytes");
    expect(r.stdout).toContain("swizzle: NONE");
    expect(r.stdout).toContain("set_barrier_transaction_bytes(mbar, 1024)");
  });
});

describe("--json", () => {
  it("tma: the printed objects, the descriptor, the box basis and the transaction bytes", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD_MULTICAST", ...BLOG, "--cluster", "_2", "--json"]);
    const doc = JSON.parse(r.stdout);
    expect(doc.kind).toBe("tma");
    expect(doc.objects[0].fields.TiledLayout_TV).toBe("(_2,(((_16,_16),_1))):(_8,(((_16,_1),_0)))");
    expect(doc.descriptor.boxDim).toEqual([16, 8]);
    expect(doc.box_bytes).toBe(512);
    expect(doc.transaction_bytes).toBe(1024);
    expect(doc.coord_tensor).toBe("ArithTuple(_0,_0) o (1024,1024):(_1@1,_1@0)");
  });
  it("tma-coords: iterator, layout and every coordinate in index order", async () => {
    const r = await run(["tma-coords", "--op", "SM90_TMA_LOAD", ...BLOG, "--tile", "(_2,_2)", "--block", "(7,0)", "--json"]);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ kind: "coord_tensor", iterator: ["0", "14"], layout: { text: "(_2,_2):(_1@1,_1@0)" } });
    expect(doc.coords).toEqual([[0, 14], [0, 15], [1, 14], [1, 15]]);
  });
  it("a refusal is a JSON error on stderr", async () => {
    const r = await run(["tma", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1000,999):(999,_1)", "--smem", "(_32,_32):(_32,_1)", "--json"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(JSON.parse(r.stderr).error).toMatchObject({ kind: "refusal", op: "make_tma_copy" });
  });
});

describe("partition properties", () => {
  const cases: [TmaOp, string, string, string, string, string][] = [
    ["SM90_TMA_LOAD", "float", "(1024,1024):(1024,_1)", "(_16,_16):(_16,_1)", "(_16,_16)", "(3,5)"],
    ["SM90_TMA_STORE", "half_t", "(1000,999):(_1,1008)", "(_64,_16):(_1,_64)", "(_64,_16)", "(2,7)"],
    ["SM90_TMA_LOAD", "half_t", "(1024,999):(_1,1024)", "Sw<3,4,3> o smem_ptr[16b](unset) o ((_64,_2),(_8,_2)):((_1,_512),(_64,_1024))", "(_128,_16)", "(1,3)"],
    ["SM90_TMA_LOAD", "float", "(1024,1024):(1024,_1)", "((_8,_4),(_8,_4)):((_8,_256),(_1,_64))", "(_32,_32)", "(4,2)"],
  ];
  const coordsOf = (t: ReturnType<typeof localTile>): string[] => {
    const out: string[] = [];
    const total = sizeOf(t.layout.shape);
    for (let i = 0; i < total; i++) out.push(coordAt(t, D(i)).map((x) => x.v).join(","));
    return out;
  };
  for (const [op, type, gmem, smem, tile, block] of cases) {
    it(`${op} ${type} ${smem}: partition_S/D covers the tile exactly once`, () => {
      const t = tmaOf(op, type, gmem, smem);
      const gA = localTile(getTmaTensor(t), parseTiler(tile, "--tile"), parseCoord(block, "--block"));
      const part = partition(t, gA, D(0));
      const a = coordsOf(gA).sort();
      const b = coordsOf(part).sort();
      expect(b).toEqual(a);
    });
  }
  it("multicast: rank r's first box starts r slices into the tile", () => {
    const t = tmaOf("SM90_TMA_LOAD_MULTICAST", "float", "(1024,1024):(1024,_1)", "(_64,_32):(_32,_1)", "4");
    const gA = localTile(getTmaTensor(t), parseTiler("(_64,_32)", "--tile"), parseCoord("(1,2)", "--block"));
    for (let r = 0; r < 4; r++) {
      const p = partition(t, gA, D(r));
      expect(iterEntries(p).map((x) => x.v)).toEqual([64, 64 + 16 * r]);
    }
  });
});

function sizeOf(s: unknown): number {
  if (Array.isArray(s)) return s.reduce((a: number, e) => a * sizeOf(e), 1);
  return (s as { v: number }).v;
}

const GOLDEN = fileURLToPath(new URL("../fixtures/golden/tma.jsonl", import.meta.url));
describe("fixtures/golden/tma.jsonl", () => {
  it("every record matches (outputs byte for byte, refusals refused)", async () => {
    const recs = readGolden(GOLDEN);
    const bad: string[] = [];
    for (const r of recs) {
      const got = await run(r.cmd);
      const ok = r.error
        ? got.exit !== 0 && trimEnd(got.stdout) === "" && got.stderr.trim() !== "" && !/internal error/.test(got.stderr)
        : got.exit === 0 && trimEnd(got.stdout) === trimEnd(r.out ?? "");
      if (!ok) bad.push(r.id);
    }
    expect(bad).toEqual([]);
  }, 600_000);
});

describe("get_tma_tensor when no gmem mode reaches the TMA", () => {
  it("starts at a bare _0 (CuTe's coprofile of all-_0 strides is a plain integer), and its static elements print as _0", async () => {
    const r = await run(["tma-coords", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(_1,_1):(_1,_16)", "--smem", "(_2,_2):(_1,_2)", "--tile", "(_2,_2)", "--block", "(0,0)"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe("ArithTuple_0 o (_2,_2):(_0,_0):\n  _0  _0\n  _0  _0\n");
  });
});

describe("a merged TMA dimension past 2^53", () => {
  it("is refused naming its extent exactly, as an integer (fuzz seed 3003, tma #1415)", async () => {
    // the gmem's modes with strides up to 2^53 - 1 merge into one TMA dimension whose extent is
    // about 3.9e25: the refusal gives every digit of it, not a float
    const r = await run(["tma", "--op", "SM90_TMA_LOAD", "--type", "float_e4m3_t", "--gmem", "(((),_4,(_1000000007,65536)),(_4,_3),(_6,(5,_2,_8),_4294967296,_32),5):(((),0,(_4,_8)),(_2,_4),(8,(_2,2,4),_9007199254740991,4),11)", "--smem", "(_16,_16):(_16,_1)", "--cta-tiler", "(_16,_16)"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    const m = /TMA globalDim\[4\] = (\d+) exceeds 2\^32 elements/.exec(r.stderr);
    expect(m).not.toBeNull();
    expect(r.stderr).not.toMatch(/e\+\d/);
    expect(BigInt(m![1]!) > 2n ** 53n).toBe(true);
  });
  it("a basis stride among the merged modes is still refused as before, not an internal error (fuzz seed 3004, tma-coords #10240)", async () => {
    const r = await run(["tma-coords", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "((_2),_8,(_2,4,_4,0),_4):((_4),_2,(_3,3,_2,_3@2),16)", "--smem", "(_16,_16):(_16,_1)", "--tile", "_8", "--block", "(7,0)"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).not.toMatch(/internal error/);
  });
});
