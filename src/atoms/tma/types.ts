/**
 * TMA catalog data: the copy operations make_tma_copy accepts and the value types a TMA
 * descriptor can carry (CuTe's TMA::to_CUtensorMapDataType).
 */
import { CuteError, Unsupported, UsageError, quote } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import { Layout, make_layout } from "../../core/layout.js";
import { MixedBits } from "../../core/mixed-bits.js";
import { ComposedLayout, SmemPtrFlag, Swizzle } from "../../core/swizzle.js";
import type { Value } from "../../core/value.js";

export const TMA_OPS = [
  "SM90_TMA_LOAD",
  "SM90_TMA_LOAD_MULTICAST",
  "SM90_TMA_STORE",
  "SM90_TMA_REDUCE_ADD",
  "SM100_TMA_2SM_LOAD",
  "SM100_TMA_2SM_LOAD_MULTICAST",
] as const;
export type TmaOp = (typeof TMA_OPS)[number];

/** TMA operations CuTe has (im2col: copy_traits_sm90_im2col.hpp, copy_traits_sm100_im2col.hpp) that only the im2col builders take */
const NOT_YET: ReadonlyMap<string, string> = new Map([
  ["SM90_TMA_LOAD_IM2COL", "im2col TMA: `tma` builds it with make_im2col_tma_copy; this command takes tiled TMA only"],
  ["SM90_TMA_LOAD_IM2COL_MULTICAST", "im2col TMA: `tma` builds it with make_im2col_tma_copy; this command takes tiled TMA only"],
  ["SM90_TMA_STORE_IM2COL", "im2col TMA: `tma` builds it with make_im2col_tma_copy; this command takes tiled TMA only"],
  ["SM100_TMA_2SM_LOAD_IM2COL", "im2col TMA: `tma` builds it with make_im2col_tma_copy or make_im2col_tma_copy/atom_A/B_sm100; this command takes tiled TMA only"],
  ["SM100_TMA_2SM_LOAD_IM2COL_MULTICAST", "im2col TMA: `tma` builds it with make_im2col_tma_copy or make_im2col_tma_copy/atom_A/B_sm100; this command takes tiled TMA only"],
]);

export function tmaOp(name: string): TmaOp {
  const op = TMA_OPS.find((o) => o === name);
  if (op) return op;
  const builder = NOT_YET.get(name);
  if (builder) throw new Unsupported(`${name} here`, ` (${builder})`);
  // SM90_TMA_LOAD_2D, SM100_TMA_2SM_LOAD_3D, ...: the per-rank instructions the op dispatches to
  const dims = /^(SM\d+_TMA_\w+?)_[1-5]D$/.exec(name);
  const hint = dims && TMA_OPS.some((o) => o === dims[1]) ? ` (${name} is one rank of ${dims[1]}, which has no Copy_Traits of its own; pass ${dims[1]})` : "";
  throw new CuteError(
    "make_tma_copy",
    `unknown TMA copy operation ${quote(name)}: no Copy_Traits<OP, NumBitsPerTMA, AuxParams> for it (expected one of ${TMA_OPS.join(", ")})${hint}`,
  );
}

/** the direction of the copy: which side is global memory */
export const isLoad = (op: TmaOp): boolean => op !== "SM90_TMA_STORE" && op !== "SM90_TMA_REDUCE_ADD";
/** the multicast loads (a box cut over the CTAs of a cluster mode) */
export const isMulticast = (op: TmaOp): boolean => op === "SM90_TMA_LOAD_MULTICAST" || op === "SM100_TMA_2SM_LOAD_MULTICAST";
/** size(ThrID) of the op's Copy_Traits: the SM100 2SM loads are issued by a pair of peer CTAs */
export const tmaThreads = (op: TmaOp): number => (op.startsWith("SM100_TMA_2SM_") ? 2 : 1);

export interface TmaValueType {
  /** as C++ spells it */
  name: string;
  bits: number;
  /** CUtensorMapDataType */
  format: string;
}

const T = (name: string, bits: number, format: string): TmaValueType => ({ name, bits, format: `CU_TENSOR_MAP_DATA_TYPE_${format}` });

/** one entry per C++ type with a TMA format; 8-bit float types travel as UINT8 */
const VALUE_TYPES: TmaValueType[] = [
  T("int8_t", 8, "UINT8"),
  T("uint8_t", 8, "UINT8"),
  T("float_e4m3_t", 8, "UINT8"),
  T("float_e5m2_t", 8, "UINT8"),
  T("float_ue8m0_t", 8, "UINT8"),
  T("uint16_t", 16, "UINT16"),
  T("uint32_t", 32, "UINT32"),
  T("uint64_t", 64, "UINT64"),
  T("int32_t", 32, "INT32"),
  T("int64_t", 64, "INT64"),
  T("half_t", 16, "FLOAT16"),
  T("float", 32, "FLOAT32"),
  T("double", 64, "FLOAT64"),
  T("bfloat16_t", 16, "BFLOAT16"),
  T("tfloat32_t", 32, "TFLOAT32"),
];
const ALIASES: ReadonlyMap<string, string> = new Map([
  ["cutlass::half_t", "half_t"],
  ["cute::half_t", "half_t"],
  ["cutlass::bfloat16_t", "bfloat16_t"],
  ["cute::bfloat16_t", "bfloat16_t"],
  ["cutlass::tfloat32_t", "tfloat32_t"],
  ["cute::tfloat32_t", "tfloat32_t"],
  ["float32_t", "float"],
  ["float64_t", "double"],
]);

export function tmaValueType(name: string): TmaValueType {
  const n = ALIASES.get(name) ?? name;
  const t = VALUE_TYPES.find((v) => v.name === n);
  if (!t) {
    throw new CuteError("TMA::to_CUtensorMapDataType", `Unknown TMA Format! (no TMA data type for ${quote(name)})`, [
      `known: ${VALUE_TYPES.map((v) => v.name).join(", ")}`,
    ]);
  }
  return t;
}

export interface Swz {
  b: number;
  m: number;
  s: number;
}

/** An smem layout as make_tma_copy sees it: its swizzle portion and its non-swizzle portion. */
export interface SmemLayout {
  layout: Layout;
  swizzle: Swz;
  /** how it was written: a plain layout, `Sw o offset o L`, or position-independent `Sw o smem_ptr[Nb](unset) o L` */
  form: "plain" | "composed" | "pi";
  /** element width of a position-independent swizzle (smem_ptr[Nb]) */
  ptrBits?: number;
  /** the integer offset between the swizzle and the layout in `Sw o offset o L` (element units) */
  offset?: number;
}

const isIntTuple = (v: Value): v is Int | Int[] => v instanceof Int || (Array.isArray(v) && v.every(isIntTuple));

function describe(v: Value): string {
  if (v instanceof Layout) return "a layout";
  if (v instanceof ComposedLayout) return "a composed layout";
  if (v instanceof Int) return "an integer";
  if (Array.isArray(v)) return "a tuple";
  return `a ${(v as object | undefined)?.constructor?.name ?? typeof v}`;
}

/** an smem layout value as make_tma_copy reads it (its swizzle portion and non-swizzle portion); `what` names the argument in refusals */
export function smemLayoutOf(v: Value, what: string): SmemLayout {
  if (v instanceof Layout) return { layout: v, swizzle: { b: 0, m: 4, s: 3 }, form: "plain" };
  if (isIntTuple(v)) return { layout: make_layout(v), swizzle: { b: 0, m: 4, s: 3 }, form: "plain" };
  if (v instanceof ComposedLayout) {
    if (!(v.a instanceof Swizzle)) {
      throw new UsageError(`${what}: TMA takes a plain or swizzled smem layout (Sw<B,M,S> o ... o L), not a layout composed with a layout`);
    }
    if (!(v.b instanceof Layout)) {
      throw new UsageError(`${what}: TMA takes a plain or swizzled smem layout (Sw<B,M,S> o ... o L), not a swizzle over another composed layout`);
    }
    const swizzle = { b: v.a.b, m: v.a.m, s: v.a.s };
    if (v.offset instanceof SmemPtrFlag) return { layout: v.b, swizzle, form: "pi", ptrBits: v.offset.bits };
    const offset = v.offset instanceof Int ? v.offset.v : v.offset instanceof MixedBits ? v.offset.value : undefined;
    return { layout: v.b, swizzle, form: "composed", ...(offset === undefined ? {} : { offset }) };
  }
  throw new UsageError(`${what} takes a layout or a swizzled layout, not ${describe(v)}`);
}

/** a position-independent swizzle (smem_ptr[Nb]) names its element width: it must be the TMA type's */
export function checkSmemBits(smem: SmemLayout, type: TmaValueType, smemWhat: string, typeWhat: string): void {
  if (smem.form === "pi" && smem.ptrBits !== undefined && smem.ptrBits !== type.bits) {
    throw new UsageError(`${smemWhat} is a swizzle over ${smem.ptrBits}-bit elements (smem_ptr[${smem.ptrBits}b]) but ${typeWhat} is ${type.bits}-bit`);
  }
}
