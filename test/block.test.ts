/**
 * Blocks pasted from a kernel: declarations, aliases, constants, print statements, assertions,
 * names scoped to the block, refusals that name the construct, and `-f FILE` / stdin. CuTe's
 * answers come from the goldens: a partition record written as a block of named steps must
 * print what CuTe printed for the one expression.
 */
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { scratchDir } from "./support/scratch.js";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { readGolden, run, trimEnd } from "./helpers.js";

const partition = readGolden("../fixtures/golden/partition.jsonl");

/** `make_tiled_mma(...).get_slice(t).partition_A(T)` split into named steps */
function asBlock(expr: string, printer: string): string | undefined {
  const m = /^(make_tiled_(?:mma|copy(?:_[ABC])?)\(.*\))\.get_slice\((\d+)\)\.(partition_[ABCSD])\((.*)\)$/.exec(expr);
  if (!m) return undefined;
  const [, tiled, t, part, arg] = m;
  return [
    "// as a kernel writes it",
    `auto tiled = ${tiled!};`,
    `auto thr = tiled.get_thread_slice(${t!});`,
    `Tensor cta = ${arg!};`,
    `Tensor part = thr.${part!}(cta);`,
    `${printer}(part);`,
  ].join("\n");
}

describe("a golden partition, written as a block of named steps, prints what CuTe printed", () => {
  for (const r of partition) {
    const block = asBlock(r.cmd[1]!, r.cmd[0] === "print" ? "print_tensor" : "print");
    if (block === undefined) continue;
    it(r.id, async () => {
      const got = await run(["eval", block]);
      expect(got.stderr).toBe("");
      // print(x) writes no newline; print_tensor ends its table with one
      expect(trimEnd(got.stdout)).toBe(trimEnd(r.out!));
    });
  }
});

describe("declarations, aliases and constants", () => {
  const out = async (src: string) => {
    const r = await run(["eval", src]);
    expect(r.stderr).toBe("");
    return r.stdout;
  };
  it("using T = half_t names the value type of a Copy_Atom, as copy --value does", async () => {
    const plain = (await run(["copy", "SM75_U32x4_LDSM_N", "--value", "half_t"])).stdout;
    expect(await out("using T = cute::half_t;\nCopy_Atom<SM75_U32x4_LDSM_N, T> atom;\nprint(atom);")).toBe(plain);
  });
  it("aliases reach nested template arguments: Copy_Atom<UniversalCopy<V>, TA>, UniversalFMA<TA,TA,TA>, Shape<Int<kM>, Int<kN>>", async () => {
    expect(await out("using TA = float;\nusing V = cute::uint128_t;\nprint(Copy_Atom<UniversalCopy<V>, TA>{});")).toBe((await run(["copy", "UniversalCopy<uint128_t>", "--value", "float"])).stdout);
    expect(await out("using TA = float;\nprint(make_tiled_mma(UniversalFMA<TA,TA,TA>{}, Layout<Shape<_16,_16,_1>>{}));")).toBe((await run(["eval", "make_tiled_mma(UniversalFMA<float,float,float>{}, Layout<Shape<_16,_16,_1>>{})"])).stdout);
    expect(await out("constexpr int kM = 128; constexpr int kN = 64;\nprint(Shape<Int<kM>, Int<kN>>{});")).toBe("(_128,_64)");
  });
  it("a constexpr integer is a template argument (Int<bM> is _128) and a dynamic value (bM is 128)", async () => {
    expect(await out("constexpr int bM = 128;\nprint(Int<bM>{}); print(\" \"); print(bM);")).toBe("_128 128");
    // a static integer stays static, a converted one is the declared type's
    expect(await out("auto bK = Int<8>{}; int k = bK; print(bK); print(\" \"); print(k);")).toBe("_8 8");
  });
  it("a block without a print statement gives its last value, printed as eval prints an expression", async () => {
    expect(await out("auto s = make_shape(Int<8>{}, 4);\nmake_layout(s, LayoutRight{})")).toBe((await run(["eval", "make_layout(make_shape(Int<8>{}, 4), LayoutRight{})"])).stdout);
    expect((await run(["print", "auto L = Layout<Shape<_2,_4>>{};\nL"])).stdout).toBe((await run(["print", "Layout<Shape<_2,_4>>{}"])).stdout);
  });
  it("print_layout and print_tensor statements print what cute-ts print draws", async () => {
    expect(await out("auto L = Layout<Shape<_2,_4>>{}; print_layout(L);")).toBe((await run(["print", "Layout<Shape<_2,_4>>{}"])).stdout);
    expect(await out("Tensor t = make_identity_tensor(make_shape(2, 3)); print_tensor(t);")).toBe((await run(["print", "make_identity_tensor(make_shape(2, 3))"])).stdout);
  });
  it("structured bindings, decltype aliases and using aliases of types", async () => {
    expect(await out("auto [layoutS, thrS] = make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, float>{}, Layout<Shape<_4,_2>>{}).get_layoutS_MN(); print(thrS);")).toBe("_8:_1");
    // a value-initialised object of the type: its dynamic integers are 0
    expect(await out("using L = decltype(make_layout(make_shape(Int<8>{}, 4))); print(L{});")).toBe("(_8,0):(_1,_8)");
    expect(await out("using TileShape = Shape<_128,_64>; print(TileShape{});")).toBe("(_128,_64)");
  });
  it("printf formats as C does", async () => {
    // C99 7.19.6.1: width pads with spaces on the left, '-' on the right, '0' with zeros after the sign
    expect(await out('printf("%3d|%-3d|%03d|%x|%c|%s|%%\\n", 5, 8, -4, 255, 65, "ok");')).toBe("  5|8  |-04|ff|A|ok|%\n");
  });
  it("static_assert and assert check their conditions", async () => {
    expect(await out("CUTE_STATIC_ASSERT_V(size(Layout<Shape<_2,_4>>{}) == Int<8>{}); assert(size(make_layout(8)) == 8); print(\"ok\");")).toBe("ok");
    const r = await run(["eval", 'static_assert(size(Layout<Shape<_2,_4>>{}) == Int<4>{}, "four");']);
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/^cute-ts: CuTe rejects static_assert: static assertion failed: four/);
    const d = await run(["eval", "static_assert(size(make_layout(8)) == 8);"]);
    expect(d.stderr).toMatch(/not a constant expression/);
  });
  it("a declared value called is CuTe's operator(): sA(_,_,1) slices, L(3,1) evaluates", async () => {
    expect(await out("auto L = make_layout(make_shape(Int<8>{}, Int<4>{}));\nL(3, 1)")).toBe((await run(["eval", "make_layout(make_shape(Int<8>{}, Int<4>{}))(3, 1)"])).stdout);
    const sliced = (await run(["eval", "make_identity_tensor(make_shape(Int<8>{}, Int<4>{}, Int<3>{}))(_,_,1)"])).stdout;
    expect(await out("Tensor sA = make_identity_tensor(make_shape(Int<8>{}, Int<4>{}, Int<3>{}));\nprint(sA(_,_,1)); print(\"\\n\");")).toBe(sliced);
  });
  it("names are scoped to the block", async () => {
    await run(["eval", "auto leaked = 5; leaked"]);
    const r = await run(["eval", "auto x = 1; leaked"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/unknown name 'leaked'/);
  });
});

describe("refusals name the construct", () => {
  const cases: Array<[string, RegExp]> = [
    ["int i = 0;\ndo { ++i; }\nprint(i);", /expected 'while' after the body of 'do'/],
    ["typedef struct { int a; } S;", /expected the alias's name after the type \(typedef T X;\)/],
    ["int a[4] = {1, 2, 3, 4};", /cute-ts does not support C\+\+ arrays \(T a\[N\]\) yet/],
    ["cudaLaunchAttribute attribute[1];", /cute-ts does not support C\+\+ arrays \(T a\[N\]\) yet/],
    ["auto x = 1;\nreturn x;", /does not read C\+\+ return and goto/],
    ["break;", /'break' statement not in loop statement/],
    ["auto x = 1;\n{ auto y = 2;", /this '\{' is never closed/],
    ["auto x = 1;\n}", /'\}' closes no '\{'/],
    ["auto t = threadIdx.x;", /threadIdx\.x is the CUDA thread index, a device value/],
    ["auto t = blockIdx;", /blockIdx is a CUDA device value/],
    ["auto L = make_layout(8);\ncopy(L, L);", /copy\(\.\.\.\) is a device operation/],
    ["__syncthreads();", /__syncthreads\(\.\.\.\) is a device operation/],
    ["auto x = y;", /unknown name 'y': a name is declared earlier in the pasted block/],
    ["#define N 4", /preprocessor directives other than #include and #pragma/],
    ["float* p;", /cute-ts does not support C\+\+ pointer declarations/],
    ["__global__ void k() {}", /function definitions/],
    ["Layout L = make_identity_tensor(make_shape(2, 2));", /CuTe rejects Layout L = \.\.\.: no viable conversion from .* to Layout/],
    ["int main() {\n  auto x = 1;\n}", /^cute-ts does not read C\+\+ function definitions \(main\(\.\.\.\) \{ \.\.\. \}\)/],
  ];
  for (const [src, re] of cases) {
    it(src.replace(/\n/g, " "), async () => {
      const r = await run(["eval", src]);
      expect(r.exit).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(re);
      expect(r.stderr).not.toMatch(/internal error/);
    });
  }
});

describe("-f FILE and stdin", () => {
  const dir = scratchDir("block");
  const file = join(dir, "snippet.cu");
  const golden = readGolden("../fixtures/golden/snippets.jsonl");
  writeFileSync(file, golden[0]!.cmd[1]!);
  it("eval -f reads the block from the file named", async () => {
    const r = await run(["eval", "-f", file]);
    expect(r.stdout).toBe(golden[0]!.out);
    expect((await run(["eval", "--file", file])).stdout).toBe(golden[0]!.out);
  });
  it("a batch record or transcript may not name a file", async () => {
    writeFileSync(join(dir, "b.jsonl"), JSON.stringify({ id: "x", cmd: ["eval", "-f", file] }) + "\n" + JSON.stringify({ id: "y", cmd: ["eval", "-"] }) + "\n");
    const b = await run(["batch", join(dir, "b.jsonl")]);
    const lines = b.stdout.trim().split("\n").map((l) => JSON.parse(l) as { stderr: string; exit: number });
    expect(lines[0]!.exit).toBe(2);
    expect(lines[0]!.stderr).toMatch(/a batch record cannot use --file \(it names a file\)/);
    expect(lines[1]!.exit).toBe(2);
    expect(lines[1]!.stderr).toMatch(/a batch record cannot read stdin/);
  });
  it("eval - reads stdin (the binary)", () => {
    const bin = new URL("../bin/cute-ts", import.meta.url).pathname;
    const r = spawnSync(process.execPath, [bin, "eval", "-"], { input: golden[1]!.cmd[1]!, encoding: "utf8" });
    expect(r.stdout).toBe(golden[1]!.out);
    const n = spawnSync(process.execPath, [bin, "eval"], { input: "auto x = Int<3>{};\nprint(x * Int<2>{});", encoding: "utf8" });
    expect(n.stdout).toBe("_6");
  });
});

describe("check runs a C++ source's goldens through the block evaluator", () => {
  it("declarations before a print are evaluated: the comments hold CuTe's prints (part-007, part-046)", async () => {
    const dir = scratchDir("check");
    const out = (id: string) => partition.find((r) => r.id === id)!.out!.trim();
    const file = join(dir, "kernel.cu");
    writeFileSync(
      file,
      [
        "#include <cute/tensor.hpp>",
        "using namespace cute;",
        "int main() {",
        "  TiledMMA mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{});",
        "  auto thr = mma.get_slice(37);",
        `  print(thr.partition_B(make_identity_tensor(make_shape(Int<128>{}, Int<64>{}))));  // ${out("part-007")}`,
        "  TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{});",
        `  print(copyA.get_slice(37).partition_S(make_identity_tensor(make_shape(Int<128>{}, Int<64>{}))));  // ${out("part-046")}`,
        "}",
      ].join("\n"),
    );
    const r = await run(["check", file]);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("2 passed, 0 failed");
    expect(r.exit).toBe(0);
  });
});

