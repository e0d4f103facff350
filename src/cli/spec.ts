/**
 * A command is declared once as data; the interactive CLI (commander) and `batch` (a fast
 * in-process parser) are both built from the same declaration.
 */

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** true when stdout is a colour-capable TTY and colour is not disabled */
  color: boolean;
  /** --json was given: write one JSON document (schema in src/print/json.ts) instead of text */
  json?: boolean;
  /**
   * --dialect: how values are read and printed. Absent or "cxx": CuTe's C++ print notation;
   * "dsl": the CuTe DSL's Python spelling in, its trace-time print() out; "dsl-printf": the same
   * input, its run-time cute.printf out.
   */
  dialect?: string;
  /** called after each unit of work in commands that run many (a batch record, a check case), so a watchdog can tell slow from stuck */
  progress?: () => void;
}

export interface OptionSpec {
  /** long name without dashes, e.g. "latex" or "value" */
  name: string;
  /** takes a value (`--value T`) or is a flag (`--latex`) */
  value?: string;
  description: string;
}

export type OptionValues = Record<string, string | boolean | undefined>;

export interface CommandSpec {
  name: string;
  summary: string;
  /** positional arguments, e.g. ["EXPR"]; a trailing "..." marks a variadic one */
  args: string[];
  options: OptionSpec[];
  /** shown in --help; each is the argv after `cute-ts` */
  examples: string[];
  /** returns the exit code; writes only through io */
  run(args: string[], opts: OptionValues, io: Io): number | Promise<number>;
}
