/**
 * `cute-ts run`: C++ lambdas (src/notation/cxx/program.ts ProgramParser.lambda, src/eval/run/machine.ts
 * closure/callLambda) and lazy::transform over them (core TransformIter).
 */
import { describe, expect, it } from "vitest";
import { runProgram } from "../src/eval/run/index.js";

const runText = async (text: string) => await runProgram({ file: "lambdas.cu", text });

describe("run: lambdas", () => {
  it("captures by reference ([&]) and by value ([=]), calls at once, stored, and passed as an argument", async () => {
    const r = await runText(`#include <cstdio>
template <class F>
int apply_twice(F f, int x) { return f(f(x)); }
int main() {
  int k = 3;
  auto add = [&](int x) { return x + k; };
  auto times = [=](auto x) { return x * k; };
  k = 10;
  printf("%d %d\\n", add(1), times(2));
  int total = 0;
  [&]() { for (int i = 0; i < 4; ++i) total += i; }();
  [&] { total += 100; }();
  printf("%d %d\\n", total, apply_twice([](int y) { return y * 2; }, 5));
  return 0;
}
`);
    expect(r).toEqual({ stdout: "11 6\n106 20\n", stderr: "", exit: 0 });
  });

  it("a lambda's parameters are its own: they shadow the enclosing scope's names only while it runs", async () => {
    const r = await runText(`#include <cstdio>
int main() {
  int x = 7;
  auto sq = [&](int x) { return x * x; };
  printf("%d %d\\n", sq(3), x);
  return 0;
}
`);
    expect(r.stdout).toBe("9 7\n");
  });

  it("lazy::transform reads each element through the lambda, after local_tile moved the view", async () => {
    const r = await runText(`#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;
int main() {
  auto shape_S = make_shape(5, 3);
  Tensor C = make_identity_tensor(shape_S);
  Tensor P = cute::lazy::transform(C, [&](auto c) { return elem_less(c, shape_S); });
  Tensor tile = local_tile(P, make_shape(Int<4>{}, Int<2>{}), make_coord(1, 1));
  printf("%d %d %d\\n", int(tile(0, 0)), int(tile(1, 0)), int(P(4, 2)));
  return 0;
}
`);
    expect(r).toEqual({ stdout: "1 0 1\n", stderr: "", exit: 0 });
  });

  it("a call with the wrong number of arguments is refused with its line", async () => {
    await expect(runText(`int main() {
  auto f = [](int a, int b) { return a + b; };
  return f(1);
}
`)).rejects.toThrow(/lambda of 2 parameters with 1 arguments/);
  });
});
