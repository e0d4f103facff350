import { readFileSync } from "node:fs";
import { UsageError } from "../../core/errors.js";
import { dispatch, splitDialect } from "../run.js";
import type { CommandSpec, Io } from "../spec.js";

/** One JSON object per input line; one result line per input line, in order, whatever the line holds. */
export async function runBatch(text: string, write: (line: string) => void, progress?: () => void, dialect?: string): Promise<void> {
  // one Io for the whole batch, its buffers emptied per record (records run one at a time, an
  // asynchronous answer awaited before the next record starts)
  let out = "", err = "";
  const io: Io = {
    out: (s) => {
      out += s;
    },
    err: (s) => {
      err += s;
    },
    color: false,
    // a --dialect given to batch is every record's, unless the record gives its own
    ...(dialect === undefined ? {} : { dialect }),
  };
  // one line at a time, not text.split: the lines of a large input would all live at once,
  // and each young-generation scavenge would copy them until they were promoted
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    start = end + 1;
    if (line.trim() === "") continue;
    let id: unknown = null;
    out = "";
    err = "";
    let code: number;
    try {
      const rec = JSON.parse(line) as unknown;
      if (rec === null || typeof rec !== "object" || Array.isArray(rec)) throw new UsageError("each batch line is a JSON object {\"id\", \"cmd\": [...]}");
      const r = rec as { id?: unknown; cmd?: unknown };
      id = r.id ?? null;
      if (!isArgv(r.cmd)) throw new UsageError("\"cmd\" must be an array of strings (the argv after cute-ts)");
      // the command after the global --dialect, which a record may give
      const cmd0 = splitDialect(r.cmd).argv[0];
      if (cmd0 === "batch") throw new UsageError("batch cannot run batch");
      if (cmd0 === "web") throw new UsageError("batch cannot run web (it serves the page until stopped)");
      const answer = dispatch(r.cmd, io);
      code = typeof answer === "number" ? answer : await answer;
    } catch (e) {
      err += `cute-ts: batch: ${e instanceof Error ? e.message : String(e)}\n`;
      code = 2;
    }
    // the object's JSON written field by field (the same text as JSON.stringify of {id, stdout, stderr, exit}, built faster)
    write(`{"id":${id === null ? "null" : JSON.stringify(id)},"stdout":${out === "" ? '""' : JSON.stringify(out)},"stderr":${err === "" ? '""' : JSON.stringify(err)},"exit":${code}}\n`);
    progress?.();
  }
}

function isArgv(x: unknown): x is string[] {
  if (!Array.isArray(x)) return false;
  for (let i = 0; i < x.length; i++) if (typeof x[i] !== "string") return false;
  return true;
}

export const command: CommandSpec = {
  name: "batch",
  summary: "Run JSON Lines {\"id\",\"cmd\":[...]} (stdin or FILE) in one process; write {\"id\",\"stdout\",\"stderr\",\"exit\"} per line",
  args: ["[FILE]"],
  options: [],
  examples: ["batch cases.jsonl", "batch < cases.jsonl"],
  async run(args, _opts, io) {
    if (args.length > 1) throw new UsageError("batch takes one FILE (or reads stdin)");
    let text: string;
    try {
      text = args[0] !== undefined ? readFileSync(args[0], "utf8") : readFileSync(0, "utf8");
    } catch (e) {
      const code = (e as { code?: string }).code;
      const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : (e as Error).message;
      throw new UsageError(`batch cannot read ${args[0] ?? "stdin"}: ${why}`);
    }
    // lines are written in runs of about 64 KB: few writes, no run near V8's string length limit,
    // and answers leave the heap before the young generation's next scavenge would copy them
    const chunks: string[] = [];
    let pending = 0;
    await runBatch(text, (l) => {
      chunks.push(l);
      pending += l.length;
      if (pending >= 1 << 16) {
        io.out(chunks.length === 1 ? chunks.pop()! : chunks.splice(0).join(""));
        pending = 0;
      }
    }, io.progress, io.dialect);
    io.out(chunks.join(""));
    return 0;
  },
};
