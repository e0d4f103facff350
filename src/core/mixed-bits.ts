/**
 * CuTe's MixedBits (swizzle.hpp): a 32-bit value whose bits are partly known statically and
 * partly only at run time. Swizzled-layout slicing tracks its offsets this way, which decides
 * which strides of the decayed layout stay static.
 */
import { Int, S, D } from "./integer.js";

export class MixedBits {
  constructor(
    /** the statically known bits */
    readonly s: number,
    /** which bits are dynamic */
    readonly f: number,
    /** the dynamic bits' run-time value (d & f) */
    readonly d: number,
  ) {}
  get value(): number {
    return (this.s | this.d) >>> 0;
  }
}

/** an offset in bit arithmetic: a static or dynamic integer, or mixed bits */
export type Bits = Int | MixedBits;

const u = (x: number) => x >>> 0;

/** make_mixed_bits(C<s>, d, C<f>): static when no dynamic bit survives */
export function makeMixedBits(s: number, d: Int, f: number): Bits {
  const nf = u(f & ~s);
  if (nf === 0 || d.s) return S(u(s | (d.v & nf)));
  return new MixedBits(u(s), nf, u(d.v & nf));
}

function dyn(x: Bits): number {
  return x instanceof MixedBits ? x.value : x.v;
}

export function bitsAnd(a: Bits, mask: number): Bits {
  if (a instanceof MixedBits) return makeMixedBits(u(a.s & mask), D(a.d), u(a.f & mask));
  if (a.s) return S(u(a.v & mask));
  if (mask === 0) return S(0);
  return D(u(a.v & mask));
}

export function bitsXor(a: Bits, b: Bits): Bits {
  if (a instanceof Int && b instanceof Int) return a.s && b.s ? S(u(a.v ^ b.v)) : D(u(a.v ^ b.v));
  if (a instanceof MixedBits && b instanceof MixedBits) {
    return makeMixedBits(u((~a.s & b.s & ~a.f) | (a.s & ~b.s & ~b.f)), D(u((a.s | a.d) ^ (b.s | b.d))), u(a.f | b.f));
  }
  const m = (a instanceof MixedBits ? a : b) as MixedBits;
  const c = (a instanceof MixedBits ? b : a) as Int;
  if (!c.s) return D(u(m.value ^ c.v));
  return makeMixedBits(u((~m.s & c.v & ~m.f) | (m.s & ~c.v)), D(u((m.s | m.d) ^ c.v)), m.f);
}

/** shiftr by a static amount (negative shifts left) */
export function bitsShiftr(a: Bits, k: number): Bits {
  const sh = (x: number) => (k >= 0 ? x >>> k : u(x << -k));
  if (a instanceof MixedBits) return makeMixedBits(sh(a.s), D(sh(a.d)), sh(a.f));
  return a.s ? S(sh(a.v)) : D(sh(a.v));
}

/** `x == _0`: a static answer only when x is a static integer */
export function bitsIsZero(a: Bits): { v: boolean; s: boolean } {
  if (a instanceof MixedBits) return { v: a.value === 0, s: false };
  return { v: a.v === 0, s: a.s };
}

/** converting to an integer (MixedBits -> uint32_t) */
export function bitsToInt(a: Bits): Int {
  return a instanceof MixedBits ? D(a.value) : a;
}

export function showBits(m: MixedBits): string {
  return `M_${m.s}|(${m.d}&${m.f})=${m.value}`;
}

export { dyn };
