/** The expression grammar (see ast.ts for the rules): one recursive-descent parser over the lexer's tokens. */
import { ParseError, UnsupportedSyntax, quote } from "../../core/errors.js";
import { AstNode, NO_TARGS, castNode, type Node, type TArg, computed, done, fold, grouped, node, spellType } from "./ast.js";
import { AMP, AT, BANG, BAR, BINOP_START, CARET, COLON, COMMA, DOT, EOF, EQ, FLOAT, GT, INT, LBRACE, LBRACK, LPAREN, LT, Lexer, QMARK, STRING, MAKERS, MAX_DEPTH, MAX_INPUT, MINUS, MIXED, NAME, PERCENT, PLUS, PUNCT, PUNCTS, RBRACE, RBRACK, RPAREN, SEMI, SLASH, STAR, TILDE, UNARY, UNDER, UNDERSCORE, lexAll } from "./lexer.js";

export interface BinOp {
  prec: number;
  name: string;
  len: number;
}
export const op = (prec: number, name: string): BinOp => ({ prec, name, len: name.length });
export const MUL = op(10, "*"), DIV = op(10, "/"), MOD = op(10, "%"), ADD = op(9, "+"), SUB = op(9, "-");
export const SHL = op(8, "<<"), SHR = op(8, ">>"), LESS = op(7, "<"), LEQ = op(7, "<="), GTR = op(7, ">"), GEQ = op(7, ">=");
export const EQL = op(6, "=="), NEQ = op(6, "!="), BAND = op(5, "&"), BXOR = op(4, "^"), BOR = op(3, "|"), LAND = op(2, "&&"), LOR = op(1, "||");

export class Parser {
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
    if (this.programMode && this.isPunct(QMARK)) return this.conditional(first);
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

  /** `c ? a : b` (a program's), from the '?': an op node "?:" whose operands are evaluated lazily */
  private conditional(cond: Node): Node {
    const pos = this.lx.start;
    this.lx.advance();
    this.enter(pos);
    const a = this.composed();
    this.expectPunct(COLON, "in 'c ? a : b'");
    const b = this.composed();
    this.depth--;
    const n = node("op", pos);
    n.name = "?:";
    n.items = [grouped(cond), grouped(a), grouped(b)];
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
    // a program's data member compares: `props.major < 8`; `x.template f<0>()`-style arguments close before '('
    if (this.isPunct(LT) && (!this.programMode || this.targsThenParen())) {
      types = this.targs();
      targs = this.spelled(types);
    }
    if (!this.isPunct(LPAREN) && this.programMode) {
      const f = node("member", pos);
      f.name = name;
      f.targs = targs;
      f.types = types;
      f.shape = grouped(target);
      f.items = [];
      f.s = true;
      return done(f);
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

  /** from a '<': a balanced `<...>` followed by '(' */
  private targsThenParen(): boolean {
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
    if (lx.kind === STRING && this.programMode) {
      const n = node("string", pos);
      n.name = lx.text;
      lx.advance();
      return done(n);
    }
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
    if ((name === "reinterpret_cast" || name === "static_cast") && this.isPunct(LT)) {
      // static_cast<T>(x) of a value type (a program's): the functional cast T(x)
      if (this.programMode && name === "static_cast" && !/^<[^<>;]*\*\s*>/.test(this.src.slice(lx.start, lx.start + 200))) {
        const t = this.targs();
        if (t.length !== 1 || t[0]!.k !== "name") throw new ParseError(this.src, pos, "static_cast<T>(x) takes one type");
        if (!this.isPunct(LPAREN)) this.fail("expected '(' after static_cast<T>");
        const n = node("call", pos);
        n.name = (t[0] as Node & { k: "name" }).name;
        n.targs = NO_TARGS;
        n.types = (t[0] as Node & { k: "name" }).types;
        n.items = this.args();
        return done(n);
      }
      return this.namedCast(pos, name);
    }
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
    if (this.isPunct(LT) && !this.isVariable(name) && !(this.programMode && this.next() === LT)) {
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
    if (types !== null && !this.programMode) this.fail(`expected '{}' (a value of the type ${name}<...>), '(' (a call) or '::value'`);
    const n = node("name", pos);
    n.name = name;
    n.targs = targs;
    // a program's function template named with its arguments (gemm_device<...>): a name with types
    if (types !== null) {
      n.types = types;
      n.end = lx.start;
    }
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
    // decltype(e) as a template argument (a program's): the type of e's value
    if (this.programMode && lx.kind === NAME && lx.text === "decltype") {
      lx.advance();
      if (!this.isPunct(LPAREN)) this.fail("expected '(' after decltype");
      const gt = this.closesAtGt;
      const args = this.args();
      this.closesAtGt = gt;
      if (args.length !== 1) throw new ParseError(this.src, pos, "decltype(...) takes one expression");
      const n = node("call", pos);
      n.name = "decltype";
      n.targs = NO_TARGS;
      n.items = args;
      return done(n);
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
export const POINTER_NAME = /^((?:(?:gmem|smem|rmem)_)*)(ptr|subptr)$|^()(tmem_)$/;
export const UNSET = /^\(\s*unset\s*\)/;
export const ADDRESS = /\(\s*(?:0x([0-9a-fA-F]{1,16})|\(nil\))\s*\)/y;
export const SUBBYTE_ADDRESS = /\(\s*(?:0x([0-9a-fA-F]{1,16})|\(nil\))\.(\d{1,3})\s*\)/y;
export const TMEM_ADDRESS = /\(\s*0x([0-9a-fA-F]{4})\.([0-9a-fA-F]{4})\s*\)/y;
/** a C++ type as a cast names it: words (with :: and one level of template arguments), cv-qualifiers */
export const TYPE = String.raw`((?:(?:const|volatile)\s+)*(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*(?:\s*<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?(?:\s+(?:const|volatile|(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*))*)`;
export const STARS = String.raw`((?:\s*\*\s*(?:const\s*)?)+)`;
export const CAST = new RegExp(String.raw`\(\s*${TYPE}${STARS}\)`, "y");
export const NAMED_CAST = new RegExp(String.raw`<\s*${TYPE}${STARS}>`, "y");

export const DEVICE_VALUES = new Map([
  ["threadIdx", "thread index"],
  ["blockIdx", "block index"],
  ["blockDim", "block size"],
  ["gridDim", "grid size"],
  ["clusterIdx", "cluster index"],
]);

/** `(x)` is a rank-1 tuple in the print notation; as an operand or before an argument list it groups, as in C++ */
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

