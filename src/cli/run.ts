/**
 * The edge: run one command line (argv after `cute-ts`) against an Io, turning typed errors into
 * messages and exit codes. 0 ok, 1 a verification failed, 2 usage/parse error or a refusal,
 * 3 an internal error (a cute-ts bug: it says so, without a stack trace).
 *
 * A command line is read in two steps: the global options before the command (--json, --color,
 * --no-color, --help/-h, --version/-V), then the command's own options, where --json, --color,
 * --no-color and --help/-h are also understood in any option position (never as an option's
 * value: `--gmem -h` gives --gmem the value "-h"). Commands that run other command lines
 * (batch, check) get them run through CommandEnv.runNested, which refuses, after the options
 * are parsed, any line that would read or write a file.
 */
import { CuteError, type Wording, LimitError, NestingRefused, ParseError, Unsupported, UnsupportedSyntax, UsageError, VerificationFailure, WHEN_FORCED, escapeControls, excerpt, quote, spell } from "../core/errors.js";
import { suggestion } from "../core/suggest.js";
import { optionSpelling } from "./spelling.js";
import { COMMAND_NAMES, commandEntry, loadCommand, loadedCommand } from "./registry.js";
import type { CommandEnv, CommandSpec, Io, OptionValues } from "./spec.js";

export { COMMANDS } from "./registry.js";

/** the error as a --json document: {"error": {kind, message, op?, rule?, operands?}} */
export function formatErrorJson(e: unknown): { text: string; code: number } {
  const { text, code } = formatError(e);
  const kind = e instanceof UnsupportedSyntax || e instanceof Unsupported ? "unsupported" : e instanceof ParseError ? "parse" : e instanceof CuteError ? "refusal" : e instanceof UsageError ? "usage" : e instanceof VerificationFailure ? "verification" : "internal";
  const err: Record<string, unknown> = { kind, exit: code, message: text.replace(/^cute-ts: (?!does )/, "").replace(/\n$/, "") };
  if (e instanceof CuteError) Object.assign(err, { op: e.op, rule: clipLines(e.rule), operands: e.operands.map((o) => clipLines(o)) });
  if (e instanceof ParseError) {
    // a long input is shown around the error, as the text message shows it
    const x = excerpt(e.input, e.pos);
    Object.assign(err, x.clipped ? { input: x.text, inputLength: e.input.length } : { input: e.input }, { position: e.pos, expected: clipLines(spell(e.wording, optionSpelling)) });
  }
  return { text: JSON.stringify({ error: err }) + "\n", code };
}

/** the longest line a message prints; longer ones (a huge operand, say) are cut, saying how long they were */
const LINE_LIMIT = 2000;

/** a message made safe to print: control characters but newlines escaped, each line at most LINE_LIMIT characters */
function clipLines(text: string): string {
  if (text.length <= LINE_LIMIT && !/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(text)) return text;
  return text
    .split("\n")
    .map((l) => {
      const cut = l.length > LINE_LIMIT ? l.slice(0, LINE_LIMIT) : l;
      return escapeControls(cut) + (cut.length < l.length ? `… (a line of ${l.length} characters)` : "");
    })
    .join("\n");
}

/** the last line of a parse error: where the notation and the C++ cute-ts reads are described (shipped in the package) */
const NOTATION_LINK = "  what cute-ts reads: docs/notation.md\n";

export function formatError(e: unknown): { text: string; code: number } {
  const r = formatRaw(e);
  return { text: clipLines(r.text.slice(0, -1)) + "\n", code: r.code };
}

function formatRaw(e: unknown): { text: string; code: number } {
  // a message that starts by naming cute-ts ("cute-ts does not support C++ casts yet") is printed as it is
  if (e instanceof ParseError) {
    const m = e.message.startsWith(e.expected) ? spell(e.wording, optionSpelling) + e.message.slice(e.expected.length) : e.message;
    return { text: `${e.expected.startsWith("cute-ts ") ? m : `cute-ts: cannot parse: ${m}`}\n${NOTATION_LINK}`, code: 2 };
  }
  if (e instanceof CuteError) {
    const ops = e.operands.length ? `\n  operands: ${e.operands.join("  ")}` : "";
    return { text: `cute-ts: CuTe rejects ${e.op}: ${e.rule}${ops}\n`, code: 2 };
  }
  if (e instanceof LimitError) return { text: `cute-ts: ${limitMessage(e)}\n`, code: 2 };
  // a message that names cute-ts itself ("cute-ts does not know ...") is printed as it is, not as "cute-ts: cute-ts ..."
  if (e instanceof UsageError) {
    const m = spelled(e.message, e.wording);
    return { text: m.startsWith("cute-ts ") ? `${m}\n` : `cute-ts: ${m}\n`, code: 2 };
  }
  // "cute-ts does not support X yet" names its tool already
  if (e instanceof Unsupported) return { text: `${spelled(e.message, [`cute-ts does not support ${e.what} yet`, ...(typeof e.detail === "string" ? [e.detail] : e.detail)])}\n`, code: 2 };
  if (e instanceof VerificationFailure) return { text: `${e.message}\n`, code: 1 };
  if (e instanceof RangeError && /call stack/i.test(e.message)) {
    return { text: "cute-ts: input nested too deeply to evaluate\n", code: 2 };
  }
  const msg = e instanceof Error ? e.message : String(e);
  return { text: `cute-ts: internal error (please report): ${msg}\n`, code: 3 };
}

/**
 * An error's message with the inputs its wording names spelled as the options that give them;
 * what was put before the message since it was made (a program's file:line) is kept
 */
function spelled(message: string, w: Wording): string {
  const lib = spell(w);
  return message.endsWith(lib) ? message.slice(0, message.length - lib.length) + spell(w, optionSpelling) : message;
}

/** a limit's message in the CLI's words: the library's `force` is the option --force, each input the option that gives it */
export function limitMessage(e: LimitError): string {
  const m = spelled(e.message, e.wording);
  return e.forced ? m.replace(WHEN_FORCED, "even with --force") : `${m}; pass --force to ${e.verb} it anyway`;
}

// ------------------------------------------------------------------------- command lines

/** the options before the command, the command's name and what follows it */
export interface CommandLine {
  json: boolean;
  /** --dialect cxx|dsl|dsl-printf: how eval, mma and copy read and print (and batch's and check's records by default) */
  dialect?: string;
  color: boolean;
  noColor: boolean;
  help: boolean;
  version: boolean;
  /** the command's name (or "help"); undefined when the line has only options */
  name?: string;
  rest: string[];
}

const DIALECTS = ["cxx", "dsl", "dsl-printf"];

/** --dialect V or --dialect=V at argv[i]: how many tokens it takes (0: not --dialect) */
function dialectOption(cl: CommandLine, argv: string[], i: number): number {
  const a = argv[i]!;
  if (a !== "--dialect" && !a.startsWith("--dialect=")) return 0;
  const v = a === "--dialect" ? argv[i + 1] : a.slice("--dialect=".length);
  if (v === undefined) throw new UsageError("option --dialect needs a value (cxx, dsl or dsl-printf)");
  if (!DIALECTS.includes(v)) {
    throw new UsageError(`--dialect takes cxx (CuTe's C++ print, the default), dsl (the CuTe DSL's print at trace time) or dsl-printf (the DSL's cute.printf at run time), not ${quote(v)}`);
  }
  cl.dialect = v;
  return a === "--dialect" ? 2 : 1;
}

/**
 * The global option --dialect (cxx, dsl, dsl-printf), before or after the command
 * (`--dialect dsl`, `--dialect=dsl`): the command line without it, and its value (the page
 * reads it this way). A value that is not a dialect is refused.
 */
export function splitDialect(argv: string[]): { argv: string[]; dialect?: string } {
  const cl: CommandLine = { json: false, color: false, noColor: false, help: false, version: false, rest: [] };
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") {
      out.push(...argv.slice(i));
      break;
    }
    const k = dialectOption(cl, argv, i);
    if (k === 0) out.push(argv[i]!);
    else i += k - 1;
  }
  return cl.dialect === undefined ? { argv: out } : { argv: out, dialect: cl.dialect };
}

/** the commands that read and print the CuTe DSL's dialect; batch and check take it for their records */
const DIALECT_COMMANDS = new Set(["eval", "mma", "copy", "batch", "check"]);

/** the global flags a command's options may also hold, anywhere a flag may stand */
function globalFlag(cl: CommandLine, a: string): boolean {
  if (a === "--json") cl.json = true;
  else if (a === "--color") cl.color = true;
  else if (a === "--no-color") cl.noColor = true;
  else if (a === "--help" || a === "-h") cl.help = true;
  else return false;
  return true;
}

/** split off the global options before the command */
export function readCommandLine(argv: string[]): CommandLine {
  const cl: CommandLine = { json: false, color: false, noColor: false, help: false, version: false, rest: [] };
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (globalFlag(cl, a)) continue;
    const k = dialectOption(cl, argv, i);
    if (k > 0) {
      i += k - 1;
      continue;
    }
    if (a === "--version" || a === "-V") cl.version = true;
    else if (a === "--") {
      i++;
      break;
    } else if (a.startsWith("-") && a.length > 1) {
      throw new UsageError(`unknown option ${quote(a)} before the command (global options: --json --color --no-color --dialect --help --version)`);
    } else break;
  }
  if (i < argv.length) {
    cl.name = argv[i]!;
    cl.rest = argv.slice(i + 1);
  }
  return cl;
}

const OPTION_INDEX = new WeakMap<CommandSpec, Map<string, CommandSpec["options"][number]>>();

/**
 * split a command's argv by its declared options (`--name value`, `--name=value`, flags and
 * their `--no-name`); the global flags found among them are set on `cl` when it is given
 */
export function parseArgv(spec: CommandSpec, argv: string[], cl?: CommandLine): { args: string[]; opts: OptionValues } {
  const opts: OptionValues = Object.create(null) as OptionValues;
  const args: string[] = [];
  let byName = OPTION_INDEX.get(spec);
  if (byName === undefined) OPTION_INDEX.set(spec, (byName = new Map(spec.options.map((o) => [o.name, o]))));
  const scratch: CommandLine = cl ?? { json: false, color: false, noColor: false, help: false, version: false, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      for (let j = i + 1; j < argv.length; j++) args.push(argv[j]!);
      break;
    }
    if (a.charCodeAt(0) !== 45 /* - */) {
      args.push(a);
      continue;
    }
    if (globalFlag(scratch, a)) continue;
    const k = byName.has("dialect") ? 0 : dialectOption(scratch, argv, i);
    if (k > 0) {
      i += k - 1;
      continue;
    }
    if (a.length === 2 && a.charCodeAt(1) !== 45) {
      // a one-letter option (`-f FILE`)
      const o = spec.options.find((x) => x.short === a[1]);
      if (o !== undefined) {
        if (o.value) {
          const v = argv[++i];
          if (v === undefined) throw new UsageError(`option -${o.short} needs a value (${o.value})`);
          opts[o.name] = o.repeat && opts[o.name] !== undefined ? `${String(opts[o.name])}\0${v}` : v;
        } else opts[o.name] = true;
        continue;
      }
    }
    if (a.startsWith("--") && a.length > 2) {
      const eq = a.indexOf("=");
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      let o = byName.get(name);
      let negated = false;
      if (o === undefined && name.startsWith("no-")) {
        const f = byName.get(name.slice(3));
        if (f !== undefined && !f.value) [o, negated] = [f, true];
      }
      if (!o) {
        const names = spec.options.map((x) => "--" + x.name);
        throw new UsageError(`unknown option ${quote("--" + name)} for ${quote(spec.name)}${suggestion("--" + name, names)} (options: ${names.join(" ") || "none"})`);
      }
      if (o.value) {
        const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
        if (v === undefined) throw new UsageError(`option --${name} needs a value (${o.value})`);
        opts[o.name] = o.repeat && opts[o.name] !== undefined ? `${String(opts[o.name])}\0${v}` : v;
      } else {
        if (eq >= 0) throw new UsageError(`option --${name} is a flag; it takes no value`);
        opts[o.name] = !negated;
      }
      continue;
    }
    args.push(a);
  }
  return { args, opts };
}

// ------------------------------------------------------------------------- dispatch

/** `where` names what is running the line (a batch record, a transcript) when it is nested */
interface Nesting {
  where: string;
}

/** why a nested line may not run, after its options are parsed: it would read or write a file, or serve */
function nestingRefusal(spec: CommandSpec, args: string[], opts: OptionValues, where: string): NestingRefused | undefined {
  if (spec.notNested !== undefined) {
    return new NestingRefused(`${where} cannot run ${quote(spec.name)} (${spec.notNested}): inside batch or check, only the files named on the outer command line are read or written`);
  }
  for (const o of spec.options) {
    const v = opts[o.name];
    if (o.path && v !== undefined && v !== false) return new NestingRefused(`${where} cannot use --${o.name} (it names a file): inside batch or check, only the files named on the outer command line are read or written`);
  }
  if (spec.readsStdin?.(args, opts)) return new NestingRefused(`${where} cannot read stdin: give ${quote(spec.name)} its input on the line itself`);
  return undefined;
}

/** the env a command gets: nested lines run as `where` */
function envFor(spec: CommandSpec): CommandEnv {
  const nesting: Nesting = { where: spec.name === "check" ? "a transcript" : `a ${spec.name} record` };
  return {
    runNested: (argv, io) => dispatch(argv, io, nesting),
    vetNested: (argv) => vetNested(argv, nesting),
  };
}
const ENVS = new WeakMap<CommandSpec, CommandEnv>();

async function vetNested(argv: string[], nesting: Nesting): Promise<void> {
  let spec: CommandSpec | undefined;
  let args: string[];
  let opts: OptionValues;
  try {
    const cl = readCommandLine(argv);
    if (cl.name === undefined) return;
    spec = await loadCommand(cl.name);
    if (spec === undefined) return;
    ({ args, opts } = parseArgv(spec, cl.rest, cl));
    if (cl.help) return;
  } catch {
    return; // not a nesting matter: the run itself reports it
  }
  const refusal = nestingRefusal(spec, args, opts, nesting.where);
  if (refusal) throw refusal;
}

export async function runCommand(argv: string[], io: Io): Promise<number> {
  return dispatch(argv, io);
}

function jsonIo(io: Io): Io {
  return { out: io.out, err: io.err, progress: io.progress, stream: io.stream, outBytes: io.outBytes, json: true, color: false, ...(io.dialect === undefined ? {} : { dialect: io.dialect }) }; // not a spread: it would ask the color getter
}

/** the Io with this dialect; the colour still asked of the original only when a command draws */
function dialectIo(base: Io, dialect: string): Io {
  return {
    out: base.out,
    err: base.err,
    progress: base.progress,
    stream: base.stream,
    outBytes: base.outBytes,
    ...(base.json ? { json: true } : {}),
    dialect,
    get color() {
      return base.color;
    },
    get colorLevel() {
      return base.colorLevel;
    },
  };
}

/**
 * runCommand without a promise when it is not needed: a loaded command whose run() answers
 * synchronously (eval, print, ...) returns its exit code directly, so batch and check pay no
 * microtask per record.
 */
export function dispatch(argv: string[], io: Io, nesting?: Nesting): number | Promise<number> {
  // with --json anywhere, every error is the JSON error document, even one about the command line itself
  const jsonErrors = argv.includes("--json");
  const fail = (e: unknown): number => {
    const { text, code } = jsonErrors ? formatErrorJson(e) : formatError(e);
    io.err(text);
    return code;
  };
  try {
    const cl = readCommandLine(argv);
    if (cl.json) io = jsonIo(io);
    const name = cl.name;
    if (name === undefined) {
      if (cl.version) return help(["--version"], io, fail);
      if (cl.help || argv.length === 0) return help([], io, fail);
      throw new UsageError("no command given; try `cute-ts --help`");
    }
    if (name === "help") {
      if (cl.rest.length > 1) throw new UsageError("help takes at most one command name");
      const about = cl.rest[0];
      if (about !== undefined && commandEntry(about) === undefined) throw unknownCommand(about);
      return help(about === undefined ? [] : [about, "--help"], io, fail);
    }
    if (commandEntry(name) === undefined) throw unknownCommand(name);
    if (cl.version) throw new UsageError("--version goes before the command: cute-ts --version");
    const go = (spec: CommandSpec): number | Promise<number> => {
      const { args, opts } = parseArgv(spec, cl.rest, cl);
      if (cl.help) return help([name, "--help"], io, fail);
      if (nesting) {
        const refusal = nestingRefusal(spec, args, opts, nesting.where);
        if (refusal) throw refusal;
      }
      if (cl.json && !io.json) io = jsonIo(io);
      if (cl.dialect !== undefined) io = dialectIo(io, cl.dialect);
      if ((io.dialect === "dsl" || io.dialect === "dsl-printf") && !DIALECT_COMMANDS.has(name)) {
        throw new UsageError(`--dialect ${io.dialect} applies to eval, mma and copy (the CuTe DSL's spelling and prints); ${quote(name)} reads and prints CuTe's C++ notation only`);
      }
      let env = ENVS.get(spec);
      if (env === undefined) ENVS.set(spec, (env = envFor(spec)));
      const r = spec.run(args, opts, io, env);
      return typeof r === "number" ? r : r.catch(fail);
    };
    const spec = loadedCommand(name);
    if (spec !== undefined) return go(spec);
    return loadCommand(name)
      .then((spec) => go(spec!))
      .catch(fail);
  } catch (e) {
    return fail(e);
  }
}

function unknownCommand(name: string): UsageError {
  return new UsageError(`unknown command ${quote(name)}${suggestion(name, COMMAND_NAMES)} (commands: ${COMMAND_NAMES.join(", ")})`);
}

/**
 * --help and --version are commander's (src/cli/help.ts), which the CLI entry hands in: the page
 * runs this dispatcher too, and its bundle has no use for commander.
 */
let helpRunner: ((argv: string[], io: Io) => Promise<number>) | undefined;
export function setHelpRunner(run: (argv: string[], io: Io) => Promise<number>): void {
  helpRunner = run;
}

function help(argv: string[], io: Io, fail: (e: unknown) => number): Promise<number> {
  if (helpRunner === undefined) return Promise.resolve(fail(new UsageError("help and the version are shown by the command line: cute-ts --help, cute-ts COMMAND --help")));
  return helpRunner(argv, io).catch(fail);
}
