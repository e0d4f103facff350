/**
 * Scaled basis elements (`_1@0`, `2@1`, `_1@1@0`) and the arithmetic tuples they add up to.
 * A layout whose strides are bases maps a coordinate to a coordinate: CuTe's identity
 * layouts and TMA coordinate tensors.
 */
import { CuteError } from "./errors.js";
import { Int, _0, add, mul, neg, sub, show as showInt } from "./integer.js";

export class ScaledBasis {
  constructor(
    readonly value: Int,
    /** CuTe's Ns..., outermost first: `E<0,1>` is modes [0,1] and prints `_1@1@0` */
    readonly modes: readonly number[],
  ) {}
}

/** What a layout maps a coordinate to: an integer, a basis element, or an arithmetic tuple. */
export type Idx = Int | ScaledBasis | Idx[];

export function E(...modes: number[]): ScaledBasis {
  return new ScaledBasis(mk1(), modes);
}
function mk1(): Int {
  return new Int(1, true);
}

/** ScaledBasis<T,N,Ns...> as the arithmetic tuple (_0,...,_0, as_arithmetic_tuple(<T,Ns...>)) */
export function asArithmeticTuple(b: ScaledBasis): Idx {
  let r: Idx = b.value;
  for (let k = b.modes.length - 1; k >= 0; k--) {
    const n = b.modes[k]!;
    const t: Idx[] = new Array(n + 1);
    for (let i = 0; i < n; i++) t[i] = _0;
    t[n] = r;
    r = t;
  }
  return r;
}

/** CuTe's `+` over integers, basis elements and arithmetic tuples. */
export function idxAdd(a: Idx, b: Idx): Idx {
  if (a instanceof Int && b instanceof Int) return add(a, b);
  if (a instanceof Int) return addZero(a, b, "left");
  if (b instanceof Int) return addZero(b, a, "right");
  const ta = a instanceof ScaledBasis ? asArithmeticTuple(a) : a;
  const tb = b instanceof ScaledBasis ? asArithmeticTuple(b) : b;
  if (!Array.isArray(ta)) return idxAdd(ta, tb);
  if (!Array.isArray(tb)) return idxAdd(ta, tb);
  const n = Math.max(ta.length, tb.length);
  const r: Idx[] = new Array(n);
  for (let i = 0; i < n; i++) r[i] = idxAdd(ta[i] ?? _0, tb[i] ?? _0);
  return r;
}

/**
 * CuTe's `-` over arithmetic tuples (arithmetic_tuple.hpp): mode by mode, the shorter padded
 * with `_0`; `C<0> - t` is `-t` and `t - C<0>` is t. Basis elements have no operator-.
 */
export function idxSub(a: Idx, b: Idx): Idx {
  if (a instanceof ScaledBasis || b instanceof ScaledBasis) throw new CuteError("operator-", "CuTe defines no operator- for basis elements (E<i>{}): add them, or subtract arithmetic tuples", [showIdx(a), showIdx(b)]);
  if (a instanceof Int && b instanceof Int) return sub(a, b);
  if (a instanceof Int) {
    if (a.s && a.v === 0) return idxNeg(b);
    throw new CuteError("operator-", "Arithmetic tuple op- error! (an integer minus a tuple)", [showInt(a), showIdx(b)]);
  }
  if (b instanceof Int) {
    if (b.s && b.v === 0) return a;
    throw new CuteError("operator-", "Arithmetic tuple op- error! (a tuple minus an integer)", [showIdx(a), showInt(b)]);
  }
  const n = Math.max(a.length, b.length);
  const r: Idx[] = new Array(n);
  for (let i = 0; i < n; i++) r[i] = idxSub(a[i] ?? _0, b[i] ?? _0);
  return r;
}
/** -t, mode by mode */
export function idxNeg(a: Idx): Idx {
  if (a instanceof Int) return neg(a);
  if (a instanceof ScaledBasis) return new ScaledBasis(neg(a.value), a.modes);
  return a.map(idxNeg);
}
function showIdx(x: Idx): string {
  if (x instanceof Int) return showInt(x);
  if (x instanceof ScaledBasis) return `${showInt(x.value)}${x.modes.map((m) => `@${m}`).reverse().join("")}`;
  return `(${x.map(showIdx).join(",")})`;
}

/** `C<0> + x` is x; any other integer plus a coordinate is a CuTe compile error. */
function addZero(z: Int, x: Idx, side: string): Idx {
  if (x instanceof ScaledBasis && x.modes.length === 0) return side === "left" ? add(z, x.value) : add(x.value, z);
  if (z.s && z.v === 0) return x;
  throw new CuteError("operator+", "ScaledBasis op+ error! (an integer plus a coordinate)", [showInt(z)]);
}

/** integer times an index value: scales a basis element's value, or each tuple element */
export function idxScale(a: Int, b: Idx): Idx {
  if (b instanceof Int) return mul(a, b);
  if (b instanceof ScaledBasis) return new ScaledBasis(mul(a, b.value), b.modes);
  return b.map((x) => idxScale(a, x));
}

export function idxIsStatic(x: Idx): boolean {
  if (x instanceof Int) return x.s;
  if (x instanceof ScaledBasis) return x.value.s;
  return x.every(idxIsStatic);
}

