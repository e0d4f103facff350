/** The expression grammar (see ast.ts for the rules): one recursive-descent parser over the lexer's tokens. */
import { ParseError, UnsupportedSyntax, quote } from "../../core/errors.js";
import { NO_TARGS, type Node, type TArg, type TupleNode, applyNode, basisNode, callNode, composedNode, floatNode, grouped, initNode, intNode, layoutNode, memberNode, mixedNode, nameNode, opNode, stringNode, swizzleNode, tupleNode, underNode } from "./ast.js";
import { AMP, AT, BANG, BAR, BINOP_START, CARET, COLON, COMMA, DOT, EOF, EQ, FLOAT, GT, INT, LBRACE, LBRACK, LPAREN, LT, Lexer, QMARK, STRING, MAKERS, MAX_DEPTH, MINUS, MIXED, NAME, PERCENT, PLUS, PUNCT, PUNCTS, RBRACE, RBRACK, RPAREN, SEMI, SLASH, STAR, TILDE, UNARY, UNDER, UNDERSCORE } from "./lexer.js";

export interface BinOp {
  prec: number;
  name: string;
  len: number;
}
export const op = (prec: number, name: string): BinOp => ({ prec, name, len: name.length });
export const MUL = op(10, "*"), DIV = op(10, "/"), MOD = op(10, "%"), ADD = op(9, "+"), SUB = op(9, "-");
export const SHL = op(8, "<<"), SHR = op(8, ">>"), LESS = op(7, "<"), LEQ = op(7, "<="), GTR = op(7, ">"), GEQ = op(7, ">=");
export const EQL = op(6, "=="), NEQ = op(6, "!="), BAND = op(5, "&"), BXOR = op(4, "^"), BOR = op(3, "|"), LAND = op(2, "&&"), LOR = op(1, "||");

export abstract class ExprParser {
  protected depth = 0;
  /** a call of make_tuple, make_shape, ... was read */
  protected sawMaker = false;
  /** a template argument computed when the expression runs (texpr) was read */
  protected computedTargs = false;
  /** where the last template argument list read ends (after its '>') */
  protected targsEnd = 0;
  /**
   * `(x)` read before it was known whether the expression is C++: in C++ they group, in the
   * print notation they are rank-1 tuples, as CuTe prints one (`(-1)` is a tuple in `(4):(-1)`,
   * a number in C++). A C++ construct anywhere (see Lexer.cxx, and a make_tuple/make_shape/...
   * call) makes the expression C++.
   */
  protected singles: TupleNode[] | undefined = undefined;
  /** inside template arguments and outside parentheses: '>' closes the list rather than compares */
  protected closesAtGt = false;
  protected readonly lx: Lexer;
  /**
   * reading a whole program (`cute-ts run`): data members (`props.major`), `?:`, string literals
   * as operands, `<<` after any name, `static_cast<T>(x)`, `decltype(e)` as a template argument,
   * no print-notation `:`
   */
  protected programMode = false;
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
  protected enter(pos: number): void {
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
    if (this.programMode && this.isPunct(QMARK)) return this.conditional(first);
    if (this.lx.kind !== NAME || this.lx.text !== "o") return first;
    const parts = [first];
    while (this.isName("o")) {
      this.lx.advance();
      parts.push(this.binary(0));
    }
    return composedNode(first.pos, parts);
  }

  /** `c ? a : b` (a program's), from the '?': an op node "?:" whose operands are evaluated lazily */
  protected conditional(cond: Node): Node {
    const pos = this.lx.start;
    this.lx.advance();
    this.enter(pos);
    const a = this.composed();
    this.expectPunct(COLON, "in 'c ? a : b'");
    const b = this.composed();
    this.depth--;
    return opNode(pos, "?:", [grouped(cond), grouped(a), grouped(b)]);
  }

  /** the binary operator at the current token, if any */
  protected binop(): BinOp | null {
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
  protected sizeofType(): boolean {
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
  protected binaryRest(first: Node, min: number, constants: boolean): Node {
    const lx = this.lx;
    let left = first;
    // each operator of a chain nests the value one level deeper (a+a+a is ((a+a)+a)), as a '(' does:
    // the levels stay counted until the chain ends, so a long chain is refused where it passes the bound
    let chain = 0;
    for (;;) {
      if (lx.kind !== PUNCT || BINOP_START[lx.punct] !== 1) break;
      const o = this.binop();
      if (o === null || o.prec <= min) break;
      const pos = lx.start;
      for (let i = 0; i < o.len; i++) lx.advance();
      if (o === MUL && this.isPunct(RPAREN)) this.unsupported(pos, "pointer types other than casts (T*)x");
      if (++this.depth > MAX_DEPTH) throw new ParseError(this.src, pos, `nesting deeper than ${MAX_DEPTH} levels (operators chained one after another count as nesting)`);
      chain++;
      const right = this.binary(o.prec, constants);
      left = opNode(pos, o.name, [grouped(left), grouped(right)]);
    }
    this.depth -= chain;
    return left;
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
        return opNode(pos, "u" + String.fromCharCode(c), [grouped(a)]);
      }
    }
    return this.applied(lx.start, false);
  }

  applied(pos0: number, negative: boolean): Node {
    let e = this.atom(pos0, negative);
    if (this.isPunct(COLON) && !this.programMode) e = this.layout(e);
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
      let args: Node[];
      if (subscript) {
        // t[c]: Tensor::operator[], one coordinate
        this.lx.advance();
        this.enter(pos);
        args = [this.composed()];
        this.depth--;
        this.expectPunct(RBRACK, "closing '[...]'");
      } else args = this.args();
      // a tuple cannot be applied: `(f(x))(3)` is C++ grouping
      e = applyNode(pos, grouped(e), args, subscript);
    }
  }

  /** `.name<targs>(args)` after a value, from the '.': a member function call */
  protected member(target: Node): Node {
    const lx = this.lx;
    const dot = lx.start;
    lx.advance();
    if (this.isName("template")) lx.advance(); // x.template f<0>()
    if (lx.kind !== NAME) this.fail("expected a member function's name after '.'");
    const pos = lx.start, name = lx.text;
    lx.advance();
    let targs = NO_TARGS, types: Node[] | null = null;
    // a program's data member compares: `props.major < 8`; `x.template f<0>()`-style arguments close before '('
    if (this.isPunct(LT) && (!this.programMode || this.targsThenParen())) {
      types = this.targs();
      targs = this.spelled(types);
    }
    if (!this.isPunct(LPAREN) && this.programMode) {
      return memberNode(pos, grouped(target), name, targs, types, [], true);
    }
    if (!this.isPunct(LPAREN)) {
      if (target.k === "name" && DEVICE_VALUES.has(target.name)) {
        throw new ParseError(this.src, target.pos, `${target.name}.${name} is the CUDA ${DEVICE_VALUES.get(target.name)!}, a device value: cute-ts evaluates host code, so write the index itself (e.g. 37)`);
      }
      throw new ParseError(this.src, dot, `expected '(' after .${name}: cute-ts reads member function calls (x.${name}(...)), not data members`);
    }
    return memberNode(pos, grouped(target), name, targs, types, this.args());
  }

  /** from a '<': a balanced `<...>` followed by '(' */
  protected targsThenParen(): boolean {
    const src = this.src;
    let depth = 0;
    for (let i = this.lx.start; i < src.length && i < this.lx.start + 2000; i++) {
      const c = src.charCodeAt(i);
      if (c === LT) depth++;
      else if (c === GT && --depth === 0) {
        let j = i + 1;
        while (src.charCodeAt(j) === 32 || src.charCodeAt(j) === 10 || src.charCodeAt(j) === 9) j++;
        return src.charCodeAt(j) === LPAREN;
      } else if (c === SEMI || c === LBRACE || c === RPAREN) return false;
    }
    return false;
  }

  /** `shape ':' stride`, from the ':' */
  layout(shape: Node): Node {
    this.lx.advance();
    const pos = this.lx.start;
    // a negative stride literal: 8:-1
    const negative = this.isPunct(MINUS);
    if (negative) this.lx.advance();
    return layoutNode(shape.pos, shape, this.atom(pos, negative));
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
        return basisNode(pos, v, s, modes.reverse());
      }
      // _8{} and _8(): the value of the type _8
      if (s && (lx.kind as number) === PUNCT && !negative) {
        if (lx.punct === LBRACE) return this.init(pos, "_" + v, NO_TARGS, null);
        if (lx.punct === LPAREN && this.closesNext()) {
          return initNode(pos, "_" + v, NO_TARGS, null, this.args());
        }
      }
      return intNode(pos, v, s);
    }
    if (lx.kind === FLOAT) {
      const n = floatNode(pos, negative ? -lx.fnum : lx.fnum, lx.fsingle);
      lx.advance();
      return n;
    }
    if (negative) this.fail("expected an integer after '-'");
    if (lx.kind === UNDER) {
      lx.advance();
      return underNode(pos);
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
      const n = tupleNode(pos, items);
      if (items.length === 1) (this.singles ??= []).push(n);
      return n;
    }
    if (lx.kind === NAME) return this.named(pos);
    if (lx.kind === STRING && this.programMode) {
      const n = stringNode(pos, lx.text);
      lx.advance();
      return n;
    }
    if (lx.kind === PUNCT && lx.punct === LBRACE) return this.init(pos, "", NO_TARGS, null);
    if (lx.kind === PUNCT && lx.punct === LBRACK) return this.lambda(pos);
    this.fail("expected an integer, '_', '(', or a name");
  }

  /** a C++ lambda: read in a whole program only (ProgramParser) */
  protected lambda(pos: number): Node {
    this.unsupported(pos, "lambdas ([&]{ ... }()) outside a program (cute-ts run)");
  }

  /** CuTe's printed MixedBits `M_s|(d&f)=v`, checked as make_mixed_bits would have built it */
  protected mixed(pos: number): Node {
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
    return mixedNode(pos, sbits, dbits, mask);
  }

  /** a name: `Sw<B,M,S>`, `smem_ptr[16b](unset)`, a call `f<targs>(args)`, a value `T<targs>{args}`, or a bare name */
  protected named(pos: number): Node {
    const lx = this.lx;
    const name = lx.text;
    lx.advance();
    if (name.charCodeAt(0) === 109 && MAKERS.has(name)) this.sawMaker = true;
    if (name === "Sw" || name === "Swizzle") {
      const [b, m, s] = this.intTargs(3, `${name}<B,M,S>`) as [number, number, number];
      if (this.isPunct(LBRACE)) this.emptyBraces(`${name}<B,M,S>{}`);
      const n = swizzleNode(pos, b, m, s);
      // Sw<3,4,3>_smem_ptr[16b](0x1000): a swizzle_ptr as CuTe prints it
      if (lx.kind === NAME && lx.text.charCodeAt(0) === UNDERSCORE) return this.pointerLiteral(pos, lx.text.slice(1), [`Sw<${b},${m},${s}>`], true);
      return n;
    }
    if (this.isPunct(LBRACK) && POINTER_NAME.test(name)) return this.pointerLiteral(pos, name, [], false);
    if ((name === "reinterpret_cast" || name === "static_cast") && this.isPunct(LT)) {
      // static_cast<T>(x) of a value type (a program's): the functional cast T(x)
      if (this.programMode && name === "static_cast" && !/^<[^<>;]*\*\s*>/.test(this.src.slice(lx.start, lx.start + 200))) {
        const t = this.targs();
        if (t.length !== 1 || t[0]!.k !== "name") throw new ParseError(this.src, pos, "static_cast<T>(x) takes one type");
        if (!this.isPunct(LPAREN)) this.fail("expected '(' after static_cast<T>");
        const type = t[0]!;
        if (type.k !== "name") throw new ParseError(this.src, pos, "static_cast<T>(x) takes one type");
        return callNode(pos, type.name, NO_TARGS, type.types, this.args());
      }
      return this.namedCast(pos, name);
    }
    // `typename decltype(x)::AtomThrID{}`: typename only says a type follows
    if (name === "typename" && lx.kind === NAME && lx.text === "decltype") return this.named(lx.start);
    // a program's `typename T::Member{}`: typename only says a type follows
    if (name === "typename" && lx.kind === NAME && this.programMode) return this.named(lx.start);
    // decltype(x)::T{} (a member type of x's type, read as x's member T) and decltype(x)::value
    if (name === "decltype" && this.isPunct(LPAREN)) {
      const args = this.args();
      if (args.length !== 1) throw new ParseError(this.src, pos, "decltype(...) takes one expression");
      if (!(lx.kind === NAME && this.src.charCodeAt(lx.start) === COLON)) throw new ParseError(this.src, pos, "decltype(x) names a type: write decltype(x)::T{} for a member type, or declare the value (auto y = x;)");
      const member = lx.text;
      lx.advance();
      if (member === "value") return opNode(pos, "::value", args);
      if (this.isPunct(LBRACE)) this.emptyBraces(`decltype(...)::${member}{}`);
      else this.fail(`expected '{}' (a value of the type decltype(...)::${member})`);
      return memberNode(pos, args[0]!, member, NO_TARGS, null, []);
    }
    if (name === "sizeof" && this.isPunct(LPAREN) && this.sizeofType()) {
      // sizeof(T) of a type: a call with T as its template argument and no arguments
      lx.advance(); // '('
      const t = this.targ();
      this.expectPunct(RPAREN, "closing sizeof(...)");
      return callNode(pos, name, this.spelled([t]), [t], []);
    }
    if (name === "auto" || name === "using" || name === "return") throw new ParseError(this.src, pos, `a statement (${name} ...) cannot stand inside an expression: write statements one after another, each ending in ';'`);
    let targs = NO_TARGS, types: Node[] | null = null;
    // after a variable's name '<' compares (i < n); after any other name it opens template arguments
    if (this.isPunct(LT) && !this.isVariable(name) && !(this.programMode && this.next() === LT)) {
      types = this.targs();
      targs = this.spelled(types);
    }
    if (this.isPunct(LBRACE)) return this.init(pos, name, targs, types);
    if (this.isPunct(LPAREN)) {
      return callNode(pos, name, targs, types, this.args());
    }
    // T<...>::value: the constant of an integral_constant type (is_static<L>::value), a plain integer
    if (types !== null && lx.kind === NAME && lx.text === "value" && this.src.charCodeAt(lx.start) === COLON) {
      lx.advance();
      return opNode(pos, "::value", [initNode(pos, name, targs, types, [])]);
    }
    if (types !== null && !this.programMode) this.fail(`expected '{}' (a value of the type ${name}<...>), '(' (a call) or '::value'`);
    // a program's function template named with its arguments (gemm_device<...>): a name with types
    return nameNode(pos, name, targs, types, types !== null ? lx.start : 0);
  }

  /** is the next token ')' (the current one being '(')? */
  protected closesNext(): boolean {
    const src = this.src;
    let j = this.lx.at;
    let c = src.charCodeAt(j);
    while (c === 32 || c === 9 || c === 10 || c === 13) c = src.charCodeAt(++j);
    return c === RPAREN;
  }

  /** `T<targs>{args}` from its '{' */
  protected init(pos: number, name: string, targs: TArg[], types: Node[] | null): Node {
    return initNode(pos, name, targs, types, this.args(RBRACE));
  }
  protected emptyBraces(what: string): void {
    this.lx.advance();
    this.expectPunct(RBRACE, `closing ${what}`);
  }
  protected unsupported(pos: number, what: string): never {
    throw new UnsupportedSyntax(this.src, pos, what);
  }

  /** template arguments as the registry reads them: integers, and types as C++ spells them */

  // the template arguments, pointers and casts (./templates.ts)
  protected abstract spelled(types: Node[]): TArg[];
  protected abstract targs(): Node[];
  protected abstract targ(): Node;
  protected abstract constant(): Node;
  protected abstract pointerLiteral(pos: number, first: string, tags: TArg[], afterSwizzle: boolean): Node;
  protected abstract castAhead(): RegExpExecArray | null;
  protected abstract cast(pos: number, m: RegExpExecArray): Node;
  protected abstract namedCast(pos: number, name: string): Node;
  protected abstract intTargs(n: number, what: string): number[];
}


/** a pointer's printed name: wrappers, then `ptr`, `subptr`, or `tmem_` */
export const POINTER_NAME = /^((?:(?:gmem|smem|rmem)_)*)(ptr|subptr)$|^()(tmem_)$/;

export const DEVICE_VALUES = new Map([
  ["threadIdx", "thread index"],
  ["blockIdx", "block index"],
  ["blockDim", "block size"],
  ["gridDim", "grid size"],
  ["clusterIdx", "cluster index"],
]);

/** `(x)` is a rank-1 tuple in the print notation; as an operand or before an argument list it groups, as in C++ */
