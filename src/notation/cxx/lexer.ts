/** The one lexer of the C++ front end and of the print notation: tokens read in place, with positions. */
import { ParseError, quote } from "../../core/errors.js";
import { SAFE_LIMIT_TEXT } from "../../core/integer.js";
import { blockCommentEnd, isDigitCode, isHexCode, isIdCode, isIdStartCode, lineCommentEnd } from "./scan.js";

export const MAX_INPUT = 1_000_000;
export const MAX_DEPTH = 500;

// token kinds
export const INT = 0, NAME = 1, PUNCT = 2, UNDER = 3, EOF = 4, MIXED = 5, STRING = 6, FLOAT = 7;
export const C0 = 48, C9 = 57, UNDERSCORE = 95, MINUS = 45, COLON = 58, SLASH = 47, STAR = 42;
export const LPAREN = 40, RPAREN = 41, COMMA = 44, AT = 64, LT = 60, GT = 62, LBRACK = 91, RBRACK = 93, BAR = 124;
export const DOT = 46, LBRACE = 123, RBRACE = 125, SEMI = 59, PLUS = 43, BANG = 33, TILDE = 126, EQ = 61, AMP = 38, CARET = 94, PERCENT = 37;
export const QUOTE = 34, HASH = 35, BACKSLASH = 92, APOSTROPHE = 39, QMARK = 63;
export { isDigitCode, isIdStartCode, isIdCode, isHexCode };
/** single-character tokens; two-character operators (`<<`, `==`, `&&`, ...) are two of them side by side */
export const PUNCTS = new Uint8Array(128);
export const MINUS_CHAR = 45;
for (const ch of "(),:@<>[]-") PUNCTS[ch.charCodeAt(0)] = 1;
// 2: only C++ has them; 3: also unary operators ('-' is both, and the print notation's)
export const UNARY = 3;
for (const ch of "{};*/%&|^=.?") PUNCTS[ch.charCodeAt(0)] = 2;
for (const ch of "+!~*&") PUNCTS[ch.charCodeAt(0)] = UNARY;
PUNCTS[MINUS_CHAR] = UNARY;
export const isPunctCode = (c: number) => c < 128 && PUNCTS[c] !== 0;
/** characters that start a binary operator, and those only C++ has */
export const BINOP_START = new Uint8Array(128);
for (const ch of "*/%+-<>=!&^|") BINOP_START[ch.charCodeAt(0)] = 1;
export const CXX_PUNCT = new Uint8Array(128);
for (const ch of "{};*/%+&|^!~=.") CXX_PUNCT[ch.charCodeAt(0)] = 1;
/** CuTe's tuple makers: a call of one says the expression is C++ */
export const MAKERS = new Set(["make_tuple", "make_shape", "make_stride", "make_coord", "make_tile", "make_step"]);

/**
 * The lexer: reads one token at a time from `src` into its fields (no token objects). `kind`
 * is the token's kind; an integer's value and static mark are `num` / `stat`, a name's text is
 * `text`, a punctuation's character code `punct`, mixed bits `M_s|(d&f)=v` are `bits`;
 * `start` is where the token begins.
 */
export class Lexer {
  kind = EOF;
  num = 0;
  stat = false;
  text = "";
  punct = 0;
  /** a mixed-bits token's numbers: static bits, dynamic bits, mask, value */
  bits: [number, number, number, number] = [0, 0, 0, 0];
  start = 0;
  /** where the next token's scan begins */
  at = 0;
  /** a construct only C++ has was read: a brace, an operator, `;`, `::`, a comment, 0x1f, 32_c, 1.5f */
  cxx = false;
  /** a floating-point literal's value (`num` holds none), and whether it is a float (suffix f) or a double */
  /** the last integer token was a character literal ('N') */
  chr = false;
  fnum = 0;
  fsingle = false;
  constructor(readonly src: string) {}

  /** read the token at `at` */
  advance(): void {
    const src = this.src;
    const n = src.length;
    let i = this.at;
    let c = src.charCodeAt(i);
    while (c === 32 || c === 9 || c === 10 || c === 13) c = src.charCodeAt(++i);
    this.start = i;
    if (i >= n) {
      this.kind = EOF;
      this.at = n;
      this.start = n;
      return;
    }
    const c1 = src.charCodeAt(i + 1);
    this.chr = false;
    if (isDigitCode(c)) {
      this.kind = INT;
      this.stat = false;
      if (c === C0 && (c1 === 120 || c1 === 88)) this.readHex(i);
      else {
        this.at = this.readNumber(i);
        if (src.charCodeAt(this.at) === UNDERSCORE) this.staticLiteral();
        else this.floatLiteral(i);
      }
      return;
    }
    if (c === UNDERSCORE && (isDigitCode(c1) || (c1 === MINUS && isDigitCode(src.charCodeAt(i + 2))))) {
      this.at = this.readNumber(i + 1);
      this.kind = INT;
      this.stat = true;
      return;
    }
    if (c === UNDERSCORE && !isIdCode(c1)) {
      this.kind = UNDER;
      this.at = i + 1;
      return;
    }
    if (isIdStartCode(c) || (c === COLON && c1 === COLON && isIdStartCode(src.charCodeAt(i + 2)))) {
      this.readName(i, c);
      return;
    }
    if (isPunctCode(c)) {
      if (c === SLASH && (c1 === SLASH || c1 === STAR)) {
        // a C++ comment is white space
        this.at = this.skipComments(i);
        this.advance();
        return;
      }
      this.kind = PUNCT;
      this.punct = c;
      this.at = i + 1;
      if (CXX_PUNCT[c] === 1) this.cxx = true;
      return;
    }
    if (c === APOSTROPHE) {
      // a C++ character literal 'N', '\n': an int token, its value the character's code (`chr` marks it)
      this.readChar(i);
      return;
    }
    if (c === QUOTE) {
      this.at = this.readString(i);
      this.kind = STRING;
      this.cxx = true;
      return;
    }
    if (c === HASH && this.atLineStart(i)) {
      // a preprocessor line of a pasted file is white space: #include and #pragma only
      this.at = this.skipDirective(i);
      this.advance();
      return;
    }
    // a whole code point (a character outside the BMP is two UTF-16 units)
    throw new ParseError(src, i, `unexpected character ${quote(String.fromCodePoint(src.codePointAt(i)!))}`);
  }

  /** a `#include` / `#pragma` line at `i`: where it ends; other directives are refused */
  private skipDirective(i: number): number {
    const src = this.src;
    const nl = src.indexOf("\n", i);
    const end = nl < 0 ? src.length : nl;
    if (!/^#\s*(?:include|pragma)\b/.test(src.slice(i, end))) throw new ParseError(src, i, "cute-ts does not read preprocessor directives other than #include and #pragma (which it skips): expand the macro or leave the line out");
    this.cxx = true;
    return end;
  }

  /** only white space before `i` on its line */
  private atLineStart(i: number): boolean {
    for (let j = i - 1; j >= 0; j--) {
      const c = this.src.charCodeAt(j);
      if (c === 10) return true;
      if (c !== 32 && c !== 9 && c !== 13) return false;
    }
    return true;
  }

  /** 32_c after its digits: CuTe's literal for the static integer */
  private staticLiteral(): void {
    const src = this.src, j = this.at;
    if (src.charCodeAt(j + 1) === 99 && !isIdCode(src.charCodeAt(j + 2))) {
      this.stat = true;
      this.at = j + 2;
      this.cxx = true;
    }
  }

  /** a name at `i` (`c` its first character): `Int`, `GMMA::Major::K`, `cute::Int` (read as `Int`), or mixed bits `M_s|(d&f)=v` */
  private readName(i: number, c: number): void {
    const src = this.src;
    let j = c === COLON ? i + 2 : i;
    if (c === COLON) this.cxx = true;
    // the cute:: namespace (and a leading ::) is where every name lives: cute::Int is Int, cute::_8 is _8
    if (src.charCodeAt(j) === 99 && src.startsWith("cute::", j) && isIdStartCode(src.charCodeAt(j + 6))) {
      this.at = j + 6;
      this.cxx = true;
      this.advance();
      this.start = i;
      return;
    }
    const first = j;
    j++;
    while (isIdCode(src.charCodeAt(j))) j++;
    // C++ scope qualifiers such as GMMA::Major::K stay one name
    while (src.charCodeAt(j) === COLON && src.charCodeAt(j + 1) === COLON && isIdStartCode(src.charCodeAt(j + 2))) {
      j += 2;
      while (isIdCode(src.charCodeAt(j))) j++;
      this.cxx = true;
    }
    if (src.charCodeAt(j) === BAR && c === 77 && j - i > 2 && src.charCodeAt(i + 1) === UNDERSCORE) {
      this.at = this.readMixedBits(i);
      this.kind = MIXED;
      return;
    }
    this.kind = NAME;
    this.text = src.slice(first, j);
    this.at = j;
  }

  /** a C string literal "..." at `start` (the escapes print statements use): sets `text` to its characters */
  /** a character literal at `start`: one character or one escape between apostrophes */
  private readChar(start: number): void {
    const src = this.src;
    let j = start + 1;
    let ch: string;
    if (src.charCodeAt(j) === BACKSLASH) {
      const e = src[j + 1];
      if (e === undefined || !Object.hasOwn(ESC, e)) throw new ParseError(src, j, `unknown escape '\\${e ?? ""}' in a character literal`);
      ch = ESC[e]!;
      j += 2;
    } else {
      const cp = src.codePointAt(j);
      if (cp === undefined || cp === 10 || cp === 39) throw new ParseError(src, start, "expected a character between apostrophes ('N')");
      ch = String.fromCodePoint(cp);
      j += ch.length;
    }
    if (src.charCodeAt(j) !== APOSTROPHE) throw new ParseError(src, start, "unterminated character literal: expected '");
    this.kind = INT;
    this.stat = false;
    this.num = ch.codePointAt(0)!;
    this.chr = true;
    this.at = j + 1;
    this.cxx = true;
  }

  private readString(start: number): number {
    const src = this.src;
    let out = "";
    let j = start + 1;
    for (;;) {
      const c = src.charCodeAt(j);
      if (j >= src.length || c === 10) throw new ParseError(src, start, "unterminated string literal: expected '\"'");
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        const e = src[j + 1];
        if (e === undefined || !Object.hasOwn(ESC, e)) throw new ParseError(src, j, `unknown escape '\\${e ?? ""}' in a string literal (cute-ts reads \\n \\t \\r \\0 \\\\ \\" \\' \\? \\a \\b \\f \\v)`);
        out += ESC[e]!;
        j += 2;
        continue;
      }
      out += src[j]!;
      j++;
    }
    this.text = out;
    return j + 1;
  }

  /** C++ comments and the white space after them, from `i`: where the next token begins */
  private skipComments(i: number): number {
    const src = this.src;
    for (;;) {
      const c1 = src.charCodeAt(i + 1);
      if (c1 === SLASH) i = lineCommentEnd(src, i);
      else if (c1 === STAR) {
        const end = blockCommentEnd(src, i);
        if (end < 0) throw new ParseError(src, i, "unterminated comment: expected '*/'");
        i = end;
      } else return i;
      this.cxx = true;
      let c = src.charCodeAt(i);
      while (c === 32 || c === 9 || c === 10 || c === 13) c = src.charCodeAt(++i);
      if (c !== SLASH) return i;
    }
  }

  /** CuTe's print of MixedBits, `M_s|(d&f)=v`, at `start`: sets `bits` and returns the index after it */
  private readMixedBits(start: number): number {
    const src = this.src;
    const out: number[] = [];
    let j = start + 2; // after "M_"
    for (const sep of ["|(", "&", ")=", ""]) {
      if (!isDigitCode(src.charCodeAt(j))) throw new ParseError(src, j, "expected a digit in mixed bits M_s|(d&f)=v");
      j = this.readNumber(j);
      out.push(this.num);
      if (!src.startsWith(sep, j)) throw new ParseError(src, j, `expected '${sep}' in mixed bits M_s|(d&f)=v`);
      j += sep.length;
    }
    this.bits = out as [number, number, number, number];
    return j;
  }

  /** the optionally negative decimal at `start`: sets `num` and returns the index after it */
  private readNumber(start: number): number {
    const src = this.src;
    let j = start;
    const neg = src.charCodeAt(j) === MINUS; // charCodeAt past the end is NaN: no test below holds for it
    if (neg) j++;
    if (!isDigitCode(src.charCodeAt(j))) throw new ParseError(src, j, "expected a digit");
    const k0 = j;
    let v = 0;
    for (let c = src.charCodeAt(j); isDigitCode(c); c = src.charCodeAt(++j)) v = v * 10 + (c - C0);
    // digits followed by a fraction or an exponent are a floating-point literal (a double), whatever their size
    const next = src.charCodeAt(j);
    const fraction = next === DOT && isDigitCode(src.charCodeAt(j + 1));
    const exponent = (next === 101 || next === 69) && (isDigitCode(src.charCodeAt(j + 1)) || ((src.charCodeAt(j + 1) === PLUS || src.charCodeAt(j + 1) === MINUS) && isDigitCode(src.charCodeAt(j + 2))));
    if (j - k0 > 15 && !fraction && !exponent && !Number.isSafeInteger(Number(src.slice(k0, j)))) {
      throw new ParseError(src, k0, `integer ${j - k0 > 40 ? `of ${j - k0} digits` : src.slice(k0, j)} is beyond ${SAFE_LIMIT_TEXT}; cute-ts refuses rather than round`);
    }
    this.num = neg ? -v || 0 : v;
    return j;
  }

  /**
   * A C++ floating-point literal at `start` whose digits readNumber has read: `1.5`, `2.`,
   * `1.0f`, `1e-3`, `2.5E+2f` (a fraction or an exponent, then an optional f / l suffix). The
   * integer token is left as it is where neither follows.
   */
  private floatLiteral(start: number): void {
    const src = this.src;
    let j = this.at;
    const c = src.charCodeAt(j);
    let isFloat = false;
    if (c === DOT && !isIdStartCode(src.charCodeAt(j + 1) === 102 || src.charCodeAt(j + 1) === 70 ? src.charCodeAt(j + 2) : src.charCodeAt(j + 1))) {
      // 1.5, 1., 1.f (not 1.x: a member of 1)
      isFloat = true;
      j++;
      while (isDigitCode(src.charCodeAt(j))) j++;
    }
    const e = src.charCodeAt(j);
    if (e === 101 || e === 69) {
      const k = src.charCodeAt(j + 1) === PLUS || src.charCodeAt(j + 1) === MINUS ? j + 2 : j + 1;
      if (isDigitCode(src.charCodeAt(k))) {
        isFloat = true;
        j = k;
        while (isDigitCode(src.charCodeAt(j))) j++;
      }
    }
    if (!isFloat) return;
    const suffix = src.charCodeAt(j);
    const single = suffix === 102 || suffix === 70;
    const v = Number(src.slice(start, j));
    if (single || suffix === 108 || suffix === 76) j++;
    if (isIdCode(src.charCodeAt(j))) throw new ParseError(src, j, "expected the end of a floating-point literal (digits, '.' and digits, an exponent e and its digits, then an f or l suffix)");
    this.kind = FLOAT;
    this.fnum = v;
    this.fsingle = single;
    this.at = j;
    this.cxx = true;
  }

  /** a C++ hexadecimal literal 0x1f at `start`: a dynamic integer */
  private readHex(start: number): void {
    const src = this.src;
    let j = start + 2;
    if (!isHexCode(src.charCodeAt(j))) throw new ParseError(src, j, "expected a hexadecimal digit after 0x");
    while (isHexCode(src.charCodeAt(j))) j++;
    const v = Number.parseInt(src.slice(start + 2, j), 16);
    if (!Number.isSafeInteger(v)) throw new ParseError(src, start, `integer ${src.slice(start, j)} is beyond 2^53; cute-ts refuses rather than round`);
    this.num = v;
    this.at = j;
    this.cxx = true;
  }
}

/** the escapes of a string literal cute-ts reads */
export const ESC: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'", "?": "?", a: "\x07", b: "\b", f: "\f", v: "\v" };

/** Throws the first lexical error of `src`, if it has one (a bad character wins over a grammar error, wherever it is). */
export function lexAll(src: string): void {
  const lx = new Lexer(src);
  do lx.advance();
  while (lx.kind !== EOF);
}

