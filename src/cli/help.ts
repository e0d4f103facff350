/** --help: built with commander from the same command declarations the fast path uses. */
import { Command } from "commander";
import { COMMANDS } from "./registry.js";
import type { Io } from "./spec.js";

const VERSION = "0.1.0";

export async function runHelp(argv: string[], io: Io): Promise<number> {
  const program = new Command("cute-ts")
    .description("NVIDIA CuTe's layout algebra, atoms and printers on the host: byte-exact print(), print_layout, print_tensor, print_latex")
    .version(VERSION)
    .option("--json", "write one JSON document per answer; errors too, as {\"error\": {...}} on stderr (anywhere on the line)")
    .option("--color", "colour the maps and verdicts even when stdout is not a terminal (FORCE_COLOR=1|2|3 sets the depth)")
    .option("--no-color", "no colour (so do NO_COLOR=1, FORCE_COLOR=0 and TERM=dumb)")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const spec = await entry.load().catch(() => undefined);
    if (!spec) continue;
    const c = program.command(name).description(spec.summary);
    for (const a of spec.args) c.argument(a.endsWith("...") ? `[${a}]` : a.startsWith("[") ? a : `<${a}>`);
    for (const o of spec.options) c.option(`${o.short ? `-${o.short}, ` : ""}--${o.name}${o.value ? ` <${o.value}>` : ""}`, o.description);
    c.addHelpText("after", (spec.notes ? "\n" + spec.notes.trimEnd() + "\n" : "") + "\nExamples:\n" + spec.examples.map((e) => `  $ cute-ts ${e}`).join("\n") + "\n");
  }
  program.addHelpText(
    "after",
    "\nGlobal option: --dialect cxx|dsl|dsl-printf (before or after the command; eval, mma, copy): cxx is CuTe's C++ print notation (the default); dsl reads the CuTe DSL's Python spelling (cute.make_layout((4, 8)), cutlass.Int32(8)) and prints as its print() at trace time (?, ?{div=N}); dsl-printf prints as its cute.printf at run time.\n",
  );
  program.addHelpText("after", "\nExit codes: 0 ok, 1 a verification or check failed, 2 bad input or CuTe refuses it, 3 internal error.\n");
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (e) {
    const code = (e as { exitCode?: number }).exitCode;
    return code === 0 ? 0 : 2;
  }
}
