/**
 * Tensors over memory: pointers as CuTe prints them (pointer.hpp, pointer_base.hpp,
 * pointer_swizzle.hpp, array_subbyte.hpp), pointer arithmetic through slicing, tiling and
 * partitioning, swizzled shared memory, owning register tensors, recast, and the tuple
 * arithmetic of arithmetic_tuple.hpp. Expected values come from CuTe's documentation
 * (media/docs/cpp/cute/03_tensor.md, 0z_tma_tensors.md), from the pointer goldens, or from
 * addresses worked out independently here (base + sizeof(T) * offset, the swizzle as an XOR
 * of address bits).
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";
import { evaluate, evaluateAny } from "../src/eval/evaluate.js";
import { show } from "../src/print/print.js";
import { S } from "../src/core/integer.js";
import { Layout } from "../src/core/layout.js";
import { Tensor, PtrIter, advance } from "../src/core/tensor.js";
import { partition_S, partition_D } from "../src/atoms/copy/tiled.js";
import type { TiledCopy } from "../src/atoms/copy/tiled.js";

async function out(expr: string, cmd = "eval"): Promise<string> {
  const r = await run([cmd, expr]);
  expect(r.stderr, expr).toBe("");
  expect(r.exit).toBe(0);
  return r.stdout;
}
async function refusal(expr: string): Promise<string> {
  const r = await run(["eval", expr]);
  expect(r.exit, r.stdout).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr).not.toMatch(/internal error|\n[ \t]+at /);
  return r.stderr;
}
/** print --json's values: each element's address */
async function addresses(expr: string): Promise<unknown> {
  const r = await run(["print", "--json", expr]);
  expect(r.exit, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { values: unknown }).values;
}
const hex = (a: number) => "0x" + a.toString(16);

describe("CuTe's documentation: 03_tensor.md's tensors as print shows them", () => {
  // A = 0x7f42efc00000 and smem = 0x7f4316000000, the addresses the documentation's run printed
  const A = "(float*)0x7f42efc00000", smem = "(float*)0x7f4316000000";
  const cases: Array<[string, string]> = [
    [`make_tensor(${A}, make_layout(Int<8>{}))`, "ptr[32b](0x7f42efc00000) o _8:_1"],
    [`make_tensor(${A}, Int<8>{})`, "ptr[32b](0x7f42efc00000) o _8:_1"],
    [`make_tensor(${A}, 8, 2)`, "ptr[32b](0x7f42efc00000) o 8:2"],
    [`make_tensor(make_gmem_ptr(${A}), Int<8>{})`, "gmem_ptr[32b](0x7f42efc00000) o _8:_1"],
    [`make_tensor(make_gmem_ptr(${A}), 8)`, "gmem_ptr[32b](0x7f42efc00000) o 8:_1"],
    [`make_tensor(make_gmem_ptr(${A}), make_shape(Int<8>{},16))`, "gmem_ptr[32b](0x7f42efc00000) o (_8,16):(_1,_8)"],
    [`make_tensor(make_gmem_ptr(${A}), make_shape(8, Int<16>{}), make_stride(Int<16>{},Int< 1>{}))`, "gmem_ptr[32b](0x7f42efc00000) o (8,_16):(_16,_1)"],
    [`make_tensor(make_smem_ptr(${smem}), make_layout(make_shape(Int<4>{},Int<8>{})))`, "smem_ptr[32b](0x7f4316000000) o (_4,_8):(_1,_4)"],
    [`make_tensor(make_smem_ptr(${smem}), shape(make_layout(make_shape(Int<4>{},Int<8>{}))), LayoutRight{})`, "smem_ptr[32b](0x7f4316000000) o (_4,_8):(_8,_1)"],
  ];
  for (const [expr, printed] of cases) {
    it(expr, async () => {
      expect(await out(expr)).toBe(printed + "\n");
      // and the printed form reads back as the same tensor
      expect(await out(printed)).toBe(printed + "\n");
    });
  }
  it("owning register tensors have the documented layouts, at the placeholder address", async () => {
    const pad = "make_tensor<float>(Shape <_4, _8>{}, Stride<_32,_2>{})";
    const cases: Array<[string, string]> = [
      ["make_tensor<float>(Shape<_4,_8>{})", "(_4,_8):(_1,_4)"],
      ["make_tensor<float>(Shape<_4,_8>{}, LayoutRight{})", "(_4,_8):(_8,_1)"],
      [pad, "(_4,_8):(_32,_2)"],
      [`make_tensor_like(${pad})`, "(_4,_8):(_8,_1)"],
    ];
    for (const [expr, layout] of cases) expect(await out(expr)).toBe(`ptr[32b](0x7fff00000000) o ${layout}\n`);
  });
  it("slicing keeps the modes of the _ and moves the pointer to the first element (the slicing examples)", async () => {
    const a = "make_tensor((float*)0x1000, make_shape(make_shape(Int<3>{},2), make_shape(2,Int<5>{},Int<2>{})), make_stride(make_stride(4,1), make_stride(Int<2>{},13,100)))";
    // the layouts the documentation gives; the offset of the first element by hand
    const cases: Array<[string, string, number]> = [
      ["(2,_)", "((2,_5,_2)):((_2,13,100))", 2 * 4],
      // 5 in the mode (2,_5,_2) is its coordinate (1,2,0)
      ["(_,5)", "((_3,2)):((4,1))", 1 * 2 + 2 * 13],
      ["(make_coord(_,_),5)", "(_3,2):(4,1)", 1 * 2 + 2 * 13],
      ["(make_coord(_,1),make_coord(0,_,1))", "(_3,_5):(4,13)", 1 + 100],
      ["(make_coord(2,_),make_coord(_,3,_))", "(2,2,_2):(1,_2,100)", 2 * 4 + 3 * 13],
    ];
    for (const [c, layout, off] of cases) expect(await out(a + c)).toBe(`ptr[32b](${hex(0x1000 + 4 * off)}) o ${layout}\n`);
  });
});

describe("pointer arithmetic: each element's address is base + sizeof(T) * layout(coord)", () => {
  for (const [type, bytes] of [["double", 8], ["float", 4], ["half_t", 2], ["int8_t", 1], ["uint128_t", 16], ["int4_t", 1], ["bool", 1]] as const) {
    it(`(${type}*): a raw pointer steps by sizeof(${type}) = ${bytes} byte(s)`, async () => {
      const base = 0x10000;
      const got = await addresses(`make_tensor(make_gmem_ptr((${type}*)0x10000), make_shape(3, 5), make_stride(7, 2))`);
      expect(got).toEqual([0, 1, 2].map((m) => [0, 1, 2, 3, 4].map((n) => hex(base + bytes * (7 * m + 2 * n)))));
    });
  }
  it("a sub-byte iterator (make_gmem_ptr<T>(void*)) steps by bits: address.bit", async () => {
    for (const [type, bits] of [["uint4_t", 4], ["uint2_t", 2], ["float_e2m3_t", 6], ["uint1_t", 1]] as const) {
      const got = (await addresses(`make_tensor(make_gmem_ptr<${type}>((void*)0x100), make_shape(11))`)) as string[];
      expect(got).toEqual(Array.from({ length: 11 }, (_x, i) => `${hex(0x100 + Math.floor((bits * i) / 8))}.${(bits * i) % 8}`));
    }
  });
  it("slicing, local_tile, the divides and local_partition move the pointer to where the elements are", async () => {
    const M = 16, N = 24, base = 0x40000;
    const full = `make_tensor(make_gmem_ptr((half_t*)0x40000), make_shape(${M}, ${N}), LayoutRight{})`;
    const at = (m: number, n: number) => hex(base + 2 * (m * N + n));
    // tile (1,2) of 4x8 tiles: rows 4..7, columns 16..23
    expect(await addresses(`local_tile(${full}, Shape<_4,_8>{}, make_coord(1, 2))`)).toEqual([0, 1, 2, 3].map((i) => Array.from({ length: 8 }, (_x, j) => at(4 + i, 16 + j))));
    // thread 13 of a 4x4 row-major thread layout: coordinate (3,1), every 4th row and column from there
    expect(await addresses(`local_partition(${full}, Layout<Shape<_4,_4>,Stride<_4,_1>>{}, 13)`)).toEqual([0, 1, 2, 3].map((i) => Array.from({ length: 6 }, (_x, j) => at(3 + 4 * i, 1 + 4 * j))));
    // flat_divide(...)(_, _, 2, 1): the tile at tile coordinate (2,1)
    expect(await addresses(`flat_divide(${full}, Shape<_4,_8>{})(_, _, 2, 1)`)).toEqual([0, 1, 2, 3].map((i) => Array.from({ length: 8 }, (_x, j) => at(8 + i, 8 + j))));
    // zipped_divide(...)(3, _): element 3 of the tile mode (its coordinate (3,0)) in every tile
    // (i,j), a rank-1 tensor over the (4,3) tiles in colexicographic order
    expect(await addresses(`zipped_divide(${full}, Shape<_4,_8>{})(3, _)`)).toEqual(Array.from({ length: 12 }, (_x, k) => at(4 * (k % 4) + 3, 8 * Math.floor(k / 4))));
    // domain_offset((3,5), t) starts at (3,5)
    expect(await out(`domain_offset(make_coord(3, 5), ${full})`)).toBe(`gmem_ptr[16b](${at(3, 5)}) o (${M},${N}):(${N},_1)\n`);
  });
  it("&T(coord) is the element's address, as a raw pointer", async () => {
    expect(await out("&make_tensor(make_gmem_ptr((float*)0x10000), make_shape(Int<8>{}, 16))(3, 4)")).toBe(`ptr[32b](${hex(0x10000 + 4 * (3 + 8 * 4))})\n`);
    expect(await out("&make_tensor(make_gmem_ptr<uint4_t>((void*)0x10), make_shape(Int<8>{}, 16))(3, 4)")).toBe(`subptr[4b](${hex(0x10 + Math.floor((4 * 35) / 8))}.${(4 * 35) % 8})\n`);
  });
  it("T(coord) reads memory the host does not have: refused with that reason", async () => {
    expect(await refusal("make_tensor(make_gmem_ptr((float*)0x10000), make_shape(Int<8>{}, 16))(3, 4)")).toContain("cute-ts holds no data");
  });
});

/** Swizzle<B,M,S>::apply, written out: the B bits at M+S move down by S and XOR into the B bits at M */
const swizzle = (b: number, m: number, s: number) => (x: number) => x ^ ((x & (((1 << b) - 1) << (m + s))) >>> s);

describe("swizzled shared memory", () => {
  const sw343 = swizzle(3, 4, 3), sw333 = swizzle(3, 3, 3);
  it("a GMMA atom tiled over smem moves its swizzle onto the pointer; each element is read from the swizzled byte address", async () => {
    const t = "make_tensor(make_smem_ptr((half_t*)0x1000), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<8>{}, Int<64>{})))";
    expect(await out(t)).toMatch(/^Sw<3,4,3>_smem_ptr\[16b\]\(0x1000\) o /);
    const full = (await addresses(t)) as string[][];
    // the atom is (_8,_64):(_64,_1) in half_t: byte address 0x1000 + 2 * (64m + n), swizzled
    expect(full).toEqual(Array.from({ length: 8 }, (_x, m) => Array.from({ length: 64 }, (_y, n) => hex(sw343(0x1000 + 2 * (64 * m + n))))));
    // a slice reads the same elements (the swizzle stays on the pointer, the address before it moves)
    expect(await addresses(`${t}(_, 5)`)).toEqual(full.map((row) => row[5]));
    expect(await addresses(`${t}(6, _)`)).toEqual(full[6]);
  });
  it("ptr-022's slice: the swizzle pointer keeps the unswizzled base (CuTe's print)", async () => {
    expect(await out("make_tensor(make_smem_ptr((half_t*)0x1000), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<128>{}, Int<64>{})))(_, 3)")).toBe("Sw<3,4,3>_smem_ptr[16b](0x1006) o ((_8,_16)):((_64,_512))\n");
  });
  it("a swizzle composed with the layout stays in the layout: slices give CuTe's layouts with negative strides, and the same addresses", async () => {
    const t = "make_tensor(make_smem_ptr((half_t*)0x400), composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{}))";
    expect(await out(t)).toBe("smem_ptr[16b](0x400) o Sw<3,3,3> o _0 o (_8,_64):(_64,_1)\n");
    const full = (await addresses(t)) as string[][];
    expect(full).toEqual(Array.from({ length: 8 }, (_x, m) => Array.from({ length: 64 }, (_y, n) => hex(0x400 + 2 * sw333(64 * m + n)))));
    const row3 = await out(`${t}(3, _)`);
    expect(row3).toMatch(/-\d/); // a negative stride
    expect(await addresses(`${t}(3, _)`)).toEqual(full[3]);
    expect(await addresses(`${t}(_, 9)`)).toEqual(full.map((r) => r[9]));
    // thread 5 of a (2,8) thread layout: coordinate (1,2), then every 2nd row and 8th column
    expect(await addresses(`local_partition(${t}, Layout<Shape<_2,_8>>{}, 5)`)).toEqual(Array.from({ length: 4 }, (_x, i) => Array.from({ length: 8 }, (_y, j) => full[2 * i + 1]![8 * j + 2])));
  });
  it("a swizzled layout over smem_ptr_flag needs a shared-memory pointer of its width (CuTe's static_asserts)", async () => {
    expect(await refusal("make_tensor(make_gmem_ptr((half_t*)0x1000), GMMA::Layout_K_SW128_Atom<half_t>{})")).toContain("Expected smem.");
    expect(await refusal("make_tensor(make_smem_ptr((float*)0x1000), GMMA::Layout_K_SW128_Atom<half_t>{})")).toContain("Expected a B-bit pointer type. (the layout's smem_ptr[16b] flag is for 16-bit elements, the pointer's are 32-bit)");
  });
  it("as_position_independent_swizzle_tensor: the same addresses through a swizzle of elements", async () => {
    const t = "make_tensor(make_smem_ptr((half_t*)0x2000), tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, make_shape(Int<8>{}, Int<64>{})))";
    const pi = `as_position_independent_swizzle_tensor(${t})`;
    expect(await out(pi)).toMatch(/^smem_ptr\[16b\]\(0x2000\) o Sw<3,3,3> o _0 o /);
    expect(await addresses(pi)).toEqual(await addresses(t));
  });
});

describe("recast, owning tensors, tmem", () => {
  it("recast<T> views the same bytes: a 32-bit element (m,n) is the 16-bit elements (m,2n) and (m,2n+1)", async () => {
    const h = "make_tensor(make_smem_ptr((half_t*)0x400), Layout<Shape<_8,_64>,Stride<_64,_1>>{})";
    expect(await out(`recast<uint32_t>(${h})`)).toBe("smem_ptr[32b](0x400) o (_8,_32):(_32,_1)\n");
    const half = (await addresses(h)) as string[][];
    expect(await addresses(`recast<uint32_t>(${h})`)).toEqual(half.map((r) => r.filter((_x, n) => n % 2 === 0)));
    // to a sub-byte type: a sub-byte iterator, the tag kept
    expect(await out(`recast<uint4_t>(${h})(1, _)`)).toBe(`smem_subptr[4b](${hex(0x400 + 128)}.0) o (_256):(_1)\n`);
  });
  it("owning tensors of sub-byte types are sub-byte iterators (array_subbyte), dynamic layouts are refused", async () => {
    expect(await out("make_tensor<int4_t>(Shape<_4,_8>{})")).toBe("subptr[4b](0x7fff00000000.0) o (_4,_8):(_1,_4)\n");
    expect(await refusal("make_tensor<float>(make_shape(4, 8))")).toContain("Dynamic owning tensors not supported");
  });
  it("make_fragment_like: the same shape, compact, mode 0 column-major", async () => {
    const t = "make_tensor(make_gmem_ptr((float*)0x1000), make_shape(Int<4>{}, Int<2>{}, Int<3>{}), LayoutRight{})";
    const f = evaluate(`make_fragment_like(${t})`) as Tensor;
    expect(f.iter).toBeInstanceOf(PtrIter);
    const l = f.layout as Layout;
    // layout.hpp: tiled_product(_4:_1, make_ordered_layout((_2,_3), (_3,_1))), sliced (_, (_,_)):
    // mode 0 column-major, then the rest compact in the order of their strides (the _3 mode first)
    expect(show(l)).toBe("(_4,_2,_3):(_1,_12,_4)");
    expect(show(evaluate(`cosize(make_fragment_like(${t}))`))).toBe("_24");
  });
  it("a tmem_ptr steps by rotated words (pointer.hpp): a 16-bit offset of 1 is subword 1 in the top bits", async () => {
    const rotr = (x: number, r: number) => ((x >>> r) | (x << (32 - r))) >>> 0;
    const a = rotr(1, 1);
    expect(await out("make_tensor(make_tmem_ptr<half_t>(0x00200010), make_layout(make_shape(Int<2>{}, Int<4>{}), make_stride(Int<131072>{}, Int<1>{})))(0, _)")).toBe(`tmem_[16b](0x0020.0010) o (_4):(_1)\n`);
    expect(await addresses("make_tensor(make_tmem_ptr<half_t>(0), make_layout(make_shape(Int<2>{})))")).toEqual(["0x0000.0000", `0x${(a >>> 16).toString(16).padStart(4, "0")}.${(a & 0xffff).toString(16).padStart(4, "0")}`]);
    expect(await out("make_tensor(make_tmem_ptr<float>(0x00200010), make_layout(make_shape(Int<128>{}, Int<32>{}), make_stride(Int<65536>{}, Int<1>{})))(_, 5)")).toBe("tmem_[32b](0x0020.0015) o (_128):(_65536)\n");
  });
});

describe("partitions of pointer tensors by a TiledCopy (ThrCopy::partition_S/D) move the pointer", () => {
  it("ptr-016: thread 37's partition_S of a 128x64 half_t gmem tile, as CuTe printed it", async () => {
    const v = (await evaluateAny("make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})")) as unknown as { tc: TiledCopy };
    const t = evaluate("make_tensor(make_gmem_ptr((half_t*)0x7f0000), make_layout(make_shape(Int<128>{}, Int<64>{}), LayoutRight{}))") as Tensor;
    const [l, off] = partition_S(v.tc, S(37), t.layout as Layout);
    expect(show(new Tensor(advance(t.iter, off), l))).toBe("gmem_ptr[16b](0x7f0250) o ((_8,_1),_8,_1):((_1,_0),_1024,_0)");
    // partition_D of the same copy moves the pointer the same way here (the atom's source and destination agree)
    const [ld, offd] = partition_D(v.tc, S(37), t.layout as Layout);
    expect(show(new Tensor(advance(t.iter, offd), ld))).toBe("gmem_ptr[16b](0x7f0250) o ((_8,_1),_8,_1):((_1,_0),_1024,_0)");
  });
});

describe("printed pointers read back", () => {
  const forms = [
    "gmem_ptr[32b](0x10000) o (_8,16):(_1,_8)",
    "smem_ptr[16b](0x40a) o ((_2,_2,_2)):((72,144,288))",
    "Sw<3,4,3>_smem_ptr[16b](0x1006) o ((_8,_16)):((_64,_512))",
    "Sw<1,2,3>_Sw<3,4,3>_smem_ptr[16b](0x1000) o _8:_1",
    "smem_ptr[16b](0x400) o Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
    "rmem_gmem_ptr[32b](0x10) o _4:_1",
    "ptr[32b](0x100) o (_4):(_1)",
    "gmem_subptr[4b](0x10001.4) o (16):(_64)",
    "subptr[4b](0x7fff00000000.0) o (_4,_8):(_1,_4)",
    "ptr[32b]((nil)) o _8:_1",
    "ptr[8b](0xfffffffffffffff0) o _8:_1",
    "tmem_[32b](0x0020.0015) o (_128):(_65536)",
    "tmem_[16b](0x8000.0001)",
    "gmem_ptr[64b](0x7f42efc00000)",
    // as CuTe printed them in kernels (tutorial walk-throughs)
    "smem_ptr[16b](0x7f9d00000400) o ((_128,_1),(_64,_1),(_1,_3)):((_64,_0),(_1,_0),(_0,_8192))",
    "gmem_ptr[16b](0x7f9c70000000) o ((_8,_1),_8,_1,64):((_1,_0),65536,_0,_64)",
    "ptr[16b](0x7feee1fffbe0) o ((_2,_2,_8),_2,_2):((_1,_2,_4),_32,_64)",
  ];
  for (const f of forms) it(f, async () => expect(await out(f)).toBe(f + "\n"));
  it("the smem pointer flag still reads as the flag", async () => {
    expect(await out("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)")).toBe("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)\n");
  });
  it("a malformed pointer is a parse error at the pointer", async () => {
    expect(await refusal("gmem_ptr[32b](0x) o _8:_1")).toContain("expected a hexadecimal digit after 0x");
    expect(await refusal("gmem_ptr[32b](unset) o _8:_1")).toContain("expected the address in parentheses, 0x1000 or (nil)");
    expect(await refusal("tmem_[32b](0x10) o _8:_1")).toContain("0xLLLL.CCCC");
    expect(await refusal("subptr[16b](0x10.0)")).toContain("1 to 7 bits");
  });
});

describe("tuple and basis arithmetic (arithmetic_tuple.hpp, 0z_tma_tensors.md)", () => {
  it("the documentation's examples", async () => {
    expect(await out("*(make_inttuple_iter(42, Int<2>{}, Int<7>{}) + make_tuple(Int<0>{}, 5, Int<2>{}))")).toBe("(42,7,_9)\n");
    expect(await out("3*E<0>{} + 4*E<1>{}")).toBe("(3,4)\n");
    expect(await out("2*2@1@0 + 3*1@1 + 4*5@1 + 7*1@0@0")).toBe("((7,4),23)\n");
    expect(await out("make_tensor(counting_iterator<int>(42), make_shape(4,5))", "print")).toBe(
      "counting_iter(42) o (4,5):(_1,4):\n   42   46   50   54   58\n   43   47   51   55   59\n   44   48   52   56   60\n   45   49   53   57   61\n",
    );
    expect(await out("make_tensor(make_inttuple_iter(0,0), make_shape(4,5), make_stride(E<1>{}, E<0>{}))", "print")).toBe(
      "ArithTuple(0,0) o (4,5):(_1@1,_1@0):\n  (0,0)  (1,0)  (2,0)  (3,0)  (4,0)\n  (0,1)  (1,1)  (2,1)  (3,1)  (4,1)\n  (0,2)  (1,2)  (2,2)  (3,2)  (4,2)\n  (0,3)  (1,3)  (2,3)  (3,3)  (4,3)\n",
    );
  });
  it("an ArithTuple iterator plus a tuple is an iterator; tuples add and subtract mode by mode, padded with _0", async () => {
    expect(await out("ArithTuple(42,_2,_7) + (_0,5,_2)")).toBe("ArithTuple(42,7,_9)\n");
    expect(await out("(1,_2,3) + (_4,5)")).toBe("(5,7,3)\n");
    expect(await out("(1,_2,3) - (_4,5)")).toBe("(-3,-3,3)\n");
    expect(await out("-(1,_2)")).toBe("(-1,_-2)\n");
    expect(await out("_0 + (1,2)")).toBe("(1,2)\n");
    expect(await refusal("3 + (1,2)")).toContain("Arithmetic tuple op+ error!");
    expect(await refusal("(1,2) * 2")).toContain("CuTe defines no operator* on tuples");
  });
  it("iterators step by integers: counting_iter and pointers", async () => {
    expect(await out("counting_iterator<int>(42) + 3")).toBe("counting_iter(45)\n");
    expect(await out("make_gmem_ptr((float*)0x1000) + 3")).toBe("gmem_ptr[32b](0x100c)\n");
    expect(await out("(float*)0x1000 - 3")).toBe("ptr[32b](0xff4)\n");
    expect(await refusal("make_gmem_ptr((float*)0x1000) - 3")).toContain("only a raw pointer T* has operator-");
    expect(await out("*counting_iter(7)")).toBe("7\n");
    expect(await refusal("*3")).toContain("unary * dereferences an iterator");
    expect(await refusal("&3")).toContain("it takes &T(coord), the address of a tensor's element");
  });
});

describe("vectorization of two tensors (max_common_vector)", () => {
  it("two tensors of the same value type over memory: their layouts'; otherwise none", async () => {
    const g = (t: string) => `make_tensor(make_gmem_ptr((${t}*)0x1000), Layout<Shape<_8,_4>>{})`;
    expect(await out(`max_common_vector(${g("float")}, ${g("float")})`)).toBe("_32\n");
    expect(await out(`max_common_vector(${g("float")}, ${g("int32_t")})`)).toBe("_0\n");
    expect(await out("max_common_vector(make_tensor(counting_iter(0), Layout<Shape<_8,_4>>{}), make_tensor(counting_iter(0), Layout<Shape<_8,_4>>{}))")).toBe("_0\n");
  });
});
