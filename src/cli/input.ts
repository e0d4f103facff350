/**
 * The text of `eval` / `print`: the argument, the file named by `-f FILE`, or stdin (no argument,
 * or `-`). A nested record (a batch line, a transcript case) reads neither a file nor stdin: the
 * dispatcher refuses it (`path` on the option, `readsStdin` on the command).
 */
import { UsageError } from "../core/errors.js";
import { MAX_INPUT } from "../notation/parse.js";
import { stringOption } from "./options.js";
import type { OptionSpec, OptionValues } from "./spec.js";
import { builtin } from "./builtin.js";

export const FILE_OPTION: OptionSpec = {
  name: "file",
  short: "f",
  value: "FILE",
  path: true,
  description: "read the expression or block (a pasted kernel snippet: declarations and print statements) from FILE",
};

/** at most this many bytes are read: MAX_INPUT characters of UTF-8 */
const MAX_BYTES = MAX_INPUT * 4;

/** `CommandSpec.readsStdin`: no expression and no file */
export function readsStdin(args: string[], opts: OptionValues): boolean {
  return opts.file === undefined && (args.length === 0 || (args.length === 1 && args[0] === "-"));
}

/** the argument as it is, or a promise of the file's or stdin's text */
export function programText(cmd: string, args: string[], opts: OptionValues): string | Promise<string> {
  const file = stringOption(opts.file, "--file");
  if (args.length > 1) throw new UsageError(`${cmd} takes one expression (quote it for the shell), -f FILE, or stdin`);
  if (file !== undefined) {
    if (args.length > 0) throw new UsageError(`${cmd} reads the expression from -f ${file} or from its argument, not both`);
    return readFile(file);
  }
  if (args.length === 1 && args[0] !== "-") return args[0]!;
  return readStdin(cmd, args.length === 1);
}

async function readFile(path: string): Promise<string> {
  const fs = builtin<typeof import("node:fs")>("node:fs");
  let st;
  try {
    st = fs.statSync(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new UsageError(`cannot read ${path}: ${code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (e as Error).message}`);
  }
  if (!st.isFile()) throw new UsageError(`cannot read ${path}: ${st.isDirectory() ? "it is a directory" : "it is not a regular file"}`);
  if (st.size > MAX_BYTES) throw new UsageError(`cannot read ${path}: ${st.size} bytes is more than an expression may be (${MAX_INPUT} characters)`);
  try {
    return fs.readFileSync(path, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as Error).message}`);
  }
}

async function readStdin(cmd: string, dash: boolean): Promise<string> {
  if (!dash && builtin<typeof import("node:tty")>("node:tty").isatty(0)) throw new UsageError(`${cmd} takes one expression (quote it for the shell), -f FILE, or a block on stdin`);
  const fs = builtin<typeof import("node:fs")>("node:fs");
  let text: string;
  try {
    text = fs.readFileSync(0, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read stdin: ${(e as Error).message}`);
  }
  if (text.length > MAX_INPUT) throw new UsageError(`stdin holds more than an expression may be (${MAX_INPUT} characters)`);
  if (text.trim() === "") throw new UsageError(`${cmd} takes one expression (quote it for the shell), -f FILE, or a block on stdin; stdin was empty`);
  return text;
}
