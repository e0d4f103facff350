/**
 * ThrCopy (copy_atom.hpp): one thread's slice of a TiledCopy. `get_slice(thr_idx)` keeps the
 * index as it is; `partition_S/D(T)` is tidfrg_S/D of T's layout sliced at (thr_idx, _, _...):
 * the thread's (CPY, CPY_M, CPY_N, ...) part of any tensor T, on T's iterator moved by the
 * thread's offset.
 */
import { CuteError } from "../../core/errors.js";
import { Int, _0 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { _ } from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout, type Tiler } from "../../core/layout.js";
import { show } from "../../print/print.js";
import { innermostLayout } from "../../core/swizzle.js";
import type { Tensor } from "../../core/tensor.js";
import { sliceTensor, withLayout } from "../../tensor/algorithms.js";
import { type TiledCopy, tidfrg_D, tidfrg_S, with_shape } from "./tiled.js";

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

/**
 * TiledCopy::retile (copy_atom.hpp), which ThrCopy's retile_S and retile_D both are: a thread's
 * fragment (V, Rest...) regrouped as ((AtomNumVal, rest_vals), Rest...), its V values in the
 * order they have inside TiledLayout_TV (a TiledMMA's fragment, say, as a copy atom takes it)
 */
export function retile(tc: TiledCopy, t: Tensor): Tensor {
  const shape = tensorShape(t);
  const r = T.rank(shape);
  const V = T.size(T.get(shape, 0));
  const n = tc.tiledNumThr;
  if (!V.s || !n.s) throw new CuteError("retile", "upcast<TiledNumThr * V> takes a static integer: size<0> of the fragment must be static", [show(t)]);
  // (m,n) -> v_idx: the shape and order of the fragment's V values inside TiledLayout_TV
  const frgMN = L.upcast(with_shape(L.right_inverse(tc.layoutTV), tilerShape(tc.tiler)), n.v * V.v);
  // (atom_vals, rest_vals) -> (v, m, n)
  const frgV = L.zipped_divide(L.logical_product(L.make_layout(V), L.right_inverse(frgMN)), L.make_layout(tc.atom.atomNumVal));
  // ((TileV, TileM, TileN, ...), (1, RestM, RestN, ...)), its tile mode composed with frgV
  const tiled = withLayout(t, (l) => L.composition(L.zipped_divide(l, T.prepend(T.product_each(frgMN.shape), V) as Tiler), [frgV, _]));
  // v_tensor(_, append<R>(Int<0>{}, _))
  const rest: T.Coord = [_0, ...Array.from({ length: r - 1 }, () => _)];
  return sliceTensor(tiled, [_, rest]);
}

/** shape(Tiler_MN): a tiler's shape, a layout's shape for each layout in it */
function tilerShape(tiler: Tiler): T.IntTuple {
  if (tiler instanceof Layout) return tiler.shape;
  if (Array.isArray(tiler)) return tiler.map((x) => tilerShape(x));
  if (tiler instanceof Int) return tiler;
  throw new CuteError("retile", "shape(Tiler_MN) of a tiler holding _");
}

function tensorShape(t: Tensor): T.IntTuple {
  return t.layout instanceof Layout ? t.layout.shape : innermostLayout(t.layout).shape;
}
