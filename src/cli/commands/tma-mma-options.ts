/**
 * The options of `tma` and `tma-coords` that pick a builder other than make_tma_copy: make_tma_atom
 * (--tma-atom) and the SM100 UMMA operand builders (--for-mma, --operand, --atoms).
 */
import type { OptionSpec } from "../spec.js";

export const TMA_MMA_OPTIONS: OptionSpec[] = [
  {
    name: "tma-atom",
    description:
      "build only the Copy_Atom: make_tma_atom(op, gmem, smem, cta_tiler, cluster_size), or with --for-mma make_tma_atom_A/B_sm100(op, gmem, smem, mma_tiler, mma, cluster_layout_vmnk) (an im2col op: make_im2col_tma_atom_A/B_sm100)",
  },
  {
    name: "for-mma",
    value: "MMA_OP",
    description:
      "load an operand of this (UMMA) MMA: make_tma_copy_A/B/C_sm100, or with --tma-atom make_tma_atom_A/B_sm100; with an im2col --op, make_im2col_tma_copy_A/B_sm100 and make_im2col_tma_atom_A/B_sm100 with the convolution options. Then --cta-tiler is the MMA tiler (TILE_M,TILE_N,TILE_K), --smem the partitioned (MMA,MMA_M|N,MMA_K) layout, and --cluster (with --tma-atom) the cluster shape (CLUSTER_M,CLUSTER_N,CLUSTER_K), default (size(AtomThrID),_1,_1)",
  },
  { name: "operand", value: "A|B|C", description: "with --for-mma: which operand the TMA moves (A: gmem (M,K), B: (N,K), C: (M,N), TiledCopy only)" },
  { name: "atoms", value: "LAYOUT", description: "with --for-mma: the TiledMMA's atom layout over (M,N,K), e.g. (_1,_2,_1); its N (for A) or M (for B) CTAs share a multicast" },
];

/**
 * The convolution parameters of the im2col builders (make_im2col_tma_copy, make_im2col_tma_copy/atom_A/B_sm100), one value per
 * spatial mode in (w,h,d) order; each keeps its static-ness ((_0,_0) or (0,0)), which the coordinate tensor's print shows
 */
export const TMA_IM2COL_OPTIONS: OptionSpec[] = [
  { name: "lower-corner", value: "(W,H,D)", description: "im2col: lower_corner_whd, the pixel box's lower corner (cuTensorMapEncodeIm2col pixelBoxLowerCorner); default _0s" },
  { name: "upper-corner", value: "(W,H,D)", description: "im2col: upper_corner_whd, the pixel box's upper corner (pixelBoxUpperCorner); default _0s" },
  { name: "lower-padding", value: "(W,H,D)", description: "im2col: lower_padding_whd; default _0s" },
  { name: "upper-padding", value: "(W,H,D)", description: "im2col: upper_padding_whd (the filter extent s/r/t = 1 + (upper_padding - upper_corner) / dilation); default _0s" },
  { name: "traversal-stride", value: "(W,H,D)", description: "im2col: stride_whd, the convolution's traversal strides (elementStrides 1..); default _1s" },
  { name: "lower-srt", value: "(S,R,T)", description: "im2col: lower_srt, the filter offsets of the base pointer (the coordinate tensor's start); default _0s" },
  { name: "dilation", value: "(S,R,T)", description: "im2col: stride_srt, the filter dilation; default _1s" },
];
