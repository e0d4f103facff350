/**
 * Partitions as kernels write them: tiled_mma.get_slice(t).partition_A/B/C(T),
 * tiled_copy.get_slice(t).partition_S/D(T), get_layoutS/D_TV(), partition_shape_A/B/C,
 * tile_size<I>, and the member-call grammar. CuTe's own prints are checked by the goldens
 * (fixtures/golden/partition.jsonl); here every thread's partition of identity tensors is checked
 * against brute force over the TV layouts (the same coordinates, each cell owned as often as
 * the tiling says) and against `mma --thread`, which the atom goldens check.
 */
import { describe, expect, it } from "vitest";
import { evaluateAny, type EvalValue } from "../src/eval/evaluate.js";
import { Tensor } from "../src/core/tensor.js";
import { Layout, crd2idx, make_layout, size } from "../src/core/layout.js";
import { D, Int } from "../src/core/integer.js";
import * as T from "../src/core/int-tuple.js";
import { deref } from "../src/core/tensor.js";
import { fragmentCoords, make_tiled_mma } from "../src/atoms/mma/tiled-mma.js";
import { resolveMma } from "../src/atoms/mma/catalog.js";
import { get_slice } from "../src/atoms/mma/thr-mma.js";
import { readLiteral } from "../src/notation/read.js";
import { run } from "./helpers.js";

async function value(src: string): Promise<EvalValue> {
  return await evaluateAny(src);
}

/** every coordinate a tensor of coordinates holds, in its layout's colexicographic order */
function coords(t: Tensor): string[] {
  const l = t.layout as Layout;
  const n = size(l).v;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = deref(t.iter, crd2idx(T.idx2crd(D(i), l.shape), l));
    out.push((T.leaves(c as T.IntTuple) as Int[]).map((x) => x.v).join(","));
  }
  return out;
}

const MMAS = [
  { op: "SM80_16x8x16_F16F16F16F16_TN", atoms: "Layout<Shape<_2,_2>>{}", tile: "Tile<_32,_32,_16>{}", cta: [128, 128, 64] },
  { op: "SM80_16x8x8_F32TF32TF32F32_TN", atoms: "Layout<Shape<_2,_1,_1>>{}", tile: "", cta: [64, 32, 16] },
  { op: "UniversalFMA<float,float,float>", atoms: "Layout<Shape<_16,_16,_1>>{}", tile: "", cta: [128, 128, 8] },
  { op: "SM70_8x8x4_F32F16F16F32_NT", atoms: "Layout<Shape<_2,_2,_1>>{}", tile: "", cta: [64, 64, 8] },
];

describe("ThrMMA::partition_A/B/C of identity tensors", () => {
  for (const m of MMAS) {
    const mmaExpr = `make_tiled_mma(${m.op}{}, ${m.atoms}${m.tile ? `, ${m.tile}` : ""})`;
    const [M, N, K] = m.cta as [number, number, number];
    for (const [w, shape, owners] of [
      ["A", [M, K], "N"],
      ["B", [N, K], "M"],
      ["C", [M, N], ""],
    ] as const) {
      it(`${m.op} ${w} over a ${shape.join("x")} tile: each cell owned by every thread of the broadcast mode, as often as the TV layout says`, async () => {
        const mma = (await value(mmaExpr)) as unknown as { mma: Parameters<typeof fragmentCoords>[0] };
        const nthr = size(mma.mma.thrLayoutVMNK).v;
        const vmnk = mma.mma.thrLayoutVMNK.shape as T.IntTuple[];
        const bcast = owners === "" ? 1 : T.size(vmnk[owners === "N" ? 2 : 1]!).v;
        const count = new Map<string, number>();
        for (let t = 0; t < nthr; t++) {
          const p = (await value(`${mmaExpr}.get_thread_slice(${t}).partition_${w}(make_identity_tensor(make_shape(Int<${shape[0]}>{}, Int<${shape[1]}>{})))`)) as Tensor;
          for (const c of coords(p)) count.set(c, (count.get(c) ?? 0) + 1);
        }
        expect(count.size).toBe(shape[0] * shape[1]);
        for (const n of count.values()) expect(n).toBe(bcast);
      });
    }
  }

  it("over the MMA's own tile, thread t's values are `mma --thread t` (the TV layout), in value order, where thread indices are compact", async () => {
    const traits = resolveMma("SM80_16x8x16_F32F16F16F32_TN");
    const mma = make_tiled_mma(traits, readLiteral("(_2,_2,_1):(_1,_2,_0)") as Layout, readLiteral("(_32,_32,_16)") as never);
    for (const t of [0, 5, 37, 100, 127]) {
      for (const w of ["A", "B", "C"] as const) {
        const shape = w === "A" ? [32, 16] : w === "B" ? [32, 16] : [32, 32];
        const p = (await value(
          `make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{}).get_slice(${t}).partition_${w}(make_identity_tensor(make_shape(Int<${shape[0]}>{}, Int<${shape[1]}>{})))`,
        )) as Tensor;
        expect(coords(p)).toEqual(fragmentCoords(mma, w, t).map(([r, c]) => `${r},${c}`));
      }
    }
  });

  it("get_slice reads the thread index through ThrLayoutVMNK: the layout at the thread's coordinate is the thread (a quadpair atom too)", () => {
    for (const [op, atoms] of [
      ["SM70_8x8x4_F32F16F16F32_NT", "(_2,_2,_1)"],
      ["SM80_16x8x16_F16F16F16F16_TN", "(_2,_2,_1)"],
      ["SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>", "(_2,_1,_1)"],
    ] as const) {
      const mma = make_tiled_mma(resolveMma(op), make_layout(readLiteral(atoms) as T.IntTuple));
      const l = mma.thrLayoutVMNK;
      const n = size(l).v;
      for (let i = 0; i < n; i++) {
        const t = (crd2idx(T.idx2crd(D(i), l.shape), l) as Int).v; // a thread index of the TiledMMA
        const c = get_slice(mma, D(t)).thrVMNK;
        const back = (l.shape as T.IntTuple[]).map((s, k) => T.idx2crd(c[k]!, s));
        expect((crd2idx(back, l) as Int).v).toBe(t);
      }
    }
  });
});

describe("ThrCopy::partition_S/D of identity tensors", () => {
  const COPIES = [
    { tc: "make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})", shape: [128, 64], threads: 128 },
    { tc: "make_tiled_copy(Copy_Atom<UniversalCopy<uint_byte_t<16>>, float>{}, Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{})", shape: [128, 64], threads: 256 },
    { tc: "make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{}))", shape: [128, 64], threads: 128 },
  ];
  for (const c of COPIES) {
    for (const side of ["S", "D"] as const) {
      it(`${c.tc.slice(0, 60)}... partition_${side}: every cell of the ${c.shape.join("x")} tile equally often, thread t's first tile is get_layout${side}_TV()(t,_)`, async () => {
        const tv = (await value(`${c.tc}.get_layout${side}_TV()`)) as Layout;
        const tileM = ((await value(`tile_size<0>(${c.tc})`)) as Int).v;
        const nv = T.size(T.get(tv.shape, 1)).v;
        const count = new Map<string, number>();
        for (let t = 0; t < c.threads; t++) {
          const p = (await value(`${c.tc}.get_slice(${t}).partition_${side}(make_identity_tensor(make_shape(Int<${c.shape[0]}>{}, Int<${c.shape[1]}>{})))`)) as Tensor;
          const got = coords(p);
          for (const x of got) count.set(x, (count.get(x) ?? 0) + 1);
          // the values in the first tile: the TV layout at (t, v), an index into the tile (colexicographic)
          const want: string[] = [];
          for (let v = 0; v < nv; v++) {
            const i = (crd2idx([D(t), T.idx2crd(D(v), T.get(tv.shape, 1))], tv) as Int).v;
            want.push(`${i % tileM},${Math.floor(i / tileM)}`);
          }
          expect(got.slice(0, nv)).toEqual(want);
        }
        expect(count.size).toBe(c.shape[0]! * c.shape[1]!);
        expect(new Set(count.values()).size).toBe(1);
      });
    }
  }
});

describe("partition functions and members as values", () => {
  const MMA = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})";
  it("partition_shape_C is the shape of partition_C", async () => {
    for (const [w, shape] of [
      ["A", [128, 64]],
      ["B", [128, 64]],
      ["C", [128, 128]],
    ] as const) {
      const ps = (await run(["eval", `partition_shape_${w}(${MMA}, make_shape(Int<${shape[0]}>{}, Int<${shape[1]}>{}))`])).stdout;
      const p = (await run(["eval", `shape(${MMA}.get_slice(0).partition_${w}(make_identity_tensor(make_shape(Int<${shape[0]}>{}, Int<${shape[1]}>{}))))`])).stdout;
      expect(ps).toBe(p);
    }
  });
  it("tile_size<I> of a TiledMMA is the permutation's size; of a TiledCopy the tiler's", async () => {
    expect((await run(["eval", `tile_size<0>(${MMA})`])).stdout).toBe("_32\n");
    expect((await run(["eval", `tile_size<2>(${MMA})`])).stdout).toBe("_16\n");
    expect((await run(["eval", "tile_size<1>(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{}))"])).stdout).toBe("_8\n");
    expect((await run(["eval", `size(${MMA})`])).stdout).toBe("_128\n");
    expect((await run(["eval", "size(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{}))"])).stdout).toBe("_256\n");
  });
  it("a ThrMMA prints its (V,M,N,K) and the TiledMMA (mma_atom.hpp's print(ThrMMA)); a ThrCopy prints its TiledCopy", async () => {
    const thr = await run(["eval", `${MMA}.get_slice(37)`]);
    const tiled = await run(["eval", MMA]);
    expect(thr.stdout).toBe("ThrMMA\n  Thr VMNK: (5,1,0,_0)\n" + tiled.stdout);
    const tc = "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_32,_8>>{})";
    expect((await run(["eval", `${tc}.get_thread_slice(3)`])).stdout).toBe((await run(["eval", tc])).stdout);
  });
  it("core members forward to CuTe's free functions", async () => {
    const ask = async (e: string) => (await run(["eval", e])).stdout;
    expect(await ask("make_layout(make_shape(Int<8>{}, 4)).shape()")).toBe(await ask("shape(make_layout(make_shape(Int<8>{}, 4)))"));
    expect(await ask("make_identity_tensor(make_shape(4, 8)).layout()")).toBe(await ask("make_identity_layout(make_shape(4, 8))"));
    expect(await ask("Layout<Shape<_8,_4>>{}.compose(Layout<_4,_2>{})")).toBe(await ask("composition(Layout<Shape<_8,_4>>{}, Layout<_4,_2>{})"));
    expect(await ask("make_identity_tensor(make_shape(4, 8)).size()")).toBe("32\n");
  });
});

describe("refusals", () => {
  const MMA = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{})";
  const refuse = async (e: string, re: RegExp) => {
    const r = await run(["eval", e]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(re);
  };
  it("names what is wrong", async () => {
    await refuse(`${MMA}.partition_A(make_identity_tensor(make_shape(16, 16)))`, /member of one thread's slice: write \.get_slice\(thr_idx\)\.partition_A/);
    await refuse(`${MMA}.get_slice(0).partition_A(Layout<Shape<_16,_16>>{})`, /CuTe rejects partition_A: .*a Layout has no data\(\)/);
    await refuse(`${MMA}.get_slice(make_coord(0, 1))`, /CuTe rejects get_slice: .*thread index is an integer/);
    await refuse(`${MMA}.get_slice(0).frobnicate()`, /a ThrMMA has no member function 'frobnicate'/);
    await refuse(`${MMA}.get_slice(threadIdx.x)`, /threadIdx\.x is the CUDA thread index, a device value/);
    await refuse("make_layout(8).shape", /expected '\(' after \.shape/);
    // a register fragment of a dynamic partition: make_tensor<T> of a dynamic layout (ArrayEngine needs a static size)
    await refuse(`${MMA}.get_slice(0).partition_fragment_A(make_identity_tensor(make_shape(16, 16)))`, /CuTe rejects make_fragment_like<half_t>: Dynamic owning tensors not supported/);
    await refuse(`${MMA}.get_slice(0).partition_A(make_identity_tensor(8))`, /CuTe rejects thrfrg_A: static assertion failed: rank\(tensor\) >= Int<2>\{\}/);
    await refuse("size<0>(make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_32,_8>>{}))", /CuTe rejects size<0>: no matching overload for a TiledCopy/);
  });
});
