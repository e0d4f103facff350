/**
 * The expression grammar's template arguments (`Int<8>`, `Copy_Atom<OP, T>`, constant
 * expressions, `decltype(e)` in a program), pointers as CuTe prints them and C++ casts: the
 * `Parser` the statement grammar extends, on ExprParser (./expressions.ts).
 */
import { ParseError } from "../../core/errors.js";
import { NO_TARGS, callNode, castNode, type Node, type TArg, computed, fold, intNode, nameNode, opNode, ptrNode, smemNode, spellType, texprNode } from "./ast.js";
import { ExprParser, POINTER_NAME } from "./expressions.js";
import { BANG, COLON, COMMA, GT, INT, LBRACK, LPAREN, LT, MAX_INPUT, MINUS, NAME, PLUS, PUNCT, RBRACK, RPAREN, TILDE, UNDER, UNDERSCORE, lexAll } from "./lexer.js";
export class Parser extends ExprParser {
  protected spelled(types: Node[]): TArg[] {
    return types.map((t) => (t.k === "int" ? t.v : spellType(t, this.src)));
  }

  /** '<' targ, ... '>' as nodes */
  protected targs(): Node[] {
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
    // decltype(e) as a template argument (a program's): the type of e's value
    if (this.programMode && lx.kind === NAME && lx.text === "decltype") {
      lx.advance();
      if (!this.isPunct(LPAREN)) this.fail("expected '(' after decltype");
      const gt = this.closesAtGt;
      const args = this.args();
      this.closesAtGt = gt;
      if (args.length !== 1) throw new ParseError(this.src, pos, "decltype(...) takes one expression");
      return callNode(pos, "decltype", NO_TARGS, null, args);
    }
    // a name is a type (half_t, _8, SM80_CP_ASYNC<T>), unless it is called (sizeof(T), size(L)): then an integer expression
    // (in a program, a variable's name or a name before an arithmetic operator is an integer expression: cp_async_wait<K_PIPE_MAX-2>)
    if (lx.kind === NAME && lx.text !== "true" && lx.text !== "false" && !/^\s*\(/.test(this.src.slice(lx.at, lx.at + 64)) && !(this.programMode && (this.isVariable(lx.text) || /^\s*[-+/%]/.test(this.src.slice(lx.at, lx.at + 64))))) {
      const name = lx.text;
      let end = lx.at;
      lx.advance();
      let types: Node[] | null = null;
      if (this.isPunct(LT)) {
        types = this.targs();
        end = this.targsEnd;
      }
      // a type's own template arguments are read as nodes (`types`); spelled only where a function takes them
      return nameNode(pos, name, NO_TARGS, types, end);
    }
    if (lx.kind === UNDER) {
      lx.advance();
      return nameNode(pos, "_", NO_TARGS, null, pos + 1);
    }
    const e = this.binary(0, true);
    if (e.k === "int") return e;
    if (computed(e)) {
      // sizeof(T) or a call: the value is known when the expression runs (src/eval/block.ts, evaluate.ts)
      this.computedTargs = true;
      return texprNode(pos, e, lx.start);
    }
    return intNode(pos, fold(e, this.src), false);
  }
  /** an operand of an integer constant expression in template arguments */
  protected constant(): Node {
    const lx = this.lx;
    const pos = lx.start;
    if (lx.kind === INT) {
      const n = intNode(pos, lx.num, lx.stat);
      lx.advance();
      return n;
    }
    if (lx.kind === NAME && (lx.text === "true" || lx.text === "false")) {
      const n = intNode(pos, lx.text === "true" ? 1 : 0, false);
      lx.advance();
      return n;
    }
    if (lx.kind === PUNCT && (lx.punct === MINUS || lx.punct === PLUS || lx.punct === BANG || lx.punct === TILDE)) {
      const c = lx.punct;
      lx.advance();
      this.enter(pos);
      const a = this.constant();
      this.depth--;
      return opNode(pos, "u" + String.fromCharCode(c), [a]);
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
  protected pointerLiteral(pos: number, first: string, tags: TArg[], afterSwizzle: boolean): Node {
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
      return smemNode(pos, bits);
    }
    const re = base === "tmem" ? TMEM_ADDRESS : base === "subptr" ? SUBBYTE_ADDRESS : ADDRESS;
    re.lastIndex = lx.start;
    const a = re.exec(this.src);
    if (!a) {
      const form = base === "tmem" ? "0xLLLL.CCCC (lane.column)" : base === "subptr" ? "0x1000.4 (address.bit)" : "0x1000 or (nil)";
      throw new ParseError(this.src, lx.start, `expected the address in parentheses, ${form}`);
    }
    let v = 0, sbits = 0;
    if (base === "tmem") {
      v = Number.parseInt(a[1]!, 16) * 65536 + Number.parseInt(a[2]!, 16);
    } else {
      v = a[1] === undefined ? 0 : this.address(a[1], lx.start);
      sbits = base === "subptr" ? Number(a[2]) : -1;
      if (sbits > 7) throw new ParseError(this.src, lx.start, "a sub-byte iterator's bit index is 0 to 7");
    }
    lx.at = a.index + a[0].length;
    lx.advance();
    return ptrNode(pos, base, [...tags, ...wrappers], bits, v, sbits);
  }

  /** a %p address: a 64-bit value, one above 2^63 kept as its (wrapped) negative; exact below 2^53 */
  protected address(hex: string, pos: number): number {
    let v = BigInt("0x" + hex);
    if (v >= 1n << 64n) throw new ParseError(this.src, pos, "an address is 64 bits");
    if (v >= 1n << 63n) v -= 1n << 64n;
    const x = Number(v);
    if (!Number.isSafeInteger(x)) throw new ParseError(this.src, pos, "an address beyond 2^53 (cute-ts keeps addresses exact and refuses rather than round)");
    return x;
  }

  /** `(T*)` at the current '(': the type and the number of '*' (a C-style cast), or null */
  protected castAhead(): RegExpExecArray | null {
    // a tuple of the print notation opens with '_', a digit, '(' or '-': only a name can start a type
    let i = this.lx.start + 1;
    let c = this.src.charCodeAt(i);
    while (c === 32 || c === 9 || c === 10 || c === 13) c = this.src.charCodeAt(++i);
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === COLON)) return null;
    CAST.lastIndex = this.lx.start;
    return CAST.exec(this.src);
  }
  /** `(T*)x`: a cast binds as a unary operator does */
  protected cast(pos: number, m: RegExpExecArray): Node {
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
  protected namedCast(pos: number, name: string): Node {
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

  protected intTargs(n: number, what: string): number[] {
    if (!this.isPunct(LT)) this.fail(`expected '<' to open template arguments`);
    const targs = this.spelled(this.targs());
    if (targs.length !== n || targs.some((x) => typeof x !== "number")) {
      throw new ParseError(this.src, this.lx.start, `expected ${n} integers in ${what}`);
    }
    return targs as number[];
  }
}

export const UNSET = /^\(\s*unset\s*\)/;
export const ADDRESS = /\(\s*(?:0x([0-9a-fA-F]{1,16})|\(nil\))\s*\)/y;
export const SUBBYTE_ADDRESS = /\(\s*(?:0x([0-9a-fA-F]{1,16})|\(nil\))\.(\d{1,3})\s*\)/y;
export const TMEM_ADDRESS = /\(\s*0x([0-9a-fA-F]{4})\.([0-9a-fA-F]{4})\s*\)/y;
/** a C++ type as a cast names it: words (with :: and one level of template arguments), cv-qualifiers */
export const TYPE = String.raw`((?:(?:const|volatile)\s+)*(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*(?:\s*<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?(?:\s+(?:const|volatile|(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*))*)`;
export const STARS = String.raw`((?:\s*\*\s*(?:const\s*)?)+)`;
export const CAST = new RegExp(String.raw`\(\s*${TYPE}${STARS}\)`, "y");
export const NAMED_CAST = new RegExp(String.raw`<\s*${TYPE}${STARS}>`, "y");

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

