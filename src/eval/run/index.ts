/**
 * `cute-ts run FILE`: a CUDA C++ program run on the host as nvcc would have built it, its
 * kernels run for one selected thread (src/notation/cxx/preprocess.ts, program.ts; ./machine.ts,
 * ./host.ts). What it returns is what the program printed on stdout and stderr and its exit code.
 */
import { preprocess } from "../../notation/cxx/preprocess.js";
import { parseUnit } from "../../notation/cxx/program.js";
import { blockSupport } from "../evaluate.js";
import { Host } from "./host.js";
import { Machine } from "./machine.js";

export interface RunOptions {
  /** the file's name (for messages and argv[0]) and its text */
  file: string;
  text: string;
  /** the block and the thread whose kernel code runs (default block (0,0,0), thread 0) */
  block?: [number, number, number];
  thread?: number;
  /** -D NAME[=VALUE] */
  defines?: [string, string][];
  arch?: "sm90" | "sm100";
  /** the program's own arguments (argv[1...]) */
  args?: string[];
  /** reads a local #include "name" relative to the including file's folder */
  readLocal?: (from: string, name: string) => { file: string; text: string } | undefined;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exit: number;
}

/** runs the program's main(); a promise only while the atoms module loads */
export function runProgram(o: RunOptions): RunResult | Promise<RunResult> {
  const pp = preprocess(o.text, { file: o.file, defines: o.defines, readLocal: o.readLocal });
  const unit = parseUnit(pp.text);
  const attempt = (): RunResult => {
    const host = new Host({ file: o.file, origin: pp.origin, block: o.block ?? [0, 0, 0], thread: o.thread ?? 0, arch: o.arch ?? "sm90" });
    const m = new Machine(unit, host);
    const exit = m.main(o.args ?? []);
    return { stdout: host.out, stderr: host.err, exit };
  };
  return blockSupport.withModules(attempt);
}
