/**
 * The SM100 im2col TMA builders for UMMA operands (copy_traits_sm100_im2col.hpp):
 *  - make_im2col_tma_copy_A_sm100 / make_im2col_tma_copy_B_sm100(op, gtensor, slayout, cluster_tile,
 *    mma, conv...): the TiledCopy, its threads the TiledMMA's CTAs (cta_t_map over the MMA's VMNK
 *    thread layout, not coalesced), for the SM90 and SM100 im2col loads;
 *  - make_im2col_tma_atom_A_sm100 / make_im2col_tma_atom_B_sm100(op, gtensor, slayout, mma_tiler,
 *    mma, cluster_shape_vmnk, conv...): the Copy_Atom alone, its box cut over the cluster's N (A) or
 *    M (B) CTAs when the op multicasts.
 * Both read the CTA's values through the TiledMMA's operand partitioning of an identity layout over
 * the tile's (M|N, K) modes padded with _1 to the gmem's rank -- not over the gmem's shape, as the
 * tiled builders do -- and hand them to make_tma_copy_im2col / make_tma_atom_im2col (im2col.ts).
 */
import { CuteError, UsageError } from "../../core/errors.js";
import { Int, _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { Layout, type Tiler, make_identity_layout, make_layout, showLayout, size, sublayout } from "../../core/layout.js";
import { show } from "../../print/print.js";
import type { Value } from "../../core/value.js";
import { isIntTuple } from "../../notation/coerce.js";
import type { TiledMma } from "../mma/tiled-mma.js";
import { ctaValues } from "./sm100.js";
import { isIm2colMulticast, makeTmaAtomIm2col, makeTmaCopyIm2col, type Im2colArgs, type Im2colAtom, type Im2colCopy } from "./im2col.js";

export interface Im2colSm100Args {
  /** op, type, gmem ((W,H[,D],N),C) or as the GEMM's (M|N, K, ...), smem (MMA, MMA_M|N, MMA_K), conv */
  im2col: Im2colArgs;
  operand: "A" | "B";
  mma: TiledMma;
  /** the cluster tile / MMA tiler (TILE_M, TILE_N, TILE_K, ...) */
  mmaTiler: Tiler;
}

const builder = (kind: "atom" | "copy", w: "A" | "B") => `make_im2col_tma_${kind}_${w}_sm100`;

const unsupported = (name: string, op: string): never => {
  throw new CuteError(name, 'static_assert(dependent_false<CopyOp>, "Unsupported TMA")', [op]);
};

/**
 * cta_v_tile: layout<1>(mma.thrfrg_X(make_identity_layout(append<R>((TILE_M|N, TILE_K), _1))))(_, repeat<R>(_)),
 * R the gmem's rank
 */
export function ctaVTileIm2colSm100(a: Im2colSm100Args, name: string): Layout {
  const tiler = a.mmaTiler;
  if (!Array.isArray(tiler) || tiler.length < 3) {
    throw new UsageError(`${name} takes the cluster tile (TILE_M,TILE_N,TILE_K[,...]), such as (_256,_256,_64); got ${show(tiler as Value)}`);
  }
  const keep = [tiler[a.operand === "A" ? 0 : 1]!, tiler[2]!];
  for (const t of keep) {
    if (!(t instanceof Int) && !(Array.isArray(t) && isIntTuple(t as Value))) {
      throw new UsageError(`${name} makes an identity layout over the tile's modes: each mode is a shape (e.g. _128), not ${show(t as Value)}`);
    }
  }
  const r = T.rank(a.im2col.gmem.shape);
  if (r < 2) throw new UsageError(`${name} takes a gmem tensor of at least 2 modes (the GEMM's ${a.operand === "A" ? "M" : "N"} and K), got ${showLayout(a.im2col.gmem)}`);
  const shape = [...(keep as T.IntTuple[])];
  while (shape.length < r) shape.push(_1);
  return ctaValues(a.mma, a.operand, make_identity_layout(shape));
}

/**
 * cta_t_map of make_im2col_tma_copy_A/B_sm100: make_layout(shape(thr_layout_vmnk),
 * compact_col_major(shape, strides)), the strides picking the MMA's N CTAs (A) or M CTAs (B) that
 * share a multicast load, none without multicast
 */
function ctaTMapIm2colSm100(a: Im2colSm100Args, name: string): Layout {
  const op = a.im2col.op;
  let strides: Int[];
  if (op === "SM90_TMA_LOAD_IM2COL_MULTICAST" || op === "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST") strides = a.operand === "A" ? [_0, _0, _1, _0] : [_0, _1, _0, _0];
  else if (op === "SM90_TMA_LOAD_IM2COL" || op === "SM100_TMA_2SM_LOAD_IM2COL") strides = [_0, _0, _0, _0];
  else return unsupported(name, op);
  const shape = a.mma.thrLayoutVMNK.shape;
  return make_layout(shape, T.compact_major_tuple(shape, strides, true));
}

/** make_im2col_tma_copy_A_sm100 / make_im2col_tma_copy_B_sm100(op, gmem, smem, cluster_tile, mma, conv...) */
export function makeIm2colTmaCopySm100(a: Im2colSm100Args): Im2colCopy {
  const name = builder("copy", a.operand);
  const ctaT = ctaTMapIm2colSm100(a, name);
  return makeTmaCopyIm2col(a.im2col, ctaT, ctaVTileIm2colSm100(a, name), name);
}

/** make_im2col_tma_atom_A_sm100 / make_im2col_tma_atom_B_sm100(op, gmem, smem, mma_tiler, mma, cluster_layout_vmnk, conv...) */
export function makeIm2colTmaAtomSm100(a: Im2colSm100Args, clusterVMNK: Layout): Im2colAtom {
  const name = builder("atom", a.operand);
  if (T.rank(clusterVMNK.shape) !== 4) throw new UsageError(`${name} takes the cluster layout (V,M,N,K) -> CTA; got ${showLayout(clusterVMNK)}`);
  const op = a.im2col.op;
  // the size of the multicast: the N CTAs load A together, the M CTAs B
  let numMulticast: number;
  if (isIm2colMulticast(op)) numMulticast = size(sublayout(clusterVMNK, [a.operand === "A" ? 2 : 1])).v;
  else if (op === "SM90_TMA_LOAD_IM2COL" || op === "SM90_TMA_STORE_IM2COL" || op === "SM100_TMA_2SM_LOAD_IM2COL") numMulticast = 1;
  else return unsupported(name, op);
  return makeTmaAtomIm2col(a.im2col, numMulticast, ctaVTileIm2colSm100(a, name), name);
}
