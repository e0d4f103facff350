/**
 * im2col TMA on the host (copy_traits_sm90_im2col.hpp, copy_traits_sm100_im2col.hpp): the im2col
 * ops' Copy_Traits, detail::make_tma_atom_im2col and detail::make_tma_copy_im2col, and the public
 * make_im2col_tma_copy. The gmem tensor is the activation, ((W,H[,D],N),C) -- the GEMM's M modes,
 * then its K (channel) mode -- and the smem tile is (M,K). The TMA walks at most two smem modes:
 * channels (channelsPerPixel) and pixels (pixelsPerColumn); the convolution's corners and traversal
 * strides go to cuTensorMapEncodeIm2col, whose arguments `--desc` prints. The SM100 UMMA operand
 * builders (make_im2col_tma_copy_A/B_sm100, make_im2col_tma_atom_A/B_sm100) are in im2col-sm100.ts.
 */
import { CuteError, UsageError } from "../../core/errors.js";
import { Int, S, _1, isConst } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { ScaledBasis, type Idx } from "../../core/basis.js";
import { Layout, coalesce, composition, cosize, flatten, logical_divide, make_identity_layout, make_layout, right_inverse, showLayout, size, take, tile_to_shape } from "../../core/layout.js";
import { make_copy_atom_from_traits, make_tiled_copy_impl, type CopyAtom, type TiledCopy } from "../copy/index.js";
import { cuSwizzleOf, tmaBitTraits, type TmaArgs } from "./make-tma-copy.js";
import { makeLayoutOf } from "./algebra.js";

export const IM2COL_OPS = [
  "SM90_TMA_LOAD_IM2COL",
  "SM90_TMA_LOAD_IM2COL_MULTICAST",
  "SM90_TMA_STORE_IM2COL",
  "SM100_TMA_2SM_LOAD_IM2COL",
  "SM100_TMA_2SM_LOAD_IM2COL_MULTICAST",
] as const;
export type Im2colOp = (typeof IM2COL_OPS)[number];
export const isIm2colOp = (name: string): name is Im2colOp => (IM2COL_OPS as readonly string[]).includes(name);
/** size(ThrID) of the op's Copy_Traits: the SM100 2SM loads are issued by a pair of peer CTAs */
export const im2colThreads = (op: Im2colOp): number => (op.startsWith("SM100_TMA_2SM_") ? 2 : 1);
export const isIm2colMulticast = (op: Im2colOp): boolean => op.endsWith("_MULTICAST");

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

/** detail::make_tma_atom_im2col's result: the Copy_Atom with its descriptor */
export interface Im2colAtom {
  args: Im2colArgs;
  /** the smem's first two vector modes as gmem bases: (channels, pixels) or (pixels, channels) */
  tmaLayoutTrunc: Layout;
  /** tmaLayoutTrunc cut per multicast CTA: ((mode 0, mode 1), CTAs) */
  tmaLayoutVT: Layout;
  /** the activation in (C, W, H, D, N) order, as the descriptor sees it */
  cwhdn: Layout;
  desc: Im2colDescriptor;
  /** values per TMA instruction (size of the truncated TMA layout) */
  numElems: Int;
  /** the CTAs each box is cut over (1 without multicast) */
  numMulticast: number;
  atom: CopyAtom;
}

/** detail::make_tma_copy_im2col's result: the atom tiled over the CTA's smem */
export interface Im2colCopy extends Im2colAtom {
  /** CTA rank -> logical TMA thread (cta_t_map) */
  ctaTMap: Layout;
  tiled: TiledCopy;
}

const failIn =
  (name: string) =>
  (rule: string, ...operands: string[]): never => {
    throw new CuteError(name, rule, operands);
  };
const fail = failIn("make_im2col_tma_copy");

/** basis_value of a stride element */
const basisValue = (d: Idx): Int => (d instanceof ScaledBasis ? d.value : d instanceof Int ? d : fail("a TMA mode points at a nested gmem mode"));

/** basis_get(e, t): the sub-tuple of t a basis element names */
function basisGet<X>(e: Idx, t: T.Tup<X>): T.Tup<X> {
  if (e instanceof ScaledBasis) return T.getPath(t, e.modes);
  return t;
}

const leafNums = (t: T.IntTuple): number[] => T.leaves(t).map((x) => x.v);

/**
 * detail::make_tma_atom_im2col(op, gtensor, slayout, num_multicast, cta_v_map, conv...): the smem's
 * vector (right_inverse of its non-swizzle portion) through the CTA tile into gmem bases, its
 * first two static-1 basis modes as (channels, pixels), the descriptor, and the Copy_Atom.
 */
export function makeTmaAtomIm2col(args: Im2colArgs, numMulticast: number, ctaV: Layout, name = "make_im2col_tma_copy"): Im2colAtom {
  const no = failIn(name);
  const { gmem } = args;
  const smem = args.smem.layout;
  const gshape = T.product_each(gmem.shape);
  if (T.tupText(T.product_each(smem.shape)) !== T.tupText(T.product_each(ctaV.shape))) {
    no("TMA requires CTA_Tile and SLayout top-level shape equivalence.", `smem ${showLayout(smem)}`, `cta tile ${showLayout(ctaV)}`);
  }
  const swizzle = cuSwizzleOf(args.smem.swizzle);
  const inv = right_inverse(smem);
  const sidx2gmode = coalesce(composition(ctaV, inv));
  const tmaFull = flatten(composition(make_identity_layout(gshape), sidx2gmode));
  const strides = T.wrap(tmaFull.stride) as Idx[];
  let smemRank = strides.findIndex((e) => !isConst(basisValue(e), 1));
  if (smemRank < 0) smemRank = strides.length;
  if (smemRank < 2) {
    no(
      "IM2COL expects at least 2 modes of the smem to vectorize with gmem. (the smem's contiguous run must cover whole channel rows and then pixels)",
      `smem index -> gmem mode: ${showLayout(tmaFull)}`,
    );
  }
  const trunc = take(tmaFull, 0, Math.min(smemRank, 2));
  const vt = logical_divide(trunc, T.shape_div(size(trunc), S(numMulticast)) as Int);
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
  if (!numElems.s) no("the TMA box size is not a compile-time constant");
  const traits = tmaBitTraits(args.op, im2colThreads(args.op), numElems.v * args.type.bits);
  const atom = make_copy_atom_from_traits(traits, { name: args.type.name, bits: args.type.bits });
  return { args, tmaLayoutTrunc: trunc, tmaLayoutVT: vt, cwhdn, desc, numElems, numMulticast, atom };
}

/**
 * detail::make_tma_copy_im2col(op, gtensor, slayout, cta_t_map, cta_v_map, conv...): the atom for
 * cosize(cta_t_map) multicast CTAs, tiled over the CTA's smem as make_tma_copy_tiled tiles it.
 */
export function makeTmaCopyIm2col(args: Im2colArgs, ctaT: Layout, ctaV: Layout, name = "make_im2col_tma_copy"): Im2colCopy {
  const smem = args.smem.layout;
  const cs = cosize(ctaT);
  if (size(smem).v % cs.v !== 0) {
    failIn(name)("Number of active CTAs in TMA must divide domain size of slayout.", `size(smem) = ${size(smem).v}`, `cosize(cta_t_map) = ${cs.v}`);
  }
  const a = makeTmaAtomIm2col(args, cs.v, ctaV, name);
  const { numElems } = a;
  const tilerMN = T.product_each(ctaV.shape);
  const inv = right_inverse(smem);
  const layoutV = tile_to_shape(makeLayoutOf(composition(inv, numElems)), size(ctaV));
  const layoutT = composition(inv, composition(new Layout(cs, T.shape_div(numElems, cs) as Int), ctaT));
  const tiled = make_tiled_copy_impl(a.atom, makeLayoutOf(layoutT, layoutV), tilerMN);
  return { ...a, ctaTMap: ctaT, tiled };
}

/** make_im2col_tma_copy(op, gmem, smem[, cta_tiler[, multicast]][, conv parameters]) */
export function makeIm2colTmaCopy(args: Im2colArgs): Im2colCopy {
  const cluster = args.cluster ?? _1;
  if (!cluster.s) fail("the multicast size must be a compile-time integer (write _2, not 2)");
  const tiler = args.ctaTiler ?? T.product_each(args.smem.layout.shape);
  if (Array.isArray(tiler) && tiler.length > T.rank(args.gmem.shape)) {
    fail("static_assert(tuple_size<Tiler>::value <= Layout::rank): the CTA tile has more modes than the gmem tensor", `gmem ${showLayout(args.gmem)}`);
  }
  // cta_v_tile over the flattened (M,K) tensor, cta_t_tile over the multicast CTAs
  const ctaV = composition(make_identity_layout(T.product_each(args.gmem.shape)), tiler as never);
  return makeTmaCopyIm2col(args, make_layout(cluster), ctaV);
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
