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
import { ParseError } from "../../core/errors.js";

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
  | { k: "member"; target: Node; name: string; targs: TArg[]; types: Node[] | null; args: Node[]; pos: number; field?: boolean }
  /** a string literal in a whole program's expression (`sscanf(argv[1], "%d", &m)`, `std::cout << "M = "`) */
  | { k: "string"; text: string; pos: number }
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
  /**
   * a C++ lambda `[&](auto c) { ... }` (a program's, `cute-ts run`): `byValue` for a `[=]` capture
   * (a copy of the enclosing scope when it is made; `[&]` and `[]` see the scope itself), its
   * parameters' types as written and names, its body (a compound Stmt of ./statements.ts, which
   * builds on this module: typed loosely here)
   */
  | { k: "lambda"; params: { type: string; name: string; pos: number }[]; body: { k: "compound"; stmts: unknown[]; pos: number }; byValue: boolean; pos: number }
  /** CuTe's printed MixedBits `M_s|(d&f)=v`: static bits s, dynamic bits d under the mask f */
  | { k: "mixed"; sbits: number; dbits: number; mask: number; pos: number };

/** a template argument as a function reads it: an integer or a type's spelling such as `half_t` */
export type TArg = number | string;

/**
 * Every node is an instance of this one class, whatever its kind: evaluate's reads of `k`,
 * `pos` and the rest then meet one object shape (a switch over many literal shapes was
 * megamorphic). The union type above is what callers see.
 */
export class AstNode {
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
  /** a name node's spelling where it is not the source's, and the value a decltype name carries */
  spelled: string | undefined = undefined;
  value: unknown = undefined;
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
  /** a member node that reads a data member (`props.major`, `threadIdx.x`): no call */
  get field(): boolean {
    return this.k === "member" && this.s === true;
  }
  /** a string literal's characters */
  get text(): string {
    return this.name;
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
export const node = (k: Node["k"], pos: number): AstNode => new AstNode(k, pos);
export const done = (n: AstNode): Node => n as unknown as Node;
export const NO_TARGS: TArg[] = [];

export function grouped(n: Node): Node {
  return n.k === "tuple" && n.items.length === 1 ? n.items[0]! : n;
}

/** the value of an integer constant expression in template arguments (C++ arithmetic on literals) */
/** whether a template argument's expression holds a call or a name (sizeof(T), size(L), bM): not foldable as it is read */
export function computed(n: Node): boolean {
  if (n.k === "call" || n.k === "name" || n.k === "member" || n.k === "apply") return true;
  return n.k === "op" && n.args.some(computed);
}

export function fold(n: Node, src: string): number {
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

/** a C++ cast to a pointer type: `type` as written, `stars` its '*'s */
export function castNode(pos: number, type: string, stars: string, x: Node): Node {
  const n = node("cast", pos);
  n.name = type.replace(/\b(?:const|volatile)\b/g, " ").replace(/\s+/g, " ").trim().replace(/\s*([<>,:])\s*/g, "$1");
  n.v = (stars.match(/\*/g) ?? []).length;
  n.items = [x];
  return done(n);
}

/** a type's name as a template argument node: `spelled` its C++ spelling, `value` a value it stands for (a decltype) */
export function typeNameNode(name: string, pos: number, value?: unknown): Node & { k: "name" } {
  const n = node("name", pos);
  n.name = name;
  n.targs = NO_TARGS;
  n.end = pos;
  n.spelled = name;
  if (value !== undefined) n.value = value;
  return done(n) as Node & { k: "name" };
}
