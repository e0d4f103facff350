/**
 * The layout algebra make_tma_copy uses, on top of the core (src/core/layout.ts): layouts whose
 * strides may be integers or scaled basis elements (`_1@0`), with CuTe's static/dynamic rules.
 *
 * Kept here: the TMA-only pieces of copy_traits_sm90_tma.hpp (coalesce_256, basis helpers) and
 * make_basis_like as CuTe has it for a non-tuple shape (the integer _1, where the core gives a
 * basis element of no mode; both print `_1`).
 */
import { CuteError } from "../../core/errors.js";
import { Int, S, D, _0, _1, mul, isConst, show as showInt } from "../../core/integer.js";
import { ScaledBasis, type Idx } from "../../core/basis.js";
import * as CL from "../../core/layout.js";
import * as CT from "../../core/int-tuple.js";

export { Int, S, D, _0, _1, ScaledBasis, isConst, mul };
export type { Idx };

/** An integer tuple (a shape, or a coordinate). */
export type IT = Int | IT[];

/** The slice wildcard `_`. */
export type Under = CT.Underscore;
/** A coordinate that may contain `_`. */
export type Crd = Int | Under | Crd[];

export const TLayout = CL.Layout;
export type TLayout = CL.Layout;

/** A tiler: an integer (`_16`), a layout, `_`, or a tuple of tilers (by-mode). */
export type Tiler = Int | TLayout | Under | Tiler[];

// ------------------------------------------------------------------------------------------
// tuples

export const isTup = <T>(x: T | T[]): x is T[] => Array.isArray(x);
export function rankOf(x: unknown): number {
  return Array.isArray(x) ? x.length : 1;
}
export function getMode<T>(x: T | T[], i: number): T | T[] {
  if (Array.isArray(x)) {
    if (i >= x.length) throw new CuteError("get", `index ${i} out of range for a rank-${x.length} tuple`);
    return x[i]!;
  }
  if (i !== 0) throw new CuteError("get", `index ${i} out of range for an integer`);
  return x;
}
/** flat list of leaves */
export function leaves<T>(x: T | T[] | any): T[] {
  if (!Array.isArray(x)) return [x];
  const r: T[] = [];
  for (const e of x) r.push(...leaves<T>(e));
  return r;
}
export function product(s: IT): Int {
  if (!isTup(s)) return s;
  let r: Int = _1;
  for (const e of s) r = mul(r, product(e));
  return r;
}
export function productEach(s: IT): IT {
  return isTup(s) ? s.map(product) : s;
}
export function wrap<T>(x: T | T[]): T[] {
  return Array.isArray(x) ? x : [x];
}

// ------------------------------------------------------------------------------------------
// strides (integers and scaled bases)

export function basis(modes: number[], v: Int = _1): ScaledBasis {
  return new ScaledBasis(v, modes);
}
/** stride * integer (an integer scale keeps the basis direction) */
export function scaleStride(d: Idx, k: Int): Idx {
  if (d instanceof Int) return mul(d, k);
  if (d instanceof ScaledBasis) return new ScaledBasis(mul(d.value, k), d.modes);
  return d.map((e) => scaleStride(e, k));
}
export function basisValue(d: Idx): Int {
  if (d instanceof ScaledBasis) return d.value;
  if (d instanceof Int) return d;
  throw new CuteError("basis_value", "expected a stride element, got a tuple");
}
/** CuTe basis_get: pick the sub-element of t that a basis element points at */
export function basisGet<T>(e: Idx, t: T | T[]): T | T[] {
  if (e instanceof ScaledBasis) {
    let r: T | T[] = t;
    for (const m of e.modes) r = getMode(r as T | T[], m);
    return r;
  }
  return t;
}
/** is `a == b` a static true (both sides compile-time and equal)? */
export function staticEq(a: Idx, b: Idx): boolean {
  if (a instanceof Int && b instanceof Int) return a.s && b.s && a.v === b.v;
  if (a instanceof ScaledBasis && b instanceof ScaledBasis) {
    return a.modes.length === b.modes.length && a.modes.every((m, i) => m === b.modes[i]) && staticEq(a.value, b.value);
  }
  if (a instanceof ScaledBasis && b instanceof Int) return a.modes.length === 0 && staticEq(a.value, b);
  if (b instanceof ScaledBasis && a instanceof Int) return b.modes.length === 0 && staticEq(a, b.value);
  return false;
}

// ------------------------------------------------------------------------------------------
// printing (CuTe's print)

export function showIT(x: IT): string {
  return isTup(x) ? `(${x.map(showIT).join(",")})` : showInt(x);
}
export function showIdx(x: Idx): string {
  if (x instanceof Int) return showInt(x);
  if (x instanceof ScaledBasis) return `${showInt(x.value)}${[...x.modes].reverse().map((m) => `@${m}`).join("")}`;
  return `(${x.map(showIdx).join(",")})`;
}
export function showLayout(l: TLayout): string {
  return `${showIT(l.shape as IT)}:${showIdx(l.stride as Idx)}`;
}

// ------------------------------------------------------------------------------------------
// construction and access (core)

export function makeLayout(shape: IT, stride?: Idx): TLayout {
  return CL.make_layout(shape, stride as CT.Stride | undefined);
}
/** make_layout(L0, L1, ...) : a layout whose modes are the given layouts */
export function makeLayoutOf(...ls: TLayout[]): TLayout {
  return CL.concat(...ls);
}
export const size = (l: TLayout): Int => CL.size(l);
export const cosize = (l: TLayout): Int => CL.cosize(l);
export const take = (l: TLayout, b: number, e: number): TLayout => CL.take(l, b, e);

/** group<B,E> (E = -1: to the end); a group of one element becomes a rank-1 tuple, B == E is a no-op */
export function group<T>(t: T[], b: number, e: number): T[] {
  if (e === -1) e = t.length;
  if (b >= e) return t;
  return [...t.slice(0, b), t.slice(b, e) as unknown as T, ...t.slice(e)];
}

/** make_basis_like: E<i...> for each leaf; an integral shape gives the integer _1 (as in CuTe) */
export function makeBasisLike(shape: IT, prefix: number[] = []): Idx {
  if (!isTup(shape)) return prefix.length === 0 ? _1 : basis(prefix);
  return shape.map((s, i) => makeBasisLike(s, [...prefix, i]));
}
export function makeIdentityLayout(shape: IT): TLayout {
  return new TLayout(shape, makeBasisLike(shape) as CT.Stride);
}

// ------------------------------------------------------------------------------------------
// algebra (core)

export const coalesce = (l: TLayout, profile?: IT): TLayout => CL.coalesce(l, profile);
export const composition = (lhs: TLayout, rhs: Tiler): TLayout => CL.composition(lhs, rhs as CL.Tiler);
export const complement = (l: TLayout, cotarget: Int): TLayout => CL.complement(l, cotarget);
export const rightInverse = (l: TLayout): TLayout => CL.right_inverse(l);
export const slice = (c: Crd, l: TLayout): TLayout => CL.slice(c as CT.Coord, l);

// ------------------------------------------------------------------------------------------
// TMA-local pieces

/** TMA's coalesce_256: merge modes front to back while the merged extent stays <= 256 */
export function coalesce256(l: TLayout): TLayout {
  const fs = leaves<Int>(l.shape);
  const fd = leaves<Idx>(l.stride);
  let ns: Int[] = [fs[0]!];
  let nd: Idx[] = [fd[0]!];
  let newIsTuple = false;
  for (let i = 1; i < fs.length; i++) {
    const s = fs[i]!;
    const d = fd[i]!;
    const bs = ns[ns.length - 1]!;
    const bd = nd[nd.length - 1]!;
    if (isConst(s, 1)) continue;
    if (!newIsTuple && isConst(ns[0]!, 1)) {
      ns = [s];
      nd = [d];
      continue;
    }
    const merged = mul(s, bs);
    if (staticEq(scaleStride(bd, bs), d) && merged.s && merged.v <= 256) {
      ns[ns.length - 1] = merged;
      continue;
    }
    ns.push(s);
    nd.push(d);
    newIsTuple = true;
  }
  if (!newIsTuple && isConst(ns[0]!, 1)) return new TLayout(_1, _0);
  if (!newIsTuple) return new TLayout(ns[0]!, nd[0]! as CT.Stride);
  return new TLayout(ns, nd as CT.Stride);
}

/** tile_to_shape(block, n) for an integral target (LayoutLeft order; not coalesced at the golden commit) */
export const tileToShape = (block: TLayout, target: Int): TLayout => CL.tile_to_shape(block, target);

