/**
 * What check asks of a statement evaluator for the goldens in C++ sources: run a list of C++
 * statements as one pasted block (declarations first, then the print statements of the case)
 * and give what the print statements wrote, or why the block cannot be run.
 *
 * `evaluateBlocks` is the evaluator check uses: what `eval -f` runs a block with
 * (src/eval/run/pasted.ts over src/eval/block.ts) through `blockEvaluator`.
 * `evaluatePrints` runs blocks made only of print statements, each argument one expression.
 */
import { CuteError, ParseError, UsageError } from "../core/errors.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout } from "../core/swizzle.js";
import { Tensor } from "../core/tensor.js";
import { AtomValue, type EvalValue, describe, evaluateAny } from "../eval/evaluate.js";
import { type PastedResult, evaluatePasted } from "../eval/run/pasted.js";
import { print_layout, print_tensor } from "../print/layout.js";

/**
 * - `printed`: everything the block's print statements wrote, in order;
 * - `unsupported`: the block holds something cute-ts does not evaluate (the case is skipped);
 * - `refused`: cute-ts evaluated it and CuTe, by its rules, would refuse it (the message): the
 *   comment shows CuTe printed something, so the case fails with this as its actual text.
 */
export type BlockOutcome = { printed: string } | { unsupported: string } | { refused: string };

/** the statements of one case, in source order: those it needs, then its print statements */
export type StatementEvaluator = (statements: readonly string[]) => Promise<BlockOutcome>;

/** the first line of a message, at most 300 characters */
function reasonOf(e: Error): string {
  const first = e.message.split("\n")[0]!.trim();
  return first.length > 300 ? `${first.slice(0, 300)}…` : first;
}

const PRINT = /^(?:::)?(?:cute\s*::\s*)?(print|print_layout|print_tensor)\s*\(([\s\S]*)\)\s*;?$/;

/** a C string literal's characters (adjacent literals joined), or undefined when `src` is not only literals */
export function cString(src: string): string | undefined {
  const parts = /^\s*(?:(?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*"\s*)+$/.exec(src);
  if (!parts) return undefined;
  let out = "";
  for (const m of src.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) {
    out += m[1]!.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
      if (e[0] === "x") return String.fromCharCode(parseInt(e.slice(1), 16));
      if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
      return ({ n: "\n", t: "\t", r: "\r", a: "\u0007", b: "\b", f: "\f", v: "\v", "0": "\0" } as Record<string, string>)[e] ?? e;
    });
  }
  return out;
}

function printed(printer: string, v: EvalValue): string {
  if (printer === "print") return v instanceof AtomValue ? v.print() : describe(v);
  if (printer === "print_layout") {
    if (v instanceof Layout || v instanceof ComposedLayout) return print_layout(v);
    throw new UsageError(`print_layout takes a layout; this is ${describe(v)}`);
  }
  if (v instanceof Tensor) return print_tensor(v);
  throw new UsageError(`print_tensor takes a tensor; this is ${describe(v)}`);
}

/** cute-ts's own limits ("cute-ts does not support X yet"), whichever error class says so */
function isUnsupported(e: unknown): boolean {
  return e instanceof Error && /^Unsupported/.test(e.name);
}

/** one-line excerpt of a statement for a reason */
function excerpt(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > 80 ? `${one.slice(0, 80)}…` : one;
}

/** what an error thrown while evaluating a block says about the case: CuTe's refusal, or cute-ts's limit; anything else is a bug */
function outcomeOf(e: unknown): BlockOutcome {
  if (e instanceof CuteError) return { refused: e.message };
  if (e instanceof ParseError || e instanceof UsageError || isUnsupported(e)) return { unsupported: reasonOf(e as Error) };
  throw e;
}

/**
 * A statement evaluator over a block evaluator: `run` takes the statements as one pasted block
 * and gives what its print statements wrote (null: none printed). The block evaluator of
 * `eval -f` plugs in here.
 */
export function blockEvaluator(run: (src: string) => { printed: string | null } | Promise<{ printed: string | null }>): StatementEvaluator {
  return async (statements) => {
    try {
      const r = await run(statements.join("\n"));
      return { printed: r.printed ?? "" };
    } catch (e) {
      return outcomeOf(e);
    }
  };
}

/** blocks of print statements only; any other statement is reported as not evaluated yet */
export const evaluatePrints: StatementEvaluator = async (statements) => {
  let out = "";
  for (const st of statements) {
    const m = PRINT.exec(st.trim());
    if (!m) return { unsupported: `cute-ts does not evaluate the statements before a print yet (a block of declarations, as in '${excerpt(st)}'): it evaluates a print of one expression` };
    const text = cString(m[2]!);
    if (text !== undefined) {
      out += text;
      continue;
    }
    try {
      out += printed(m[1]!, await evaluateAny(m[2]!));
    } catch (e) {
      return outcomeOf(e);
    }
  }
  return { printed: out };
};

/**
 * The statements as one pasted block, as `eval -f` runs them (the block evaluator, or where it
 * refuses as cute-ts's gap, the block run as main()'s body: src/eval/run/pasted.ts), what its
 * print statements wrote.
 */
export const evaluateBlocks: StatementEvaluator = blockEvaluator((src) => {
  const asPrinted = (r: PastedResult) => {
    if (r.k !== "run") return { printed: r.k === "block" ? r.printed : null };
    // a run that ended badly (a failed assertion): what it said, as cute-ts's refusal
    if (r.exit !== 0) throw new UsageError(r.stderr.split("\n").find((l) => l.trim() !== "") ?? `the block ended with exit ${r.exit}`);
    return { printed: r.stdout };
  };
  const r = evaluatePasted(src, false);
  return r instanceof Promise ? r.then(asPrinted) : asPrinted(r);
});
