/**
 * Pictures of the atom modules' objects: a TiledMMA (src/atoms/mma/tiled-mma.ts) and a TiledCopy
 * (src/atoms/copy/tiled.ts) turned into the plain inputs of ./pictures.ts, as CuTe's
 * print_latex / print_svg overloads for TiledMMA and TiledCopy build them.
 * Load this module lazily (it pulls in the MMA / copy modules).
 */
import { Layout } from "../core/layout.js";
import type { Int } from "../core/integer.js";
import { layoutTV, tileSizeMNK, type TiledMma } from "./mma/tiled-mma.js";
import { layoutS_TV_coords, layoutD_TV_coords, tile_shape_mn, type TiledCopy } from "./copy/tiled.js";
import {
  type CopyPictureInput,
  type MmaPictureInput,
  mmaPictureInput,
  print_latex_copy,
  print_latex_mma,
  print_svg_copy,
  print_svg_mma,
} from "../print/pictures.js";

/** tile_shape(mma) and the identity-composed C/A/B thread-value layouts of a TiledMMA */
export function tiledMmaPictureInput(mma: TiledMma): MmaPictureInput {
  const tile: [Int, Int, Int] = [tileSizeMNK(mma, 0), tileSizeMNK(mma, 1), tileSizeMNK(mma, 2)];
  return mmaPictureInput(layoutTV(mma, "C"), layoutTV(mma, "A"), layoutTV(mma, "B"), tile);
}

/** print_latex(tiled_mma); an MMA_Atom is drawn as make_tiled_mma(atom) */
export function print_latex_tiled_mma(mma: TiledMma, force = false): string {
  return print_latex_mma(tiledMmaPictureInput(mma), force);
}
/** print_svg(tiled_mma); an MMA_Atom is drawn as make_tiled_mma(atom) */
export function print_svg_tiled_mma(mma: TiledMma, force = false): string {
  return print_svg_mma(tiledMmaPictureInput(mma), force);
}

/** the tile and the S / D (thr,val) -> (m,n) layouts of a TiledCopy (tidfrg_S/D of the identity) */
export function tiledCopyPictureInput(tc: TiledCopy): CopyPictureInput {
  const S: Layout = layoutS_TV_coords(tc);
  const D: Layout = layoutD_TV_coords(tc);
  return { S, D, tileMN: tile_shape_mn(tc) };
}

/** print_latex(tiled_copy) */
export function print_latex_tiled_copy(tc: TiledCopy, force = false): string {
  return print_latex_copy(tiledCopyPictureInput(tc), force);
}
/** print_svg(tiled_copy): the S / D pictures as SVG (CuTe has none) */
export function print_svg_tiled_copy(tc: TiledCopy, force = false): string {
  return print_svg_copy(tiledCopyPictureInput(tc), force);
}
