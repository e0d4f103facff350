import { closeSync, constants, fstatSync, openSync, statSync } from "node:fs";
import { UsageError, escapeControls, quote } from "../../core/errors.js";
import { FILE_LIMIT, kindOf, osReason, readLines } from "../files.js";
import { RECORD_OUTPUT_LIMIT, recordIo } from "../records.js";
import type { CommandSpec, Io } from "../spec.js";

/** runs one record's argv as a nested command line (CommandEnv.runNested) */
export type RunRecord = (argv: string[], io: Io) => number | Promise<number>;

/** JSON's whitespace: a line of nothing else (an empty line, spaces, a CR left by a CRLF line ending) holds no record */
const BLANK = /^[ \t\r]*$/;
/** a byte of the input that is not UTF-8, as readLines decodes it (a lone surrogate U+DC80..U+DCFF) */
const RAW_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;

/**
 * The text of the value of the object's member `key` as the line spells it (JSON.parse keeps the
 * last of several): a number past 2^53 or 1e400, an escape in a string, kept exactly. `line` is
 * one JSON object (JSON.parse read it); undefined when the object has no such member.
 */
export function rawMember(line: string, key: string): string | undefined {
  let i = 0;
  const ws = () => {
    while (i < line.length && " \t\r\n".includes(line[i]!)) i++;
  };
  /** past the string that starts at i */
  const string = () => {
    for (i++; line[i] !== '"'; i++) if (line[i] === "\\") i++;
    i++;
  };
  /** past the value that starts at i */
  const value = () => {
    if (line[i] === '"') return string();
    if (line[i] === "{" || line[i] === "[") {
      let depth = 0;
      do {
        const c = line[i]!;
        if (c === '"') {
          string();
          continue;
        }
        if (c === "{" || c === "[") depth++;
        else if (c === "}" || c === "]") depth--;
        i++;
      } while (depth > 0);
      return;
    }
    while (i < line.length && !",}] \t\r\n".includes(line[i]!)) i++;
  };
  let found: string | undefined;
  ws();
  i++; // {
  for (;;) {
    ws();
    if (line[i] !== '"') return found; // }
    const k0 = i;
    string();
    const name = JSON.parse(line.slice(k0, i)) as string;
    ws();
    i++; // :
    ws();
    const v0 = i;
    value();
    if (name === key) found = line.slice(v0, i);
    ws();
    if (line[i] === ",") i++;
  }
}

/** the lines of a text, one at a time (split would hold them all at once) */
function* linesOf(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    yield text.slice(start, end);
    start = end + 1;
  }
}

/**
 * One JSON object per input line; one result line per input line, in order, whatever the line
 * holds. Each answer is handed to `write` before the next record starts, and no record can
 * take the others' answers with it: its output is bounded (RECORD_OUTPUT_LIMIT), a line too
 * long to hold is answered without being read into memory, and a record that may not run
 * nested (batch, check) is refused.
 */
export async function runBatch(input: string | Iterable<string | { overlong: number }>, write: (line: string) => void, run: RunRecord, progress?: () => void, dialect?: string): Promise<void> {
  // one Io for the whole batch, its buffers emptied per record (records run one at a time, an
  // asynchronous answer awaited before the next record starts)
  const rec = recordIo(RECORD_OUTPUT_LIMIT, false, dialect);
  let first = true;
  for (let line of typeof input === "string" ? linesOf(input) : input) {
    // the id as the line spells it, echoed exactly (JSON.stringify of the parsed value would round 9007199254740993, make 1e400 null)
    let idText = "null";
    let code: number;
    rec.reset();
    // a UTF-8 byte order mark before the first record is no part of it
    if (first && typeof line === "string" && line.startsWith("\uFEFF")) line = line.slice(1);
    first = false;
    if (typeof line !== "string") {
      rec.io.err(`cute-ts: batch: a line of ${line.overlong} bytes, more than the ${FILE_LIMIT} batch reads as one record\n`);
      code = 2;
    } else {
      if (BLANK.test(line)) continue;
      try {
        const raw = RAW_BYTE.exec(line);
        if (raw !== null) {
          const byte = raw[0].charCodeAt(0) - 0xdc00;
          throw new UsageError(`the line is not UTF-8 (the byte 0x${byte.toString(16).toUpperCase()} after ${Buffer.byteLength(line.slice(0, raw.index))} bytes): JSON text is UTF-8, so the line is no record`);
        }
        const r = JSON.parse(line) as unknown;
        if (r === null || typeof r !== "object" || Array.isArray(r)) throw new UsageError("each batch line is a JSON object {\"id\", \"cmd\": [...]}");
        if (Object.hasOwn(r, "id")) idText = rawMember(line, "id") ?? "null";
        const cmd = Object.hasOwn(r, "cmd") ? (r as { cmd?: unknown }).cmd : undefined;
        if (!isArgv(cmd)) throw new UsageError("\"cmd\" must be an array of strings (the argv after cute-ts)");
        const result = run(cmd, rec.io);
        code = typeof result === "number" ? result : await result;
      } catch (e) {
        rec.io.err(`cute-ts: batch: ${escapeControls(e instanceof Error ? e.message : String(e)).slice(0, 2000)}\n`);
        code = 2;
      }
    }
    const { out, err, over } = rec.take();
    // the object's JSON written field by field (the same text as JSON.stringify of {id, stdout, stderr, exit}, built faster)
    const answer = over !== undefined ? "" : `{"id":${idText},"stdout":${out === "" ? '""' : JSON.stringify(out)},"stderr":${err === "" ? '""' : JSON.stringify(err)},"exit":${code}}\n`;
    if (over !== undefined || answer.length > RECORD_OUTPUT_LIMIT) {
      // the answer itself would be the problem (its JSON escapes make it longer than its text): say how large it was instead
      const size = over !== undefined ? `${over} characters` : `${answer.length} characters as a JSON line`;
      write(`{"id":${idText},"stdout":"","stderr":${JSON.stringify(`cute-ts: batch: the answer to this record is ${size}, more than the ${RECORD_OUTPUT_LIMIT} batch writes for one record\n`)},"exit":2}\n`);
    } else write(answer);
    progress?.();
  }
}

function isArgv(x: unknown): x is string[] {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (typeof x[i] !== "string") return false;
  return true;
}

/** the descriptor to read records from: stdin, or FILE when it is a regular file or a pipe */
function openInput(path: string | undefined): number {
  if (path === undefined) return 0;
  const refuse = (why: string) => new UsageError(`batch cannot read ${quote(path)}: ${why}`);
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    throw refuse(osReason(e));
  }
  // a pipe is a stream of records (batch <(generate)); a device or a directory is not
  if (!st.isFile() && !st.isFIFO()) throw refuse(`it is ${kindOf(st)}; batch reads a regular file, a pipe or stdin`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY);
  } catch (e) {
    throw refuse(osReason(e));
  }
  const now = fstatSync(fd);
  if (!now.isFile() && !now.isFIFO()) {
    closeSync(fd);
    throw refuse(`it is ${kindOf(now)}; batch reads a regular file, a pipe or stdin`);
  }
  return fd;
}

export const command: CommandSpec = {
  name: "batch",
  summary: "Run JSON Lines {\"id\",\"cmd\":[...]} (stdin or FILE) in one process; write {\"id\",\"stdout\",\"stderr\",\"exit\"} per line",
  args: ["[FILE]"],
  options: [],
  notNested: "it reads files",
  notes: `Each answer is written before the next record runs. A record may not run batch or check (nor any
option naming a file): it is answered with exit 2. An answer longer than ${RECORD_OUTPUT_LIMIT} characters, or a
line longer than ${FILE_LIMIT} bytes, is answered with exit 2 and its size; the other records are not affected.`,
  examples: ["batch cases.jsonl", "batch < cases.jsonl"],
  async run(args, _opts, io, env) {
    if (args.length > 1) throw new UsageError("batch takes one FILE (or reads stdin)");
    const fd = openInput(args[0]);
    try {
      // each answer goes out before the next record starts: a record that brings the process
      // down (it should not, but) costs no earlier answer
      await runBatch(readLinesOrFail(fd, args[0]), (l) => io.out(l), env.runNested, io.progress, io.dialect);
    } finally {
      if (fd !== 0) closeSync(fd);
    }
    return 0;
  },
};

function* readLinesOrFail(fd: number, path: string | undefined): Generator<string | { overlong: number }> {
  try {
    yield* readLines(fd);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`batch cannot read ${path === undefined ? "stdin" : quote(path)}: ${osReason(e)}`);
  }
}
