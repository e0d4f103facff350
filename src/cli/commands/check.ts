import { lstatSync, readdirSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { NestingRefused, UsageError, quote } from "../../core/errors.js";
import { type Case, parseTranscript, trimNewlines, unifiedDiff, updateTranscript } from "../../check/transcript.js";
import { FILE_LIMIT, kindOf, osReason, readRegularFile, writeFileAtomic } from "../files.js";
import { RECORD_OUTPUT_LIMIT, recordIo } from "../records.js";
import type { CommandEnv, CommandSpec, Io } from "../spec.js";

const TRANSCRIPT = /\.(cute|md)$/;

/** all the transcripts check reads, read and parsed before any case runs, at most this many bytes together */
const TOTAL_LIMIT = 4 * FILE_LIMIT;

interface Source {
  path: string;
  /** named on the command line (not found in a directory) */
  named: boolean;
}

/**
 * The files to check: each named file, and the regular `.cute` and `.md` files under each named
 * directory. Inside a directory, symbolic links and anything not a regular file are passed
 * over (never followed, never read). A named path may be a symbolic link to a regular file,
 * but not with --update: the user names the file that is rewritten.
 */
function collect(paths: string[], update: boolean, allowEmpty: boolean): Source[] {
  const out: Source[] = [];
  for (const p of paths) {
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
      const found = walk(p);
      if (found.length === 0 && !allowEmpty) throw new UsageError(`check: ${quote(p)} holds no .cute or .md file; pass --allow-empty to accept that`);
      out.push(...found.map((path) => ({ path, named: false })));
    } else if (st.isFile()) {
      if (update && lstatSync(p).isSymbolicLink()) {
        throw new UsageError(`check --update: ${quote(p)} is a symbolic link; name the file it points to, which is the one rewritten`);
      }
      out.push({ path: p, named: true });
    } else {
      throw new UsageError(`check reads regular files (and directories of them); ${quote(p)} is ${kindOf(st)}`);
    }
  }
  return out;
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
    if (e.isDirectory()) out.push(...walk(q)); // a Dirent for a symbolic link is a link, not a directory: links are not followed
    else if (e.isFile() && TRANSCRIPT.test(e.name)) out.push(q);
  }
  return out;
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
}

/** the most failures --json lists (each with at most FAILURE_TEXT characters of expected and actual text) */
const MAX_LISTED = 1000;
const FAILURE_TEXT = 64 * 1024;
const clip = (s: string) => (s.length > FAILURE_TEXT ? `${s.slice(0, FAILURE_TEXT)}… (${s.length} characters)` : s);

export async function checkFiles(paths: string[], options: CheckOptions, io: Io, env: CommandEnv): Promise<{ cases: number; failed: number; failures: CheckFailure[] }> {
  const { update, allowEmpty } = options;
  // every transcript read, parsed and vetted before any case runs: a transcript that would run
  // batch or check (or name a file) ends the check at once, with nothing run and nothing written
  const files: { path: string; text: string; cases: Case[] }[] = [];
  let total = 0;
  for (const { path } of collect(paths, update, allowEmpty)) {
    const text = readRegularFile(path, "check");
    total += text.length;
    if (total > TOTAL_LIMIT) throw new UsageError(`check: the transcripts come to more than ${TOTAL_LIMIT} characters; check fewer at a time`);
    const cases = parseTranscript(text, path.endsWith(".md"));
    if (cases.length === 0 && !allowEmpty) throw new UsageError(`check: ${quote(path)} has no cases (no '$ cute-ts ...' line${path.endsWith(".md") ? " in a console code block" : ""}); pass --allow-empty to accept that`);
    for (const c of cases) {
      try {
        await env.vetNested(c.argv);
      } catch (e) {
        if (e instanceof NestingRefused) throw new UsageError(`${path}:${c.line}: ${e.message}`);
        throw e;
      }
    }
    files.push({ path, text, cases });
  }
  let cases = 0, failed = 0;
  const failures: CheckFailure[] = [];
  const rec = recordIo(RECORD_OUTPUT_LIMIT, true, io.dialect);
  for (const { path, text, cases: parsed } of files) {
    // with --update, the new text of each case that changed (the others keep theirs)
    const actual: string[] = [];
    let changed = 0;
    for (const c of parsed) {
      rec.reset();
      await env.runNested(c.argv, rec.io);
      const r = rec.take();
      const out = r.over === undefined ? r.out : `cute-ts: check: the output of this case is ${r.over} characters, more than the ${RECORD_OUTPUT_LIMIT} check holds for one case\n`;
      cases++;
      io.progress?.();
      const expected = trimNewlines(c.expected), got = trimNewlines(out);
      if (got === expected) {
        actual.push(c.expected);
        continue;
      }
      failed++;
      if (update) {
        if (r.over !== undefined) throw new UsageError(`${path}:${c.line}: the output is ${r.over} characters, more than the ${RECORD_OUTPUT_LIMIT} check writes for one case; ${quote(path)} is not updated`);
        changed += got.length;
        if (changed > FILE_LIMIT) throw new UsageError(`${path}: the updated transcript would be more than ${FILE_LIMIT} characters; ${quote(path)} is not updated`);
        actual.push(out);
      } else if (io.json) {
        if (failures.length < MAX_LISTED) failures.push({ file: path, line: c.line, command: c.text, expected: clip(expected), actual: clip(got) });
      } else io.out(`${path}:${c.line}: ${c.text}\n` + unifiedDiff(expected, got, `${path}:${c.line}`));
    }
    if (update && parsed.length) {
      const next = updateTranscript(text, parsed, actual);
      if (next !== text) writeFileAtomic(path, next, "check --update");
    }
  }
  return { cases, failed, failures };
}

export const command: CommandSpec = {
  name: "check",
  summary: "Run golden transcripts ($ cute-ts ... lines and their expected output in .cute or Markdown files); diff mismatches, exit 1 if any",
  args: ["FILE..."],
  options: [
    { name: "update", description: "rewrite the expected outputs with what cute-ts prints now (atomically: a temporary file beside it, renamed over it)" },
    { name: "allow-empty", description: "accept a file with no cases (or a directory with no transcripts) instead of refusing it" },
  ],
  notNested: "it reads and writes files",
  notes: `Files: each FILE must be a regular file (a symbolic link to one is read through) of at most ${FILE_LIMIT / 1048576} MiB;
a FIFO, a device or a socket is refused, never read. In a directory, the regular .cute and .md files are read;
symbolic links there are not followed. --update rewrites only files named or found this way, and never through a
symbolic link: name the file a link points to, since that is the file rewritten. A file with no cases is an
error unless --allow-empty. A transcript may not run batch or check: the check stops before running anything.`,
  examples: ["check goldens/", "check README.md", "check kernel-layouts.cute --update"],
  async run(args, opts, io, env) {
    if (args.length === 0) throw new UsageError("check needs at least one .cute or .md file (or a directory)");
    const update = opts.update === true;
    const { cases, failed, failures } = await checkFiles(args, { update, allowEmpty: opts["allow-empty"] === true }, io, env);
    if (io.json) {
      io.out(JSON.stringify({ kind: "check", cases, failed, updated: update ? failed : 0, failures: update ? [] : failures, ...(failures.length < failed && !update ? { failuresListed: failures.length } : {}) }) + "\n");
      return update || !failed ? 0 : 1;
    }
    if (update) {
      io.err(`${cases} case${cases === 1 ? "" : "s"}, ${failed} updated\n`);
      return 0;
    }
    io.err(`${cases} case${cases === 1 ? "" : "s"}, ${failed} failed\n`);
    return failed ? 1 : 0;
  },
};
