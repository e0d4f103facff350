/**
 * `cute-ts run`: what CuTe's gemm, copy and cooperative_copy assert at compile time, checked when a
 * kernel calls them (src/eval/run/checks.ts), reported as a compiler reports a failed static
 * assertion (file:line, the header's assertion, the operands), exit 1; what they do not assert
 * (axpby, copy(src, dst)) is not checked.
 */
import { describe, expect, it } from "vitest";
import { runProgram } from "../src/eval/run/index.js";

const kernel = (body: string) => `#include <cute/tensor.hpp>
using namespace cute;
__global__ void kernel() {
  __shared__ float smem[4096];
${body}
}
int main() { kernel<<<1, 32>>>(); printf("done\\n"); return 0; }
`;
const run = async (body: string) => await runProgram({ file: "k.cu", text: kernel(body) });

describe("run: CuTe's compile-time checks of gemm, copy and cooperative_copy", () => {
  it("gemm(A, B, C) of (M,K) x (N,K) => (M,N): the K modes must agree", async () => {
    const r = await run(`  Tensor A = make_tensor<float>(make_shape(Int<4>{}, Int<8>{}));
  Tensor B = make_tensor<float>(make_shape(Int<2>{}, Int<4>{}));
  Tensor C = make_tensor<float>(make_shape(Int<4>{}, Int<2>{}));
  gemm(A, B, C);`);
    expect(r.exit).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      "k.cu:8: error: static assertion failed in cute/algorithm/gemm.hpp: _8 != _4\n  CUTE_STATIC_ASSERT_V(size<1>(A) == size<1>(B))\n" +
        "  D: ptr[32b](0x7fff00000000) o (_4,_2):(_1,_4)\n  A: ptr[32b](0x7fff00000000) o (_4,_8):(_1,_4)\n  B: ptr[32b](0x7fff00000000) o (_2,_4):(_1,_2)\n  C: ptr[32b](0x7fff00000000) o (_4,_2):(_1,_4)\n",
    );
  });

  it("gemm(mma, A, B, C) of (V,M,K) x (V,N,K) => (V,M,N) with A and B in shared memory: M of A and of C must agree; agreeing modes pass", async () => {
    const bad = await run(`  Tensor A = make_tensor(make_smem_ptr(smem), make_shape(Int<1>{}, Int<8>{}, Int<4>{}));
  Tensor B = make_tensor(make_smem_ptr(smem), make_shape(Int<1>{}, Int<4>{}, Int<4>{}));
  Tensor C = make_tensor<float>(make_shape(Int<1>{}, Int<4>{}, Int<4>{}));
  gemm(MMA_Atom<UniversalFMA<float>>{}, A, B, C);`);
    expect(bad.exit).toBe(1);
    expect(bad.stderr.split("\n").slice(0, 2)).toEqual(["k.cu:8: error: static assertion failed in cute/algorithm/gemm.hpp: _8 != _4", "  CUTE_STATIC_ASSERT_V(size<1>(A) == size<1>(C))"]);
    const good = await run(`  Tensor A = make_tensor(make_smem_ptr(smem), make_shape(Int<1>{}, Int<4>{}, Int<4>{}));
  Tensor B = make_tensor(make_smem_ptr(smem), make_shape(Int<1>{}, Int<4>{}, Int<4>{}));
  Tensor C = make_tensor<float>(make_shape(Int<1>{}, Int<4>{}, Int<4>{}));
  gemm(MMA_Atom<UniversalFMA<float>>{}, A, B, C);`);
    expect(good).toEqual({ stdout: "done\n", stderr: "", exit: 0 });
  });

  it("gemm of operands no thread-level dispatch takes (a gmem A) is no matching function", async () => {
    const r = await run(`  Tensor A = make_tensor(make_gmem_ptr((float*)0x1000), make_shape(Int<4>{}, Int<4>{}));
  Tensor B = make_tensor<float>(make_shape(Int<4>{}, Int<4>{}));
  Tensor C = make_tensor<float>(make_shape(Int<4>{}, Int<4>{}));
  gemm(A, B, C);`);
    expect(r.exit).toBe(1);
    expect(r.stderr).toMatch(/^k\.cu:8: error: static assertion failed in cute\/algorithm\/gemm\.hpp: no matching function: .*\n {2}gemm\(mma, D, A, B, C\) with D, A, B, C of ranks 2, 2, 2, 2 in rmem, gmem, rmem, rmem\n/);
  });

  it("copy(copy_atom, src, dst): CopyAtom rank-mismatch, and the rest modes' sizes", async () => {
    const rank = await run(`  Tensor S = make_tensor(make_smem_ptr(smem), make_shape(Int<4>{}, Int<8>{}));
  Tensor R = make_tensor<float>(make_shape(Int<32>{}));
  copy(Copy_Atom<UniversalCopy<float>, float>{}, S, R);`);
    expect(rank.exit).toBe(1);
    expect(rank.stderr.split("\n").slice(0, 2)).toEqual(["k.cu:7: error: static assertion failed in cute/algorithm/copy.hpp: CopyAtom rank-mismatch. (2 != 1)", "  static_assert(SrcLayout::rank == DstLayout::rank)"]);
    const rest = await run(`  Tensor S = make_tensor(make_smem_ptr(smem), make_shape(Int<4>{}, Int<8>{}));
  Tensor R = make_tensor<float>(make_shape(Int<4>{}, Int<4>{}));
  copy(Copy_Atom<UniversalCopy<float>, float>{}, S, R);`);
    expect(rest.exit).toBe(1);
    expect(rest.stderr.split("\n")[1]).toBe("  CUTE_STATIC_ASSERT_V(size<1>(src_v) == size<1>(dst_v))");
  });

  it("cooperative_copy needs static shapes of one size; copy(src, dst) and axpby assert nothing on sizes", async () => {
    const r = await run(`  Tensor S = make_tensor(make_smem_ptr(smem), make_shape(Int<64>{}, Int<8>{}));
  Tensor G = make_tensor(make_gmem_ptr((float*)0x1000), make_shape(Int<64>{}, Int<4>{}));
  cooperative_copy<32>(threadIdx.x, G, S);`);
    expect(r.exit).toBe(1);
    expect(r.stderr.split("\n").slice(0, 2)).toEqual(["k.cu:7: error: static assertion failed in cute/algorithm/cooperative_copy.hpp: _256 != _512", "  CUTE_STATIC_ASSERT_V(size(src) == size(dst))"]);
    const loose = await run(`  Tensor S = make_tensor(make_smem_ptr(smem), make_shape(Int<64>{}, Int<8>{}));
  Tensor R = make_tensor<float>(make_shape(Int<64>{}, Int<4>{}));
  copy(S, R);
  axpby(1.0f, S, 0.0f, R);`);
    expect(loose).toEqual({ stdout: "done\n", stderr: "", exit: 0 });
  });
});
