/**
 * The cute-ts notation (NOTATION.md): a lexer with positions and a recursive-descent parser
 * whose functions are named after the grammar's rules.
 *
 *   top      := composed EOF
 *   composed := applied ('o' applied)*
 *   applied  := layout ('(' args ')')*
 *   layout   := atom (':' atom)?
 *   atom     := integer ('@' integer)* | '_' | tuple | swizzle | smem_ptr | name ('<' targs '>')? ('(' args ')')?
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
  | { k: "smem"; bits: number; pos: number };

/** a template argument: an integer or a type name such as `half_t` */
export type TArg = number | string;

type Tok =
  | { t: "int"; v: number; s: boolean; pos: number }
  | { t: "name" | "punct" | "under" | "eof"; v: string; s: boolean; pos: number };
/** every token is built by this one constructor, so the parser's reads of it stay monomorphic */
function tok(t: "int", v: number, s: boolean, pos: number): Tok;
function tok(t: "name" | "punct" | "under" | "eof", v: string, s: boolean, pos: number): Tok;
function tok(t: Tok["t"], v: number | string, s: boolean, pos: number): Tok {
  return new TokObj(t, v, s, pos) as Tok;
}
class TokObj {
  constructor(
    readonly t: string,
    readonly v: number | string,
    readonly s: boolean,
    readonly pos: number,
  ) {}
}

export const MAX_INPUT = 1_000_000;
const MAX_DEPTH = 500;

const C0 = 48, C9 = 57, UNDERSCORE = 95, MINUS = 45, COLON = 58;
const isDigitCode = (c: number) => c >= C0 && c <= C9;
const isIdStartCode = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === UNDERSCORE;
const isIdCode = (c: number) => isIdStartCode(c) || isDigitCode(c);
const PUNCT = "(),:@<>[]";
const PUNCT_CHARS = PUNCT.split(""); // the one-character strings, made once (internalized: the parser compares them)

// readNumber's value (its return value is where the number ends)
let numValue = 0;
/** the optionally negative decimal at `start`: sets numValue and returns the index after it */
function readNumber(src: string, start: number): number {
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
  numValue = neg ? -v || 0 : v;
  return j;
}

export function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  const n = src.length;
  let i = 0;
  while (i < n) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    const start = i;
    const c1 = src.charCodeAt(i + 1);
    if (isDigitCode(c) || (c === MINUS && isDigitCode(c1))) {
      i = readNumber(src, i);
      toks.push(tok("int", numValue, false, start));
      continue;
    }
    if (c === UNDERSCORE && (isDigitCode(c1) || (c1 === MINUS && isDigitCode(src.charCodeAt(i + 2))))) {
      i = readNumber(src, i + 1);
      toks.push(tok("int", numValue, true, start));
      continue;
    }
    if (c === UNDERSCORE && !isIdCode(c1)) {
      toks.push(tok("under", "_", false, start));
      i++;
      continue;
    }
    if (isIdStartCode(c)) {
      let j = i + 1;
      while (isIdCode(src.charCodeAt(j))) j++;
      // C++ scope qualifiers such as GMMA::Major::K stay one name
      while (src.charCodeAt(j) === COLON && src.charCodeAt(j + 1) === COLON && isIdStartCode(src.charCodeAt(j + 2))) {
        j += 2;
        while (isIdCode(src.charCodeAt(j))) j++;
      }
      toks.push(tok("name", src.slice(i, j), false, start));
      i = j;
      continue;
    }
    const p = PUNCT.indexOf(src[i]!);
    if (p >= 0) {
      toks.push(tok("punct", PUNCT_CHARS[p]!, false, start));
      i++;
      continue;
    }
    throw new ParseError(src, i, `unexpected character '${src[i]!}'`);
  }
  toks.push(tok("eof", "", false, n));
  return toks;
}

class Parser {
  private i = 0;
  private depth = 0;
  constructor(
    private readonly src: string,
    private readonly toks: Tok[],
  ) {}

  private peek(): Tok {
    return this.toks[this.i]!;
  }
  private next(): Tok {
    return this.toks[this.i++]!;
  }
  private isPunct(v: string, k = 0): boolean {
    const t = this.toks[this.i + k];
    return t !== undefined && t.t === "punct" && t.v === v;
  }
  private expectPunct(v: string, what: string): void {
    const t = this.peek();
    if (t.t === "punct" && t.v === v) {
      this.i++;
      return;
    }
    this.fail(t, `expected '${v}' ${what}`);
  }
  private fail(t: Tok, expected: string): never {
    const found = t.t === "eof" ? "end of input" : `'${this.src.slice(t.pos, t.pos + 12).split(/[\s]/)[0]}'`;
    throw new ParseError(this.src, t.pos, `${expected}, found ${found}`);
  }

  top(): Node {
    const e = this.composed();
    const t = this.peek();
    if (t.t !== "eof") this.fail(t, "expected end of input (or ':' / '(' / ' o ')");
    return e;
  }

  composed(): Node {
    const first = this.applied();
    const parts = [first];
    while (this.peek().t === "name" && this.peek().v === "o") {
      this.i++;
      parts.push(this.applied());
    }
    return parts.length === 1 ? first : { k: "composed", parts, pos: first.pos };
  }

  applied(): Node {
    let e = this.layout();
    let chain = 0;
    while (this.isPunct("(")) {
      const pos = this.peek().pos;
      // each application nests the value one level deeper, as a '(' does
      if (this.depth + ++chain > MAX_DEPTH) throw new ParseError(this.src, pos, `nesting deeper than ${MAX_DEPTH} levels (applications chained one after another count as nesting)`);
      const args = this.args();
      e = { k: "apply", target: e, args, pos };
    }
    return e;
  }

  layout(): Node {
    const shape = this.atom();
    if (this.isPunct(":")) {
      this.i++;
      const stride = this.atom();
      return { k: "layout", shape, stride, pos: shape.pos };
    }
    return shape;
  }

  args(): Node[] {
    const open = this.peek();
    this.expectPunct("(", "to open a tuple or argument list");
    if (++this.depth > MAX_DEPTH) throw new ParseError(this.src, open.pos, `nesting deeper than ${MAX_DEPTH} levels`);
    const items: Node[] = [];
    if (this.isPunct(")")) {
      this.i++;
      this.depth--;
      return items;
    }
    for (;;) {
      items.push(this.composed());
      const t = this.peek();
      if (t.t === "punct" && t.v === ",") {
        this.i++;
        continue;
      }
      if (t.t === "punct" && t.v === ")") {
        this.i++;
        break;
      }
      this.fail(t, "expected ',' or ')'");
    }
    this.depth--;
    return items;
  }

  atom(): Node {
    const t = this.peek();
    if (t.t === "int") {
      this.i++;
      if (this.isPunct("@")) {
        const modes: number[] = [];
        while (this.isPunct("@")) {
          this.i++;
          const m = this.next();
          if (m.t !== "int" || m.s || m.v < 0) this.fail(m, "expected a mode index (0, 1, ...) after '@'");
          if (m.v > 1023) throw new ParseError(this.src, m.pos, `mode index ${m.v} after '@' is beyond 1023 (a basis element names a mode of a tuple)`);
          modes.push(m.v);
        }
        // v@i@j is v * E<j,i>: the last index printed is the outermost mode
        return { k: "basis", v: t.v, s: t.s, modes: modes.reverse(), pos: t.pos };
      }
      return { k: "int", v: t.v, s: t.s, pos: t.pos };
    }
    if (t.t === "under") {
      this.i++;
      return { k: "under", pos: t.pos };
    }
    if (t.t === "punct" && t.v === "(") {
      const items = this.args();
      return { k: "tuple", items, pos: t.pos };
    }
    if (t.t === "name") {
      this.i++;
      if (t.v === "Sw" || t.v === "Swizzle") {
        const [b, m, s] = this.intTargs(3, "Sw<B,M,S>");
        return { k: "swizzle", b: b!, m: m!, s: s!, pos: t.pos };
      }
      if (t.v === "smem_ptr") return this.smemPtr(t.pos);
      const targs = this.isPunct("<") ? this.targs() : [];
      if (this.isPunct("(")) {
        const args = this.args();
        return { k: "call", name: t.v, targs, args, pos: t.pos };
      }
      return { k: "name", name: t.v, targs, pos: t.pos };
    }
    this.fail(t, "expected an integer, '_', '(', or a name");
  }

  private targs(): TArg[] {
    this.expectPunct("<", "to open template arguments");
    const out: TArg[] = [];
    for (;;) {
      const t = this.next();
      if (t.t === "int") out.push(t.v);
      else if (t.t === "name") out.push(this.isPunct("<") ? t.v + this.nestedTargsText() : t.v);
      else this.fail(t, "expected a template argument");
      const sep = this.next();
      if (sep.t === "punct" && sep.v === ",") continue;
      if (sep.t === "punct" && sep.v === ">") break;
      this.fail(sep, "expected ',' or '>'");
    }
    return out;
  }
  /** a type argument with its own template arguments, kept as text */
  private nestedTargsText(): string {
    const start = this.peek().pos;
    let level = 0;
    for (;;) {
      const t = this.next();
      if (t.t === "eof") this.fail(t, "expected '>'");
      if (t.t === "punct" && t.v === "<") level++;
      if (t.t === "punct" && t.v === ">" && --level === 0) return this.src.slice(start, t.pos + 1).replace(/\s+/g, "");
    }
  }
  private intTargs(n: number, what: string): number[] {
    const targs = this.targs();
    if (targs.length !== n || targs.some((x) => typeof x !== "number")) {
      throw new ParseError(this.src, this.peek().pos, `expected ${n} integers in ${what}`);
    }
    return targs as number[];
  }
  private smemPtr(pos: number): Node {
    this.expectPunct("[", "after smem_ptr (as in smem_ptr[16b](unset))");
    const t = this.next();
    if (t.t !== "name" || !/^\d+b$/.test(t.v)) {
      // the lexer reads "16b" as the integer 16 followed by the name b
      if (t.t === "int" && this.peek().t === "name" && this.peek().v === "b") {
        this.i++;
        this.expectPunct("]", "after the bit width");
        this.expectPunct("(", "as in smem_ptr[16b](unset)");
        const u = this.next();
        if (u.t !== "name" || u.v !== "unset") this.fail(u, "expected 'unset'");
        this.expectPunct(")", "after unset");
        return { k: "smem", bits: t.v, pos };
      }
      this.fail(t, "expected a bit width such as 16b");
    }
    this.fail(t, "expected a bit width such as 16b");
  }
}

export function parse(src: string): Node {
  if (src.length > MAX_INPUT) throw new ParseError(src.slice(0, 60) + "…", 0, `input longer than ${MAX_INPUT} characters`);
  return new Parser(src, tokenize(src)).top();
}
