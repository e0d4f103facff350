/**
 * A command is declared once as data; the interactive CLI (commander) and `batch` (a fast
 * in-process parser) are both built from the same declaration.
 */

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** true when stdout is a colour-capable TTY and colour is not disabled */
  color: boolean;
  /** with color: chalk's level (1 = 16 colours, 2 = 256, 3 = truecolor); 3 when absent */
  colorLevel?: 1 | 2 | 3;
  /** --json was given: write one JSON document (schema in src/print/json.ts) instead of text */
  json?: boolean;
  /**
   * --dialect: how values are read and printed. Absent or "cxx": CuTe's C++ print notation;
   * "dsl": the CuTe DSL's Python spelling in, its trace-time print() out; "dsl-printf": the same
   * input, its run-time cute.printf out.
   */
  dialect?: string;
  /**
   * out() writes straight to a file descriptor (the command line): a printer may write output of
   * any size in chunks as it makes it, so --force has only the 2^32-cell time bound there. Absent where an answer is
   * held whole (a batch record, a transcript case, the page), which keeps the hard ceilings.
   */
  stream?: boolean;
  /** with stream: bytes written as out() would write their text (ASCII/UTF-8), before the call returns */
  outBytes?: (bytes: Uint8Array) => void;
  /** called after each unit of work in commands that run many (a batch record, a check case), so a watchdog can tell slow from stuck */
  progress?: () => void;
}

export interface OptionSpec {
  /** long name without dashes, e.g. "latex" or "value" */
  name: string;
  /** takes a value (`--value T`) or is a flag (`--latex`) */
  value?: string;
  /** the value names a file: such an option is refused inside a batch record or a transcript */
  path?: boolean;
  /** a one-letter spelling (`-f` for `--file`) */
  short?: string;
  /** may be given more than once: the values joined by NUL characters */
  repeat?: boolean;
  description: string;
}

/**
 * The picture options a command that draws offers, in the order its help lists them: --latex
 * (CuTe's print_latex), --svg, and --force past the size limits, each described in the command's
 * words
 */
export function pictureOptions(latex: string, svg: string, force: string): OptionSpec[] {
  return [
    { name: "latex", description: latex },
    { name: "svg", description: svg },
    { name: "force", description: force },
  ];
}

export type OptionValues = Record<string, string | boolean | undefined>;

/**
 * What a command gets from the dispatcher besides its arguments: a way to run other command
 * lines as nested records (a batch line, a transcript case). Passed in, not imported, so that
 * the commands that run records sit below the dispatcher in the import graph.
 */
export interface CommandEnv {
  /**
   * run one command line as a nested record: the exit code, its output through `io`. A line
   * that would read or write files (batch, check, an option naming a path) is refused after
   * its options are parsed: a NestingRefused error is thrown, nothing is run.
   */
  runNested(argv: string[], io: Io): number | Promise<number>;
  /** throws NestingRefused when `runNested(argv)` would refuse it; any other problem is left to the run */
  vetNested(argv: string[]): Promise<void>;
}

export interface CommandSpec {
  name: string;
  summary: string;
  /** positional arguments, e.g. ["EXPR"]; a trailing "..." marks a variadic one */
  args: string[];
  options: OptionSpec[];
  /** shown in --help before the examples: rules a user should know (file handling, limits) */
  notes?: string;
  /** shown in --help; each is the argv after `cute-ts` */
  examples: string[];
  /**
   * why the command never runs as a nested record (a batch line, a transcript case): it reads or
   * writes files the user names (batch, check), or serves until stopped (web)
   */
  notNested?: string;
  /** this command line reads stdin (eval with no expression): refused as a nested record, whose stdin is not the user's */
  readsStdin?(args: string[], opts: OptionValues): boolean;
  /** returns the exit code; writes only through io */
  run(args: string[], opts: OptionValues, io: Io, env: CommandEnv): number | Promise<number>;
}
