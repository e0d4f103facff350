/**
 * A whole C++ translation unit, after the preprocessor (`cute-ts run`): its top-level
 * declarations (function and function templates, struct templates, namespaces, aliases,
 * global constants) read by `parseUnit`, each function's body read when it is first called
 * (`parseBody`), by the statement grammar with a program's additions: return, switch, kernel
 * launches `<<<...>>>`, `__shared__` arrays, stores `x[i] = e`, attributes `[[...]]`, pointer
 * declarations, `alignas`.
 */
import { ParseError } from "../../core/errors.js";
import { type Node, intNode, lambdaNode } from "./ast.js";
import { COLON, COMMA, EOF, EQ, GT, LBRACE, LBRACK, LPAREN, LT, Lexer, MINUS, NAME, PERCENT, PLUS, PUNCT, RBRACE, RBRACK, RPAREN, SEMI, SLASH, STAR, AMP, CARET, BAR } from "./lexer.js";
import { StatementParser, type Stmt, type TypeRef } from "./statements.js";

/** one parameter of a function: its type as written (white space collapsed), its name, its default */
export interface Param {
  type: string;
  name: string;
  default: Node | null;
  pos: number;
}
/** a template parameter: `class T` / `typename T` (a type) or `int N` (a value), its default */
export interface TemplateParam {
  name: string;
  type: boolean;
  default: string | null;
}
export interface FunctionDecl {
  name: string;
  tparams: TemplateParam[] | null;
  params: Param[];
  /** where the body's '{' is */
  body: number;
  kernel: boolean;
  pos: number;
}
export interface StructDecl {
  name: string;
  tparams: TemplateParam[] | null;
  /** data members in order: type as written, name, alignas; a member of a struct or union defined in place (`union { ... } tensors;`) has it as `inline` */
  members: { type: string; name: string; align: number; pos: number; size: string | null; inline?: StructDecl }[];
  /** a union: every member at offset 0 */
  union?: boolean;
  /** member functions defined in the struct (called on an object, `storage.tensor_sA()`, or static, `S::f()`) */
  methods: FunctionDecl[];
  /** static constexpr data members: name and initializer's text */
  statics: { name: string; init: string }[];
  align: number;
  pos: number;
}
export interface Unit {
  src: string;
  functions: FunctionDecl[];
  structs: StructDecl[];
  /** global declarations and aliases, run before main */
  globals: Stmt[];
}

/** words that start a statement, never a function's definition */
const CONTROL_WORDS = new Set(["if", "else", "for", "while", "do", "switch", "return", "case", "default", "break", "continue", "goto", "using", "typedef", "static_assert", "new", "delete", "throw"]);
const SKIP_WORDS = new Set(["static", "inline", "constexpr", "extern", "__global__", "__device__", "__host__", "__forceinline__", "CUTE_HOST_DEVICE", "CUTE_DEVICE", "virtual", "explicit", "friend"]);
const COMPOUND = new Map([[PLUS, "+"], [MINUS, "-"], [STAR, "*"], [SLASH, "/"], [PERCENT, "%"], [AMP, "&"], [BAR, "|"], [CARET, "^"]]);

export class ProgramParser extends StatementParser {
  constructor(src: string) {
    super(src);
    this.programMode = true;
  }

  // ------------------------------------------------------------ top level

  unit(): Unit {
    const lx = this.lx;
    const u: Unit = { src: this.src, functions: [], structs: [], globals: [] };
    let tparams: TemplateParam[] | null = null;
    let depth = 0;
    while (lx.kind !== EOF) {
      const pos = lx.start;
      if (this.isPunct(SEMI)) {
        lx.advance();
        continue;
      }
      if (this.isPunct(RBRACE) && depth > 0) {
        depth--;
        lx.advance();
        continue;
      }
      this.skipAttributes();
      if (lx.kind !== NAME) this.fail("expected a declaration");
      const t = lx.text;
      if (t === "template") {
        lx.advance();
        tparams = this.templateParams();
        continue;
      }
      if (t === "namespace") {
        lx.advance();
        while (lx.kind === NAME) lx.advance();
        this.expectPunct(LBRACE, "opening the namespace");
        depth++;
        continue;
      }
      if (t === "using" || t === "typedef" || (t === "constexpr" && tparams === null) || (t === "static" && this.peekWord() === "constexpr")) {
        const st = t === "using" || t === "typedef" ? this.statement() : this.declaration(pos);
        if (st !== null) u.globals.push(st);
        continue;
      }
      if ((t === "struct" || t === "class") && this.structAhead()) {
        u.structs.push(this.structDecl(tparams));
        tparams = null;
        continue;
      }
      u.functions.push(this.functionDecl(tparams, pos));
      tparams = null;
    }
    return u;
  }

  /**
   * A pasted block read as a program: its definitions (function templates, functions, structs)
   * into the unit, its other statements as the body of the main() it stands for.
   */
  pasted(): { unit: Unit; body: Stmt[] } {
    const lx = this.lx;
    const u: Unit = { src: this.src, functions: [], structs: [], globals: [] };
    const body: Stmt[] = [];
    this.scopes.push([]);
    while (lx.kind !== EOF) {
      const pos = lx.start;
      if (this.isPunct(SEMI)) {
        lx.advance();
        continue;
      }
      if (this.isName("template")) {
        lx.advance();
        const tparams = this.templateParams();
        if ((this.isName("struct") || this.isName("class")) && this.structAhead()) u.structs.push(this.structDecl(tparams));
        else u.functions.push(this.functionDecl(tparams, pos));
        continue;
      }
      if ((this.isName("struct") || this.isName("class")) && this.structAhead()) {
        u.structs.push(this.structDecl(null));
        continue;
      }
      if (this.functionAhead()) {
        u.functions.push(this.functionDecl(null, pos));
        continue;
      }
      const st = this.statement();
      if (st !== null) body.push(st);
    }
    this.scopes.pop();
    return { unit: u, body };
  }

  /** a function's definition starts here: `T name(...) {` (a return type, its name, the parameters, the body) */
  private functionAhead(): boolean {
    const la = new Lexer(this.src);
    la.at = this.lx.start;
    la.advance();
    const punct = (c: number) => la.kind === PUNCT && la.punct === c;
    let names = 0;
    for (;;) {
      if (la.kind === NAME) {
        if (CONTROL_WORDS.has(la.text)) return false;
        names++;
        la.advance();
      } else if (punct(LT)) {
        let depth = 0;
        do {
          if (punct(LT)) depth++;
          else if (punct(GT)) depth--;
          else if (la.kind === EOF || punct(SEMI) || punct(LBRACE)) return false;
          la.advance();
        } while (depth > 0);
      } else if (punct(STAR) || punct(AMP)) la.advance();
      else break;
    }
    if (names < 2 || !punct(LPAREN)) return false;
    let depth = 0;
    do {
      if (punct(LPAREN)) depth++;
      else if (punct(RPAREN)) depth--;
      else if (la.kind === EOF) return false;
      la.advance();
    } while (depth > 0);
    while (la.kind === NAME) la.advance(); // const, noexcept
    return punct(LBRACE);
  }

  private peekWord(): string {
    const la = new Lexer(this.src);
    la.at = this.lx.at;
    la.advance();
    return la.kind === NAME ? la.text : "";
  }

  /** `[[...]]` attributes and `alignas(N)`: skipped; the alignment returned */
  protected skipAttributes(): number {
    const lx = this.lx;
    let align = 0;
    for (;;) {
      if (this.isPunct(LBRACK) && this.src.charCodeAt(lx.start + 1) === LBRACK) {
        const end = this.src.indexOf("]]", lx.start);
        if (end < 0) this.fail("expected ']]' closing the attribute");
        lx.at = end + 2;
        lx.advance();
        continue;
      }
      if (this.isName("alignas")) {
        lx.advance();
        const args = this.args();
        align = args[0]?.k === "int" ? args[0].v : 16;
        continue;
      }
      return align;
    }
  }

  /** `< class T, int N = 3, ... >` from the '<' */
  private templateParams(): TemplateParam[] {
    const lx = this.lx;
    this.expectPunct(LT, "after 'template'");
    const out: TemplateParam[] = [];
    while (!this.isPunct(GT)) {
      let type = false;
      const words: string[] = [];
      while (lx.kind === NAME) {
        words.push(lx.text);
        lx.advance();
      }
      if (words.length === 0) this.fail("expected a template parameter");
      type = words[0] === "class" || words[0] === "typename";
      const name = words[words.length - 1]!;
      let def: string | null = null;
      if (this.isPunct(EQ)) {
        lx.advance();
        const from = lx.start;
        this.skipUntil([COMMA, GT]);
        def = this.src.slice(from, lx.start).trim();
      }
      out.push({ name, type, default: def });
      if (this.isPunct(COMMA)) lx.advance();
    }
    lx.advance();
    return out;
  }

  /** skips balanced tokens until one of `stops` at depth 0 */
  private skipUntil(stops: number[]): void {
    const lx = this.lx;
    let depth = 0;
    while (lx.kind !== EOF) {
      if (lx.kind === PUNCT) {
        const c = lx.punct;
        if (depth === 0 && stops.includes(c)) return;
        if (c === LPAREN || c === LBRACE || c === LBRACK || c === LT) depth++;
        else if (c === RPAREN || c === RBRACE || c === RBRACK || c === GT) depth--;
      }
      lx.advance();
    }
  }

  private structAhead(): boolean {
    const la = new Lexer(this.src);
    la.at = this.lx.at;
    la.advance();
    while (la.kind === NAME) la.advance();
    return la.kind === PUNCT && (la.punct === LBRACE || la.punct === COLON);
  }

  private structDecl(tparams: TemplateParam[] | null): StructDecl {
    const lx: Lexer = this.lx;
    const pos = lx.start;
    lx.advance();
    const align = this.skipAttributes();
    if (lx.kind !== NAME) this.fail("expected the struct's name");
    const name = lx.text;
    lx.advance();
    if (this.isPunct(COLON)) this.unsupported(lx.start, "base classes");
    return this.structBody(name, tparams, align, pos, false);
  }

  /** a struct's (or union's) body from its '{' to past its '}' */
  private structBody(name: string, tparams: TemplateParam[] | null, align: number, pos: number, union: boolean): StructDecl {
    const lx: Lexer = this.lx;
    this.expectPunct(LBRACE, "opening the struct");
    const members: StructDecl["members"] = [];
    const methods: FunctionDecl[] = [];
    const statics: StructDecl["statics"] = [];
    while (!this.isPunct(RBRACE)) {
      if ((lx.kind as number) === EOF) this.fail("expected '}' closing the struct");
      const mpos = lx.start;
      const a = this.skipAttributes();
      if ((this.isName("struct") || this.isName("union")) && this.inlineAhead()) {
        // `union { ... } name;`: a member whose type is defined in place
        const isUnion = lx.text === "union";
        lx.advance();
        const inner = this.skipAttributes();
        const decl = this.structBody("", null, inner, mpos, isUnion);
        if ((lx.kind as number) !== NAME) this.unsupported(lx.start, "anonymous structs and unions (name the member)");
        members.push({ type: "", name: lx.text, align: Math.max(a, inner), pos: mpos, size: null, inline: decl });
        lx.advance();
        this.expectPunct(SEMI, "after the member");
        continue;
      }
      const from = lx.start;
      // a member: type words and template arguments, then its name and ';' (a member function is skipped)
      let last = "", lastPos = from, fn = false;
      let depth = 0;
      let size: string | null = null;
      while ((lx.kind as number) !== EOF && !(depth === 0 && this.isPunct(SEMI))) {
        if (depth === 0 && this.isPunct(LBRACK)) {
          // an array member T name[N]: N's text
          const open = lx.start;
          this.skipUntil([SEMI]);
          const close = this.src.lastIndexOf("]", lx.start);
          size = this.src.slice(open + 1, close).trim();
          break;
        }
        if ((lx.kind as number) === PUNCT && (lx.punct === LT || lx.punct === LPAREN)) {
          if (lx.punct === LPAREN && depth === 0) fn = true;
          depth++;
        } else if ((lx.kind as number) === PUNCT && (lx.punct === GT || lx.punct === RPAREN)) depth--;
        else if (depth === 0 && this.isPunct(LBRACE)) {
          this.skipBraces();
          fn = true;
          break;
        }
        if (depth === 0 && (lx.kind as number) === NAME) {
          last = lx.text;
          lastPos = lx.start;
        }
        lx.advance();
      }
      const end = lx.start;
      if (this.isPunct(SEMI)) lx.advance();
      if (fn) {
        const method = this.methodAt(from, name);
        if (method !== undefined) methods.push(method);
      }
      if (fn || last === "") continue;
      const type = this.src.slice(from, lastPos).replace(/\s+/g, " ").trim();
      // static constexpr T name = e; a constant of the struct (its text, read where the struct's template arguments are known)
      const constant = /^static\s+(?:(?:constexpr|const|inline)\s+)+[\w:<>, ]+?\s+(\w+)\s*=\s*([^]+)$/.exec(this.src.slice(from, end).replace(/\s+/g, " ").trim());
      if (constant !== null) statics.push({ name: constant[1]!, init: constant[2]! });
      if (type === "" || /^(?:using|static|typedef)\b/.test(type)) continue;
      members.push({ type, name: last, align: a, pos: mpos, size });
    }
    lx.advance();
    return { name, tparams, members, methods, statics, align, pos, union };
  }

  /** `struct {` / `union alignas(N) {` where the lexer stands: a type defined in place */
  private inlineAhead(): boolean {
    const la: Lexer = new Lexer(this.src);
    la.at = this.lx.at;
    la.advance();
    if ((la.kind as number) === NAME && la.text === "alignas") {
      la.advance();
      let depth = 0;
      do {
        if ((la.kind as number) === PUNCT && la.punct === LPAREN) depth++;
        else if ((la.kind as number) === PUNCT && la.punct === RPAREN) depth--;
        la.advance();
      } while (depth > 0 && (la.kind as number) !== EOF);
    }
    return (la.kind as number) === PUNCT && la.punct === LBRACE;
  }

  /** a member function defined at `from` in struct `owner`; constructors, operators and declarations without a body are not read */
  private methodAt(from: number, owner: string): FunctionDecl | undefined {
    const lx = this.lx;
    const end = lx.start;
    let f: FunctionDecl | undefined;
    try {
      lx.at = from;
      lx.advance();
      f = this.functionDecl(null, from);
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
    }
    lx.at = end;
    lx.advance();
    return f !== undefined && f.body >= 0 && f.name !== owner && f.name !== "operator" ? f : undefined;
  }

  /** from a '{', past its matching '}' */
  protected skipBraces(): void {
    const lx = this.lx;
    const open = lx.start;
    let depth = 0;
    do {
      if (lx.kind === EOF) throw new ParseError(this.src, open, "this '{' is never closed: expected '}'");
      if (this.isPunct(LBRACE)) depth++;
      else if (this.isPunct(RBRACE)) depth--;
      lx.advance();
    } while (depth > 0);
  }

  private functionDecl(tparams: TemplateParam[] | null, pos: number): FunctionDecl {
    const lx = this.lx;
    let kernel = false;
    let name = "";
    let namePos = pos;
    // the return type and specifiers, to the name before '('
    while (!this.isPunct(LPAREN)) {
      if ((lx.kind as number) === EOF) this.fail("expected a declaration");
      if ((lx.kind as number) === NAME) {
        if (lx.text === "__global__") kernel = true;
        if (!SKIP_WORDS.has(lx.text)) {
          name = lx.text;
          namePos = lx.start;
        }
        lx.advance();
      } else if (this.isPunct(LT)) {
        lx.advance();
        this.skipUntil([GT]);
        lx.advance();
      } else if (this.isPunct(LBRACK) && this.src.charCodeAt(lx.start + 1) === LBRACK) this.skipAttributes();
      // `int g[3];` at file scope: only constexpr ones are read (a '[' that opens no attribute must not stop the reader)
      else if (this.isPunct(LBRACK)) this.unsupported(lx.start, "arrays at file scope other than constexpr ones (declare it in a function, or constexpr)");
      else if (this.isPunct(STAR) || this.isPunct(AMP)) lx.advance();
      else this.fail("expected a function's name and '('");
    }
    const params = this.paramList();
    while (lx.kind === NAME) lx.advance(); // const, noexcept, ...
    if (this.isPunct(SEMI)) {
      lx.advance();
      return { name, tparams, params, body: -1, kernel, pos: namePos };
    }
    if (!this.isPunct(LBRACE)) this.fail(`expected '{' opening the body of ${name}`);
    const body = lx.start;
    this.skipBraces();
    return { name, tparams, params, body, kernel, pos: namePos };
  }

  /** a parameter list `(T a, U const& b = d)` (the lexer stands on '('), to past its ')'  */
  protected paramList(): Param[] {
    const lx = this.lx;
    const params: Param[] = [];
    lx.advance();
    while (!this.isPunct(RPAREN)) {
      const from = lx.start;
      let last = "", lastPos = from, depth = 0;
      let def: Node | null = null;
      while (lx.kind !== EOF && !(depth === 0 && (this.isPunct(COMMA) || this.isPunct(RPAREN)))) {
        if (depth === 0 && this.isPunct(EQ)) {
          lx.advance();
          def = this.binary(0);
          break;
        }
        if (this.isPunct(LT) || this.isPunct(LPAREN)) depth++;
        else if (this.isPunct(GT) || this.isPunct(RPAREN)) depth--;
        else if (depth === 0 && lx.kind === NAME) {
          last = lx.text;
          lastPos = lx.start;
        }
        lx.advance();
      }
      const text = this.src.slice(from, def !== null ? lastPos + last.length : lx.start).replace(/\s+/g, " ").trim();
      // `T const* A`: the last name is the parameter's, unless it is all the text (an unnamed parameter)
      const named = text !== last && !/[*&]$/.test(text) && !/^(?:const )?[\w:]+(?:<.*>)?$/.test(text) ? true : text.endsWith(" " + last) || /[*&]\s*\w+$/.test(text);
      const type = named ? this.src.slice(from, lastPos).replace(/\s+/g, " ").trim() : text;
      if (text !== "void") params.push({ type, name: named ? last : "", default: def, pos: from });
      if (this.isPunct(COMMA)) lx.advance();
    }
    lx.advance();
    return params;
  }

  /** `[&](params) mutable -> R { body }` (the lexer stands on '['): captures are `=` (copies) or by reference */
  protected override lambda(pos: number): Node {
    const lx = this.lx;
    lx.advance();
    const byValue = this.isPunct(EQ);
    this.skipUntil([RBRACK]);
    lx.advance();
    const params = this.isPunct(LPAREN) ? this.paramList() : [];
    while (lx.kind === NAME) lx.advance(); // mutable, constexpr, noexcept
    if (this.isPunct(MINUS)) this.skipUntil([LBRACE]); // -> R
    if (!this.isPunct(LBRACE)) this.fail("expected '{' opening the lambda's body");
    const depth = this.depth, loops = this.loops;
    this.loops = 0;
    const body = this.nested(lx.start, () => {
      for (const p of params) if (p.name !== "") this.declareVariable(p.name, p.pos);
      return this.compound(lx.start) as Stmt & { k: "compound" };
    });
    this.depth = depth;
    this.loops = loops;
    return lambdaNode(pos, params.map((p) => ({ type: p.type, name: p.name, pos: p.pos })), body, byValue);
  }

  // ------------------------------------------------------------ bodies

  /** the body of `f` (its '{' at f.body), with f's parameters declared as variables */
  functionBody(f: FunctionDecl): Stmt & { k: "compound" } {
    const lx = this.lx;
    lx.at = f.body;
    lx.advance();
    this.scopes.push([]);
    for (const p of f.params) if (p.name !== "") this.declareVariable(p.name, p.pos);
    const st = this.compound(f.body);
    this.scopes.pop();
    return st as Stmt & { k: "compound" };
  }

  protected override statement(): Stmt | null {
    const lx = this.lx;
    const pos = lx.start;
    this.depth = 0;
    const align = this.skipAttributes();
    if (lx.kind === NAME) {
      const t = lx.text;
      if (t === "return") {
        lx.advance();
        const e = this.isPunct(SEMI) ? null : this.composed();
        this.endStatement();
        return { k: "return", e, pos };
      }
      if (t === "__shared__" || (t === "extern" && this.peekWord() === "__shared__")) return this.shared(pos, align);
      if (t === "switch") return this.switchStatement(pos);
      if (t === "asm") {
        lx.advance();
        while (lx.kind === NAME) lx.advance();
        this.args();
        this.endStatement();
        return { k: "nop", what: "asm", pos };
      }
      const launch = this.launchAhead();
      if (launch) return this.launch(pos);
    }
    // ++a[i], a[i]++, --o.f: a store of a[i] + 1 (an element of an array, a member)
    if (this.atIncrement() && /^\s*[A-Za-z_]\w*\s*[[.]/.test(this.src.slice(this.lx.at + 1, this.lx.at + 201))) return this.incrementStore(pos, true);
    if (lx.kind === NAME && this.postIncrementAhead()) return this.incrementStore(pos, false);
    if (this.isPunct(STAR) && !this.atIncrement()) return this.store(pos);
    if (lx.kind === NAME && !this.isAssignment() && this.storeAhead()) return this.store(pos);
    return super.statement();
  }

  /** `name(<targs>)?<<<`: a kernel launch */
  private launchAhead(): boolean {
    const src = this.src;
    let i = this.lx.at;
    while (src.charCodeAt(i) === 32 || src.charCodeAt(i) === 10 || src.charCodeAt(i) === 9) i++;
    if (src.startsWith("<<<", i)) return true;
    if (src.charCodeAt(i) !== LT) return false;
    // template arguments, then <<<
    let depth = 0;
    for (; i < src.length && i < this.lx.at + 4000; i++) {
      const c = src.charCodeAt(i);
      if (c === LT) depth++;
      else if (c === GT && --depth === 0) break;
      else if (c === SEMI || c === LBRACE) return false;
    }
    i++;
    while (src.charCodeAt(i) === 32 || src.charCodeAt(i) === 10 || src.charCodeAt(i) === 9) i++;
    return src.startsWith("<<<", i);
  }

  private launch(pos: number): Stmt {
    const lx = this.lx;
    const i = this.src.indexOf("<<<", lx.start);
    // the kernel (with its template arguments) is the text before <<<
    const fn = new ProgramParser(this.src.slice(0, i)).exprAt(lx.start);
    const close = this.src.indexOf(">>>", i);
    if (close < 0) throw new ParseError(this.src, i, "expected '>>>' closing the launch configuration");
    const config = new ProgramParser(this.src.slice(0, close) + " ".repeat(3)).listAt(i + 3, close);
    lx.at = close + 3;
    lx.advance();
    if (!this.isPunct(LPAREN)) this.fail("expected the kernel's arguments after <<<...>>>");
    const args = this.args();
    this.endStatement();
    return { k: "launch", fn, config, args, pos };
  }

  /** an expression that starts at `at` (and runs to the end of the text) */
  exprAt(at: number): Node {
    this.lx.at = at;
    this.lx.advance();
    const e = this.composed();
    if (this.lx.kind !== EOF) this.fail("expected '<<<' after the kernel");
    return e;
  }
  /** the whole text read as one type (a struct member's type) */
  typeAt(): Node {
    return this.targ();
  }
  /** a comma-separated list from `at` to `end` */
  listAt(at: number, end: number): Node[] {
    const out: Node[] = [];
    this.lx.at = at;
    this.lx.advance();
    while (this.lx.start < end && this.lx.kind !== EOF) {
      out.push(this.composed());
      if (this.isPunct(COMMA)) this.lx.advance();
    }
    return out;
  }

  /** `[extern] __shared__ [alignas(N)] T name[N];` */
  private shared(pos: number, align0: number): Stmt {
    const lx = this.lx;
    let extern = false;
    let align = align0;
    while (lx.kind === NAME && (lx.text === "extern" || lx.text === "__shared__" || lx.text === "alignas")) {
      if (lx.text === "extern") extern = true;
      if (lx.text === "alignas") align = this.skipAttributes();
      else lx.advance();
    }
    const type: TypeRef = this.typeRef();
    if (lx.kind !== NAME) this.fail("expected the shared array's name");
    const name = lx.text;
    this.declareVariable(name);
    lx.advance();
    let size: Node | null = null;
    if (this.isPunct(LBRACK)) {
      lx.advance();
      if (!this.isPunct(RBRACK)) size = this.composed();
      this.expectPunct(RBRACK, "closing the array's size");
    }
    this.endStatement();
    return { k: "shared", type, name, size, extern, align, pos };
  }

  /** a name followed (past its subscripts and members) by '=' or 'op=' and not '==' */
  private storeAhead(): boolean {
    const src = this.src;
    let i = this.lx.at;
    const c0 = src.charCodeAt(i);
    if (c0 !== LBRACK && c0 !== 46 && c0 !== LPAREN) return false;
    let depth = 0;
    for (; i < src.length; i++) {
      const c = src.charCodeAt(i);
      if (c === LBRACK || c === LPAREN) depth++;
      else if (c === RBRACK || c === RPAREN) depth--;
      else if (depth === 0 && (c === SEMI || c === LBRACE || c === COMMA)) return false;
      else if (depth === 0 && c === EQ) return src.charCodeAt(i + 1) !== EQ && !"=!<>".includes(src[i - 1]!);
    }
    return false;
  }

  /** `x[...]...++;` or `x.f--;`: a name followed by subscripts or members, then `++` or `--` and the statement's end */
  private postIncrementAhead(): boolean {
    const src = this.src;
    let i = this.lx.at;
    const c0 = src.charCodeAt(i);
    if (c0 !== LBRACK && c0 !== 46) return false;
    let depth = 0;
    for (; i < src.length; i++) {
      const c = src.charCodeAt(i);
      if (c === LBRACK || c === LPAREN) depth++;
      else if (c === RBRACK || c === RPAREN) depth--;
      else if (depth === 0 && (c === PLUS || c === MINUS)) return src.charCodeAt(i + 1) === c && /^\s*;/.test(src.slice(i + 2, i + 202));
      else if (depth === 0 && (c === SEMI || c === LBRACE || c === COMMA || c === EQ)) return false;
    }
    return false;
  }
  /** `++x[i];` (prefix) or `x[i]++;`: the store `x[i] += 1` */
  private incrementStore(pos: number, prefix: boolean): Stmt {
    const lx = this.lx;
    let sign = "";
    const take = (): void => {
      sign = lx.punct === PLUS ? "+" : "-";
      lx.advance();
      lx.advance();
    };
    if (prefix) take();
    const target = this.binary(20);
    if (!prefix) {
      if (!this.atIncrement()) this.fail("expected '++' or '--'");
      take();
    }
    this.endStatement();
    return { k: "store", target, e: intNode(pos, 1, false), op: sign, pos };
  }

  /** `x[i] = e;`, `x.f op= e;`, `*p = e;` */
  private store(pos: number): Stmt {
    const lx = this.lx;
    const target = this.binary(20);
    let op: string | null = null;
    if (lx.kind === PUNCT && COMPOUND.has(lx.punct) && this.next() === EQ) {
      op = COMPOUND.get(lx.punct)!;
      lx.advance();
    }
    this.expectPunct(EQ, "in an assignment");
    const e = this.composed();
    this.endStatement();
    return { k: "store", target, e, op, pos };
  }

  private switchStatement(pos: number): Stmt {
    const lx = this.lx;
    lx.advance();
    this.expectPunct(LPAREN, "after 'switch'");
    const e = this.composed();
    this.expectPunct(RPAREN, "closing the condition of 'switch'");
    this.expectPunct(LBRACE, "opening the switch's body");
    const labels: { value: Node | null; at: number }[] = [];
    const body: Stmt[] = [];
    this.loops++; // break leaves a switch
    while (!this.isPunct(RBRACE)) {
      if (lx.kind === EOF) this.fail("expected '}' closing the switch");
      if (this.isName("case") || this.isName("default")) {
        const isCase = lx.text === "case";
        lx.advance();
        const value = isCase ? this.binary(0) : null;
        this.expectPunct(COLON, "after the case label");
        labels.push({ value, at: body.length });
        continue;
      }
      const st = this.statement();
      if (st !== null) body.push(st);
    }
    this.loops--;
    lx.advance();
    return { k: "switch", e, labels, body, pos };
  }
}

/** the top-level declarations of a preprocessed translation unit */
export function parseUnit(src: string): Unit {
  return new ProgramParser(src).unit();
}

/** a pasted block: its definitions, and the statements of the main() it stands for */
export function parsePasted(src: string): { unit: Unit; body: Stmt[] } {
  return new ProgramParser(src).pasted();
}

/** the body of a function of `unit` */
export function parseBody(unit: Unit, f: FunctionDecl): Stmt & { k: "compound" } {
  return new ProgramParser(unit.src).functionBody(f);
}
