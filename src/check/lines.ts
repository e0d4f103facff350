/**
 * A file's lines as check reads and rewrites them. Reading, a line is the text between two LFs
 * without a CR before its LF, and a leading byte order mark is no part of the first line;
 * rewriting, some ranges of lines are replaced and every other byte is kept as it was, the new
 * lines ending as the file's lines do (CRLF or LF).
 */

export const BOM = "\uFEFF";

/** the lines of a text as read: split at LF, a CR before the LF dropped, a leading BOM dropped */
export function textLines(text: string): string[] {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
  }
  if (lines[0]!.startsWith(BOM)) lines[0] = lines[0]!.slice(1);
  return lines;
}

/** whether a text split at LF (its CRs kept) ends most of its lines with CRLF */
export function endsLinesWithCrlf(raw: readonly string[]): boolean {
  let crlf = 0;
  for (let i = 0; i + 1 < raw.length; i++) if (raw[i]!.charCodeAt(raw[i]!.length - 1) === 13) crlf++;
  return crlf * 2 > raw.length - 1;
}

/** lines [from, to) of a file replaced */
export interface LineEdit {
  from: number;
  to: number;
  /** what replaces them: a number is that line of the file, kept as it was; a string is a new line, without its ending */
  lines: (string | number)[];
}

/**
 * `raw` (a text split at LF, its CRs kept) with each edit's lines in place of its range (the edits
 * in order, not overlapping); every other line is kept byte for byte. A new line ends as most of
 * the file's lines do (CRLF or LF), except the text's last line, which ends with no newline as
 * the file's did. No spread of the lines into a call: a file may have millions.
 */
export function applyLineEdits(raw: readonly string[], edits: readonly LineEdit[]): string {
  const crlf = endsLinesWithCrlf(raw);
  const last = raw.length - 1;
  const out: string[] = [];
  /** the indices in `out` of lines that take the file's line ending when a line follows them */
  const ending: number[] = [];
  let pos = 0;
  for (const e of edits) {
    for (let i = pos; i < e.from; i++) out.push(raw[i]!);
    for (const l of e.lines) {
      if (typeof l === "string" || l === last) ending.push(out.length);
      out.push(typeof l === "string" ? l : raw[l]!);
    }
    pos = e.to;
  }
  for (let i = pos; i < raw.length; i++) out.push(raw[i]!);
  if (crlf) {
    for (const k of ending) if (k < out.length - 1 && out[k]!.charCodeAt(out[k]!.length - 1) !== 13) out[k] += "\r";
  }
  return out.join("\n");
}
