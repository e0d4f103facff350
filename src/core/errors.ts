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
  /** what was expected, as text (the caller's inputs spelled by their parameters' names) */
  readonly expected: string;
  /** what was expected, as words that may name the caller's inputs (the CLI spells them as its options) */
  readonly wording: Wording;
  constructor(
    readonly input: string,
    readonly pos: number,
    expected: Wording,
  ) {
    const c = caret(input, pos);
    const text = spell(expected);
    super(`${text}${c.note}\n${c.text}`);
    this.expected = text;
    this.wording = expected;
    this.name = "ParseError";
  }
}

/**
 * The input with a caret under `pos`: of a multi-line input (C++ pasted from a kernel), the line
 * holding it; of a long line, the part around it (escaped, at most 2 * ECHO_LIMIT characters),
 * with a note saying where it is
 */
function caret(input: string, pos: number): { text: string; note: string } {
  const at = Math.max(0, Math.min(pos, input.length));
  if (!input.includes("\n")) {
    const x = excerpt(input, at);
    return { text: `  ${x.text}\n  ${" ".repeat(x.caret)}^`, note: x.clipped ? ` (at character ${at + 1} of an input of ${input.length} characters)` : "" };
  }
  const start = input.lastIndexOf("\n", at - 1) + 1;
  const nl = input.indexOf("\n", at);
  const line = input.slice(start, nl < 0 ? input.length : nl).replace(/[\t\r]/g, " ");
  let n = 1;
  for (let i = input.indexOf("\n"); i >= 0 && i < start; i = input.indexOf("\n", i + 1)) n++;
  const head = `  line ${n}: `;
  const x = excerpt(line, at - start);
  return { text: `${head}${x.text}\n${" ".repeat(head.length + x.caret)}^`, note: x.clipped ? ` (at character ${at - start + 1} of line ${n}, a line of ${line.length} characters)` : "" };
}

/** how much of an input a message shows, at most: an echo of a megabyte helps no one */
export const ECHO_LIMIT = 120;

/** text with its control characters written as escapes (\n, \t, \u0000 ...): one line, whatever it holds */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(text) ? text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, controlEscape) : text;
}
function controlEscape(c: string): string {
  if (c === "\n") return "\\n";
  if (c === "\t") return "\\t";
  if (c === "\r") return "\\r";
  return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
}

/** the end of a cut at `at` that splits no surrogate pair */
function cutAt(text: string, at: number): number {
  const c = text.charCodeAt(at - 1);
  return c >= 0xd800 && c <= 0xdbff ? at - 1 : at;
}

/**
 * User text as a message quotes it: in single quotes, on one line (control characters
 * escaped), at most `limit` characters, and when cut, how long it was.
 */
export function quote(text: string, limit = ECHO_LIMIT): string {
  if (text.length <= limit) return `'${escapeControls(text)}'`;
  return `'${escapeControls(text.slice(0, cutAt(text, limit)))}…' (${text.length} characters)`;
}

/** the part of `input` a caret message shows around `pos`: escaped, at most 2 * ECHO_LIMIT characters */
export function excerpt(input: string, pos: number): { text: string; caret: number; clipped: boolean } {
  const p = Math.max(0, Math.min(pos, input.length));
  let start = 0, end = input.length;
  if (input.length > 2 * ECHO_LIMIT) {
    start = Math.max(0, Math.min(p - ECHO_LIMIT, input.length - 2 * ECHO_LIMIT));
    const c = input.charCodeAt(start);
    if (c >= 0xdc00 && c <= 0xdfff) start++; // not the second half of a surrogate pair
    end = cutAt(input, start + 2 * ECHO_LIMIT);
  }
  const head = (start > 0 ? "…" : "") + escapeControls(input.slice(start, p));
  const text = head + escapeControls(input.slice(p, end)) + (end < input.length ? "…" : "");
  return { text, caret: head.length, clipped: start > 0 || end < input.length };
}

/** C++ that cute-ts does not read yet (a cast, a lambda, a pointer declaration): a parse error that is cute-ts's own, not the input's */
export class UnsupportedSyntax extends ParseError {
  constructor(input: string, pos: number, what: string) {
    super(input, pos, `cute-ts does not support C++ ${what} yet`);
    this.name = "UnsupportedSyntax";
  }
}

/**
 * One of the caller's inputs, named in a message by its parameter's name (`ctaTile`, `thread`),
 * or a setting of one (`value`: the dialect dsl): the library layers speak of values, never of
 * command-line options; the CLI spells each input as the option that gives it (`optionSpelling`
 * in src/cli/spelling.ts: ctaTile is --cta-tile, the dialect dsl is --dialect dsl).
 */
export class Input {
  constructor(
    readonly name: string,
    readonly value?: string,
  ) {}
}
export const input = (name: string, value?: string): Input => new Input(name, value);
/** an input as the library's messages name it: its parameter's name, then the value it is set to, if any (`dialect dsl`) */
export const parameterSpelling = (i: Input): string => (i.value === undefined ? i.name : `${i.name} ${i.value}`);
/** text that may name the caller's inputs: a string, or strings and `Input`s in order */
export type Wording = string | readonly (string | Input)[];
/** a template literal whose `Input`s (and the inputs of a `Wording` in it) stay inputs: words`${input("tv")} must have two modes` */
export function words(strings: TemplateStringsArray, ...xs: unknown[]): Wording {
  const out: (string | Input)[] = [strings[0]!];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x instanceof Input) out.push(x);
    else if (Array.isArray(x)) out.push(...(x as (string | Input)[]));
    else out.push(String(x));
    out.push(strings[i + 1]!);
  }
  return out;
}
/** the wording as text, each input spelled by `spelling` (by default its parameter's name and value: `parameterSpelling`) */
export function spell(w: Wording, spelling: (i: Input) => string = parameterSpelling): string {
  return typeof w === "string" ? w : w.map((p) => (typeof p === "string" ? p : spelling(p))).join("");
}

/** Wrong use of a command (missing argument, unknown option, value of the wrong kind). */
export class UsageError extends Error {
  /** the message as words that may name the caller's inputs (the CLI spells them as its options) */
  readonly wording: Wording;
  constructor(message: Wording) {
    super(spell(message));
    this.wording = message;
    this.name = "UsageError";
  }
}

/** the words a hard limit's message says where `force` was set (the CLI says which option that was) */
export const WHEN_FORCED = "even when forced";

/**
 * A limit of cute-ts's own (not a rule of CuTe) on how much one answer computes or writes: a usage
 * error. Its message speaks of values (the library's `force`, never a command-line option);
 * `forced` says whether the limit is the hard one that holds even under `force` (its message says
 * WHEN_FORCED), else `force` lifts it; `verb` is what forcing lets the caller do ("print",
 * "draw"). The CLI maps these to the option that sets `force` (`limitMessage` in src/cli/run.ts).
 */
export class LimitError extends UsageError {
  constructor(message: Wording, readonly forced: boolean, readonly verb: string) {
    super(message);
    this.name = "LimitError";
  }
}

/**
 * A command line that a batch record or a transcript may not run (it would read or write files
 * the user did not name on the outer command line). Decided after its options are parsed.
 */
export class NestingRefused extends UsageError {
  constructor(message: string) {
    super(message);
    this.name = "NestingRefused";
  }
}

/**
 * Something CuTe has that cute-ts lacks: the refusal is cute-ts's, not CuTe's (a kernel that does
 * this is not wrong). The message reads "cute-ts does not support WHAT yet" and then `detail`
 * (starting with its own punctuation: " (...)", ": ..."), and is printed as it is.
 */
export class Unsupported extends Error {
  constructor(
    readonly what: string,
    /** what follows, in words that may name the caller's inputs (the CLI spells them as its options) */
    readonly detail: Wording = "",
  ) {
    super(`cute-ts does not support ${what} yet${spell(detail)}`);
    this.name = "Unsupported";
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
