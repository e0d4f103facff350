/**
 * The goldens of a C++ program checked by running it: a source with a main() is run through
 * `cute-ts run`'s interpreter (src/eval/run/: main() on the host, each kernel launch for the
 * selected block and thread), every print statement that runs is recorded with its line and
 * column, and each case (cxx-source.ts) gets what its print statements printed the first time
 * they ran. A print inside a kernel or a function template is so checked with the values the
 * program's own call sites give it.
 */
import { CuteError, ParseError, UsageError } from "../core/errors.js";
import { type LoadedProgram, type PrintEvent, type RunOptions, hasMain, loadProgram, runProgram } from "../eval/run/index.js";
import type { CxxCase } from "./cxx-source.js";

/** how check runs a program: the options `cute-ts run` takes */
export type RunSettings = Pick<RunOptions, "block" | "thread" | "defines" | "arch" | "readLocal">;

/**
 * What the run says of one case:
 * - `printed`: what its print statements printed the first time they ran;
 * - `refused`: CuTe, by its rules, refuses what a print statement of the case prints (the message);
 * - `skip`: it ran, but what it prints only the GPU knows, or cute-ts cannot print it;
 * - `unreached`: the run never ran it (the reason says where the run ended): the case is
 *   evaluated as a source without main() is, and skipped with this reason if that cannot be done.
 */
export type CaseRun = { printed: string } | { refused: string } | { skip: string } | { unreached: string };

/** the run of one file's program, made once for all its cases */
export interface ProgramCheck {
  /** what the run says of the case at index k of the cases it was made for */
  outcome(k: number): CaseRun;
}

/** cute-ts's own limits ("cute-ts does not support X yet"), whichever error class says so */
const isUnsupported = (e: unknown): boolean => e instanceof Error && /^Unsupported/.test(e.name);
/** an error that says something of the program (CuTe's refusal, a parse error, a limit), not a bug of cute-ts */
const isUserError = (e: unknown): e is Error => e instanceof CuteError || e instanceof ParseError || e instanceof UsageError || isUnsupported(e);
/** the first line of a message, at most 300 characters */
function firstLine(e: Error | string): string {
  const first = (typeof e === "string" ? e : e.message).split("\n")[0]!.trim();
  return first.length > 300 ? `${first.slice(0, 300)}…` : first;
}

/** the source has a main(): the text mentions one (an unreadable program with one is still a program) */
const MAIN = /\bmain\s*\(/;

/**
 * Runs the program of `file` (its text as check read it) when it has a main(), and pairs the
 * print statements that ran with `cases`; undefined when the source has no main() (its cases are
 * evaluated as today, each print with the statements before it).
 */
export async function runCases(file: string, text: string, cases: readonly CxxCase[], settings: RunSettings): Promise<ProgramCheck | undefined> {
  if (!MAIN.test(text)) return undefined;
  const who = `the run of main() (block ${(settings.block ?? [0, 0, 0]).join(",")}, thread ${settings.thread ?? 0})`;
  let loaded;
  try {
    loaded = loadProgram({ file, text, ...settings });
  } catch (e) {
    if (!isUserError(e)) throw e;
    const why = `cute-ts cannot run this program: ${firstLine(e)}`;
    return { outcome: () => ({ unreached: why }) };
  }
  if (!hasMain(loaded)) return undefined;
  const first = await runOnce(file, text, settings, loaded, who);
  // no arch given: a program that ends on an sm90 before printing anything (a Blackwell program checks its GPU first) runs for sm100
  if (settings.arch === undefined && first.failed && !first.prints.some((p) => p.at.file === file)) {
    const again = await runOnce(file, text, { ...settings, arch: "sm100" }, loaded, `${who.slice(0, -1)}, arch sm100)`);
    if (again.prints.some((p) => p.at.file === file)) return { outcome: pairing(file, cases, again.prints, again.ended) };
  }
  return { outcome: pairing(file, cases, first.prints, first.ended) };
}

/** one run: the prints that ran, why the run ended where it did, whether it ended badly */
async function runOnce(file: string, text: string, settings: RunSettings, loaded: LoadedProgram, who: string): Promise<{ prints: PrintEvent[]; ended: string; failed: boolean }> {
  const prints: PrintEvent[] = [];
  try {
    const r = await runProgram({ file, text, ...settings, prints }, loaded);
    // the first line the program itself wrote on stderr (cute-ts's notes aside): why it ended early
    const last = r.stderr.split("\n").find((l) => l.trim() !== "" && !l.startsWith("cute-ts: "))?.trim() ?? "";
    if (r.exit === 0) return { prints, ended: `${who} ended without running this print`, failed: false };
    return { prints, ended: `${who} ended (exit ${r.exit}${last ? `: ${firstLine(last)}` : ""}) before running this print`, failed: true };
  } catch (e) {
    if (!isUserError(e)) throw e;
    return { prints, ended: `${who} stopped before running this print: ${firstLine(e)}`, failed: true };
  }
}

/** each case's outcome from the prints that ran: matched by line and column, or by line where the line holds one print */
function pairing(file: string, cases: readonly CxxCase[], prints: readonly PrintEvent[], ended: string): (k: number) => CaseRun {
  const byPoint = new Map<string, [number, number]>();
  const byLine = new Map<number, [number, number] | null>();
  cases.forEach((c, k) => {
    c.at.forEach((p, i) => {
      byPoint.set(`${p.line}:${p.col}`, [k, i]);
      byLine.set(p.line, byLine.has(p.line) ? null : [k, i]);
    });
  });
  /** per case, the print statements of its first run, in order: a print of the case that comes again (or earlier) starts its next run */
  const first = new Map<number, { i: number; ev: PrintEvent }[]>();
  const closed = new Set<number>();
  for (const ev of prints) {
    if (ev.at.file !== file) continue;
    const hit = byPoint.get(`${ev.at.line}:${ev.at.col}`) ?? byLine.get(ev.at.line) ?? undefined;
    if (hit === undefined) continue;
    const [k, i] = hit;
    if (closed.has(k)) continue;
    const run = first.get(k) ?? [];
    if (run.length && run[run.length - 1]!.i >= i) {
      closed.add(k);
      continue;
    }
    run.push({ i, ev });
    first.set(k, run);
  }
  return (k) => {
    const run = first.get(k);
    if (run === undefined) return { unreached: ended };
    let out = "";
    for (const { ev } of run) {
      const o = ev.out;
      if ("unknown" in o) return { skip: `it prints ${o.unknown}: only a run on the GPU knows it` };
      if ("error" in o) {
        if (o.error instanceof CuteError) return { refused: o.error.message };
        if (isUserError(o.error)) return { skip: firstLine(o.error) };
        throw o.error;
      }
      out += o.text;
    }
    return { printed: out };
  };
}
