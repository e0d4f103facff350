/**
 * Swizzle functors and composed layouts (swizzle.hpp, swizzle_layout.hpp, layout_composed.hpp).
 */
import { CuteError } from "./errors.js";
import { Int, S, D, SAFE_LIMIT_TEXT } from "./integer.js";
import { Idx } from "./basis.js";
import { Layout } from "./layout.js";
import type { MixedBits } from "./mixed-bits.js";

export class Swizzle {
  constructor(
    readonly b: number,
    readonly m: number,
    readonly s: number,
  ) {
    if (b < 0) throw new CuteError(`Swizzle<${b},${m},${s}>`, "BBits must be positive.");
    if (m < 0) throw new CuteError(`Swizzle<${b},${m},${s}>`, "MBase must be positive.");
    if (Math.abs(s) < b) throw new CuteError(`Swizzle<${b},${m},${s}>`, "abs(SShift) must be more than BBits.");
    if (b + m + Math.abs(s) > 52) throw new CuteError(`Swizzle<${b},${m},${s}>`, "swizzle bits beyond 2^52 are not supported");
  }
  get yyyMask(): number {
    return ((1 << this.b) - 1) * 2 ** (this.m + Math.max(0, this.s));
  }
  get zzzMask(): number {
    return ((1 << this.b) - 1) * 2 ** (this.m - Math.min(0, this.s));
  }
  apply(x: number): number {
    return swizzleNum(this, x);
  }
}

function shiftr(x: number, s: number): number {
  return s >= 0 ? Math.floor(x / 2 ** s) : x * 2 ** -s;
}
/** offset ^ shiftr(offset & yyy_msk, S), with numbers up to 2^53 */
export function swizzleNum(sw: Swizzle, x: number): number {
  if (!Number.isSafeInteger(x)) throw new CuteError(`Swizzle<${sw.b},${sw.m},${sw.s}>`, `a swizzle applies to integer offsets up to ${SAFE_LIMIT_TEXT}; this offset is beyond it`);
  if (sw.b === 0) return x;
  if (x >= 0 && x < 2 ** 31) {
    const y = x & sw.yyyMask;
    return (x ^ (sw.s >= 0 ? y >>> sw.s : y << -sw.s)) >>> 0;
  }
  return Number(BigInt(x) ^ BigInt(shiftr(Number(BigInt(x) & BigInt(sw.yyyMask)), sw.s)));
}

/** the offset between a swizzle and its layout: an integer, or CuTe's `smem_ptr[16b](unset)` */
export class SmemPtrFlag {
  constructor(readonly bits: number) {}
}

/**
 * ComposedLayout<A, Offset, B>: c -> A(offset + B(c)). A is a swizzle, a layout or itself a
 * composed function; B, which gives the domain (shape, size, slicing), is a layout or another
 * composed layout (composition(A o k o B, C) composes B with C, whatever C is).
 */
export class ComposedLayout {
  constructor(
    readonly a: ComposedOuter,
    readonly offset: Idx | SmemPtrFlag | MixedBits,
    readonly b: ComposedInner,
  ) {}
}
/** what may stand as a composed layout's outer function A */
export type ComposedOuter = Swizzle | Layout | ComposedLayout | SwizzleInnerComposed;
/** what may stand as a composed layout's inner layout B */
export type ComposedInner = Layout | ComposedLayout;

/** the plain layout at the bottom of a composed layout's inner chain: it carries the shape */
export function innermostLayout(c: ComposedLayout): Layout {
  let b = c.b;
  while (b instanceof ComposedLayout) b = b.b;
  return b;
}

/**
 * ComposedLayout<A, Offset, Sw>: i -> A(offset + Sw(i)), and likewise over another such function
 * (A o k o (P o j o Sw)). The inverses of a swizzled layout with a non-zero offset give it; CuTe
 * can print it, apply it to an integer, compose it and invert it, no more (it has no shape).
 */
export class SwizzleInnerComposed {
  constructor(
    readonly a: ComposedOuter,
    readonly offset: Int,
    readonly b: Swizzle | SwizzleInnerComposed,
  ) {}
}

export function applySwizzleInt(sw: Swizzle, x: Int): Int {
  const v = sw.apply(x.v);
  return x.s ? S(v) : D(v);
}

export function showSwizzle(sw: Swizzle): string {
  return `Sw<${sw.b},${sw.m},${sw.s}>`;
}
