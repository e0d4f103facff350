/**
 * The `tma` / `tma-coords` options beyond make_tma_copy's: `--tma-atom` (make_tma_atom, only the
 * Copy_Atom) and `--for-mma OP --operand A|B|C [--atoms L]` (the SM100 UMMA operand builders
 * make_tma_atom_A/B_sm100 and make_tma_copy_A/B/C_sm100), read into a built TMA.
 *
 * With --for-mma, `--cta-tiler` is the MMA tiler (TILE_M,TILE_N,TILE_K) and `--cluster` the
 * cluster shape (CLUSTER_M,CLUSTER_N,CLUSTER_K) that make_tma_atom_X_sm100 divides by the MMA's
 * peer CTAs (tiled_divide(make_layout(cluster_shape), AtomThrID)); make_tma_copy_X_sm100 takes no
 * cluster: its multicast CTAs are the TiledMMA's (--atoms).
 */
import { UsageError } from "../../core/errors.js";
import { _1, type Int } from "../../core/integer.js";
import { Layout, size } from "../../core/layout.js";
import { isIntTuple } from "../../notation/coerce.js";
import { evaluate } from "../evaluate.js";
import { show } from "../../print/print.js";
import type { Value } from "../../core/value.js";
import { makeTmaAtom, makeTmaCopy, type TmaAtom, type TmaCopy } from "../../atoms/tma/make-tma-copy.js";
import { type UmmaOperand } from "../../atoms/tma/sm100.js";
import { isIm2colOp, makeIm2colTmaCopy, type ConvParams, type Im2colAtom, type Im2colCopy } from "../../atoms/tma/im2col.js";
import type { TiledMma } from "../../atoms/mma/tiled-mma.js";
import type { Tiler } from "../../core/layout.js";
import * as T from "../../core/int-tuple.js";
import { tmaArgsFrom, strOpt, type OptionValues } from "./tma-options.js";
import { parseTiler } from "./tma.js";
import { parseOperand } from "./common.js";

/** what was built: make_tma_copy's TiledCopy (tiled) or make_tma_atom's Copy_Atom alone */
export type BuiltTma = { kind: "copy"; copy: TmaCopy; builder: string } | { kind: "atom"; atom: TmaAtom; builder: string };
/** make_im2col_tma_copy's TiledCopy: its descriptor is cuTensorMapEncodeIm2col's */
export type BuiltIm2col = { kind: "im2col"; copy: Im2colCopy; builder: string } | { kind: "im2col-atom"; atom: Im2colAtom; builder: string };
export const im2colAtomOf = (b: BuiltIm2col): Im2colAtom => (b.kind === "im2col" ? b.copy : b.atom);

export const tmaOf = (b: BuiltTma): TmaAtom => (b.kind === "copy" ? b.copy : b.atom);

const CONV_OPTIONS = ["lower-corner", "upper-corner", "lower-padding", "upper-padding", "traversal-stride", "lower-srt", "dilation"] as const;

/** a tuple of integers per spatial mode, e.g. (0,0) or (-2,-2) */
function convTuple(text: string, name: string): Int[] {
  const v = evaluate(text);
  const flat = isIntTuple(v) ? T.leaves(v) : undefined;
  if (!flat || (Array.isArray(v) && v.some((x) => Array.isArray(x)))) {
    throw new UsageError(`--${name} takes one integer per spatial mode in (w,h,d) order, such as (0,0); got ${show(v as Value)}`);
  }
  return flat;
}

/**
 * The im2col builder the options name, when --op is an im2col op: make_im2col_tma_copy(op, gmem,
 * smem[, cta_tiler[, multicast]][, conv parameters]); with --for-mma MMA_OP --operand A|B,
 * make_im2col_tma_copy_A/B_sm100(op, gmem, smem, cluster_tile, mma, conv...), or with --tma-atom
 * make_im2col_tma_atom_A/B_sm100(op, gmem, smem, mma_tiler, mma, cluster_layout_vmnk, conv...).
 */
export async function buildIm2colFrom(opts: OptionValues): Promise<BuiltIm2col | undefined> {
  const op = strOpt(opts, "op");
  if (op === undefined || !isIm2colOp(op)) {
    for (const o of CONV_OPTIONS) if (strOpt(opts, o) !== undefined) throw new UsageError(`--${o} is a convolution parameter of the im2col ops (SM90_TMA_LOAD_IM2COL, ...)`);
    return undefined;
  }
  const mmaOp = strOpt(opts, "for-mma");
  const atomOnly = opts["tma-atom"] === true;
  if (mmaOp === undefined) {
    for (const o of ["operand", "atoms"]) if (strOpt(opts, o) !== undefined) throw new UsageError(`--${o} goes with --for-mma MMA_OP`);
    if (atomOnly) {
      throw new UsageError(`${op}: make_im2col_tma_copy builds a TiledCopy; the im2col Copy_Atom alone is built by make_im2col_tma_atom_A/B_sm100: add --for-mma MMA_OP --operand A|B`);
    }
  }
  const { op: _op, ...rest } = opts;
  const conv: ConvParams = {};
  const keys: Record<(typeof CONV_OPTIONS)[number], keyof ConvParams> = {
    "lower-corner": "lowerCorner",
    "upper-corner": "upperCorner",
    "lower-padding": "lowerPadding",
    "upper-padding": "upperPadding",
    "traversal-stride": "traversalStride",
    "lower-srt": "lowerSrt",
    dilation: "dilation",
  };
  for (const o of CONV_OPTIONS) {
    const t = strOpt(opts, o);
    if (t !== undefined) conv[keys[o]] = convTuple(t, o);
  }
  if (mmaOp === undefined) {
    const base = tmaArgsFrom({ ...rest, op: "SM90_TMA_LOAD" });
    return { kind: "im2col", copy: makeIm2colTmaCopy({ ...base, op, conv }), builder: "make_im2col_tma_copy" };
  }
  const operandText = strOpt(opts, "operand");
  if (operandText !== undefined && parseOperand(operandText) === "C") {
    throw new UsageError("CuTe has no im2col builder for operand C: make_im2col_tma_copy_A/B_sm100 and make_im2col_tma_atom_A/B_sm100 load A or B");
  }
  const m = await mmaBuilderOptions(opts, atomOnly, "im2col_tma");
  if (m.operand === "C") throw new UsageError("CuTe has no im2col builder for operand C");
  const { cluster: _c, "cta-tiler": _t, ...plain } = rest;
  const im2col = { ...tmaArgsFrom({ ...plain, op: "SM90_TMA_LOAD" }), op, conv };
  const sm100 = await import("../../atoms/tma/im2col-sm100.js");
  const a = { im2col, operand: m.operand, mma: m.mma, mmaTiler: m.tiler };
  if (!atomOnly) return { kind: "im2col", copy: sm100.makeIm2colTmaCopySm100(a), builder: `make_im2col_tma_copy_${m.operand}_sm100` };
  return { kind: "im2col-atom", atom: sm100.makeIm2colTmaAtomSm100(a, m.clusterVMNK!), builder: `make_im2col_tma_atom_${m.operand}_sm100` };
}

/** what --for-mma's builders read: the operand, the TiledMMA (with --atoms), the MMA tiler, and with --tma-atom the cluster layout (V,M,N,K) */
async function mmaBuilderOptions(opts: OptionValues, atomOnly: boolean, family: "tma" | "im2col_tma"): Promise<{ operand: UmmaOperand; mma: TiledMma; tiler: Tiler; clusterVMNK?: Layout }> {
  const operandText = strOpt(opts, "operand");
  if (operandText === undefined) throw new UsageError("--for-mma needs --operand A|B|C: which MMA operand the TMA loads");
  const operand = parseOperand(operandText);
  const tilerText = strOpt(opts, "cta-tiler");
  if (tilerText === undefined) throw new UsageError("--for-mma needs --cta-tiler (TILE_M,TILE_N,TILE_K): the MMA tiler, e.g. (_256,_256,_64)");
  const clusterText = strOpt(opts, "cluster");
  if (!atomOnly && clusterText !== undefined) {
    throw new UsageError(
      `make_${family}_copy_${operand}_sm100 takes no cluster: its multicast CTAs are the TiledMMA's (--atoms); ` +
        `--cluster (CLUSTER_M,CLUSTER_N,CLUSTER_K) goes with --tma-atom (make_${family}_atom_${operand}_sm100)`,
    );
  }
  const catalog = await import("../../atoms/mma/catalog.js");
  const mma = (await import("./mma.js")).makeTiledMma(catalog.resolveMma(strOpt(opts, "for-mma")!), strOpt(opts, "atoms"));
  const tiler = parseTiler(tilerText, "--cta-tiler");
  if (!atomOnly) return { operand, mma, tiler };
  const sm100 = await import("../../atoms/tma/sm100.js");
  let clusterVMNK: Layout;
  // without --cluster: the smallest cluster, the MMA's peer CTAs alone (size(AtomThrID),_1,_1)
  if (clusterText === undefined) clusterVMNK = sm100.clusterLayoutVMNK(mma, [size(mma.atom.thrID), _1, _1]);
  else {
    const v = evaluate(clusterText);
    if (v instanceof Layout) clusterVMNK = v;
    else if (isIntTuple(v)) clusterVMNK = sm100.clusterLayoutVMNK(mma, v);
    else throw new UsageError(`--cluster with --for-mma takes the cluster shape (CLUSTER_M,CLUSTER_N,CLUSTER_K), such as (_4,_4,_1), not ${show(v as Value)}`);
  }
  return { operand, mma, tiler, clusterVMNK };
}


/** the make_tma_* call the options describe, run */
export async function buildTmaFrom(opts: OptionValues): Promise<BuiltTma> {
  const mmaOp = strOpt(opts, "for-mma");
  const atomOnly = opts["tma-atom"] === true;
  if (mmaOp === undefined) {
    for (const o of ["operand", "atoms"]) if (strOpt(opts, o) !== undefined) throw new UsageError(`--${o} goes with --for-mma MMA_OP`);
    if (!atomOnly) return { kind: "copy", copy: makeTmaCopy(tmaArgsFrom(opts)), builder: "make_tma_copy" };
    if (strOpt(opts, "cta-tiler") === undefined) {
      throw new UsageError("make_tma_atom(op, gmem, smem, cta_tiler[, cluster_size]) takes a CTA tiler: add --cta-tiler, e.g. the smem's shape");
    }
    return { kind: "atom", atom: makeTmaAtom(tmaArgsFrom(opts)), builder: "make_tma_atom" };
  }

  const m = await mmaBuilderOptions(opts, atomOnly, "tma");
  const { cluster: _c, "cta-tiler": _t, ...rest } = opts;
  const tma = tmaArgsFrom(rest);
  const sm100 = await import("../../atoms/tma/sm100.js");
  const a = { tma, operand: m.operand, mma: m.mma, mmaTiler: m.tiler };
  if (!atomOnly) return { kind: "copy", copy: sm100.makeTmaCopySm100(a), builder: `make_tma_copy_${m.operand}_sm100` };
  return { kind: "atom", atom: sm100.makeTmaAtomSm100(a, m.clusterVMNK!), builder: `make_tma_atom_${m.operand}_sm100` };
}
