/**
 * The TMEM accumulator of a UMMA TiledMMA (mma_traits_sm100.hpp): each UMMA's FrgTypeC is a
 * UMMA::tmem_frg<ValueType, StorageType, N_SM, TmemAllocMode> flag, and make_tensor<FrgTypeC>(shape)
 * lays the post-partitioned ((M_MMA,N_MMA),MMA_M,MMA_N,...) shape out in TMEM: the MMA's M rows on
 * data path lanes, N on columns, the repeats after it. partition_fragment_C(mma, (M,N)) is that
 * tensor for the MMA tile.
 */
import { CuteError, UsageError, Unsupported } from "../../core/errors.js";
import { S, _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { type IntTuple, _ } from "../../core/int-tuple.js";
import { Layout, composition, make_layout, slice, tiled_product, showLayout } from "../../core/layout.js";
import { parseValueType, type ValueType } from "../../core/value-types.js";
import { TmemTensor, tmemDP } from "../copy/tmem.js";
import { thrfrg, type TiledMma } from "./tiled-mma.js";
import type { MmaTraits } from "./family.js";

export type TmemAllocMode = "Interleaved" | "NonInterleaved" | "Duplicated";

/** UMMA::tmem_frg<ValueType, StorageType, N_SM, TmemAlloc> */
export interface TmemFrg {
  value: ValueType;
  storage: ValueType;
  nSM: 1 | 2;
  alloc: TmemAllocMode;
  /** as C++ spells the flag, for messages */
  spelling: string;
}

const MAX_CAPACITY_BITS = 128 * 512 * 32;

/**
 * FrgTypeC of a UMMA op: tmem_frg_2sm<c_type> for the 2x1SM ops, tmem_frg_1sm<c_type, int32_t,
 * NonInterleaved> for the one-CTA ops that read A from TMEM (_TS), tmem_frg_1sm<c_type> otherwise.
 */
export function frgTypeC(traits: MmaTraits): TmemFrg {
  const op = traits.op;
  const base = op.replace(/<.*$/, "");
  if (!/^SM100_MMA_/.test(base)) {
    if (/^SM100_\d+x\d+x\d+_/.test(base)) {
      throw new UsageError(`${base} is not a UMMA: its accumulator is a register fragment, not a TMEM tensor`);
    }
    if (/^SM10\d/.test(base) || /::SM10\d/.test(base)) throw new Unsupported(`the TMEM accumulator of ${base}`);
    throw new UsageError(`${base} is not a UMMA (SM100_MMA_*): only UMMA accumulators live in tensor memory`);
  }
  if (/INTERLEAVED/.test(base)) throw new Unsupported(`the TMEM accumulator of ${base}`, " (complex interleaved UMMA)");
  const value = parseValueType(traits.types.C);
  if (/_2x1SM_/.test(base)) return { value, storage: parseValueType("uint32_t"), nSM: 2, alloc: "Interleaved", spelling: `UMMA::tmem_frg_2sm<${value.name}>` };
  if (/_TS(_|$)/.test(base)) {
    return { value, storage: parseValueType("int32_t"), nSM: 1, alloc: "NonInterleaved", spelling: `UMMA::tmem_frg_1sm<${value.name},int32_t,UMMA::TmemAllocMode::NonInterleaved>` };
  }
  return { value, storage: parseValueType("uint32_t"), nSM: 1, alloc: "Interleaved", spelling: `UMMA::tmem_frg_1sm<${value.name}>` };
}

/**
 * FrgTypeA of a UMMA op that reads A from tensor memory (_TS): tmem_frg_1sm<a_type, a_type,
 * NonInterleaved> for the one-CTA ops, tmem_frg_2sm<a_type, a_type, Duplicated> for the 2x1SM ones
 * (A's storage is its own type: one element per column slot)
 */
export function frgTypeA(traits: MmaTraits): TmemFrg {
  const base = traits.op.replace(/<.*$/, "");
  const value = parseValueType(traits.types.A);
  if (/_2x1SM_/.test(base)) {
    return { value, storage: value, nSM: 2, alloc: "Duplicated", spelling: `UMMA::tmem_frg_2sm<${value.name},${value.name},UMMA::TmemAllocMode::Duplicated>` };
  }
  return { value, storage: value, nSM: 1, alloc: "NonInterleaved", spelling: `UMMA::tmem_frg_1sm<${value.name},${value.name},UMMA::TmemAllocMode::NonInterleaved>` };
}

const L = (shape: IntTuple, stride: IntTuple) => new Layout(shape, stride);

/** tmem_frg<...>::make(tmem_shape): the TMEM tensor of a post-partitioned ((M_MMA,N_MMA),...) shape */
export function tmem_frg_make(frg: TmemFrg, shape: IntTuple): TmemTensor {
  const op = `${frg.spelling}::make`;
  if (!T.isStaticTuple(shape)) throw new CuteError(op, "the TMEM fragment shape must be static", [T.tupText(shape)]);
  if (frg.value.bits > frg.storage.bits) throw new CuteError(op, "TMEM MMA allocations require StorageType big enough for ValueType.");
  if (T.size(shape).v * frg.storage.bits > MAX_CAPACITY_BITS) {
    throw new CuteError(op, "Requesting more TMEM than is available.", [`${T.tupText(shape)}: ${T.size(shape).v} x ${frg.storage.bits} bits > 128 x 512 x 32`]);
  }
  const modes = Array.isArray(shape) ? shape : [shape];
  const mma = modes[0]!;
  if (!Array.isArray(mma) || mma.length !== 2) throw new CuteError(op, "Expected post-partitioned shape ((M_MMA,N_MMA),...).", [T.tupText(shape)]);
  const M = T.size(mma[0]!).v;
  const N = T.size(mma[1]!).v;
  const rest = modes.slice(1);
  const colAddr = frg.storage.bits / frg.value.bits;
  // (lane, column) -> logical TMEM address in units of ValueType
  const restride = L([S(128), S(16384)], [S(tmemDP(frg.value.bits)), S(colAddr)]);
  let atom: Layout;
  let tiler: Layout;
  if (frg.nSM === 1) {
    if (frg.alloc === "Duplicated") throw new CuteError(op, "UMMA_1SM only accepts Interleaved or NonInterleaved");
    if (M !== 64 && M !== 128) throw new CuteError(op, "UMMA_1SM M-mode size should be 64 or 128.", [`M_MMA = ${M}`]);
    if (M === 64) {
      // half subpartitions: 16 lanes of each of the 4 subpartitions; NonInterleaved skips the other halves
      atom = L([[S(16), S(4)], S(N)], [[_1, S(32)], S(128)]);
      tiler = make_layout(rest, T.compact_col_major(rest, S(frg.alloc === "Interleaved" ? 1 : 2)));
    } else {
      atom = L([S(128), S(N)], [_1, S(128)]);
      tiler = make_layout(rest);
    }
  } else {
    if (frg.alloc === "NonInterleaved") throw new CuteError(op, "UMMA_2SM only accepts Interleaved or Duplicated");
    if (M !== 32 && M !== 64 && M !== 128) throw new CuteError(op, "UMMA_2SM M-mode size should be 32 or 64 or 128.", [`M_MMA = ${M}`]);
    if (M === 32) {
      if (frg.alloc !== "Interleaved") throw new CuteError(op, "Only TmemAllocMode::Interleaved is supported for UMMA_2SM M_MMA=32");
      atom = L([S(32), [S(Math.trunc(N / 4)), S(4)]], [_1, [S(128), S(32)]]);
    } else if (M === 64 && frg.alloc === "Interleaved") {
      atom = L([S(64), [S(Math.trunc(N / 2)), S(2)]], [_1, [S(128), S(64)]]);
    } else {
      atom = L([S(128), S(N)], [_1, S(128)]);
    }
    tiler = make_layout(rest);
  }
  const logical = tiled_product(atom, tiler);
  return new TmemTensor(frg.value, composition(restride, logical));
}

/** partition_shape_C(mma, shape_MN): the shape thrfrg_C gives one thread's values, ((FrgV),RestM,RestN,...) */
export function partition_shape_C(mma: TiledMma, shapeMN: IntTuple): IntTuple {
  const dummy = make_layout(shapeMN);
  const tv = thrfrg(mma, "C", dummy);
  const rest = Array.from({ length: T.rank(shapeMN) }, () => _);
  return slice([_0, [_, rest]], tv).shape;
}

/** partition_fragment_C(mma, shape_MN) of a UMMA: the accumulator tensor in TMEM */
export function partition_fragment_C(mma: TiledMma, shapeMN: IntTuple): TmemTensor {
  const frg = frgTypeC(mma.atom.traits);
  const shape = partition_shape_C(mma, shapeMN);
  const frgV = T.size(T.get(shape, 0));
  const atomV = T.size(T.get(mma.atom.layoutC.shape, 1));
  if (T.rank(shape) < 3 || frgV.v !== atomV.v) {
    throw new CuteError("make_fragment_C", "expected a partitioned shape (V,M,N,...) with size<0> == size<1>(LayoutC_TV)", [T.tupText(shape), showLayout(mma.atom.layoutC)]);
  }
  return tmem_frg_make(frg, shape);
}

