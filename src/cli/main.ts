/**
 * cute-ts entry point. Kept light for a fast cold start: commander and each command load
 * only when needed.
 */
import { createRequire } from "node:module";
import { writeAll, writeBytes } from "./output.js";
import { dispatch, setHelpRunner } from "./run.js";
import { colorLevel } from "./color.js";
import type { Io } from "./spec.js";

function colorOf(argv: string[]): 0 | 1 | 2 | 3 {
  // tty, not process.stdout: building the stdout stream would switch a pipe to non-blocking writes.
  // Loaded here, not imported, so that runs without color never load it; a built-in resolves from
  // any base path, so this needs no import.meta (absent in the CommonJS bundle bin/cute-ts runs)
  const isTTY = () => (createRequire(process.execPath)("node:tty") as typeof import("node:tty")).isatty(1);
  return colorLevel({ color: argv.includes("--color"), noColor: argv.includes("--no-color") }, process.env, isTTY);
}

// user errors are values with messages; nothing here ever prints a stack, so do not capture them
Error.stackTraceLimit = 0;

/**
 * The commands that run many records (batch, check) spend much of a run before V8's optimizing
 * compiler has caught up with the code they use: hundreds of small functions, optimized one job
 * at a time on a background thread. Two settings let optimized code arrive sooner: each
 * optimized function inlines less (a shorter compile job), and a function must run twice as
 * long before it is optimized (fewer jobs spent on lukewarm code). Measured on `batch` over the
 * algebra fixtures, 11 runs alternating with no setting: 38,580 records 696 -> 555 ms, 115,740
 * records 1,358 -> 1,141 ms. Set before anything is optimized, and in the CLI process only:
 * importing the library changes no V8 flag. Both flags exist in the V8 of every Node >= 20 (an
 * unknown one would print an error); newer V8s already default to this budget (132 KB).
 */
function tuneJitForManyRecords(): void {
  const v8 = createRequire(process.execPath)("node:v8") as typeof import("node:v8");
  v8.setFlagsFromString("--max-inlined-bytecode-size-cumulative=230");
  v8.setFlagsFromString("--interrupt-budget=135168");
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let level: 0 | 1 | 2 | 3 | undefined;
  const io: Io = {
    out: (s) => writeAll(1, s),
    err: (s) => writeAll(2, s),
    stream: true,
    outBytes: (b) => writeBytes(1, b),
    // asked only by the commands that draw in color: finding out loads the tty and stream machinery
    get color() {
      return (level ??= colorOf(argv)) > 0;
    },
    get colorLevel() {
      const l = (level ??= colorOf(argv));
      return l === 0 ? undefined : l;
    },
  };
  setHelpRunner(async (args, io) => (await import("./help.js")).runHelp(args, io));
  const command = argv.find((a) => !a.startsWith("-"));
  if (command === "batch" || command === "check") tuneJitForManyRecords();
  process.exitCode = await dispatch(argv, io);
}

void main();
