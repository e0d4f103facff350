/**
 * Golden transcripts: `$ cute-ts <args>` lines followed by the expected output, in a `.cute`
 * file or in a Markdown file's console code blocks. A library function users can call too.
 */
import { UsageError, quote } from "../core/errors.js";
import { type LineEdit, applyLineEdits, textLines } from "./lines.js";

export interface Case {
  /** 1-based line of the `$ cute-ts` line */
  line: number;
  argv: string[];
  /** the command line as written */
  text: string;
  expected: string;
  /** line range [from, to) of the expected output, for --update */
  from: number;
  to: number;
}

/** split a shell command line the way a POSIX shell would for plain words and quotes */
export function shellWords(s: string): string[] {
  const out: string[] = [];
  let cur = "";
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "'") {
      const j = s.indexOf("'", i + 1);
      if (j < 0) throw new UsageError(`unterminated ' in: ${quote(s)}`);
      cur += s.slice(i + 1, j);
      i = j;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < s.length && s[j] !== '"'; j++) {
        if (s[j] === "\\" && j + 1 < s.length && '"\\$`'.includes(s[j + 1]!)) j++;
        cur += s[j];
      }
      if (j >= s.length) throw new UsageError(`unterminated " in: ${quote(s)}`);
      i = j;
      inWord = true;
    } else if (c === "\\" && i + 1 < s.length) {
      cur += s[++i];
      inWord = true;
    } else if (c === " " || c === "\t") {
      if (inWord) out.push(cur);
      cur = "";
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

const PROMPT = "$ cute-ts";

/** outside quotes, inside '...', inside "..." */
const OUT = 0, SINGLE = 1, DOUBLE = 2;
/**
 * Where a command line stands after `s` read from `state` (OUT, SINGLE or DOUBLE), quoting as
 * shellWords does: a command line read line by line costs one pass over its text, however many
 * lines a quote runs on for
 */
function quoteState(s: string, state: number): number {
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (state === SINGLE) {
      if (c === "'") state = OUT;
    } else if (state === DOUBLE) {
      if (c === "\\" && i + 1 < s.length && '"\\$`'.includes(s[i + 1]!)) i++;
      else if (c === '"') state = OUT;
    } else if (c === "'") state = SINGLE;
    else if (c === '"') state = DOUBLE;
    else if (c === "\\") i++;
  }
  return state;
}

/**
 * The cases of a transcript; Markdown files contribute only their console code blocks. Lines may
 * end with LF or CRLF (a CRLF transcript reads as its LF twin), and a leading BOM is skipped.
 */
export function parseTranscript(text: string, markdown: boolean): Case[] {
  const lines = textLines(text);
  const cases: Case[] = [];
  let inBlock = !markdown;
  let cur: Case | undefined;
  const close = (end: number) => {
    if (!cur) return;
    cur.to = end;
    cur.expected = lines.slice(cur.from, end).join("\n");
    cases.push(cur);
    cur = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (markdown && /^\s*```/.test(l)) {
      if (inBlock) {
        close(i);
        inBlock = false;
      } else inBlock = /^\s*```\s*(console|shell-session)\s*$/.test(l);
      continue;
    }
    if (!inBlock) continue;
    if (l.startsWith("$ ")) {
      close(i);
      if (l === PROMPT || l.startsWith(PROMPT + " ")) {
        // a quoted argument may go on over the next lines, as in a shell (C++ pasted from a kernel)
        let cmd = l, j = i;
        let state = quoteState(l, OUT);
        while (state !== OUT && j + 1 < lines.length && !(markdown && /^\s*```/.test(lines[j + 1]!))) {
          const next = lines[++j]!;
          cmd += "\n" + next;
          state = quoteState("\n" + next, state);
        }
        cur = { line: i + 1, argv: shellWords(cmd.slice(PROMPT.length)), text: cmd, expected: "", from: j + 1, to: j + 1 };
        i = j;
      }
    }
  }
  close(lines.length);
  return cases;
}

/**
 * The transcript with the expected output of each case whose `actual` is given replaced by it;
 * the lines of every other case (and everything between cases) are kept byte for byte, and the
 * new lines end as the file's lines do (CRLF or LF).
 */
export function updateTranscript(text: string, cases: Case[], actual: (string | undefined)[]): string {
  const raw = text.split("\n");
  const edits: LineEdit[] = [];
  cases.forEach((c, k) => {
    const now = actual[k];
    if (now === undefined) return;
    const lines: (string | number)[] = [];
    const body = trimNewlines(now);
    if (body !== "") for (const l of body.split("\n")) lines.push(l);
    // keep the blank lines (with their line endings) that separated this case from what follows
    let blank = c.to;
    while (blank > c.from && (raw[blank - 1] === "" || raw[blank - 1] === "\r")) blank--;
    for (let i = blank; i < c.to; i++) lines.push(i);
    edits.push({ from: c.from, to: c.to, lines });
  });
  return applyLineEdits(raw, edits);
}

/** a unified diff of two texts (line based, LCS) */
export function unifiedDiff(expected: string, actual: string, label: string, context = 3): string {
  const a = expected.split("\n"), b = actual.split("\n");
  const n = a.length, m = b.length;
  // the common head and tail need no table: only the middle is aligned by LCS
  let head = 0;
  while (head < n && head < m && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < n - head && tail < m - head && a[n - 1 - tail] === b[m - 1 - tail]) tail++;
  const an = n - head - tail, bm = m - head - tail;
  if (an * bm > 4_000_000) return `--- ${label} (expected)\n+++ ${label} (actual)\n(outputs differ; too large to diff: ${n} vs ${m} lines)\n`;
  // dp[i][j]: LCS length of a[head+i..] and b[head+j..] within the middle
  const dp: Uint32Array[] = Array.from({ length: an + 1 }, () => new Uint32Array(bm + 1));
  for (let i = an - 1; i >= 0; i--) for (let j = bm - 1; j >= 0; j--) dp[i]![j] = a[head + i] === b[head + j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const ops: { t: " " | "-" | "+"; s: string; ai: number; bi: number }[] = [];
  for (let k = 0; k < head; k++) ops.push({ t: " ", s: a[k]!, ai: k, bi: k });
  let i = 0, j = 0;
  while (i < an || j < bm) {
    if (i < an && j < bm && a[head + i] === b[head + j]) ops.push({ t: " ", s: a[head + i]!, ai: head + i++, bi: head + j++ });
    else if (i < an && (j >= bm || dp[i + 1]![j]! >= dp[i]![j + 1]!)) ops.push({ t: "-", s: a[head + i]!, ai: head + i++, bi: head + j });
    else ops.push({ t: "+", s: b[head + j]!, ai: head + i, bi: head + j++ });
  }
  for (let k = 0; k < tail; k++) ops.push({ t: " ", s: a[n - tail + k]!, ai: n - tail + k, bi: m - tail + k });
  const out = [`--- ${label} (expected)`, `+++ ${label} (actual)`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.t === " ") {
      k++;
      continue;
    }
    const start = Math.max(0, k - context);
    let end = k;
    while (end < ops.length) {
      if (ops[end]!.t !== " ") {
        end++;
        continue;
      }
      let run = 0;
      while (end + run < ops.length && ops[end + run]!.t === " ") run++;
      if (end + run >= ops.length || run > 2 * context) {
        end = Math.min(ops.length, end + context);
        break;
      }
      end += run;
    }
    const hunk = ops.slice(start, end);
    const aLen = hunk.filter((o) => o.t !== "+").length, bLen = hunk.filter((o) => o.t !== "-").length;
    out.push(`@@ -${hunk[0]!.ai + 1},${aLen} +${hunk[0]!.bi + 1},${bLen} @@`);
    for (const o of hunk) out.push(o.t + o.s);
    k = end;
  }
  return out.join("\n") + "\n";
}

/** the text without its trailing newlines (a loop: the regex \n+$ backtracks quadratically over many newlines) */
export function trimNewlines(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 10) end--;
  return end === s.length ? s : s.slice(0, end);
}
