/**
 * `cute-ts run`: member functions defined inside a struct (ProgramParser.methodAt), called on an
 * object placed in shared memory, their bodies seeing the struct's template parameters and data members.
 */
import { describe, expect, it } from "vitest";
import { runProgram } from "../src/eval/run/index.js";

/** a struct template placed in shared memory whose kernel prints its tensor_sA()'s layout and storage.METHOD(21) */
const storageProgram = (method: string) => `#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;
template <class T, class SmemLayout>
struct Storage {
  alignas(128) cute::ArrayEngine<T, cute::cosize_v<SmemLayout>> A;
  alignas(16) cute::uint64_t barrier;
  CUTE_DEVICE constexpr auto tensor_sA() { return make_tensor(make_smem_ptr(A.begin()), SmemLayout{}); }
  CUTE_DEVICE int twice(int x) const { return 2 * x; }
  Storage() {}
};
template <class S>
__global__ void kernel() {
  extern __shared__ char smem[];
  S& storage = *reinterpret_cast<S*>(smem);
  Tensor sA = storage.tensor_sA();
  if (thread0()) { print(layout(sA)); printf(" %d\\n", storage.${method}(21)); }
}
int main() {
  auto sl = make_layout(make_shape(Int<8>{}, Int<4>{}));
  using St = Storage<float, decltype(sl)>;
  kernel<St><<<1, 32>>>();
  return 0;
}
`;

describe("run: member functions of structs", () => {
  it("storage.tensor_sA() builds a tensor over the member A with the struct's layout parameter; a constructor is not a method", async () => {
    const r = await runProgram({ file: "storage.cu", text: storageProgram("twice") });
    expect(r).toEqual({ stdout: "(_8,_4):(_1,_8) 42\n", stderr: "", exit: 0 });
  });

  it("a member the struct does not define is refused with its name", async () => {
    const text = storageProgram("thrice");
    await expect(async () => await runProgram({ file: "storage.cu", text })).rejects.toThrow(/Storage has no member thrice/);
  });

  it("this->member, static constexpr members and static member functions (S::f(), S::k), and a method calling another by name", async () => {
    const r = await runProgram({ file: "this.cu", text: `#include <cute/tensor.hpp>
using namespace cute;
template <class L>
struct Storage {
  alignas(128) cute::ArrayEngine<float, cute::cosize_v<L>> A;
  alignas(16) cute::uint64_t barrier;
  static constexpr int kStages = 3;
  CUTE_DEVICE auto tensor_sA() { return make_tensor(make_smem_ptr(this->A.begin()), L{}); }
  CUTE_DEVICE static int twice(int x) { return 2 * x; }
  CUTE_DEVICE int stages() const { return kStages + twice(1); }
};
template <class S>
__global__ void kernel() {
  extern __shared__ char smem[];
  S& s = *reinterpret_cast<S*>(smem);
  if (thread0()) { print(s.tensor_sA()); printf(" %d %d %d\\n", S::twice(21), s.stages(), S::kStages); }
}
int main() {
  auto sl = make_layout(make_shape(Int<8>{}, Int<4>{}));
  using St = Storage<decltype(sl)>;
  kernel<St><<<1, 32>>>();
  return 0;
}
` });
    expect(r).toEqual({ stdout: "smem_ptr[32b](0x7ff000000400) o (_8,_4):(_1,_8) 42 5 3\n", stderr: "", exit: 0 });
  });
});
