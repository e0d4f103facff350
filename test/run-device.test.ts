/**
 * `cute-ts run`: what device code of the Hopper and Blackwell tutorials uses beside CuTe's algebra:
 * addresses of array elements (&bar[i]), mbarrier static functions through an alias, PipelineState,
 * structs and unions defined in place, the TMEM allocator and `t.data() = addr`, and host code
 * that reads memory (a reference check), which runs none of its loop.
 */
import { describe, expect, it } from "vitest";
import { runProgram } from "../src/eval/run/index.js";

const run = async (text: string, arch: "sm90" | "sm100" = "sm90") => await runProgram({ file: "k.cu", text, arch });

describe("run: device code beside CuTe", () => {
  it("&bar[i] of a struct's barrier array is its element's address in shared memory; barrier functions through an alias are no-ops", async () => {
    const r = await run(`#include <cute/tensor.hpp>
using namespace cute;
struct Storage {
  alignas(128) cute::ArrayEngine<float, 64> A;
  uint64_t tma_barrier[3];
  uint64_t mma_barrier[3];
};
__global__ void kernel() {
  extern __shared__ char smem[];
  Storage& s = *reinterpret_cast<Storage*>(smem);
  uint64_t* bar = s.mma_barrier;
  using BarType = cutlass::arch::ClusterTransactionBarrier;
  for (int i = 0; i < 3; ++i) {
    BarType::init(&bar[i], 1);
    if (thread0()) { print(make_smem_ptr(&bar[i])); print("\\n"); }
  }
  BarType::arrive_and_expect_tx(&s.tma_barrier[2], 128);
  if (thread0()) { print(make_smem_ptr(&s.tma_barrier[1])); print("\\n"); }
  if (thread0()) print(bar[1]);
}
int main() { kernel<<<1, 128>>>(); return 0; }
`);
    // A: 256 bytes at 0x400; tma_barrier at 0x500; mma_barrier at 0x518; bar[1] is memory
    expect(r).toEqual({
      stdout: "smem_ptr[64b](0x7ff000000518)\nsmem_ptr[64b](0x7ff000000520)\nsmem_ptr[64b](0x7ff000000528)\nsmem_ptr[64b](0x7ff000000508)\n",
      stderr: "cute-ts: k.cu:19: print prints a value in memory (p[i]): only a run on the GPU knows it; cute-ts prints nothing for it\n",
      exit: 0,
    });
  });

  it("cutlass::PipelineState<N>: index() cycles through the stages and phase() flips at each wrap", async () => {
    const r = await run(`#include <cute/tensor.hpp>
using namespace cute;
__global__ void kernel() {
  auto K = Int<3>{};
  auto st = cutlass::PipelineState<K>();
  for (int i = 0; i < 7; ++i) {
    if (thread0()) printf("%d:%d:%d ", st.index(), st.phase(), st.count());
    ++st;
  }
  if (thread0()) printf("\\n");
}
int main() { kernel<<<1, 32>>>(); return 0; }
`);
    expect(r).toEqual({ stdout: "0:0:0 1:0:1 2:0:2 0:1:3 1:1:4 2:1:5 0:0:6 \n", stderr: "", exit: 0 });
  });

  it("a union and a struct defined in place: members placed at their alignment, a union's at its start; members seen by a method without this->", async () => {
    const r = await run(`#include <cute/tensor.hpp>
using namespace cute;
template <class L>
struct Storage {
  alignas(128) union {
    alignas(128) struct {
      alignas(128) cute::ArrayEngine<half_t, cute::cosize_v<L>> A;
      alignas(128) cute::ArrayEngine<half_t, cute::cosize_v<L>> B;
    } mainloop;
    alignas(128) cute::ArrayEngine<float, 8> C;
  } tensors;
  alignas(16) cute::uint64_t barrier;
  CUTE_DEVICE constexpr auto tensor_sB() { return make_tensor(make_smem_ptr(tensors.mainloop.B.begin()), L{}); }
  CUTE_DEVICE constexpr auto tensor_sC() { return make_tensor(make_smem_ptr(tensors.C.begin()), make_layout(Int<8>{})); }
};
template <class S>
__global__ void kernel() {
  extern __shared__ char smem[];
  S& s = *reinterpret_cast<S*>(smem);
  if (thread0()) {
    print(s.tensor_sB()); print("\\n");
    print(s.tensor_sC()); print("\\n");
    print(make_smem_ptr(&s.barrier)); printf(" %d\\n", int(sizeof(S)));
  }
}
int main() {
  auto sl = make_layout(make_shape(Int<16>{}, Int<4>{}));
  using St = Storage<decltype(sl)>;
  kernel<St><<<1, 32>>>();
  return 0;
}
`);
    // A: 128 bytes at 0x400, B at 0x480 (128-aligned); C overlays A; the barrier after the union (256 bytes); sizeof rounds 264 up to the 128-byte alignment
    expect(r.stdout).toBe("smem_ptr[16b](0x7ff000000480) o (_16,_4):(_1,_16)\nsmem_ptr[32b](0x7ff000000400) o _8:_1\nsmem_ptr[64b](0x7ff000000500) 384\n");
    expect(r.exit).toBe(0);
  });

  it("TMEM::Allocator1Sm writes column 0 / lane 0 into shared memory, and t.data() = that address moves the accumulator there", async () => {
    const r = await run(`#include <cute/tensor.hpp>
using namespace cute;
struct Storage {
  alignas(16) cute::uint64_t mma_barrier;
  alignas(16) cute::uint32_t tmem_base_ptr;
};
__global__ void kernel() {
  extern __shared__ char smem[];
  Storage& s = *reinterpret_cast<Storage*>(smem);
  Tensor acc = make_tensor(make_tmem_ptr<float>(0x10020), make_layout(make_shape(Int<128>{}, Int<64>{}), make_stride(Int<65536>{}, Int<1>{})));
  using TmemAllocator = cute::TMEM::Allocator1Sm;
  TmemAllocator alloc{};
  alloc.allocate(TmemAllocator::Sm100TmemCapacityColumns / 4, &s.tmem_base_ptr);
  acc.data() = s.tmem_base_ptr;
  if (thread0()) { print(acc); print("\\n"); }
  alloc.allocate(32, &s.tmem_base_ptr);
  acc.data() = s.tmem_base_ptr;
  if (thread0()) { print(acc.data()); print("\\n"); }
  alloc.release_allocation_lock();
  alloc.free(s.tmem_base_ptr, 32);
}
int main() { kernel<<<1, 128>>>(); return 0; }
`, "sm100");
    expect(r).toEqual({ stdout: "tmem_[32b](0x0000.0000) o (_128,_64):(_65536,_1)\ntmem_[32b](0x0000.0080)\n", stderr: "", exit: 0 });
  });

  it("an allocation of other than a power of two of 32 to 512 columns is refused as tcgen05.alloc's rule", async () => {
    const text = `#include <cute/tensor.hpp>
using namespace cute;
struct Storage { alignas(16) cute::uint32_t tmem_base_ptr; };
__global__ void kernel() {
  extern __shared__ char smem[];
  Storage& s = *reinterpret_cast<Storage*>(smem);
  cute::TMEM::Allocator2Sm alloc{};
  alloc.allocate(48, &s.tmem_base_ptr);
}
int main() { kernel<<<1, 128>>>(); return 0; }
`;
    await expect(async () => await run(text, "sm100")).rejects.toThrow(/k\.cu:8: .*power of two of columns from 32 to 512, not 48/);
  });

  it("host code reading memory in a loop runs none of the loop; a statement branching on such a value prints nothing of itself", async () => {
    const r = await run(`#include <iostream>
#include <thrust/host_vector.h>
#include <cute/tensor.hpp>
using namespace cute;
int main() {
  thrust::host_vector<float> h(64 * 32);
  Tensor t = make_tensor(h.data(), make_layout(make_shape(64, 32)));
  float sum = 0.f;
  for (int i = 0; i < size<0>(t); ++i)
    for (int j = 0; j < size<1>(t); ++j)
      sum += t(i, j);
  bool ok = sum > 0.f;
  std::cout << "before" << std::endl;
  std::cout << "Sum is " << (ok ? "positive" : "not positive") << std::endl;
  std::cout << "after" << std::endl;
  return 0;
}
`);
    expect(r.stdout).toBe("before\nafter\n");
    expect(r.stderr).toBe(
      "cute-ts: k.cu:9: this loop reads an element of a tensor in memory (a value only the GPU's run has): cute-ts runs none of it: only a run on the GPU knows it; cute-ts prints nothing for it\n" +
        "cute-ts: k.cu:14: this statement reads an element of a tensor in memory (a value only the GPU's run has): only a run on the GPU knows it; cute-ts prints nothing for it\n",
    );
    expect(r.exit).toBe(0);
  });

  it("print_matrix_multiply_mollified_relative_error prints the matrices' shapes; the norms and the error are the GPU's", async () => {
    const r = await run(`#include <thrust/host_vector.h>
#include <cutlass/util/print_error.hpp>
#include <cute/tensor.hpp>
using namespace cute;
int main() {
  thrust::host_vector<float> a(64 * 16), b(32 * 16), c(64 * 32), d(64 * 32);
  Tensor A = make_tensor(a.data(), make_layout(make_shape(64, Int<16>{})));
  Tensor B = make_tensor(b.data(), make_layout(make_shape(32, Int<16>{})));
  Tensor C = make_tensor(c.data(), make_layout(make_shape(64, 32)));
  Tensor D = make_tensor(d.data(), make_layout(make_shape(64, 32)));
  auto err = print_matrix_multiply_mollified_relative_error("float", A, "float", B, "float", C, D);
  return 0;
}
`);
    expect(r.stdout).toBe("Matrix A: 64x_16 of float\nMatrix B: 32x_16 of float\nMatrix C: 64x32 of float\n");
    expect(r.stderr).toBe("cute-ts: k.cu:11: print_matrix_multiply_mollified_relative_error prints the norms of values in memory: only a run on the GPU knows it; cute-ts prints nothing for it\n");
  });

  it("launch_kernel_on_cluster: the cluster's shape, the block's rank and index in its cluster, the cluster's index in the grid", async () => {
    const text = `#include <cstdio>
#include <cute/tensor.hpp>
#include <cutlass/cluster_launch.hpp>
using namespace cute;
__global__ void kernel(int tag) {
  if (cute::thread(0, 5)) {
    dim3 c = cute::cluster_shape();
    dim3 b = cute::block_id_in_cluster();
    dim3 g = cute::cluster_id_in_grid();
    printf("%d: cluster (%d,%d,%d) rank %d block_in_cluster (%d,%d) cluster_in_grid (%d,%d)\\n", tag, c.x, c.y, c.z, int(cute::block_rank_in_cluster()), b.x, b.y, g.x, g.y);
  }
}
int main() {
  dim3 grid(4, 4), block(128), cluster(2, 2, 1);
  cutlass::ClusterLaunchParams params = {grid, block, cluster, 0};
  cutlass::launch_kernel_on_cluster(params, (void const*) kernel, 7);
  return 0;
}
`;
    const r = await runProgram({ file: "k.cu", text, block: [1, 1, 0] });
    expect(r).toEqual({ stdout: "7: cluster (2,2,1) rank 3 block_in_cluster (1,1) cluster_in_grid (0,0)\n", stderr: "", exit: 0 });
    const other = await runProgram({ file: "k.cu", text: text.replace("thread(0, 5)", "thread(0, 14)"), block: [2, 3, 0] });
    expect(other.stdout).toBe("7: cluster (2,2,1) rank 2 block_in_cluster (0,1) cluster_in_grid (1,1)\n");
  });

  it("cudaLaunchKernelEx(&config, kernel, args...) launches with config's gridDim and blockDim; numAttrs without attrs is refused", async () => {
    const text = `#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;
__global__ void kernel(int tag) {
  if (thread0()) printf("%d: grid (%d,%d) block %d\\n", tag, gridDim.x, gridDim.y, blockDim.x);
}
int main() {
  cudaLaunchConfig_t config;
  config.gridDim = dim3(4, 2);
  config.blockDim = dim3(64);
  config.dynamicSmemBytes = 0;
  config.numAttrs = 0;
  cudaLaunchKernelEx(&config, kernel, 9);
  return 0;
}
`;
    expect(await runProgram({ file: "k.cu", text })).toEqual({ stdout: "9: grid (4,2) block 64\n", stderr: "", exit: 0 });
    await expect(async () => await runProgram({ file: "k.cu", text: text.replace("config.numAttrs = 0;", "config.numAttrs = 1;") })).rejects.toThrow(/k\.cu:13: cudaLaunchKernelEx: config\.numAttrs is 1 but config\.attrs is never set/);
  });
});
