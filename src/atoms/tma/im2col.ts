/**
 * im2col TMA on the host (copy_traits_sm90_im2col.hpp): make_im2col_tma_copy for the SM90 im2col
 * ops. The gmem tensor is the activation, ((W,H[,D],N),C) -- the GEMM's M modes, then its K
 * (channel) mode -- and the smem tile is (M,K). The TMA walks at most two smem modes: channels
 * (channelsPerPixel) and pixels (pixelsPerColumn); the convolution's corners and traversal strides
 * go to cuTensorMapEncodeIm2col, whose arguments `--desc` prints.
 *
 * Not here yet: the im2col coordinate tensor (get_tma_tensor: the (q,p,z,n),(c,s,r,t) GEMM view
 * with FastDivmod extents), and the SM100 builders (copy_traits_sm100_im2col.hpp).
 */
import { CuteError, UsageError } from "../../core/errors.js";
import { Int, S, _0, _1, isConst } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { ScaledBasis, type Idx } from "../../core/basis.js";
import { Layout, coalesce, composition, flatten, logical_divide, make_identity_layout, make_layout, right_inverse, showLayout, size, take, tile_to_shape } from "../../core/layout.js";
import { make_copy_atom_from_traits, make_tiled_copy_impl, type CopyAtom, type TiledCopy } from "../copy/index.js";
import { cuSwizzleOf, type TmaArgs } from "./make-tma-copy.js";
import { makeLayoutOf } from "./algebra.js";

export const IM2COL_OPS = ["SM90_TMA_LOAD_IM2COL", "SM90_TMA_LOAD_IM2COL_MULTICAST", "SM90_TMA_STORE_IM2COL"] as const;
export type Im2colOp = (typeof IM2COL_OPS)[number];
export const isIm2colOp = (name: string): name is Im2colOp => (IM2COL_OPS as readonly string[]).includes(name);

/** the convolution parameters, one entry per spatial mode in (w,h,d) order; missing ones take make_tma_copy_im2col's no-offset defaults */
export interface ConvParams {
  lowerCorner?: number[];
  upperCorner?: number[];
  lowerPadding?: number[];
  upperPadding?: number[];
  traversalStride?: number[];
  lowerSrt?: number[];
  dilation?: number[];
}

export interface Im2colArgs extends Omit<TmaArgs, "op"> {
  op: Im2colOp;
  conv: ConvParams;
}

/** cuTensorMapEncodeIm2col's arguments */
export interface Im2colDescriptor {
  format: string;
  dim: number;
  globalDim: number[];
  /** byte strides of dims 1..dim-1 */
  globalStrides: number[];
  pixelBoxLowerCorner: number[];
  pixelBoxUpperCorner: number[];
  channelsPerPixel: number;
  pixelsPerColumn: number;
  elementStrides: number[];
  interleave: string;
  swizzle: string;
  l2Promotion: string;
  oobFill: string;
}

export interface Im2colCopy {
  args: Im2colArgs;
  /** (TMA values) : gmem basis, cut per multicast CTA: ((channels, pixels), CTAs) */
  tmaLayoutVT: Layout;
  desc: Im2colDescriptor;
  numElems: Int;
  atom: CopyAtom;
  tiled: TiledCopy;
}

const fail = (rule: string, ...operands: string[]): never => {
  throw new CuteError("make_im2col_tma_copy", rule, operands);
};

/** basis_value of a stride element */
const basisValue = (d: Idx): Int => (d instanceof ScaledBasis ? d.value : d instanceof Int ? d : fail("a TMA mode points at a nested gmem mode"));

/** basis_get(e, t): the sub-tuple of t a basis element names */
function basisGet<X>(e: Idx, t: T.Tup<X>): T.Tup<X> {
  if (e instanceof ScaledBasis) return T.getPath(t, e.modes);
  return t;
}

const leafNums = (t: T.IntTuple): number[] => T.leaves(t).map((x) => x.v);

/** make_im2col_tma_copy(op, gtensor, slayout, cta_tiler, multicast[, corners, paddings, strides, lower_srt, dilation]) */
export function makeIm2colTmaCopy(args: Im2colArgs): Im2colCopy {
  const { gmem } = args;
  const smem = args.smem.layout;
  const gshape = T.product_each(gmem.shape);
  const cluster = args.cluster ?? _1;
  if (!cluster.s) fail("the multicast size must be a compile-time integer (write _2, not 2)");
  const tiler = args.ctaTiler ?? T.product_each(smem.shape);
  if (Array.isArray(tiler) && tiler.length > T.rank(gshape)) {
    fail("static_assert(tuple_size<Tiler>::value <= Layout::rank): the CTA tile has more modes than the gmem tensor", `gmem ${showLayout(gmem)}`);
  }
  // cta_v_tile over the flattened (M,K) tensor, cta_t_tile over the multicast CTAs
  const ctaV = composition(make_identity_layout(gshape), tiler as never);
  const ctaT = make_layout(cluster);
  const nMc = cluster.v;
  // make_tma_copy_im2col
  if (size(smem).v % nMc !== 0) fail("Number of active CTAs in TMA must divide domain size of slayout.", `size(smem) = ${size(smem).v}`, `multicast ${nMc}`);

  // make_tma_atom_im2col
  const shapesEqual = T.tupText(T.product_each(smem.shape)) === T.tupText(T.product_each(ctaV.shape));
  if (!shapesEqual) {
    fail("TMA requires CTA_Tile and SLayout top-level shape equivalence.", `smem ${showLayout(smem)}`, `cta tile ${showLayout(ctaV)}`);
  }
  const swizzle = cuSwizzleOf(args.smem.swizzle);
  const inv = right_inverse(smem);
  const sidx2gmode = coalesce(composition(ctaV, inv));
  const tmaFull = flatten(composition(make_identity_layout(gshape), sidx2gmode));
  const strides = T.wrap(tmaFull.stride) as Idx[];
  let smemRank = strides.findIndex((e) => !isConst(basisValue(e), 1));
  if (smemRank < 0) smemRank = strides.length;
  if (smemRank < 2) {
    fail(
      "IM2COL expects at least 2 modes of the smem to vectorize with gmem. (the smem's contiguous run must cover whole channel rows and then pixels)",
      `smem index -> gmem mode: ${showLayout(tmaFull)}`,
    );
  }
  const trunc = take(tmaFull, 0, Math.min(smemRank, 2));
  const vt = logical_divide(trunc, T.shape_div(size(trunc), S(nMc)) as Int);
  const vt0 = T.get(vt.shape, 0);
  const rangeC = T.size(T.get(vt0, 0)).v;
  const rangeWHDN = T.size(T.get(vt0, 1)).v;
  const s00 = T.getPath(vt.stride as T.Tup<Idx>, [0, 0]) as Idx;
  const s01 = T.getPath(vt.stride as T.Tup<Idx>, [0, 1]) as Idx;

  // the tensor in (C, W, H, D, N) order: the channel mode, then the pixel mode's leaves
  const cwhdn = flatten(
    make_layout([basisGet(s00, gmem.shape), basisGet(s01, gmem.shape)] as T.IntTuple, [
      basisGet(s00, gmem.stride as T.Tup<Idx>),
      basisGet(s01, gmem.stride as T.Tup<Idx>),
    ] as T.Stride),
  );
  const desc = im2colDesc(args, cwhdn, rangeC, rangeWHDN, swizzle);

  const numElems = size(trunc);
  if (!numElems.s) fail("the TMA box size is not a compile-time constant");
  const bits = new Layout([_1, S(numElems.v * args.type.bits)], [_0, _1]);
  const atom = make_copy_atom_from_traits({ name: args.op, thrID: new Layout(_1, _0), src: bits, dst: bits, ref: bits }, { name: args.type.name, bits: args.type.bits });

  // the TiledCopy, as make_tma_copy_tiled builds it (shape_div for the per-CTA slice)
  const tilerMN = T.product_each(ctaV.shape);
  const layoutV = tile_to_shape(makeLayoutOf(composition(inv, numElems)), size(ctaV));
  const cs = S(nMc);
  const layoutT = composition(inv, composition(new Layout(cs, T.shape_div(numElems, cs) as Int), ctaT));
  const tiled = make_tiled_copy_impl(atom, makeLayoutOf(layoutT, layoutV), tilerMN);
  return { args, tmaLayoutVT: vt, desc, numElems, atom, tiled };
}

function im2colDesc(args: Im2colArgs, cwhdn: Layout, rangeC: number, rangeWHDN: number, swizzle: string): Im2colDescriptor {
  const shape = leafNums(cwhdn.shape);
  const stride = (T.leaves(cwhdn.stride) as Idx[]).map((d) => (d instanceof Int ? d.v : fail("the activation tensor has integer strides")));
  const dim = shape.length;
  if (dim < 3 || dim > 5) {
    fail(`cuTensorMapEncodeIm2col takes a 3- to 5-D tensor (C, spatial modes, N); this one is ${dim}-D`, `(C,W,H,D,N) = ${showLayout(cwhdn)}`);
  }
  const spatial = dim - 2;
  const bytes = args.type.bits / 8;
  if (!Number.isInteger(bytes)) throw new UsageError("im2col TMA takes whole-byte element types");
  const param = (v: number[] | undefined, dflt: number, name: string): number[] => {
    if (v === undefined) return new Array<number>(spatial).fill(dflt);
    if (v.length !== spatial) throw new UsageError(`--${name} takes one value per spatial mode (w,h,d order): ${spatial} for this tensor, got ${v.length}`);
    return v;
  };
  const c = args.conv;
  const lower = param(c.lowerCorner, 0, "lower-corner");
  const upper = param(c.upperCorner, 0, "upper-corner");
  param(c.lowerPadding, 0, "lower-padding");
  param(c.upperPadding, 0, "upper-padding");
  const traversal = param(c.traversalStride, 1, "traversal-stride");
  param(c.lowerSrt, 0, "lower-srt");
  param(c.dilation, 1, "dilation");
  const elementStrides = [1, ...traversal, ...new Array<number>(Math.max(0, dim - 1 - spatial)).fill(1)].slice(0, dim);
  return {
    format: args.type.format,
    dim,
    globalDim: shape,
    globalStrides: stride.slice(1).map((d) => d * bytes),
    pixelBoxLowerCorner: lower,
    pixelBoxUpperCorner: upper,
    channelsPerPixel: rangeC,
    pixelsPerColumn: rangeWHDN,
    elementStrides,
    interleave: "CU_TENSOR_MAP_INTERLEAVE_NONE",
    swizzle,
    // TMA::DescriptorAuxParams{}: OOBFill::ZERO, L2Promotion::DISABLE
    l2Promotion: "CU_TENSOR_MAP_L2_PROMOTION_NONE",
    oobFill: "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE",
  };
}

/** the cuTensorMapEncodeIm2col arguments, one per line as `tma --desc` prints the tiled ones */
export function printIm2colDesc(d: Im2colDescriptor): string {
  const tup = (xs: number[]) => `(${xs.join(",")})`;
  const row = (k: string, v: string) => `${k.padEnd(20)}${v}\n`;
  return (
    row("format", d.format) +
    row("dim", String(d.dim)) +
    row("globalDim", tup(d.globalDim)) +
    row("globalStrides", tup(d.globalStrides)) +
    row("pixelBoxLowerCorner", tup(d.pixelBoxLowerCorner)) +
    row("pixelBoxUpperCorner", tup(d.pixelBoxUpperCorner)) +
    row("channelsPerPixel", String(d.channelsPerPixel)) +
    row("pixelsPerColumn", String(d.pixelsPerColumn)) +
    row("elementStrides", tup(d.elementStrides)) +
    row("interleave", d.interleave) +
    row("swizzle", d.swizzle) +
    row("l2Promotion", d.l2Promotion) +
    row("oobFill", d.oobFill)
  );
}
