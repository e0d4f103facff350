/** Command-line values for copy: layouts written in the notation, operand letters, the MMA side. */
import type { CopyAtom } from "../../atoms/copy/atom.js";
import { TiledCopy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C, type TiledMmaLike } from "../../atoms/copy/tiled.js";

export { layoutArg, parseOperand } from "./common.js";

export type Operand = "A" | "B" | "C";

/** make_tiled_copy_A/B/C(atom, make_tiled_mma(MMA_OP, atoms, tile)) */
export async function make_tiled_copy_for_mma(
  atom: CopyAtom,
  mmaOp: string,
  operand: Operand,
  atoms?: string,
  tile?: string,
): Promise<TiledCopy> {
  const mma = await tiledMmaFor(mmaOp, atoms, tile);
  return operand === "A" ? make_tiled_copy_A(atom, mma) : operand === "B" ? make_tiled_copy_B(atom, mma) : make_tiled_copy_C(atom, mma);
}

async function tiledMmaFor(mmaOp: string, atoms?: string, tile?: string): Promise<TiledMmaLike> {
  const catalog = await import("../../atoms/mma/catalog.js");
  const tiled = await import("../../atoms/mma/tiled-mma.js");
  const mma = (await import("./mma.js")).makeTiledMma(catalog.resolveMma(mmaOp), atoms, tile);
  // the mma module's TiledMMA, seen through what make_tiled_copy_A/B/C needs
  return {
    get_layoutA_TV: () => tiled.layoutTV(mma, "A"),
    get_layoutB_TV: () => tiled.layoutTV(mma, "B"),
    get_layoutC_TV: () => tiled.layoutTV(mma, "C"),
    tile_size: (i) => tiled.tileSizeMNK(mma, i),
  };
}
