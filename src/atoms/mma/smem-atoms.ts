/**
 * CuTe's canonical shared-memory layout atoms for GMMA (mma_traits_sm90_gmma.hpp) and UMMA
 * (mma_traits_sm100.hpp): a swizzle over a position-independent smem pointer flag over a layout
 * written in bits (`Layout_K_SW128_Atom_Bits`), and the same atom in elements of a type T, which
 * is its upcast by sizeof_bits<T> (`Layout_K_SW128_Atom<T>`). UMMA reuses GMMA's eight atoms and
 * adds one whose swizzle has a 32-byte base (`Layout_MN_SW128_32B_Atom`).
 */
import { S } from "../../core/integer.js";
import { Layout } from "../../core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle } from "../../core/swizzle.js";
import { upcast } from "../../core/composed.js";

export type SmemAtomMajor = "K" | "MN";
export type SmemAtomSwizzle = "INTER" | "SW32" | "SW64" | "SW128" | "SW128_32B";

/** the swizzle of each atom and how many bits its contiguous rows hold */
const SHAPES: Record<SmemAtomSwizzle, { b: number; m: number; s: number; rowBits: number; rows: number }> = {
  INTER: { b: 0, m: 4, s: 3, rowBits: 128, rows: 8 },
  SW32: { b: 1, m: 4, s: 3, rowBits: 256, rows: 8 },
  SW64: { b: 2, m: 4, s: 3, rowBits: 512, rows: 8 },
  SW128: { b: 3, m: 4, s: 3, rowBits: 1024, rows: 8 },
  SW128_32B: { b: 2, m: 5, s: 2, rowBits: 1024, rows: 4 },
};

/** `Layout_<major>_<sw>_Atom_Bits`: rows of `rowBits` bits, contiguous along K (K-major) or along M|N */
export function smemAtomBits(major: SmemAtomMajor, sw: SmemAtomSwizzle): ComposedLayout {
  const { b, m, s, rowBits, rows } = SHAPES[sw];
  const inner = major === "K" ? new Layout([S(rows), S(rowBits)], [S(rowBits), S(1)]) : new Layout([S(rowBits), S(rows)], [S(1), S(rowBits)]);
  return new ComposedLayout(new Swizzle(b, m, s), new SmemPtrFlag(1), inner);
}

/** `Layout_<major>_<sw>_Atom<T>` = upcast<sizeof_bits<T>>(the bit atom) */
export function smemAtom(major: SmemAtomMajor, sw: SmemAtomSwizzle, bits: number): ComposedLayout {
  return upcast(smemAtomBits(major, sw), bits) as ComposedLayout;
}
