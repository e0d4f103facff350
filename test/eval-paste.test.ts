/**
 * Pasted kernel code needs no edits (issue 36, item 7): what the block evaluator refuses as
 * cute-ts's gap runs through `cute-ts run`'s interpreter as main()'s body (src/eval/run/pasted.ts),
 * as thread 0 of block 0 when the block launches no kernel. Expected values follow CuTe's rules
 * (compact column-major strides, idx2crd of a static shape), worked out in each test.
 */
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "./helpers.js";
import { scratchDir } from "./support/scratch.js";

const TIMEOUT = 120_000;
async function evalFile(text: string): Promise<{ stdout: string; stderr: string; exit: number }> {
  const f = join(scratchDir("paste"), "block.cu");
  writeFileSync(f, text);
  return run(["eval", "-f", f]);
}
const L42 = "auto L = make_layout(make_shape(Int<4>{}, Int<2>{}));\n"; // (_4,_2):(_1,_4)

describe("a paste of kernel code, as written", () => {
  it("if (not ...)", async () => {
    const r = await evalFile(`${L42}if (not (size(L) == 8)) { print("bad\\n"); }\nprint(L); print("\\n");\n`);
    expect(r).toEqual({ stdout: "(_4,_2):(_1,_4)\n", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("std::cerr << ... goes to stderr", async () => {
    const r = await evalFile(`${L42}std::cerr << "size " << size(L) << std::endl;\nprint(L); print("\\n");\n`);
    expect(r).toEqual({ stdout: "(_4,_2):(_1,_4)\n", stderr: "size 8\n", exit: 0 });
  }, TIMEOUT);
  it("#if 0 / #endif", async () => {
    const r = await evalFile(`${L42}#if 0\nprint("off\\n");\n#endif\nprint(L); print("\\n");\n`);
    expect(r).toEqual({ stdout: "(_4,_2):(_1,_4)\n", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("float* A = ...; a tensor over it", async () => {
    const r = await evalFile("thrust::host_vector<float> h(32);\nfloat* A = h.data();\nTensor mA = make_tensor(make_gmem_ptr(A), make_shape(8, 4));\nprint(mA.layout()); print(\"\\n\");\n");
    // a dynamic (8,4) shape: compact column-major strides (_1,8)
    expect(r).toEqual({ stdout: "(8,4):(_1,8)\n", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("a user template taking decltype(sA_layout)", async () => {
    const r = await evalFile(
      "template <class SmemLayout>\nvoid show(SmemLayout const& l) { print(cosize_v<SmemLayout>); print(\" \"); print(l); print(\"\\n\"); }\nauto sA_layout = make_layout(make_shape(Int<4>{}, Int<2>{}));\nusing SL = decltype(sA_layout);\nshow(SL{});\nshow(sA_layout);\n",
    );
    // cosize of (_4,_2):(_1,_4) is 1 + 3*1 + 1*4 = 8
    expect(r).toEqual({ stdout: "8 (_4,_2):(_1,_4)\n8 (_4,_2):(_1,_4)\n", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("blockIdx, threadIdx and thread0(): thread 0 of block 0", async () => {
    const r = await evalFile("auto tA = make_layout(make_shape(Int<8>{}, Int<4>{}));\nif (thread0()) { print(idx2crd(int(threadIdx.x), shape(tA))); print(\"\\n\"); }\nprint(int(blockIdx.x)); print(\"\\n\");\n");
    // idx2crd(0, (_8,_4)) = (0,0)
    expect(r).toEqual({ stdout: "(0,0)\n0\n", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("__shared__ memory in a pasted kernel body starts 1 KiB into the shared window", async () => {
    const r = await evalFile("__shared__ float smem[64];\nTensor sA = make_tensor(make_smem_ptr(smem), make_shape(Int<8>{}, Int<8>{}));\nprint(sA.layout()); print(\"\\n\");\n");
    expect(r).toEqual({ stdout: "(_8,_8):(_1,_8)\n", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("switch, as C++ runs it", async () => {
    const r = await run(["eval", "auto x = 1;\nswitch (x) { case 1: print(x); }"]);
    expect(r).toEqual({ stdout: "1", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("print -f takes the same paste", async () => {
    const f = join(scratchDir("paste"), "print.cu");
    writeFileSync(f, `${L42}#if 0\nprint("off\\n");\n#endif\nif (not thread0()) return;\nprint(L); print("\\n");\n`);
    expect(await run(["print", "-f", f])).toEqual({ stdout: "(_4,_2):(_1,_4)\n", stderr: "", exit: 0 });
  }, TIMEOUT);
  it("what the run refuses too keeps the block evaluator's refusal", async () => {
    const r = await evalFile("auto L = make_layout(8);\nif (L) print(L);\n");
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/the condition of 'if' is .*integer and bool conditions/);
  }, TIMEOUT);
});
