/**
 * The CuTe DSL's numeric types (cutlass.Float16, cutlass.Int32, ...): the C++ value type CuTe
 * names for each, the MLIR type the DSL prints (`f16` in a copy atom's "Value type", `ptr<f16,
 * gmem>` in a tensor's type), and the width. MLIR's integer types are signless: Uint8's is i8.
 */

export interface DslNumeric {
  /** the DSL's name, after aliases (cutlass.Float is Float32) */
  name: string;
  cxx: string;
  mlir: string;
  bits: number;
  /** the letters of an MMA name: F16, BF16, F32, E4M3, S8, U8, S32 */
  mma?: string;
}

const NUMERIC: Readonly<Record<string, Omit<DslNumeric, "name">>> = {
  Float16: { cxx: "half_t", mlir: "f16", bits: 16, mma: "F16" },
  BFloat16: { cxx: "bfloat16_t", mlir: "bf16", bits: 16, mma: "BF16" },
  TFloat32: { cxx: "tfloat32_t", mlir: "tf32", bits: 32, mma: "TF32" },
  Float32: { cxx: "float", mlir: "f32", bits: 32, mma: "F32" },
  Float64: { cxx: "double", mlir: "f64", bits: 64, mma: "F64" },
  Float8E4M3FN: { cxx: "float_e4m3_t", mlir: "f8E4M3FN", bits: 8, mma: "E4M3" },
  Float8E5M2: { cxx: "float_e5m2_t", mlir: "f8E5M2", bits: 8, mma: "E5M2" },
  Int8: { cxx: "int8_t", mlir: "i8", bits: 8, mma: "S8" },
  Uint8: { cxx: "uint8_t", mlir: "i8", bits: 8, mma: "U8" },
  Int16: { cxx: "int16_t", mlir: "i16", bits: 16 },
  Uint16: { cxx: "uint16_t", mlir: "i16", bits: 16 },
  Int32: { cxx: "int32_t", mlir: "i32", bits: 32, mma: "S32" },
  Uint32: { cxx: "uint32_t", mlir: "i32", bits: 32 },
  Int64: { cxx: "int64_t", mlir: "i64", bits: 64 },
  Uint64: { cxx: "uint64_t", mlir: "i64", bits: 64 },
  Boolean: { cxx: "bool", mlir: "i1", bits: 8 },
};
// cutlass.Float is Float32 in the DSL's typing
const ALIASES: Readonly<Record<string, string>> = { Float: "Float32", Half: "Float16" };

/** the float types whose values the DSL's scalars hold (cutlass.Float32(3.14)), narrowest first */
export const DSL_FLOAT_TYPES = ["BFloat16", "Float16", "Float32", "Float64"] as const;
export type DslFloatType = (typeof DSL_FLOAT_TYPES)[number];
export function isDslFloatType(name: string): name is DslFloatType {
  return (DSL_FLOAT_TYPES as readonly string[]).includes(name);
}

/** the DSL's numeric type of this name, or undefined */
export function dslNumeric(name: string): DslNumeric | undefined {
  const canon = ALIASES[name] ?? name;
  return Object.hasOwn(NUMERIC, canon) ? { ...NUMERIC[canon]!, name: canon } : undefined;
}

/** the names dslNumeric knows, for messages */
export function dslNumericNames(): string[] {
  return Object.keys(NUMERIC);
}

/** the MLIR type of a C++ value type the DSL has (float: f32), or undefined */
export function mlirOfCxx(cxx: string): string | undefined {
  for (const n of Object.values(NUMERIC)) if (n.cxx === cxx) return n.mlir;
  return undefined;
}

/** the DSL's numeric type whose MLIR type this is (f32: Float32; i8: Int8), or undefined */
export function dslNumericOfMlir(mlir: string): DslNumeric | undefined {
  for (const [name, n] of Object.entries(NUMERIC)) if (n.mlir === mlir) return { ...n, name };
  return undefined;
}
