/**
 * `cute-ts run`: arrays declared in a function (src/eval/run/arrays.ts): `T a[N];`, `T a[N] = {...}`,
 * `T a[N]{...}`, `T a[] = {...}`, element reads and stores, sizeof, an array passed to a function
 * (a pointer: the callee's stores are the caller's), and what C++ leaves undefined refused; arrays of
 * host objects, cudaLaunchKernelEx's launch attributes among them (a cluster's shape). Expected
 * values are worked out by hand in each test from C++'s and CUDA's rules.
 */
import { describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "./helpers.js";
import { scratchDir } from "./support/scratch.js";

const TIMEOUT = 120_000;
async function runFile(text: string, options: string[] = []): Promise<{ stdout: string; stderr: string; exit: number }> {
  const f = join(scratchDir("arrays"), "arrays.cu");
  writeFileSync(f, text);
  return run(["run", f, ...options]);
}
const main = (body: string, before = "") => `#include <cstdio>\n${before}int main() {\n${body}\n  return 0;\n}\n`;

describe("run: arrays of scalars and floats in a function", () => {
  it("initialisers (the rest zero), stores, compound stores, ++ and -- on elements", async () => {
    const r = await runFile(main(`  int a[4] = {1, 2, 3, 4};
  int b[6] = {7};
  int c[] = {5, 6, 7};
  int d[3]{9, 8};
  a[1] = 20;
  a[2] += 5;
  ++a[3];
  a[0]++;
  --d[0];
  printf("%d %d %d %d\\n", a[0], a[1], a[2], a[3]);
  printf("%d %d %d\\n", b[0], b[1], b[5]);
  printf("%d %d %d %d\\n", c[2], d[0], d[1], d[2]);`));
    expect(r).toEqual({ stdout: "2 20 8 5\n7 0 0\n7 8 8 0\n", stderr: "", exit: 0 });
  }, TIMEOUT);

  it("float arrays: a loop's stores, *=, an int stored into a float array, a float into an int array (truncated)", async () => {
    const r = await runFile(main(`  float acc[8];
  for (int i = 0; i < 8; ++i) acc[i] = i * 0.5f;
  acc[3] *= 2;
  int t[2] = {};
  t[1] = 2.75f;
  double h[2] = {1, 0.25};
  printf("%f %f %d %d %f\\n", acc[3], acc[7], t[0], t[1], h[0] + h[1]);`));
    expect(r).toEqual({ stdout: "3.000000 3.500000 0 2 1.250000\n", stderr: "", exit: 0 });
  }, TIMEOUT);

  it("sizeof(a), sizeof(a[0]) and their quotient; sizeof of a pointer parameter is a pointer's", async () => {
    const r = await runFile(main(`  int a[4] = {1, 2, 3, 4};
  double c[] = {5, 6, 7};
  float acc[8];
  printf("%zu %zu %zu %zu\\n", sizeof(a), sizeof(c), sizeof(acc) / sizeof(acc[0]), size_of_param(a));`, "size_t size_of_param(int* p) { return sizeof(p); }\n"));
    expect(r).toEqual({ stdout: "16 24 8 8\n", stderr: "", exit: 0 });
  }, TIMEOUT);

  it("an array passed to a function is a pointer: the callee's stores are the caller's, a + k points k elements on", async () => {
    const r = await runFile(main(`  int b[6];
  fill(b, 6);
  printf("%d %d sum=%d tail=%d\\n", b[2], b[5], sum(b, 6), sum(b + 4, 2));
  int* p = b + 1;
  *p = -1;
  printf("%d %d\\n", b[1], *(b + 5));`, `void fill(int* p, int n) { for (int i = 0; i < n; ++i) p[i] = i * 10; }
int sum(int const* p, int n) { int s = 0; for (int i = 0; i < n; ++i) s += p[i]; return s; }
`));
    expect(r).toEqual({ stdout: "20 50 sum=150 tail=90\n-1 50\n", stderr: "", exit: 0 });
  }, TIMEOUT);

  it("an element read before it is written is indeterminate: said once on stderr, nothing printed for it", async () => {
    const r = await runFile(main(`  float e[2];
  e[0] = 1;
  printf("%f\\n", e[0]);
  printf("%f\\n", e[1]);`));
    expect(r.stdout).toBe("1.000000\n");
    expect(r.exit).toBe(0);
    expect(r.stderr).toMatch(/^cute-ts: \S*arrays\.cu:6: printf prints e\[1\], read before anything is written to it \(its value is indeterminate in C\+\+\): only a run on the GPU knows it; cute-ts prints nothing for it\n$/);
  }, TIMEOUT);

  it("an index outside the array is undefined behaviour: refused with the array, the index and N (exit 2)", async () => {
    const r = await runFile(main(`  int a[4] = {1, 2, 3, 4};
  printf("%d\\n", a[4]);`));
    expect(r.stdout).toBe("");
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/^cute-ts: \S*arrays\.cu:4: reading a\[4\] is undefined behaviour: int a\[4\] has elements 0 to 3\n$/);
    const w = await runFile(`void g(int* p) { p[5] = 1; }\nint main() {\n  int a[2];\n  g(a + 1);\n}\n`);
    expect(w.exit).toBe(2);
    expect(w.stderr).toMatch(/^cute-ts: \S*arrays\.cu:1: writing a\[6\] \(through a pointer to a\[1\], index 5\) is undefined behaviour: int a\[2\] has elements 0 to 1\n$/);
  }, TIMEOUT);

  it("N is bounded before the array is made; excess initialisers and N <= 0 are refused as C++ refuses them", async () => {
    const big = await runFile(main("  int big[100000];"));
    expect(big.exit).toBe(2);
    expect(big.stderr).toMatch(/^cute-ts: \S*arrays\.cu:3: int big\[100000\]: cute-ts holds at most 65536 elements in an array declared in a function \(a bound on memory\); this one has 100000\n$/);
    const excess = await runFile(main("  int a[2] = {1, 2, 3};"));
    expect(excess.exit).toBe(2);
    expect(excess.stderr).toMatch(/^cute-ts: \S*arrays\.cu:3: int a\[2\] = \{\.\.\.\}: excess elements in array initializer: 3 values for 2 elements\n$/);
    const zero = await runFile(main("  constexpr int N = 0;\n  float z[N];"));
    expect(zero.exit).toBe(2);
    expect(zero.stderr).toMatch(/^cute-ts: \S*arrays\.cu:4: float z\[0\]: an array's size is greater than zero \(C\+\+ refuses z\[0\]\)\n$/);
    const nested = await runFile(main("  int m[2][3];"));
    expect(nested.exit).toBe(2);
    expect(nested.stderr).toContain("cute-ts does not support C++ arrays of arrays (T a[M][N]) yet");
  }, TIMEOUT);

  it("a constexpr array at file scope is read; another array at file scope is refused with a caret (it hung the reader before)", async () => {
    const r = await runFile(`#include <cstdio>\nconstexpr int g[3] = {1, 2, 3};\nint main() {\n  printf("%d\\n", g[2]);\n}\n`);
    expect(r).toEqual({ stdout: "3\n", stderr: "", exit: 0 });
    const g = await runFile("int g[3];\nint main() {\n  return 0;\n}\n");
    expect(g).toEqual({ stdout: "", stderr: "cute-ts does not support C++ arrays at file scope other than constexpr ones (declare it in a function, or constexpr) yet\n  line 1: int g[3];\n               ^\n  what cute-ts reads: docs/notation.md\n", exit: 2 });
  }, TIMEOUT);

  it("an array is not assignable; an int element has no members (as the compiler refuses them)", async () => {
    const assign = await runFile(main("  int a[3];\n  int b[3];\n  a = b;"));
    expect(assign.exit).toBe(2);
    expect(assign.stderr).toMatch(/^cute-ts: \S*arrays\.cu:5: a = \.\.\.: array type 'int\[3\]' is not assignable\n$/);
    const member = await runFile(main("  int a[2];\n  a[0].x = 1;"));
    expect(member).toEqual({ stdout: "", stderr: "cute-ts: cannot parse: member reference base type 'int' is not a structure or union\n  line 4:   a[0].x = 1;\n                 ^\n  what cute-ts reads: docs/notation.md\n", exit: 2 });
  }, TIMEOUT);

  it("a pasted block: the block evaluator refuses the array, the run interpreter runs it", async () => {
    const r = await run(["eval", 'int a[3] = {1, 2, 3}; a[1] += 4; float acc[4] = {}; for (int i = 0; i < 4; ++i) acc[i] += i; printf("%d %d %f\\n", a[1], int(sizeof(a)), acc[3]);']);
    expect(r).toEqual({ stdout: "6 12 3.000000\n", stderr: "", exit: 0 });
  }, TIMEOUT);
});

/** a kernel that prints its grid and its cluster where thread 0 of block BID runs, launched by cudaLaunchKernelEx with the attributes ATTRS */
const launchEx = (attrs: string, grid = "dim3(4, 4)", bid = 5) => `#include <cstdio>
#include <cute/tensor.hpp>
using namespace cute;
__global__ void kernel(int tag) {
  if (cute::thread(0, ${bid})) {
    dim3 c = cute::cluster_shape();
    dim3 b = cute::block_id_in_cluster();
    printf("%d: grid (%d,%d) cluster (%d,%d,%d) rank %d block_in_cluster (%d,%d)\\n", tag, gridDim.x, gridDim.y, c.x, c.y, c.z, int(cute::block_rank_in_cluster()), b.x, b.y);
  }
}
int main() {
  cudaLaunchConfig_t config = {0};
  config.gridDim = ${grid};
  config.blockDim = dim3(128);
${attrs}
  cudaLaunchKernelEx(&config, kernel, 7);
  return 0;
}
`;
const CLUSTER_2x2 = `  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 2;
  attribute[0].val.clusterDim.y = 2;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;`;

describe("run: arrays of host objects, cudaLaunchKernelEx's launch attributes", () => {
  it("cudaLaunchAttributeClusterDimension launches clusters: cluster_shape() and block_rank_in_cluster() follow --block", async () => {
    // block (1,1) of a 4x4 grid in 2x2 clusters: cluster (0,0), block (1,1) in it, rank 1 + 1*2 = 3
    const r = await runFile(launchEx(CLUSTER_2x2), ["--block", "1,1"]);
    expect(r).toEqual({ stdout: "7: grid (4,4) cluster (2,2,1) rank 3 block_in_cluster (1,1)\n", stderr: "", exit: 0 });
    // block (2,3), linear 2 + 3*4 = 14: cluster (1,1), block (0,1) in it, rank 0 + 1*2 = 2
    const other = await runFile(launchEx(CLUSTER_2x2, "dim3(4, 4)", 14), ["--block", "2,3"]);
    expect(other).toEqual({ stdout: "7: grid (4,4) cluster (2,2,1) rank 2 block_in_cluster (0,1)\n", stderr: "", exit: 0 });
  }, TIMEOUT);

  it("cudaLaunchAttributeIgnore is ignored; sizeof(cudaLaunchAttribute[2]) is 2 * (8 + 64) bytes", async () => {
    const attrs = `  cudaLaunchAttribute attrs[2];
  attrs[0].id = cudaLaunchAttributeIgnore;
  attrs[1].id = cudaLaunchAttributeClusterDimension;
  attrs[1].val.clusterDim.x = 4;
  attrs[1].val.clusterDim.y = 1;
  attrs[1].val.clusterDim.z = 1;
  config.attrs = attrs;
  config.numAttrs = 2;
  printf("%zu\\n", sizeof(attrs));`;
    // block (3,0) of clusters of 4 along x: rank 3
    const r = await runFile(launchEx(attrs, "dim3(4, 4)", 3), ["--block", "3,0"]);
    expect(r).toEqual({ stdout: "144\n7: grid (4,4) cluster (4,1,1) rank 3 block_in_cluster (3,0)\n", stderr: "", exit: 0 });
  }, TIMEOUT);

  it("another attribute id is refused by name; a grid not a whole number of clusters, an attribute past the array or a member never set are refused", async () => {
    const prio = await runFile(launchEx(CLUSTER_2x2.replace("cudaLaunchAttributeClusterDimension", "cudaLaunchAttributePriority")));
    expect(prio.exit).toBe(2);
    expect(prio.stdout).toBe("");
    expect(prio.stderr).toMatch(/^\S*arrays\.cu:22: cute-ts does not support cudaLaunchKernelEx's launch attribute cudaLaunchAttributePriority yet: cute-ts reads cudaLaunchAttributeClusterDimension \(a cluster's shape\) and cudaLaunchAttributeIgnore\n$/);
    const grid = await runFile(launchEx(CLUSTER_2x2, "dim3(3, 4)"));
    expect(grid.exit).toBe(2);
    expect(grid.stderr).toMatch(/^cute-ts: \S*arrays\.cu:22: the grid \(3,4,1\) is not a whole number of clusters \(2,2,1\): the launch fails \(cudaErrorInvalidClusterSize\)\n$/);
    const past = await runFile(launchEx(CLUSTER_2x2.replace("config.numAttrs = 1;", "config.numAttrs = 2;")));
    expect(past.exit).toBe(2);
    expect(past.stderr).toMatch(/^cute-ts: \S*arrays\.cu:22: reading attribute\[1\] is undefined behaviour: cudaLaunchAttribute attribute\[1\] has elements 0 to 0\n$/);
    const unset = await runFile(launchEx(CLUSTER_2x2.replace("  attribute[0].val.clusterDim.z = 1;\n", "")));
    expect(unset.exit).toBe(2);
    expect(unset.stderr).toMatch(/^cute-ts: \S*arrays\.cu:21: cudaLaunchKernelEx: config\.attrs\[0\]\.val\.clusterDim\.z is never set: its value is indeterminate \(C\+\+: undefined behaviour\)\n$/);
  }, TIMEOUT);
});
