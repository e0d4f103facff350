/**
 * The CuTe DSL's floating-point scalars, as its data_types notebook uses them: `cutlass.Float32(3.14)`
 * is a dynamic value (`?` when printed at trace time, `3.140000` by cute.printf at run time), a
 * Python float literal is a static one, and arithmetic promotes as the DSL's Numeric types do (an
 * Int32 with a Float32 is a Float32; `/` of integers is a Float32). Dynamic integers stay CuTe's
 * integers (src/core/integer.ts): only what involves a float, or true division, is computed here.
 */
import { UsageError, words } from "../core/errors.js";
import { DSL_FLOAT_TYPES, type DslFloatType, type DslNumeric } from "../core/dsl-types.js";
import { AtomValue } from "./ext-value.js";
import { READ_AS_DSL } from "./dsl-values.js";
import { formatFloat } from "./float-format.js";


/** cute.printf's text of a float: C's %f of the value (a float is promoted to double) */
const printfText = (v: number): string => formatFloat("f", v, 6, "");

/** a dynamic floating-point value of the DSL (cutlass.Float32(3.14)): run-time data */
export class DslFloat extends AtomValue {
  readonly what: string;
  constructor(
    readonly type: DslFloatType,
    readonly v: number,
  ) {
    super();
    this.what = `a ${type}`;
  }
  print(): string {
    throw new UsageError(words`${this.what} is the CuTe DSL's (cutlass.${this.type}(...)); CuTe's C++ print has none: use ${READ_AS_DSL}`);
  }
  picture(): string {
    throw new UsageError(`${this.what} has no picture`);
  }
  /** at trace time a dynamic value is `?` (data_types.ipynb: `a(static) = ?`) */
  dsl(): string {
    return "?\n";
  }
  printf(): string {
    return printfText(this.v);
  }
}

/** a Python float literal: static, a value of the Python program */
export class PyFloat extends AtomValue {
  readonly what = "a Python float";
  constructor(readonly v: number) {
    super();
  }
  print(): string {
    throw new UsageError(words`a Python float is the CuTe DSL's spelling: use ${READ_AS_DSL}`);
  }
  picture(): string {
    throw new UsageError(`${this.what} has no picture`);
  }
  dsl(): string {
    return pythonRepr(this.v) + "\n";
  }
  printf(): string {
    return printfText(this.v);
  }
}

/** Python's repr of a float: the shortest text that reads back, `2.0` for an integral value, an exponent outside [1e-4, 1e16) */
export function pythonRepr(v: number): string {
  if (Number.isNaN(v)) return "nan";
  if (!Number.isFinite(v)) return v < 0 ? "-inf" : "inf";
  const a = Math.abs(v);
  if (a !== 0 && (a < 1e-4 || a >= 1e16)) {
    const [m, e] = v.toExponential().split("e") as [string, string];
    const x = Number(e);
    return `${m}e${x < 0 ? "-" : "+"}${String(Math.abs(x)).padStart(2, "0")}`;
  }
  const s = Object.is(v, -0) ? "-0" : String(v);
  return s.includes(".") ? s : s + ".0";
}

/**
 * v rounded once to the nearest value of a binary format with `mant` fraction bits and smallest
 * normal exponent `emin`, ties to even; past the largest finite value (`max`, whose halfway point
 * to the next power rounds up), infinity
 */
function roundBinary(v: number, mant: number, emin: number, max: number): number {
  if (!Number.isFinite(v) || v === 0) return v;
  const a = Math.abs(v);
  // the spacing of the format's values near a: 2^(e - mant) for a normal number, 2^(emin - mant) below 2^emin
  let e = Math.max(Math.floor(Math.log2(a)), emin);
  if (2 ** e > a) e--; // log2 can round up just below a power of two
  if (e < emin) e = emin;
  const ulp = 2 ** (e - mant);
  const q = a / ulp; // exact: ulp is a power of two
  const lo = Math.floor(q), f = q - lo;
  const r = (f > 0.5 || (f === 0.5 && lo % 2 === 1) ? lo + 1 : lo) * ulp; // a tie goes to the even neighbour
  if (r > max) return v < 0 ? -Infinity : Infinity;
  return v < 0 ? -r : r;
}

/** v as a value of the float type stores it */
export function roundTo(type: DslFloatType, v: number): number {
  switch (type) {
    case "Float64":
      return v;
    case "Float32":
      return Math.fround(v);
    case "Float16":
      return roundBinary(v, 10, -14, 65504);
    case "BFloat16":
      return roundBinary(v, 7, -126, 3.3895313892515355e38);
  }
}

/** the type of a mixed operation: the widest float among the operands', a Float32 where none is one */
export function promoted(types: readonly (DslFloatType | undefined)[]): DslFloatType {
  let best: DslFloatType | undefined;
  for (const t of types) if (t !== undefined && (best === undefined || DSL_FLOAT_TYPES.indexOf(t) > DSL_FLOAT_TYPES.indexOf(best))) best = t;
  return best ?? "Float32";
}

/** Python's arithmetic on two numbers: + - * / // % ** and the comparisons (1 or 0) */
export function arithmetic(op: string, a: number, b: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      if (b === 0) throw new UsageError("float division by zero (Python raises ZeroDivisionError)");
      return a / b;
    case "**":
      if (a === 0 && b < 0) throw new UsageError("0.0 cannot be raised to a negative power (Python raises ZeroDivisionError)");
      return a ** b;
    case "//":
      if (b === 0) throw new UsageError("float floor division by zero (Python raises ZeroDivisionError)");
      return Math.floor(a / b);
    case "%": {
      if (b === 0) throw new UsageError("float modulo by zero (Python raises ZeroDivisionError)");
      const r = a % b;
      return r !== 0 && r < 0 !== b < 0 ? r + b : r;
    }
    case "<":
      return a < b ? 1 : 0;
    case "<=":
      return a <= b ? 1 : 0;
    case ">":
      return a > b ? 1 : 0;
    case ">=":
      return a >= b ? 1 : 0;
    case "==":
      return a === b ? 1 : 0;
    case "!=":
      return a !== b ? 1 : 0;
  }
  throw new UsageError(`the operator ${op} does not apply to floating-point values`);
}

/** x.to(IntN / UintN): the value truncated toward zero, then wrapped to the type's bits (data_types.ipynb: Int32(300) => Int8(44)) */
export function toInteger(v: number, t: DslNumeric): number {
  if (!Number.isFinite(v)) throw new UsageError(`${v} has no value as ${t.name}`);
  const bits = BigInt(t.bits);
  let x = BigInt(Math.trunc(v)) & ((1n << bits) - 1n);
  if (t.name.startsWith("Int") && x >= 1n << (bits - 1n)) x -= 1n << bits;
  return Number(x);
}
