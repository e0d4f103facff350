/**
 * The command table: each command's name, one-line summary and loader. Commands load on first
 * use (a cold start pays only for the one it runs). Names come from the user: every lookup is
 * own-property only, so `constructor` or `__proto__` is an unknown command, not Object's.
 */
import type { CommandSpec } from "./spec.js";

export interface CommandEntry {
  summary: string;
  load: () => Promise<CommandSpec>;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = Object.freeze({
  eval: { summary: "print CuTe's print() of an expression", load: async () => (await import("./commands/eval.js")).command },
  print: { summary: "print_layout of a rank-2 layout, print_tensor of a tensor", load: async () => (await import("./commands/print.js")).command },
  mma: { summary: "MMA atoms and tiled MMAs", load: async () => (await import("./commands/mma.js")).command },
  copy: { summary: "copy atoms and tiled copies", load: async () => (await import("./commands/copy.js")).command },
  tma: { summary: "make_tma_copy on the host", load: async () => (await import("./commands/tma.js")).command },
  "tma-coords": { summary: "TMA coordinate tensors", load: async () => (await import("./commands/tma-coords.js")).command },
  verify: { summary: "verify layouts: partitions, equality, vectors, banks", load: async () => (await import("./commands/verify.js")).command },
  check: { summary: "run golden transcripts (.cute, Markdown)", load: async () => (await import("./commands/check.js")).command },
  run: { summary: "run a CUDA C++ program's main() on the host, its kernels for one thread", load: async () => (await import("./commands/run.js")).command },
  batch: { summary: "run JSON Lines of commands in one process", load: async () => (await import("./commands/batch.js")).command },
  web: { summary: "serve the page (the same engine in a browser) on 127.0.0.1", load: async () => (await import("./commands/web.js")).command },
});

export const COMMAND_NAMES: readonly string[] = Object.keys(COMMANDS);

/** the command of that name, or undefined: never a property Object.prototype lends */
export function commandEntry(name: string): CommandEntry | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

const loaded = new Map<string, CommandSpec>();

/** the loaded spec, when it is already loaded (no promise: batch and check pay no microtask per record) */
export function loadedCommand(name: string): CommandSpec | undefined {
  return loaded.get(name);
}

export async function loadCommand(name: string): Promise<CommandSpec | undefined> {
  const done = loaded.get(name);
  if (done !== undefined) return done;
  const entry = commandEntry(name);
  if (entry === undefined) return undefined;
  const spec = await entry.load();
  loaded.set(name, spec);
  return spec;
}
