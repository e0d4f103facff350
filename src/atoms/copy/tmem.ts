/**
 * Tensor memory (TMEM) on the host (copy_traits_sm100.hpp, tmem_allocator_sm100.hpp, pointer.hpp):
 * TMEM tensors (a tmem_ptr<T> and a layout into TMEM's logical addresses: data path lane << 16
 * plus column, in units of T), and make_tmem_copy, the TiledCopy of one warpgroup that loads
 * (or stores) a TMEM tensor with a tcgen05.ld/st atom.
 */
import { CuteError, UsageError, Unsupported } from "../../core/errors.js";
import { Int, S, _0 } from "../../core/integer.js";
import { Layout, coalesce, compileIndexFn, concat, crd2idx, make_layout, upcast } from "../../core/layout.js";
import * as T from "../../core/int-tuple.js";
import { show, showTmemPtr } from "../../print/print.js";
import type { ValueType } from "../../core/value-types.js";
import { CopyAtom, make_copy_atom } from "./atom.js";
import { copyTraits } from "./catalog.js";
import { TiledCopy, make_cotiled_copy, tidfrg_D, tidfrg_S } from "./tiled.js";

/** TMEM::DP<T>: the logical-address step of one data path lane in units of T, (1 << 16) << log2(32 / bits) */
export function tmemDP(bits: number): number {
  if (!(bits > 0 && bits <= 32 && 32 % bits === 0)) {
    throw new Unsupported(`TMEM tensors of ${bits}-bit values`, " (tmem_ptr addresses 32-bit columns in units of 32, 16, 8, 4, 2 or 1 bits)");
  }
  return (1 << 16) * (32 / bits);
}

/** Tensor<tmem_ptr<T>, Layout>: `addr` is tmem_ptr::addr_ (lane << 16 | column); the layout's offsets are in units of T */
export class TmemTensor {
  constructor(
    readonly valueType: ValueType,
    readonly layout: Layout,
    readonly addr = 0,
  ) {}
}

export { tmemPtrAdd } from "../../core/tensor.js";

/** print(tmem_ptr<T>): tmem_[Nb](0xLLLL.CCCC) */
export function formatTmemPtr(bits: number, addr: number): string {
  return showTmemPtr(bits, addr);
}

/** print(tensor) of a TMEM tensor */
export function formatTmemTensor(t: TmemTensor): string {
  return `${formatTmemPtr(t.valueType.bits, t.addr)} o ${show(t.layout)}`;
}

/**
 * make_tmem_copy(Copy_Atom<OP, CopyT>, tmem): the atom's 32 threads repeated over the 4 warps of
 * a warpgroup (each warp in its own 32-lane subpartition), its values the atom's ValID in units
 * of the tensor's T; make_cotiled_copy finds the tensor's coordinates those addresses hold.
 */
export function make_tmem_copy(atom: CopyAtom, tmem: TmemTensor): TiledCopy {
  const op = `make_tmem_copy(${atom.name})`;
  if (atom.valueType.bits !== tmem.valueType.bits) {
    throw new CuteError(op, "Expected a CopyAtom with the same type-width as the Tensor.", [
      `CopyT ${atom.valueType.name} (${atom.valueType.bits}b)`,
      `tensor ${tmem.valueType.name} (${tmem.valueType.bits}b)`,
    ]);
  }
  const valID = atom.traits.valID;
  if (!valID) throw new CuteError(op, "make_tmem_copy takes a TMEM load or store atom (SM100_TMEM_LOAD_* / SM100_TMEM_STORE_*): this op has no ValID", [atom.name]);
  const bits = tmem.valueType.bits;
  // atom thr idx -> tmem addr: 32 lanes of a warp share the address, warp w starts at lane 32w
  const atomT = new Layout([S(32), S(4)], [_0, S(32 * tmemDP(bits))]);
  // atom val idx -> tmem addr: the op's bit addresses in units of T
  const atomV = coalesce(upcast(valID, bits));
  return make_cotiled_copy(atom, concat(atomT, atomV), tmem.layout);
}

/** Copy_Atom<OP, T> for make_tmem_copy(OP{}, tmem): T is the tensor's value type */
export function tmem_copy_atom(op: string, tmem: TmemTensor, copyT?: ValueType): CopyAtom {
  const traits = copyTraits(op);
  if (!traits.valID || !/^SM100_TMEM_(LOAD|STORE)/.test(traits.name)) {
    throw new UsageError(`make_tmem_copy takes a TMEM load or store (SM100_TMEM_LOAD_* / SM100_TMEM_STORE_*), not ${op}`);
  }
  return make_copy_atom(op, copyT ?? tmem.valueType);
}

/** one register value of one thread of a TMEM copy: the tensor element and where TMEM holds it */
export interface TmemValue {
  value: number;
  /** the tensor's index (colexicographic over its shape) */
  index: number;
  /** TMEM data path lane */
  lane: number;
  /** TMEM column (32-bit) and, for values narrower than 32 bits, the subword within it */
  column: number;
  sub: number;
}

/**
 * The register side of the copy for each thread (ThrCopy::partition_D of a load, partition_S of
 * a store, applied to the tensor's index space), read out: each value's tensor index and the TMEM
 * lane and column (relative to the tensor's base address) that hold it.
 */
export function tmemCopyValues(tc: TiledCopy, tmem: TmemTensor, threads: number[]): TmemValue[][] {
  const bits = tmem.valueType.bits;
  const dp = tmemDP(bits);
  const perColumn = 32 / bits;
  const store = /^SM100_TMEM_STORE/.test(tc.atom.name);
  // ((thr),(val),(rest...)): partition_D/S of thread t is this layout sliced at t, its values
  // (val, rest...) in colexicographic order -- so value v of thread t is entry t + nthr * v
  const tv = (store ? tidfrg_S : tidfrg_D)(tc, make_layout(tmem.layout.shape));
  const nthr = T.size(T.get(tv.shape, 0)).v;
  const nval = T.size(tv.shape).v / nthr;
  const at = indexFn(tv);
  const addrOf = indexFn(tmem.layout);
  return threads.map((thr) => {
    const out: TmemValue[] = [];
    for (let v = 0; v < nval; v++) {
      const index = at(thr + nthr * v);
      const full = addrOf(index);
      const lane = Math.floor(full / dp);
      const units = full - lane * dp;
      out.push({ value: v, index, lane, column: Math.floor(units / perColumn), sub: units % perColumn });
    }
    return out;
  });
}

/** a layout of integer strides as a function of its linear index */
function indexFn(l: Layout): (i: number) => number {
  return compileIndexFn(l) ?? ((i: number) => (crd2idx(S(i), l) as Int).v);
}
