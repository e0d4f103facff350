/**
 * ThrCopy (copy_atom.hpp): one thread's slice of a TiledCopy. `get_slice(thr_idx)` keeps the
 * index as it is; `partition_S/D(T)` is tidfrg_S/D of T's layout sliced at (thr_idx, _, _...):
 * the thread's (CPY, CPY_M, CPY_N, ...) part of any tensor T, on T's iterator moved by the
 * thread's offset.
 */
import type { Int } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { _ } from "../../core/int-tuple.js";
import { Layout } from "../../core/layout.js";
import { innermostLayout } from "../../core/swizzle.js";
import type { Tensor } from "../../core/tensor.js";
import { sliceTensor, withLayout } from "../../tensor/algorithms.js";
import { type TiledCopy, tidfrg_D, tidfrg_S } from "./tiled.js";

export interface ThrCopy {
  tc: TiledCopy;
  thrIdx: Int;
}

export function get_slice(tc: TiledCopy, thrIdx: Int): ThrCopy {
  return { tc, thrIdx };
}

export type Side = "S" | "D";

/** TiledCopy::tidfrg_S/D of a tensor: ((thr),(val),(RestM,RestN,...)) on the same iterator */
export function tidfrgTensor(tc: TiledCopy, side: Side, t: Tensor): Tensor {
  return withLayout(t, (l) => (side === "S" ? tidfrg_S(tc, l) : tidfrg_D(tc, l)));
}

/** ThrCopy::partition_S/D(T): tidfrg(T)(thr_idx, _, repeat<rank(T)>(_)) */
export function partition(thr: ThrCopy, side: Side, t: Tensor): Tensor {
  return partitioner(thr.tc, side, t)(thr.thrIdx);
}

/** partition_S/D of one tensor for any thread index: tidfrg worked out once, sliced per thread */
export function partitioner(tc: TiledCopy, side: Side, t: Tensor): (thrIdx: Int) => Tensor {
  const r = T.rank(tensorShape(t));
  const tv = tidfrgTensor(tc, side, t);
  const rest: T.Coord = r === 1 ? _ : Array.from({ length: r }, () => _);
  return (thrIdx) => sliceTensor(tv, [thrIdx, _, rest]);
}

function tensorShape(t: Tensor): T.IntTuple {
  return t.layout instanceof Layout ? t.layout.shape : innermostLayout(t.layout).shape;
}
