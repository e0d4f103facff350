/**
 * CuTe's operators on integers (numeric/integral_constant.hpp): static op static is static
 * (`C<(t OP u)>`), a dynamic operand makes the result dynamic, except where CuTe's mixed
 * overloads keep a static result: `_0 * x`, `x * _0`, `_0 / x`, `x % _1`, `x % _-1`, `_0 % x`,
 * `_0 & x`, `x & _0` are `_0`; `_0 && x` is static false, `_1 || x` static true. Booleans are
 * printed as integers, as CuTe's print(bool) does. A scaled basis scales by an integer and adds
 * to other bases into an arithmetic tuple (numeric/arithmetic_tuple.hpp): `Int<2>{} * E<1>{}` is
 * `_2@1`, `E<0>{} + E<1>{}` is `(_1,_1)`.
 */
import { CuteError, UsageError, Unsupported } from "../core/errors.js";
import * as I from "../core/integer.js";
import { Int, SAFE_LIMIT_TEXT, isConst, mk, _0, _1 } from "../core/integer.js";
import { show } from "../print/print.js";
import { ScaledBasis, type Idx, idxAdd, idxNeg, idxSub } from "../core/basis.js";
import { Layout } from "../core/layout.js";
import type { Value } from "../core/value.js";
import { ArithIter, CountingIter, PtrIter, type Iter, advance, deref, isIter, ptrAdd, rawPtr } from "../core/tensor.js";
import { findValueType, parseValueType } from "../core/value-types.js";

/** the spelling of an operator node's name: "u-" is unary minus */
const spell = (name: string) => (name.length > 1 && name[0] === "u" ? name.slice(1) : name);

export function operate(name: string, args: Value[]): Value {
  const [a, b] = args as [Value, Value | undefined];
  if (b === undefined) {
    // T::value of an integral_constant type: its constant as a plain (dynamic) integer
    if (name === "::value") {
      if (!(a instanceof Int)) throw new CuteError("::value", "the type is not an integral constant", [show(a)]);
      return I.D(a.v);
    }
    if (name === "u*" && !isIter(a)) throw new CuteError("operator*", "unary * dereferences an iterator (counting_iter, ArithTuple)", [show(a)]);
    if (name === "u&") throw new Unsupported(`the address of ${show(a)}`, ": it takes &T(coord), the address of a tensor's element");
    if (a instanceof Int) return unary(name, a);
    if (a instanceof ScaledBasis && name === "u-") return new ScaledBasis(I.neg(a.value), a.modes);
    if (name === "u-" && Array.isArray(a) && isIdx(a)) return idxNeg(a) as Value;
    if (name === "u*" && isIter(a)) return dereference(a);
    return unsupported(name, a);
  }
  if (a instanceof Int && b instanceof Int) return binary(name, a, b);
  if (name === "==" || name === "!=") {
    const eq = equal(a, b);
    if (eq !== undefined) return name === "==" ? eq : unary("u!", eq);
  }
  if (isIter(a) || isIter(b)) return iteratorArithmetic(name, a, b);
  if (name === "*" && a instanceof Int && b instanceof ScaledBasis) return new ScaledBasis(I.mul(a, b.value), b.modes);
  if (name === "*" && a instanceof ScaledBasis && b instanceof Int) return new ScaledBasis(I.mul(a.value, b), a.modes);
  // basis elements add up to arithmetic tuples: E<0>{} + E<1>{} is (_1,_1); _0 + E<1>{} is E<1>{}
  if (name === "+" && (a instanceof ScaledBasis || b instanceof ScaledBasis) && isIdx(a) && isIdx(b)) return idxAdd(a, b) as Value;
  // tuples as arithmetic tuples: mode by mode, the shorter padded with _0
  if ((name === "+" || name === "-") && (Array.isArray(a) || Array.isArray(b)) && isIdx(a) && isIdx(b)) {
    if (name === "+" && (a instanceof Int || b instanceof Int)) {
      const z = (a instanceof Int ? a : b) as Int;
      if (!(z.s && z.v === 0)) throw new CuteError("operator+", "Arithmetic tuple op+ error! (an integer other than _0 plus a tuple)", [show(a), show(b)]);
    }
    return (name === "+" ? idxAdd(a, b) : idxSub(a, b)) as Value;
  }
  if (name === "*" && (Array.isArray(a) || Array.isArray(b))) {
    throw new CuteError("operator*", "CuTe defines no operator* on tuples (an integer scales a basis element E<i>{}; elem_scale and inner_product act on tuples)", [show(a), show(b)]);
  }
  return unsupported(name, a, b);
}

/**
 * tuple.hpp's and layout.hpp's operator==: tuples of one rank compare mode by mode, folded with
 * && from true_type (so the answer is static when every comparison is); tuples of different ranks,
 * or a tuple and an integer, are false_type; layouts compare shapes && strides. undefined where
 * neither operand is a tuple or a layout.
 */
function equal(a: Value, b: Value): Int | undefined {
  if (a instanceof Layout && b instanceof Layout) {
    const sh = equal(a.shape as Value, b.shape as Value);
    const st = equal(a.stride as Value, b.stride as Value);
    return sh === undefined || st === undefined ? undefined : binary("&&", sh, st);
  }
  const ta = Array.isArray(a);
  const tb = Array.isArray(b);
  if (ta && tb) {
    const x = a as Value[];
    const y = b as Value[];
    if (x.length !== y.length) return _0;
    let acc: Int = _1;
    for (let i = 0; i < x.length; i++) {
      const e = equal(x[i]!, y[i]!) ?? (x[i] instanceof Int && y[i] instanceof Int ? binary("==", x[i] as Int, y[i] as Int) : undefined);
      if (e === undefined) return undefined;
      acc = binary("&&", acc, e);
    }
    return acc;
  }
  if ((ta && b instanceof Int) || (tb && a instanceof Int)) return _0;
  if (a instanceof Int && b instanceof Int) return binary("==", a, b);
  return undefined;
}

/** *it: the value of a counting iterator or an arithmetic-tuple iterator; a pointer's element is device memory */
function dereference(a: Iter): Value {
  if (a instanceof CountingIter) return a.v.s ? I.D(a.v.v) : a.v;
  return deref(a, _0) as Value;
}

/**
 * iterator + integer (a pointer steps by elements: T* by sizeof(T) bytes, a sub-byte iterator by
 * bits, tmem_ptr by rotated words); an ArithTuple iterator + a coordinate; T* - integer
 */
function iteratorArithmetic(name: string, a: Value, b: Value): Value {
  const op = `operator${name}`;
  if (name === "+") {
    const [it, k] = (isIter(a) ? [a, b] : [b, a]) as [Iter, Value];
    if (isIter(k)) throw new CuteError(op, "two iterators do not add", [show(a), show(b)]);
    if (it instanceof ArithIter) {
      if (!isIdx(k)) throw new CuteError(op, "an ArithTuple iterator adds a coordinate", [show(a), show(b)]);
      return advance(it, k);
    }
    if (!(k instanceof Int)) throw new CuteError(op, "an iterator advances by an integer", [show(a), show(b)]);
    // i + it is C++ only for a raw pointer; iter_adaptor (gmem_ptr, ...) and the rest define it + i
    if (it === b && !(it instanceof PtrIter && it.tags.length === 0 && it.sub < 0)) throw new CuteError(op, "no operator+(integer, iterator): write the iterator first", [show(a), show(b)]);
    return advance(it, k);
  }
  if (name === "-" && a instanceof PtrIter && b instanceof Int) {
    if (a.tags.length > 0 || a.sub >= 0) throw new CuteError(op, "only a raw pointer T* has operator-; a tagged pointer (gmem_ptr, smem_ptr, swizzle_ptr) or a sub-byte iterator steps forward with +", [show(a), show(b)]);
    return ptrAdd(a, -b.v);
  }
  throw new CuteError(op, "no matching operator for an iterator", [show(a), show(b)]);
}

/** sizeof_bits of a cast's T (void: 0), if cute-ts knows the type */
export function pointeeBits(type: string): number | undefined {
  return type === "void" ? 0 : findValueType(type)?.bits;
}

/**
 * (T*)x, reinterpret_cast<T*>(x): an integer or a raw pointer as a raw `T*` (T any value type
 * CuTe names, or void); a tagged pointer does not convert
 */
export function castTo(type: string, stars: number, x: Value): Value {
  if (stars !== 1) throw new UsageError(`cute-ts reads casts to a pointer T* (one '*'), not to ${type}${"*".repeat(stars)}`);
  const vt = type === "void" ? { name: "void", bits: 0 } : (findValueType(type) ?? parseValueType(type));
  if (x instanceof Int) return rawPtr(vt.bits, x.v, vt.name);
  if (x instanceof PtrIter && x.tags.length === 0 && x.sub < 0) return rawPtr(vt.bits, x.addr, vt.name);
  throw new CuteError(`(${type}*)`, "no conversion: a cast to T* takes an address (an integer) or a raw pointer; raw_pointer_cast unwraps a tagged one", [show(x)]);
}

function unary(name: string, a: Int): Int {
  switch (name) {
    case "u-":
      return I.neg(a);
    case "u+":
      return a;
    case "u!":
      return mk(a.v === 0 ? 1 : 0, a.s);
    case "u~":
      return mk(big("operator~", ~BigInt(a.v)), a.s);
    default:
      throw new UsageError(`cute-ts does not know the operator ${name}`);
  }
}

function binary(name: string, a: Int, b: Int): Int {
  const s = a.s && b.s;
  switch (name) {
    case "*":
      return I.mul(a, b);
    case "/":
      return I.div(a, b);
    case "%":
      return I.mod(a, b);
    case "+":
      return I.add(a, b);
    case "-":
      return I.sub(a, b);
    case "<<":
    case ">>": {
      if (b.v < 0 || b.v >= 64) throw new CuteError(`operator${name}`, `shift by ${b.v}: the shift count must be in [0, 64)`, [I.show(a), I.show(b)]);
      return mk(big(`operator${name}`, name === "<<" ? BigInt(a.v) << BigInt(b.v) : BigInt(a.v) >> BigInt(b.v)), s);
    }
    case "<":
      return mk(+(a.v < b.v), s);
    case "<=":
      return mk(+(a.v <= b.v), s);
    case ">":
      return mk(+(a.v > b.v), s);
    case ">=":
      return mk(+(a.v >= b.v), s);
    case "==":
      return mk(+(a.v === b.v), s);
    case "!=":
      return mk(+(a.v !== b.v), s);
    case "&":
      if ((isConst(a, 0) && !b.s) || (isConst(b, 0) && !a.s)) return _0;
      return mk(big("operator&", BigInt(a.v) & BigInt(b.v)), s);
    case "^":
      return mk(big("operator^", BigInt(a.v) ^ BigInt(b.v)), s);
    case "|":
      return mk(big("operator|", BigInt(a.v) | BigInt(b.v)), s);
    case "&&":
      if ((a.s && a.v === 0) || (b.s && b.v === 0)) return _0;
      return mk(+(a.v !== 0 && b.v !== 0), s);
    case "||":
      if ((a.s && a.v !== 0) || (b.s && b.v !== 0)) return _1;
      return mk(+(a.v !== 0 || b.v !== 0), s);
  }
  throw new UsageError(`cute-ts does not know the operator ${name}`);
}

function big(op: string, x: bigint): number {
  const n = Number(x);
  if (!Number.isSafeInteger(n)) throw new CuteError(op, `integer overflow: the result is beyond ${SAFE_LIMIT_TEXT} (cute-ts refuses rather than round)`);
  return n;
}

const isIdx = (v: Value): v is Idx => v instanceof Int || v instanceof ScaledBasis || (Array.isArray(v) && v.every(isIdx));

function kind(v: Value): string {
  if (v instanceof Int) return "an integer";
  if (isIter(v)) return "an iterator";
  if (v instanceof ScaledBasis) return "a basis element";
  if (v instanceof Layout) return "a layout";
  if (Array.isArray(v)) return "a tuple";
  return `a ${v.constructor.name}`;
}

function unsupported(name: string, a: Value, b?: Value): never {
  const what = b === undefined ? kind(a) : `${kind(a)} and ${kind(b)}`;
  throw new Unsupported(`operator${spell(name)} on ${what}`, " (it applies CuTe's operators to integers, and scales basis elements E<i>{} by integers)");
}
