import { UsageError } from "../../core/errors.js";
import { type RunResult, runProgram } from "../../eval/run/index.js";
import { parseArchOption, parseBlockOption, parseDefines, parseThreadOption } from "../../eval/args/run.js";
import { localIncludes, readRegularFile } from "../files.js";
import type { CommandSpec, Io } from "../spec.js";
import { optionSpelling } from "../spelling.js";

export const command: CommandSpec = {
  name: "run",
  summary: "Run a CUDA C++ program's main() on the host, its kernels for one thread, printing what the GPU would print",
  args: ["FILE", "[PROGRAM_ARGS...]"],
  options: [
    { name: "block", value: "X[,Y[,Z]]", description: "the block whose kernel code runs (default 0,0,0)" },
    { name: "thread", value: "T", description: "the thread (linear index in its block) whose kernel code runs (default 0)" },
    { name: "define", short: "D", value: "NAME[=VALUE]", description: "define a preprocessor macro (repeatable)", repeat: true },
    { name: "arch", value: "sm90|sm100", description: "the GPU the program is built for and runs on (default sm90)" },
  ],
  notes: "Program arguments follow the file (after --). #include of CuTe, CUTLASS, thrust, CUDA and standard headers is known and not read; #include \"local.hpp\" is read from the file's folder. What only the GPU knows (memory values, float results, timings) is said on stderr, never invented.",
  notNested: "it reads the file it names",
  examples: ["run fixtures/run/partition.cu", "run fixtures/run/partition.cu --block 1 --thread 5 -- 3"],
  run(args, opts, io) {
    const [file, ...rest] = args;
    if (file === undefined) throw new UsageError("run takes the program's file: cute-ts run FILE [-- ARGS...]");
    const text = readRegularFile(file, "run");
    const r = runProgram({
      file,
      text,
      block: parseBlockOption(opts.block),
      thread: parseThreadOption(opts.thread),
      defines: parseDefines(opts.define),
      arch: parseArchOption(opts.arch),
      args: rest,
      readLocal: localIncludes(file, "run"),
      spelling: optionSpelling,
    });
    return r instanceof Promise ? r.then((x) => done(x, io)) : done(r, io);
  },
};

function done(r: RunResult, io: Io): number {
  io.out(r.stdout);
  if (r.stderr) io.err(r.stderr);
  return r.exit;
}

