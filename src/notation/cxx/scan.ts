/**
 * Where C++'s lexical pieces end in a whole source file: comments (a `//` comment continued by a
 * backslash at its line's end, `/* ... *\/`), string and character literals (escapes, raw strings
 * `R"d(...)d"` with their prefixes), digit separators (`1'000'000`), numbers (C++'s pp-number)
 * and preprocessor lines. One definition, read by the preprocessor (comments removed before it
 * reads directives), by the lexer (comments as white space) and by `check`'s reader of a source's
 * print-comment goldens (`scan` and `tokenize` below). What a name is made of is said once, here
 * (`isIdStartCode`, `isIdCode`).
 *
 * Tolerant, unlike the lexer: nothing here throws. An unterminated literal ends at its line, an
 * unterminated comment at the end of the text.
 */

/** what a C++ name is made of, for every reader of C++ text in cute-ts: a letter or `_`, then letters, digits and `_` (no `$`) */
export const isDigitCode = (c: number) => c >= 48 && c <= 57;
export const isIdStartCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
export const isIdCode = (c: number) => isIdStartCode(c) || isDigitCode(c);
export const isHexCode = (c: number) => isDigitCode(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/** the end of the `//` comment at `i`: its line's end, or a later one where a backslash ends each line before it */
export function lineCommentEnd(text: string, i: number): number {
  const n = text.length;
  for (let j = i; ; ) {
    const nl = text.indexOf("\n", j);
    const end = nl < 0 ? n : nl;
    const last = text.charCodeAt(end - 1) === 13 ? end - 2 : end - 1;
    if (nl < 0 || last < j || text.charCodeAt(last) !== 92) return end;
    j = nl + 1;
  }
}

/** the end of the `/*` comment at `i` (past its `*\/`), or -1 where it is not closed */
export function blockCommentEnd(text: string, i: number): number {
  const close = text.indexOf("*/", i + 2);
  return close < 0 ? -1 : close + 2;
}

/** the end of a preprocessor line at `i` (its `#`), with its backslash continuations */
export function directiveEnd(text: string, i: number): number {
  return lineCommentEnd(text, i);
}

/** the end of the "..." or '...' literal at `i`: past its closing quote, or at its line's end where it has none (past the text's end after a last backslash) */
export function quotedEnd(text: string, i: number): number {
  const q = text.charCodeAt(i);
  const n = text.length;
  let j = i + 1;
  while (j < n) {
    const d = text.charCodeAt(j);
    if (d === 92) {
      j += 2;
      continue;
    }
    if (d === q || d === 10) break;
    j++;
  }
  return j < n && text.charCodeAt(j) === q ? j + 1 : j;
}

/** is the `"` at `i` a raw string's, `R"d(` (after R, u8R, uR, UR or LR that starts a token)? */
export function isRawString(text: string, i: number): boolean {
  if (i === 0 || text[i - 1] !== "R") return false;
  return i < 2 || !isIdCode(text.charCodeAt(i - 2)) || /(?:^|[^A-Za-z0-9_])(?:u8|u|U|L)R$/.test(text.slice(Math.max(0, i - 4), i));
}

/** the end of the raw string whose `"` is at `i` (past its `)d"`), or -1 where its delimiter is not one */
export function rawStringEnd(text: string, i: number): number {
  const open = text.indexOf("(", i + 1);
  const delim = open < 0 ? "" : text.slice(i + 1, open);
  if (open < 0 || delim.length > 16 || /[\s\\()]/.test(delim)) return -1;
  const endMark = `)${delim}"`;
  const close = text.indexOf(endMark, open + 1);
  return close < 0 ? text.length : close + endMark.length;
}

/** is the `'` at `i` a digit separator (1'000'000, 0xFF'FF) rather than a character literal's quote? */
export function isDigitSeparator(text: string, i: number): boolean {
  if (i === 0 || !isHexCode(text.charCodeAt(i - 1)) || !isHexCode(text.charCodeAt(i + 1))) return false;
  let k = i - 1;
  while (k >= 0 && (isIdCode(text.charCodeAt(k)) || text[k] === "'" || text[k] === ".")) k--;
  return isDigitCode(text.charCodeAt(k + 1));
}

/** the end of the number at `i` (a pp-number: digits, letters, '.', digit separators, an exponent's sign) */
export function numberEnd(text: string, i: number): number {
  const n = text.length;
  let j = i;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (isIdCode(c) || c === 46 || c === 39) j++;
    else if ((c === 43 || c === 45) && /[eEpP]/.test(text[j - 1]!)) j++;
    else break;
  }
  return j;
}

// ------------------------------------------------------------------------------ a whole file, masked

export interface Scanned {
  /** the text with comments and preprocessor lines blanked (newlines kept), literals kept */
  code: string;
  /** `code` with the insides of string and character literals blanked too */
  masked: string;
  /** per 0-based line: the first `//` comment on it (column, text after the slashes) */
  lineComments: Map<number, { col: number; text: string }>;
  /** 0-based line starts */
  lineStarts: number[];
}

/** blank a range of a char array (newlines kept, so lines and columns stay) */
function blank(a: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) if (a[i] !== "\n") a[i] = " ";
}

/** a whole source with its comments, preprocessor lines and literals' insides blanked, its lines and columns kept */
export function scan(text: string): Scanned {
  const n = text.length;
  const code = text.split("");
  const masked = text.split("");
  const lineComments = new Map<number, { col: number; text: string }>();
  const lineStarts = [0];
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  let line = 0;
  let lineStart = 0;
  let atLineStart = true; // only spaces so far on this line
  let i = 0;
  const newlines = (from: number, to: number) => {
    for (let k = from; k < to; k++) {
      if (text.charCodeAt(k) !== 10) continue;
      line++;
      lineStart = k + 1;
      atLineStart = true;
    }
  };
  const blankBoth = (from: number, to: number) => {
    blank(code, from, to);
    blank(masked, from, to);
    newlines(from, to);
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      newlines(i, i + 1);
      i++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    if (c === 35 /* # */ && atLineStart) {
      const j = directiveEnd(text, i);
      blankBoth(i, j);
      i = j;
      continue;
    }
    atLineStart = false;
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const j = lineCommentEnd(text, i);
      if (!lineComments.has(line)) lineComments.set(line, { col: i - lineStart, text: text.slice(i + 2, j).replace(/\r$/, "") });
      blankBoth(i, j);
      i = j;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = blockCommentEnd(text, i);
      const j = close < 0 ? n : close;
      blankBoth(i, j);
      i = j;
      continue;
    }
    if (c === 39 && isDigitSeparator(text, i)) {
      i++;
      continue;
    }
    if (c === 34 && isRawString(text, i)) {
      const j = rawStringEnd(text, i);
      if (j >= 0) {
        blank(masked, i + 1, j - 1);
        newlines(i, j);
        i = j;
        continue;
      }
    }
    if (c === 34 /* " */ || c === 39 /* ' */) {
      const end = quotedEnd(text, i);
      blank(masked, i + 1, Math.max(i + 1, end - 1));
      i = end;
      continue;
    }
    i++;
  }
  return { code: code.join(""), masked: masked.join(""), lineComments, lineStarts };
}

// ------------------------------------------------------------------------------ tokens

export interface Token {
  /** "id", "num", "str" (a literal), or the punctuator itself */
  t: string;
  /** an identifier's name */
  v: string;
  start: number;
  end: number;
}

const PUNCT3 = new Set(["<<=", ">>=", "...", "->*", "<=>"]);
const PUNCT2 = new Set(["::", "->", "++", "--", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ".*"]);

/** the tokens of a masked source (scan's `masked`: no comments, literals' insides blank) */
export function tokenize(masked: string): Token[] {
  const out: Token[] = [];
  const n = masked.length;
  let i = 0;
  while (i < n) {
    const c = masked.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    const start = i;
    if (isIdStartCode(c)) {
      while (i < n && isIdCode(masked.charCodeAt(i))) i++;
      // a literal's prefix (u8"...", L'x', R"(...)") belongs to the literal
      if (i < n && (masked[i] === '"' || masked[i] === "'") && /^(?:u8|u|U|L|R|u8R|uR|UR|LR)$/.test(masked.slice(start, i))) {
        i = maskedLiteralEnd(masked, i);
        out.push({ t: "str", v: "", start, end: i });
        continue;
      }
      out.push({ t: "id", v: masked.slice(start, i), start, end: i });
      continue;
    }
    if (isDigitCode(c) || (c === 46 && isDigitCode(masked.charCodeAt(i + 1)))) {
      i = numberEnd(masked, i);
      out.push({ t: "num", v: "", start, end: i });
      continue;
    }
    if (c === 34 || c === 39) {
      i = maskedLiteralEnd(masked, i);
      out.push({ t: "str", v: "", start, end: i });
      continue;
    }
    const three = masked.slice(i, i + 3);
    const two = masked.slice(i, i + 2);
    const p = PUNCT3.has(three) ? three : PUNCT2.has(two) ? two : masked[i]!;
    i += p.length;
    out.push({ t: p, v: "", start, end: i });
  }
  return out;
}

/** the end of a literal in the masked text (its inside is blank: the next quote of its kind closes it) */
function maskedLiteralEnd(masked: string, i: number): number {
  const q = masked[i]!;
  const close = masked.indexOf(q, i + 1);
  const nl = masked.indexOf("\n", i + 1);
  if (close < 0) return nl < 0 ? masked.length : nl;
  return nl >= 0 && nl < close && q === "'" ? nl : close + 1;
}
