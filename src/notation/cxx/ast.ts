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

/** an integer: `s` true for a static one (`_8`, `Int<8>{}`), false for a dynamic one (`8`) */
export interface IntNode { k: "int"; pos: number; v: number; s: boolean }
/** a C++ floating-point literal: `s` true for a float (suffix f), false for a double */
export interface FloatNode { k: "float"; pos: number; v: number; s: boolean }
/** a basis element `v@i@j`: `v` its value (static when `s`), `modes` outermost first */
export interface BasisNode { k: "basis"; pos: number; v: number; s: boolean; modes: number[] }
/** `_`: CuTe's Underscore */
export interface UnderNode { k: "under"; pos: number }
/** a tuple `(a,b)`; `s`: written `(x)` in a C++ expression, where the parentheses only group: the value is x's */
export interface TupleNode { k: "tuple"; pos: number; items: Node[]; s: boolean }
/** `shape:stride` */
export interface LayoutNode { k: "layout"; pos: number; shape: Node; stride: Node }
/**
 * a bare name; inside template arguments a type, `types` its own template arguments (null
 * without `<>`), `end` where it ends; `spelled` its C++ spelling where it is not the source's
 * text (a pasted block's aliases substituted into its template arguments); `value` the value a
 * decltype(e) type stands for
 */
export interface NameNode { k: "name"; pos: number; name: string; targs: TArg[]; types: Node[] | null; end: number; spelled?: string; value?: unknown }
/** `name<targs>(args)`: `targs` the template arguments spelled, `types` the same as nodes (null without `<>`) */
export interface CallNode { k: "call"; pos: number; name: string; targs: TArg[]; types: Node[] | null; args: Node[] }
/** `T<targs>{args}`: a value of a C++ type; `name` is "" for a bare braced list `{...}` */
export interface InitNode { k: "init"; pos: number; name: string; targs: TArg[]; types: Node[] | null; args: Node[] }
/** `target.name<targs>(args)`: a member function call (ThrMMA::partition_A, TiledCopy::get_slice, ...); `field` a data member read (`props.major`): no call */
export interface MemberNode { k: "member"; pos: number; target: Node; name: string; targs: TArg[]; types: Node[] | null; args: Node[]; field: boolean }
/** a string literal in a whole program's expression (`sscanf(argv[1], "%d", &m)`, `std::cout << "M = "`) */
export interface StringNode { k: "string"; pos: number; text: string }
/** a C++ operator: binary `a * b` (args [a, b]) or unary `-a` (name "u-", args [a]), `c ? a : b` (name "?:"), `T::value` (name "::value") */
export interface OpNode { k: "op"; pos: number; name: string; args: Node[] }
/** `target(args)`, or `target[arg]` (`subscript`: a tensor's operator[], one coordinate) */
export interface ApplyNode { k: "apply"; pos: number; target: Node; args: Node[]; subscript: boolean }
/** `a o b o c`: a composed layout as CuTe prints one */
export interface ComposedNode { k: "composed"; pos: number; parts: Node[] }
/** `Sw<B,M,S>` */
export interface SwizzleNode { k: "swizzle"; pos: number; b: number; m: number; s: number }
/** `smem_ptr[16b](unset)`: the flag a swizzled smem layout waits for its pointer with */
export interface SmemNode { k: "smem"; pos: number; bits: number }
/**
 * a pointer as CuTe prints it: `name` "ptr" (a raw T*), "subptr" (a subbyte_iterator) or
 * "tmem" (a tmem_ptr); `targs` its wrappers outermost first ("gmem", "smem", "rmem",
 * "Sw<B,M,S>"); `bits` sizeof_bits<T>; `v` the address (a 64-bit one above 2^63 as its
 * negative); `sbits` a subbyte iterator's bit index
 */
export interface PtrNode { k: "ptr"; pos: number; name: string; targs: TArg[]; bits: number; v: number; sbits: number }
/** a C++ cast to a pointer type, `(T*)x` or `reinterpret_cast<T*>(x)`: `name` is T as written (no cv), `v` the number of '*', `args` [x] */
export interface CastNode { k: "cast"; pos: number; name: string; v: number; args: Node[] }
/**
 * an integer template argument computed when the expression runs (`sizeof(Element) *
 * size(val_layout)`): `e` the expression, `end` where its text ends
 */
export interface TexprNode { k: "texpr"; pos: number; e: Node; end: number }
/** a lambda's parameter: its type as written and its name */
export interface LambdaParam { type: string; name: string; pos: number }
/**
 * a C++ lambda `[&](auto c) { ... }` (a program's, `cute-ts run`): `byValue` for a `[=]` capture
 * (a copy of the enclosing scope when it is made; `[&]` and `[]` see the scope itself), its
 * parameters, its body (a compound Stmt of ./statements.ts, which builds on this module: typed
 * loosely here)
 */
export interface LambdaNode { k: "lambda"; pos: number; params: LambdaParam[]; body: { k: "compound"; stmts: unknown[]; pos: number }; byValue: boolean }
/** CuTe's printed MixedBits `M_s|(d&f)=v`: static bits s, dynamic bits d under the mask f */
export interface MixedNode { k: "mixed"; pos: number; sbits: number; dbits: number; mask: number }

export type Node =
  | IntNode | FloatNode | BasisNode | UnderNode | TupleNode | LayoutNode | NameNode | CallNode | InitNode | MemberNode
  | StringNode | OpNode | ApplyNode | ComposedNode | SwizzleNode | SmemNode | PtrNode | CastNode | TexprNode | LambdaNode | MixedNode;

/** a template argument as a function reads it: an integer or a type's spelling such as `half_t` */
export type TArg = number | string;

/**
 * The constructors: one per kind, each making its node with every field any kind has, in one
 * order (k, pos, v, s, name, targs, types, args, items, parts, target, shape, stride, e, end,
 * text, modes, subscript, field, b, m, bits, sbits, dbits, mask, spelled, value, params, body,
 * byValue), those its kind does not use left blank (null, 0, "" or false). All nodes then share
 * one object shape, and evaluate's reads of `k`, `pos` and the rest stay monomorphic (a switch
 * over many literal shapes was megamorphic; a spread of a blank node allocates at half the
 * speed). Each field means one thing, the one its kind's interface above says. (Each literal is
 * named before it is returned: returned directly, TypeScript would refuse its blank fields as
 * ones the kind's interface does not name.)
 */
export function intNode(pos: number, v: number, s: boolean): IntNode {
  const n = {
    k: "int" as const, pos, v, s, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null, stride: null, e: null,
    end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function floatNode(pos: number, v: number, single: boolean): FloatNode {
  const n = {
    k: "float" as const, pos, v, s: single, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null, stride: null,
    e: null, end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function basisNode(pos: number, v: number, s: boolean, modes: number[]): BasisNode {
  const n = {
    k: "basis" as const, pos, v, s, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null, stride: null,
    e: null, end: 0, text: "", modes, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function underNode(pos: number): UnderNode {
  const n = {
    k: "under" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null,
    stride: null, e: null, end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0,
    spelled: undefined, value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function tupleNode(pos: number, items: Node[], grouping = false): TupleNode {
  const n = {
    k: "tuple" as const, pos, v: 0, s: grouping, name: "", targs: null, types: null, args: null, items, parts: null, target: null, shape: null, stride: null,
    e: null, end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function layoutNode(pos: number, shape: Node, stride: Node): LayoutNode {
  const n = {
    k: "layout" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape, stride, e: null,
    end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function nameNode(pos: number, name: string, targs: TArg[], types: Node[] | null, end: number, spelled?: string, value?: unknown): NameNode {
  const n = {
    k: "name" as const, pos, v: 0, s: false, name, targs, types, args: null, items: null, parts: null, target: null, shape: null, stride: null, e: null, end,
    text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled, value, params: null,
    body: null, byValue: false
  };
  return n;
}
export function callNode(pos: number, name: string, targs: TArg[], types: Node[] | null, args: Node[]): CallNode {
  const n = {
    k: "call" as const, pos, v: 0, s: false, name, targs, types, args, items: null, parts: null, target: null, shape: null, stride: null, e: null, end: 0,
    text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined, value: undefined,
    params: null, body: null, byValue: false
  };
  return n;
}
export function initNode(pos: number, name: string, targs: TArg[], types: Node[] | null, args: Node[]): InitNode {
  const n = {
    k: "init" as const, pos, v: 0, s: false, name, targs, types, args, items: null, parts: null, target: null, shape: null, stride: null, e: null, end: 0,
    text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined, value: undefined,
    params: null, body: null, byValue: false
  };
  return n;
}
export function memberNode(pos: number, target: Node, name: string, targs: TArg[], types: Node[] | null, args: Node[], field = false): MemberNode {
  const n = {
    k: "member" as const, pos, v: 0, s: false, name, targs, types, args, items: null, parts: null, target, shape: null, stride: null, e: null, end: 0,
    text: "", modes: null, subscript: false, field, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined, value: undefined,
    params: null, body: null, byValue: false
  };
  return n;
}
export function stringNode(pos: number, text: string): StringNode {
  const n = {
    k: "string" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null,
    stride: null, e: null, end: 0, text, modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0,
    spelled: undefined, value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function opNode(pos: number, name: string, args: Node[]): OpNode {
  const n = {
    k: "op" as const, pos, v: 0, s: false, name, targs: null, types: null, args, items: null, parts: null, target: null, shape: null, stride: null, e: null,
    end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function applyNode(pos: number, target: Node, args: Node[], subscript = false): ApplyNode {
  const n = {
    k: "apply" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args, items: null, parts: null, target, shape: null, stride: null, e: null,
    end: 0, text: "", modes: null, subscript, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined, value: undefined,
    params: null, body: null, byValue: false
  };
  return n;
}
export function composedNode(pos: number, parts: Node[]): ComposedNode {
  const n = {
    k: "composed" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts, target: null, shape: null, stride: null,
    e: null, end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function swizzleNode(pos: number, b: number, m: number, s: number): SwizzleNode {
  const n = {
    k: "swizzle" as const, pos, v: 0, s, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null, stride: null,
    e: null, end: 0, text: "", modes: null, subscript: false, field: false, b, m, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function smemNode(pos: number, bits: number): SmemNode {
  const n = {
    k: "smem" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null,
    stride: null, e: null, end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits, sbits: 0, dbits: 0, mask: 0,
    spelled: undefined, value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function ptrNode(pos: number, name: string, targs: TArg[], bits: number, v: number, sbits: number): PtrNode {
  const n = {
    k: "ptr" as const, pos, v, s: false, name, targs, types: null, args: null, items: null, parts: null, target: null, shape: null, stride: null, e: null,
    end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits, sbits, dbits: 0, mask: 0, spelled: undefined, value: undefined,
    params: null, body: null, byValue: false
  };
  return n;
}
function castLiteral(pos: number, name: string, v: number, args: Node[]): CastNode {
  const n = {
    k: "cast" as const, pos, v, s: false, name, targs: null, types: null, args, items: null, parts: null, target: null, shape: null, stride: null, e: null,
    end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0, spelled: undefined,
    value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function texprNode(pos: number, e: Node, end: number): TexprNode {
  const n = {
    k: "texpr" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null,
    stride: null, e, end, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0,
    spelled: undefined, value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export function lambdaNode(pos: number, params: LambdaParam[], body: LambdaNode["body"], byValue: boolean): LambdaNode {
  const n = {
    k: "lambda" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null,
    stride: null, e: null, end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits: 0, dbits: 0, mask: 0,
    spelled: undefined, value: undefined, params, body, byValue
  };
  return n;
}
export function mixedNode(pos: number, sbits: number, dbits: number, mask: number): MixedNode {
  const n = {
    k: "mixed" as const, pos, v: 0, s: false, name: "", targs: null, types: null, args: null, items: null, parts: null, target: null, shape: null,
    stride: null, e: null, end: 0, text: "", modes: null, subscript: false, field: false, b: 0, m: 0, bits: 0, sbits, dbits, mask,
    spelled: undefined, value: undefined, params: null, body: null, byValue: false
  };
  return n;
}
export const NO_TARGS: TArg[] = [];

/** `f` of each of a node's sub-nodes (items, parts, arguments, then a target; a shape and stride; a computed argument's expression), not its template arguments */
export function forEachChild(n: Node, f: (c: Node) => void): void {
  switch (n.k) {
    case "tuple":
      for (const c of n.items) f(c);
      return;
    case "composed":
      for (const c of n.parts) f(c);
      return;
    case "call":
    case "init":
    case "op":
    case "cast":
      for (const c of n.args) f(c);
      return;
    case "member":
    case "apply":
      for (const c of n.args) f(c);
      f(n.target);
      return;
    case "layout":
      f(n.shape);
      f(n.stride);
      return;
    case "texpr":
      f(n.e);
      return;
  }
}

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
export function castNode(pos: number, type: string, stars: string, x: Node): CastNode {
  const name = type.replace(/\b(?:const|volatile)\b/g, " ").replace(/\s+/g, " ").trim().replace(/\s*([<>,:])\s*/g, "$1");
  return castLiteral(pos, name, (stars.match(/\*/g) ?? []).length, [x]);
}

/** a type's name as a template argument node: `spelled` its C++ spelling, `value` a value it stands for (a decltype) */
export function typeNameNode(name: string, pos: number, value?: unknown): NameNode {
  return nameNode(pos, name, NO_TARGS, null, pos, name, value);
}
