/**
 * Errors are values until the edge: algebra and parsing throw these; the CLI turns them into
 * a message on stderr and an exit code.
 */

/** CuTe would refuse this (static_assert, missing overload, run-time division by zero). */
export class CuteError extends Error {
  /** the CuTe operation that refused, e.g. "composition" */
  readonly op: string;
  /** the rule, in CuTe's words where it has them, e.g. "Shape Divisibility Condition" */
  readonly rule: string;
  /** printed operands, for the message */
  readonly operands: string[];
  constructor(op: string, rule: string, operands: string[] = []) {
    // a refusal is an answer, not a bug: skip the (costly, never shown) stack capture
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`${op}: ${rule}${operands.length ? `\n  operands: ${operands.join(", ")}` : ""}`);
    Error.stackTraceLimit = limit;
    this.op = op;
    this.rule = rule;
    this.operands = operands;
    this.name = "CuteError";
  }
}

/** Bad input text: carries the input and the offending position for a caret. */
export class ParseError extends Error {
  constructor(
    readonly input: string,
    readonly pos: number,
    readonly expected: string,
  ) {
    super(`${expected}\n${caret(input, pos)}`);
    this.name = "ParseError";
  }
}

/** the input with a caret under `pos`; of a multi-line input (C++ pasted from a kernel), the line holding it */
function caret(input: string, pos: number): string {
  const at = Math.max(0, pos);
  if (!input.includes("\n")) return `  ${input}\n  ${" ".repeat(at)}^`;
  const start = input.lastIndexOf("\n", at - 1) + 1;
  const nl = input.indexOf("\n", at);
  const line = input.slice(start, nl < 0 ? input.length : nl).replace(/[\t\r]/g, " ");
  let n = 1;
  for (let i = input.indexOf("\n"); i >= 0 && i < start; i = input.indexOf("\n", i + 1)) n++;
  const head = `  line ${n}: `;
  return `${head}${line}\n${" ".repeat(head.length + at - start)}^`;
}

/** Wrong use of a command (missing argument, unknown option, value of the wrong kind). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A check that ran and found the property false (exit 1). */
export class VerificationFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VerificationFailure";
  }
}

export function fail(op: string, rule: string, ...operands: string[]): never {
  throw new CuteError(op, rule, operands);
}
