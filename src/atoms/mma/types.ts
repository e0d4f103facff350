/**
 * Value types as MMA traits name them (`ValTypeA` ...), with CuTe's `sizeof_bits<T>`.
 * Only what the MMA catalog needs: canonical spelling, width, and a few classes
 * (the UMMA / SM120 kinds accept a fixed set of element types).
 */
import { UsageError, quote } from "../../core/errors.js";
import { suggestion } from "../../core/suggest.js";
import { VALUE_TYPE_BITS } from "../../core/value-types.js";

const BITS = VALUE_TYPE_BITS;

const ALIASES: ReadonlyMap<string, string> = new Map([
  ["half", "half_t"],
  ["__half", "half_t"],
  ["bfloat16", "bfloat16_t"],
  ["__nv_bfloat16", "bfloat16_t"],
  ["tfloat32", "tfloat32_t"],
  ["unsigned int", "unsigned"],
  ["signed char", "int8_t"],
  ["unsigned char", "uint8_t"],
  ["int4_t", "int4b_t"],
  ["uint4_t", "uint4b_t"],
  ["uint1_t", "uint1b_t"],
  ["float_e4m3", "float_e4m3_t"],
  ["float_e5m2", "float_e5m2_t"],
]);

/** `cutlass::half_t`, ` complex < double >` ... -> `half_t`, `complex<double>`. */
export function canonicalType(text: string): string {
  const t = text.replace(/\s+/g, " ").trim().replace(/\s*([<>,])\s*/g, "$1").replace(/\s*::\s*/g, "::");
  // one qualifier at most, one CuTe or CUTLASS declares the type in (std:: for the <cstdint> names)
  const q = /^(?:::)?(cute|cutlass|std)::(.*)$/.exec(t);
  const stripped = q ? q[2]! : t;
  if (q && (stripped.includes("::") || (q[1] === "std" && !/^u?int(8|16|32|64)_t$/.test(stripped)))) {
    throw new UsageError(`unknown value type ${quote(text)}${suggestion(stripped.replace(/^.*::/, ""), BITS.keys())}`);
  }
  const m = /^complex<(.+)>$/.exec(stripped);
  if (m) return `complex<${canonicalType(m[1]!)}>`;
  const base = ALIASES.get(stripped) ?? stripped;
  if (!BITS.has(base)) {
    throw new UsageError(`unknown value type ${quote(text)}${suggestion(base, BITS.keys())}`);
  }
  return base;
}

export function typeBits(t: string): number {
  const m = /^complex<(.+)>$/.exec(t);
  if (m) return 2 * typeBits(m[1]!);
  const b = BITS.get(t);
  if (b === undefined) throw new UsageError(`unknown value type ${quote(t)}`);
  return b;
}

/** the element types of the F8F6F4 kinds (UMMA kind::f8f6f4, SM120 mma.kind::f8f6f4) */
export const F8F6F4_TYPES = ["float_e4m3_t", "float_e5m2_t", "float_e2m3_t", "float_e3m2_t", "float_e2m1_t"];
export const F16_TYPES = ["half_t", "bfloat16_t"];
export const I8_TYPES = ["int8_t", "uint8_t"];
export const SF_TYPES = ["float_ue8m0_t", "float_ue4m3_t"];
