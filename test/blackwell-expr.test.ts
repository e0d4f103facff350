/**
 * The expression functions the Blackwell tutorials' kernels call: make_tmem_copy of a TMEM tensor,
 * create_tma_multicast_mask<Modes...> (copy_traits_sm90_tma.hpp), Layout::get_flat_coord, and
 * sizeof of an owning tensor. Expectations are computed here from CuTe's definitions (brute force
 * over the cluster's CTAs, C++'s sizeof of an alignas(16) array), never from cute-ts's output.
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";

const ev = async (expr: string) => (await ok(["eval", expr])).trim();

/** colexicographic coordinates of index i in a shape */
function coordOf(i: number, shape: number[]): number[] {
  return shape.map((s) => {
    const c = i % s;
    i = Math.floor(i / s);
    return c;
  });
}

describe("create_tma_multicast_mask<Modes...>(cta_layout, cta_coord)", () => {
  // cluster layouts as compact column-major (X,Y,Z) shapes: rank(x,y,z) = x + X*y + X*Y*z
  const shapes = [
    [2, 2, 1],
    [4, 2, 1],
    [2, 4, 1],
    [4, 4, 1],
  ];
  const modeSets = [[0], [1], [0, 1], [1, 2], [0, 2]];
  for (const sh of shapes) {
    it(`every CTA of a static (${sh}) cluster: the OR of 1 << rank over the CTAs that share the other modes`, async () => {
      const n = sh[0]! * sh[1]! * sh[2]!;
      const lines: string[] = [];
      const expected: string[] = [];
      for (let r = 0; r < n; r++) {
        const c = coordOf(r, sh);
        for (const modes of modeSets) {
          lines.push(`printf("%x\\n", create_tma_multicast_mask<${modes.join(",")}>(L, make_coord(${c.join(",")})));`);
          let mask = 0;
          for (let q = 0; q < n; q++) {
            const d = coordOf(q, sh);
            if (d.every((x, k) => modes.includes(k) || x === c[k])) mask |= 1 << q;
          }
          expected.push(mask.toString(16));
        }
      }
      const prog = `auto L = make_layout(make_shape(Int<${sh[0]}>{}, Int<${sh[1]}>{}, Int<${sh[2]}>{}));\n${lines.join("\n")}`;
      expect((await ok(["eval", prog])).trim().split("\n")).toEqual(expected);
    });
  }
  it("a dynamic flat rank-1 slice (CuTe's smear-by-stride path) gives the same CTAs: 1 + 4j, j < 2 on (4,2), shifted by the elected CTA", async () => {
    expect(await ev("create_tma_multicast_mask<1>(make_layout(make_shape(4, 2)), make_coord(1, 1))")).toBe(String((1 << 1) | (1 << 5)));
    expect(await ev("create_tma_multicast_mask<0>(make_layout(make_shape(4, 2)), make_coord(3, 1))")).toBe(String(0xf0));
  });
  it("no mode freed: the CTA itself", async () => {
    expect(await ev("create_tma_multicast_mask(make_layout(make_shape(Int<4>{}, Int<2>{})), make_coord(2, 1))")).toBe(String(1 << 6));
  });
});

describe("Layout::get_flat_coord / get_hier_coord", () => {
  it("idx2crd by the layout's strides; a hierarchical mode's coordinate flattened colexicographically", async () => {
    // ((2,2),3):((1,2),4): index 9 -> mode 0 (9 % 2, 9/2 % 2) = (1,0), mode 1 9/4 % 3 = 2
    expect(await ev("make_layout(make_shape(make_shape(2,2),3)).get_hier_coord(9)")).toBe("((1,0),2)");
    expect(await ev("make_layout(make_shape(make_shape(2,2),3)).get_flat_coord(9)")).toBe("(1,2)");
  });
});

describe("sizeof of an owning tensor: ArrayEngine's array_aligned<T, N> (alignas(16))", () => {
  it("N * sizeof(T) rounded up to 16 bytes; a view is refused", async () => {
    expect(await ev("sizeof(make_tensor<float>(Shape<_8>{}))")).toBe(String(32));
    expect(await ev("sizeof(make_tensor<float>(Shape<_3>{}))")).toBe(String(16));
    expect(await ev("sizeof(make_tensor_like<half_t>(make_layout(make_shape(Int<8192>{}, Int<1>{}))))")).toBe(String(8192 * 2));
    expect(await refused(["eval", "sizeof(make_tensor(make_gmem_ptr((float*)0x1000), Shape<_8>{}))"])).toMatch(/does not support sizeof of a tensor view/);
  });
});

describe("make_tmem_copy(OP{} or Copy_Atom<OP, T>{}, tmem) in expressions", () => {
  const tmem = "make_tensor(make_tmem_ptr<float>(), make_layout(make_shape(Int<128>{}, Int<32>{}), make_stride(Int<65536>{}, Int<1>{})))";
  it("is the TiledCopy `cute-ts copy --tmem` builds for the same tensor", async () => {
    const viaExpr = await ev(`make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, ${tmem})`);
    const viaCmd = (await ok(["copy", "SM100_TMEM_LOAD_32dp32b1x", "--tmem", "(_128,_32):(_65536,_1)", "--value", "float"])).trim();
    expect(viaExpr).toBe(viaCmd);
    expect(await ev(`make_tmem_copy(Copy_Atom<SM100_TMEM_LOAD_32dp32b1x, float>{}, ${tmem})`)).toBe(viaCmd);
  });
  it("thread t of a 32dp32b atom reads TMEM lane t: row t, every column", async () => {
    const out = await ev(`make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, ${tmem}).get_slice(70).partition_S(${tmem})`);
    // lane 70 is in warp 2's subpartition (lanes 64..95): the thread's slice starts at lane 64
    expect(out.startsWith("tmem_[32b](0x0040.0000) o ")).toBe(true);
    const d = await ev(`make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, ${tmem}).get_slice(70).partition_D(make_tensor(make_gmem_ptr((float*)0x1000), make_layout(make_shape(Int<128>{}, Int<32>{}), LayoutRight{})))`);
    expect(d.startsWith(`gmem_ptr[32b](0x${(0x1000 + 4 * 70 * 32).toString(16)}) o `)).toBe(true);
  });
  it("refuses a tensor that is not in TMEM, and a copy operation that is not a TMEM load or store", async () => {
    expect(await refused(["eval", "make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, make_tensor(make_gmem_ptr((float*)0x1000), Shape<_128,_32>{}))"])).toMatch(/make_tmem_copy.*TMEM tensor/);
    expect(await refused(["eval", `make_tmem_copy(SM75_U32x4_LDSM_N{}, ${tmem})`])).toMatch(/make_tmem_copy takes a TMEM load or store/);
  });
});

describe("using T = typename decltype(t)::value_type;", () => {
  it("names the element type of a typed pointer's tensor, of a UMMA accumulator, of make_tmem_ptr<T>", async () => {
    const sz = (t: string) => ev(`using T = typename decltype(${t})::value_type; sizeof(make_tensor<T>(Shape<_8>{}))`);
    expect(await sz("make_tensor(make_gmem_ptr((double*)0x100), Shape<_4>{})")).toBe(String(8 * 8));
    expect(await sz("make_tensor(make_tmem_ptr<half_t>(), Shape<_4>{})")).toBe(String(8 * 2));
    expect(await sz("partition_fragment_C(make_tiled_mma(SM100_MMA_F16BF16_SS<half_t, half_t, float, 128, 256, UMMA::Major::K, UMMA::Major::K>{}), make_shape(Int<128>{}, Int<256>{}))")).toBe(String(8 * 4));
  });
  it("is refused by name where the type is not known (a pointer read from its print) or the value is no tensor", async () => {
    expect(await refused(["eval", "using T = typename decltype(make_tensor(tmem_[32b](0x0000.0000), Shape<_4>{}))::value_type;"])).toMatch(/does not support .*decltype\(\.\.\.\)::value_type of a tensor whose iterator knows only the width/);
    expect(await refused(["eval", "using T = typename decltype(make_layout(Int<2>{}))::value_type;"])).toMatch(/decltype\(\.\.\.\)::value_type of _2:_1/);
    expect(await refused(["eval", "using T = typename decltype(make_layout(Int<2>{}))::stride_type;"])).toMatch(/member types decltype\(\.\.\.\)::stride_type/);
  });
});

describe("assignment statements x = e; (the TMA epilogue resets tma_transaction_bytes)", () => {
  it("an int variable takes the new value, dynamic; an Int<N> holds N only; others and undeclared names are refused", async () => {
    expect(await ok(["eval", "int x = 3; x = sizeof(make_tensor<float>(Shape<_8>{})); print(x);"])).toBe(String(8 * 4));
    expect(await ok(["eval", "int x = 3; x = _5{}; print(x);"])).toBe("5");
    expect(await ok(["eval", "auto y = _4{}; y = _4{}; print(y);"])).toBe("_4");
    expect(await refused(["eval", "auto y = _4{}; y = 5;"])).toMatch(/y is an Int<4>/);
    expect(await refused(["eval", "auto L = make_layout(Int<2>{}); L = make_layout(Int<4>{});"])).toMatch(/does not support .*assignments to a variable that is not an integer/);
    expect(await refused(["eval", "int x = 1; w = 4;"])).toMatch(/undeclared identifier 'w'/);
    // == is a comparison, not an assignment
    expect(await ok(["eval", "int x = 1; assert(x == 1); print(x);"])).toBe("1");
  });
});
