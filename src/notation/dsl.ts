/**
 * The CuTe DSL's spelling (CUTLASS 4's Python DSL, `import cutlass.cute as cute`) as input: the
 * Python expressions a kernel writes (`cute.make_layout((4, 8), stride=(8, 1))`,
 * `cute.logical_divide(L, tiler=T)`, `cutlass.Int32(8)`, Python tuples, `None`) and what the
 * DSL prints at trace time (`(?,2):(1,?)`, `S<3,4,3> o 0 o (8,8):(8,1)`, `(4,8):(1@0,1@1)`,
 * `tensor<(0,0) o L>`). It reads them into the nodes the evaluator takes (./parse.ts's `Node`):
 * the DSL is a front end over the engine, not a second one.
 *
 * The static/dynamic rule is the DSL's, the opposite of CuTe's C++ print notation: a plain
 * integer is static (a Python int is a compile-time constant), `cutlass.Int32(8)` (also
 * `Int32`, `Int64`, `cutlass.Int64`) is a dynamic 8, and `?` is a dynamic integer whose value is
 * not known (`?{div=16}`, `?{i64}`, `?{i64 div=16}` as the DSL prints what its types know).
 *
 * Each dynamic integer of the input is a *slot*: an integer node of the tree, with the value the
 * input gave it (none for `?`), the divisibility the DSL knows of it and its width. The
 * evaluator in src/eval/dsl.ts runs the tree with the given values, and again with other values
 * of the slots to find out what the DSL's types know of each dynamic integer of the result.
 *
 *   top      := composed EOF
 *   composed := layout ('o' layout)*
 *   layout   := sum (':' sum)?
 *   sum      := term (('+' | '-') term)*
 *   term     := unary (('*' | '/' | '//' | '%') unary)*
 *   unary    := ('-' | '+' | '~') unary | power
 *   power    := postfix ('**' unary)?
 *   postfix  := atom ('(' args ')' | '[' items ']' | '.' NAME)*
 *   atom     := INT ('@' INT)* | '?' ('{' ... '}')? ('@' INT)* | 'None' | '_' | 'True' | 'False'
 *             | '(' items ')' | '[' items ']' | 'S' '<' INT ',' INT ',' INT '>'
 *             | 'tensor' '<' composed '>' | NAME ('.' NAME)*
 *   args     := (arg (',' arg)* ','?)?      arg := (NAME '=')? composed
 */
import { ParseError, quote } from "../core/errors.js";
import { SAFE_LIMIT_TEXT } from "../core/integer.js";
import { nearest } from "../core/suggest.js";
import { dslNumeric, isDslFloatType } from "../core/dsl-types.js";
import { type Node, type TArg, MAX_INPUT } from "./parse.js";

// ------------------------------------------------------------------------------ the slots

/** a dynamic integer of the input */
export interface DslSlot {
  /** the integer (or basis) node whose value the evaluator sets */
  readonly node: { v: number };
  /** the value the input gave it (`cutlass.Int32(8)`: 8); undefined for `?` */
  given: number | undefined;
  /** what the DSL knows divides it (1: nothing) */
  div: number;
  /** its width in bits: Int32 or Int64 */
  readonly width: 32 | 64;
  /** where it is written */
  readonly pos: number;
  /** how it is written, for messages: `cutlass.Int32(8)`, `?` */
  readonly text: string;
}

/** an expression in the DSL's spelling: the tree the evaluator runs and its dynamic integers */
export interface DslProgram {
  readonly tree: Node;
  readonly slots: readonly DslSlot[];
}

/**
 * The calls src/eval/dsl.ts answers itself (names no CuTe function has): `x[i]` (Python's
 * subscript: a mode of a layout, an element of a tensor, an item of a tuple), `x.attr`, and a
 * tensor over a coordinate (`cute.make_tensor((0, 0), L)`).
 */
export const DSL_INDEX = "dsl.index";
export const DSL_ATTR = "dsl.attr";
export const DSL_COORD_TENSOR = "dsl.coord_tensor";
/** `cute.group_modes(x, b, e)`: CuTe's group<b,e> of a layout or tuple, group_modes<b,e> of a tensor (e = -1: to the end) */
export const DSL_GROUP_MODES = "dsl.group_modes";
/** an MMA or copy operation of the DSL (`cute.nvgpu.warp.MmaF16BF16Op(...)`): its name is the first template argument, keyword arguments are named nodes */
export const DSL_OP = "dsl.op";
/** a numeric type of the DSL (`cutlass.Float16`) as a value: its name is the template argument */
export const DSL_TYPE = "dsl.type";
/** a Python float literal: targs [value] */
export const DSL_PYFLOAT = "dsl.pyfloat";
/** cutlass.Float32(x) and the other float types: targs [type name], args [x] */
export const DSL_FLOAT = "dsl.float";
/** x.to(T): args [x, T] */
export const DSL_TO = "dsl.to";
/** an operator of Python's on the DSL's values: targs [operator], args [a] or [a, b] */
export const DSL_ARITH = "dsl.arith";
/** type(x): the Python type of an integer (`int`, `Int32`, `Int64`) */
export const DSL_TYPE_OF = "dsl.type_of";
/** a Python bool (`transpose=True`) */
export const DSL_BOOL = "dsl.bool";

/** a pointer (`cute.runtime.make_ptr(dtype, address, mem_space, assumed_align)`, or `ptr<f32, gmem, align<16>>` as the DSL prints one) */
export const DSL_MAKE_PTR = "dsl.make_ptr";
/** `cute.make_fragment(layout_or_shape, dtype)` / `cute.make_rmem_tensor`: a tensor in registers */
export const DSL_FRAGMENT = "dsl.fragment";

// ------------------------------------------------------------------------------ the syntax tree

/** the parsed Python (before translation); exported for ./dsl-program.ts */
export type D =
  | { t: "int"; v: number; pos: number }
  | { t: "float"; v: number; pos: number }
  | { t: "dyn"; slot: DslSlot; pos: number }
  | { t: "basis"; value: D; modes: number[]; pos: number }
  | { t: "none"; pos: number }
  | { t: "bool"; v: boolean; pos: number }
  /** `one`: written `(x)`, a Python grouping (or, in a printed layout, a rank-1 tuple) */
  | { t: "tuple"; items: D[]; one: boolean; pos: number }
  | { t: "list"; items: D[]; pos: number }
  | { t: "layout"; shape: D; stride: D; pos: number }
  | { t: "composed"; parts: D[]; pos: number }
  | { t: "swizzle"; b: number; m: number; s: number; pos: number }
  | { t: "tensor"; body: D; pos: number }
  /** a pointer's type as the DSL prints it: ptr<f32, generic>, ptr<f16, gmem, align<16>> */
  | { t: "ptr"; dtype: string; space: string; align: number | undefined; pos: number }
  | { t: "name"; name: string; pos: number; end: number }
  | { t: "call"; fn: D; args: D[]; kwargs: Kwarg[]; pos: number }
  | { t: "index"; target: D; index: D; pos: number }
  | { t: "attr"; target: D; name: string; pos: number }
  | { t: "op"; op: string; a: D; b: D | undefined; pos: number }
  /** a string literal; an f-string's text and expressions */
  | { t: "str"; v: string; pos: number }
  | { t: "fstr"; parts: (string | D)[]; pos: number };

interface Kwarg {
  name: string;
  value: D;
  pos: number;
}

// ------------------------------------------------------------------------------ the lexer

const enum K {
  Int,
  /** a Python float literal (3.14, 2.0, 1e-3): `v` its value */
  Float,
  Name,
  Punct,
  Dyn,
  /** a Python string literal: `text` is its value; `f` an f-string (its source from pos + 2) */
  Str,
  Eof,
}

interface Tok {
  k: K;
  /** an integer's value; a name's or punctuation's text */
  v: number;
  text: string;
  /** `?{...}`: width and divisibility */
  width: 32 | 64;
  div: number;
  pos: number;
  end: number;
  /** an f-string */
  f?: boolean;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isIdStart = (c: string | undefined) => c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
const isId = (c: string | undefined) => isIdStart(c) || isDigit(c);
const PUNCT = new Set(["(", ")", "[", "]", ",", ":", "=", "+", "-", "*", "%", "@", ".", "<", ">", "&", "|", "^", "~", "!"]);

export function lex(src: string): Tok[] {
  const out: Tok[] = [];
  const tok = (k: K, pos: number, end: number, text: string, v = 0): Tok => ({ k, v, text, width: 32, div: 1, pos, end });
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
      continue;
    }
    if (c === "\\" && (src[i + 1] === "\n" || (src[i + 1] === "\r" && src[i + 2] === "\n"))) {
      // a backslash at a line's end continues the line (the statement splitter kept the lines together)
      i += src[i + 1] === "\n" ? 2 : 3;
      continue;
    }
    if (c === "#") {
      // a Python comment runs to the end of the line
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    const start = i;
    if ((c === '"' || c === "'") && src[i + 1] === c && src[i + 2] === c) {
      // a triple-quoted string (a docstring): its text as written
      const close = src.indexOf(c.repeat(3), i + 3);
      if (close < 0) throw new ParseError(src, start, `expected ${c.repeat(3)} closing the string`);
      out.push(tok(K.Str, start, close + 3, src.slice(i + 3, close)));
      i = close + 3;
      continue;
    }
    const fq = (c === "f" || c === "F") && (src[i + 1] === '"' || src[i + 1] === "'");
    if (c === '"' || c === "'" || fq) {
      const q = src[fq ? i + 1 : i]!;
      let j = fq ? i + 2 : i + 1;
      let text = "";
      while (j < src.length && src[j] !== q) {
        if (src[j] === "\n") throw new ParseError(src, j, "a string literal ends on its line");
        if (src[j] === "\\" && j + 1 < src.length) {
          const e = src[j + 1]!;
          text += e === "n" ? "\n" : e === "t" ? "\t" : e === "\\" || e === '"' || e === "'" ? e : "\\" + e;
          j += 2;
        } else text += src[j++];
      }
      if (j >= src.length) throw new ParseError(src, start, `expected ${q} closing the string`);
      const t = tok(K.Str, start, j + 1, text);
      if (fq) t.f = true;
      out.push(t);
      i = j + 1;
      continue;
    }
    if (isDigit(c)) {
      let v: number;
      if (c === "0" && (src[i + 1] === "x" || src[i + 1] === "X")) {
        i += 2;
        while (/[0-9a-fA-F_]/.test(src[i] ?? "")) i++;
        v = Number.parseInt(src.slice(start + 2, i).replaceAll("_", ""), 16);
      } else {
        while (isDigit(src[i]) || (src[i] === "_" && isDigit(src[i + 1]))) i++;
        // a Python float: digits '.' digits, and an exponent (3.14, 2.0, 1e-3, 2.5E+2)
        let float = false;
        if (src[i] === "." && isDigit(src[i + 1])) {
          float = true;
          i++;
          while (isDigit(src[i]) || (src[i] === "_" && isDigit(src[i + 1]))) i++;
        }
        if ((src[i] === "e" || src[i] === "E") && (isDigit(src[i + 1]) || ((src[i + 1] === "+" || src[i + 1] === "-") && isDigit(src[i + 2])))) {
          float = true;
          i += 2;
          while (isDigit(src[i])) i++;
        }
        if (float) {
          if (isId(src[i])) throw new ParseError(src, i, `unexpected ${quote(src[i]!)} after the number ${src.slice(start, i)}`);
          out.push(tok(K.Float, start, i, src.slice(start, i), Number(src.slice(start, i).replaceAll("_", ""))));
          continue;
        }
        v = Number(src.slice(start, i).replaceAll("_", ""));
      }
      if (!Number.isSafeInteger(v)) throw new ParseError(src, start, `integer ${src.slice(start, i)} is beyond 2^53; cute-ts refuses rather than round`);
      if (isId(src[i])) throw new ParseError(src, i, `unexpected ${quote(src[i]!)} after the integer ${src.slice(start, i)}`);
      out.push(tok(K.Int, start, i, src.slice(start, i), v));
      continue;
    }
    if (isIdStart(c)) {
      while (isId(src[i])) i++;
      out.push(tok(K.Name, start, i, src.slice(start, i)));
      continue;
    }
    if (c === "?") {
      i++;
      const t = tok(K.Dyn, start, i, "?");
      if (src[i] === "{") {
        const close = src.indexOf("}", i);
        if (close < 0) throw new ParseError(src, i, "expected '}' closing ?{...}");
        // what the DSL's int_tuple type prints: ?{div=16}, ?{i64}, ?{i64 div=16}
        const m = /^\s*(?:(i32|i64)\s*)?(?:div\s*=\s*(\d{1,15})\s*)?$/.exec(src.slice(i + 1, close));
        if (!m || (!m[1] && !m[2])) throw new ParseError(src, i + 1, "a dynamic integer is written ?, ?{div=N}, ?{i64} or ?{i64 div=N}");
        if (m[1] === "i64") t.width = 64;
        if (m[2]) {
          t.div = Number(m[2]);
          if (t.div < 1) throw new ParseError(src, i + 1, "a divisibility is a positive integer");
        }
        i = close + 1;
        t.end = i;
        t.text = src.slice(start, i);
      }
      out.push(t);
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      out.push(tok(K.Punct, start, i + 2, "//"));
      i += 2;
      continue;
    }
    if (c === "/") {
      out.push(tok(K.Punct, start, i + 1, "/"));
      i++;
      continue;
    }
    if (PUNCT.has(c)) {
      out.push(tok(K.Punct, start, i + 1, c));
      i++;
      continue;
    }
    if (c === "{" || c === "}" || c === ";") {
      throw new ParseError(src, i, `unexpected ${quote(c)}: this is the CuTe DSL's Python spelling (--dialect dsl); CuTe's C++ is read without --dialect`);
    }
    throw new ParseError(src, i, `unexpected character ${quote(c)}`);
  }
  out.push(tok(K.Eof, src.length, src.length, ""));
  return out;
}

// ------------------------------------------------------------------------------ the parser

const MAX_DEPTH = 500;

export class Parser {
  private i = 0;
  private depth = 0;
  readonly slots: DslSlot[] = [];
  constructor(
    private readonly src: string,
    private readonly toks: Tok[],
  ) {}

  private get tok(): Tok {
    return this.toks[this.i]!;
  }
  private peek(n = 1): Tok {
    return this.toks[Math.min(this.i + n, this.toks.length - 1)]!;
  }
  private isP(text: string): boolean {
    return this.tok.k === K.Punct && this.tok.text === text;
  }
  private isN(text: string): boolean {
    return this.tok.k === K.Name && this.tok.text === text;
  }
  private take(): Tok {
    const t = this.tok;
    if (t.k !== K.Eof) this.i++;
    return t;
  }
  private expect(text: string, what: string): Tok {
    if (this.isP(text)) return this.take();
    this.fail(`expected '${text}' ${what}`);
  }
  fail(expected: string, at: Tok = this.tok): never {
    if (at.k === K.Eof) throw new ParseError(this.src, at.pos, `${expected}, found end of input`);
    throw new ParseError(this.src, at.pos, `${expected}, found ${quote(this.src.slice(at.pos, at.end))}`);
  }
  atEnd(): boolean {
    return this.tok.k === K.Eof;
  }
  private enter(pos: number): void {
    if (++this.depth > MAX_DEPTH) throw new ParseError(this.src, pos, `nesting deeper than ${MAX_DEPTH} levels`);
  }

  top(): D {
    const e = this.expr();
    if (this.tok.k !== K.Eof) this.fail("expected end of input (or ':' / '(' / ' o ')");
    return e;
  }

  /** is the token `n` ahead the punctuation `text`, written right after the one before it (`<<`, `>=`, `==`)? */
  private joined(n: number, text: string): boolean {
    const a = this.peek(n - 1), b = this.peek(n);
    return b.k === K.Punct && b.text === text && b.pos === a.end;
  }

  /** Python's comparisons, bitwise operators and shifts, above the arithmetic (a printed tensor<...> is read below them) */
  expr(): D {
    const a = this.bitOr();
    let op: string | undefined;
    if (this.isP("<") || this.isP(">")) op = this.joined(1, "=") ? this.tok.text + "=" : this.tok.text;
    else if ((this.isP("=") || this.isP("!")) && this.joined(1, "=")) op = this.tok.text + "=";
    if (op === undefined) return a;
    const at = this.take();
    if (op.length === 2) this.take();
    const b = this.bitOr();
    if (this.isP("<") || this.isP(">") || (this.isP("=") && this.joined(1, "="))) this.fail("cute-ts reads one comparison, not a chain");
    return { t: "op", op, a, b, pos: at.pos };
  }
  private bitOr(): D {
    return this.binaryLevel(["|"], () => this.bitXor());
  }
  private bitXor(): D {
    return this.binaryLevel(["^"], () => this.bitAnd());
  }
  private bitAnd(): D {
    return this.binaryLevel(["&"], () => this.shift());
  }
  private shift(): D {
    let a = this.composed();
    while ((this.isP("<") && this.joined(1, "<")) || (this.isP(">") && this.joined(1, ">"))) {
      const op = this.take();
      this.take();
      a = { t: "op", op: op.text + op.text, a, b: this.composed(), pos: op.pos };
    }
    return a;
  }
  private binaryLevel(ops: string[], next: () => D): D {
    let a = next();
    while (ops.some((o) => this.isP(o))) {
      const op = this.take();
      a = { t: "op", op: op.text, a, b: next(), pos: op.pos };
    }
    return a;
  }

  composed(): D {
    const first = this.layout();
    if (!this.isN("o")) return first;
    const parts = [first];
    while (this.isN("o")) {
      this.take();
      parts.push(this.layout());
    }
    return { t: "composed", parts, pos: first.pos };
  }

  private layout(): D {
    const shape = this.sum();
    if (!this.isP(":")) return shape;
    this.take();
    const stride = this.sum();
    return { t: "layout", shape, stride, pos: shape.pos };
  }

  private sum(): D {
    let a = this.term();
    while (this.isP("+") || this.isP("-")) {
      const op = this.take();
      a = { t: "op", op: op.text, a, b: this.term(), pos: op.pos };
    }
    return a;
  }

  private term(): D {
    let a = this.unary();
    while (this.isP("*") || this.isP("//") || this.isP("/") || this.isP("%")) {
      const op = this.take();
      a = { t: "op", op: op.text, a, b: this.unary(), pos: op.pos };
    }
    return a;
  }

  private unary(): D {
    if (this.isP("~")) {
      const op = this.take();
      this.enter(op.pos);
      const a = this.unary();
      this.depth--;
      return { t: "op", op: "u~", a, b: undefined, pos: op.pos };
    }
    if (this.isP("-") || this.isP("+")) {
      const op = this.take();
      this.enter(op.pos);
      const a = this.unary();
      this.depth--;
      // a negative literal is a literal (the print notation's -1), not an operation
      if (op.text === "-" && a.t === "int") return { t: "int", v: -a.v || 0, pos: op.pos };
      if (op.text === "-" && a.t === "float") return { t: "float", v: -a.v, pos: op.pos };
      return op.text === "+" ? a : { t: "op", op: "u-", a, b: undefined, pos: op.pos };
    }
    return this.power();
  }

  /** Python's `**`: tighter than a unary sign on its left (-2**2 is -4), right-associative, a signed exponent (2**-1) */
  private power(): D {
    const base = this.postfix();
    if (!(this.isP("*") && this.joined(1, "*"))) return base;
    const op = this.take();
    this.take();
    this.enter(op.pos);
    const e = this.unary();
    this.depth--;
    return { t: "op", op: "**", a: base, b: e, pos: op.pos };
  }

  private postfix(): D {
    let x = this.atom();
    for (;;) {
      if (this.isP("(")) {
        const open = this.take();
        this.enter(open.pos);
        const { args, kwargs } = this.args();
        this.depth--;
        x = { t: "call", fn: x, args, kwargs, pos: x.pos };
      } else if (this.isP("[")) {
        const open = this.take();
        this.enter(open.pos);
        const items = this.items("]");
        this.depth--;
        const index: D = items.list.length === 1 && !items.comma ? items.list[0]! : { t: "tuple", items: items.list, one: false, pos: open.pos + 1 };
        x = { t: "index", target: x, index, pos: open.pos };
      } else if (this.isP(".") && x.t !== "name") {
        this.take();
        const n = this.tok;
        if (n.k !== K.Name) this.fail("expected a name after '.'");
        this.take();
        x = { t: "attr", target: x, name: n.text, pos: n.pos };
      } else return x;
    }
  }

  private args(): { args: D[]; kwargs: Kwarg[] } {
    const args: D[] = [], kwargs: Kwarg[] = [];
    while (!this.isP(")")) {
      if (this.tok.k === K.Name && this.peek().k === K.Punct && this.peek().text === "=" && !this.joined(2, "=")) {
        const name = this.take();
        this.take();
        if (kwargs.some((k) => k.name === name.text)) throw new ParseError(this.src, name.pos, `keyword argument ${quote(name.text)} repeated`);
        kwargs.push({ name: name.text, value: this.expr(), pos: name.pos });
      } else {
        if (kwargs.length > 0) this.fail("a positional argument follows a keyword argument");
        args.push(this.expr());
      }
      if (this.isP(",")) this.take();
      else if (!this.isP(")")) this.fail("expected ',' or ')' in the arguments");
    }
    this.take();
    return { args, kwargs };
  }

  /** comma-separated items up to `close`; whether a comma was written (a 1-tuple `(x,)`) */
  private items(close: string): { list: D[]; comma: boolean } {
    const list: D[] = [];
    let comma = false;
    while (!this.isP(close)) {
      list.push(this.expr());
      if (this.isP(",")) {
        this.take();
        comma = true;
      } else if (!this.isP(close)) this.fail(`expected ',' or '${close}'`);
    }
    this.take();
    return { list, comma };
  }

  private atom(): D {
    const t = this.tok;
    if (t.k === K.Int) {
      this.take();
      return this.basisOf({ t: "int", v: t.v, pos: t.pos });
    }
    if (t.k === K.Float) {
      this.take();
      return { t: "float", v: t.v, pos: t.pos };
    }
    if (t.k === K.Str) {
      this.take();
      return t.f ? this.fstring(t) : { t: "str", v: t.text, pos: t.pos };
    }
    if (t.k === K.Dyn) {
      this.take();
      const node = { k: "int" as const, v: 0, s: false, pos: t.pos };
      const slot: DslSlot = { node, given: undefined, div: t.div, width: t.width, pos: t.pos, text: t.text };
      this.slots.push(slot);
      return this.basisOf({ t: "dyn", slot, pos: t.pos });
    }
    if (t.k === K.Punct && t.text === "(") {
      this.take();
      this.enter(t.pos);
      const { list, comma } = this.items(")");
      this.depth--;
      return { t: "tuple", items: list, one: list.length === 1 && !comma, pos: t.pos };
    }
    if (t.k === K.Punct && t.text === "[") {
      this.take();
      this.enter(t.pos);
      const { list } = this.items("]");
      this.depth--;
      return { t: "list", items: list, pos: t.pos };
    }
    if (t.k === K.Name) {
      if (t.text === "None" || t.text === "_") {
        this.take();
        return { t: "none", pos: t.pos };
      }
      if (t.text === "True" || t.text === "False") {
        this.take();
        return { t: "bool", v: t.text === "True", pos: t.pos };
      }
      if (t.text === "S" && this.peek().text === "<") return this.swizzle();
      if (t.text === "ptr" && this.peek().text === "<") return this.ptrType();
      if (t.text === "tensor" && this.peek().text === "<") {
        this.take();
        this.take();
        this.enter(t.pos);
        const body = this.composed();
        this.depth--;
        this.expect(">", "closing tensor<...>");
        return { t: "tensor", body, pos: t.pos };
      }
      // a dotted name: cute.make_layout, cutlass.Int32, cute.nvgpu.warp.MmaF16BF16Op
      this.take();
      let end = t.end;
      while (this.isP(".") && this.peek().k === K.Name) {
        this.take();
        end = this.take().end;
      }
      return { t: "name", name: this.src.slice(t.pos, end).replace(/\s+/g, ""), pos: t.pos, end };
    }
    this.fail("expected a value (an integer, a tuple, a layout, a call such as cute.make_layout(...))");
  }

  /** `1@0`, `?@1`, `2@0@1`: a scaled basis element as the DSL prints one */
  private basisOf(value: D): D {
    if (!this.isP("@")) return value;
    const modes: number[] = [];
    while (this.isP("@")) {
      this.take();
      const m = this.tok;
      if (m.k !== K.Int) this.fail("expected a mode number after '@'");
      this.take();
      modes.push(m.v);
    }
    return { t: "basis", value, modes, pos: value.pos };
  }

  /** an f-string: its text, and each `{expression}` read as an expression (no format spec, no conversion) */
  private fstring(t: Tok): D {
    const parts: (string | D)[] = [];
    const src = this.src;
    let text = "";
    let i = t.pos + 2;
    const end = t.end - 1;
    while (i < end) {
      const c = src[i]!;
      if ((c === "{" && src[i + 1] === "{") || (c === "}" && src[i + 1] === "}")) {
        text += c;
        i += 2;
        continue;
      }
      if (c === "}") throw new ParseError(src, i, "a single '}' in an f-string is written '}}'");
      if (c !== "{") {
        text += c === "\\" && src[i + 1] === "n" ? "\n" : c;
        i += c === "\\" && src[i + 1] === "n" ? 2 : 1;
        continue;
      }
      let j = i + 1, depth = 0;
      while (j < end && !(depth === 0 && (src[j] === "}" || src[j] === ":" || src[j] === "!"))) {
        if ("([".includes(src[j]!)) depth++;
        else if (")]".includes(src[j]!)) depth--;
        j++;
      }
      if (j >= end) throw new ParseError(src, i, "expected '}' closing the f-string's expression");
      if (src[j] !== "}") throw new ParseError(src, j, "cute-ts reads an f-string's {expression} without a format spec or conversion");
      if (text) parts.push(text);
      text = "";
      parts.push(subParse(src, i + 1, j, this.slots));
      i = j + 1;
    }
    if (text) parts.push(text);
    return { t: "fstr", parts, pos: t.pos };
  }

  /** a statement of a program: `name = expr`, `a, b = expr`, or an expression (a call of print or cute.printf) */
  statement(): Statement {
    const names: Tok[] = [];
    let k = 0;
    while (this.peek(k).k === K.Name && !this.peek(k).text.includes(".")) {
      const n = this.peek(k), next = this.peek(k + 1);
      if (next.k === K.Punct && next.text === "=" && !this.joined(k + 2, "=")) {
        names.push(n);
        break;
      }
      if (next.k === K.Punct && next.text === "," && this.peek(k + 2).k === K.Name) {
        names.push(n);
        k += 2;
        continue;
      }
      names.length = 0;
      break;
    }
    if (names.length > 0) {
      for (let j = 0; j < 2 * names.length; j++) this.take();
      const first = this.expr();
      // Python's bare tuple on the right, `a, b = 3, 4` (a trailing comma included)
      let value = first;
      if (this.isP(",")) {
        const items = [first];
        while (this.isP(",")) {
          this.take();
          if (this.tok.k === K.Eof) break;
          items.push(this.expr());
        }
        value = { t: "tuple", items, one: false, pos: first.pos };
      }
      if (this.tok.k !== K.Eof) this.fail("expected the end of the statement");
      return { kind: "assign", names: names.map((n) => n.text), value, pos: names[0]!.pos };
    }
    if (this.isN("assert")) {
      const at = this.take();
      const cond = this.expr();
      let msg: D | undefined;
      if (this.isP(",")) {
        this.take();
        msg = this.expr();
      }
      if (this.tok.k !== K.Eof) this.fail("expected the end of the assert statement");
      return { kind: "assert", value: cond, msg, pos: at.pos };
    }
    const e = this.expr();
    if (this.tok.k !== K.Eof) this.fail("expected the end of the statement (one statement a line)");
    return { kind: "expr", value: e, pos: e.pos };
  }

  /** `ptr<f32, generic>`, `ptr<f16, gmem, align<16>>`: a pointer's type as the DSL prints it */
  private ptrType(): D {
    const start = this.take();
    this.take();
    const name = (what: string): string => {
      if (this.tok.k !== K.Name) this.fail(`expected ${what} in ptr<...>`);
      return this.take().text;
    };
    const dtype = name("an element type (f32, f16, ...)");
    this.expect(",", "in ptr<type, address space>");
    const space = name("an address space (generic, gmem, smem, rmem)");
    let align: number | undefined;
    if (this.isP(",")) {
      this.take();
      if (!this.isN("align")) this.fail("expected align<N> in ptr<...>");
      this.take();
      this.expect("<", "in align<N>");
      const n = this.tok;
      if (n.k !== K.Int || n.v < 1) this.fail("expected a positive alignment in align<N>");
      this.take();
      align = n.v;
      this.expect(">", "closing align<N>");
    }
    this.expect(">", "closing ptr<...>");
    return { t: "ptr", dtype, space, align, pos: start.pos };
  }

  /** `S<B,M,S>`: a swizzle as the DSL prints one */
  private swizzle(): D {
    const start = this.take();
    this.take();
    const n: number[] = [];
    for (let k = 0; k < 3; k++) {
      const neg = this.isP("-");
      if (neg) this.take();
      const x = this.tok;
      if (x.k !== K.Int) this.fail("expected an integer in S<B,M,S>");
      this.take();
      n.push(neg ? -x.v : x.v);
      if (k < 2) this.expect(",", "in S<B,M,S>");
    }
    this.expect(">", "closing S<B,M,S>");
    return { t: "swizzle", b: n[0]!, m: n[1]!, s: n[2]!, pos: start.pos };
  }
}

// ------------------------------------------------------------------------------ the DSL's functions

/** a call's arguments by the DSL's parameter names */
type Args = Record<string, D | undefined>;

interface DslFunction {
  /** the DSL's parameters, in order; `name?` is optional */
  readonly params: readonly string[];
  /** the node of the call */
  readonly to: (a: Args, c: Translator, pos: number) => Node;
}

/** a CuTe function taking the DSL's parameters in the same order (absent trailing optional ones omitted) */
const cxx = (name: string, ...params: string[]): DslFunction => ({
  params,
  to: (a, c, pos) => c.call(name, [], trimmed(params.map((p) => a[bare(p)]), c), pos),
});
/** a CuTe function whose modes (`mode=[0, 1]`) are template arguments: size<0,1>(x) */
const cxxMode = (name: string, ...params: string[]): DslFunction => ({
  params,
  to: (a, c, pos) => c.call(name, c.modes(a["mode"]), trimmed(params.filter((p) => bare(p) !== "mode").map((p) => a[bare(p)]), c), pos),
});
/** append / prepend(input, elem, up_to_rank=None): append<N> / prepend<N> when up_to_rank is given */
const extend = (name: string): DslFunction => ({
  params: ["input", "elem", "up_to_rank?"],
  to: (a, c, pos) => {
    const n = a["up_to_rank"];
    return c.call(name, n === undefined ? [] : [c.staticInt(n, `cute.${name}'s up_to_rank`)], [c.value(a["input"]!), c.value(a["elem"]!)], pos);
  },
});
const bare = (p: string) => p.replace(/\?$/, "");
function trimmed(ds: (D | undefined)[], c: Translator): Node[] {
  let n = ds.length;
  while (n > 0 && ds[n - 1] === undefined) n--;
  return ds.slice(0, n).map((d, i) => (d === undefined ? c.fail(`argument ${i + 1} is needed before the ones after it`) : c.value(d)));
}

/**
 * The DSL's functions (cutlass/cute/core.py, tensor.py, atom.py) and the CuTe function each one
 * is (src/eval/functions/): one table, keyed by the name after `cute.` (`cutlass.cute.` and a
 * bare name are the same). Where the DSL orders or names arguments differently from C++ the
 * entry says so (`slice_(src, coord)` is `slice(coord, src)`; `mode=[0, 1]` is `<0,1>`).
 */
const FUNCTIONS: Readonly<Record<string, DslFunction>> = {
  make_layout: cxx("make_layout", "shape", "stride?"),
  make_ordered_layout: cxx("make_ordered_layout", "shape", "order"),
  make_identity_layout: cxx("make_identity_layout", "shape"),
  make_identity_tensor: cxx("make_identity_tensor", "shape"),
  make_layout_tv: cxx("make_layout_tv", "thr_layout", "val_layout"),
  make_composed_layout: {
    params: ["inner", "offset", "outer"],
    to: (a, c, pos) => c.node({ k: "composed", parts: [c.value(a["inner"]!), c.literal(a["offset"]!), c.value(a["outer"]!)], pos }),
  },
  make_swizzle: {
    params: ["b", "m", "s"],
    to: (a, c, pos) => {
      const [b, m, s] = ["b", "m", "s"].map((p) => c.staticInt(a[p]!, `cute.make_swizzle's ${p}`)) as [number, number, number];
      // the DSL writes the identity swizzle as S<0,4,3> whatever M and S (core.py's make_swizzle)
      return b === 0 ? c.node({ k: "swizzle", b: 0, m: 4, s: 3, pos }) : c.node({ k: "swizzle", b, m, s, pos });
    },
  },
  make_ptr: {
    params: ["dtype", "value", "mem_space?", "assumed_align?"],
    to: (a, c, pos) => c.call(DSL_MAKE_PTR, [], trimmed([a["dtype"], a["value"], a["mem_space"], a["assumed_align"]], c), pos),
  },
  make_fragment: { params: ["layout_or_shape", "dtype"], to: (a, c, pos) => c.call(DSL_FRAGMENT, [], [c.value(a["layout_or_shape"]!), c.value(a["dtype"]!)], pos) },
  make_rmem_tensor: { params: ["layout_or_shape", "dtype"], to: (a, c, pos) => c.call(DSL_FRAGMENT, [], [c.value(a["layout_or_shape"]!), c.value(a["dtype"]!)], pos) },
  make_tensor: {
    params: ["iterator", "layout"],
    to: (a, c, pos) => c.call(DSL_COORD_TENSOR, [], [c.literal(a["iterator"]!), c.value(a["layout"]!)], pos),
  },
  E: {
    params: ["mode"],
    to: (a, c, pos) => {
      const m = a["mode"]!;
      const modes = m.t === "list" ? m.items.map((x) => c.staticInt(x, "a mode of cute.E")) : [c.staticInt(m, "the mode of cute.E")];
      return modes.length === 0 ? c.node({ k: "int", v: 1, s: true, pos }) : c.node({ k: "basis", v: 1, s: true, modes, pos });
    },
  },
  // the algebra
  coalesce: cxx("coalesce", "input", "target_profile?"),
  composition: cxx("composition", "lhs", "rhs"),
  complement: cxx("complement", "input", "cotarget?"),
  right_inverse: cxx("right_inverse", "input"),
  left_inverse: cxx("left_inverse", "input"),
  logical_divide: cxx("logical_divide", "target", "tiler"),
  zipped_divide: cxx("zipped_divide", "target", "tiler"),
  tiled_divide: cxx("tiled_divide", "target", "tiler"),
  flat_divide: cxx("flat_divide", "target", "tiler"),
  logical_product: cxx("logical_product", "block", "tiler"),
  zipped_product: cxx("zipped_product", "block", "tiler"),
  tiled_product: cxx("tiled_product", "block", "tiler"),
  flat_product: cxx("flat_product", "block", "tiler"),
  raked_product: cxx("raked_product", "block", "tiler"),
  blocked_product: cxx("blocked_product", "block", "tiler"),
  tile_to_shape: cxx("tile_to_shape", "atom", "trg_shape", "order?"),
  // recast_layout(new_type_bits, old_type_bits, src_layout) is recast_layout<uint_bit_t<old>, uint_bit_t<new>>(src_layout)
  recast_layout: {
    params: ["new_type_bits", "old_type_bits", "src_layout"],
    to: (a, c, pos) => {
      const bits = (p: string) => `uint_bit_t<${c.staticInt(a[p]!, `cute.recast_layout's ${p}`)}>`;
      return c.call("recast_layout", [bits("old_type_bits"), bits("new_type_bits")], [c.value(a["src_layout"]!)], pos);
    },
  },
  max_common_layout: cxx("max_common_layout", "a", "b"),
  max_common_vector: cxx("max_common_vector", "a", "b"),
  nullspace: cxx("nullspace", "layout"),
  // reading and rearranging modes
  size: cxxMode("size", "a", "mode?"),
  cosize: cxxMode("cosize", "a", "mode?"),
  rank: cxxMode("rank", "a", "mode?"),
  depth: cxx("depth", "a"),
  shape: cxxMode("shape", "input", "mode?"),
  get: cxxMode("get", "input", "mode"),
  select: cxxMode("select", "input", "mode"),
  group_modes: {
    params: ["input", "begin", "end?"],
    to: (a, c, pos) => {
      const b = c.staticInt(a["begin"]!, "cute.group_modes's begin");
      const e = a["end"] === undefined ? -1 : c.staticInt(a["end"], "cute.group_modes's end");
      return c.call(DSL_GROUP_MODES, [b, e], [c.value(a["input"]!)], pos);
    },
  },
  flatten: cxx("flatten", "a"),
  // Python's type(x) of an integer: a Python int's class, or the DSL's Int32 / Int64 (print.ipynb prints `<class 'int'>` and `Int32`)
  type: { params: ["object"], to: (a, c, pos) => c.call(DSL_TYPE_OF, [c.integerType(a["object"]!)], [], pos) },
  append: extend("append"),
  prepend: extend("prepend"),
  filter: cxx("filter", "input"),
  filter_zeros: cxx("filter_zeros", "input", "target_profile?"),
  slice_: { params: ["src", "coord"], to: (a, c, pos) => c.call("slice", [], [c.value(a["coord"]!), c.value(a["src"]!)], pos) },
  dice: { params: ["src", "dicer"], to: (a, c, pos) => c.call("dice", [], [c.value(a["dicer"]!), c.value(a["src"]!)], pos) },
  crd2idx: cxx("crd2idx", "coord", "layout"),
  idx2crd: cxx("idx2crd", "idx", "shape"),
  // integer tuples
  shape_div: cxx("shape_div", "lhs", "rhs"),
  ceil_div: cxx("ceil_div", "input", "tiler"),
  round_up: cxx("round_up", "a", "b"),
  product_each: cxx("product_each", "a"),
  // repeat_like(x, target): x in the profile of target (CuTe's repeat_like(target, x))
  repeat_like: { params: ["x", "target"], to: (a, c, pos) => c.call("repeat_like", [], [c.value(a["target"]!), c.value(a["x"]!)], pos) },
  product: cxx("product", "a"),
  // tensors
  local_tile: cxx("local_tile", "input", "tiler", "coord", "proj?"),
  local_partition: cxx("local_partition", "target", "tiler", "index", "proj?"),
};
/** cute.runtime.make_ptr is the same function */
const ALIAS_FUNCTIONS: Readonly<Record<string, string>> = { "runtime.make_ptr": "make_ptr" };

/** the DSL's integer types that make a dynamic integer: cutlass.Int32(8) */
const INT_TYPES: Readonly<Record<string, 32 | 64>> = { Int32: 32, Int64: 64 };

/** the DSL's name without its module: cutlass.cute.make_layout, cute.make_layout and make_layout are make_layout */
export function dslName(name: string): string {
  const n = name.replace(/^cutlass\./, "").replace(/^cute\./, "");
  return Object.hasOwn(ALIAS_FUNCTIONS, n) ? ALIAS_FUNCTIONS[n]! : n;
}

/** the DSL names cute-ts reads, for messages and tests */
export function dslFunctionNames(): string[] {
  return Object.keys(FUNCTIONS);
}

// ------------------------------------------------------------------------------ the translation

/** the nodes the evaluator takes, built from the syntax tree */
export class Translator {
  /** a program's variables: the node each name was assigned */
  readonly env = new Map<string, Node>();
  constructor(
    readonly src: string,
    readonly slots: DslSlot[],
  ) {}

  /** a dotted name whose head is a variable: its node, then an attribute for each part after it */
  variable(name: string, pos: number): Node | undefined {
    const parts = name.split(".");
    const v = this.env.get(parts[0]!);
    if (v === undefined) return undefined;
    let n = v;
    for (const a of parts.slice(1)) n = this.call(DSL_ATTR, [a], [n], pos);
    return n;
  }


  fail(message: string, pos = 0): never {
    throw new ParseError(this.src, pos, message);
  }

  /** a node of the evaluator's tree: plain data with the Node union's field names (parts, target, args, items) */
  node(n: Record<string, unknown>): Node {
    return n as unknown as Node;
  }
  call(name: string, targs: TArg[], args: Node[], pos: number): Node {
    return this.node({ k: "call", name, targs, types: null, args, pos });
  }

  /** a static Python integer (folded from literals and + - * // %), or a refusal naming `what` */
  staticInt(d: D, what: string): number {
    const v = this.fold(d);
    if (v === undefined) this.fail(`${what} is a Python int (a static integer)`, d.pos);
    return v;
  }
  private fold(d: D): number | undefined {
    if (d.t === "int") return d.v;
    if (d.t === "tuple" && d.one) return this.fold(d.items[0]!);
    if (d.t !== "op") return undefined;
    const a = this.fold(d.a);
    if (a === undefined) return undefined;
    if (d.b === undefined) return d.op === "u~" ? -a - 1 : -a || 0;
    // a comparison is Python's bool, true division Python's float: neither folds to an int
    if (COMPARISONS.has(d.op) || d.op === "/") return undefined;
    const b = this.fold(d.b);
    if (b === undefined) return undefined;
    // an int to a negative power is a float
    if (d.op === "**" && b < 0) return undefined;
    return pythonInt(d.op, a, b, this, d.pos);
  }

  /** `mode=[0, 1]` as template arguments */
  modes(d: D | undefined): TArg[] {
    if (d === undefined) return [];
    if (d.t !== "list" && d.t !== "tuple") this.fail("mode is a list of mode numbers, as in mode=[0, 1]", d.pos);
    return d.items.map((x) => this.staticInt(x, "a mode number"));
  }

  /** a Python value */
  value(d: D): Node {
    switch (d.t) {
      case "int":
        return this.node({ k: "int", v: d.v, s: true, pos: d.pos });
      case "float":
        return this.call(DSL_PYFLOAT, [d.v], [], d.pos);
      case "dyn":
        return d.slot.node as unknown as Node;
      case "basis":
        return this.basis(d);
      case "none":
        return this.node({ k: "under", pos: d.pos });
      case "bool":
        return this.call(DSL_BOOL, [d.v ? 1 : 0], [], d.pos);
      case "tuple":
        if (d.one) return this.value(d.items[0]!);
        return this.node({ k: "tuple", items: d.items.map((x) => this.value(x)), s: false, pos: d.pos });
      case "list":
        return this.node({ k: "tuple", items: d.items.map((x) => this.value(x)), s: false, pos: d.pos });
      case "layout":
        return this.node({ k: "layout", shape: this.literal(d.shape), stride: this.literal(d.stride), pos: d.pos });
      case "composed":
        return this.composed(d.parts, d.pos);
      case "swizzle":
        return this.node({ k: "swizzle", b: d.b, m: d.m, s: d.s, pos: d.pos });
      case "ptr":
        return this.call(DSL_MAKE_PTR, [d.dtype, d.space, d.align ?? 0], [], d.pos);
      case "tensor": {
        const parts = d.body.t === "composed" ? d.body.parts : [d.body];
        if (parts.length < 2) this.fail("a tensor is printed tensor<iterator o layout>", d.pos);
        return this.call(DSL_COORD_TENSOR, [], [this.literal(parts[0]!), this.composed(parts.slice(1), parts[1]!.pos)], d.pos);
      }
      case "name":
        return this.name(d);
      case "call":
        return this.callOf(d);
      case "index":
        return this.call(DSL_INDEX, [], [this.value(d.target), this.value(d.index)], d.pos);
      case "attr":
        return this.call(DSL_ATTR, [d.name], [this.value(d.target)], d.pos);
      case "op":
        return this.op(d);
      case "str":
      case "fstr":
        this.fail("a string is printed (print, cute.printf), not computed with", d.pos);
    }
  }

  /** a value as the DSL prints it inside a layout: `(4)` is a rank-1 tuple there, as in `(4):(3)` */
  literal(d: D): Node {
    if (d.t === "tuple") return this.node({ k: "tuple", items: d.items.map((x) => this.literal(x)), s: false, pos: d.pos });
    return this.value(d);
  }

  private composed(parts: D[], pos: number): Node {
    if (parts.length === 1) return this.value(parts[0]!);
    // the offset of a printed composed layout is a coordinate: (0,0) there is a tuple even with one item
    return this.node({ k: "composed", parts: parts.map((p, i) => (i % 2 === 1 ? this.literal(p) : this.value(p))), pos });
  }

  private basis(d: D & { t: "basis" }): Node {
    const v = d.value;
    if (v.t === "int") return this.node({ k: "basis", v: v.v, s: true, modes: d.modes, pos: d.pos });
    if (v.t === "dyn") {
      // the slot's node becomes the basis node: the evaluator sets its value
      const n = v.slot.node as unknown as Record<string, unknown>;
      n["k"] = "basis";
      n["modes"] = d.modes;
      return n as unknown as Node;
    }
    this.fail("a basis element is an integer times E(i), written 1@0 (or ?@0)", d.pos);
  }

  private name(d: D & { t: "name" }): Node {
    const v = this.variable(d.name, d.pos);
    if (v !== undefined) return v;
    const n = dslName(d.name);
    if (Object.hasOwn(INT_TYPES, n) || /^(?:Float|BFloat|TFloat|Uint|Int|Boolean)\w*$/.test(n)) return this.call(DSL_TYPE, [n], [], d.pos);
    // a member of one of the DSL's enums, such as nvgpu.cpasync.LoadCacheMode.GLOBAL: a name the operations read
    if (/\.[A-Z][A-Za-z0-9]*\.[A-Z][A-Z0-9_]*$/.test(n)) return this.call(DSL_TYPE, [n], [], d.pos);
    // an address space: cute.AddressSpace.gmem
    if (/^AddressSpace\.(?:generic|gmem|smem|rmem|tmem)$/.test(n)) return this.call(DSL_TYPE, [n], [], d.pos);
    if (Object.hasOwn(FUNCTIONS, n)) this.fail(`${quote(d.name)} is a function: call it, as in ${d.name}(...)`, d.pos);
    if (/^nvgpu\./.test(n) || /Op$/.test(n)) this.fail(`${quote(d.name)} is an operation: make one with ${d.name}(...)`, d.pos);
    this.unknown(d);
  }

  private unknown(d: D & { t: "name" }): never {
    const n = dslName(d.name);
    const near = nearest(n, [...Object.keys(FUNCTIONS), ...Object.keys(INT_TYPES)]);
    this.fail(`cute-ts does not know the DSL name ${quote(d.name)}${near.length ? ` (did you mean ${near.map((x) => "cute." + x).join(", ")}?)` : ""}`, d.pos);
  }

  private callOf(d: D & { t: "call" }): Node {
    const fn = d.fn;
    // t.load(): a method of the DSL's tensor
    if (fn.t === "attr" && fn.name === "load") {
      if (d.args.length > 0 || d.kwargs.length > 0) this.fail("t.load() takes no arguments here", d.pos);
      return this.call(DSL_ATTR, ["load()"], [this.value(fn.target)], d.pos);
    }
    // x.to(T): a Numeric's conversion (data_types.ipynb)
    const toTarget = fn.t === "attr" && fn.name === "to" ? this.value(fn.target) : fn.t === "name" && /\.to$/.test(fn.name) && this.env.has(fn.name.split(".")[0]!) ? this.variable(fn.name.slice(0, -3), fn.pos) : undefined;
    if (toTarget !== undefined) {
      if (d.args.length !== 1 || d.kwargs.length > 0) this.fail("x.to(T) takes one numeric type, as in x.to(cutlass.Float32)", d.pos);
      return this.call(DSL_TO, [], [toTarget, this.value(d.args[0]!)], d.pos);
    }
    if (fn.t === "name" && this.env.has(fn.name.split(".")[0]!)) {
      const parts = fn.name.split(".");
      if (parts.length > 1 && parts[parts.length - 1] === "load") {
        if (d.args.length > 0 || d.kwargs.length > 0) this.fail("t.load() takes no arguments here", d.pos);
        return this.call(DSL_ATTR, ["load()"], [this.variable(parts.slice(0, -1).join("."), fn.pos)!], d.pos);
      }
      if (d.kwargs.length > 0) this.fail("a layout is called with a coordinate only, as in L((1, 2))", d.kwargs[0]!.pos);
      const args = d.args.map((x) => this.value(x));
      return this.node({ k: "apply", target: this.variable(fn.name, fn.pos)!, args: args.length === 1 ? args : [this.node({ k: "tuple", items: args, s: false, pos: d.pos })], pos: d.pos });
    }
    if (fn.t !== "name") {
      // an application: L(coord) is crd2idx (or a slice, with None in the coordinate)
      if (d.kwargs.length > 0) this.fail("a layout is called with a coordinate only, as in L((1, 2))", d.kwargs[0]!.pos);
      const args = d.args.map((x) => this.value(x));
      return this.node({ k: "apply", target: this.value(fn), args: args.length === 1 ? args : [this.node({ k: "tuple", items: args, s: false, pos: d.pos })], pos: d.pos });
    }
    const n = dslName(fn.name);
    if (Object.hasOwn(INT_TYPES, n)) return this.dynamic(d, INT_TYPES[n]!);
    // a float type's constructor makes a dynamic float: cutlass.Float32(3.14) (cutlass.Float is Float32)
    const floatType = dslNumeric(n)?.name;
    if (floatType !== undefined && isDslFloatType(floatType)) {
      if (d.args.length !== 1 || d.kwargs.length > 0) this.fail(`${fn.name}(...) takes one number`, d.pos);
      return this.call(DSL_FLOAT, [floatType], [this.value(d.args[0]!)], d.pos);
    }
    if (n === "assume") return this.assume(d);
    if (/^nvgpu\.|^make_(?:mma_atom|tiled_mma|copy_atom|tiled_copy\w*)$/.test(n) || /Op$/.test(n)) return this.atomCall(d, n);
    const f = Object.hasOwn(FUNCTIONS, n) ? FUNCTIONS[n]! : this.unknown(fn);
    return f.to(this.bind(d, fn.name, f.params), this, d.pos);
  }

  /** the call's arguments by parameter name, as Python binds them */
  private bind(d: D & { t: "call" }, shown: string, params: readonly string[]): Args {
    const a: Args = {};
    const names = params.map(bare);
    if (d.args.length > params.length) this.fail(`${shown} takes at most ${params.length} argument${params.length === 1 ? "" : "s"} (${names.join(", ")})`, d.args[params.length]!.pos);
    d.args.forEach((x, i) => (a[names[i]!] = x));
    for (const k of d.kwargs) {
      if (!names.includes(k.name)) this.fail(`${shown} has no parameter ${quote(k.name)} (parameters: ${names.join(", ")})`, k.pos);
      if (a[k.name] !== undefined) this.fail(`${shown} got ${quote(k.name)} twice`, k.pos);
      a[k.name] = k.value;
    }
    params.forEach((p, i) => {
      if (!p.endsWith("?") && a[p] === undefined) this.fail(`${shown} needs its argument '${names[i]}'`, d.pos);
    });
    return a;
  }

  /** `cutlass.Int32(8)`: a dynamic integer with a value */
  private dynamic(d: D & { t: "call" }, width: 32 | 64): Node {
    const shown = (d.fn as D & { t: "name" }).name;
    if (d.args.length !== 1 || d.kwargs.length > 0) this.fail(`${shown}(...) takes one integer`, d.pos);
    const given = this.staticInt(d.args[0]!, `the value of ${shown}(...)`);
    const limit = 2 ** (width - 1);
    if (given < -limit || given >= limit) this.fail(`${given} does not fit ${shown} (${width} bits)`, d.args[0]!.pos);
    const node = { k: "int" as const, v: given, s: false, pos: d.pos };
    const slot: DslSlot = { node, given, div: 1, width, pos: d.pos, text: this.src.slice(d.pos, this.endOf(d)) };
    this.slots.push(slot);
    return node as unknown as Node;
  }

  /** the type of an integer the text gives, a literal or a variable: `int` (a Python int), `Int32` or `Int64` */
  integerType(d: D): string {
    const node = this.value(d) as unknown as { k?: string; s?: unknown };
    const slot = d.t === "dyn" ? d.slot : this.slots.find((x) => x.node === (node as unknown));
    if (slot !== undefined) return `Int${slot.width}`;
    if (node.k === "int" && node.s === true) return "int";
    this.fail("cute-ts reads type(x) of an integer written in the program (a Python int, or a cutlass.Int32 / Int64)", d.pos);
  }

  /** `cute.assume(x, divby=N)`: the DSL may take N to divide the dynamic x */
  private assume(d: D & { t: "call" }): Node {
    const a = this.bind(d, "cute.assume", ["src", "divby?"]);
    const src = a["src"]!;
    const inner = src.t === "call" && src.fn.t === "name" && Object.hasOwn(INT_TYPES, dslName(src.fn.name)) ? src : undefined;
    const node = this.value(src);
    const slot = inner ? this.slots.find((s) => s.node === (node as unknown)) : src.t === "dyn" ? src.slot : undefined;
    if (slot === undefined) this.fail("cute.assume takes a dynamic integer, as in cute.assume(cutlass.Int32(8), divby=4)", src.pos);
    if (a["divby"] === undefined) return node;
    const n = this.staticInt(a["divby"], "cute.assume's divby");
    if (n < 1) this.fail("cute.assume's divby is a positive integer", a["divby"].pos);
    if (slot.given !== undefined && slot.given % n !== 0) this.fail(`cute.assume: ${slot.given} is not divisible by ${n}`, src.pos);
    slot.div = lcmNum(slot.div, n);
    return node;
  }

  /** an MMA or copy operation, or an atom function: its arguments as nodes, keyword arguments named */
  private atomCall(d: D & { t: "call" }, n: string): Node {
    const args = d.args.map((x) => this.value(x));
    const kw = d.kwargs.map((k) => this.call(DSL_ATTR, ["=" + k.name], [this.value(k.value)], k.pos));
    return this.call(DSL_OP, [n], [...args, ...kw], d.pos);
  }

  private op(d: D & { t: "op" }): Node {
    const folded = this.fold(d);
    if (folded !== undefined) return this.node({ k: "int", v: folded, s: true, pos: d.pos });
    if (d.b === undefined) return this.call(DSL_ARITH, [d.op === "u~" ? "u~" : "u-"], [this.value(d.a)], d.pos);
    if (COMPARISONS.has(d.op)) {
      // two Python ints compare to a Python bool; a dynamic operand makes the DSL's Boolean, 0 or 1 at run time
      const a = this.fold(d.a), b = this.fold(d.b);
      if (a !== undefined && b !== undefined) this.fail(`${a} ${d.op} ${b} compares two Python ints: Python answers ${compare(d.op, a, b) ? "True" : "False"} itself, the DSL is not involved`, d.pos);
    }
    // on dynamic integers the DSL emits the arithmetic (C++'s / and % agree with Python's // and %
    // on non-negative operands); on floats, and for Python's true division, src/eval/dsl-numeric.ts
    return this.call(DSL_ARITH, [d.op], [this.value(d.a), this.value(d.b)], d.pos);
  }

  /** one past the end of a call, for quoting it */
  private endOf(d: D & { t: "call" }): number {
    let depth = 0;
    for (let i = d.pos; i < this.src.length; i++) {
      const c = this.src[i];
      if (c === "(") depth++;
      else if (c === ")" && --depth === 0) return i + 1;
    }
    return this.src.length;
  }
}

function lcmNum(a: number, b: number): number {
  let x = a, y = b;
  while (y) [x, y] = [y, x % y];
  return (a / x) * b;
}

/** Python's comparison operators (a bool, not an int; the evaluator's DSL arithmetic reads them too) */
export const COMPARISONS: ReadonlySet<string> = new Set(["<", "<=", ">", ">=", "==", "!="]);
function compare(op: string, a: number, b: number): boolean {
  return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : op === ">=" ? a >= b : op === "==" ? a === b : a !== b;
}

/** Python's integer arithmetic on static ints: // floors, % takes the divisor's sign */
function pythonInt(op: string, a: number, b: number, c: Translator, pos: number): number {
  let r: number;
  switch (op) {
    case "+":
      r = a + b;
      break;
    case "-":
      r = a - b;
      break;
    case "*":
      r = a * b;
      break;
    case "//":
    case "%": {
      if (b === 0) c.fail("integer division by zero (Python raises ZeroDivisionError)", pos);
      const q = Math.floor(a / b);
      r = op === "//" ? q : a - q * b;
      break;
    }
    case "**":
      // b >= 0 here (a negative exponent gives a float); past 2^53 the check below refuses
      r = b > 64 && Math.abs(a) > 1 ? Number.NaN : a ** b;
      break;
    case "&":
    case "|":
    case "^":
    case "<<":
    case ">>": {
      const x = BigInt(a), y = BigInt(b);
      if ((op === "<<" || op === ">>") && b < 0) c.fail("negative shift count (Python raises ValueError)", pos);
      const big = op === "&" ? x & y : op === "|" ? x | y : op === "^" ? x ^ y : op === "<<" ? (b > 64 ? 2n ** 64n : x << y) : x >> y;
      r = big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER) ? Number.NaN : Number(big);
      break;
    }
    default:
      c.fail(`cute-ts does not know the operator ${op}`, pos);
  }
  if (!Number.isSafeInteger(r)) c.fail(`integer overflow: the result is beyond ${SAFE_LIMIT_TEXT} (cute-ts refuses rather than round)`, pos);
  return r || 0;
}

/** the source with everything outside [from, to) blanked: a part is lexed where it stands, so positions stay the source's */
export function blanked(src: string, from: number, to: number): string {
  return " ".repeat(from) + src.slice(from, to) + " ".repeat(src.length - to);
}

/** an expression inside the source (an f-string's), read by its own parser; its dynamic integers join `slots` */
function subParse(src: string, from: number, to: number, slots: DslSlot[]): D {
  const p = new Parser(src, lex(blanked(src, from, to)));
  const e = p.expr();
  if (p.atEnd() === false) p.fail("expected '}' after the f-string's expression");
  slots.push(...p.slots);
  return e;
}

/** one statement of a program (./dsl-program.ts), as Parser.statement reads it */
export interface Statement {
  /** `for NAME in BOUND:` heads a loop over the statements indented under it; `assert COND, MSG` */
  kind: "assign" | "expr" | "for" | "assert";
  names?: string[];
  value: D;
  msg?: D;
  pos: number;
  /** the statement's indentation (its line's leading spaces) */
  indent?: number;
}

/** Reads an expression in the CuTe DSL's spelling into the evaluator's nodes and its dynamic integers. */
export function parseDsl(src: string): DslProgram {
  if (src.length > MAX_INPUT) throw new ParseError(src.slice(0, 40), 0, `input longer than ${MAX_INPUT} characters`);
  const p = new Parser(src, lex(src));
  const d = p.top();
  const slots = p.slots;
  const tree = new Translator(src, slots).value(d);
  return { tree, slots };
}

/** does this text look like the DSL's Python spelling (`cute.`, `cutlass.`)? For the hint given without --dialect */
export function looksLikeDsl(src: string): boolean {
  return /^\s*(?:cute|cutlass)\./.test(src);
}
