import { lstatSync, readdirSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { NestingRefused, UsageError, escapeControls, quote } from "../../core/errors.js";
import { parseTranscript, trimNewlines, updateTranscript } from "../../check/transcript.js";
import { comparable, findCxxCases, updateCxxComments } from "../../check/cxx-source.js";
import { type StatementEvaluator, evaluateBlocks } from "../../check/statements.js";
import { type ProgramCheck, type RunSettings, runCases } from "../../check/cxx-run.js";
import { parseArchOption, parseBlockOption, parseDefines, parseThreadOption } from "../../eval/args/run.js";
import { type CaseResult, REPORTERS, type ReporterName, reporterFor, summarize, summaryLine } from "../../check/report.js";
import { BOM } from "../../check/lines.js";
import { FILE_LIMIT, type FileSnapshot, decodeBytes, encodeText, kindOf, localIncludes, osReason, readRegularFileBytes, replaceFile } from "../files.js";
import { RECORD_OUTPUT_LIMIT, recordIo } from "../records.js";
import type { CommandEnv, CommandSpec, Io } from "../spec.js";

/** the files a directory is walked for: transcripts and C++ sources */
const TRANSCRIPT = /\.(cute|md)$/;
const CXX = /\.(cu|cuh|hpp|cpp)$/;

/** all the files check reads, read and parsed before any case runs, at most this many bytes together */
const TOTAL_LIMIT = 4 * FILE_LIMIT;

/** a path named on the command line, with the line of one case in it (`FILE:LINE`) */
export interface Target {
  path: string;
  line?: number;
}

/**
 * `FILE:LINE` names the case at LINE of FILE; a path that exists as written is a path, whatever
 * it ends with (a file may be called `a:12`).
 */
export function parseTarget(arg: string, exists: (p: string) => boolean): Target {
  const m = /^(.+):([0-9]{1,9})$/.exec(arg);
  if (!m || exists(arg)) return { path: arg };
  const line = Number(m[2]);
  if (line < 1) throw new UsageError(`check: ${quote(arg)}: lines are counted from 1`);
  return { path: m[1]!, line };
}

interface Source {
  path: string;
  /** named on the command line (not found in a directory) */
  named: boolean;
  /** the lines of the cases to run (FILE:LINE); undefined: every case */
  lines?: number[];
}

/**
 * The files to check: each named file, and the regular `.cute` and `.md` files under each named
 * directory. Inside a directory, symbolic links and anything not a regular file are passed
 * over (never followed, never read). A named path may be a symbolic link to a regular file,
 * but not with --update: the user names the file that is rewritten. A file named twice (two
 * of its lines, or by itself and through a directory) is read once.
 */
function collect(targets: Target[], update: boolean): { sources: Source[]; emptyDirs: string[] } {
  const out: Source[] = [];
  const emptyDirs: string[] = [];
  const seen = new Map<string, Source>();
  const add = (path: string, named: boolean, line: number | undefined) => {
    let s = seen.get(path);
    if (!s) {
      s = { path, named, ...(line === undefined ? {} : { lines: [] }) };
      seen.set(path, s);
      out.push(s);
    } else if (line === undefined || named !== s.named) {
      // the whole file was asked for too
      delete s.lines;
      s.named ||= named;
    }
    if (line !== undefined && s.lines) s.lines.push(line);
  };
  for (const { path: p, line } of targets) {
    let st: Stats;
    try {
      st = statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      let link = false;
      try {
        link = lstatSync(p).isSymbolicLink();
      } catch {
        /* not there at all */
      }
      throw new UsageError(`check cannot read ${quote(p)}: ${link && code === "ENOENT" ? "a broken symbolic link (its target does not exist)" : osReason(e)}`);
    }
    if (st.isDirectory()) {
      if (line !== undefined) throw new UsageError(`check: ${quote(`${p}:${line}`)}: a line names a case in a file; ${quote(p)} is a directory`);
      const found = walk(p);
      if (found.length === 0) emptyDirs.push(p);
      for (const f of found) add(f, false, undefined);
    } else if (st.isFile()) {
      if (update && lstatSync(p).isSymbolicLink()) {
        throw new UsageError(`check --update: ${quote(p)} is a symbolic link; name the file it points to, which is the one rewritten`);
      }
      add(p, true, line);
    } else {
      throw new UsageError(`check reads regular files (and directories of them); ${quote(p)} is ${kindOf(st)}`);
    }
  }
  return { sources: out, emptyDirs };
}

function walk(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    throw new UsageError(`check cannot read the directory ${quote(dir)}: ${osReason(e)}`);
  }
  const out: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const q = join(dir, e.name);
    if (e.isDirectory()) {
      for (const f of walk(q)) out.push(f); // a Dirent for a symbolic link is a link, not a directory: links are not followed
    }
    else if (e.isFile() && (TRANSCRIPT.test(e.name) || CXX.test(e.name))) out.push(q);
  }
  return out;
}

/** one case of a file, whatever kind of file it came from */
interface Job {
  /** 1-based line of the case, and the last line it covers (its expected text) */
  line: number;
  last: number;
  /** what it runs, as the reports name it */
  name: string;
  /** the expected text, trailing newlines trimmed */
  expected: string;
  /**
   * run it: what it printed (or, with `over`, how much past the limit; with `keep`, a refusal
   * that --update must not write as the expected text), or why it is skipped
   */
  run(): Promise<{ out: string; over?: number; keep?: boolean } | { skip: string }>;
  /** the texts as compared and shown in a diff, and whether they are the same */
  judge(out: string): { same: boolean; expected: string; actual: string };
}

interface CheckedFile {
  path: string;
  named: boolean;
  jobs: Job[];
  /** the indices of the jobs to run */
  selected: number[];
  /** the file's text (its BOM aside) with the expected text of the cases in `changes` (job index → new output) replaced */
  update(changes: Map<number, string>): string;
  /** the file as it was read: --update writes it only if it still is so */
  read: FileSnapshot;
  /** it begins with a byte order mark (kept on update; no part of the text the cases are read from) */
  bom: boolean;
}

export interface CheckFailure {
  file: string;
  line: number;
  command: string;
  expected: string;
  actual: string;
}

export interface CheckOptions {
  update: boolean;
  allowEmpty: boolean;
  /** the cases whose command contains this text */
  grep?: string;
  /** a file with no cases fails the run; --update is refused */
  ci: boolean;
  reporter: ReporterName;
  /** GITHUB_ACTIONS=true: the text reporter writes annotations */
  github: boolean;
  /** what runs the statements of a C++ source's cases (evaluateBlocks, the block evaluator of eval -f, unless given) */
  evaluator?: StatementEvaluator;
  /** how a C++ program with main() is run (--block, --thread, -D, --arch) */
  run?: RunSettings;
}

/** the most failures --json lists (each with at most FAILURE_TEXT characters of expected and actual text) */
const MAX_LISTED = 1000;
const FAILURE_TEXT = 64 * 1024;
const clip = (s: string) => (s.length > FAILURE_TEXT ? `${s.slice(0, FAILURE_TEXT)}… (${s.length} characters)` : s);

/** the first line of a text, and how many lines follow it */
function firstLine(s: string): string {
  const t = trimNewlines(s);
  const nl = t.indexOf("\n");
  if (nl < 0) return t === "" ? "(empty)" : t;
  let more = 0;
  for (let i = nl; i >= 0; i = t.indexOf("\n", i + 1)) more++;
  return `${t.slice(0, nl)} (+${more} line${more === 1 ? "" : "s"})`;
}

/** read, parse and vet every file before any case runs */
async function readFiles(sources: Source[], options: CheckOptions, env: CommandEnv, rec: ReturnType<typeof recordIo>): Promise<CheckedFile[]> {
  const files: CheckedFile[] = [];
  let total = 0;
  for (const { path, named, lines } of sources) {
    const read = readRegularFileBytes(path, "check");
    // each byte kept as it was read (one that is not UTF-8 too), so that --update rewrites only the cases' lines
    const whole = decodeBytes(read.bytes);
    const bom = whole.startsWith(BOM);
    const text = bom ? whole.slice(1) : whole;
    total += text.length;
    if (total > TOTAL_LIMIT) throw new UsageError(`check: the files come to more than ${TOTAL_LIMIT} characters; check fewer at a time`);
    if (CXX.test(path)) {
      const cases = findCxxCases(text);
      if (cases.length === 0) {
        // a C++ source found in a directory with no goldens is passed over: most sources hold none
        if (!named) continue;
        if (!options.ci && !options.allowEmpty) throw new UsageError(`check: ${quote(path)} has no cases (no print(x); followed by a // comment holding what it printed); pass --allow-empty to accept that`);
      }
      const evaluator = options.evaluator ?? evaluateBlocks;
      // a program with main() is run once, when its first case runs; its print statements are paired with the cases
      let program: Promise<ProgramCheck | undefined> | undefined;
      const ran = () => (program ??= runCases(path, text, cases, { ...options.run, readLocal: options.run?.readLocal ?? localIncludes(path, "check") }));
      const printed = (out: string) =>
        out.length > RECORD_OUTPUT_LIMIT ? { out: `cute-ts: check: the output of this case is ${out.length} characters, more than the ${RECORD_OUTPUT_LIMIT} check holds for one case\n`, over: out.length } : { out };
      const jobs: Job[] = cases.map((c, k) => ({
        line: c.line,
        last: c.last,
        name: c.name,
        expected: c.expected,
        async run() {
          const byRun = (await ran())?.outcome(k);
          if (byRun !== undefined && "printed" in byRun) return printed(byRun.printed);
          if (byRun !== undefined && "refused" in byRun) return { out: byRun.refused, keep: true };
          if (byRun !== undefined && "skip" in byRun) return { skip: byRun.skip };
          // no main(), or a print the run never ran: its statements before it, as a pasted block
          const unreached = byRun === undefined ? undefined : byRun.unreached;
          if (!Array.isArray(c.before)) return { skip: unreached ?? c.before.unsupported };
          const r = await evaluator([...c.before, ...c.prints]);
          if ("unsupported" in r) return { skip: unreached ?? r.unsupported };
          if ("refused" in r) return { out: r.refused, keep: true };
          return printed(r.printed);
        },
        judge(out) {
          const cmp = comparable(c.expected, out);
          return { same: cmp.expected === cmp.actual, expected: cmp.expected, actual: cmp.actual };
        },
      }));
      files.push({ path, named, jobs, selected: select(path, jobs, lines, options.grep), update: (changes) => updateCxxComments(text, cases, changes), read, bom });
      continue;
    }
    const markdown = path.endsWith(".md");
    const cases = parseTranscript(text, markdown);
    // a transcript that would run batch or check (or name a file) ends the check at once, with nothing run and nothing written
    for (const c of cases) {
      try {
        await env.vetNested(c.argv);
      } catch (e) {
        if (e instanceof NestingRefused) throw new UsageError(`${path}:${c.line}: ${e.message}`);
        throw e;
      }
    }
    const jobs: Job[] = cases.map((c) => ({
      line: c.line,
      last: Math.max(c.line, c.to),
      name: c.text,
      expected: trimNewlines(c.expected),
      async run() {
        rec.reset();
        await env.runNested(c.argv, rec.io);
        const r = rec.take();
        return r.over === undefined ? { out: r.out } : { out: `cute-ts: check: the output of this case is ${r.over} characters, more than the ${RECORD_OUTPUT_LIMIT} check holds for one case\n`, over: r.over };
      },
      judge(out) {
        const expected = trimNewlines(c.expected), actual = trimNewlines(out);
        return { same: expected === actual, expected, actual };
      },
    }));
    if (jobs.length === 0 && !options.ci && !options.allowEmpty) {
      throw new UsageError(`check: ${quote(path)} has no cases (no '$ cute-ts ...' line${markdown ? " in a console code block" : ""}); pass --allow-empty to accept that`);
    }
    files.push({
      path,
      named,
      jobs,
      selected: select(path, jobs, lines, options.grep),
      update: (changes) => updateTranscript(text, cases, cases.map((_, k) => changes.get(k))),
      read,
      bom,
    });
  }
  return files;
}

/** the cases of a file to run: those at the lines named (FILE:LINE), then those whose command holds the --grep text */
function select(path: string, jobs: Job[], lines: number[] | undefined, grep: string | undefined): number[] {
  let picked = jobs.map((_, k) => k);
  if (lines) {
    const at = new Set<number>();
    for (const l of lines) {
      const k = jobs.findIndex((j) => j.line <= l && l <= j.last);
      if (k < 0) {
        const starts = jobs.map((j) => j.line);
        const shown = starts.length > 12 ? `${starts.slice(0, 12).join(", ")}, ...` : starts.join(", ");
        throw new UsageError(`check: ${quote(`${path}:${l}`)} is not a case of ${quote(path)}${starts.length ? ` (its cases start at line${starts.length === 1 ? "" : "s"} ${shown})` : " (it has no cases)"}`);
      }
      at.add(k);
    }
    picked = [...at].sort((a, b) => a - b);
  }
  if (grep !== undefined) picked = picked.filter((k) => jobs[k]!.name.includes(grep));
  return picked;
}

export async function checkFiles(targets: Target[], options: CheckOptions, io: Io, env: CommandEnv): Promise<{ results: CaseResult[]; updated: number; failures: CheckFailure[] }> {
  const { update, ci } = options;
  const { sources, emptyDirs } = collect(targets, update);
  if (emptyDirs.length && !ci && !options.allowEmpty) throw new UsageError(`check: ${quote(emptyDirs[0]!)} holds no .cute, .md or C++ source; pass --allow-empty to accept that`);
  const rec = recordIo(RECORD_OUTPUT_LIMIT, true, io.dialect);
  const files = await readFiles(sources, options, env, rec);
  const selectedCount = files.reduce((n, f) => n + f.selected.length, 0);
  if (options.grep !== undefined && selectedCount === 0 && !options.allowEmpty) {
    throw new UsageError(`check: no case's command contains ${quote(options.grep)} (--grep); pass --allow-empty to accept that`);
  }

  const results: CaseResult[] = [];
  const failures: CheckFailure[] = [];
  const reporter = io.json ? undefined : reporterFor(options.reporter, options.github);
  // under --ci, a directory with no transcripts and a file with no cases are failures of the run
  const empties: CaseResult[] = [];
  if (ci) {
    for (const d of emptyDirs) empties.push({ file: d, line: 1, name: "(no transcripts)", status: "failed", reason: `${d} holds no .cute, .md or C++ source (--ci)`, time: 0 });
    for (const f of files) if (f.jobs.length === 0) empties.push({ file: f.path, line: 1, name: "(no cases)", status: "failed", reason: `${f.path} has no cases (--ci)`, time: 0 });
  }
  const emit = (r: CaseResult) => {
    if (reporter) io.out(reporter.result(r, results.length));
    results.push(r);
  };
  if (reporter) io.out(reporter.begin(selectedCount + empties.length));
  for (const r of empties) emit(r);

  let updated = 0;
  for (const f of files) {
    // with --update, the new text of each case that changed (the others keep theirs)
    const changes = new Map<number, string>();
    let changedSize = 0;
    const listed: string[] = [];
    for (const k of f.selected) {
      const job = f.jobs[k]!;
      const t0 = performance.now();
      const r = await job.run();
      const time = (performance.now() - t0) / 1000;
      io.progress?.();
      const base = { file: f.path, line: job.line, name: job.name, time };
      if ("skip" in r) {
        emit({ ...base, status: "skipped", reason: r.skip });
        continue;
      }
      const judged = job.judge(r.out);
      const got = judged.actual;
      if (judged.same) {
        emit({ ...base, status: "passed" });
        continue;
      }
      if (update && !r.keep) {
        if (r.over !== undefined) throw new UsageError(`${f.path}:${job.line}: the output is ${r.over} characters, more than the ${RECORD_OUTPUT_LIMIT} check writes for one case; ${quote(f.path)} is not updated`);
        changedSize += got.length;
        if (changedSize > FILE_LIMIT) throw new UsageError(`${f.path}: the updated file would be more than ${FILE_LIMIT} characters; ${quote(f.path)} is not updated`);
        changes.set(k, r.out);
        // as the text report does, control characters in a name or a text are shown as escapes, never sent to the terminal
        listed.push(`${escapeControls(f.path)}:${job.line}: ${escapeControls(job.name)}\n  old: ${escapeControls(firstLine(job.expected))}\n  new: ${escapeControls(firstLine(trimNewlines(r.out)))}\n`);
        results.push({ ...base, status: "failed", expected: judged.expected, actual: got });
        continue;
      }
      if (io.json && failures.length < MAX_LISTED) failures.push({ file: f.path, line: job.line, command: job.name, expected: clip(judged.expected), actual: clip(got) });
      emit({ ...base, status: "failed", expected: judged.expected, actual: got });
    }
    if (changes.size) {
      const next = f.update(changes);
      await replaceFile(f.path, encodeText(f.bom ? BOM + next : next), f.read, "check --update");
      updated += changes.size;
      if (!io.json) io.out(listed.join(""));
    }
  }
  if (reporter) {
    const s = summarize(results);
    io.out(reporter.end(results, update ? { passed: s.passed, failed: s.failed - updated, skipped: s.skipped, updated } : s));
  }
  return { results, updated, failures };
}

function envTrue(v: string | undefined): boolean {
  return v !== undefined && /^(true|1)$/i.test(v.trim());
}

export const command: CommandSpec = {
  name: "check",
  summary: "Run goldens ($ cute-ts ... transcripts in .cute or Markdown files; print(x) // comments in C++ sources); report mismatches (text, JUnit XML, TAP), exit 1 if any",
  args: ["FILE[:LINE]..."],
  options: [
    { name: "update", description: "rewrite the expected output of each case that changed with what cute-ts prints now, and list them (atomically: a temporary file beside it, renamed over it)" },
    { name: "grep", value: "TEXT", description: "run only the cases whose command contains TEXT" },
    { name: "reporter", value: "text|junit|tap", description: "the report on stdout: text (unified diffs; GitHub annotations when GITHUB_ACTIONS=true), junit (JUnit XML), tap (TAP 14)" },
    { name: "ci", description: "a CI run (also when CI=true in the environment): --update is refused, a file with no cases fails the run" },
    { name: "allow-empty", description: "accept a file with no cases (or a directory with no transcripts) instead of refusing it" },
    { name: "block", value: "X[,Y[,Z]]", description: "a C++ program with main() is run (as cute-ts run runs it): the block whose kernel code runs (default 0,0,0)" },
    { name: "thread", value: "T", description: "the thread whose kernel code runs in such a run (default 0)" },
    { name: "define", short: "D", value: "NAME[=VALUE]", description: "define a preprocessor macro for such a run (repeatable)", repeat: true },
    { name: "arch", value: "sm90|sm100", description: "the GPU such a run is built for (default sm90; without --arch, a program that ends before any print on sm90 is run for sm100)" },
  ],
  notNested: "it reads and writes files",
  notes: `Files: each FILE must be a regular file (a symbolic link to one is read through) of at most ${FILE_LIMIT / 1048576} MiB;
a FIFO, a device or a socket is refused, never read. In a directory, the regular .cute, .md, .cu, .cuh, .hpp
and .cpp files are read (a C++ source with no golden is passed over there); symbolic links there are not
followed. In a C++ source, a case is a print(x) / print_layout(x) / print_tensor(x) line followed by a //
comment (on the line, or the // lines below it): the statements before it that it needs are evaluated, and
the comment is compared with what it prints, whitespace aside and without a leading 'name:' label the
print does not write; a case cute-ts cannot evaluate (a loop, a parameter, a statement it does not read) is
skipped with the reason. A source with main() is run as 'cute-ts run' runs it (--block, --thread, -D,
--arch) and each print that runs is compared, the first time it runs, with its comment; a print the run
does not reach is evaluated as above. An address written by name in capitals (gmem_ptr[16b](GMEM_ADDR_A))
stands for the address printed there. Under --ci, a run in which no case ran fails. FILE:LINE runs the one case at that line (its command or its expected
text). --update rewrites only files named or found this way, only the lines of the cases that changed (every
other byte is kept, bytes that are not UTF-8 too; new lines end as the file's do, CRLF or LF; a BOM stays), and
never through a symbolic link: name the file a link points to, since that is the file rewritten. It refuses,
leaving the file as it was, a file that changed while check ran, a read-only file, a file with other hard
links, and one whose owner it cannot keep. A CRLF transcript checks as its LF twin; a leading BOM is skipped. A file with no cases is an
error unless --allow-empty (a failure under --ci). A transcript may not run batch or check: the check stops
before running anything. The report ends with one line 'N passed, N failed' (', N skipped' when some were):
plain for text, '# ...' for TAP, an XML comment after JUnit's document; --json gives the counts in its document.`,
  examples: ["check goldens/", "check README.md", "check goldens/layouts.cute:12", "check goldens/ --grep tiled_divide", "check goldens/ --reporter junit", "check kernel-layouts.cute --update", "check kernel.cu", "check kernel.cu --block 1 --thread 5"],
  async run(args, opts, io, env) {
    if (args.length === 0) throw new UsageError("check needs at least one .cute, .md or C++ (.cu, .cuh, .hpp, .cpp) file, or a directory");
    const update = opts.update === true;
    const ci = opts.ci === true || envTrue(process.env.CI);
    const reporter = (opts.reporter ?? "text") as string;
    if (!(REPORTERS as readonly string[]).includes(reporter)) throw new UsageError(`check --reporter: ${quote(reporter)} is not a reporter (${REPORTERS.join(", ")})`);
    if (ci && update) throw new UsageError(`check --update is refused in a CI run (${opts.ci === true ? "--ci" : "CI=true in the environment"}): CI compares against the goldens and never rewrites them`);
    if (io.json && reporter !== "text") throw new UsageError(`check: --json and --reporter ${reporter} both choose what stdout holds; pick one`);
    if (update && reporter !== "text") throw new UsageError(`check --update lists the cases it rewrote as text; --reporter ${reporter} is for runs that compare`);
    const grep = typeof opts.grep === "string" ? opts.grep : undefined;
    if (grep === "") throw new UsageError("check --grep needs a non-empty TEXT");
    const exists = (p: string) => {
      try {
        statSync(p);
        return true;
      } catch {
        return false;
      }
    };
    const targets = args.map((a) => parseTarget(a, exists));
    const run: RunSettings = { block: parseBlockOption(opts.block), thread: parseThreadOption(opts.thread), defines: parseDefines(opts.define), ...(opts.arch === undefined ? {} : { arch: parseArchOption(opts.arch) }) };
    const options: CheckOptions = { update, allowEmpty: opts["allow-empty"] === true, ci, reporter: reporter as ReporterName, github: envTrue(process.env.GITHUB_ACTIONS), run, ...(grep === undefined ? {} : { grep }) };
    const { results, updated, failures } = await checkFiles(targets, options, io, env);
    const s = summarize(results);
    const failed = s.failed - updated;
    if (io.json) {
      const skips = results.filter((r) => r.status === "skipped").slice(0, MAX_LISTED).map((r) => ({ file: r.file, line: r.line, command: r.name, reason: r.reason ?? "" }));
      const errors = results.filter((r) => r.status === "failed" && r.expected === undefined).map((r) => ({ file: r.file, line: r.line, reason: r.reason ?? "" }));
      io.out(
        JSON.stringify({
          kind: "check",
          cases: results.length,
          passed: s.passed,
          failed,
          skipped: s.skipped,
          updated,
          summary: summaryLine(update ? { passed: s.passed, failed, skipped: s.skipped, updated } : s),
          failures,
          ...(failures.length < failed - errors.length ? { failuresListed: failures.length } : {}),
          ...(skips.length ? { skips } : {}),
          ...(errors.length ? { errors } : {}),
        }) + "\n",
      );
    }
    if (failed) return 1;
    // a CI run that compared nothing (every case skipped, or none selected) checked nothing: it fails
    if (ci && s.passed === 0) {
      io.err(`cute-ts: check --ci: no case ran (${s.skipped} skipped): a CI run that compares nothing fails\n`);
      return 1;
    }
    return 0;
  },
};
