/**
 * check of a C++ program with main(): the program runs as `cute-ts run` runs it and each print
 * that runs is paired with the comment after it (src/check/cxx-run.ts). The comments of
 * fixtures/check/kernel-prints.cu are what CuTe printed for the same values, compiled with nvcc
 * (fixtures/check/kernel-prints-nvcc.cu holds that program and its output).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { run } from "./helpers.js";
import { scratchDir } from "./support/scratch.js";
import { comparable } from "../src/check/cxx-source.js";

beforeEach(() => {
  vi.stubEnv("CI", "");
  vi.stubEnv("GITHUB_ACTIONS", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const FIXTURE = join(__dirname, "..", "fixtures", "check", "kernel-prints.cu");
const TIMEOUT = 120_000;
const lineOf = (needle: string) => readFileSync(FIXTURE, "utf8").split("\n").findIndex((l) => l.includes(needle)) + 1;

/** the fixture's cases by line: "passed", "failed" or "skipped: reason" (from TAP) */
async function statuses(args: string[]): Promise<{ exit: number; byLine: Map<number, string>; summary: string }> {
  const r = await run(["check", "--reporter", "tap", ...args]);
  const byLine = new Map<number, string>();
  for (const l of r.stdout.split("\n")) {
    const m = /^(ok|not ok) \d+ - .*?:(\d+): .*?(?: # SKIP (.*))?$/.exec(l);
    if (m) byLine.set(Number(m[2]), m[3] !== undefined ? `skipped: ${m[3]}` : m[1] === "ok" ? "passed" : "failed");
  }
  return { exit: r.exit, byLine, summary: r.stdout.trimEnd().split("\n").at(-1)! };
}

describe("check FILE.cu with main() runs the program", () => {
  it(
    "prints in a kernel template and a host function template get main()'s values; thread 0 is the default",
    async () => {
      const { exit, byLine, summary } = await statuses([FIXTURE]);
      expect(exit).toBe(0);
      // the kernel's own prints: its template parameters and arguments come from main()'s launch
      expect(byLine.get(lineOf('print("mA: ")'))).toBe("passed");
      expect(byLine.get(lineOf("print(sA_layout);"))).toBe("passed");
      expect(byLine.get(lineOf("print(tAsA.layout())"))).toBe("passed");
      // the host function template, its Layout deduced from main()'s call
      expect(byLine.get(lineOf("print(tiled);"))).toBe("passed");
      expect(byLine.get(lineOf("print(size<1>(tiled))"))).toBe("passed");
      // a print in a loop is compared the first time it runs (k = 0)
      expect(byLine.get(lineOf("k + 1"))).toBe("passed");
      // a print only thread 13 runs: not run for thread 0, and its statements need the kernel's arguments
      expect(byLine.get(lineOf("threadIdx.x == 13"))).toBe("skipped: the run of main() (block 0,0,0, thread 0) ended without running this print");
      // what only the GPU knows is skipped with the reason
      expect(byLine.get(lineOf("print(*A)"))).toBe("skipped: it prints a value in memory (*p): only a run on the GPU knows it");
      // a function main() never calls: its parameter has no value
      expect(byLine.get(lineOf("print(make_layout(make_shape(n,"))).toBe("skipped: the run of main() (block 0,0,0, thread 0) ended without running this print");
      // a print the run does not reach (#if 0) that needs nothing is still evaluated as before
      expect(byLine.get(lineOf("Int<2>{}, Int<3>{}"))).toBe("passed");
      expect(summary).toBe("# 7 passed, 0 failed, 3 skipped");
    },
    TIMEOUT,
  );

  it(
    "--thread selects the thread whose kernel code runs (and whose prints are checked)",
    async () => {
      const { exit, byLine } = await statuses([FIXTURE, "--thread", "13"]);
      expect(exit).toBe(0);
      expect(byLine.get(lineOf("threadIdx.x == 13"))).toBe("passed");
      expect(byLine.get(lineOf("print(tAsA.layout())"))).toBe("passed");
      expect(byLine.get(lineOf("print(sA_layout);"))).toBe("skipped: the run of main() (block 0,0,0, thread 13) ended without running this print");
      const bad = await run(["check", FIXTURE, "--thread", "x"]);
      expect(bad.exit).toBe(2);
      expect(bad.stderr).toContain("--thread takes a non-negative integer");
    },
    TIMEOUT,
  );

  it(
    "a comment that drifted fails with a diff, and --update rewrites it with what the run printed",
    async () => {
      const f = join(scratchDir("check-run"), "k.cu");
      const text = readFileSync(FIXTURE, "utf8").replace("// (_2,_2):(_8,_64)", "// (_2,_2):(_8,_32)");
      writeFileSync(f, text);
      const r = await run(["check", f]);
      expect(r.exit).toBe(1);
      expect(r.stdout).toContain("-(_2,_2):(_8,_32)\n+(_2,_2):(_8,_64)");
      const u = await run(["check", f, "--update"]);
      expect(u.exit).toBe(0);
      expect(readFileSync(f, "utf8")).toBe(readFileSync(FIXTURE, "utf8"));
    },
    TIMEOUT,
  );

  it(
    "--ci fails a run in which no case ran, with a message",
    async () => {
      const r = await run(["check", "--ci", `${FIXTURE}:${lineOf("print(*A)")}`]);
      expect(r.exit).toBe(1);
      expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("0 passed, 0 failed, 1 skipped");
      expect(r.stderr).toBe("cute-ts: check --ci: no case ran (1 skipped): a CI run that compares nothing fails\n");
      // the same without --ci: skipped is not a failure
      expect((await run(["check", `${FIXTURE}:${lineOf("print(*A)")}`])).exit).toBe(0);
      expect((await run(["check", "--ci", `${FIXTURE}:${lineOf("print(tiled);")}`])).exit).toBe(0);
    },
    TIMEOUT,
  );

  it(
    "a program the run stops in: the prints before the stop are checked, the others say where it stopped",
    async () => {
      const f = join(scratchDir("check-run"), "stop.cu");
      writeFileSync(
        f,
        [
          "#include <cute/tensor.hpp>",
          "using namespace cute;",
          "int main(int argc, char** argv) {",
          "  auto a = make_layout(make_shape(Int<4>{}, 8));",
          "  print(a);  // (_4,8):(_1,_4)",
          "  CUTE_STATIC_ASSERT_V(size(a) == Int<16>{});",
          "  print(make_layout(argc));  // 1:_1",
          "  return 0;",
          "}",
          "",
        ].join("\n"),
      );
      const { byLine } = await statuses([f]);
      expect(byLine.get(5)).toBe("passed");
      // size(a) is 32: the static assertion fails where the compiler would stop, and the run ends there;
      // the print after it needs main()'s argc, which only the run gives
      expect(byLine.get(7)).toMatch(/^skipped: the run of main\(\) \(block 0,0,0, thread 0\) ended \(exit 1: .*stop\.cu:6: error: .*\) before running this print$/);
    },
    TIMEOUT,
  );

  it(
    "without --arch, a program that ends on an sm90 before printing anything (it checks its GPU) is run for sm100",
    async () => {
      const f = join(scratchDir("check-run"), "bw.cu");
      writeFileSync(
        f,
        [
          "#include <cute/tensor.hpp>",
          "using namespace cute;",
          "int main(int argc, char** argv) {",
          "  cudaDeviceProp props;",
          "  cudaGetDeviceProperties(&props, 0);",
          "  if (props.major != 10) { std::cerr << \"needs a Blackwell GPU\" << std::endl; return -1; }",
          "  print(make_layout(make_shape(Int<2>{}, argc)));  // (_2,1):(_1,_2)",
          "  return 0;",
          "}",
          "",
        ].join("\n"),
      );
      expect((await statuses([f])).byLine.get(7)).toBe("passed");
      expect((await statuses([f, "--arch", "sm100"])).byLine.get(7)).toBe("passed");
      expect((await statuses([f, "--arch", "sm90"])).byLine.get(7)).toBe("skipped: the run of main() (block 0,0,0, thread 0) ended (exit 255: needs a Blackwell GPU) before running this print");
    },
    TIMEOUT,
  );

  it(
    "-D defines a macro for the run",
    async () => {
      const f = join(scratchDir("check-run"), "def.cu");
      writeFileSync(f, ["#include <cute/tensor.hpp>", "using namespace cute;", "int main() {", "#ifdef WIDE", "  print(make_layout(make_shape(Int<2>{}, 16)));  // (_2,16):(_1,_2)", "#endif", "  return 0;", "}", ""].join("\n"));
      const on = await statuses([f, "-D", "WIDE"]);
      expect(on.byLine.get(5)).toBe("passed");
    },
    TIMEOUT,
  );
});

describe("docs/ci.md", () => {
  it(
    "its example of a program's check is what check prints",
    async () => {
      const doc = readFileSync(join(__dirname, "..", "docs", "ci.md"), "utf8");
      const m = /\n\$ cute-ts (check fixtures\/check\/kernel-prints\.cu[^\n]*)\n([\s\S]*?)```/.exec(doc);
      expect(m).not.toBeNull();
      const r = await run(m![1]!.split(" "));
      expect(r.stdout).toBe(m![2]);
    },
    TIMEOUT,
  );
});

describe("named addresses in a comment", () => {
  it("GMEM_ADDR_A, ADDR_A + offset and TMEM_ADDR stand for the address printed there", () => {
    const same = (e: string, a: string) => {
      const c = comparable(e, a);
      return c.expected === c.actual;
    };
    expect(same("mA: gmem_ptr[16b](GMEM_ADDR_A) o (512,256):(256,_1)", "mA:\tgmem_ptr[16b](0x7f0001000000) o (512,256):(256,_1)")).toBe(true);
    expect(same("gA: gmem_ptr[16b](GMEM_ADDR_A + offset_for_mma_tile) o (_128,_64,4):(256,_1,_64)", "gmem_ptr[16b](0x7f0001000000) o (_128,_64,4):(256,_1,_64)")).toBe(true);
    expect(same("tmem_[32b](TMEM_ADDR) o (_128,_256):(_65536,_1)", "tmem_[32b](0x0000.0000) o (_128,_256):(_65536,_1)")).toBe(true);
    // the rest of the line still has to agree
    expect(same("gmem_ptr[32b](GMEM_ADDR_C) o (_128,_256):(256,_1)", "gmem_ptr[32b](0x7f0001800000) o (_128,_256):(1024,_1)")).toBe(false);
    // a name stands for an address only: (unset) is what CuTe prints, and a lower-case word is no name
    expect(same("smem_ptr[16b](ADDR) o _1:_0", "smem_ptr[16b](unset) o _1:_0")).toBe(false);
    expect(same("ptr[16b](addr) o _1:_0", "ptr[16b](0x10) o _1:_0")).toBe(false);
  });
});
