/**
 * The shape of the pictures modules (print_latex / print_svg), loaded on demand by commands:
 * `await import("../../print/pictures.js")` for layouts and plain thread-value inputs,
 * `await import("../../atoms/pictures.js")` for a TiledMMA / TiledCopy object.
 * pictures.ts checks itself against these declarations.
 */
import type { Int } from "../core/integer.js";
import type { IntTuple } from "../core/int-tuple.js";
import type { Layout } from "../core/layout.js";

/** C: (thr,val) -> (m,n), A: (thr,val) -> (m,k), B: (thr,val) -> (n,k) coordinate layouts; tile (M,N,K) */
export interface MmaPictureInput {
  C: Layout;
  A: Layout;
  B: Layout;
  tileMNK: IntTuple;
}
/** S / D: (thr,val) -> (m,n) coordinate layouts; tile (M,N) */
export interface CopyPictureInput {
  S: Layout;
  D: Layout;
  tileMN: IntTuple;
}

export declare function print_latex_layout(l: Layout, force?: boolean): string;
export declare function print_svg_layout(l: Layout, force?: boolean): string;
export declare function print_latex_tv(tvCoords: Layout, tileMN: IntTuple, force?: boolean): string;
export declare function mmaPictureInput(layoutC_TV: Layout, layoutA_TV: Layout, layoutB_TV: Layout, tileMNK: [Int, Int, Int]): MmaPictureInput;
export declare function print_latex_mma(p: MmaPictureInput, force?: boolean): string;
export declare function print_svg_mma(p: MmaPictureInput, force?: boolean): string;
export declare function print_latex_copy(p: CopyPictureInput, force?: boolean): string;
export declare function print_svg_copy(p: CopyPictureInput, force?: boolean): string;
