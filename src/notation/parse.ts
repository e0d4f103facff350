/**
 * The cute-ts notation (docs/notation.md) and CuTe's C++ spelling of the same values, read by one
 * lexer with positions and one recursive-descent parser whose functions are named after the
 * grammar's rules. The print notation parses exactly as it always has; the C++ forms add
 * template types with braces (`Int<8>{}`, `Layout<Shape<_8,_4>>{}`), CuTe's integer operators,
 * `cute::` prefixes, comments and a trailing `;`.
 *
 *   top      := composed ';'* EOF
 *   composed := binary ('o' binary)*
 *   binary   := unary (binop unary)*            (C++ precedence: * / %, + -, << >>, < <= > >=, == !=, &, ^, |, &&, ||)
 *   unary    := ('-' | '+' | '!' | '~' | '*' | '&') unary | cast unary | applied
 *   cast     := '(' type '*'+ ')'                  (C++: `(float*)0x10000`; also `reinterpret_cast<T*>(x)`)
 *   applied  := layout ('(' args ')' | member)*  (a parenthesised single value before '(' groups: `(f(x))(3)`)
 *   member   := '.' name targs? '(' args ')'   (a member function call: `tiled_mma.get_slice(37).partition_A(T)`)
 *   layout   := atom (':' '-'? atom)?
 *   atom     := '-'? integer ('@' integer)* | _N ('{' '}' | '(' ')') | '_' | tuple | '{' args '}' | swizzle
 *             | smem_ptr | pointer | mixed | name targs? ('(' args ')' | '{' args '}')?
 *   pointer  := (swizzle '_')? (('gmem'|'smem'|'rmem') '_')* ('ptr'|'subptr') '[' bits 'b]' '(' address ')'
 *             | 'tmem_[' bits 'b](0x' lane '.' column ')'     (as CuTe prints pointers: gmem_ptr[32b](0x10000))
 *   targs    := '<' (targ (',' targ)*)? '>'
 *   targ     := name targs? | integer | constant expression   ('>' ends the list outside parentheses)
 *   mixed    := 'M_' digits '|(' digits '&' digits ')=' digits      (one token: CuTe's print of MixedBits)
 *
 * A name followed by '<' opens template arguments, except a variable's name in a pasted block
 * (StatementParser.isVariable), where '<' compares.
 * `(x)` is a rank-1 tuple in the print notation and groups in C++: an expression is C++ when it
 * has a construct only C++ has (Lexer.cxx, or a make_tuple-style call), decided once it is read.
 * Blocks of statements pasted from a kernel have their own grammar (StatementParser, at the end).
 */
import { ParseError, UnsupportedSyntax, quote } from "../core/errors.js";
import { SAFE_LIMIT_TEXT } from "../core/integer.js";

export type Node =
  | { k: "int"; v: number; s: boolean; pos: number }
  /** a C++ floating-point literal: `s` true for a float (suffix f), false for a double */
  | { k: "float"; v: number; s: boolean; pos: number }
  | { k: "basis"; v: number; s: boolean; modes: number[]; pos: number }
  | { k: "under"; pos: number }
  /** `s`: written `(x)` in a C++ expression, where the parentheses only group: the value is x's */
  | { k: "tuple"; items: Node[]; s: boolean; pos: number }
  | { k: "layout"; shape: Node; stride: Node; pos: number }
  /**
   * a bare name; inside template arguments a type, `types` its own template arguments (null
   * without `<>`), `end` where it ends; `spelled` its C++ spelling where it is not the source's
   * text (a pasted block's aliases substituted into its template arguments)
   */
  | { k: "name"; name: string; targs: TArg[]; types: Node[] | null; pos: number; end: number; spelled?: string; value?: unknown }
  | { k: "call"; name: string; targs: TArg[]; types: Node[] | null; args: Node[]; pos: number }
  /** `T<targs>{args}`: a value of a C++ type; `name` is "" for a bare braced list `{...}` */
  | { k: "init"; name: string; targs: TArg[]; types: Node[] | null; args: Node[]; pos: number }
  /** `target.name<targs>(args)`: a member function call (ThrMMA::partition_A, TiledCopy::get_slice, ...) */
  | { k: "member"; target: Node; name: string; targs: TArg[]; types: Node[] | null; args: Node[]; pos: number }
  /** a C++ operator: binary `a * b` (args [a, b]) or unary `-a` (name "u-", args [a]) */
  | { k: "op"; name: string; args: Node[]; pos: number }
  /** `target(args)`, or `target[arg]` (`subscript`: a tensor's operator[], one coordinate) */
  | { k: "apply"; target: Node; args: Node[]; pos: number; subscript?: boolean }
  | { k: "composed"; parts: Node[]; pos: number }
  | { k: "swizzle"; b: number; m: number; s: number; pos: number }
  | { k: "smem"; bits: number; pos: number }
  /**
   * a pointer as CuTe prints it: `name` "ptr" (a raw T*), "subptr" (a subbyte_iterator) or
   * "tmem" (a tmem_ptr); `targs` its wrappers outermost first ("gmem", "smem", "rmem",
   * "Sw<B,M,S>"); `bits` sizeof_bits<T>; `v` the address (a 64-bit one above 2^63 as its
   * negative); `sbits` a subbyte iterator's bit index
   */
  | { k: "ptr"; name: string; targs: TArg[]; bits: number; v: number; sbits: number; pos: number }
  /** a C++ cast to a pointer type, `(T*)x` or `reinterpret_cast<T*>(x)`: `name` is T as written (no cv), `v` the number of '*', `args` [x] */
  | { k: "cast"; name: string; v: number; args: Node[]; pos: number }
  /**
   * an integer template argument computed when the expression runs (`sizeof(Element) *
   * size(val_layout)`): `e` the expression, `end` where its text ends
   */
  | { k: "texpr"; e: Node; pos: number; end: number }
  /** CuTe's printed MixedBits `M_s|(d&f)=v`: static bits s, dynamic bits d under the mask f */
  | { k: "mixed"; sbits: number; dbits: number; mask: number; pos: number };

/** a template argument as a function reads it: an integer or a type's spelling such as `half_t` */
export type TArg = number | string;

/**
 * Every node is an instance of this one class, whatever its kind: evaluate's reads of `k`,
 * `pos` and the rest then meet one object shape (a switch over many literal shapes was
 * megamorphic). The union type above is what callers see.
 */
class AstNode {
  v = 0;
  s: boolean | number = false;
  /** a basis element's modes; template arguments as nodes (`types`) */
  modes: number[] | Node[] | null = null;
  /** a tuple's items, a call's, an initialisation's or an application's arguments, a composition's parts, an operator's operands */
  items: Node[] | null = null;
  /** a layout's shape, an application's target */
  shape: Node | null = null;
  stride: Node | null = null;
  name = "";
  targs: TArg[] | null = null;
  b = 0;
  m = 0;
  /** smem_ptr's bit width; where a type written as a template argument ends in the source (`end`) */
  bits = 0;
  sbits = 0;
  dbits = 0;
  mask = 0;
  constructor(
    readonly k: Node["k"],
    readonly pos: number,
  ) {}
  get args(): Node[] | null {
    return this.items;
  }
  get parts(): Node[] | null {
    return this.items;
  }
  get target(): Node | null {
    return this.shape;
  }
  /** an application written t[c] */
  get subscript(): boolean {
    return this.k === "apply" && this.s === true;
  }
  /** a computed template argument's expression */
  get e(): Node | null {
    return this.shape;
  }
  /** template arguments as nodes (types and constants), null without `<>` */
  get types(): Node[] | null {
    return this.modes as Node[] | null;
  }
  set types(t: Node[] | null) {
    this.modes = t;
  }
  /** one past the last character of a type written as a template argument */
  get end(): number {
    return this.bits;
  }
  set end(e: number) {
    this.bits = e;
  }
}
const node = (k: Node["k"], pos: number): AstNode => new AstNode(k, pos);
const done = (n: AstNode): Node => n as unknown as Node;
const NO_TARGS: TArg[] = [];

export const MAX_INPUT = 1_000_000;
const MAX_DEPTH = 500;

// token kinds
const INT = 0, NAME = 1, PUNCT = 2, UNDER = 3, EOF = 4, MIXED = 5, STRING = 6, FLOAT = 7;
const C0 = 48, C9 = 57, UNDERSCORE = 95, MINUS = 45, COLON = 58, SLASH = 47, STAR = 42;
const LPAREN = 40, RPAREN = 41, COMMA = 44, AT = 64, LT = 60, GT = 62, LBRACK = 91, RBRACK = 93, BAR = 124;
const DOT = 46, LBRACE = 123, RBRACE = 125, SEMI = 59, PLUS = 43, BANG = 33, TILDE = 126, EQ = 61, AMP = 38, CARET = 94, PERCENT = 37;
const QUOTE = 34, HASH = 35, BACKSLASH = 92;
const isDigitCode = (c: number) => c >= C0 && c <= C9;
const isIdStartCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === UNDERSCORE;
const isIdCode = (c: number) => isIdStartCode(c) || isDigitCode(c);
const isHexCode = (c: number) => isDigitCode(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
/** single-character tokens; two-character operators (`<<`, `==`, `&&`, ...) are two of them side by side */
const PUNCTS = new Uint8Array(128);
const MINUS_CHAR = 45;
for (const ch of "(),:@<>[]-") PUNCTS[ch.charCodeAt(0)] = 1;
// 2: only C++ has them; 3: also unary operators ('-' is both, and the print notation's)
const UNARY = 3;
for (const ch of "{};*/%&|^=.") PUNCTS[ch.charCodeAt(0)] = 2;
for (const ch of "+!~*&") PUNCTS[ch.charCodeAt(0)] = UNARY;
PUNCTS[MINUS_CHAR] = UNARY;
const isPunctCode = (c: number) => c < 128 && PUNCTS[c] !== 0;
/** characters that start a binary operator, and those only C++ has */
const BINOP_START = new Uint8Array(128);
for (const ch of "*/%+-<>=!&^|") BINOP_START[ch.charCodeAt(0)] = 1;
const CXX_PUNCT = new Uint8Array(128);
for (const ch of "{};*/%+&|^!~=.") CXX_PUNCT[ch.charCodeAt(0)] = 1;
/** CuTe's tuple makers: a call of one says the expression is C++ */
const MAKERS = new Set(["make_tuple", "make_shape", "make_stride", "make_coord", "make_tile", "make_step"]);

/**
 * The lexer: reads one token at a time from `src` into its fields (no token objects). `kind`
 * is the token's kind; an integer's value and static mark are `num` / `stat`, a name's text is
 * `text`, a punctuation's character code `punct`, mixed bits `M_s|(d&f)=v` are `bits`;
 * `start` is where the token begins.
 */
class Lexer {
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
    throw new ParseError(src, i, `unexpected character ${quote(src[i]!)}`);
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
      if (c1 === SLASH) {
        const nl = src.indexOf("\n", i);
        i = nl < 0 ? src.length : nl;
      } else if (c1 === STAR) {
        const close = src.indexOf("*/", i + 2);
        if (close < 0) throw new ParseError(src, i, "unterminated comment: expected '*/'");
        i = close + 2;
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
    if (j - k0 > 15 && !Number.isSafeInteger(Number(src.slice(k0, j)))) {
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
const ESC: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'", "?": "?", a: "\x07", b: "\b", f: "\f", v: "\v" };

/** Throws the first lexical error of `src`, if it has one (a bad character wins over a grammar error, wherever it is). */
function lexAll(src: string): void {
  const lx = new Lexer(src);
  do lx.advance();
  while (lx.kind !== EOF);
}

/** a binary operator: its precedence (higher binds tighter), spelling and length in characters */
interface BinOp {
  prec: number;
  name: string;
  len: number;
}
const op = (prec: number, name: string): BinOp => ({ prec, name, len: name.length });
const MUL = op(10, "*"), DIV = op(10, "/"), MOD = op(10, "%"), ADD = op(9, "+"), SUB = op(9, "-");
const SHL = op(8, "<<"), SHR = op(8, ">>"), LESS = op(7, "<"), LEQ = op(7, "<="), GTR = op(7, ">"), GEQ = op(7, ">=");
const EQL = op(6, "=="), NEQ = op(6, "!="), BAND = op(5, "&"), BXOR = op(4, "^"), BOR = op(3, "|"), LAND = op(2, "&&"), LOR = op(1, "||");

class Parser {
  protected depth = 0;
  /** a call of make_tuple, make_shape, ... was read */
  protected sawMaker = false;
  /** a template argument computed when the expression runs (texpr) was read */
  protected computedTargs = false;
  /** where the last template argument list read ends (after its '>') */
  private targsEnd = 0;
  /**
   * `(x)` read before it was known whether the expression is C++: in C++ they group, in the
   * print notation they are rank-1 tuples, as CuTe prints one (`(-1)` is a tuple in `(4):(-1)`,
   * a number in C++). A C++ construct anywhere (see Lexer.cxx, and a make_tuple/make_shape/...
   * call) makes the expression C++.
   */
  protected singles: AstNode[] | undefined = undefined;
  /** inside template arguments and outside parentheses: '>' closes the list rather than compares */
  private closesAtGt = false;
  protected readonly lx: Lexer;
  constructor(protected readonly src: string) {
    this.lx = new Lexer(src);
    this.lx.advance();
  }

  protected isPunct(c: number): boolean {
    return this.lx.kind === PUNCT && this.lx.punct === c;
  }
  protected isName(text: string): boolean {
    return this.lx.kind === NAME && this.lx.text === text;
  }
  protected expectPunct(c: number, what: string): void {
    if (this.isPunct(c)) {
      this.lx.advance();
      return;
    }
    this.fail(`expected '${String.fromCharCode(c)}' ${what}`);
  }
  /** a grammar error at the current token */
  protected fail(expected: string): never {
    if (this.lx.kind === EOF) throw new ParseError(this.src, this.lx.start, `${expected}, found end of input`);
    this.failAt(this.lx.start, expected);
  }
  /** a grammar error at the token that starts at `pos` (not the end of input) */
  protected failAt(pos: number, expected: string): never {
    throw new ParseError(this.src, pos, `${expected}, found ${quote(this.src.slice(pos, pos + 12).split(/[\s]/)[0]!)}`);
  }
  private enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) throw new ParseError(this.src, pos, `nesting deeper than ${MAX_DEPTH} levels`);
  }

  top(): Node {
    const e = this.composed();
    while (this.isPunct(SEMI)) this.lx.advance();
    if (this.lx.kind !== EOF) this.fail("expected end of input (or ':' / '(' / ' o ')");
    // the expression is C++ (a construct only C++ has came after them): its (x) group
    if (this.singles && (this.lx.cxx || this.sawMaker)) for (const n of this.singles) n.s = true;
    return e;
  }

  composed(): Node {
    const first = this.binary(0);
    if (this.lx.kind !== NAME || this.lx.text !== "o") return first;
    const parts = [first];
    while (this.isName("o")) {
      this.lx.advance();
      parts.push(this.binary(0));
    }
    const n = node("composed", first.pos);
    n.items = parts;
    return done(n);
  }

  /** the binary operator at the current token, if any */
  private binop(): BinOp | null {
    const lx = this.lx;
    if (lx.kind !== PUNCT) return null;
    switch (lx.punct) {
      case STAR:
        return MUL;
      case SLASH:
        return DIV;
      case PERCENT:
        return MOD;
      case PLUS:
        return ADD;
      case MINUS:
        return SUB;
      case LT: {
        const next = this.next();
        return next === LT ? SHL : next === EQ ? LEQ : LESS;
      }
      case GT: {
        if (this.closesAtGt) return null;
        const next = this.next();
        return next === GT ? SHR : next === EQ ? GEQ : GTR;
      }
      case EQ:
        return this.next() === EQ ? EQL : null;
      case BANG:
        return this.next() === EQ ? NEQ : null;
      case AMP:
        return this.next() === AMP ? LAND : BAND;
      case CARET:
        return BXOR;
      case BAR:
        return this.next() === BAR ? LOR : BOR;
    }
    return null;
  }
  /** the character right after the current one-character token: `<<` is two '<' side by side */
  /** `sizeof(` names a type: one name that is not a variable, with or without template arguments, then ')' */
  private sizeofType(): boolean {
    const src = this.src;
    const m = /^\(\s*((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*)\s*/y;
    m.lastIndex = 0;
    const found = m.exec(src.slice(this.lx.start, this.lx.start + 200));
    if (found === null || this.isVariable(found[1]!)) return false;
    let i = this.lx.start + found[0].length;
    if (src.charCodeAt(i) === LT) {
      // the type's template arguments, to their '>' (parentheses inside them hold no '>' of theirs)
      let angle = 0, paren = 0;
      for (; i < src.length; i++) {
        const c = src.charCodeAt(i);
        if (c === LPAREN) paren++;
        else if (c === RPAREN) paren--;
        else if (paren === 0 && c === LT) angle++;
        else if (paren === 0 && c === GT && --angle === 0) break;
        if (paren < 0) return false;
      }
      i++;
      while (src.charCodeAt(i) === 32 || src.charCodeAt(i) === 9 || src.charCodeAt(i) === 10) i++;
    }
    return src.charCodeAt(i) === RPAREN;
  }
  /** whether a name is a variable the text declared before (a pasted block's, see StatementParser) */
  protected isVariable(_name: string): boolean {
    return false;
  }
  protected next(): number {
    return this.src.charCodeAt(this.lx.start + 1);
  }

  /**
   * operators of precedence above `min`, left-associative (precedence climbing); the operands
   * are expressions, or in template arguments integer constants
   */
  binary(min: number, constants = false): Node {
    const lx = this.lx;
    const left = constants ? this.constant() : lx.kind === PUNCT && PUNCTS[lx.punct] === UNARY ? this.unary() : this.applied(lx.start, false);
    // most tokens after an operand (',' ')' ':' end) start no operator
    if (lx.kind !== PUNCT || BINOP_START[lx.punct] !== 1) return left;
    return this.binaryRest(left, min, constants);
  }
  private binaryRest(first: Node, min: number, constants: boolean): Node {
    const lx = this.lx;
    let left = first;
    for (;;) {
      if (lx.kind !== PUNCT || BINOP_START[lx.punct] !== 1) return left;
      const o = this.binop();
      if (o === null || o.prec <= min) return left;
      const pos = lx.start;
      for (let i = 0; i < o.len; i++) lx.advance();
      if (o === MUL && this.isPunct(RPAREN)) this.unsupported(pos, "pointer types other than casts (T*)x");
      this.enter(pos);
      const right = this.binary(o.prec, constants);
      this.depth--;
      const n = node("op", pos);
      n.name = o.name;
      n.items = [grouped(left), grouped(right)];
      left = done(n);
    }
  }

  unary(): Node {
    const lx = this.lx;
    if (lx.kind === PUNCT) {
      const c = lx.punct;
      if (c === MINUS || c === PLUS || c === BANG || c === TILDE || c === STAR || c === AMP) {
        const pos = lx.start;
        lx.advance();
        // -3 and -3:1 are literals, as the print notation writes them
        if (c === MINUS && (lx.kind as number) === INT) return this.applied(pos, true);
        this.enter(pos);
        const a = this.unary();
        this.depth--;
        const n = node("op", pos);
        n.name = "u" + String.fromCharCode(c);
        n.items = [grouped(a)];
        return done(n);
      }
    }
    return this.applied(lx.start, false);
  }

  applied(pos0: number, negative: boolean): Node {
    let e = this.atom(pos0, negative);
    if (this.isPunct(COLON)) e = this.layout(e);
    let chain = 0;
    for (;;) {
      const dot = this.isPunct(DOT);
      const subscript = this.isPunct(LBRACK);
      if (!dot && !subscript && !this.isPunct(LPAREN)) return e;
      const pos = this.lx.start;
      // each application or member call nests the value one level deeper, as a '(' does
      if (this.depth + ++chain > MAX_DEPTH) throw new ParseError(this.src, pos, `nesting deeper than ${MAX_DEPTH} levels (applications chained one after another count as nesting)`);
      if (dot) {
        e = this.member(e);
        continue;
      }
      const n = node("apply", pos);
      if (subscript) {
        // t[c]: Tensor::operator[], one coordinate
        this.lx.advance();
        this.enter(pos);
        n.items = [this.composed()];
        this.depth--;
        this.expectPunct(RBRACK, "closing '[...]'");
        n.s = true;
      } else n.items = this.args();
      // a tuple cannot be applied: `(f(x))(3)` is C++ grouping
      n.shape = grouped(e);
      e = done(n);
    }
  }

  /** `.name<targs>(args)` after a value, from the '.': a member function call */
  private member(target: Node): Node {
    const lx = this.lx;
    const dot = lx.start;
    lx.advance();
    if (this.isName("template")) lx.advance(); // x.template f<0>()
    if (lx.kind !== NAME) this.fail("expected a member function's name after '.'");
    const pos = lx.start, name = lx.text;
    lx.advance();
    let targs = NO_TARGS, types: Node[] | null = null;
    if (this.isPunct(LT)) {
      types = this.targs();
      targs = this.spelled(types);
    }
    if (!this.isPunct(LPAREN)) {
      if (target.k === "name" && DEVICE_VALUES.has(target.name)) {
        throw new ParseError(this.src, target.pos, `${target.name}.${name} is the CUDA ${DEVICE_VALUES.get(target.name)!}, a device value: cute-ts evaluates host code, so write the index itself (e.g. 37)`);
      }
      throw new ParseError(this.src, dot, `expected '(' after .${name}: cute-ts reads member function calls (x.${name}(...)), not data members`);
    }
    const n = node("member", pos);
    n.name = name;
    n.targs = targs;
    n.types = types;
    n.shape = grouped(target);
    n.items = this.args();
    return done(n);
  }

  /** `shape ':' stride`, from the ':' */
  layout(shape: Node): Node {
    this.lx.advance();
    const n = node("layout", shape.pos);
    n.shape = shape;
    const pos = this.lx.start;
    // a negative stride literal: 8:-1
    const negative = this.isPunct(MINUS);
    if (negative) this.lx.advance();
    n.stride = this.atom(pos, negative);
    return done(n);
  }

  /** '(' items ')' or '{' items '}' */
  args(close = RPAREN): Node[] {
    const open = this.lx.start;
    const gt = this.closesAtGt;
    if (gt) this.closesAtGt = false;
    this.lx.advance(); // the opening bracket, which the caller has seen
    if (++this.depth > MAX_DEPTH) throw new ParseError(this.src, open, `nesting deeper than ${MAX_DEPTH} levels`);
    const items: Node[] = [];
    if (this.isPunct(close)) {
      this.lx.advance();
      this.depth--;
      if (gt) this.closesAtGt = true;
      return items;
    }
    if (this.lx.kind === EOF) this.fail(close === RPAREN ? "expected ')'" : "expected '}'");
    for (;;) {
      items.push(this.composed());
      if (this.isPunct(COMMA)) {
        this.lx.advance();
        continue;
      }
      if (this.isPunct(close)) {
        this.lx.advance();
        break;
      }
      this.fail(close === RPAREN ? "expected ',' or ')'" : "expected ',' or '}'");
    }
    this.depth--;
    if (gt) this.closesAtGt = true;
    return items;
  }

  atom(pos: number, negative: boolean): Node {
    const lx = this.lx;
    if (lx.kind === INT) {
      const v = negative ? -lx.num || 0 : lx.num, s = lx.stat;
      lx.advance();
      if (this.isPunct(AT)) {
        const modes: number[] = [];
        while (this.isPunct(AT)) {
          lx.advance();
          if (lx.kind !== INT || lx.stat) this.fail("expected a mode index (0, 1, ...) after '@'");
          if (lx.num > 1023) throw new ParseError(this.src, lx.start, `mode index ${lx.num} after '@' is beyond 1023 (a basis element names a mode of a tuple)`);
          modes.push(lx.num);
          lx.advance();
        }
        // v@i@j is v * E<j,i>: the last index printed is the outermost mode
        const n = node("basis", pos);
        n.v = v;
        n.s = s;
        n.modes = modes.reverse();
        return done(n);
      }
      // _8{} and _8(): the value of the type _8
      if (s && (lx.kind as number) === PUNCT && !negative) {
        if (lx.punct === LBRACE) return this.init(pos, "_" + v, NO_TARGS, null);
        if (lx.punct === LPAREN && this.closesNext()) {
          const n = node("init", pos);
          n.name = "_" + v;
          n.targs = NO_TARGS;
          n.items = this.args();
          return done(n);
        }
      }
      const n = node("int", pos);
      n.v = v;
      n.s = s;
      return done(n);
    }
    if (lx.kind === FLOAT) {
      const n = node("float", pos);
      n.v = negative ? -lx.fnum : lx.fnum;
      n.s = lx.fsingle;
      lx.advance();
      return done(n);
    }
    if (negative) this.fail("expected an integer after '-'");
    if (lx.kind === UNDER) {
      lx.advance();
      return done(node("under", pos));
    }
    if (lx.kind === MIXED) return this.mixed(pos);
    if (lx.kind === PUNCT && lx.punct === LPAREN) {
      // a C++ cast `(T*)x` opens with a letter (a print-notation tuple with '_', a digit or a bracket)
      const c1 = this.src.charCodeAt(lx.start + 1);
      if ((c1 > 64 && c1 !== UNDERSCORE) || c1 === 32 || c1 === COLON || c1 === 10 || c1 === 9 || c1 === 13) {
        const cast = this.castAhead();
        if (cast) return this.cast(pos, cast);
      }
      const items = this.args();
      // (x) groups in C++: known now if a C++ construct came before, else at the end (see top)
      if (items.length === 1 && (lx.cxx || this.sawMaker)) return items[0]!;
      const n = node("tuple", pos);
      n.items = items;
      if (items.length === 1) (this.singles ??= []).push(n);
      return done(n);
    }
    if (lx.kind === NAME) return this.named(pos);
    if (lx.kind === PUNCT && lx.punct === LBRACE) return this.init(pos, "", NO_TARGS, null);
    if (lx.kind === PUNCT && lx.punct === LBRACK) this.unsupported(pos, "lambdas ([&]{ ... }())");
    this.fail("expected an integer, '_', '(', or a name");
  }

  /** CuTe's printed MixedBits `M_s|(d&f)=v`, checked as make_mixed_bits would have built it */
  private mixed(pos: number): Node {
    const lx = this.lx;
    const [sbits, dbits, mask, value] = lx.bits;
    // what CuTe's make_mixed_bits would have built: no static bit under the mask, no dynamic bit
    // outside it, some bit dynamic, and the printed value their union
    const why =
      Math.max(sbits, dbits, mask, value) > 0xffffffff ? "mixed bits are 32-bit"
      : mask === 0 ? "the mask has no dynamic bit (that would be the static integer _s)"
      : (sbits & mask) !== 0 ? "a static bit lies under the dynamic mask"
      : (dbits & ~mask) !== 0 ? "a dynamic bit lies outside the mask"
      : (sbits | dbits) >>> 0 !== value ? `the value is s|d = ${(sbits | dbits) >>> 0}`
      : "";
    if (why) throw new ParseError(this.src, pos, `inconsistent mixed bits M_s|(d&f)=v: ${why}`);
    lx.advance();
    const n = node("mixed", pos);
    n.sbits = sbits;
    n.dbits = dbits;
    n.mask = mask;
    return done(n);
  }

  /** a name: `Sw<B,M,S>`, `smem_ptr[16b](unset)`, a call `f<targs>(args)`, a value `T<targs>{args}`, or a bare name */
  private named(pos: number): Node {
    const lx = this.lx;
    const name = lx.text;
    lx.advance();
    if (name.charCodeAt(0) === 109 && MAKERS.has(name)) this.sawMaker = true;
    if (name === "Sw" || name === "Swizzle") {
      const [b, m, s] = this.intTargs(3, `${name}<B,M,S>`) as [number, number, number];
      if (this.isPunct(LBRACE)) this.emptyBraces(`${name}<B,M,S>{}`);
      const n = node("swizzle", pos);
      n.b = b!;
      n.m = m!;
      n.s = s!;
      // Sw<3,4,3>_smem_ptr[16b](0x1000): a swizzle_ptr as CuTe prints it
      if (lx.kind === NAME && lx.text.charCodeAt(0) === UNDERSCORE) return this.pointerLiteral(pos, lx.text.slice(1), [`Sw<${b},${m},${s}>`], true);
      return done(n);
    }
    if (this.isPunct(LBRACK) && POINTER_NAME.test(name)) return this.pointerLiteral(pos, name, [], false);
    if ((name === "reinterpret_cast" || name === "static_cast") && this.isPunct(LT)) return this.namedCast(pos, name);
    // `typename decltype(x)::AtomThrID{}`: typename only says a type follows
    if (name === "typename" && lx.kind === NAME && lx.text === "decltype") return this.named(lx.start);
    // decltype(x)::T{} (a member type of x's type, read as x's member T) and decltype(x)::value
    if (name === "decltype" && this.isPunct(LPAREN)) {
      const args = this.args();
      if (args.length !== 1) throw new ParseError(this.src, pos, "decltype(...) takes one expression");
      if (!(lx.kind === NAME && this.src.charCodeAt(lx.start) === COLON)) throw new ParseError(this.src, pos, "decltype(x) names a type: write decltype(x)::T{} for a member type, or declare the value (auto y = x;)");
      const member = lx.text;
      lx.advance();
      const n = node(member === "value" ? "op" : "member", pos);
      if (member === "value") {
        n.name = "::value";
        n.items = args;
        return done(n);
      }
      if (this.isPunct(LBRACE)) this.emptyBraces(`decltype(...)::${member}{}`);
      else this.fail(`expected '{}' (a value of the type decltype(...)::${member})`);
      n.name = member;
      n.targs = NO_TARGS;
      n.types = null;
      n.items = [];
      n.shape = args[0]!;
      return done(n);
    }
    if (name === "sizeof" && this.isPunct(LPAREN) && this.sizeofType()) {
      // sizeof(T) of a type: a call with T as its template argument and no arguments
      lx.advance(); // '('
      const t = this.targ();
      this.expectPunct(RPAREN, "closing sizeof(...)");
      const n = node("call", pos);
      n.name = name;
      n.types = [t];
      n.targs = this.spelled([t]);
      n.items = [];
      return done(n);
    }
    if (name === "auto" || name === "using" || name === "return") throw new ParseError(this.src, pos, `a statement (${name} ...) cannot stand inside an expression: write statements one after another, each ending in ';'`);
    let targs = NO_TARGS, types: Node[] | null = null;
    // after a variable's name '<' compares (i < n); after any other name it opens template arguments
    if (this.isPunct(LT) && !this.isVariable(name)) {
      types = this.targs();
      targs = this.spelled(types);
    }
    if (this.isPunct(LBRACE)) return this.init(pos, name, targs, types);
    if (this.isPunct(LPAREN)) {
      const n = node("call", pos);
      n.name = name;
      n.targs = targs;
      n.types = types;
      n.items = this.args();
      return done(n);
    }
    // T<...>::value: the constant of an integral_constant type (is_static<L>::value), a plain integer
    if (types !== null && lx.kind === NAME && lx.text === "value" && this.src.charCodeAt(lx.start) === COLON) {
      lx.advance();
      const t = node("init", pos);
      t.name = name;
      t.targs = targs;
      t.types = types;
      t.items = [];
      const n = node("op", pos);
      n.name = "::value";
      n.items = [done(t)];
      return done(n);
    }
    if (types !== null) this.fail(`expected '{}' (a value of the type ${name}<...>), '(' (a call) or '::value'`);
    const n = node("name", pos);
    n.name = name;
    n.targs = targs;
    return done(n);
  }

  /** is the next token ')' (the current one being '(')? */
  private closesNext(): boolean {
    const src = this.src;
    let j = this.lx.at;
    let c = src.charCodeAt(j);
    while (c === 32 || c === 9 || c === 10 || c === 13) c = src.charCodeAt(++j);
    return c === RPAREN;
  }

  /** `T<targs>{args}` from its '{' */
  private init(pos: number, name: string, targs: TArg[], types: Node[] | null): Node {
    const n = node("init", pos);
    n.name = name;
    n.targs = targs;
    n.types = types;
    n.items = this.args(RBRACE);
    return done(n);
  }
  private emptyBraces(what: string): void {
    this.lx.advance();
    this.expectPunct(RBRACE, `closing ${what}`);
  }
  protected unsupported(pos: number, what: string): never {
    throw new UnsupportedSyntax(this.src, pos, what);
  }

  /** template arguments as the registry reads them: integers, and types as C++ spells them */
  private spelled(types: Node[]): TArg[] {
    return types.map((t) => (t.k === "int" ? t.v : spellType(t, this.src)));
  }

  /** '<' targ, ... '>' as nodes */
  private targs(): Node[] {
    const lx = this.lx;
    const open = lx.start;
    lx.advance(); // '<'
    this.enter(open);
    const gt = this.closesAtGt;
    this.closesAtGt = true;
    const nodes: Node[] = [];
    if (!this.isPunct(GT)) {
      for (;;) {
        nodes.push(this.targ());
        if (this.isPunct(COMMA)) {
          lx.advance();
          continue;
        }
        if (this.isPunct(GT)) break;
        this.fail("expected ',' or '>' in the template arguments");
      }
    }
    this.targsEnd = lx.at;
    lx.advance(); // '>'
    this.closesAtGt = gt;
    this.depth--;
    return nodes;
  }

  /** a template argument: a type (a name with its own template arguments, or `_8`), or an integer constant */
  protected targ(): Node {
    const lx = this.lx;
    const pos = lx.start;
    // a name is a type (half_t, _8, SM80_CP_ASYNC<T>), unless it is called (sizeof(T), size(L)): then an integer expression
    if (lx.kind === NAME && lx.text !== "true" && lx.text !== "false" && !/^\s*\(/.test(this.src.slice(lx.at, lx.at + 64))) {
      const name = lx.text;
      let end = lx.at;
      lx.advance();
      let types: Node[] | null = null;
      if (this.isPunct(LT)) {
        types = this.targs();
        end = this.targsEnd;
      }
      const n = node("name", pos);
      n.name = name;
      // a type's own template arguments are read as nodes (`types`); spelled only where a function takes them
      n.targs = NO_TARGS;
      n.types = types;
      n.end = end;
      return done(n);
    }
    if (lx.kind === UNDER) {
      lx.advance();
      const n = node("name", pos);
      n.name = "_";
      n.targs = NO_TARGS;
      n.end = pos + 1;
      return done(n);
    }
    const e = this.binary(0, true);
    if (e.k === "int") return e;
    if (computed(e)) {
      // sizeof(T) or a call: the value is known when the expression runs (src/eval/block.ts, evaluate.ts)
      this.computedTargs = true;
      const t = node("texpr", pos);
      t.shape = e;
      t.end = lx.start;
      return done(t);
    }
    const n = node("int", pos);
    n.v = fold(e, this.src);
    return done(n);
  }
  /** an operand of an integer constant expression in template arguments */
  private constant(): Node {
    const lx = this.lx;
    const pos = lx.start;
    if (lx.kind === INT) {
      const n = node("int", pos);
      n.v = lx.num;
      n.s = lx.stat;
      lx.advance();
      return done(n);
    }
    if (lx.kind === NAME && (lx.text === "true" || lx.text === "false")) {
      const n = node("int", pos);
      n.v = lx.text === "true" ? 1 : 0;
      lx.advance();
      return done(n);
    }
    if (lx.kind === PUNCT && (lx.punct === MINUS || lx.punct === PLUS || lx.punct === BANG || lx.punct === TILDE)) {
      const c = lx.punct;
      lx.advance();
      this.enter(pos);
      const a = this.constant();
      this.depth--;
      const n = node("op", pos);
      n.name = "u" + String.fromCharCode(c);
      n.items = [a];
      return done(n);
    }
    if (lx.kind === PUNCT && lx.punct === LPAREN) {
      const gt = this.closesAtGt;
      this.closesAtGt = false;
      lx.advance();
      this.enter(pos);
      const e = this.binary(0, true);
      this.depth--;
      this.expectPunct(RPAREN, "closing the parenthesised constant");
      this.closesAtGt = gt;
      return e;
    }
    // sizeof(T), a constexpr call (size(val_layout)) or a constant's name: computed when the expression runs
    if (lx.kind === NAME) return this.named(pos);
    this.fail("expected a template argument (a type such as _8 or half_t, or an integer constant)");
  }

  // ---------------------------------------------------------------- pointers and casts

  /**
   * A pointer as CuTe prints it, from its name (the current token, or after a swizzle the rest
   * of the name that follows `Sw<B,M,S>_`): wrappers, `ptr[Nb](0x...)`, `subptr[Nb](0x....i)`,
   * `tmem_[Nb](0xLLLL.CCCC)`; `smem_ptr[Nb](unset)` is the smem_ptr_flag of a swizzled layout.
   */
  private pointerLiteral(pos: number, first: string, tags: TArg[], afterSwizzle: boolean): Node {
    const lx = this.lx;
    let name = first;
    if (afterSwizzle) lx.advance(); // the name after Sw<B,M,S>, read as `first`
    // Sw<1,2,3>_Sw<3,4,3>_smem_ptr: a swizzle_ptr of a swizzle_ptr
    while (name === "Sw") {
      const [b, m, s] = this.intTargs(3, "Sw<B,M,S>");
      tags.push(`Sw<${b},${m},${s}>`);
      if (!(lx.kind === NAME && lx.text.charCodeAt(0) === UNDERSCORE)) this.fail("expected a pointer after Sw<B,M,S>_ (as in Sw<3,4,3>_smem_ptr[16b](0x1000))");
      name = lx.text.slice(1);
      lx.advance();
    }
    const m = POINTER_NAME.exec(name);
    if (!m || !this.isPunct(LBRACK)) this.failAt(pos, "expected a pointer as CuTe prints it: gmem_ptr[32b](0x10000), Sw<3,4,3>_smem_ptr[16b](0x1000), tmem_[32b](0x0000.0000)");
    const wrappers = m[1] ? m[1].split("_").filter((w) => w !== "") : [];
    const base = m[4] ? "tmem" : m[2]!;
    if (base === "tmem" && tags.length > 0) this.failAt(pos, "a tmem_ptr has no swizzle");
    this.expectPunct(LBRACK, "");
    if (lx.kind !== INT) this.fail("expected a bit width such as 16b");
    const bits = lx.num, at = lx.start;
    lx.advance();
    if (!this.isName("b")) this.failAt(at, "expected a bit width such as 16b");
    lx.advance();
    this.expectPunct(RBRACK, "after the bit width");
    if (!this.isPunct(LPAREN)) this.fail(`expected '(' and the address, as in ${base === "tmem" ? "tmem_[32b](0x0000.0000)" : `${name}[${bits}b](0x1000)`}`);
    // smem_ptr[16b](unset): the flag a swizzled smem layout waits for its pointer with
    if (name === "smem_ptr" && tags.length === 0 && UNSET.test(this.src.slice(lx.start, lx.start + 32))) {
      lx.advance();
      lx.advance();
      this.expectPunct(RPAREN, "after unset");
      const n = node("smem", pos);
      n.bits = bits;
      return done(n);
    }
    const re = base === "tmem" ? TMEM_ADDRESS : base === "subptr" ? SUBBYTE_ADDRESS : ADDRESS;
    re.lastIndex = lx.start;
    const a = re.exec(this.src);
    if (!a) {
      const form = base === "tmem" ? "0xLLLL.CCCC (lane.column)" : base === "subptr" ? "0x1000.4 (address.bit)" : "0x1000 or (nil)";
      throw new ParseError(this.src, lx.start, `expected the address in parentheses, ${form}`);
    }
    const n = node("ptr", pos);
    n.name = base;
    n.targs = [...tags, ...wrappers];
    n.bits = bits;
    if (base === "tmem") {
      n.v = Number.parseInt(a[1]!, 16) * 65536 + Number.parseInt(a[2]!, 16);
    } else {
      n.v = a[1] === undefined ? 0 : this.address(a[1], lx.start);
      n.sbits = base === "subptr" ? Number(a[2]) : -1;
      if (n.sbits > 7) throw new ParseError(this.src, lx.start, "a sub-byte iterator's bit index is 0 to 7");
    }
    lx.at = a.index + a[0].length;
    lx.advance();
    return done(n);
  }

  /** a %p address: a 64-bit value, one above 2^63 kept as its (wrapped) negative; exact below 2^53 */
  private address(hex: string, pos: number): number {
    let v = BigInt("0x" + hex);
    if (v >= 1n << 64n) throw new ParseError(this.src, pos, "an address is 64 bits");
    if (v >= 1n << 63n) v -= 1n << 64n;
    const x = Number(v);
    if (!Number.isSafeInteger(x)) throw new ParseError(this.src, pos, "an address beyond 2^53 (cute-ts keeps addresses exact and refuses rather than round)");
    return x;
  }

  /** `(T*)` at the current '(': the type and the number of '*' (a C-style cast), or null */
  private castAhead(): RegExpExecArray | null {
    // a tuple of the print notation opens with '_', a digit, '(' or '-': only a name can start a type
    let i = this.lx.start + 1;
    let c = this.src.charCodeAt(i);
    while (c === 32 || c === 9 || c === 10 || c === 13) c = this.src.charCodeAt(++i);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === COLON)) return null;
    CAST.lastIndex = this.lx.start;
    return CAST.exec(this.src);
  }
  /** `(T*)x`: a cast binds as a unary operator does */
  private cast(pos: number, m: RegExpExecArray): Node {
    const lx = this.lx;
    lx.cxx = true;
    lx.at = m.index + m[0].length;
    lx.advance();
    this.enter(pos);
    const x = this.unary();
    this.depth--;
    return castNode(pos, m[1]!, m[2]!, x);
  }
  /** `reinterpret_cast<T*>(x)` from the '<' */
  private namedCast(pos: number, name: string): Node {
    const lx = this.lx;
    NAMED_CAST.lastIndex = lx.start;
    const m = NAMED_CAST.exec(this.src);
    if (!m) this.fail(`expected a pointer type in ${name}<T*>(x)`);
    lx.at = m.index + m[0].length;
    lx.advance();
    if (!this.isPunct(LPAREN)) this.fail(`expected '(' after ${name}<...>`);
    const args = this.args();
    if (args.length !== 1) throw new ParseError(this.src, pos, `${name}<T*>(x) casts one value`);
    return castNode(pos, m[1]!, m[2]!, args[0]!);
  }

  private intTargs(n: number, what: string): number[] {
    if (!this.isPunct(LT)) this.fail(`expected '<' to open template arguments`);
    const targs = this.spelled(this.targs());
    if (targs.length !== n || targs.some((x) => typeof x !== "number")) {
      throw new ParseError(this.src, this.lx.start, `expected ${n} integers in ${what}`);
    }
    return targs as number[];
  }
}

/** a pointer's printed name: wrappers, then `ptr`, `subptr`, or `tmem_` */
const POINTER_NAME = /^((?:(?:gmem|smem|rmem)_)*)(ptr|subptr)$|^()(tmem_)$/;
const UNSET = /^\(\s*unset\s*\)/;
const ADDRESS = /\(\s*(?:0x([0-9a-fA-F]{1,16})|\(nil\))\s*\)/y;
const SUBBYTE_ADDRESS = /\(\s*(?:0x([0-9a-fA-F]{1,16})|\(nil\))\.(\d{1,3})\s*\)/y;
const TMEM_ADDRESS = /\(\s*0x([0-9a-fA-F]{4})\.([0-9a-fA-F]{4})\s*\)/y;
/** a C++ type as a cast names it: words (with :: and one level of template arguments), cv-qualifiers */
const TYPE = String.raw`((?:(?:const|volatile)\s+)*(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*(?:\s*<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?(?:\s+(?:const|volatile|(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*))*)`;
const STARS = String.raw`((?:\s*\*\s*(?:const\s*)?)+)`;
const CAST = new RegExp(String.raw`\(\s*${TYPE}${STARS}\)`, "y");
const NAMED_CAST = new RegExp(String.raw`<\s*${TYPE}${STARS}>`, "y");

function castNode(pos: number, type: string, stars: string, x: Node): Node {
  const n = node("cast", pos);
  n.name = type.replace(/\b(?:const|volatile)\b/g, " ").replace(/\s+/g, " ").trim().replace(/\s*([<>,:])\s*/g, "$1");
  n.v = (stars.match(/\*/g) ?? []).length;
  n.items = [x];
  return done(n);
}

/** CUDA's built-in device values, refused by name where a kernel's line uses them */
const DEVICE_VALUES = new Map([
  ["threadIdx", "thread index"],
  ["blockIdx", "block index"],
  ["blockDim", "block size"],
  ["gridDim", "grid size"],
  ["clusterIdx", "cluster index"],
]);

/** `(x)` is a rank-1 tuple in the print notation; as an operand or before an argument list it groups, as in C++ */
function grouped(n: Node): Node {
  return n.k === "tuple" && n.items.length === 1 ? n.items[0]! : n;
}

/** the value of an integer constant expression in template arguments (C++ arithmetic on literals) */
/** whether a template argument's expression holds a call or a name (sizeof(T), size(L), bM): not foldable as it is read */
function computed(n: Node): boolean {
  if (n.k === "call" || n.k === "name" || n.k === "member" || n.k === "apply") return true;
  return n.k === "op" && n.args.some(computed);
}

function fold(n: Node, src: string): number {
  if (n.k === "int") {
    if (n.s) throw new ParseError(src, n.pos, "expected an integer constant here, found the type _" + n.v);
    return n.v;
  }
  if (n.k !== "op") throw new ParseError(src, n.pos, "expected an integer constant");
  const [a, b] = n.args.map((x) => fold(x, src)) as [number, number];
  let r: number;
  switch (n.name) {
    case "u-": r = -a; break;
    case "u+": r = a; break;
    case "u!": r = a ? 0 : 1; break;
    case "u~": r = Number(~BigInt(a)); break;
    case "*": r = a * b; break;
    case "/":
    case "%":
      if (b === 0) throw new ParseError(src, n.pos, "integer division by zero in a template argument");
      r = n.name === "/" ? Math.trunc(a / b) : a % b;
      break;
    case "+": r = a + b; break;
    case "-": r = a - b; break;
    case "<<": r = Number(BigInt(a) << BigInt(b)); break;
    case ">>": r = Number(BigInt(a) >> BigInt(b)); break;
    case "<": r = +(a < b); break;
    case "<=": r = +(a <= b); break;
    case ">": r = +(a > b); break;
    case ">=": r = +(a >= b); break;
    case "==": r = +(a === b); break;
    case "!=": r = +(a !== b); break;
    case "&": r = Number(BigInt(a) & BigInt(b)); break;
    case "^": r = Number(BigInt(a) ^ BigInt(b)); break;
    case "|": r = Number(BigInt(a) | BigInt(b)); break;
    case "&&": r = +(a !== 0 && b !== 0); break;
    default: r = +(a !== 0 || b !== 0);
  }
  if (!Number.isSafeInteger(r)) throw new ParseError(src, n.pos, "integer overflow in a template argument (beyond 2^53)");
  return r || 0;
}

/** a template argument's C++ spelling, white space removed: `half_t`, `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>`, `_8` */
export function spellType(n: Node, src: string): string {
  if (n.k === "int") return n.s ? `_${n.v}` : `${n.v}`;
  if (n.k === "name") return n.spelled ?? src.slice(n.pos, n.end).replace(/\s+/g, "");
  if (n.k === "texpr") return src.slice(n.pos, n.end).trim();
  return src.slice(n.pos, n.pos + 1);
}

export function parse(src: string): Node {
  if (src.length > MAX_INPUT) throw new ParseError(src.slice(0, 60) + "…", 0, `input longer than ${MAX_INPUT} characters`);
  try {
    return new Parser(src).top();
  } catch (e) {
    // the whole input is lexed before any grammar error is reported, as a separate lexing pass would
    if (e instanceof ParseError) lexAll(src);
    throw e;
  }
}

// ---------------------------------------------------------------- statements: a block pasted from a kernel
//
//   program   := expression ';'* EOF                      (one expression, as `parse` reads it)
//              | statement* EOF
//   statement := ';'                                       (#include / #pragma lines are skipped as comments are)
//              | 'using' 'namespace' name ';' | 'using' name '=' type ';'
//              | declspec* type declarator (',' declarator)* ';'
//              | printer '(' (string | expression) (',' ...)* ')' ';'
//              | ('static_assert' | 'CUTE_STATIC_ASSERT_V' | 'CUTE_STATIC_ASSERT' | 'assert') '(' expression (',' string)? ')' ';'
//              | expression ';'
//   type      := 'auto' | name targs? | 'decltype' '(' expression ')'    (then const, &, && are skipped)
//   declarator:= name ('=' expression | '(' args ')' | '{' args '}')? | '[' name (',' name)* ']' '=' expression

/** what a snippet's type is: `auto`, a type (a name node with its template arguments), or `decltype(e)` */
export type TypeRef = { k: "auto"; pos: number } | { k: "type"; node: Node & { k: "name" }; pos: number } | { k: "decltype"; e: Node; pos: number; member?: "value_type" };

export interface Declarator {
  name: string;
  pos: number;
  /** the names of a structured binding `auto [a, b] = e;` */
  bind: string[] | null;
  /** `= e`, `(args)`, `{args}`, or none (value-initialised) */
  init: { k: "=" ; e: Node } | { k: "()" | "{}"; args: Node[]; pos: number } | null;
}

export type PrintArg = { k: "string"; text: string; pos: number } | { k: "value"; e: Node };

export type Stmt =
  | { k: "expr"; e: Node; pos: number }
  | { k: "decl"; type: TypeRef; constexpr: boolean; decls: Declarator[]; pos: number }
  | { k: "using"; name: string; type: TypeRef; pos: number }
  | { k: "print"; fn: string; args: PrintArg[]; pos: number }
  | { k: "assert"; fn: string; e: Node; message: string | null; pos: number }
  /** `name = e;`: a new value for a variable the block declared (`++i`, `i += e` are written so) */
  | { k: "assign"; name: string; e: Node; pos: number }
  /** `{ ... }`: a compound statement, its own scope */
  | { k: "compound"; stmts: Stmt[]; pos: number }
  | { k: "if"; cond: Node; then: Stmt; else: Stmt | null; pos: number }
  /** `for (init; cond; step) body` and `while (cond) body` (init and step null); a null cond is always true */
  | { k: "loop"; word: "for" | "while"; init: Stmt | null; cond: Node | null; step: Stmt | null; body: Stmt; pos: number }
  | { k: "jump"; what: "break" | "continue"; pos: number };

/** a parsed argument: one expression, or a block of statements */
/** `computed`: a template argument is computed when the block runs (a texpr), so its names are resolved in the block's scope */
export type Program = { k: "expr"; e: Node } | { k: "block"; stmts: Stmt[]; computed: boolean };

/** CuTe's printers and printf: statements of a block */
const PRINTER_NAMES = new Set(["print", "printf", "print_layout", "print_tensor", "print_latex", "print_svg"]);
const ASSERTS = new Set(["static_assert", "CUTE_STATIC_ASSERT_V", "CUTE_STATIC_ASSERT", "assert"]);
/** words that begin a declaration whatever follows */
const DECL_SPECS = new Set(["auto", "constexpr", "const", "static", "inline", "volatile", "decltype", "unsigned", "signed", "CUTE_HOST_DEVICE"]);
/** C++ constructs a block may not hold, by their first word: what each is */
const REFUSED = new Map([
  ["do", "do-while loops (for and while are read)"],
  ["else", "an else without an if"],
  ["switch", "switch statements (if is read)"],
  ["case", "switch statements (if is read)"],
  ["return", "return and goto"],
  ["goto", "return and goto"],
  ["try", "exceptions (try, throw)"],
  ["throw", "exceptions (try, throw)"],
  ["template", "template definitions"],
  ["typename", "template definitions"],
  ["struct", "type definitions (struct, class, union, enum)"],
  ["class", "type definitions (struct, class, union, enum)"],
  ["union", "type definitions (struct, class, union, enum)"],
  ["enum", "type definitions (struct, class, union, enum)"],
  ["namespace", "namespace definitions"],
  ["typedef", "typedef (write using X = T;)"],
  ["__global__", "function definitions (__global__, __device__)"],
  ["__device__", "function definitions (__global__, __device__)"],
  ["__host__", "function definitions (__global__, __device__)"],
  ["__forceinline__", "function definitions (__global__, __device__)"],
  ["__shared__", "shared-memory declarations (__shared__, extern)"],
  ["extern", "shared-memory declarations (__shared__, extern)"],
  ["asm", "inline assembly (asm)"],
  ["new", "heap memory (new, delete)"],
  ["delete", "heap memory (new, delete)"],
]);

/** the control statements a block reads: if, for, while, break, continue */
const CONTROL = new Set(["if", "for", "while", "break", "continue"]);
/** the compound assignments `x op= e` a block reads, by the operator's character */
const COMPOUND_OPS = new Map([
  [PLUS, "+"],
  [MINUS, "-"],
  [STAR, "*"],
  [SLASH, "/"],
  [PERCENT, "%"],
]);
/** how deep compound statements, ifs and loops may nest */
const MAX_NESTING = 100;

class StatementParser extends Parser {
  /** how deep the current statement is nested (compound statements, ifs, loops), and in how many loops */
  private nesting = 0;
  private loops = 0;
  /** the names the block declares as variables where the parser stands: how many declarations of each are in scope */
  private readonly variables = new Map<string, number>();
  /** the names declared in each scope the parser is inside (compound statements, bodies, a for's init) */
  private readonly scopes: string[][] = [];
  protected override isVariable(name: string): boolean {
    return this.variables.has(name);
  }
  private declareVariable(name: string): void {
    this.variables.set(name, (this.variables.get(name) ?? 0) + 1);
    this.scopes[this.scopes.length - 1]?.push(name);
  }

  /** the argument: one expression (read exactly as `parse` reads it) or a block of statements */
  program(): Program {
    const lx = this.lx;
    if (lx.kind === EOF) this.fail("expected an expression or a statement");
    const stmts: Stmt[] = [];
    if (!this.startsStatement()) {
      const pos = lx.start;
      const e = this.composed();
      if (!this.isPunct(SEMI)) {
        if (lx.kind !== EOF) this.fail("expected end of input (or ':' / '(' / ' o ')");
        this.resolveSingles();
        return { k: "expr", e };
      }
      while (this.isPunct(SEMI)) lx.advance();
      if (lx.kind === EOF) {
        this.resolveSingles();
        return { k: "expr", e };
      }
      stmts.push({ k: "expr", e, pos });
    }
    while (lx.kind !== EOF) {
      const st = this.statement();
      if (st !== null) stmts.push(st);
    }
    this.resolveSingles();
    return { k: "block", stmts, computed: this.computedTargs };
  }

  /** the expression is C++ (see Parser.singles): its (x) group */
  private resolveSingles(): void {
    if (this.singles && (this.lx.cxx || this.sawMaker)) for (const n of this.singles) n.s = true;
  }

  /** does the current token begin a statement that is not an expression? */
  private startsStatement(): boolean {
    const lx = this.lx;
    if (lx.kind === PUNCT) return lx.punct === LBRACE || this.atIncrement();
    if (lx.kind !== NAME) return false;
    const t = lx.text;
    if (DECL_SPECS.has(t) || REFUSED.has(t) || CONTROL.has(t) || t === "using") return true;
    if ((PRINTER_NAMES.has(t) || ASSERTS.has(t)) && this.src.charCodeAt(this.skipSpace(lx.at)) === LPAREN) return true;
    return this.looksLikeDeclaration();
  }

  private skipSpace(i: number): number {
    const src = this.src;
    while (i < src.length && (src.charCodeAt(i) === 32 || src.charCodeAt(i) === 9 || src.charCodeAt(i) === 10 || src.charCodeAt(i) === 13)) i++;
    return i;
  }

  /** `Type<...> name` followed by '=', ';', '(', '{', ',' or the end: two names in a row (the composition `o` and a printed pointer `Sw<..>_smem_ptr[16b](..)` aside) */
  private looksLikeDeclaration(): boolean {
    // a name followed by '(' is a call (most inputs are): no second lexer for it
    if (this.src.charCodeAt(this.skipSpace(this.lx.at)) === LPAREN) return false;
    const la = new Lexer(this.src);
    // the lexer's fields read through functions: each advance changes them
    const kind = (): number => la.kind;
    const punct = (): number => (la.kind === PUNCT ? la.punct : -1);
    la.at = this.lx.start;
    la.advance(); // the type's name
    la.advance();
    if (punct() === LT) {
      let angle = 0, paren = 0;
      for (;;) {
        if (kind() === EOF) return false;
        const c = punct();
        if (c === LPAREN) paren++;
        else if (c === RPAREN) paren--;
        else if (paren === 0 && c === LT) angle++;
        else if (paren === 0 && c === GT && --angle === 0) break;
        else if (paren === 0 && (c === SEMI || c === LBRACE)) return false;
        la.advance();
      }
      la.advance();
    }
    while ((kind() === NAME && (la.text === "const" || la.text === "volatile")) || punct() === AMP || punct() === STAR) la.advance();
    if (kind() !== NAME || la.text === "o") return false;
    la.advance();
    if (kind() === EOF) return true;
    const c = punct();
    return c === EQ || c === SEMI || c === LPAREN || c === LBRACE || c === COMMA;
  }

  /** one statement; null for an empty one (';', a preprocessor line) */
  private statement(): Stmt | null {
    const lx = this.lx;
    const pos = lx.start;
    this.depth = 0;
    if (this.isPunct(SEMI)) {
      lx.advance();
      return null;
    }
    if (this.isPunct(RBRACE)) this.fail("expected a statement ('}' closes no '{')");
    if (this.isPunct(LBRACE)) return this.nested(pos, () => this.compound(pos));
    if (this.atIncrement()) return this.step(true);
    if (lx.kind === NAME) {
      const t = lx.text;
      const refused = REFUSED.get(t);
      if (refused !== undefined) throw new ParseError(this.src, pos, `cute-ts does not read C++ ${refused} in a pasted block: it reads declarations (auto, Tensor, Layout, TiledMMA, TiledCopy, Copy_Atom, using, constexpr), print statements, expressions, { }, if, for and while; trim the paste to those`);
      if (CONTROL.has(t)) return this.control(pos, t);
      if (t === "using") return this.using(pos);
      if (PRINTER_NAMES.has(t) && this.src.charCodeAt(this.skipSpace(lx.at)) === LPAREN) return this.printStatement(pos);
      if (ASSERTS.has(t) && this.src.charCodeAt(this.skipSpace(lx.at)) === LPAREN) return this.assertion(pos);
      if (DECL_SPECS.has(t) || this.looksLikeDeclaration()) return this.declaration(pos);
      if (this.isAssignment() || this.atUpdate()) return this.step(true);
    }
    const e = this.composed();
    this.endStatement();
    return { k: "expr", e, pos };
  }

  /** a statement nested in another (a compound statement's, an if's or a loop's), within MAX_NESTING */
  private nested<T>(pos: number, read: () => T): T {
    if (++this.nesting > MAX_NESTING) throw new ParseError(this.src, pos, `statements nested deeper than ${MAX_NESTING} levels`);
    this.scopes.push([]);
    const r = read();
    // the scope's declarations end with it
    for (const name of this.scopes.pop()!) {
      const n = this.variables.get(name)! - 1;
      if (n === 0) this.variables.delete(name);
      else this.variables.set(name, n);
    }
    this.nesting--;
    return r;
  }
  /** a substatement: a statement, `;` (nothing) or `{ ... }` */
  private body(): Stmt {
    const pos = this.lx.start;
    return this.nested(pos, () => this.statement() ?? { k: "compound", stmts: [], pos });
  }

  /** `{ statements }` (the lexer stands on '{') */
  private compound(pos: number): Stmt {
    const lx = this.lx;
    lx.advance();
    const stmts: Stmt[] = [];
    while (!this.isPunct(RBRACE)) {
      if (lx.kind === EOF) throw new ParseError(this.src, pos, "this '{' is never closed: expected '}'");
      const st = this.statement();
      if (st !== null) stmts.push(st);
    }
    lx.advance();
    return { k: "compound", stmts, pos };
  }

  /** if, for, while, break, continue (the lexer stands on the keyword) */
  private control(pos: number, word: string): Stmt {
    const lx = this.lx;
    lx.advance();
    if (word === "break" || word === "continue") {
      if (this.loops === 0) throw new ParseError(this.src, pos, `'${word}' statement not in loop statement`);
      this.endStatement();
      return { k: "jump", what: word, pos };
    }
    if (word === "if" && this.isName("constexpr")) lx.advance();
    this.expectPunct(LPAREN, `after '${word}'`);
    // a for's init declares its names for the loop only
    if (word === "for") return this.nested(pos, () => this.forLoop(pos));
    const cond = this.composed();
    this.expectPunct(RPAREN, `closing the condition of '${word}'`);
    if (word === "while") return { k: "loop", word: "while", init: null, cond, step: null, body: this.loopBody(), pos };
    const then = this.body();
    if (!this.isName("else")) return { k: "if", cond, then, else: null, pos };
    lx.advance();
    return { k: "if", cond, then, else: this.body(), pos };
  }

  /** `for (init; cond; step) body`, after the '(' */
  private forLoop(pos: number): Stmt {
    const lx = this.lx;
    let init: Stmt | null = null;
    if (this.isPunct(SEMI)) lx.advance();
    else {
      // a declaration (int i = 0;) or an assignment (i = 0;), each ending at its ';'
      const at = lx.start;
      if (lx.kind === NAME && (DECL_SPECS.has(lx.text) || this.looksLikeDeclaration())) init = this.declaration(at);
      else init = this.step(true);
    }
    let cond: Node | null = null;
    if (!this.isPunct(SEMI)) cond = this.composed();
    this.expectPunct(SEMI, "after the condition of 'for'");
    const step = this.isPunct(RPAREN) ? null : this.step(false);
    this.expectPunct(RPAREN, "closing 'for (...)'");
    return { k: "loop", word: "for", init, cond, step, body: this.loopBody(), pos };
  }
  private loopBody(): Stmt {
    this.loops++;
    const b = this.body();
    this.loops--;
    return b;
  }

  /** `++x` / `--x` at the current token ('+' or '-' twice, side by side) */
  private atIncrement(): boolean {
    const c = this.lx.kind === PUNCT ? this.lx.punct : -1;
    return (c === PLUS || c === MINUS) && this.next() === c;
  }
  /** `x++`, `x--` or `x op= e` (the lexer stands on the name) */
  private atUpdate(): boolean {
    const i = this.skipSpace(this.lx.at);
    const c = this.src.charCodeAt(i), c1 = this.src.charCodeAt(i + 1);
    if ((c === PLUS || c === MINUS) && c1 === c) return true;
    return COMPOUND_OPS.has(c) && c1 === EQ;
  }

  /**
   * a change of an integer variable, as an assignment: `x = e`, `x op= e` (x = x op e), `++x`,
   * `x++` (x = x + 1), `--x`, `x--`; ended by ';' when `ended`
   */
  private step(ended: boolean): Stmt {
    const lx = this.lx;
    const pos = lx.start;
    let e: Node;
    let name: string;
    const nameNode = (at: number): Node => {
      const n = node("name", at);
      n.name = name;
      n.targs = NO_TARGS;
      n.end = at + name.length;
      return done(n);
    };
    const op = (sign: string, at: number, right: Node): Node => {
      const n = node("op", at);
      n.name = sign;
      n.items = [nameNode(at), right];
      return done(n);
    };
    const one = (at: number): Node => {
      const n = node("int", at);
      n.v = 1;
      return done(n);
    };
    if (this.atIncrement()) {
      const sign = lx.punct === PLUS ? "+" : "-";
      lx.advance();
      lx.advance();
      if (lx.kind !== NAME) this.fail(`expected the variable after '${sign}${sign}'`);
      name = lx.text;
      const at = lx.start;
      lx.advance();
      e = op(sign, at, one(at));
    } else {
      if (lx.kind !== NAME) this.fail("expected a variable to change (x = e, x += e, ++x, x++)");
      name = lx.text;
      const at = lx.start;
      lx.advance();
      const c = (lx.kind as number) === PUNCT ? lx.punct : -1;
      if ((c === PLUS || c === MINUS) && this.next() === c) {
        lx.advance();
        lx.advance();
        e = op(c === PLUS ? "+" : "-", at, one(at));
      } else if (c === EQ) {
        lx.advance();
        e = this.composed();
      } else if (COMPOUND_OPS.has(c) && this.next() === EQ) {
        lx.advance();
        lx.advance();
        e = op(COMPOUND_OPS.get(c)!, at, this.composed());
      } else this.fail(`expected '=', '+=', '++' or another change of ${quote(name)}`);
    }
    if (ended) this.endStatement();
    return { k: "assign", name, e, pos };
  }

  /** `name = ...` (one '=', not '=='): the lexer stands on the name */
  private isAssignment(): boolean {
    const i = this.skipSpace(this.lx.at);
    return this.src.charCodeAt(i) === EQ && this.src.charCodeAt(i + 1) !== EQ;
  }

  private endStatement(): void {
    if (this.lx.kind === EOF) return;
    if (!this.isPunct(SEMI)) this.fail("expected ';' after the statement");
    this.lx.advance();
  }

  /** `using namespace cute;` (nothing to do) or `using X = type;` */
  private using(pos: number): Stmt | null {
    const lx = this.lx;
    lx.advance();
    if (this.isName("namespace")) {
      lx.advance();
      if (lx.kind !== NAME) this.fail("expected a namespace's name");
      lx.advance();
      this.endStatement();
      return null;
    }
    if (lx.kind !== NAME) this.fail("expected a name after 'using' (using X = T;)");
    const name = lx.text;
    lx.advance();
    if (!this.isPunct(EQ)) this.fail(`expected '=' after 'using ${name}' (cute-ts reads type aliases, using X = T;)`);
    lx.advance();
    const type = this.typeRef();
    if (type.k === "auto") throw new ParseError(this.src, type.pos, "expected a type after '=' (auto is not a type to alias)");
    this.endStatement();
    return { k: "using", name, type, pos };
  }

  /** a type: auto, Name<targs...>, or decltype(e); then const / & / && */
  private typeRef(): TypeRef {
    const lx = this.lx;
    const pos = lx.start;
    let t: TypeRef;
    if (this.isName("typename")) lx.advance();
    if (this.isName("auto")) {
      lx.advance();
      t = { k: "auto", pos };
    } else if (this.isName("decltype")) {
      lx.advance();
      if (!this.isPunct(LPAREN)) this.fail("expected '(' after decltype");
      const args = this.args();
      if (args.length !== 1) throw new ParseError(this.src, pos, "decltype takes one expression");
      if (lx.kind === NAME && this.src.charCodeAt(lx.start) === COLON) {
        // Tensor::value_type (using T = typename decltype(t)::value_type;): the tensor's element type
        if (lx.text !== "value_type") this.unsupported(lx.start, `member types decltype(...)::${lx.text} as types (write the type it names)`);
        lx.advance();
        t = { k: "decltype", e: args[0]!, pos, member: "value_type" };
      } else t = { k: "decltype", e: args[0]!, pos };
    } else {
      if (lx.kind !== NAME) this.fail("expected a type");
      // `unsigned int`, `long long`: one integral type
      while (lx.kind === NAME && (lx.text === "unsigned" || lx.text === "signed" || lx.text === "long") && this.nextIsName()) lx.advance();
      const n = this.targ();
      if (n.k !== "name") throw new ParseError(this.src, pos, "expected a type");
      t = { k: "type", node: n as Node & { k: "name" }, pos };
    }
    for (;;) {
      if (this.isName("const") || this.isName("volatile")) lx.advance();
      else if (this.isPunct(AMP)) lx.advance();
      else if (this.isPunct(STAR)) this.unsupported(lx.start, "pointer declarations (T* p)");
      else return t;
    }
  }

  /** `name(` starts a parameter list when `()` is followed by `{`, or the first argument is `Type name` */
  private looksLikeFunction(): boolean {
    const la = new Lexer(this.src);
    la.at = this.lx.at; // after '('
    la.advance();
    const kind = (): number => la.kind;
    const punct = (): number => (la.kind === PUNCT ? la.punct : -1);
    if (punct() === RPAREN) {
      la.advance();
      return punct() === LBRACE;
    }
    if (kind() !== NAME) return false;
    la.advance();
    return kind() === NAME;
  }

  private nextIsName(): boolean {
    const la = new Lexer(this.src);
    la.at = this.lx.at;
    la.advance();
    return la.kind === NAME;
  }

  /** declspecs, a type and its declarators */
  private declaration(pos: number): Stmt {
    const lx = this.lx;
    let constexpr = false;
    while (lx.kind === NAME && (lx.text === "constexpr" || lx.text === "static" || lx.text === "inline" || lx.text === "CUTE_HOST_DEVICE" || lx.text === "const" || lx.text === "volatile")) {
      if (lx.text === "constexpr") constexpr = true;
      lx.advance();
    }
    const type = this.typeRef();
    const decls: Declarator[] = [];
    for (;;) {
      decls.push(this.declarator(type));
      if (this.isPunct(COMMA)) {
        lx.advance();
        continue;
      }
      break;
    }
    this.endStatement();
    return { k: "decl", type, constexpr, decls, pos };
  }

  private declarator(type: TypeRef): Declarator {
    const lx = this.lx;
    const pos = lx.start;
    if (this.isPunct(LBRACK)) {
      if (type.k !== "auto") throw new ParseError(this.src, pos, "a structured binding is declared with auto: auto [a, b] = e;");
      lx.advance();
      const bind: string[] = [];
      for (;;) {
        if (lx.kind !== NAME) this.fail("expected a name in the structured binding");
        bind.push(lx.text);
        this.declareVariable(lx.text);
        lx.advance();
        if (this.isPunct(COMMA)) {
          lx.advance();
          continue;
        }
        this.expectPunct(RBRACK, "closing the structured binding");
        break;
      }
      if (!this.isPunct(EQ)) this.fail("expected '=' after a structured binding");
      lx.advance();
      return { name: "", pos, bind, init: { k: "=", e: this.composed() } };
    }
    if (lx.kind !== NAME) this.fail("expected the declared name");
    const name = lx.text;
    if (DECL_SPECS.has(name) || REFUSED.has(name) || CONTROL.has(name)) this.fail("expected the declared name");
    this.declareVariable(name);
    lx.advance();
    if (this.isPunct(LBRACK)) this.unsupported(lx.start, "arrays (T a[N])");
    if (this.isPunct(EQ)) {
      lx.advance();
      return { name, pos, bind: null, init: { k: "=", e: this.composed() } };
    }
    if (this.isPunct(LPAREN) || this.isPunct(LBRACE)) {
      const at = lx.start;
      const paren = this.isPunct(LPAREN);
      if (paren && this.looksLikeFunction()) throw new ParseError(this.src, pos, `cute-ts does not read C++ function definitions (${name}(...) { ... }) in a pasted block: paste the statements of its body`);
      const args = this.args(paren ? RPAREN : RBRACE);
      if (paren && this.isPunct(LBRACE)) throw new ParseError(this.src, pos, `cute-ts does not read C++ function definitions (${name}(...) { ... }) in a pasted block: paste the statements of its body`);
      return { name, pos, bind: null, init: { k: paren ? "()" : "{}", args, pos: at } };
    }
    if (type.k === "auto") this.fail(`expected '=' after 'auto ${name}' (an auto declaration needs a value)`);
    return { name, pos, bind: null, init: null };
  }

  /** print(x); print("text"); printf("%d\n", n); print_layout(L); print_tensor(T); print_latex(x); print_svg(x); */
  private printStatement(pos: number): Stmt {
    const lx = this.lx;
    const fn = lx.text;
    lx.advance();
    lx.advance(); // '('
    const args: PrintArg[] = [];
    if (!this.isPunct(RPAREN)) {
      for (;;) {
        if (lx.kind === STRING) {
          args.push({ k: "string", text: lx.text, pos: lx.start });
          lx.advance();
        } else args.push({ k: "value", e: this.composed() });
        if (this.isPunct(COMMA)) {
          lx.advance();
          continue;
        }
        this.expectPunct(RPAREN, `closing ${fn}(...)`);
        break;
      }
    } else lx.advance();
    this.endStatement();
    return { k: "print", fn, args, pos };
  }

  /** static_assert(e[, "why"]); CUTE_STATIC_ASSERT_V(e[, "why"]); assert(e); */
  private assertion(pos: number): Stmt {
    const lx = this.lx;
    const fn = lx.text;
    lx.advance();
    lx.advance(); // '('
    const e = this.composed();
    let message: string | null = null;
    if (this.isPunct(COMMA)) {
      lx.advance();
      if (lx.kind !== STRING) this.fail(`expected a string literal (the message of ${fn})`);
      message = lx.text;
      lx.advance();
    }
    this.expectPunct(RPAREN, `closing ${fn}(...)`);
    this.endStatement();
    return { k: "assert", fn, e, message, pos };
  }
}

/** the argument of `eval` / `print`: one expression, or a block of statements pasted from a kernel */
export function parseProgram(src: string): Program {
  if (src.length > MAX_INPUT) throw new ParseError(src.slice(0, 60) + "…", 0, `input longer than ${MAX_INPUT} characters`);
  try {
    return new StatementParser(src).program();
  } catch (e) {
    if (e instanceof ParseError) lexAll(src);
    throw e;
  }
}
