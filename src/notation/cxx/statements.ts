/**
 * Blocks of statements pasted from a kernel: the statement grammar beside the expression grammar
 * (expressions.ts), sharing its lexer.
 */
import { ParseError, quote } from "../../core/errors.js";
import { NO_TARGS, type Node, intNode, nameNode, opNode } from "./ast.js";
import { AMP, COLON, COMMA, EOF, EQ, GT, LBRACE, LBRACK, LPAREN, LT, Lexer, MAX_INPUT, MINUS, NAME, PERCENT, PLUS, PUNCT, RBRACE, RBRACK, RPAREN, SEMI, SLASH, STAR, STRING, lexAll, CARET, BAR } from "./lexer.js";
import { Parser } from "./templates.js";
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
//              | name '[' expression? ']' ('='? '{' args '}')?      (program mode: an array in a function)

/** what a snippet's type is: `auto`, a type (a name node with its template arguments), or `decltype(e)` */
/** a declaration's type; `pointer`: a program's `T* p` (a pasted block refuses pointer declarations) */
export type TypeRef = { k: "auto"; pos: number } | { k: "type"; node: Node & { k: "name" }; pos: number; pointer?: true } | { k: "decltype"; e: Node; pos: number; member?: "value_type" };

export interface Declarator {
  name: string;
  pos: number;
  /** the names of a structured binding `auto [a, b] = e;` */
  bind: string[] | null;
  /** `= e`, `(args)`, `{args}`, or none (value-initialised); an array's `= {...}` is `{args}` */
  init: { k: "=" ; e: Node } | { k: "()" | "{}"; args: Node[]; pos: number } | null;
  /** a program's `T a[N]` (size: N) or `T a[] = {...}` (size null): an array in a function */
  array?: { size: Node | null; pos: number };
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
  | { k: "loop"; word: "for" | "while" | "do"; init: Stmt | null; cond: Node | null; step: Stmt | null; body: Stmt; pos: number }
  | { k: "jump"; what: "break" | "continue"; pos: number }
  /** a program's (cute-ts run, src/notation/cxx/program.ts): `return e;` */
  | { k: "return"; e: Node | null; pos: number }
  /** `kernel<<<grid, block, smem, stream>>>(args);` */
  | { k: "launch"; fn: Node; config: Node[]; args: Node[]; pos: number }
  /** `__shared__ T name[N];` and `extern __shared__ T name[];` (size null) */
  | { k: "shared"; type: TypeRef; name: string; size: Node | null; extern: boolean; align: number; pos: number }
  /** `x[i] = e;`, `x.f = e;`, `*p = e;` (op: a compound assignment's operator) */
  | { k: "store"; target: Node; e: Node; op: string | null; pos: number }
  /** `switch (e) { case c: ... default: ... }`: each label's constant (null: default) and where its statements begin */
  | { k: "switch"; e: Node; labels: { value: Node | null; at: number }[]; body: Stmt[]; pos: number }
  /** a statement the program's reader knows but that does nothing on the host (`asm volatile(...)`) */
  | { k: "nop"; what: string; pos: number };

/** a parsed argument: one expression, or a block of statements */
/** `computed`: a template argument is computed when the block runs (a texpr), so its names are resolved in the block's scope */
export type Program = { k: "expr"; e: Node } | { k: "block"; stmts: Stmt[]; computed: boolean };

/** CuTe's printers and printf: statements of a block */
export const PRINTER_NAMES = new Set(["print", "printf", "print_layout", "print_tensor", "print_latex", "print_svg"]);
export const ASSERTS = new Set(["static_assert", "CUTE_STATIC_ASSERT_V", "CUTE_STATIC_ASSERT", "assert"]);
/** words that begin a declaration whatever follows */
export const DECL_SPECS = new Set(["auto", "constexpr", "const", "static", "inline", "volatile", "decltype", "unsigned", "signed", "CUTE_HOST_DEVICE"]);
/** C++ constructs a block may not hold, by their first word: what each is */
export const REFUSED = new Map([
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

/** the control statements a block reads: if, for, while, do-while, break, continue */
export const CONTROL = new Set(["if", "for", "while", "do", "break", "continue"]);
/** the compound assignments `x op= e` a block reads, by the operator's character */
export const COMPOUND_OPS = new Map([
  [PLUS, "+"],
  [MINUS, "-"],
  [STAR, "*"],
  [SLASH, "/"],
  [PERCENT, "%"],
  [CARET, "^"],
  [BAR, "|"],
]);
/** how deep compound statements, ifs and loops may nest */
export const MAX_NESTING = 100;

export class StatementParser extends Parser {
  /** how deep the current statement is nested (compound statements, ifs, loops), and in how many loops */
  protected nesting = 0;
  protected loops = 0;
  /** the names the block declares as variables where the parser stands: how many declarations of each are in scope */
  protected readonly variables = new Map<string, number>();
  /** the names declared in each scope the parser is inside (compound statements, bodies, a for's init) */
  protected readonly scopes: string[][] = [];
  protected override isVariable(name: string): boolean {
    return this.variables.has(name);
  }
  /** the names the block declares outside any nested scope */
  protected readonly topNames: string[] = [];
  protected declareVariable(name: string, pos: number = this.lx.start): void {
    const scope = this.scopes[this.scopes.length - 1] ?? this.topNames;
    // C++ refuses a second declaration of a name in the same scope
    if (scope.includes(name)) throw new ParseError(this.src, pos, `redefinition of '${name}' (it is declared earlier in the same scope)`);
    this.variables.set(name, (this.variables.get(name) ?? 0) + 1);
    scope.push(name);
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
  protected resolveSingles(): void {
    if (this.singles && (this.lx.cxx || this.sawMaker)) for (const n of this.singles) n.s = true;
  }

  /** does the current token begin a statement that is not an expression? */
  protected startsStatement(): boolean {
    const lx = this.lx;
    if (lx.kind === PUNCT) return lx.punct === LBRACE || this.atIncrement();
    if (lx.kind !== NAME) return false;
    const t = lx.text;
    if (DECL_SPECS.has(t) || REFUSED.has(t) || CONTROL.has(t) || t === "using" || t === "typedef") return true;
    if ((PRINTER_NAMES.has(t) || ASSERTS.has(t)) && this.src.charCodeAt(this.skipSpace(lx.at)) === LPAREN) return true;
    return this.looksLikeDeclaration();
  }

  protected skipSpace(i: number): number {
    const src = this.src;
    while (i < src.length && (src.charCodeAt(i) === 32 || src.charCodeAt(i) === 9 || src.charCodeAt(i) === 10 || src.charCodeAt(i) === 13)) i++;
    return i;
  }

  /** `Type<...> name` followed by '=', ';', '(', '{', ',', '[' or the end: two names in a row (the composition `o` and a printed pointer `Sw<..>_smem_ptr[16b](..)` aside) */
  protected looksLikeDeclaration(): boolean {
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
    const declared = la.text;
    la.advance();
    if (kind() === EOF) return true;
    const c = punct();
    // `T a[N]`: an array's declaration (refused by name; a printed pointer `..._smem_ptr[16b]` is not one)
    return c === EQ || c === SEMI || c === LPAREN || c === LBRACE || c === COMMA || (c === LBRACK && !declared.endsWith("_ptr"));
  }

  /** one statement; null for an empty one (';', a preprocessor line) */
  protected statement(): Stmt | null {
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
      if (refused !== undefined) throw new ParseError(this.src, pos, `cute-ts does not read C++ ${refused} in a pasted block: it reads declarations (auto, Tensor, Layout, TiledMMA, TiledCopy, Copy_Atom, using, constexpr), print statements, expressions, { }, if, for, while and do-while; trim the paste to those`);
      if (CONTROL.has(t)) return this.control(pos, t);
      if (t === "using") return this.using(pos);
      if (t === "typedef") return this.typedef(pos);
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
  protected nested<T>(pos: number, read: () => T): T {
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
  protected body(): Stmt {
    const pos = this.lx.start;
    return this.nested(pos, () => this.statement() ?? { k: "compound", stmts: [], pos });
  }

  /** `{ statements }` (the lexer stands on '{') */
  protected compound(pos: number): Stmt {
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

  /** if, for, while, do-while, break, continue (the lexer stands on the keyword) */
  protected control(pos: number, word: string): Stmt {
    const lx = this.lx;
    lx.advance();
    if (word === "break" || word === "continue") {
      if (this.loops === 0) throw new ParseError(this.src, pos, `'${word}' statement not in loop statement`);
      this.endStatement();
      return { k: "jump", what: word, pos };
    }
    if (word === "do") return this.doWhile(pos);
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
  protected forLoop(pos: number): Stmt {
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
  /** `do body while (cond);` (the lexer stands after `do`): the body runs before the first test */
  private doWhile(pos: number): Stmt {
    const body = this.loopBody();
    if (!this.isName("while")) this.fail("expected 'while' after the body of 'do'");
    this.lx.advance();
    this.expectPunct(LPAREN, "after 'while'");
    const cond = this.composed();
    this.expectPunct(RPAREN, "closing the condition of 'do ... while'");
    this.endStatement();
    return { k: "loop", word: "do", init: null, cond, step: null, body, pos };
  }
  protected loopBody(): Stmt {
    this.loops++;
    const b = this.body();
    this.loops--;
    return b;
  }

  /** `++x` / `--x` at the current token ('+' or '-' twice, side by side) */
  protected atIncrement(): boolean {
    const c = this.lx.kind === PUNCT ? this.lx.punct : -1;
    return (c === PLUS || c === MINUS) && this.next() === c;
  }
  /** `x++`, `x--` or `x op= e` (the lexer stands on the name) */
  protected atUpdate(): boolean {
    const i = this.skipSpace(this.lx.at);
    const c = this.src.charCodeAt(i), c1 = this.src.charCodeAt(i + 1);
    if ((c === PLUS || c === MINUS) && c1 === c) return true;
    return COMPOUND_OPS.has(c) && c1 === EQ;
  }

  /**
   * a change of an integer variable, as an assignment: `x = e`, `x op= e` (x = x op e), `++x`,
   * `x++` (x = x + 1), `--x`, `x--`; ended by ';' when `ended`
   */
  protected step(ended: boolean): Stmt {
    const lx = this.lx;
    const pos = lx.start;
    let e: Node;
    let name: string;
    const op = (sign: string, at: number, right: Node): Node => opNode(at, sign, [nameNode(at, name, NO_TARGS, null, at + name.length), right]);
    const one = (at: number): Node => intNode(at, 1, false);
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
  protected isAssignment(): boolean {
    const i = this.skipSpace(this.lx.at);
    return this.src.charCodeAt(i) === EQ && this.src.charCodeAt(i + 1) !== EQ;
  }

  protected endStatement(): void {
    if (this.lx.kind === EOF) return;
    if (!this.isPunct(SEMI)) this.fail("expected ';' after the statement");
    this.lx.advance();
  }

  /** `using namespace cute;` (nothing to do) or `using X = type;` */
  protected using(pos: number): Stmt | null {
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

  /** `typedef type X;`: the alias `using X = type;` is */
  protected typedef(pos: number): Stmt {
    const lx = this.lx;
    lx.advance();
    const type = this.typeRef();
    if (type.k === "auto") throw new ParseError(this.src, type.pos, "expected a type after 'typedef' (auto is not a type to alias)");
    if (lx.kind !== NAME) this.fail("expected the alias's name after the type (typedef T X;)");
    const name = lx.text;
    lx.advance();
    this.endStatement();
    return { k: "using", name, type, pos };
  }

  /** a type: auto, Name<targs...>, or decltype(e); then const / & / && */
  protected typeRef(): TypeRef {
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
      t = { k: "type", node: n, pos };
    }
    for (;;) {
      if (this.isName("const") || this.isName("volatile")) lx.advance();
      else if (this.isPunct(AMP)) lx.advance();
      else if (this.isPunct(STAR) && this.programMode) {
        lx.advance();
        if (t.k === "type") t = { ...t, pointer: true };
      }
      else if (this.isPunct(STAR)) this.unsupported(lx.start, "pointer declarations (T* p)");
      else return t;
    }
  }

  /** `name(` starts a parameter list when `()` is followed by `{`, or the first argument is `Type name` */
  protected looksLikeFunction(): boolean {
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

  protected nextIsName(): boolean {
    const la = new Lexer(this.src);
    la.at = this.lx.at;
    la.advance();
    return la.kind === NAME;
  }

  /** declspecs, a type and its declarators */
  protected declaration(pos: number): Stmt {
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

  protected declarator(type: TypeRef): Declarator {
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
    if (this.isPunct(LBRACK)) {
      // a pasted block refuses arrays (its own evaluator holds no memory); a program reads them
      if (!this.programMode) this.unsupported(lx.start, "arrays (T a[N])");
      return this.arrayDeclarator(name, pos);
    }
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

  /** `a[N]`, `a[N] = {...}`, `a[N]{...}`, `a[] = {...}` (the lexer stands on '[') */
  private arrayDeclarator(name: string, pos: number): Declarator {
    const lx = this.lx;
    const at = lx.start;
    lx.advance();
    const size = this.isPunct(RBRACK) ? null : this.composed();
    this.expectPunct(RBRACK, "closing the array's size");
    if (this.isPunct(LBRACK)) this.unsupported(lx.start, "arrays of arrays (T a[M][N])");
    if (this.isPunct(EQ)) {
      lx.advance();
      if (lx.kind === STRING) this.unsupported(lx.start, "arrays initialised from a string literal (char s[] = \"...\")");
      if (!this.isPunct(LBRACE)) this.fail(`expected '{' (an array is initialised from a braced list: ${name}[] = {...})`);
    }
    let init: Declarator["init"] = null;
    if (this.isPunct(LBRACE)) {
      const p = lx.start;
      init = { k: "{}", args: this.args(RBRACE), pos: p };
    } else if (this.isPunct(LPAREN)) this.fail(`expected ';', '=' or '{' after ${name}[...] (an array is initialised from a braced list)`);
    if (size === null && init === null) throw new ParseError(this.src, at, `definition of variable with array type needs an explicit size or an initializer (${name}[N] or ${name}[] = {...})`);
    return { name, pos, bind: null, init, array: { size, pos: at } };
  }

  /** print(x); print("text"); printf("%d\n", n); print_layout(L); print_tensor(T); print_latex(x); print_svg(x); */
  protected printStatement(pos: number): Stmt {
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
  protected assertion(pos: number): Stmt {
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
