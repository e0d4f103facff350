/**
 * Value types as C++ spells them and their widths in bits (CuTe's `sizeof_bits<T>`): the one
 * table the MMA and copy catalogs share, and the reader of a type's C++ spellings (aliases,
 * namespaces, `uint_bit_t<N>`) that copy atoms, verify and `recast_layout<Old,New>` use. The MMA
 * catalog keeps its own spellings policy (which name it prints).
 */
import { UsageError, quote } from "./errors.js";
import { suggestion } from "./suggest.js";

export const VALUE_TYPE_BITS: ReadonlyMap<string, number> = new Map<string, number>([
  ["half_t", 16],
  ["bfloat16_t", 16],
  ["tfloat32_t", 32],
  ["float", 32],
  ["double", 64],
  ["float_e4m3_t", 8],
  ["float_e5m2_t", 8],
  ["float_ue4m3_t", 8],
  ["float_ue8m0_t", 8],
  ["float_e2m3_t", 6],
  ["float_e3m2_t", 6],
  ["float_e2m1_t", 4],
  ["float_e8m0_t", 8],
  ["complex<half_t>", 32],
  ["complex<float>", 64],
  ["complex<double>", 128],
  ["bool", 1], // cute::sizeof_bits<bool> is 1 (a register array of bool is packed, array_subbyte)
  ["char", 8],
  ["int", 32],
  ["unsigned", 32],
  ["short", 16],
  ["long", 64],
  ["int8_t", 8],
  ["uint8_t", 8],
  ["int16_t", 16],
  ["uint16_t", 16],
  ["int32_t", 32],
  ["uint32_t", 32],
  ["int64_t", 64],
  ["uint64_t", 64],
  ["size_t", 64],
  ["uintptr_t", 64],
  ["uint128_t", 128],
  ["uint256_t", 256],
  ["int4_t", 4],
  ["uint4_t", 4],
  ["int2_t", 2],
  ["uint2_t", 2],
  ["int6_t", 6],
  ["uint6_t", 6],
  ["uint1_t", 1],
  ["bin1_t", 1],
  ["type_erased_dynamic_float8_t", 8],
  ["type_erased_dynamic_float6_t", 6],
  ["type_erased_dynamic_float4_t", 4],
  ["int4b_t", 4],
  ["uint4b_t", 4],
  ["uint1b_t", 1],
  ["int2b_t", 2],
  ["uint2b_t", 2],
  ["int6b_t", 6],
  ["uint6b_t", 6],
]);

/** Other spellings C++ accepts for the same type. */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ["half", "half_t"],
  ["__half", "half_t"],
  ["bfloat16", "bfloat16_t"],
  ["__nv_bfloat16", "bfloat16_t"],
  ["tf32", "tfloat32_t"],
  ["e4m3", "float_e4m3_t"],
  ["e5m2", "float_e5m2_t"],
  ["signed char", "int8_t"],
  ["unsigned char", "uint8_t"],
  ["unsigned int", "uint32_t"],
  ["unsigned short", "uint16_t"],
  ["unsigned long", "uint64_t"],
  ["nv_bfloat16", "bfloat16_t"],
  ["long long", "int64_t"],
  ["unsigned long long", "uint64_t"],
  ["float_ue8m0", "float_ue8m0_t"],
]);

export interface ValueType {
  /** the spelling to show (as the user wrote it, namespaces stripped) */
  name: string;
  /** sizeof_bits<T> */
  bits: number;
}

function stripNamespaces(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/\b(?:cute|cutlass|std)::/g, "").replace(/\s*([<>,])\s*/g, "$1");
}

/** `uint_bit_t<N>` / `int_bit_t<N>` name a type by its width in bits, `uint_byte_t<N>` / `int_byte_t<N>` in bytes (int.hpp: uint_bit<8*N>). */
const BIT_T = /^u?int_(bit|byte)_t<(\d+)>$/;

export function findValueType(text: string): ValueType | undefined {
  const t = stripNamespaces(text);
  const canon = ALIASES.get(t) ?? t;
  const bits = VALUE_TYPE_BITS.get(canon);
  if (bits !== undefined) return { name: canon, bits };
  const m = BIT_T.exec(canon);
  if (m) {
    // the widths cute/numeric/int.hpp specializes int_bit and uint_bit for
    const n = Number(m[2]) * (m[1] === "byte" ? 8 : 1);
    const widths = canon.startsWith("u") ? [1, 2, 4, 6, 8, 16, 32, 64, 128, 256] : [2, 4, 8, 16, 32, 64];
    if (widths.includes(n)) return { name: canon, bits: n };
  }
  return undefined;
}

export function parseValueType(text: string): ValueType {
  const vt = findValueType(text);
  if (vt) return vt;
  const hint = suggestion(stripNamespaces(text), valueTypeNames());
  throw new UsageError(`unknown value type ${quote(text)}${hint}`);
}

export function valueTypeNames(): string[] {
  return [...VALUE_TYPE_BITS.keys()];
}
