/**
 * `cute-ts run FILE`: a CUDA C++ program run on the host as nvcc would have built it, its
 * kernels run for one selected thread (src/notation/cxx/preprocess.ts, program.ts; ./machine.ts,
 * ./host.ts). What it returns is what the program printed on stdout and stderr and its exit code.
 */
import { type Preprocessed, preprocess } from "../../notation/cxx/preprocess.js";
import { type Unit, parseUnit } from "../../notation/cxx/program.js";
import type { Input } from "../../core/errors.js";
import { blockSupport } from "../evaluate.js";
import { Host, type SourcePoint } from "./host.js";
import { Machine, type PrintOutcome } from "./machine.js";

export type { PrintOutcome, SourcePoint };

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
  /** filled with each print statement that runs, in order (check pairs them with the comments after them); emptied when a run starts again */
  prints?: PrintEvent[];
  /** how a note on stderr names the caller's inputs (`thread 40 runs none of its code`; the CLI passes its options' spelling: `--thread 40`) */
  spelling?: (i: Input) => string;
}

/** a print statement that ran: where it stands in its file, and what it did */
export interface PrintEvent {
  at: SourcePoint;
  out: PrintOutcome;
}

/** a program read (preprocessed and parsed), not yet run */
export interface LoadedProgram {
  pp: Preprocessed;
  unit: Unit;
}

/** reads the program: the preprocessor, then the parser (a ParseError for what cannot be read) */
export function loadProgram(o: Pick<RunOptions, "file" | "text" | "defines" | "readLocal">): LoadedProgram {
  const pp = preprocess(o.text, { file: o.file, defines: o.defines, readLocal: o.readLocal });
  return { pp, unit: parseUnit(pp.text) };
}

/** the program defines main() (with a body): it can be run */
export function hasMain(p: LoadedProgram): boolean {
  return p.unit.functions.some((g) => g.name === "main" && g.body >= 0);
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exit: number;
}

/** runs the program's main(); a promise only while the atoms module loads */
export function runProgram(o: RunOptions, loaded: LoadedProgram = loadProgram(o)): RunResult | Promise<RunResult> {
  const { pp, unit } = loaded;
  const prints = o.prints;
  const attempt = (): RunResult => {
    // a run started again once the atoms have loaded prints everything again
    if (prints !== undefined) prints.length = 0;
    const onPrint = prints === undefined ? undefined : (at: SourcePoint, out: PrintOutcome) => void prints.push({ at, out });
    const host = new Host({ file: o.file, origin: pp.origin, block: o.block ?? [0, 0, 0], thread: o.thread ?? 0, arch: o.arch ?? "sm90", ...(onPrint ? { onPrint } : {}), ...(o.spelling ? { spelling: o.spelling } : {}) });
    const m = new Machine(unit, host);
    const exit = m.main(o.args ?? []);
    return { stdout: host.out, stderr: host.err, exit };
  };
  return blockSupport.withModules(attempt);
}
