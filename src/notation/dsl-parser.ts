/**
 * The CuTe DSL's spelling, part 2 of 3 (./dsl.ts is the entry): the parser, Python's expression
 * grammar over ./dsl-lexer.ts's tokens into the syntax tree `D` (the grammar is in ./dsl.ts's
 * header).
 */
import { ParseError, quote } from "../core/errors.js";
import { type D, type DslSlot, type Kwarg, type Tok, K, lex } from "./dsl-lexer.js";
import { intNode } from "./parse.js";

// ------------------------------------------------------------------------------ the parser

/** as Python's own parser (200 nested parentheses), so that reading and evaluating a nested expression stay within the stack */
const MAX_DEPTH = 200;

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
  /** one more operation of a left-associative chain (1+1+1 is ((1+1)+1), x[0][0] is (x[0])[0]): a level of nesting, counted until the chain ends */
  private chained(pos: number): void {
    if (++this.depth > MAX_DEPTH) throw new ParseError(this.src, pos, `nesting deeper than ${MAX_DEPTH} levels (operations chained one after another count as nesting)`);
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
    const depth = this.depth;
    while ((this.isP("<") && this.joined(1, "<")) || (this.isP(">") && this.joined(1, ">"))) {
      const op = this.take();
      this.take();
      this.chained(op.pos);
      a = { t: "op", op: op.text + op.text, a, b: this.composed(), pos: op.pos };
    }
    this.depth = depth;
    return a;
  }
  private binaryLevel(ops: string[], next: () => D): D {
    let a = next();
    const depth = this.depth;
    while (ops.some((o) => this.isP(o))) {
      const op = this.take();
      this.chained(op.pos);
      a = { t: "op", op: op.text, a, b: next(), pos: op.pos };
    }
    this.depth = depth;
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
    const depth = this.depth;
    while (this.isP("+") || this.isP("-")) {
      const op = this.take();
      this.chained(op.pos);
      a = { t: "op", op: op.text, a, b: this.term(), pos: op.pos };
    }
    this.depth = depth;
    return a;
  }

  private term(): D {
    let a = this.unary();
    const depth = this.depth;
    while (this.isP("*") || this.isP("//") || this.isP("/") || this.isP("%")) {
      const op = this.take();
      this.chained(op.pos);
      a = { t: "op", op: op.text, a, b: this.unary(), pos: op.pos };
    }
    this.depth = depth;
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
    // each call, index or attribute nests the value one level deeper (x[0][0] is (x[0])[0]): counted until the chain ends
    const depth = this.depth;
    for (;;) {
      if (this.isP("(")) {
        const open = this.take();
        this.chained(open.pos);
        const { args, kwargs } = this.args();
        x = { t: "call", fn: x, args, kwargs, pos: x.pos };
      } else if (this.isP("[")) {
        const open = this.take();
        this.chained(open.pos);
        const items = this.items("]");
        const index: D = items.list.length === 1 && !items.comma ? items.list[0]! : { t: "tuple", items: items.list, one: false, pos: open.pos + 1 };
        x = { t: "index", target: x, index, pos: open.pos };
      } else if (this.isP(".") && x.t !== "name") {
        this.take();
        const n = this.tok;
        if (n.k !== K.Name) this.fail("expected a name after '.'");
        this.chained(n.pos);
        this.take();
        x = { t: "attr", target: x, name: n.text, pos: n.pos };
      } else {
        this.depth = depth;
        return x;
      }
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
      const node = intNode(t.pos, 0, false);
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
