/**
 * The edge: run one command (argv after `cute-ts`) against an Io, turning typed errors into
 * messages and exit codes. 0 ok, 1 a verification failed, 2 usage/parse error or a refusal,
 * 3 an internal error (a cute-ts bug: it says so, without a stack trace).
 */
import { CuteError, ParseError, UsageError, VerificationFailure } from "../core/errors.js";
import type { CommandSpec, Io, OptionValues } from "./spec.js";

export const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandSpec> }> = {
  eval: { summary: "print CuTe's print() of an expression", load: async () => (await import("./commands/eval.js")).command },
  print: { summary: "print_layout of a rank-2 layout, print_tensor of a tensor", load: async () => (await import("./commands/print.js")).command },
  mma: { summary: "MMA atoms and tiled MMAs", load: async () => (await import("./commands/mma.js")).command },
  copy: { summary: "copy atoms and tiled copies", load: async () => (await import("./commands/copy.js")).command },
  tma: { summary: "make_tma_copy on the host", load: async () => (await import("./commands/tma.js")).command },
  "tma-coords": { summary: "TMA coordinate tensors", load: async () => (await import("./commands/tma-coords.js")).command },
  verify: { summary: "verify layouts: partitions, equality, vectors, banks", load: async () => (await import("./commands/verify.js")).command },
  check: { summary: "run golden transcripts (.cute, Markdown)", load: async () => (await import("./commands/check.js")).command },
  batch: { summary: "run JSON Lines of commands in one process", load: async () => (await import("./commands/batch.js")).command },
  web: { summary: "serve the page (the same engine in a browser) on 127.0.0.1", load: async () => (await import("./commands/web.js")).command },
};

/** the error as a --json document: {"error": {kind, message, op?, rule?, operands?}} */
export function formatErrorJson(e: unknown): { text: string; code: number } {
  const { text, code } = formatError(e);
  const kind = e instanceof ParseError ? "parse" : e instanceof CuteError ? "refusal" : e instanceof UsageError ? "usage" : e instanceof VerificationFailure ? "verification" : "internal";
  const err: Record<string, unknown> = { kind, exit: code, message: text.replace(/^cute-ts: /, "").replace(/\n$/, "") };
  if (e instanceof CuteError) Object.assign(err, { op: e.op, rule: e.rule, operands: e.operands });
  if (e instanceof ParseError) Object.assign(err, { input: e.input, position: e.pos, expected: e.expected });
  return { text: JSON.stringify({ error: err }) + "\n", code };
}

export function formatError(e: unknown): { text: string; code: number } {
  if (e instanceof ParseError) return { text: `cute-ts: cannot parse: ${e.message}\n`, code: 2 };
  if (e instanceof CuteError) {
    const ops = e.operands.length ? `\n  operands: ${e.operands.join("  ")}` : "";
    return { text: `cute-ts: CuTe rejects ${e.op}: ${e.rule}${ops}\n`, code: 2 };
  }
  if (e instanceof UsageError) return { text: `cute-ts: ${e.message}\n`, code: 2 };
  if (e instanceof VerificationFailure) return { text: `${e.message}\n`, code: 1 };
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return { text: "cute-ts: input nested too deeply to evaluate\n", code: 2 };
  }
  const msg = e instanceof Error ? e.message : String(e);
  return { text: `cute-ts: internal error (please report): ${msg}\n`, code: 3 };
}

const OPTION_INDEX = new WeakMap<CommandSpec, Map<string, CommandSpec["options"][number]>>();

/** split argv by a command's declared options (`--name value`, `--name=value`, flags) */
export function parseArgv(spec: CommandSpec, argv: string[]): { args: string[]; opts: OptionValues } {
  const opts: OptionValues = {};
  const args: string[] = [];
  let byName = OPTION_INDEX.get(spec);
  if (byName === undefined) OPTION_INDEX.set(spec, (byName = new Map(spec.options.map((o) => [o.name, o]))));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith("--") && a.length > 2) {
      const eq = a.indexOf("=");
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      const o = byName.get(name) ?? (name.startsWith("no-") ? byName.get(name.slice(3)) : undefined);
      if (!o) throw new UsageError(`unknown option --${name} for '${spec.name}' (options: ${spec.options.map((x) => "--" + x.name).join(" ") || "none"})`);
      if (o.value) {
        const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
        if (v === undefined) throw new UsageError(`option --${name} needs a value (${o.value})`);
        opts[o.name] = v;
      } else {
        opts[o.name] = !name.startsWith("no-");
      }
      continue;
    }
    args.push(a);
  }
  return { args, opts };
}

/**
 * The global option --dialect (cxx, dsl, dsl-printf), before or after the command
 * (`--dialect dsl`, `--dialect=dsl`): the command line without it, and its value. It reads no
 * file, so batch records and transcript cases may give it too.
 */
export function splitDialect(argv: string[]): { argv: string[]; dialect?: string } {
  let dialect: string | undefined;
  let out: string[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a !== "--dialect" && !a.startsWith("--dialect=")) continue;
    out ??= argv.slice(0, i);
    if (a === "--dialect") {
      const v = argv[i + 1];
      if (v === undefined) throw new UsageError("option --dialect needs a value (cxx, dsl or dsl-printf)");
      dialect = v;
      i++;
    } else dialect = a.slice("--dialect=".length);
    // the rest of the line, without this option
    const rest = splitDialect(argv.slice(i + 1));
    return { argv: [...out, ...rest.argv], dialect: rest.dialect ?? dialect };
  }
  return { argv };
}

/** the commands that read and print the CuTe DSL's dialect; batch and check take it per record */
const DIALECT_COMMANDS = new Set(["eval", "mma", "copy", "batch", "check"]);

const loaded = new Map<string, CommandSpec>();

export async function runCommand(argv: string[], io: Io): Promise<number> {
  return dispatch(argv, io);
}

/**
 * runCommand without a promise when it is not needed: a loaded command whose run() answers
 * synchronously (eval, print, ...) returns its exit code directly, so batch and check pay no
 * microtask per record.
 */
export function dispatch(argv: string[], io: Io): number | Promise<number> {
  if (argv.includes("--json")) {
    io = { out: io.out, err: io.err, progress: io.progress, json: true, color: false }; // not a spread: it would ask the color getter
    argv = argv.filter((a) => a !== "--json");
  }
  const fail = (e: unknown): number => {
    const { text, code } = io.json ? formatErrorJson(e) : formatError(e);
    io.err(text);
    return code;
  };
  try {
    if (argv.some((a) => a === "--dialect" || a.startsWith("--dialect="))) {
      const d = splitDialect(argv);
      argv = d.argv;
      if (d.dialect !== undefined) {
        const dialect = d.dialect;
        if (!["cxx", "dsl", "dsl-printf"].includes(dialect)) throw new UsageError(`--dialect takes cxx (CuTe's C++ print, the default), dsl (the CuTe DSL's print at trace time) or dsl-printf (the DSL's cute.printf at run time), not '${dialect}'`);
        const base = io;
        io = { out: base.out, err: base.err, progress: base.progress, json: base.json, dialect, get color() {
          return base.color;
        } };
      }
    }
    const name = argv[0];
    if (name === undefined) throw new UsageError("no command given; try `cute-ts --help`");
    if ((io.dialect === "dsl" || io.dialect === "dsl-printf") && !DIALECT_COMMANDS.has(name)) {
      throw new UsageError(`--dialect ${io.dialect} applies to eval, mma and copy (the CuTe DSL's spelling and prints); '${name}' reads and prints CuTe's C++ notation only`);
    }
    const entry = COMMANDS[name];
    if (!entry) {
      throw new UsageError(`unknown command '${name}' (commands: ${Object.keys(COMMANDS).join(", ")})`);
    }
    const spec = loaded.get(name);
    const go = (spec: CommandSpec): number | Promise<number> => {
      const { args, opts } = parseArgv(spec, argv.slice(1));
      const r = spec.run(args, opts, io);
      return typeof r === "number" ? r : r.catch(fail);
    };
    if (spec !== undefined) return go(spec);
    return entry.load().then((spec) => {
      loaded.set(name, spec);
      return go(spec);
    }).catch(fail);
  } catch (e) {
    return fail(e);
  }
}
