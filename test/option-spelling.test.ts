/**
 * The library layers speak of values, the CLI of options (ARCHITECTURE.md, "Library layers speak
 * of values"): a message of the evaluator, the DSL reader or the program runner names the
 * caller's input by its parameter's name (and the value it is set to: the dialect dsl), and the
 * CLI spells the same message with the option that gives it (--dialect dsl, --latex, --block).
 */
import { describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ParseError, Unsupported, UsageError, input } from "../src/core/errors.js";
import { formatError, formatErrorJson } from "../src/cli/run.js";
import { optionSpelling } from "../src/cli/spelling.js";
import { PyFloat, DslFloat } from "../src/eval/dsl-numeric.js";
import { DslPrinted } from "../src/eval/dsl-values.js";
import { parseDsl } from "../src/notation/dsl.js";
import { evaluate, evaluateAny } from "../src/eval/evaluate.js";
import { runProgram } from "../src/eval/run/index.js";
import { run } from "./helpers.js";

/** what `f` throws */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("nothing was thrown");
}

describe("an input named as a value by the library, as an option by the CLI", () => {
  it("optionSpelling: a parameter's name as its option, a setting of it as the option and its value", () => {
    expect(optionSpelling(input("ctaTile"))).toBe("--cta-tile");
    expect(optionSpelling(input("dialect", "dsl"))).toBe("--dialect dsl");
  });

  it("the DSL's values refused by C++'s print name the dialect dsl; the CLI says --dialect dsl", () => {
    const cases: [() => unknown, string][] = [
      [() => new PyFloat(1.5).print(), "a Python float is the CuTe DSL's spelling: use dialect dsl"],
      [() => new DslFloat("Float32", 1.5).print(), "a Float32 is the CuTe DSL's (cutlass.Float32(...)); CuTe's C++ print has none: use dialect dsl"],
      [() => new DslPrinted("a\n", "").print(), "a program in the DSL's spelling prints with dialect dsl or dsl-printf"],
    ];
    for (const [f, library] of cases) {
      const e = thrown(f);
      expect(e).toBeInstanceOf(UsageError);
      expect((e as Error).message).toBe(library);
      expect(formatError(e).text).toBe(`cute-ts: ${library.replace("dialect dsl", "--dialect dsl")}\n`);
    }
  });

  it("C++ read as the DSL: the parse error names the dialect as a value, the CLI's text (and --json's expected) the option", async () => {
    const src = "make_layout(make_shape(Int<8>{}, 4))";
    const e = thrown(() => parseDsl(src));
    expect(e).toBeInstanceOf(ParseError);
    expect((e as ParseError).expected).toBe("unexpected '{': this is the CuTe DSL's Python spelling (dialect dsl); CuTe's C++ is read without dialect");
    const cli = "unexpected '{': this is the CuTe DSL's Python spelling (--dialect dsl); CuTe's C++ is read without --dialect";
    expect(formatError(e).text.split("\n")[0]).toBe(`cute-ts: cannot parse: ${cli}`);
    expect(JSON.parse(formatErrorJson(e).text).error.expected).toBe(cli);
    const r = await run(["eval", "--dialect", "dsl", src]);
    expect(r.exit).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(`cute-ts: cannot parse: ${cli}`);
  });

  it("print_latex / print_svg inside an expression: the library names the picture as print's input, the CLI as its option", async () => {
    for (const p of ["latex", "svg"]) {
      const e = thrown(() => evaluate(`size(print_${p}(make_layout(4)))`));
      expect((e as ParseError).expected).toBe(`cute-ts print ${p} draws what print_${p} does: write the expression without print_${p}(...)`);
      const r = await run(["eval", `size(print_${p}(make_layout(4)))`]);
      expect(r.exit).toBe(2);
      expect(r.stderr.split("\n")[0]).toBe(`cute-ts print --${p} draws what print_${p} does: write the expression without print_${p}(...)`);
    }
  });

  it("an im2col TiledCopy's get_slice: cute-ts's gap points to tma-coords' block input, --block on the command line", async () => {
    const expr = "make_im2col_tma_copy(SM90_TMA_LOAD_IM2COL{}, make_tensor(make_gmem_ptr((half_t*)0x1000), ((56,56,8),64):((64,3584,200704),_1)), (_128,_64):(_64,_1)).get_slice(0)";
    const e = await Promise.resolve()
      .then(() => evaluateAny(expr))
      .then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(Unsupported);
    expect((e as Error).message).toBe("cute-ts does not support .get_slice(...) of an im2col TiledCopy in an expression yet (cute-ts tma-coords block partitions it)");
    const r = await run(["eval", expr]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toBe("cute-ts does not support .get_slice(...) of an im2col TiledCopy in an expression yet (cute-ts tma-coords --block partitions it)\n");
  }, 120_000);

  it("a run's block outside the grid and a thread outside the block: block and thread as values, --block and --thread from the CLI", async () => {
    const text = "#include <cute/tensor.hpp>\n__global__ void k() { cute::print(cute::make_layout(4)); }\nint main() { k<<<1, 4>>>(); return 0; }\n";
    const lib = await runProgram({ file: "k.cu", text, thread: 9 });
    expect(lib.stderr).toBe("cute-ts: k.cu:3: this launch's blocks have 4 threads (4,1,1): thread 9 runs none of its code\n");
    const outside = await Promise.resolve()
      .then(() => runProgram({ file: "k.cu", text, block: [2, 0, 0] }))
      .then(
        () => undefined,
        (x: unknown) => x,
      );
    expect(outside).toBeInstanceOf(UsageError);
    // the file:line once (the launch's own, not again by the statement around it)
    expect((outside as Error).message).toBe("k.cu:3: block 2,0,0 is outside the launch's grid (1,1,1)");
    const dir = mkdtempSync(join(tmpdir(), "cute-ts-spelling-"));
    try {
      const file = join(dir, "k.cu");
      writeFileSync(file, text);
      const t = await run(["run", file, "--thread", "9"]);
      expect(t.stdout).toBe("");
      expect(t.stderr).toBe(`cute-ts: ${file}:3: this launch's blocks have 4 threads (4,1,1): --thread 9 runs none of its code\n`);
      const b = await run(["run", file, "--block", "2"]);
      expect(b.exit).toBe(2);
      expect(b.stderr).toBe(`cute-ts: ${file}:3: --block 2,0,0 is outside the launch's grid (1,1,1)\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
