/**
 * The SM100 TMA builders for UMMA operands (copy_traits_sm100_tma.hpp):
 *  - make_tma_atom_A_sm100 / make_tma_atom_B_sm100: the Copy_Atom a kernel passes to tma_partition,
 *    its descriptor box cut over the cluster's N (for A) or M (for B) CTAs when the op multicasts;
 *  - make_tma_copy_A_sm100 / make_tma_copy_B_sm100 / make_tma_copy_C_sm100: the TiledCopy, its
 *    threads being the TiledMMA's CTAs that share one multicast load.
 * Both read the CTA's part of the MMA tile through the TiledMMA's operand partitioning
 * (thrfrg_A/B/C of the identity tensor over the MMA tiler), so the smem layout is the
 * post-partitioned (MMA, MMA_M|N, MMA_K) layout UMMA::tile_to_mma_shape builds.
 */
import { CuteError, UsageError, input, words } from "../../core/errors.js";
import { Int, _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { _ } from "../../core/int-tuple.js";
import { Layout, type Tiler, coalesce, composition, make_identity_layout, make_layout, showLayout, size, slice, sublayout, tiled_divide } from "../../core/layout.js";
import { show } from "../../print/print.js";
import type { Value } from "../../core/value.js";
import { thrfrg, type TiledMma } from "../mma/tiled-mma.js";
import { makeTmaCopyAtom, makeTmaCopyTiled, type DeferredFailure, type TmaArgs, type TmaAtom, type TmaCopy } from "./make-tma-copy.js";
import { isMulticast, type TmaOp } from "./types.js";

export type UmmaOperand = "A" | "B" | "C";

/** what make_tma_atom_X_sm100 / make_tma_copy_X_sm100 take besides the op, the tensors' layouts and the value type */
export interface TmaSm100Args {
  /** op, type, gmem (M|N,K,...) or (M,N,...), smem (MMA, MMA_M|N, MMA_K, ...) */
  tma: TmaArgs;
  operand: UmmaOperand;
  mma: TiledMma;
  /** the MMA tiler (TILE_M, TILE_N, TILE_K, ...) */
  mmaTiler: Tiler;
}

/** the modes of (M,N,K) each operand keeps, and the one remove<I> drops */
const DROPPED: Record<UmmaOperand, number> = { A: 1, B: 0, C: 2 };
const NAMES: Record<UmmaOperand, string> = { A: "(M,K)", B: "(N,K)", C: "(M,N)" };

function builder(kind: "atom" | "copy", w: UmmaOperand): string {
  return `make_tma_${kind}_${w}_sm100`;
}

/**
 * cta_v_tile: the CTA's values of the MMA tile, as gmem coordinates --
 * layout<1>(mma.thrfrg_X(identity(shape(gmem)) o tiler_X))(_, repeat<rank>(_)) = (MMA, MMA_M|N, MMA_K, ...)
 */
export function ctaVTileSm100(a: TmaSm100Args, op: string): Layout {
  const tiler = a.mmaTiler;
  if (!Array.isArray(tiler) || tiler.length < 3) {
    throw new UsageError(`${op} takes the MMA tiler (TILE_M,TILE_N,TILE_K[,...]), such as (_256,_256,_64); got ${show(tiler as Value)}`);
  }
  const tilerX = T.remove(tiler as Tiler[], DROPPED[a.operand]) as Tiler;
  const gmem = a.tma.gmem;
  if (Array.isArray(tilerX) && tilerX.length > T.rank(gmem.shape)) {
    throw new CuteError(op, "static_assert(tuple_size<Tiler>::value <= Layout::rank): the tiler has more modes than the gmem tensor", [
      `gmem ${showLayout(gmem)} is ${NAMES[a.operand]}`,
      `tiler ${show(tilerX as Value)}`,
    ]);
  }
  return ctaValues(a.mma, a.operand, composition(make_identity_layout(gmem.shape), tilerX));
}

/** layout<1>(mma.thrfrg_X(tile))(_, repeat<rank(tile)>(_)): one CTA's values of a tile of gmem coordinates, (MMA, MMA_M|N, MMA_K, ...) */
export function ctaValues(mma: TiledMma, w: UmmaOperand, tile: Layout): Layout {
  const frg = sublayout(thrfrg(mma, w, tile), [1]);
  const rest = Array.from({ length: T.rank(tile.shape) }, () => _);
  return slice([_, rest], frg);
}

/** make_tma_atom_X_sm100's multicast count: the cluster's N CTAs load A together, its M CTAs B */
function atomMulticast(op: TmaOp, w: UmmaOperand, clusterVMNK: Layout): number {
  if (isMulticast(op)) return size(sublayout(clusterVMNK, [w === "A" ? 2 : 1])).v;
  if (op === "SM90_TMA_LOAD" || op === "SM90_TMA_STORE" || op === "SM100_TMA_2SM_LOAD") return 1;
  throw new CuteError(builder("atom", w), "static_assert(dependent_false<CopyOp>, \"Unsupported TMA\")", [op]);
}

/**
 * cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape), make_tile(AtomThrID)), as the SM100
 * tutorials build it: (V,M,N,K) -> CTA rank in the cluster, V being the peer CTAs of a 2SM MMA.
 */
export function clusterLayoutVMNK(mma: TiledMma, clusterShape: T.IntTuple): Layout {
  if (!Array.isArray(clusterShape) || clusterShape.length !== 3) {
    throw new UsageError(`the cluster shape is (CLUSTER_M,CLUSTER_N,CLUSTER_K), such as (_4,_4,_1); got ${show(clusterShape as Value)}`);
  }
  return tiled_divide(make_layout(clusterShape), [mma.atom.thrID]);
}

/** make_tma_atom_A_sm100 / make_tma_atom_B_sm100(op, gmem, smem, mma_tiler, mma, cluster_layout_vmnk) */
export function makeTmaAtomSm100(a: TmaSm100Args, clusterVMNK: Layout): TmaAtom {
  const w = a.operand;
  if (w === "C") throw new UsageError(words`CuTe has make_tma_copy_C_sm100 but no make_tma_atom_C_sm100: drop ${input("tmaAtom")} for operand C`);
  const op = builder("atom", w);
  if (T.rank(clusterVMNK.shape) !== 4) {
    throw new UsageError(`${op} takes the cluster layout (V,M,N,K) -> CTA; got ${showLayout(clusterVMNK)}`);
  }
  const ctaV = ctaVTileSm100(a, op);
  const numMulticast = atomMulticast(a.tma.op, w, clusterVMNK);
  const deferred: DeferredFailure[] = [];
  const atom = makeTmaCopyAtom(a.tma, numMulticast, ctaV, deferred);
  if (deferred.length) throw new CuteError("make_tma_copy", deferred[0]!.rule, deferred[0]!.operands);
  return atom;
}

/**
 * cta_t_map of make_tma_copy_A/B_sm100: coalesce(make_layout(shape(thr_layout_vmnk),
 * compact_col_major(shape, strides))), the strides picking the MMA's CTAs that share a multicast
 * (N for A, M for B); no CTAs without multicast.
 */
function ctaTMapSm100(op: TmaOp, w: UmmaOperand, mma: TiledMma): Layout {
  const name = builder("copy", w);
  if (w === "C") {
    if (op !== "SM90_TMA_LOAD" && op !== "SM90_TMA_STORE" && op !== "SM100_TMA_2SM_LOAD") {
      throw new CuteError(name, "Unsupported TMA Op, expected a non-multicast TMA", [op]);
    }
    return new Layout(_1, _0);
  }
  let strides: Int[];
  if (isMulticast(op)) strides = w === "A" ? [_0, _0, _1, _0] : [_0, _1, _0, _0];
  else if (op === "SM90_TMA_LOAD" || op === "SM90_TMA_STORE" || op === "SM100_TMA_2SM_LOAD") strides = [_0, _0, _0, _0];
  else throw new CuteError(name, "static_assert(dependent_false<CopyOp>, \"Unsupported TMA\")", [op]);
  const shape = mma.thrLayoutVMNK.shape;
  return coalesce(make_layout(shape, T.compact_major_tuple(shape, strides, true)));
}

/** make_tma_copy_A_sm100 / make_tma_copy_B_sm100 / make_tma_copy_C_sm100(op, gmem, smem, cluster_tiler, mma) */
export function makeTmaCopySm100(a: TmaSm100Args): TmaCopy {
  const ctaT = ctaTMapSm100(a.tma.op, a.operand, a.mma);
  const ctaV = ctaVTileSm100(a, builder("copy", a.operand));
  return makeTmaCopyTiled(a.tma, ctaT, ctaV);
}

