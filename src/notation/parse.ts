/**
 * The cute-ts notation (docs/notation.md): a lexer with positions and a recursive-descent parser
 * whose functions are named after the grammar's rules.
 *
 *   top      := composed EOF
 *   composed := applied ('o' applied)*
 *   applied  := layout ('(' args ')')*
 *   layout   := atom (':' atom)?
 *   atom     := integer ('@' integer)* | '_' | tuple | swizzle | smem_ptr | mixed | name ('<' targs '>')? ('(' args ')')?
 *   mixed    := 'M_' digits '|(' digits '&' digits ')=' digits      (one token: CuTe's print of MixedBits)
 */
import { ParseError } from "../core/errors.js";

export type Node =
  | { k: "int"; v: number; s: boolean; pos: number }
  | { k: "basis"; v: number; s: boolean; modes: number[]; pos: number }
  | { k: "under"; pos: number }
  | { k: "tuple"; items: Node[]; pos: number }
  | { k: "layout"; shape: Node; stride: Node; pos: number }
  | { k: "name"; name: string; targs: TArg[]; pos: number }
  | { k: "call"; name: string; targs: TArg[]; args: Node[]; pos: number }
  | { k: "apply"; target: Node; args: Node[]; pos: number }
  | { k: "composed"; parts: Node[]; pos: number }
  | { k: "swizzle"; b: number; m: number; s: number; pos: number }
  | { k: "smem"; bits: number; pos: number }
  /** CuTe's printed MixedBits `M_s|(d&f)=v`: static bits s, dynamic bits d under the mask f */
  | { k: "mixed"; sbits: number; dbits: number; mask: number; pos: number };

/** a template argument: an integer or a type name such as `half_t` */
export type TArg = number | string;

/**
 * Every node is an instance of this one class, whatever its kind: evaluate's reads of `k`,
 * `pos` and the rest then meet one object shape (a switch over eleven literal shapes was
 * megamorphic). The union type above is what callers see.
 */
class AstNode {
  v = 0;
  s: boolean | number = false;
  modes: number[] | null = null;
  /** a tuple's items, a call's or an application's arguments, a composition's parts */
  items: Node[] | null = null;
  /** a layout's shape, an application's target */
  shape: Node | null = null;
  stride: Node | null = null;
  name = "";
  targs: TArg[] | null = null;
  b = 0;
  m = 0;
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
}
const node = (k: Node["k"], pos: number): AstNode => new AstNode(k, pos);
const done = (n: AstNode): Node => n as unknown as Node;

export const MAX_INPUT = 1_000_000;
const MAX_DEPTH = 500;

// token kinds
const INT = 0, NAME = 1, PUNCT = 2, UNDER = 3, EOF = 4, MIXED = 5;
const C0 = 48, C9 = 57, UNDERSCORE = 95, MINUS = 45, COLON = 58;
const LPAREN = 40, RPAREN = 41, COMMA = 44, AT = 64, LT = 60, GT = 62, LBRACK = 91, RBRACK = 93, BAR = 124;
const isDigitCode = (c: number) => c >= C0 && c <= C9;
const isIdStartCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === UNDERSCORE;
const isIdCode = (c: number) => isIdStartCode(c) || isDigitCode(c);
const isPunctCode = (c: number) => c === LPAREN || c === RPAREN || c === COMMA || c === COLON || c === AT || c === LT || c === GT || c === LBRACK || c === RBRACK;

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
    if (isDigitCode(c) || (c === MINUS && isDigitCode(c1))) {
      this.at = this.readNumber(i);
      this.kind = INT;
      this.stat = false;
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
    if (isIdStartCode(c)) {
      let j = i + 1;
      while (isIdCode(src.charCodeAt(j))) j++;
      // C++ scope qualifiers such as GMMA::Major::K stay one name
      while (src.charCodeAt(j) === COLON && src.charCodeAt(j + 1) === COLON && isIdStartCode(src.charCodeAt(j + 2))) {
        j += 2;
        while (isIdCode(src.charCodeAt(j))) j++;
      }
      if (src.charCodeAt(j) === BAR && c === 77 && j - i > 2 && src.charCodeAt(i + 1) === UNDERSCORE) {
        this.at = this.readMixedBits(i);
        this.kind = MIXED;
        return;
      }
      this.kind = NAME;
      this.text = src.slice(i, j);
      this.at = j;
      return;
    }
    if (isPunctCode(c)) {
      this.kind = PUNCT;
      this.punct = c;
      this.at = i + 1;
      return;
    }
    throw new ParseError(src, i, `unexpected character '${src[i]!}'`);
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
      throw new ParseError(src, k0, `integer ${src.slice(k0, j)} is beyond 2^53; cute-ts refuses rather than round`);
    }
    this.num = neg ? -v || 0 : v;
    return j;
  }
}

/** Throws the first lexical error of `src`, if it has one (a bad character wins over a grammar error, wherever it is). */
function lexAll(src: string): void {
  const lx = new Lexer(src);
  do lx.advance();
  while (lx.kind !== EOF);
}

class Parser {
  private depth = 0;
  private readonly lx: Lexer;
  constructor(private readonly src: string) {
    this.lx = new Lexer(src);
    this.lx.advance();
  }

  private isPunct(c: number): boolean {
    return this.lx.kind === PUNCT && this.lx.punct === c;
  }
  private isName(text: string): boolean {
    return this.lx.kind === NAME && this.lx.text === text;
  }
  private expectPunct(c: number, what: string): void {
    if (this.isPunct(c)) {
      this.lx.advance();
      return;
    }
    this.fail(`expected '${String.fromCharCode(c)}' ${what}`);
  }
  /** a grammar error at the current token */
  private fail(expected: string): never {
    if (this.lx.kind === EOF) throw new ParseError(this.src, this.lx.start, `${expected}, found end of input`);
    this.failAt(this.lx.start, expected);
  }
  /** a grammar error at the token that starts at `pos` (not the end of input) */
  private failAt(pos: number, expected: string): never {
    throw new ParseError(this.src, pos, `${expected}, found '${this.src.slice(pos, pos + 12).split(/[\s]/)[0]}'`);
  }

  top(): Node {
    const e = this.composed();
    if (this.lx.kind !== EOF) this.fail("expected end of input (or ':' / '(' / ' o ')");
    return e;
  }

  composed(): Node {
    const first = this.applied();
    if (!this.isName("o")) return first;
    const parts = [first];
    while (this.isName("o")) {
      this.lx.advance();
      parts.push(this.applied());
    }
    const n = node("composed", first.pos);
    n.items = parts;
    return done(n);
  }

  applied(): Node {
    let e = this.layout();
    let chain = 0;
    while (this.isPunct(LPAREN)) {
      const pos = this.lx.start;
      // each application nests the value one level deeper, as a '(' does
      if (this.depth + ++chain > MAX_DEPTH) throw new ParseError(this.src, pos, `nesting deeper than ${MAX_DEPTH} levels (applications chained one after another count as nesting)`);
      const n = node("apply", pos);
      n.items = this.args();
      n.shape = e;
      e = done(n);
    }
    return e;
  }

  layout(): Node {
    const shape = this.atom();
    if (this.isPunct(COLON)) {
      this.lx.advance();
      const n = node("layout", shape.pos);
      n.shape = shape;
      n.stride = this.atom();
      return done(n);
    }
    return shape;
  }

  args(): Node[] {
    const open = this.lx.start;
    this.expectPunct(LPAREN, "to open a tuple or argument list");
    if (++this.depth > MAX_DEPTH) throw new ParseError(this.src, open, `nesting deeper than ${MAX_DEPTH} levels`);
    const items: Node[] = [];
    if (this.isPunct(RPAREN)) {
      this.lx.advance();
      this.depth--;
      return items;
    }
    for (;;) {
      items.push(this.composed());
      if (this.isPunct(COMMA)) {
        this.lx.advance();
        continue;
      }
      if (this.isPunct(RPAREN)) {
        this.lx.advance();
        break;
      }
      this.fail("expected ',' or ')'");
    }
    this.depth--;
    return items;
  }

  atom(): Node {
    const lx = this.lx;
    const pos = lx.start;
    if (lx.kind === INT) {
      const v = lx.num, s = lx.stat;
      lx.advance();
      if (this.isPunct(AT)) {
        const modes: number[] = [];
        while (this.isPunct(AT)) {
          lx.advance();
          if (lx.kind !== INT || lx.stat || lx.num < 0) this.fail("expected a mode index (0, 1, ...) after '@'");
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
      const n = node("int", pos);
      n.v = v;
      n.s = s;
      return done(n);
    }
    if (lx.kind === UNDER) {
      lx.advance();
      return done(node("under", pos));
    }
    if (lx.kind === MIXED) {
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
    if (lx.kind === PUNCT && lx.punct === LPAREN) {
      const n = node("tuple", pos);
      n.items = this.args();
      return done(n);
    }
    if (lx.kind === NAME) {
      const name = lx.text;
      lx.advance();
      if (name === "Sw" || name === "Swizzle") {
        const [b, m, s] = this.intTargs(3, "Sw<B,M,S>");
        const n = node("swizzle", pos);
        n.b = b!;
        n.m = m!;
        n.s = s!;
        return done(n);
      }
      if (name === "smem_ptr") return this.smemPtr(pos);
      const targs = this.isPunct(LT) ? this.targs() : [];
      const n = node(this.isPunct(LPAREN) ? "call" : "name", pos);
      n.name = name;
      n.targs = targs;
      if (n.k === "call") n.items = this.args();
      return done(n);
    }
    this.fail("expected an integer, '_', '(', or a name");
  }

  private targs(): TArg[] {
    const lx = this.lx;
    this.expectPunct(LT, "to open template arguments");
    const out: TArg[] = [];
    for (;;) {
      if (lx.kind === INT) {
        out.push(lx.num);
        lx.advance();
      } else if (lx.kind === NAME) {
        const name = lx.text;
        lx.advance();
        out.push(this.isPunct(LT) ? name + this.nestedTargsText() : name);
      } else this.fail("expected a template argument");
      if (this.isPunct(COMMA)) {
        lx.advance();
        continue;
      }
      if (this.isPunct(GT)) {
        lx.advance();
        break;
      }
      this.fail("expected ',' or '>'");
    }
    return out;
  }
  /** a type argument with its own template arguments, kept as text (from the current '<' to its '>') */
  private nestedTargsText(): string {
    const lx = this.lx;
    const start = lx.start;
    let level = 0;
    for (;;) {
      if (lx.kind === EOF) this.fail("expected '>'");
      const open = this.isPunct(LT), close = this.isPunct(GT);
      const end = lx.start;
      lx.advance();
      if (open) level++;
      if (close && --level === 0) return this.src.slice(start, end + 1).replace(/\s+/g, "");
    }
  }
  private intTargs(n: number, what: string): number[] {
    const targs = this.targs();
    if (targs.length !== n || targs.some((x) => typeof x !== "number")) {
      throw new ParseError(this.src, this.lx.start, `expected ${n} integers in ${what}`);
    }
    return targs as number[];
  }
  private smemPtr(pos: number): Node {
    const lx = this.lx;
    this.expectPunct(LBRACK, "after smem_ptr (as in smem_ptr[16b](unset))");
    // the lexer reads "16b" as the integer 16 followed by the name b
    if (lx.kind === INT) {
      const bits = lx.num, at = lx.start;
      lx.advance();
      if (this.isName("b")) {
        lx.advance();
        this.expectPunct(RBRACK, "after the bit width");
        this.expectPunct(LPAREN, "as in smem_ptr[16b](unset)");
        if (!this.isName("unset")) this.fail("expected 'unset'");
        lx.advance();
        this.expectPunct(RPAREN, "after unset");
        const n = node("smem", pos);
        n.bits = bits;
        return done(n);
      }
      this.failAt(at, "expected a bit width such as 16b");
    }
    this.fail("expected a bit width such as 16b");
  }
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
