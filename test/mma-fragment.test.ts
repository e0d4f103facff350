/**
 * MMA fragments (mma_atom.hpp): thr_mma.partition_fragment_A/B/C(T), tiled_mma.make_fragment_A/B/C
 * of a partitioned tensor, partition_fragment_C(tiled_mma, shape).
 *
 * Expected values come from:
 * - CuTe's prints in two public write-ups: "wgmma 矩阵描述符" (the one test/smem-desc.test.ts
 *   cites: print_tensor of the descriptor tensor of a 128x64 half_t K-major A at smem 0x400, tiled
 *   by a 64x16 SS GMMA, for INTERLEAVE and the 32/64/128-byte swizzles) and a walk-through of a
 *   CuTe Hopper GEMM (SM90 64x64x16 F16 SS, 128x128x64 CTA tile, 3 stages, Layout_K_SW128_Atom:
 *   tCsA, tCrA, tCrB, tCrC and print_tensor(tCrA(_,_,_,0)));
 * - brute force: every descriptor of the tensor (its iterator plus its layout's offset) is the
 *   descriptor make_gmma_desc / make_umma_desc builds on its own from that MMA's block of the
 *   smem tensor, whose start address is the block's smem address / 16;
 * - the rules of mma_atom.hpp: a register fragment has the partition's shape and a compact layout
 *   (make_fragment_like: mode 0 column-major, then the rest; make_tensor<T>(shape) for C).
 */
import { describe, expect, it } from "vitest";
import { evaluateAny } from "../src/eval/evaluate.js";
import { DescIter, PtrIter, Tensor, descAdd, hasTag, rawOf } from "../src/core/tensor.js";
import { Layout, compileIndexFn, crd2idx, size, cosize, showLayout } from "../src/core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle } from "../src/core/swizzle.js";
import { D, Int } from "../src/core/integer.js";
import * as T from "../src/core/int-tuple.js";
import { _ } from "../src/core/int-tuple.js";
import { sliceTensor } from "../src/tensor/algorithms.js";
import { parseValueType } from "../src/core/value-types.js";
import { make_gmma_desc, make_umma_desc, type DescMajor } from "../src/atoms/mma/smem-desc.js";
import { run } from "./helpers.js";

const value = async (src: string) => (await evaluateAny(src)) as unknown as Tensor;

/** print(GmmaDescriptor) as the write-ups show it */
function gmmaCell(desc: bigint): string {
  const h = (v: bigint | number, w: number) => v.toString(16).padStart(w, "0");
  const f = (lo: number, w: number) => Number((desc >> BigInt(lo)) & ((1n << BigInt(w)) - 1n));
  const names = ["INTERLEAVE", "B128", "B64", "B32"];
  return (
    `  GmmaDescriptor: 0x${h(desc, 16)}\n  start_addr :  0x${h(f(0, 14), 4)}\n` +
    `  leading_off:  0x${h(f(16, 14), 4)} (${f(16, 14)})\n  stride_off :  0x${h(f(32, 14), 4)} (${f(32, 14)})\n` +
    `  base_offset:  0x${h(f(49, 3), 1)}\n  layout_type:  0x${f(62, 2)} (${names[f(62, 2)]})\n`
  );
}
/** print_tensor of a rank-3 (_1,N,K) descriptor tensor: slabs of one row of N cells, dashes between */
function printed(header: string, slabs: bigint[][]): string {
  return header + ":\n" + slabs.map((row) => row.map(gmmaCell).join("") + "\n").join("-".repeat(5 * slabs[0]!.length) + "\n");
}

const SS = "make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{})";
const smem = (atom: string, shape: string, addr = "0x400", type = "half_t") => `make_tensor(make_smem_ptr((${type}*)${addr}), tile_to_shape(${atom}, ${shape}))`;

describe("descriptor tensors of SS GMMA operands, as CuTe printed them", () => {
  // "wgmma 矩阵描述符": print_tensor(tCrA) of a 128x64 half_t K-major A at 0x400, 64x16 per MMA
  const high = (lbo: number, sbo: number, type: number) => (BigInt(type) << 62n) | (BigInt(sbo) << 32n) | (BigInt(lbo) << 16n);
  const cases: Array<[string, string, bigint, number[][]]> = [
    ["INTER", "GMMA::DescriptorIterator o (_1,_2,_4):(_0,_64,_256)", high(128, 8, 0), [[0x40, 0x80], [0x140, 0x180], [0x240, 0x280], [0x340, 0x380]]],
    ["SW32", "GMMA::DescriptorIterator o (_1,_2,_4):(_0,_128,_256)", high(1, 16, 3), [[0x40, 0xc0], [0x140, 0x1c0], [0x240, 0x2c0], [0x340, 0x3c0]]],
    ["SW64", "GMMA::DescriptorIterator o (_1,_2,(_2,_2)):(_0,_256,(_2,_512))", high(1, 32, 2), [[0x40, 0x140], [0x42, 0x142], [0x240, 0x340], [0x242, 0x342]]],
    ["SW128", "GMMA::DescriptorIterator o (_1,_2,_4):(_0,_512,_2)", high(1, 64, 1), [[0x40, 0x240], [0x42, 0x242], [0x44, 0x244], [0x46, 0x246]]],
  ];
  for (const [sw, header, hi, starts] of cases) {
    it(`print_tensor(partition_fragment_A) for Layout_K_${sw}_Atom<half_t>`, async () => {
      const expr = `${SS}.get_slice(0).partition_fragment_A(${smem(`GMMA::Layout_K_${sw}_Atom<half_t>{}`, "Shape<_128,_64>{}")})`;
      const r = await run(["print", expr]);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(printed(header, starts.map((row) => row.map((s) => hi | BigInt(s)))));
      // print() is its first line, without print_tensor's colon
      expect((await run(["eval", expr])).stdout).toBe(header + "\n");
    });
  }

  it("the Hopper GEMM walk-through: tCsA, tCrA, tCrB, tCrC and print_tensor(tCrA(_,_,_,0))", async () => {
    const sA = smem("GMMA::Layout_K_SW128_Atom<half_t>{}", "make_shape(Int<128>{}, Int<64>{}, Int<3>{})");
    const thr = `${SS}.get_slice(37)`;
    expect((await run(["eval", `${thr}.partition_A(${sA})`])).stdout).toBe("Sw<3,4,3>_smem_ptr[16b](0x400) o ((_64,_16),_2,_4,(_1,_3)):((_64,_1),_4096,_16,(_0,_8192))\n");
    expect((await run(["eval", `${thr}.make_fragment_A(${thr}.partition_A(${sA}))`])).stdout).toBe("GMMA::DescriptorIterator o (_1,_2,_4,(_1,_3)):(_0,_512,_2,(_0,_1024))\n");
    expect((await run(["eval", `${thr}.partition_fragment_B(${sA})`])).stdout).toBe("GMMA::DescriptorIterator o (_1,_2,_4,(_1,_3)):(_0,_512,_2,(_0,_1024))\n");
    // the register accumulator: CuTe printed ptr[16b](0x7f3f59fffb60), a stack address; cute-ts's placeholder stands there
    const gC = "make_tensor(make_gmem_ptr((half_t*)0x10000), make_shape(Int<128>{}, Int<128>{}))";
    expect((await run(["eval", `${thr}.make_fragment_C(${thr}.partition_C(${gC}))`])).stdout).toBe("ptr[16b](0x7fff00000000) o ((_2,_2,_8),_2,_2):((_1,_2,_4),_32,_64)\n");
    expect((await run(["eval", `layout(${thr}.partition_fragment_C(${gC}))`])).stdout).toBe("((_2,_2,_8),_2,_2):((_1,_2,_4),_32,_64)\n");
    const r = await run(["print", `${thr}.partition_fragment_A(${sA})(_,_,_,0)`]);
    const hi = (1n << 62n) | (64n << 32n) | (1n << 16n);
    expect(r.stdout).toBe(printed("GMMA::DescriptorIterator o (_1,_2,_4):(_0,_512,_2)", [[0x40, 0x240], [0x42, 0x242], [0x44, 0x244], [0x46, 0x246]].map((row) => row.map((s) => hi | BigInt(s)))));
    // one MMA's descriptor: a slice is a rank-1 tensor of one
    expect((await run(["eval", `${thr}.partition_fragment_A(${sA})(_,1,1,0)`])).stdout).toBe("GMMA::DescriptorIterator o (_1):(_0)\n");
  });
});

/** the descriptor of an MMA's block, built on its own: make_gmma_desc / make_umma_desc of tensor<0> of the block's slice */
function ownDescriptor(arch: "GMMA" | "UMMA", major: DescMajor, block: Tensor, type: string): bigint {
  const p = block.iter as PtrIter;
  const l = block.layout as Layout;
  const mode0 = new Layout(T.get(l.shape, 0), T.get(l.stride as T.IntTuple, 0));
  const sw = p.tags.find((x): x is Swizzle => x instanceof Swizzle);
  const x = sw ? new ComposedLayout(sw, new SmemPtrFlag(p.bits), mode0) : mode0;
  const vt = parseValueType(type);
  return (arch === "GMMA" ? make_gmma_desc(major, x, vt, p.addr) : make_umma_desc(major, x, vt, p.addr)).desc;
}

/** every coordinate of the modes after mode 0 */
function restCoords(shape: T.IntTuple): T.IntTuple[][] {
  const rest = (shape as T.IntTuple[]).slice(1);
  const n = rest.reduce((a, s) => a * T.size(s).v, 1);
  const out: T.IntTuple[][] = [];
  for (let i = 0; i < n; i++) out.push(T.idx2crd(D(i), rest) as T.IntTuple[]);
  return out;
}

describe("descriptor tensors against brute force", () => {
  const OPS: Array<{ mma: string; arch: "GMMA" | "UMMA"; type: string; a: DescMajor; b: DescMajor; ns: string }> = [
    { mma: "SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>", arch: "GMMA", type: "half_t", a: "K", b: "K", ns: "GMMA" },
    { mma: "SM90_64x32x16_F32BF16BF16_SS<GMMA::Major::MN,GMMA::Major::MN>", arch: "GMMA", type: "bfloat16_t", a: "MN", b: "MN", ns: "GMMA" },
    { mma: "SM90_64x64x16_F32F16F16_SS<GMMA::Major::MN,GMMA::Major::K>", arch: "GMMA", type: "half_t", a: "MN", b: "K", ns: "GMMA" },
    { mma: "SM90_64x64x32_F32E4M3E4M3_SS_TN<>", arch: "GMMA", type: "float_e4m3_t", a: "K", b: "K", ns: "GMMA" },
    { mma: "SM90_64x32x8_F32TF32TF32_SS_TN<>", arch: "GMMA", type: "tfloat32_t", a: "K", b: "K", ns: "GMMA" },
    { mma: "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,128,UMMA::Major::K,UMMA::Major::MN>", arch: "UMMA", type: "half_t", a: "K", b: "MN", ns: "UMMA" },
  ];
  const SWIZZLES = ["INTER", "SW32", "SW64", "SW128"];
  for (const op of OPS) {
    for (const w of ["A", "B"] as const) {
      const major = w === "A" ? op.a : op.b;
      it(`${op.mma} ${w} (${major}-major), every swizzle, two tiles, two threads`, async () => {
        let checked = 0;
        for (const sw of SWIZZLES) {
          // K spans at least one 128-byte swizzle row of the type; every address stays below 2^18 (the 14-bit start address field)
          const K = op.type === "float_e4m3_t" ? 128 : 64;
          for (const [shape, addr] of [[`Shape<_128,_${K}>{}`, "0x400"], [`make_shape(Int<128>{}, Int<${K}>{}, Int<2>{})`, "0x2000"]] as const) {
            const sT = smem(`${op.ns}::Layout_${major}_${sw}_Atom<${op.type}>{}`, shape, addr, op.type);
            for (const t of [0, 77]) {
              const thr = `make_tiled_mma(${op.mma}{}).get_slice(${t})`;
              const part = await value(`${thr}.partition_${w}(${sT})`);
              const frg = await value(`${thr}.partition_fragment_${w}(${sT})`);
              expect(frg.iter).toBeInstanceOf(DescIter);
              const it0 = frg.iter as DescIter;
              expect(it0.arch).toBe(op.arch);
              const fl = frg.layout as Layout, pl = part.layout as Layout;
              // mode 0 is one descriptor; the other modes are the partition's
              expect(showLayout(new Layout(T.get(fl.shape, 0), T.get(fl.stride as T.IntTuple, 0)))).toBe("_1:_0");
              expect(T.tupText(fl.shape)).toBe(T.tupText([T.get(fl.shape, 0), ...(pl.shape as T.IntTuple[]).slice(1)]));
              const bits = (part.iter as PtrIter).bits;
              for (const rest of restCoords(pl.shape)) {
                const block = sliceTensor(part, [_, ...rest]);
                const p = rawOf(block.iter as PtrIter);
                expect(hasTag(block.iter as PtrIter, "smem")).toBe(true);
                const off = crd2idx([D(0), ...rest], fl) as Int;
                const d = descAdd(it0, off.v).desc;
                // the block's own descriptor, and its start address is the block's address in 16-byte units
                expect(d).toBe(ownDescriptor(op.arch, major, block, op.type));
                expect(Number(d & 0x3fffn)).toBe((p.addr >> 4) & 0x3fff);
                // strides in uint128_t: the element offset of the block times the element's bits / 128
                expect(off.v * 128).toBe((crd2idx([D(0), ...rest], pl) as Int).v * bits);
                checked++;
              }
            }
          }
        }
        expect(checked).toBeGreaterThan(0);
      });
    }
  }
});

describe("register fragments", () => {
  const SM80 = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})";
  const cA = "make_identity_tensor(make_shape(Int<128>{}, Int<64>{}))";
  const sA = "make_tensor(make_smem_ptr((half_t*)0x1000), make_layout(make_shape(Int<128>{}, Int<64>{}), LayoutRight{}))";

  it("A and B: the partition's shape, compact, mode 0 column-major first (make_fragment_like<ValType>)", async () => {
    for (const w of ["A", "B"] as const) {
      for (const src of [cA, sA]) {
        for (const t of [0, 5, 127]) {
          const part = await value(`${SM80}.get_slice(${t}).partition_${w}(${src})`);
          const frg = await value(`${SM80}.get_slice(${t}).partition_fragment_${w}(${src})`);
          const pl = part.layout as Layout, fl = frg.layout as Layout;
          expect(T.tupText(fl.shape)).toBe(T.tupText(pl.shape));
          expect(cosize(fl).v).toBe(size(fl).v);
          // mode 0 comes first and column-major: its values are 0 .. size<0>-1
          const v0 = T.size(T.get(fl.shape, 0)).v;
          const m0 = new Layout(T.get(fl.shape, 0), T.get(fl.stride as T.IntTuple, 0));
          const seen = new Set<number>();
          for (let i = 0; i < v0; i++) seen.add((crd2idx(T.idx2crd(D(i), m0.shape), m0) as Int).v);
          expect([...seen].sort((a, b) => a - b)).toEqual([...Array(v0).keys()]);
          // ValTypeA/B is half_t: a 16-bit register tensor
          expect((frg.iter as PtrIter).bits).toBe(16);
          expect(hasTag(frg.iter as PtrIter, "smem")).toBe(false);
        }
      }
    }
  });

  it("C: make_tensor<ValTypeC>(shape): column-major over partition_shape_C, the member and the free function alike", async () => {
    const GF = "make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2,_1,_1>>{})";
    const member = await value(`${GF}.get_slice(9).partition_fragment_C(make_identity_tensor(make_shape(Int<64>{}, Int<32>{})))`);
    const free = await value(`partition_fragment_C(${GF}, make_shape(Int<64>{}, Int<32>{}))`);
    const shape = await evaluateAny(`partition_shape_C(${GF}, make_shape(Int<64>{}, Int<32>{}))`);
    for (const f of [member, free]) {
      const l = f.layout as Layout;
      expect(T.tupText(l.shape)).toBe(T.tupText(shape as T.IntTuple));
      // column-major: stride i is the product of the shapes before it
      let prod = 1;
      T.leaves(l.shape).forEach((s, i) => {
        if (s.v !== 1) expect((T.leaves(l.stride as T.IntTuple)[i] as Int).v).toBe(prod);
        prod *= s.v;
      });
      expect((f.iter as PtrIter).bits).toBe(32);
    }
  });

  it("the layout is there for every layout function; an element is not", async () => {
    const f = `${SM80}.get_slice(0).partition_fragment_A(${cA})`;
    const out = async (e: string) => (await run(["eval", e])).stdout;
    const l = await out(`layout(${f})`);
    expect(await out(`${f}.layout()`)).toBe(l);
    expect(await out(`rank(${f})`)).toBe("_3\n");
    expect(await out(`size(${f})`)).toBe(await out(`size(${SM80}.get_slice(0).partition_A(${cA}))`));
    expect(await out(`shape(${f})`)).toBe(await out(`shape(${SM80}.get_slice(0).partition_A(${cA}))`));
    const r = await run(["eval", `${f}(0,0,0)`]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/holds no data/);
  });

  it("UMMA's C is its accumulator in TMEM (as `mma --fragment-c` prints it)", async () => {
    const U = "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>";
    const cli = (await run(["mma", U, "--fragment-c", "(_128,_256)"])).stdout;
    const e = (await run(["eval", `partition_fragment_C(make_tiled_mma(${U}{}), make_shape(Int<128>{}, Int<256>{}))`])).stdout;
    const m = (await run(["eval", `make_tiled_mma(${U}{}).get_slice(0).partition_fragment_C(make_identity_tensor(make_shape(Int<128>{}, Int<256>{})))`])).stdout;
    expect(cli).toContain(e.trim());
    expect(m).toBe(e);
  });
});

describe("refusals", () => {
  const thr = `${SS}.get_slice(0)`;
  const fails = async (expr: string, cmd = "eval") => {
    const r = await run([cmd, expr]);
    expect(r.exit).toBe(2);
    return r.stderr;
  };
  it("CuTe's static_asserts", async () => {
    // MakeTensor<GMMA::smem_desc>: is_smem
    expect(await fails(`${thr}.partition_fragment_A(make_tensor(make_gmem_ptr((half_t*)0x400), make_layout(Shape<_128,_64>{}, LayoutRight{})))`)).toMatch(/Expected SMEM Tensor to construct a GMMA Desc Tensor/);
    // make_fragment_A: is_same<ValTypeA, value_type> (a tensor of coordinates, a float tensor)
    expect(await fails(`${thr}.partition_fragment_A(make_identity_tensor(make_shape(Int<128>{}, Int<64>{})))`)).toMatch(/Expecting ValTypeA type/);
    expect(await fails(`${thr}.partition_fragment_B(${smem("GMMA::Layout_K_SW128_Atom<float>{}", "Shape<_128,_32>{}", "0x400", "float")})`)).toMatch(/Expecting ValTypeB type/);
    // make_gmma_desc's canonical checks
    expect(await fails(`${thr}.partition_fragment_A(make_tensor(make_smem_ptr((half_t*)0x400), make_layout(Shape<_128,_64>{})))`)).toMatch(/Not a canonical GMMA_K Layout: Expected K-size 2/);
    expect(await fails(`${thr}.partition_fragment_A(make_tensor(make_smem_ptr((half_t*)0x400), make_layout(Shape<_128,_64>{}, LayoutRight{})))`)).toMatch(/Not a canonical GMMA_K Layout: Expected stride failure/);
    // make_fragment_A of a tensor that is not partitioned
    expect(await fails(`${SS}.make_fragment_A(make_tensor(make_smem_ptr((half_t*)0x400), make_layout(Shape<_128,_64>{})))`)).toMatch(/rank\(atensor\) >= Int<3>/);
    expect(await fails(`${SS}.make_fragment_C(make_tensor(make_smem_ptr((half_t*)0x400), make_layout(make_shape(Int<4>{}, Int<2>{}, Int<2>{}))))`)).toMatch(/size<0>\(ctensor\) == size<1>\(LayoutC_TV\{\}\)/);
    // recast_ptr<NewT>(GMMA::DescriptorIterator)
    expect(await fails(`recast<float>(${thr}.partition_fragment_A(${smem("GMMA::Layout_K_SW128_Atom<half_t>{}", "Shape<_128,_64>{}")}))`)).toMatch(/Can only cast GmmaDescriptorIterator to uint64_t/);
  });
  it("what CuTe does not have, and what cute-ts does not model yet", async () => {
    expect(await fails(`partition_fragment_A(${SS}, make_shape(Int<128>{}, Int<64>{}))`)).toMatch(/no matching function.*get_slice\(thr_idx\)\.partition_fragment_A/);
    // a descriptor fragment needs the smem tensor: a shape has no pointer
    expect(await fails(`${SS}.make_fragment_A(partition_shape_A(${SS}, make_shape(Int<128>{}, Int<64>{})))`)).toMatch(/no matching MakeTensor<GMMA::smem_desc<GMMA::Major::K>>/);
    const S = "make_tiled_mma(SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>{})";
    const desc = `${S}.get_slice(0).partition_fragment_A(${smem("UMMA::Layout_K_SW128_Atom<half_t>{}", "Shape<_128,_64>{}")})`;
    expect((await run(["eval", desc])).stdout).toBe("UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_2)\n");
    expect(await fails(desc, "print")).toMatch(/does not support print_tensor of a UMMA descriptor tensor yet/);
    expect(await fails(`${thr}.partition_fragment_A(${smem("GMMA::Layout_K_SW128_Atom<half_t>{}", "Shape<_128,_64>{}")})(0,0,0)`)).toMatch(/does not support an element of a descriptor tensor/);
  });
});

describe("the A of a UMMA _TS op lives in TMEM (FrgTypeA = UMMA::tmem_frg, mma_traits_sm100.hpp)", () => {
  const U = (m: number, n: number) => `make_tiled_mma(SM100_MMA_F16BF16_TS<half_t,half_t,float,${m},${n},UMMA::Major::K,UMMA::Major::K>{})`;
  const eval1 = async (src: string) => {
    const r = await run(["eval", src]);
    expect(r.stderr).toBe("");
    expect(r.exit).toBe(0);
    return r.stdout;
  };
  it("partition_fragment_A of smem and make_fragment_A of partition_shape_A give the same TMEM tensor", async () => {
    for (const [m, n] of [[128, 256], [64, 128]] as const) {
      const sA = `make_tensor(make_smem_ptr((half_t*)0x1000), make_layout(make_shape(Int<${m}>{}, Int<64>{}), LayoutRight{}))`;
      const part = await eval1(`${U(m, n)}.get_slice(0).partition_fragment_A(${sA})`);
      const shape = await eval1(`${U(m, n)}.make_fragment_A(partition_shape_A(${U(m, n)}, make_shape(Int<${m}>{}, Int<64>{})))`);
      const layout = await eval1(`${U(m, n)}.make_fragment_A(make_layout(partition_shape_A(${U(m, n)}, make_shape(Int<${m}>{}, Int<64>{}))))`);
      expect(part).toMatch(/^tmem_\[16b\]\(0x0000\.0000\) o /);
      expect(shape).toBe(part);
      expect(layout).toBe(part);
    }
  });
  it("M=128 fills all 128 lanes, one column per element; M=64 keeps to the first 16 lanes of each subpartition (NonInterleaved)", async () => {
    const t = (await evaluateAny(`${U(128, 256)}.make_fragment_A(partition_shape_A(${U(128, 256)}, make_shape(Int<128>{}, Int<64>{})))`)) as unknown as Tensor;
    // TMEM addresses: lane << 16 | column; the k-th K block of 16 starts 16 columns on
    const lanes = new Set<number>(), cols = new Set<number>();
    const n = size(t.layout as Layout).v;
    const at = compileIndexFn(t.layout as Layout)!;
    for (let i = 0; i < n; i++) {
      const a = at(i);
      // half_t: two elements per 32-bit column, TMEM::DP<half_t> = 1 << 17 per lane
      lanes.add(Math.floor(a / (1 << 17)));
      cols.add(a % (1 << 17));
    }
    expect(lanes.size).toBe(128);
    expect(cols.size).toBe(64);
    const h = (await evaluateAny(`${U(64, 128)}.make_fragment_A(partition_shape_A(${U(64, 128)}, make_shape(Int<64>{}, Int<64>{})))`)) as unknown as Tensor;
    const hl = h.layout as Layout;
    const used = new Set<number>();
    const hat = compileIndexFn(hl)!;
    for (let i = 0; i < size(hl).v; i++) used.add(Math.floor(hat(i) / (1 << 17)));
    expect([...used].every((l) => l % 32 < 16)).toBe(true);
    expect(used.size).toBe(64);
  });
});

describe("partition_shape_A/B/C keep thrfrg's rest modes (mma_atom.hpp: the shape of partition_X of make_layout(shape))", () => {
  const mmas = [
    "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32, Layout<Shape<_8,_2,_2>,Stride<_1,_16,_8>>, _16>{})",
    "make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN{}, Layout<Shape<_2,_1,_1>>{}, Tile<Layout<Shape<_4,_2,_4>,Stride<_1,_16,_4>>, _8, Layout<Shape<_4,_2>,Stride<_2,_1>>>{})",
    "make_tiled_mma(SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>{}, Layout<Shape<_1,_1,_1>>{}, Tile<_64, Layout<Shape<_8,_4,_2>,Stride<_1,_16,_8>>, _16>{})",
    "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{})",
  ];
  it.each(mmas)("the free partition_shape_X is the thread slice's shape: %s", async (mma) => {
    for (const [w, shape] of [["A", "make_shape(Int<128>{}, Int<64>{})"], ["B", "make_shape(Int<128>{}, Int<64>{})"], ["C", "make_shape(Int<128>{}, Int<128>{})"]] as const) {
      const free = (await run(["eval", `partition_shape_${w}(${mma}, ${shape})`])).stdout;
      const thr = (await run(["eval", `shape(${mma}.get_slice(0).partition_${w}(make_identity_tensor(${shape})))`])).stdout;
      expect(free).toBe(thr);
    }
    const frg = (await run(["eval", `partition_fragment_C(${mma}, make_shape(Int<128>{}, Int<128>{})).layout()`])).stdout;
    const thrFrg = (await run(["eval", `${mma}.get_slice(3).partition_fragment_C(make_identity_tensor(make_shape(Int<128>{}, Int<128>{}))).layout()`])).stdout;
    expect(frg).toBe(thrFrg);
  });
  it("a permutation layout keeps the rest mode nested", async () => {
    expect((await run(["eval", `partition_shape_C(${mmas[0]}, make_shape(Int<128>{}, Int<128>{}))`])).stdout).toBe("((_2,_2),_4,(_2,_4))\n");
  });
  it("a rank-1 shape is refused by thrfrg's rank check", async () => {
    const r = await run(["eval", `partition_shape_C(${mmas[0]}, make_shape(Int<128>{}))`]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/rank\(tensor\) >= Int<2>/);
  });
});
