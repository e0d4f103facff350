/**
 * tma_partition (copy_traits_sm90_tma.hpp) through `eval`. Expected values follow CuTe's rules,
 * computed here, never taken from cute-ts's output:
 *  - both tensors are composed with one tile, the smem layout's inverse (non-swizzled part), so
 *    the TMA mode walked at i is, in gmem, the gA coordinate of the smem element whose
 *    (non-swizzled) offset is i, and in smem, offset i itself: for a compact smem tile the smem
 *    result's tile mode coalesces to ((TMA,TMA_Iter)) = ((N,_1)):((_1,_0)), N the atom's box;
 *  - a multicast over C CTAs starts CTA r's TMA mode at r * N / C (domain_offset), the layouts
 *    unchanged.
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";

const evalBlock = (text: string) => ok(["eval", text]);
const lines = (out: string) => out.trimEnd().split("\n");
/** a printed coordinate's numbers (static and dynamic integers print alike but for the underscore) */
const nums = (s: string) => s.replace(/_/g, "");

interface Case {
  name: string;
  prelude: string;
  /** the tile's extents (rows M, columns K) and the pipeline depth */
  M: number;
  K: number;
  PIPE: number;
  /** the smem layout's non-swizzled offset of (m, k), computed here */
  offset: (m: number, k: number) => number;
  elemBytes: number;
  /** the gmem's K extent */
  gK: number;
}

const FLOAT_ROW: Case = {
  name: "float, a row-major 16 x 32 smem tile, 2 stages",
  prelude: `Tensor g = make_tensor((float*)0x10000, make_shape(64,64), make_stride(64,Int<1>{}));
auto sl = make_layout(make_shape(Int<16>{},Int<32>{},Int<2>{}), make_stride(Int<32>{},Int<1>{},Int<512>{}));`,
  M: 16,
  K: 32,
  PIPE: 2,
  offset: (m, k) => m * 32 + k,
  elemBytes: 4,
  gK: 64,
};
// M-contiguous in both memories: the inverse walks the tile column by column
const FLOAT_COL: Case = {
  name: "float, a column-major 16 x 32 smem tile over a column-major gmem, 2 stages",
  prelude: `Tensor g = make_tensor((float*)0x10000, make_shape(64,64), make_stride(Int<1>{},64));
auto sl = make_layout(make_shape(Int<16>{},Int<32>{},Int<2>{}), make_stride(Int<1>{},Int<16>{},Int<512>{}));`,
  M: 16,
  K: 32,
  PIPE: 2,
  offset: (m, k) => m + 16 * k,
  elemBytes: 4,
  gK: 64,
};
const HALF_SW128: Case = {
  name: "half_t, GMMA K-major SW128 atoms tiled to 64 x 64, 2 stages",
  prelude: `Tensor g = make_tensor((half_t*)0x10000, make_shape(256,512), make_stride(512,Int<1>{}));
auto sl = tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<64>{},Int<64>{},Int<2>{}));`,
  M: 64,
  K: 64,
  PIPE: 2,
  // the atom (_8,_64):(_64,_1) stacked along M every 512 elements (the swizzle is the pointer's)
  offset: (m, k) => (m % 8) * 64 + Math.floor(m / 8) * 512 + k,
  elemBytes: 2,
  gK: 512,
};

function program(c: Case, op: string, cluster: string, partition: string): string {
  return `${c.prelude}
auto tma = make_tma_atom(${op}{}, g, take<0,2>(sl), make_shape(Int<${c.M}>{},Int<${c.K}>{})${cluster});
Tensor mA = tma.get_tma_tensor(shape(g));
Tensor gA = local_tile(mA, make_shape(Int<${c.M}>{},Int<${c.K}>{}), make_coord(1,_));
Tensor sA = make_tensor(make_smem_ptr((${c.elemBytes === 4 ? "float" : "half_t"}*)0x400), sl);
auto [tAgA, tAsA] = ${partition};
`;
}
const plain = (c: Case) => program(c, "SM90_TMA_LOAD", "", "tma_partition(tma, Int<0>{}, Layout<_1>{}, group_modes<0,2>(sA), group_modes<0,2>(gA))");

/** sample (m, k) points of the tile: every row, every column, a stride through the rest */
function points(c: Case): [number, number][] {
  const out: [number, number][] = [];
  for (let m = 0; m < c.M; m++) for (let k = 0; k < c.K; k++) if (c.M * c.K <= 512 || m === 0 || k === 0 || (m * 7 + k * 3) % 11 === 0) out.push([m, k]);
  return out;
}

describe("tma_partition of a non-multicast atom", () => {
  for (const c of [FLOAT_ROW, FLOAT_COL, HALF_SW128]) {
    const N = c.M * c.K;
    it(`${c.name}: the smem result is the smem tensor with its tile mode ((TMA,TMA_Iter)) = ((${N},_1)):((_1,_0)), the stages kept`, async () => {
      const out = lines(await evalBlock(plain(c) + `print(sA); print("\\n"); print(layout<2>(sA)); print("\\n"); print(tAsA); print("\\n"); print(size<1>(tAsA)); print(" "); print(size<0,0>(tAsA));`));
      const sA = out[0]!, ptr = sA.slice(0, sA.lastIndexOf(" o "));
      // the stage mode is sA's own, as it prints
      const [restShape, restStride] = out[1]!.split(":");
      expect(out[2]).toBe(`${ptr} o ((_${N},_1),${restShape}):((_1,_0),${restStride})`);
      expect(out[3]).toBe(`_${c.PIPE} _${N}`);
    });
    it(`${c.name}: the TMA mode walked at the smem offset of (m,k) is gA(m,k), for every k-tile`, async () => {
      const pts = points(c);
      let prog = plain(c) + `print(size<1>(tAgA)); print("\\n");\n`;
      for (const [m, k] of pts) for (const kt of [0, 3]) prog += `print(tAgA(${c.offset(m, k)}, ${kt})); print(" "); print(gA(${m}, ${k}, ${kt})); print("\\n");\n`;
      const out = lines(await evalBlock(prog));
      // k-tiles: the gmem's K extent over the tile's
      expect(out[0]).toBe(String(c.gK / c.K));
      expect(out.length).toBe(1 + pts.length * 2);
      for (const l of out.slice(1)) {
        const [a, b] = l.split(" ");
        expect(nums(a!), l).toBe(nums(b!));
      }
    });
  }
  it("the three-argument overload is cta_coord Int<0>{}, cta_layout Layout<_1,_0>{}; get<0>/get<1> read the pair", async () => {
    const c = FLOAT_ROW;
    const five = lines(await evalBlock(plain(c) + `print(tAgA); print("\\n"); print(tAsA);`));
    const three = lines(await evalBlock(plain(c) + `auto p = tma_partition(tma, group_modes<0,2>(sA), group_modes<0,2>(gA));
print(get<0>(p)); print("\\n"); print(get<1>(p));`));
    expect(three).toEqual(five);
  });
});

describe("tma_partition of a multicast atom over 2 CTAs", () => {
  const c = FLOAT_ROW;
  const N = c.M * c.K;
  const part = (r: number) => program(c, "SM90_TMA_LOAD_MULTICAST", ", Int<2>{}", `tma_partition(tma, Int<${r}>{}, Layout<_2>{}, group_modes<0,2>(sA), group_modes<0,2>(gA))`);
  it("rank r's smem result starts r * N/2 elements on, its layout as rank 0's", async () => {
    const out0 = lines(await evalBlock(part(0) + `print(tAsA); print("\\n"); print(tAgA);`));
    const out1 = lines(await evalBlock(part(1) + `print(tAsA); print("\\n"); print(tAgA);`));
    expect(out0[0]).toBe(`smem_ptr[32b](0x400) o ((_${N},_1),_${c.PIPE}):((_1,_0),_${N})`);
    expect(out1[0]).toBe(`smem_ptr[32b](0x${(0x400 + (N / 2) * c.elemBytes).toString(16)}) o ((_${N},_1),_${c.PIPE}):((_1,_0),_${N})`);
    const layout = (t: string) => t.slice(t.lastIndexOf(" o ") + 3);
    expect(layout(out1[1]!)).toBe(layout(out0[1]!));
  });
  it("rank 1's TMA mode at i is rank 0's at i + N/2", async () => {
    const is = [0, 1, 31, 32, 100, N / 2 - 1];
    const p0 = lines(await evalBlock(part(0) + is.map((i) => `print(tAgA(${i + N / 2}, 1)); print("\\n");`).join("\n")));
    const p1 = lines(await evalBlock(part(1) + is.map((i) => `print(tAgA(${i}, 1)); print("\\n");`).join("\n")));
    expect(p1.map(nums)).toEqual(p0.map(nums));
  });
});

describe("tma_partition refuses what CuTe refuses", () => {
  const c = FLOAT_ROW;
  it("a TiledCopy (make_tma_copy): only Copy_Atom<Args...> has an overload", async () => {
    const prog = `${c.prelude}
auto tma = make_tma_copy(SM90_TMA_LOAD{}, g, take<0,2>(sl));
Tensor sA = make_tensor(make_smem_ptr((float*)0x400), sl);
print(tma_partition(tma, Int<0>{}, Layout<_1>{}, group_modes<0,2>(sA), group_modes<0,2>(sA)));`;
    expect(await refused(["eval", prog])).toMatch(/tma_partition.*Copy_Atom<Args\.\.\.>/);
  });
  it("tile modes of different sizes: CUTE_STATIC_ASSERT_V(size<0>(stensor) == size<0>(gtensor))", async () => {
    const prog = plain(c).replace(/auto \[tAgA, tAsA\] = .*\n/, "") + "print(tma_partition(tma, group_modes<0,2>(sA), gA));";
    expect(await refused(["eval", prog])).toContain("size<0>(stensor) == size<0>(gtensor)");
  });
  it("the wrong number of arguments", async () => {
    const prog = plain(c).replace(/auto \[tAgA, tAsA\] = .*\n/, "") + "print(tma_partition(tma, sA));";
    expect(await refused(["eval", prog])).toMatch(/no matching overload for 2 arguments/);
  });
});
