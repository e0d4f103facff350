/**
 * C++'s float and double in pasted host code (`float alpha = 1.0f;`, a scale, a ratio): values the
 * evaluator carries beyond core's integers. They print as CuTe's print(float) / print(double) do
 * (printf's %f, util/print.hpp), format with printf's %f %e %g, compute as C++ does (the usual
 * arithmetic conversions; a float's results rounded to single precision), compare into a bool,
 * and convert to an integer by truncation. No core function takes one: a layout holds integers.
 */
import { CuteError } from "../core/errors.js";
import { D, Int } from "../core/integer.js";
import type { Value } from "../core/value.js";
import { FloatValue, type FloatType } from "./ext-value.js";
import { formatFloat } from "./float-format.js";

export { FloatValue, type FloatType, formatFloat };

/** a float rounded to single precision, or a double */
export function makeFloat(v: number, type: FloatType): FloatValue {
  return new FloatValue(type === "float" ? Math.fround(v) : v, type);
}

/** the floating type a C++ type name means (long double as double); undefined for any other name */
export function floatType(name: string): FloatType | undefined {
  return name === "float" ? "float" : name === "double" || name === "long double" ? "double" : undefined;
}

/** v as a value of a floating type, as a C++ initialisation or assignment converts it; undefined for a value that does not convert */
export function toFloat(v: unknown, type: FloatType): FloatValue | undefined {
  if (v instanceof FloatValue) return makeFloat(v.v, type);
  if (v instanceof Int) return makeFloat(v.v, type);
  return undefined;
}

/** a floating value as an integer, as C++ converts it (toward zero); an integer as it is */
export function truncated(v: FloatValue): Int {
  if (!Number.isFinite(v.v) || Math.abs(v.v) > Number.MAX_SAFE_INTEGER) throw new CuteError("int(...)", `${v.what} has no integer value cute-ts holds (C++: undefined behaviour)`);
  return D(Math.trunc(v.v));
}

/**
 * C++'s operators where an operand is floating: + - * / in the wider of the operands' types (an
 * integer converts to the other's), comparisons and logic as a bool (a run-time 1 or 0)
 */
export function floatOp(name: string, args: unknown[]): Value | FloatValue {
  const num = (x: unknown): number => {
    if (x instanceof FloatValue) return x.v;
    if (x instanceof Int) return x.v;
    throw new CuteError(`operator${name.replace(/^u(?=.)/, "")}`, "invalid operands: a floating-point number goes with integers and floating-point numbers", []);
  };
  const [a, b] = args;
  if (b === undefined) {
    const x = a as FloatValue;
    if (name === "u-") return makeFloat(-x.v, x.type);
    if (name === "u+") return x;
    if (name === "u!") return D(x.v === 0 ? 1 : 0);
    throw new CuteError(`operator${name.slice(1)}`, "invalid argument type: a floating-point number");
  }
  const x = num(a), y = num(b);
  const type: FloatType = (a instanceof FloatValue && a.type === "double") || (b instanceof FloatValue && b.type === "double") ? "double" : "float";
  switch (name) {
    case "+": return makeFloat(x + y, type);
    case "-": return makeFloat(x - y, type);
    case "*": return makeFloat(x * y, type);
    case "/": return makeFloat(x / y, type);
    case "<": return D(+(x < y));
    case "<=": return D(+(x <= y));
    case ">": return D(+(x > y));
    case ">=": return D(+(x >= y));
    case "==": return D(+(x === y));
    case "!=": return D(+(x !== y));
    case "&&": return D(+(x !== 0 && y !== 0));
    case "||": return D(+(x !== 0 || y !== 0));
  }
  throw new CuteError(`operator${name}`, "invalid operands to binary expression: a floating-point operand (C++ has no such operator for it)");
}

/** print(float) and print(double): printf("%f") */
export function printFloat(v: FloatValue): string {
  return formatFloat("f", v.v, 6, "");
}

