/**
 * A pasted block (`eval -f`, stdin, a check case's statements) through `cute-ts run`'s
 * interpreter: the preprocessor (`#if 0`, macros, `not`), definitions at the block's top level
 * (function templates, functions, structs), the rest as the body of main(), run as the thread
 * (0,0,0) of block (0,0,0) of a kernel when the block launches none (`threadIdx`, `blockIdx`,
 * `thread0()`, `__shared__`), with `std::cout` / `std::cerr`, pointers and the host API.
 *
 * `evaluatePasted` keeps the block evaluator (../block.ts) first: what it answers is answered as
 * before, byte for byte; what it refuses as cute-ts's gap (a ParseError, an Unsupported) is run
 * here, and if the run refuses too, the block evaluator's refusal stands.
 */
import { ParseError } from "../../core/errors.js";
import { D } from "../../core/integer.js";
import { preprocess } from "../../notation/cxx/preprocess.js";
import { type FunctionDecl, parsePasted } from "../../notation/cxx/program.js";
import { type ProgramResult, evaluateProgram } from "../block.js";
import { blockSupport } from "../evaluate.js";
import { Host } from "./host.js";
import { Machine, Return } from "./machine.js";
import { Dim3, Exit, Unknown } from "./values.js";
import type { RunResult } from "./index.js";

/** the name a pasted block's messages give it (file:line) */
export const PASTED = "<block>";
const SHARED_BASE = 0x7ff000000400;

/** a pasted block's answer: the block evaluator's, or what the run printed on stdout and stderr and its exit code */
export type PastedResult = ProgramResult | ({ k: "run" } & RunResult);

/** runs a pasted block as the body of main() */
export function runPasted(src: string, arch: "sm90" | "sm100" = "sm90"): RunResult | Promise<RunResult> {
  const pp = preprocess(src, { file: PASTED });
  const { unit, body } = parsePasted(pp.text);
  const own = unit.functions.find((g) => g.name === "main" && g.body >= 0);
  const main: FunctionDecl = own ?? { name: "main", tparams: null, params: [], body: 0, kernel: false, pos: 0 };
  if (own === undefined) unit.functions.push(main);
  else for (const st of body) unit.globals.push(st);
  // a block that launches no kernel is kernel code, run as thread 0 of block 0
  const device = own === undefined && !body.some((st) => st.k === "launch") && !/<<</.test(pp.text);
  const attempt = (): RunResult => {
    const host = new Host({ file: PASTED, origin: pp.origin, block: [0, 0, 0], thread: 0, arch });
    const m = new Machine(unit, host);
    if (own === undefined) m.bodies.set(main, { k: "compound", stmts: body, pos: 0 });
    const globals = m.newFrame("");
    host.globals = globals;
    let exit = 0;
    try {
      for (const st of unit.globals) m.exec(st, globals);
      if (device) host.device = { blockIdx: new Dim3(0, 0, 0), threadIdx: new Dim3(0, 0, 0), blockDim: new Dim3(1, 1, 1), gridDim: new Dim3(1, 1, 1), clusterDim: new Dim3(1, 1, 1), sharedNext: SHARED_BASE };
      const r = m.call(main, own === undefined ? [] : [D(1), D(0)].slice(0, main.params.length), null, null, (f) => {
        // a pasted block has no launch: its block's and grid's sizes are not known
        if (!device) return;
        f.values.set("blockDim", new Unknown("blockDim (a pasted block has no launch)"));
        f.values.set("gridDim", new Unknown("gridDim (a pasted block has no launch)"));
      });
      if (own !== undefined && r !== undefined && "v" in (r as object)) exit = ((r as { v: number }).v ?? 0) & 0xff;
    } catch (e) {
      if (e instanceof Exit) exit = e.code;
      else if (!(e instanceof Return)) throw e;
    }
    return { stdout: host.out, stderr: host.err, exit };
  };
  return blockSupport.withModules(attempt);
}

/** cute-ts's gap, which the run may fill: a parse error (a construct the block grammar lacks) or an Unsupported */
function isGap(e: unknown): boolean {
  return e instanceof ParseError || (e instanceof Error && /^Unsupported/.test(e.name));
}

/**
 * The argument of `eval` / `print` and a check case's statements: the block evaluator's answer,
 * or, where it refuses as cute-ts's gap, the run of the block as main()'s body.
 */
export function evaluatePasted(src: string, force: boolean): PastedResult | Promise<PastedResult> {
  const fallback = (first: unknown): PastedResult | Promise<PastedResult> => {
    // an expression's refusal stands; a block (statements, directives) may run
    if (!isGap(first) || !/[;#]/.test(src)) throw first;
    // a run that printed nothing and ended well says less than the refusal: the refusal stands
    const ran = (x: RunResult): PastedResult => {
      if (x.stdout === "" && x.stderr === "" && x.exit === 0) throw first;
      return { k: "run", ...x };
    };
    let r: RunResult | Promise<RunResult>;
    try {
      r = runPasted(src);
    } catch {
      throw first;
    }
    return r instanceof Promise ? r.then(ran, () => Promise.reject(first)) : ran(r);
  };
  let r: ProgramResult | Promise<ProgramResult>;
  try {
    r = evaluateProgram(src, force);
  } catch (e) {
    return fallback(e);
  }
  return r instanceof Promise ? r.catch(fallback) : r;
}
