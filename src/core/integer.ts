/**
 * CuTe's integers: a value plus whether it is static (`Int<4>{}`, printed `_4`) or dynamic
 * (`int{4}`, printed `4`). Every operation decides the static-ness of its result here, once,
 * as CuTe's overloads in integral_constant.hpp and math.hpp do.
 */
import { CuteError } from "./errors.js";

export class Int {
  constructor(
    readonly v: number,
    readonly s: boolean,
  ) {}
}

const STATIC_CACHE: Int[] = [];
const DYNAMIC_CACHE: Int[] = [];
const CACHE_LO = -64;
const CACHE_HI = 1024;
/**
 * S(n) for an integer n in [STATIC_LO, STATIC_HI] is STATIC_INTS[n - STATIC_LO] (outside it the
 * read gives undefined: `STATIC_INTS[n - STATIC_LO] ?? S(n)` is S(n) for every integer n). For
 * code that makes many static integers before V8 optimizes it, where a call to S costs more than
 * the rest of the work (the static paths of complement and right_inverse).
 */
export const STATIC_INTS: readonly Int[] = STATIC_CACHE;
export const STATIC_LO = CACHE_LO;
export const STATIC_HI = CACHE_HI;
for (let i = CACHE_LO; i <= CACHE_HI; i++) {
  STATIC_CACHE.push(new Int(i, true));
  DYNAMIC_CACHE.push(new Int(i, false));
}

/** the bound on every integer cute-ts holds, in the words its refusals use */
export const SAFE_LIMIT_TEXT = "2^53 - 1 = 9007199254740991 in magnitude, the largest integer cute-ts holds exactly";

/** refuse an integer past SAFE_LIMIT: `expr` says what was computed, `exact` its exact value when known (never a rounded float) */
export function overflow(op: string, expr: string, exact: bigint | undefined, operands: string[] = []): never {
  const value = exact === undefined ? "" : ` = ${exact}`;
  throw new CuteError(op, `integer overflow: ${expr}${value} is beyond ${SAFE_LIMIT_TEXT} (cute-ts refuses rather than round)`, operands);
}

/** the exact value of `a op b` for the operators checked() is given operands for */
function exactOf(op: string, a: Int, b: Int): bigint | undefined {
  if (!Number.isSafeInteger(a.v) || !Number.isSafeInteger(b.v)) return undefined;
  const x = BigInt(a.v), y = BigInt(b.v);
  return op === "operator+" ? x + y : op === "operator-" ? x - y : op === "operator*" ? x * y : undefined;
}

/** Integers that cannot be represented exactly are refused rather than silently rounded. */
function checked(n: number, op: string, a?: Int, b?: Int): number {
  if (!Number.isSafeInteger(n)) {
    if (Number.isNaN(n)) throw new CuteError(op, "integer division by zero");
    // the operands and the exact result, not the rounded float, say what overflowed
    if (a && b) overflow(op, `${show(a)} ${op.replace(/^operator/, "")} ${show(b)}`, exactOf(op, a, b), [show(a), show(b)]);
    overflow(op, "the result", undefined);
  }
  return n === 0 ? 0 : n; // no -0
}

/** static integer `_n` */
export function S(n: number): Int {
  return n >= CACHE_LO && n <= CACHE_HI && Number.isInteger(n) ? STATIC_CACHE[n - CACHE_LO]! : new Int(checked(n, "Int"), true);
}
/** dynamic integer `n` */
export function D(n: number): Int {
  return n >= CACHE_LO && n <= CACHE_HI && Number.isInteger(n) ? DYNAMIC_CACHE[n - CACHE_LO]! : new Int(checked(n, "int"), false);
}
export function mk(n: number, isStatic: boolean): Int {
  return isStatic ? S(n) : D(n);
}

export const _0 = S(0);
export const _1 = S(1);

export const isConst = (x: Int, n: number): boolean => x.s && x.v === n;

export function add(a: Int, b: Int): Int {
  return mk(checked(a.v + b.v, "operator+", a, b), a.s && b.s);
}
export function sub(a: Int, b: Int): Int {
  return mk(checked(a.v - b.v, "operator-", a, b), a.s && b.s);
}
/** `_0 * x` and `x * _0` stay static zero (CuTe's mixed special case). */
export function mul(a: Int, b: Int): Int {
  if (isConst(a, 0) || isConst(b, 0)) return _0;
  return mk(checked(a.v * b.v, "operator*", a, b), a.s && b.s);
}
export function neg(a: Int): Int {
  return mk(-a.v, a.s);
}

function truncDiv(a: number, b: number, op: string): number {
  if (b === 0) throw new CuteError(op, "integer division by zero (CuTe: SIGFPE at run time, or a compile error when static)");
  return checked(quot(a, b), op);
}
/** C++'s a / b, exactly: a float quotient near 2^53 can round up to the next integer */
function quot(a: number, b: number): number {
  if (Math.abs(a) <= 2 ** 31 || !Number.isSafeInteger(a) || !Number.isSafeInteger(b)) return Math.trunc(a / b);
  return Number(BigInt(a) / BigInt(b));
}

/** C++ truncating division; `_0 / x` is static zero. */
export function div(a: Int, b: Int): Int {
  if (isConst(a, 0) && !b.s) return _0;
  return mk(truncDiv(a.v, b.v, "operator/"), a.s && b.s);
}
/** C++ remainder (sign of the dividend); `x % _1`, `x % _-1` and `_0 % x` are static zero. */
export function mod(a: Int, b: Int): Int {
  if ((isConst(b, 1) || isConst(b, -1)) && !a.s) return _0;
  if (isConst(a, 0) && !b.s) return _0;
  if (b.v === 0) throw new CuteError("operator%", "integer division by zero (CuTe: SIGFPE at run time)");
  return mk(a.v % b.v || 0, a.s && b.s);
}

export function abs(a: Int): Int {
  return a.v < 0 ? mk(-a.v, a.s) : a;
}
export function signum(a: Int): Int {
  return mk(a.v > 0 ? 1 : a.v < 0 ? -1 : 0, a.s);
}
export function min(a: Int, b: Int): Int {
  return mk(Math.min(a.v, b.v), a.s && b.s);
}
export function max(a: Int, b: Int): Int {
  return mk(Math.max(a.v, b.v), a.s && b.s);
}
function gcdNum(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}
export function gcd(a: Int, b: Int): Int {
  return mk(gcdNum(a.v, b.v), a.s && b.s);
}
export function lcm(a: Int, b: Int): Int {
  const g = gcdNum(a.v, b.v);
  if (g === 0) return mk(0, a.s && b.s);
  const v = Math.abs((a.v / g) * b.v); // a.v / g is exact: g divides a
  if (!Number.isSafeInteger(v)) {
    const exact = BigInt(a.v / g) * BigInt(b.v);
    overflow("lcm", `lcm(${show(a)}, ${show(b)})`, exact < 0n ? -exact : exact, [show(a), show(b)]);
  }
  return mk(v, a.s && b.s);
}

/** Comparisons give CuTe booleans: static `_1`/`_0` when both sides are static. */
export function eq(a: Int, b: Int): Int {
  return mk(a.v === b.v ? 1 : 0, a.s && b.s);
}
export function lt(a: Int, b: Int): Int {
  return mk(a.v < b.v ? 1 : 0, a.s && b.s);
}

/** CuTe's scalar shape_div: exact quotient, rounding away from zero when |a| < |b|. */
export function shapeDivInt(a: Int, b: Int): Int {
  if (a.s && b.s) {
    if (b.v === 0 || a.v === 0 ? b.v === 0 : a.v % b.v !== 0 && b.v % a.v !== 0) {
      throw new CuteError("shape_div", "Static shape_div failure", [show(a), show(b)]);
    }
    return S(shapeDivNum(a.v, b.v));
  }
  if (b.v === 0) throw new CuteError("shape_div", "integer division by zero (CuTe: SIGFPE at run time)", [show(a), show(b)]);
  return D(shapeDivNum(a.v, b.v));
}
function shapeDivNum(a: number, b: number): number {
  const q = quot(a, b);
  return q !== 0 ? q : Math.sign(a) * Math.sign(b);
}

/** CuTe's scalar ceil_div: (a + b - 1) / b, with the static-ness of that expression */
export function ceilDivInt(a: Int, b: Int): Int {
  if (b.v === 0) return div(sub(add(a, b), _1), b);
  const t = a.v + (b.v - 1);
  // the intermediate a + b - 1 may pass 2^53 where the quotient does not: then it is computed exactly
  const q = Number.isSafeInteger(t) ? quot(t, b.v) : Number((BigInt(a.v) + BigInt(b.v) - 1n) / BigInt(b.v));
  return mk(q || 0, a.s && b.s);
}

/** shape_min: `_1` beats everything and stays static. */
export function shapeMin(a: Int, b: Int): Int {
  if (isConst(a, 1) || isConst(b, 1)) return _1;
  return min(a, b);
}

export function safeDiv(a: Int, b: Int): Int {
  if (a.s && b.s && b.v !== 0 && a.v % b.v !== 0) {
    throw new CuteError("safe_div", "Static safe_div requires t % u == 0", [show(a), show(b)]);
  }
  return div(a, b);
}

export function show(a: Int): string {
  return a.s ? `_${a.v}` : `${a.v}`;
}
