/**
 * Command-line values for TMEM: a TMEM tensor given by its layout (`--tmem L`, with --value the
 * element type), or the accumulator of a UMMA (`--tmem-c MMA_OP [--fragment-c (M,N)]`):
 * partition_fragment_C(make_tiled_mma(MMA_OP, atoms, tile), (M,N)), (M,N) defaulting to one MMA.
 */
import { UsageError } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { parseValueType } from "../../core/value-types.js";
import { show } from "../../print/print.js";
import { TmemTensor } from "../../atoms/copy/tmem.js";
import type { TiledMma } from "../../atoms/mma/tiled-mma.js";
import { layoutArg, shapeArg } from "./common.js";

/** the (M,N) shape of partition_fragment_C; one MMA's tile (tile_size<0>, tile_size<1>) without --fragment-c */
export async function fragmentShapeC(mma: TiledMma, text: string | undefined): Promise<T.IntTuple> {
  if (text === undefined) {
    const { tileSizeMNK } = await import("../../atoms/mma/tiled-mma.js");
    return [tileSizeMNK(mma, 0), tileSizeMNK(mma, 1)];
  }
  const shape = shapeArg(text, "--fragment-c");
  if (!Array.isArray(shape) || shape.length < 2) throw new UsageError(`--fragment-c takes the C tile's shape (M,N), such as (_128,_256); got ${show(shape)}`);
  return shape;
}

/** partition_fragment_C of a UMMA TiledMMA: the accumulator's TMEM tensor */
export async function tmemAccumulator(mmaOp: string, atoms: string | undefined, tile: string | undefined, fragment: string | undefined): Promise<TmemTensor> {
  const catalog = await import("../../atoms/mma/catalog.js");
  const mma = (await import("./mma.js")).makeTiledMma(catalog.resolveMma(mmaOp), atoms, tile);
  const { partition_fragment_C } = await import("../../atoms/mma/tmem-frg.js");
  return partition_fragment_C(mma, await fragmentShapeC(mma, fragment));
}

/** make_tensor(make_tmem_ptr<T>(), layout): the layout's offsets in TMEM addresses of T (lane stride TMEM::DP<T>) */
export function tmemTensorArg(layoutText: string, valueType: string | undefined): TmemTensor {
  if (valueType === undefined) throw new UsageError("--tmem needs --value T, the element type of the TMEM tensor (e.g. --value float)");
  const layout = layoutArg(layoutText, "--tmem");
  if (!T.isStaticTuple(layout.shape) || !T.leaves(layout.stride).every((d) => d instanceof Int && d.s)) {
    throw new UsageError(`--tmem takes a static layout (make_tmem_copy's make_cotiled_copy requires one), such as (_128,_128):(_65536,_1); got ${show(layout)}`);
  }
  return new TmemTensor(parseValueType(valueType), layout);
}
