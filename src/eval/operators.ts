/**
 * CuTe's operators on integers (numeric/integral_constant.hpp): static op static is static
 * (`C<(t OP u)>`), a dynamic operand makes the result dynamic, except where CuTe's mixed
 * overloads keep a static result: `_0 * x`, `x * _0`, `_0 / x`, `x % _1`, `x % _-1`, `_0 % x`,
 * `_0 & x`, `x & _0` are `_0`; `_0 && x` is static false, `_1 || x` static true. Booleans are
 * printed as integers, as CuTe's print(bool) does. A scaled basis scales by an integer and adds
 * to other bases into an arithmetic tuple (numeric/arithmetic_tuple.hpp): `Int<2>{} * E<1>{}` is
 * `_2@1`, `E<0>{} + E<1>{}` is `(_1,_1)`.
 */
import { CuteError, UsageError } from "../core/errors.js";
import * as I from "../core/integer.js";
import { Int, isConst, mk, _0, _1 } from "../core/integer.js";
import { ScaledBasis, type Idx, idxAdd } from "../core/basis.js";
import { Layout } from "../core/layout.js";
import type { Value } from "../core/value.js";

/** the spelling of an operator node's name: "u-" is unary minus */
const spell = (name: string) => (name.length > 1 && name[0] === "u" ? name.slice(1) : name);

export function operate(name: string, args: Value[]): Value {
  const [a, b] = args as [Value, Value | undefined];
  if (b === undefined) {
    if (a instanceof Int) return unary(name, a);
    if (a instanceof ScaledBasis && name === "u-") return new ScaledBasis(I.neg(a.value), a.modes);
    return unsupported(name, a);
  }
  if (a instanceof Int && b instanceof Int) return binary(name, a, b);
  if (name === "*" && a instanceof Int && b instanceof ScaledBasis) return new ScaledBasis(I.mul(a, b.value), b.modes);
  if (name === "*" && a instanceof ScaledBasis && b instanceof Int) return new ScaledBasis(I.mul(a.value, b), a.modes);
  // basis elements add up to arithmetic tuples: E<0>{} + E<1>{} is (_1,_1); _0 + E<1>{} is E<1>{}
  if (name === "+" && (a instanceof ScaledBasis || b instanceof ScaledBasis) && isIdx(a) && isIdx(b)) return idxAdd(a, b) as Value;
  return unsupported(name, a, b);
}

function unary(name: string, a: Int): Int {
  switch (name) {
    case "u-":
      return I.neg(a);
    case "u+":
      return a;
    case "u!":
      return mk(a.v === 0 ? 1 : 0, a.s);
    default:
      return mk(big("operator~", ~BigInt(a.v)), a.s);
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
  if (!Number.isSafeInteger(n)) throw new CuteError(op, "integer overflow: the result exceeds 2^53 (cute-ts refuses rather than round)");
  return n;
}

const isIdx = (v: Value): v is Idx => v instanceof Int || v instanceof ScaledBasis || (Array.isArray(v) && v.every(isIdx));

function kind(v: Value): string {
  if (v instanceof Int) return "an integer";
  if (v instanceof ScaledBasis) return "a basis element";
  if (v instanceof Layout) return "a layout";
  if (Array.isArray(v)) return "a tuple";
  return `a ${v.constructor.name}`;
}

function unsupported(name: string, a: Value, b?: Value): never {
  const what = b === undefined ? kind(a) : `${kind(a)} and ${kind(b)}`;
  throw new UsageError(`cute-ts does not support operator${spell(name)} on ${what} yet (it applies CuTe's operators to integers, and scales basis elements E<i>{} by integers)`);
}
