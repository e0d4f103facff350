import { readFileSync, writeFileSync, statSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../../core/errors.js";
import { parseTranscript, trimNewlines, unifiedDiff, updateTranscript } from "../../check/transcript.js";
import { runCommand, splitDialect } from "../run.js";
import type { CommandSpec, Io } from "../spec.js";

/** `.cute` and `.md` files, directories searched for them */
function collect(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new UsageError(`no such file or directory: ${p}`);
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(p).sort()) {
        const q = join(p, e);
        if (statSync(q).isDirectory() || /\.(cute|md)$/.test(e)) out.push(...collect([q]));
      }
    } else out.push(p);
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

export async function checkFiles(paths: string[], update: boolean, io: Io): Promise<{ cases: number; failed: number; failures: CheckFailure[] }> {
  let cases = 0, failed = 0;
  const failures: CheckFailure[] = [];
  for (const file of collect(paths)) {
    const text = readFileSync(file, "utf8");
    const parsed = parseTranscript(text, file.endsWith(".md"));
    const actual: string[] = [];
    for (const c of parsed) {
      // the command after the global --dialect, which a case may give
      let cmd0: string | undefined;
      try {
        cmd0 = splitDialect(c.argv).argv[0];
      } catch {
        cmd0 = c.argv[0];
      }
      if (cmd0 === "check" || cmd0 === "batch" || cmd0 === "web") throw new UsageError(`${file}:${c.line}: a transcript cannot run '${cmd0}'`);
      let out = "";
      // a --dialect given to check is every case's, unless the case gives its own
      await runCommand(c.argv, { out: (s) => (out += s), err: (s) => (out += s), color: false, ...(io.dialect === undefined ? {} : { dialect: io.dialect }) });
      actual.push(out);
      cases++;
      io.progress?.();
      if (trimNewlines(out) !== trimNewlines(c.expected)) {
        failed++;
        failures.push({ file, line: c.line, command: c.text, expected: trimNewlines(c.expected), actual: trimNewlines(out) });
        if (!update && !io.json) io.out(`${file}:${c.line}: ${c.text}\n` + unifiedDiff(trimNewlines(c.expected), trimNewlines(out), `${file}:${c.line}`));
      }
    }
    if (update && parsed.length) {
      const next = updateTranscript(text, parsed, actual);
      if (next !== text) writeFileSync(file, next);
    }
  }
  return { cases, failed, failures };
}

export const command: CommandSpec = {
  name: "check",
  summary: "Run golden transcripts ($ cute-ts ... lines and their expected output in .cute or Markdown files); diff mismatches, exit 1 if any",
  args: ["FILE..."],
  options: [{ name: "update", description: "rewrite the expected outputs with what cute-ts prints now" }],
  examples: ["check goldens/", "check README.md", "check kernel-layouts.cute --update"],
  async run(args, opts, io) {
    if (args.length === 0) throw new UsageError("check needs at least one .cute or .md file (or a directory)");
    const update = opts.update === true;
    const { cases, failed, failures } = await checkFiles(args, update, io);
    if (io.json) {
      io.out(JSON.stringify({ kind: "check", cases, failed, updated: update ? failed : 0, failures: update ? [] : failures }) + "\n");
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
