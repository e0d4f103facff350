/**
 * ThrMMA (mma_atom.hpp): one thread's slice of a TiledMMA. `get_slice(thr_idx)` is the thread's
 * flat (V,M,N,K) coordinate in ThrLayoutVMNK's shape; `partition_A/B/C(T)` is the thread's part
 * of any tensor T over the operand's (M,K) / (N,K) / (M,N) modes (a CTA tile, an identity tensor
 * of coordinates, a swizzled shared-memory tensor), as a tensor on T's own iterator moved by the
 * thread's offset. `partition_shape_A/B/C` is the static partition of a shape.
 */
import { CuteError } from "../../core/errors.js";
import type { Int } from "../../core/integer.js";
import * as I from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { type IntTuple, _ } from "../../core/int-tuple.js";
import { Layout, make_layout, size, slice } from "../../core/layout.js";
import { innermostLayout } from "../../core/swizzle.js";
import type { Tensor } from "../../core/tensor.js";
import { sliceTensor, withLayout } from "../../tensor/algorithms.js";
import { show } from "../../print/print.js";
import { formatTiledMma, type Operand, type TiledMma, thrfrg } from "./tiled-mma.js";

export interface ThrMma {
  mma: TiledMma;
  /** get_flat_coord(thr_idx) of ThrLayoutVMNK: the thread's (V,M,N,K) coordinate */
  thrVMNK: [Int, Int, Int, Int];
}

/**
 * TiledMMA::get_slice(thr_idx): get_flat_coord(thr_idx) of ThrLayoutVMNK, the index read back
 * through the layout's own strides (get_hier_coord: (idx / stride) % shape per leaf) and each
 * mode flattened colexicographically. A mode of size _1 gives the static _0, so a thread's offset
 * along it stays static.
 */
export function get_slice(mma: TiledMma, thrIdx: Int): ThrMma {
  const l = mma.thrLayoutVMNK;
  const shape = l.shape as IntTuple[];
  const hier = T.idx2crd(thrIdx, shape, l.stride as IntTuple) as IntTuple[];
  const flat = shape.map((s, i) => (Array.isArray(s) ? T.crd2idx_compact(hier[i]!, s) : (hier[i] as Int)));
  return { mma, thrVMNK: flat as [Int, Int, Int, Int] };
}

/** the thread's coordinate in thrfrg's thread mode (ThrV,(Thr0,Thr1)) of an operand */
function thrCoord(thr: ThrMma, w: Operand): T.Coord {
  const [v, m, n, k] = thr.thrVMNK;
  return w === "A" ? [v, [m, k]] : w === "B" ? [v, [n, k]] : [v, [m, n]];
}

const THRFRG: Record<Operand, string> = { A: "thrfrg_A", B: "thrfrg_B", C: "thrfrg_C" };

/** thrfrg_A/B/C of a layout, with CuTe's rank check: ((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1,...))) */
export function thrfrgChecked(mma: TiledMma, w: Operand, l: Layout): Layout {
  if (T.rank(l.shape) < 2) throw new CuteError(THRFRG[w], "static assertion failed: rank(tensor) >= Int<2>{}", [show(l)]);
  return thrfrg(mma, w, l);
}

/** TiledMMA::thrfrg_A/B/C of a tensor: the same iterator over the thread-value layout */
export function thrfrgTensor(mma: TiledMma, w: Operand, t: Tensor): Tensor {
  return withLayout(t, (l) => thrfrgChecked(mma, w, l));
}

/**
 * ThrMMA::partition_A/B/C(T): thrfrg of T's layout, sliced at the thread's coordinate and every
 * value: (FrgV, Rest0, Rest1, ...), on T's iterator advanced by the thread's offset.
 */
export function partition(thr: ThrMma, w: Operand, t: Tensor): Tensor {
  return partitioner(thr.mma, w, t)(thr);
}

/** partition_A/B/C of one tensor for any thread: thrfrg worked out once, sliced per thread */
export function partitioner(mma: TiledMma, w: Operand, t: Tensor): (thr: ThrMma) => Tensor {
  const tv = thrfrgTensor(mma, w, t);
  const shape = tv.layout instanceof Layout ? tv.layout.shape : innermostLayout(tv.layout).shape;
  // repeat<rank<1,1>(thr_tensor)>(_): one `_` per rest mode (a single `_` for one)
  const r = T.rank(T.get(T.get(shape, 1), 1));
  const restCoord: T.Coord = r === 1 ? _ : Array.from({ length: r }, () => _);
  return (thr) => sliceTensor(tv, [thrCoord(thr, w), [_, restCoord]]);
}

/**
 * partition_shape_A/B/C(tiled_mma, shape): the shape of thrfrg_A/B/C of make_layout(shape) sliced
 * as partition_A/B/C slices it, at thread 0 and (_, repeat<rank(shape)>(_)): (FrgV, Rest0,
 * Rest1, ...), each rest mode as thrfrg leaves it (nested where a permutation Tile<...> holding
 * a layout splits it). thrfrg's own rank check refuses a shape of rank below 2.
 */
export function partition_shape(mma: TiledMma, w: Operand, shape: IntTuple): IntTuple {
  const dummy = make_layout(shape);
  const tv = thrfrgChecked(mma, w, dummy);
  const rest: T.Coord = Array.from({ length: T.rank(shape) }, () => _);
  return slice([I.S(0), [_, rest]], tv).shape;
}

/** print(ThrMMA): the thread's (V,M,N,K) coordinate, then the TiledMMA */
export function formatThrMma(thr: ThrMma): string {
  return "ThrMMA\n" + `  Thr VMNK: ${show(thr.thrVMNK)}\n` + formatTiledMma(thr.mma);
}

/** size(tiled_mma): the number of threads */
export function mmaThreads(mma: TiledMma): Int {
  return size(mma.thrLayoutVMNK);
}
