import { UsageError } from "../../core/errors.js";
import { type RunResult, runProgram } from "../../eval/run/index.js";
import { builtin } from "../builtin.js";
import { readRegularFile } from "../files.js";
import type { CommandSpec, Io } from "../spec.js";

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
    const path = builtin<typeof import("node:path")>("node:path");
    const fs = builtin<typeof import("node:fs")>("node:fs");
    const named = path.dirname(path.resolve(file));
    const readLocal = (from: string, name: string) => {
      // a local include next to the including file (nvcc's rule), never outside the named file's folder tree
      const p = path.resolve(path.dirname(path.resolve(from)), name);
      if (!(p === named || p.startsWith(named + path.sep))) return undefined;
      if (!fs.existsSync(p)) return undefined;
      return { file: path.relative(process.cwd(), p) || p, text: readRegularFile(p, "run") };
    };
    const r = runProgram({
      file,
      text,
      block: dims(opts.block),
      thread: opts.thread === undefined ? 0 : index(String(opts.thread), "--thread"),
      defines: String(opts.define ?? "").split("\0").filter((d) => d !== "").map((d) => {
        const eq = d.indexOf("=");
        return (eq < 0 ? [d, "1"] : [d.slice(0, eq), d.slice(eq + 1)]) as [string, string];
      }),
      arch: arch(opts.arch),
      args: rest,
      readLocal,
    });
    return r instanceof Promise ? r.then((x) => done(x, io)) : done(r, io);
  },
};

function done(r: RunResult, io: Io): number {
  io.out(r.stdout);
  if (r.stderr) io.err(r.stderr);
  return r.exit;
}

function index(s: string, what: string): number {
  if (!/^\d{1,9}$/.test(s)) throw new UsageError(`${what} takes a non-negative integer, not ${JSON.stringify(s)}`);
  return Number(s);
}
function dims(v: unknown): [number, number, number] {
  if (v === undefined) return [0, 0, 0];
  const parts = String(v).split(",");
  if (parts.length > 3) throw new UsageError("--block takes X[,Y[,Z]]");
  const n = parts.map((p) => index(p.trim(), "--block"));
  return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0];
}
function arch(v: unknown): "sm90" | "sm100" {
  if (v === undefined) return "sm90";
  if (v === "sm90" || v === "sm100") return v;
  throw new UsageError(`--arch takes sm90 or sm100, not ${JSON.stringify(v)}`);
}
