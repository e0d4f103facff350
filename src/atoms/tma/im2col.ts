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
import { Int, S, D, _0, _1, isConst } from "../../core/integer.js";
import * as I from "../../core/integer.js";
import { Tensor, ArithIter } from "../../core/tensor.js";
import { make_composed } from "../../core/composed.js";
import { at, make_identity_tensor } from "../../tensor/algorithms.js";
import * as T from "../../core/int-tuple.js";
import { ScaledBasis, type Idx } from "../../core/basis.js";
import { Layout, coalesce, composition, concat, cosize, flatten, logical_divide, make_identity_layout, make_layout, right_inverse, showLayout, size, take, tile_to_shape } from "../../core/layout.js";
import { make_copy_atom_from_traits, make_tiled_copy_impl, type CopyAtom, type TiledCopy } from "../copy/index.js";
import { cuSwizzleOf, tmaBitTraits, type TmaArgs } from "./make-tma-copy.js";

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
  lowerCorner?: Int[];
  upperCorner?: Int[];
  lowerPadding?: Int[];
  upperPadding?: Int[];
  traversalStride?: Int[];
  lowerSrt?: Int[];
  dilation?: Int[];
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
  /** get_tma_tensor: the im2col coordinate tensor, ArithTuple(_0,lower_corner_whd,_0,lower_srt) o gemm view o _0s o identity over the linearized shape */
  tmaTensor: Tensor;
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
const basis_value = (d: Idx): Int => (d instanceof ScaledBasis ? d.value : d instanceof Int ? d : fail("a TMA mode points at a nested gmem mode"));

/** basis_get(e, t): the sub-tuple of t a basis element names */
function basis_get<X>(e: Idx, t: T.Tup<X>): T.Tup<X> {
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
  const inv = right_inverse(smem);
  const sidx2gmode = coalesce(composition(ctaV, inv));
  const tmaFull = flatten(composition(make_identity_layout(gshape), sidx2gmode));
  const strides = T.wrap(tmaFull.stride) as Idx[];
  let smemRank = strides.findIndex((e) => !isConst(basis_value(e), 1));
  if (smemRank < 0) smemRank = strides.length;
  if (smemRank < 2) {
    no(
      "IM2COL expects at least 2 modes of the smem to vectorize with gmem. (the smem's contiguous run must cover whole channel rows and then pixels)",
      `smem index -> gmem mode: ${showLayout(tmaFull)}`,
    );
  }
  const trunc = take(tmaFull, 0, Math.min(smemRank, 2));
  // make_im2col_tma_copy_desc's (get_tma_swizzle_bits / _base of the smem's swizzle portion)
  const swizzle = cuSwizzleOf(args.smem.swizzle);
  const vt = logical_divide(trunc, T.shape_div(size(trunc), S(numMulticast)) as Int);
  const vt0 = T.get(vt.shape, 0);
  const rangeC = T.size(T.get(vt0, 0)).v;
  const rangeWHDN = T.size(T.get(vt0, 1)).v;
  const s00 = T.getPath(vt.stride as T.Tup<Idx>, [0, 0]) as Idx;
  const s01 = T.getPath(vt.stride as T.Tup<Idx>, [0, 1]) as Idx;

  // the tensor in (C, W, H, D, N) order: the channel mode, then the pixel mode's leaves
  const cwhdn = flatten(
    make_layout([basis_get(s00, gmem.shape), basis_get(s01, gmem.shape)] as T.IntTuple, [
      basis_get(s00, gmem.stride as T.Tup<Idx>),
      basis_get(s01, gmem.stride as T.Tup<Idx>),
    ] as T.Stride),
  );
  const conv = convParams(args, cwhdn);
  const desc = im2colDesc(args, cwhdn, conv, rangeC, rangeWHDN, swizzle);
  const tmaTensor = im2colTmaTensor(cwhdn, conv, s00, s01);

  const numElems = size(trunc);
  if (!numElems.s) no("the TMA box size is not a compile-time constant");
  const traits = tmaBitTraits(args.op, im2colThreads(args.op), numElems.v * args.type.bits);
  const atom = make_copy_atom_from_traits(traits, { name: args.type.name, bits: args.type.bits });
  return { args, tmaLayoutTrunc: trunc, tmaLayoutVT: vt, cwhdn, desc, tmaTensor, numElems, numMulticast, atom };
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
  const layoutV = tile_to_shape(concat(composition(inv, numElems)), size(ctaV));
  const layoutT = composition(inv, composition(new Layout(cs, T.shape_div(numElems, cs) as Int), ctaT));
  const tiled = make_tiled_copy_impl(a.atom, concat(layoutT, layoutV), tilerMN);
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

/** the convolution parameters, one per spatial mode; missing ones the no-offset overload's static defaults (Stride<_0,...>, Stride<_1,...>) */
type Conv = Required<ConvParams>;

function convParams(args: Im2colArgs, cwhdn: Layout): Conv {
  const dim = T.rank(cwhdn.shape);
  if (dim < 3 || dim > 5) {
    fail(`cuTensorMapEncodeIm2col takes a 3- to 5-D tensor (C, spatial modes, N); this one is ${dim}-D`, `(C,W,H,D,N) = ${showLayout(cwhdn)}`);
  }
  const spatial = dim - 2;
  const c = args.conv;
  const param = (v: Int[] | undefined, dflt: Int, name: string): Int[] => {
    if (v === undefined) return new Array<Int>(spatial).fill(dflt);
    if (v.length !== spatial) throw new UsageError(`--${name} takes one value per spatial mode (w,h,d order): ${spatial} for this tensor, got ${v.length}`);
    return v;
  };
  return {
    lowerCorner: param(c.lowerCorner, _0, "lower-corner"),
    upperCorner: param(c.upperCorner, _0, "upper-corner"),
    lowerPadding: param(c.lowerPadding, _0, "lower-padding"),
    upperPadding: param(c.upperPadding, _0, "upper-padding"),
    traversalStride: param(c.traversalStride, _1, "traversal-stride"),
    lowerSrt: param(c.lowerSrt, _0, "lower-srt"),
    dilation: param(c.dilation, _1, "dilation"),
  };
}

function im2colDesc(args: Im2colArgs, cwhdn: Layout, conv: Conv, rangeC: number, rangeWHDN: number, swizzle: string): Im2colDescriptor {
  const shape = leafNums(cwhdn.shape);
  const stride = (T.leaves(cwhdn.stride) as Idx[]).map((d) => (d instanceof Int ? d.v : fail("the activation tensor has integer strides")));
  const dim = shape.length;
  const spatial = dim - 2;
  const bytes = args.type.bits / 8;
  if (!Number.isInteger(bytes)) throw new UsageError("im2col TMA takes whole-byte element types");
  const lower = conv.lowerCorner.map((x) => x.v);
  const upper = conv.upperCorner.map((x) => x.v);
  const traversal = conv.traversalStride.map((x) => x.v);
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

/** conditional_return(cond, t, f): a static condition picks its branch; a run-time one keeps a static result only where both branches are the same static value */
function conditionalReturn(cond: boolean, condStatic: boolean, t: Int, f: Int): Int {
  if (condStatic) return cond ? t : f;
  if (t.s && f.s && t.v === f.v) return t;
  return D(cond ? t.v : f.v);
}

/**
 * The im2col coordinate tensor make_im2col_tma_copy_desc builds (get_tma_tensor returns it):
 *  - the GEMM view ((q,p[,z],n),(c,s,r[,t])) -- q/p/z = (w/h/d + upper_corner - lower_corner - 1) / traversal_stride + 1,
 *    s/r/t = 1 + (upper_padding - upper_corner) / dilation (lower_corner - lower_padding when the dilation is not positive);
 *    its dynamic (q,p,z,n) extents are cutlass::FastDivmod, which print as their divisor --
 *    with basis strides into the instruction's coordinate (c, (w,h,d), n, (s,r,t)): the pixel modes
 *    scaled by the traversal strides, the filter modes by the dilation; the modes in the order
 *    the smem's vector walks them (fprop: pixels, then channels);
 *  - composed over the identity of the linearized shape (q*p*z*n, (c,s,r,t)) at offset zero, so a
 *    GEMM M index is split into its (q,p,z,n) pixel;
 *  - starting at ArithTuple(_0, lower_corner_whd, _0, lower_srt).
 */
function im2colTmaTensor(cwhdn: Layout, conv: Conv, s00: Idx, s01: Idx): Tensor {
  const shape = T.wrap(cwhdn.shape) as Int[];
  const spatial = shape.length - 2;
  const range = Array.from({ length: spatial }, (_x, i) => i);
  const gemmMn: Int[] = [
    ...range.map((i) => I.add(I.div(I.sub(I.sub(I.add(shape[i + 1]!, conv.upperCorner[i]!), conv.lowerCorner[i]!), _1), conv.traversalStride[i]!), _1)),
    shape[spatial + 1]!,
  ];
  const gemmK: Int[] = [
    shape[0]!,
    ...range.map((i) => {
      const dil = conv.dilation[i]!;
      const padding = conditionalReturn(dil.v > 0, dil.s, I.sub(conv.upperPadding[i]!, conv.upperCorner[i]!), I.sub(conv.lowerCorner[i]!, conv.lowerPadding[i]!));
      return I.add(_1, I.div(padding, dil));
    }),
  ];
  const pick = <X>(common: T.Tup<X>): T.Tup<X> => [basis_get(s01, common), basis_get(s00, common)];
  const gemmShapes = pick<Int>([gemmMn, gemmK]);
  const linearShapes = pick<Int>([T.size(gemmMn), gemmK]);
  // elem_scale((_1, stride_whd, _1, stride_srt), make_basis_like(...)): mode 0 and 2 are E<0>, E<2>; modes 1 and 3 E<1,j>, E<3,j> scaled
  const scaled = (m: number, xs: Int[]): ScaledBasis[] => xs.map((x, j) => new ScaledBasis(I.mul(x, _1), [m, j]));
  const e0 = new ScaledBasis(_1, [0]);
  const e2 = new ScaledBasis(_1, [2]);
  const gbasis = pick<Idx>([
    [...scaled(1, conv.traversalStride), e2],
    [e0, ...scaled(3, conv.dilation)],
  ] as T.Tup<Idx>);
  const multimode = make_layout(gemmShapes as T.IntTuple, gbasis as T.Stride);
  const linear = make_identity_tensor(linearShapes as T.IntTuple);
  const start: Idx = [_0, conv.lowerCorner, _0, conv.lowerSrt];
  const layout = make_composed(multimode, at(linear, _0), linear.layout as Layout);
  return new Tensor(new ArithIter(start), layout);
}
