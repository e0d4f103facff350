/**
 * Turns a parsed expression into values. Literals (integers, bases, tuples, layouts, swizzles,
 * composed layouts, tensors as CuTe prints them) are read here; a call `NAME<targs>(args)` and
 * an application `X(args)` are handed to the caller's hooks, so that this layer needs no
 * function table: `readLiteral` refuses calls, src/eval/evaluate.ts supplies CuTe's functions.
 */
import { ParseError, UsageError, quote } from "../core/errors.js";
import { Int, S, D } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import * as T from "../core/int-tuple.js";
import { _ as UNDER } from "../core/int-tuple.js";
import { Layout, make_layout } from "../core/layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed } from "../core/swizzle.js";
import { MajorTag, Value } from "../core/value.js";
import { make_composed } from "../core/composed.js";
import { MixedBits, makeMixedBits } from "../core/mixed-bits.js";
import { Tensor, ArithIter, PtrIter, TmemIter, isIter, type PtrTag } from "../core/tensor.js";
import { Node, parse } from "./parse.js";
import { asIntTuple, asStride } from "./coerce.js";

export type { CallNode, CastNode, FloatNode, InitNode, MemberNode, NameNode, OpNode, StringNode } from "./cxx/ast.js";
import type { CallNode, CastNode, FloatNode, InitNode, LambdaNode, MemberNode, NameNode, OpNode, StringNode } from "./cxx/ast.js";

/**
 * What an expression's calls, applications, C++ values of a type (`T<...>{args}`) and operators
 * mean; the literal reader knows none of them. `V` is the caller's values: the literals read
 * here are core `Value`s and tuples of `V`, so `V` includes them (`Reads<V>` checks it where the
 * hooks are used); the evaluator's `V` adds its atoms, floats and a program's values.
 */
export interface Hooks<V> {
  call(n: CallNode, args: V[], src: string): V;
  apply(target: V, args: V[]): V;
  init(n: InitNode, args: V[], src: string): V;
  op(n: OpNode, args: V[], src: string): V;
  /** `(T*)x`: a C++ cast to a pointer type */
  cast(n: CastNode, arg: V, src: string): V;
  /** `&X(args)`: the address of a tensor's element (what X(args) would read) */
  addressOf(n: OpNode, target: V, args: V[], src: string): V;
  /** `target.name(args)`: a member function call */
  member(n: MemberNode, target: V, args: V[], src: string): V;
  /** `x[i]` of a value that is not a tensor (a program's argv, vectors) */
  subscript?(target: V, args: V[], n: Node, src: string): V;
  /** a condition's truth (`c ? x : y`), where the evaluator has values other than integers */
  truth?(v: V, n: OpNode, src: string): boolean;
  /** a bare name the notation does not know (LayoutLeft, ArithTuple5 are read here): a snippet's variable */
  name?(n: NameNode, src: string): V | undefined;
  /** a lambda of a program (`cute-ts run`): the closure the evaluator makes of it */
  lambda?(n: LambdaNode, src: string): V;
  /** a string literal of a program (`cute-ts run`): a value of host code only, where the evaluator has one */
  string?(n: StringNode, src: string): V;
  /** a C++ floating-point literal (1.5, 1.0f): a value of host code only, where the evaluator has one */
  float?(n: FloatNode, src: string): V;
}

/**
 * Hooks whose values include the core values the literals read here are (an integer, a layout,
 * ...): `Hooks<V>` itself when `V` does, else `never`, so that evaluating with a narrower `V` does
 * not compile. What evalNode returns of its own is then a `V`.
 */
export type Reads<V> = [Value] extends [V] ? Hooks<V> : never;

/**
 * The value of a parsed expression: its literals read here, everything else asked of the hooks.
 * `readNode` is written once for any values (`Hooks<unknown>`); what it returns is the hooks' `V`
 * or a literal, which `Reads<V>` says is a `V` too.
 */
export const evalNode = readNode as <V>(n: Node, src: string, h: Reads<V>) => V;
/** each node's value, in order */
export const evalAll = readAll as <V>(ns: Node[], src: string, h: Reads<V>) => V[];

function readNode(n: Node, src: string, h: Hooks<unknown>): unknown {
  switch (n.k) {
    case "int":
      return n.s ? S(n.v) : D(n.v);
    case "basis":
      return new ScaledBasis(n.s ? S(n.v) : D(n.v), n.modes);
    case "under":
      return UNDER;
    case "tuple":
      return n.s ? readNode(n.items[0]!, src, h) : readAll(n.items, src, h);
    case "layout": {
      // whatever the hooks gave, the coercions refuse all but integers (and bases) and their tuples
      const shape = readNode(n.shape, src, h) as Value;
      const stride = readNode(n.stride, src, h) as Value;
      return make_layout(asIntTuple(shape, "the shape of a layout"), asStride(stride, "the stride of a layout"));
    }
    case "swizzle":
      return new Swizzle(n.b, n.m, n.s);
    case "smem":
      return new SmemPtrFlag(n.bits);
    case "composed":
      // mixed bits can only be an offset: an odd number of parts from the end (composedOf checks the rest)
      // (composedOf refuses parts that are not swizzles, layouts, offsets or iterators)
      return composedOf(n.parts.map((p, i) => (p.k === "mixed" && i >= 1 && (n.parts.length - 1 - i) % 2 === 1 ? mixedBitsOf(p) : (readNode(p, src, h) as Value))));
    case "texpr":
      return readNode(n.e, src, h);
    case "float":
      if (h.float === undefined) throw new ParseError(src, n.pos, "a floating-point number is a value of C++ host code: cute-ts eval reads it (float alpha = 1.0f;), a layout holds integers");
      return h.float(n, src);
    case "mixed":
      throw new ParseError(src, n.pos, "mixed bits M_s|(d&f)=v are only the offset of a swizzled layout, as CuTe prints it: Sw<B,M,S> o M_s|(d&f)=v o layout");
    case "name":
      return (h.name !== undefined ? h.name(n, src) : undefined) ?? nameValue(n.name, src, n.pos);
    case "call":
      return h.call(n, readAll(n.args, src, h), src);
    case "apply": {
      const target = readNode(n.target, src, h);
      const args = readAll(n.args, src, h);
      // t[c]: CuTe's Tensor::operator[] reads the element at one coordinate (no slicing)
      if (n.subscript === true && h.subscript !== undefined && !(target instanceof Tensor)) return h.subscript(target, args, n, src);
      if (n.subscript === true) {
        if (!(target instanceof Tensor)) throw new ParseError(src, n.pos, "operator[] reads a tensor's element (t[i], t[make_coord(i, j)]); call a layout as L(i)");
        if (T.has_underscore(args[0] as never)) throw new ParseError(src, n.pos, "operator[] takes a coordinate, not a slice: slice with t(_, j)");
      }
      return h.apply(target, args);
    }
    case "init":
      return h.init(n, readAll(n.args, src, h), src);
    case "op": {
      const a = n.args[0]!;
      // c ? x : y evaluates one of x and y
      if (n.name === "?:") {
        const c = readNode(a, src, h);
        return readNode(n.args[h.truth !== undefined ? (h.truth(c, n, src) ? 1 : 2) : c instanceof Int && c.v !== 0 ? 1 : 2]!, src, h);
      }
      if (n.name === "u&" && a.k === "apply") return h.addressOf(n, readNode(a.target, src, h), readAll(a.args, src, h), src);
      return h.op(n, readAll(n.args, src, h), src);
    }
    case "ptr":
      return pointerOf(n, src);
    case "cast":
      return h.cast(n, readNode(n.args[0]!, src, h), src);
    case "string":
      if (h.string === undefined) throw new ParseError(src, n.pos, "a string literal is a value of a program's host code (cute-ts run)");
      return h.string(n, src);
    case "member":
      return h.member(n, readNode(n.target, src, h), readAll(n.args, src, h), src);
    case "lambda":
      if (h.lambda === undefined) throw new ParseError(src, n.pos, "a lambda is a value of a program (cute-ts run)");
      return h.lambda(n, src);
  }
}

function readAll(ns: Node[], src: string, h: Hooks<unknown>): unknown[] {
  const out: unknown[] = []; // pushed, not preallocated: a tuple stays a packed array, as the algebra's own tuples are
  for (let i = 0; i < ns.length; i++) out.push(readNode(ns[i]!, src, h));
  return out;
}

function nameValue(name: string, src: string, pos: number): Value {
  if (name === "LayoutLeft" || name === "GenColMajor") return new MajorTag("LayoutLeft");
  if (name === "LayoutRight" || name === "GenRowMajor") return new MajorTag("LayoutRight");
  // an arithmetic-tuple iterator at a single integer prints with no parentheses: ArithTuple_0, ArithTuple5
  const at = /^ArithTuple(_?)(\d{1,15})$/.exec(name);
  if (at) return new ArithIter(at[1] ? S(Number(at[2])) : D(Number(at[2])));
  // C++'s bool literals: a run-time bool, which CuTe's print writes as 1 or 0
  if (name === "true" || name === "false") return D(name === "true" ? 1 : 0);
  // C++'s null pointer: a void* at address 0 (make_gmem_ptr<float>(nullptr))
  if (name === "nullptr") return new PtrIter(0, 0, -1, []);
  throw new ParseError(src, pos, `unknown name ${quote(name)} (a value is an integer, a tuple, a layout, a swizzle, a call such as size(L), or a C++ value such as Int<8>{} or LayoutRight{})`);
}

/** a pointer as CuTe prints it: gmem_ptr[32b](0x10000), Sw<3,4,3>_smem_ptr[16b](0x1000), subptr[4b](0x10.4), tmem_[32b](0x0000.0000) */
function pointerOf(n: Node & { k: "ptr" }, src: string): PtrIter | TmemIter {
  if (n.name === "tmem") {
    if (!(n.bits >= 1 && n.bits <= 64)) throw new ParseError(src, n.pos, "a TMEM pointer's elements are 1 to 64 bits");
    return new TmemIter(n.bits, n.v);
  }
  if (n.name === "subptr" && !(n.bits >= 1 && n.bits < 8)) throw new ParseError(src, n.pos, "a sub-byte iterator (subptr) points to elements of 1 to 7 bits");
  if (n.bits > 1024) throw new ParseError(src, n.pos, "an element of more than 1024 bits");
  const tags: PtrTag[] = n.targs.map((t) => {
    const sw = /^Sw<(-?\d+),(-?\d+),(-?\d+)>$/.exec(String(t));
    return sw ? new Swizzle(Number(sw[1]), Number(sw[2]), Number(sw[3])) : (t as "gmem" | "smem" | "rmem");
  });
  return new PtrIter(n.bits, n.v, n.sbits, tags);
}

function mixedBitsOf(n: Node & { k: "mixed" }): MixedBits {
  return makeMixedBits(n.sbits, D(n.dbits), n.mask) as MixedBits; // the parser checked that some bit is dynamic
}

/**
 * `A o offset o B`: a swizzle or layout, an offset, a layout. Led by an iterator, it is a
 * tensor as CuTe prints one: `counting_iter(0) o L`, `ArithTuple(0,_0) o Sw<3,0,3> o _0 o L`.
 */
export function composedOf(parts: Value[]): Value {
  return composedFrom(parts, 0);
}

/** composedOf(parts.slice(start)), without copying: a printed chain may hold tens of thousands of parts */
function composedFrom(parts: Value[], start: number): Value {
  const n = parts.length - start;
  const first = parts[start];
  if (isIter(first)) {
    const rest = n === 2 ? parts[start + 1]! : composedFrom(parts, start + 1);
    if (!(rest instanceof Layout || rest instanceof ComposedLayout)) {
      throw new UsageError("a tensor is written as CuTe prints it, `iterator o layout` (or `iterator o Sw<B,M,S> o offset o layout`)");
    }
    return new Tensor(first, rest);
  }
  if (n === 2) return composedOf3(parts[start]!, S(0), parts[start + 1]!);
  if (n > 3 && n % 2 === 1) {
    // CuTe prints a nested composed layout with no brackets, A o k o A' o k' o B, the same whichever
    // side nests (and as one function either way); read it as composition nests it, the rest being
    // the inner function B. An inner level is as printed: it was not an identity swizzle at offset
    // Int<0> over a layout, or CuTe would have reduced it to that layout
    return composedOf3(parts[start]!, parts[start + 1]!, nestedOf(parts, start + 2));
  }
  if (n !== 3) throw new UsageError(COMPOSED_FORM);
  return composedOf3(parts[start]!, parts[start + 1]!, parts[start + 2]!);
}
/** the inner levels parts[start..] of a printed nested composed layout, built as printed: innermost first, in a loop */
function nestedOf(parts: Value[], start: number): Value {
  let b = parts[parts.length - 1]!;
  for (let i = parts.length - 3; i >= start; i -= 2) {
    const a = parts[i]!, off = parts[i + 1]!;
    // composedOf3 reduces Sw<0,M,S> o _0 o L to L, as CuTe's composition does; a printed inner level was not reduced
    b = a instanceof Swizzle && a.b === 0 && off instanceof Int && b instanceof Layout ? new ComposedLayout(a, off, b) : composedOf3(a, off, b);
  }
  return b;
}

const COMPOSED_FORM = "a composed layout is written `Sw<B,M,S> o offset o layout` (or `layout o offset o layout`, and either may nest: `Sw<B,M,S> o offset o Sw<B,M,S> o offset o layout`); a tensor `iterator o layout`";

/** one level `A o offset o B` */
function composedOf3(a: Value, off: Value, b: Value): Value {
  const outer = a instanceof Swizzle || a instanceof Layout || a instanceof ComposedLayout || a instanceof SwizzleInnerComposed;
  // `X o k o Sw`, as CuTe prints the inverse of a swizzled layout with an offset: i -> X(k + Sw(i))
  if (outer && off instanceof Int && (b instanceof Swizzle || b instanceof SwizzleInnerComposed)) return new SwizzleInnerComposed(a, off, b);
  if (!outer || !(b instanceof Layout || b instanceof ComposedLayout)) throw new UsageError(COMPOSED_FORM);
  if (off instanceof MixedBits) {
    if (!(a instanceof Swizzle)) throw new UsageError("mixed bits M_s|(d&f)=v are the offset of a swizzled layout only (Sw<B,M,S> o M_s|(d&f)=v o layout)");
    return make_composed(a, off, b);
  }
  if (!(off instanceof Int || off instanceof SmemPtrFlag || Array.isArray(off))) {
    throw new UsageError("the offset of a composed layout is an integer, a coordinate, mixed bits M_s|(d&f)=v, or smem_ptr[Nb](unset)");
  }
  return make_composed(a, off as Int, b);
}

const LITERAL: Hooks<Value> = {
  call(n, _args, src) {
    throw new ParseError(src, n.pos, `${quote(n.name + "(...)")} is a function call; only a value written as CuTe prints it is read here`);
  },
  apply() {
    throw new UsageError("only a value written as CuTe prints it is read here, not an application X(...)");
  },
  init(n, _args, src) {
    throw new ParseError(src, n.pos, "only a value written as CuTe prints it is read here, not a C++ value T{...}");
  },
  op(n, _args, src) {
    throw new ParseError(src, n.pos, `only a value written as CuTe prints it is read here, not an operator ${n.name.replace(/^u/, "")}`);
  },
  cast(n, _arg, src) {
    throw new ParseError(src, n.pos, "only a value written as CuTe prints it is read here, not a cast (T*)x");
  },
  addressOf(n, _t, _a, src) {
    throw new ParseError(src, n.pos, "only a value written as CuTe prints it is read here, not an operator &");
  },
  member(n, _target, _args, src) {
    throw new ParseError(src, n.pos, `only a value written as CuTe prints it is read here, not a member function call .${n.name}(...)`);
  },
};

/** a value written as CuTe prints it (no function calls): what atom catalogs and printed fields hold */
export function readLiteral(text: string): Value {
  return evalNode(parse(text), text, LITERAL);
}

/** a printed layout, if the text is one (for --json of printed objects) */
export function parseLayoutText(text: string): Layout | undefined {
  try {
    const v = readLiteral(text);
    return v instanceof Layout ? v : undefined;
  } catch {
    return undefined;
  }
}
