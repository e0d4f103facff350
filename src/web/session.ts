/**
 * One line of the page, run: the line becomes the argv of a cute-ts command (an expression is
 * `print` when CuTe's print_layout / print_tensor draws its value, `eval` otherwise), the CLI's
 * own dispatcher prints it (so the page's text is the CLI's, errors and all), and the value is
 * built once more from the same arguments for the picture. No DOM here: Node tests run it.
 */
import { UsageError } from "../core/errors.js";
import { Layout } from "../core/layout.js";
import * as T from "../core/int-tuple.js";
import { D } from "../core/integer.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import { Tensor } from "../core/tensor.js";
import type { Value } from "../core/value.js";
import { evaluate } from "../eval/evaluate.js";
import { shellWords } from "../check/transcript.js";
import { COMMANDS, dispatch, formatError, parseArgv, splitDialect } from "../cli/run.js";
import type { Io, OptionValues } from "../cli/spec.js";
import { algebraPicture } from "./algebra.js";
import { PICTURE_FORCE_MAX_CELLS, PICTURE_MAX_CELLS } from "../print/pictures.js";
import { copyAtomPicture, copyPicture, layoutPicture, partitionPicture, mmaPicture, tensorLabels, tensorPicture, type Picture } from "./picture.js";

/** the commands the page runs: the ones that compute and print, none that reads files or serves */
export const PAGE_COMMANDS = ["eval", "print", "mma", "copy", "tma", "tma-coords", "verify"] as const;
/** the checks of verify the page runs (the others read nothing either, but draw nothing) */
const PAGE_VERIFY = new Set(["banks", "vector"]);
const ON_PAGE = new Set<string>(PAGE_COMMANDS);

export interface Printed {
  out: string;
  err: string;
  exit: number;
}

export interface Outcome extends Printed {
  /** the line as typed */
  line: string;
  /** the argv it ran (after `cute-ts`); empty for an empty line or a line that does not split */
  argv: string[];
  picture?: Picture;
  /** the thread the line itself selects (mma --thread T) */
  thread?: number;
  /** argv printing the picture as `--svg` / `--latex` would, when the CLI draws one */
  svg?: string[];
  latex?: string[];
  /** argv listing one thread's values (mma --thread T), the thread appended */
  threadArgv?: string[];
  /** the line again with --force, where the CLI refused to print or draw without it */
  force?: string[];
}

/**
 * Downloads only where the CLI draws: a picture of more cells than print_svg / print_latex draw
 * without --force is offered with --force only when the line asked for it; past the CLI's hard
 * limit, never. Where --force would lift a refusal (the CLI's own "pass --force"), the line with
 * --force is offered.
 */
export function offerDownloads(o: Outcome, notes: string[] = []): void {
  const argv = o.argv;
  const forced = argv.includes("--force");
  const cells = o.picture?.panels.reduce((s, p) => s + p.rows * p.cols, 0) ?? 0;
  const asks = [o.err, ...notes, ...(o.picture?.notes ?? [])].some((t) => /pass --force/.test(t));
  if (!o.picture || o.picture.panels.length === 0 || cells > PICTURE_FORCE_MAX_CELLS || (cells > PICTURE_MAX_CELLS && !forced)) {
    delete o.svg;
    delete o.latex;
  }
  if (forced || argv.length === 0) return;
  if (asks || (cells > PICTURE_MAX_CELLS && cells <= PICTURE_FORCE_MAX_CELLS)) o.force = [...argv, "--force"];
}

/** run an argv through the CLI's dispatcher, collecting what it writes */
export async function runArgv(argv: string[]): Promise<Printed> {
  let out = "", err = "";
  const io: Io = { out: (s) => (out += s), err: (s) => (err += s), color: false };
  const r = dispatch(argv, io);
  const exit = typeof r === "number" ? r : await r;
  return { out, err, exit };
}

/** a word as the shell reads it back: bare when it is plain, else in single quotes */
export function shellQuote(w: string): string {
  if (w !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(w)) return w;
  return `'${w.replace(/'/g, `'\\''`)}'`;
}

/** `cute-ts ARGV` as one would type it in a shell */
export function shellLine(argv: string[]): string {
  return ["cute-ts", ...argv.map(shellQuote)].join(" ");
}

/**
 * The argv of a line: a line that starts with a command name is a command line (quoted as a
 * shell would, `cute-ts` and a `$` prompt in front are dropped); anything else is an expression.
 */
export function lineArgv(line: string): { argv: string[]; expression?: string } {
  let s = line.trim().replace(/^\$\s+/, "");
  if (/^cute-ts(\s|$)/.test(s)) s = s.slice("cute-ts".length).trim();
  if (s === "") return { argv: [] };
  // the global --dialect may come before the command
  const first = s.startsWith("--dialect") ? (splitDialect(shellWords(s)).argv[0] ?? "") : /^\S+/.exec(s)![0];
  if (Object.prototype.hasOwnProperty.call(COMMANDS, first)) {
    const runs = `the page runs ${PAGE_COMMANDS.filter((c) => c !== "verify").join(", ")}, verify banks, verify vector and expressions`;
    if (!ON_PAGE.has(first)) throw new UsageError(`'${first}' runs in a terminal (cute-ts ${first} ...); ${runs}`);
    const argv = shellWords(s);
    if (first === "verify" && !PAGE_VERIFY.has(argv[1] ?? "")) {
      throw new UsageError(`'verify ${argv[1] ?? ""}' runs in a terminal (cute-ts verify ...); ${runs}`);
    }
    return { argv };
  }
  return { argv: [], expression: s };
}

/** does print (print_layout / print_tensor) draw this value? */
function printable(v: Value): boolean {
  if (v instanceof Tensor) return true;
  if (v instanceof Layout || v instanceof ComposedLayout) {
    const base = v instanceof Layout ? v : innermostLayout(v);
    return T.rank(base.shape) === 2;
  }
  return false;
}

/** the picture of an expression's value, when it has one */
function valuePicture(v: Value): Picture | undefined {
  if (v instanceof Tensor) return tensorPicture(v);
  if (v instanceof Layout || v instanceof ComposedLayout) return layoutPicture(v);
  return undefined;
}

export async function runLine(line: string): Promise<Outcome> {
  let parsed: { argv: string[]; expression?: string };
  try {
    parsed = lineArgv(line);
  } catch (e) {
    const { text, code } = formatError(e);
    return { line, argv: [], out: "", err: text, exit: code };
  }
  if (parsed.expression !== undefined) return runExpression(line, parsed.expression);
  if (parsed.argv.length === 0) return { line, argv: [], out: "", err: "", exit: 0 };
  const argv = parsed.argv;
  const printed = await runArgv(argv);
  const outcome: Outcome = { line, argv, ...printed };
  // verify exits 1 when the check fails: its verdict is still drawn
  if (printed.exit !== 0 && !(argv[0] === "verify" && printed.exit === 1)) {
    offerDownloads(outcome);
    return outcome;
  }
  try {
    await addPicture(outcome);
  } catch (e) {
    // the text printed; only the picture failed (e.g. a picture limit): say why under it
    outcome.picture = { kind: "layout", panels: [], width: 0, height: 0, cellW: 1, notes: [formatError(e).text.replace(/^cute-ts: /, "").trim()] };
  }
  offerDownloads(outcome);
  return outcome;
}

async function runExpression(line: string, expr: string): Promise<Outcome> {
  let v: Value | undefined;
  try {
    v = evaluate(expr);
  } catch {
    // the CLI says why, with its caret
  }
  if (v === undefined) return { line, argv: ["eval", expr], ...(await runArgv(["eval", expr])) };
  let argv = printable(v) ? ["print", expr] : ["eval", expr];
  let printed = await runArgv(argv);
  const notes: string[] = [];
  if (printed.exit !== 0 && argv[0] === "print") {
    // print_layout refuses what print() prints (a layout to coordinates, a huge table): show print()
    notes.push(printed.err.replace(/^cute-ts: /, "").trim());
    argv = ["eval", expr];
    printed = await runArgv(argv);
  }
  const outcome: Outcome = { line, argv, ...printed };
  try {
    const pic = valuePicture(v);
    if (pic) {
      const alg = algebraPicture(expr, v, pic) ?? pic;
      alg.notes.unshift(...notes);
      outcome.picture = alg;
    }
  } catch (e) {
    outcome.picture = { kind: "layout", panels: [], width: 0, height: 0, cellW: 1, notes: [...notes, formatError(e).text.replace(/^cute-ts: /, "").trim()] };
  }
  if (v instanceof Layout || v instanceof ComposedLayout) {
    const base = v instanceof Layout ? v : innermostLayout(v);
    if (T.rank(base.shape) <= 2) {
      outcome.svg = ["print", expr, "--svg"];
      outcome.latex = ["print", expr, "--latex"];
    }
  }
  offerDownloads(outcome, notes);
  // print refused what print() printed instead: --force asks print for the table itself
  if (outcome.force && argv[0] === "eval") outcome.force = ["print", expr, "--force"];
  return outcome;
}

const str = (v: string | boolean | undefined): string | undefined => (typeof v === "string" ? v : undefined);

/** the value behind a command line that printed, and its picture */
async function addPicture(o: Outcome): Promise<void> {
  const d = splitDialect(o.argv);
  // the CuTe DSL's dialect is text only: the pictures are drawn from CuTe's notation
  if (d.dialect !== undefined && d.dialect !== "cxx") return;
  const name = d.argv[0]!;
  const spec = await COMMANDS[name]!.load();
  const { args, opts } = parseArgv(spec, d.argv.slice(1).filter((a) => a !== "--json"));
  if (name === "eval" || name === "print") {
    const v = evaluate(args[0]!);
    const pic = valuePicture(v);
    if (pic) o.picture = algebraPicture(args[0]!, v, pic) ?? pic;
    if (v instanceof Layout || v instanceof ComposedLayout) {
      const force = opts.force === true ? ["--force"] : [];
      o.svg = ["print", args[0]!, "--svg", ...force];
      o.latex = ["print", args[0]!, "--latex", ...force];
    }
    return;
  }
  if (name === "mma") return mmaOutcome(o, args, opts);
  if (name === "copy") return copyOutcome(o, args, opts);
  if (name === "tma") return tmaOutcome(o, opts);
  if (name === "tma-coords") return tmaCoordsOutcome(o, opts);
  if (name === "verify" && args[0] === "banks" && str(opts.tv) !== undefined && str(opts.copy) === undefined) {
    const { banksPicture } = await import("./memory.js");
    const pic = await banksPicture(args[1]!, str(opts.tv)!, str(opts.type));
    if (pic) o.picture = pic;
  }
  if (name === "verify" && args[0] === "vector" && args.length === 3) {
    const { vectorPicture } = await import("./memory.js");
    const pic = await vectorPicture(args[1]!, args[2]!, str(opts.type));
    if (pic) o.picture = pic;
  }
}

async function mmaOutcome(o: Outcome, args: string[], opts: OptionValues): Promise<void> {
  if (opts.list) return;
  const { resolveMma } = await import("../atoms/mma/catalog.js");
  const { makeTiledMma } = await import("../eval/args/mma.js");
  const { tiledMmaPictureInput } = await import("../atoms/pictures.js");
  const atoms = str(opts.atoms), tile = str(opts.tile);
  const mma = makeTiledMma(resolveMma(args[0]!), atoms, tile);
  o.picture = mmaPicture(tiledMmaPictureInput(mma));
  const base = ["mma", args[0]!, ...(atoms !== undefined ? ["--atoms", atoms] : []), ...(tile !== undefined ? ["--tile", tile] : [])];
  const force = opts.force === true ? ["--force"] : [];
  o.svg = [...base, "--svg", ...force];
  o.latex = [...base, "--latex", ...force];
  o.threadArgv = [...base, "--thread"];
  const thread = str(opts.thread);
  if (thread !== undefined && /^\d+$/.test(thread)) o.thread = Number(thread);
}

async function copyOutcome(o: Outcome, args: string[], opts: OptionValues): Promise<void> {
  if (opts.list) return;
  const lib = await import("../atoms/copy/index.js");
  const read = await import("../eval/args/copy.js");
  const { tiledCopyPictureInput } = await import("../atoms/pictures.js");
  const atom = lib.make_copy_atom(args[0]!, str(opts.value)!);
  const thr = str(opts.thr), val = str(opts.val), forMma = str(opts["for-mma"]);
  let tc;
  if (forMma !== undefined) tc = await read.make_tiled_copy_for_mma(atom, forMma, read.parseOperand(str(opts.operand)!), str(opts.atoms), str(opts.tile));
  else if (thr !== undefined) tc = lib.make_tiled_copy(atom, read.layoutArg(thr, "--thr"), val === undefined ? undefined : read.layoutArg(val, "--val"));
  if (tc === undefined) {
    o.picture = copyAtomPicture(atom);
    return;
  }
  o.picture = copyPicture(tiledCopyPictureInput(tc));
  const base = o.argv.filter((a) => a !== "--latex" && a !== "--svg" && a !== "--json");
  o.svg = [...base, "--svg"];
  o.latex = [...base, "--latex"];
}

async function tmaCopyFrom(opts: OptionValues) {
  const { tmaArgsFrom } = await import("../eval/args/tma-options.js");
  const tma = await import("../atoms/tma/make-tma-copy.js");
  return tma.makeTmaCopy(tmaArgsFrom(opts));
}

async function tmaOutcome(o: Outcome, opts: OptionValues): Promise<void> {
  const copy = await tmaCopyFrom(opts);
  const coords = await import("../atoms/tma/coords.js");
  const { tiledCopyPictureInput } = await import("../atoms/pictures.js");
  const input = tiledCopyPictureInput(copy.tiled);
  const tile = coords.localTile(coords.getTmaTensor(copy), copy.tilerMN as never, T.wrap(copy.tilerMN).map(() => D(0)) as never);
  const box = copy.desc.boxDim.reduce((a, b) => a * b, 1);
  o.picture = copyPicture(input, "tma", { labels: tensorLabels(tile), block: copy.numElems.v, box });
  o.picture.notes.push(`box ${"(" + copy.desc.boxDim.join(",") + ")"} per TMA instruction, ${copy.desc.dim}-D descriptor; the first CTA tile, local_tile(get_tma_tensor(shape(gmem)), Tiler_MN, 0)`);
}

async function tmaCoordsOutcome(o: Outcome, opts: OptionValues): Promise<void> {
  const copy = await tmaCopyFrom(opts);
  const coords = await import("../atoms/tma/coords.js");
  const { parseTiler, parseCoord, parseInt1 } = await import("../eval/args/tma.js");
  const tile = str(opts.tile), block = str(opts.block), part = str(opts.partition), rank = str(opts.rank);
  let t = coords.getTmaTensor(copy);
  if (tile !== undefined) {
    t = coords.localTile(t, parseTiler(tile, "--tile"), parseCoord(block!, "--block"));
    if (part !== undefined) {
      // the partition over its tile: the CTA's cells coloured, not a column of coordinates
      const r = parseInt1(rank ?? "0", "--rank");
      const block = copy.numElems.v, box = copy.desc.boxDim.reduce((a, b) => a * b, 1);
      o.picture = partitionPicture(t, coords.partition(copy, t, r, part as "S" | "D"), r.v, part, (k) => k % block < box);
      return;
    }
  }
  o.picture = tensorPicture(t);
}
