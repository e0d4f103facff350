/**
 * Value types as C++ spells them, with their widths in bits (CuTe's `sizeof_bits<T>`).
 * Copy atoms recast their bit layouts to these (`recast_layout<uint1_t, T>`).
 */
import { UsageError } from "../../core/errors.js";
import { suggestion } from "../../core/suggest.js";
import { VALUE_TYPE_BITS } from "../value-types.js";

/** canonical spelling -> bits */
const TYPE_BITS = VALUE_TYPE_BITS;

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

/** `uint_bit_t<N>` / `int_bit_t<N>` name a type by its width. */
const BIT_T = /^u?int_bit_t<(\d+)>$/;

export function findValueType(text: string): ValueType | undefined {
  const t = stripNamespaces(text);
  const canon = ALIASES.get(t) ?? t;
  const bits = TYPE_BITS.get(canon);
  if (bits !== undefined) return { name: canon, bits };
  const m = BIT_T.exec(canon);
  if (m) {
    const n = Number(m[1]);
    if ([1, 2, 4, 8, 16, 32, 64, 128, 256].includes(n)) return { name: canon, bits: n };
  }
  return undefined;
}

export function parseValueType(text: string): ValueType {
  const vt = findValueType(text);
  if (vt) return vt;
  const hint = suggestion(stripNamespaces(text), valueTypeNames());
  throw new UsageError(`unknown value type '${text}'${hint}`);
}

export function valueTypeNames(): string[] {
  return [...TYPE_BITS.keys()];
}
