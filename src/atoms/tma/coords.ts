/**
 * TMA coordinate tensors, as core tensors over an arithmetic-tuple iterator: get_tma_tensor,
 * local_tile, and the TiledCopy partitioning (get_slice(r).partition_S/D) a CTA hands to copy().
 */
import { CuteError } from "../../core/errors.js";
import { Int, _0 } from "../../core/integer.js";
import { ScaledBasis, idxAdd, type Idx } from "../../core/basis.js";
import { ComposedLayout, Swizzle } from "../../core/swizzle.js";
import { Layout } from "../../core/layout.js";
import { Tensor, ArithIter, advance } from "../../core/tensor.js";
import { at, inner_partition } from "../../tensor/algorithms.js";
import { print_tensor } from "../../print/layout.js";
import { show } from "../../print/print.js";
import { type IntTuple, type Coord, leaves } from "../../core/int-tuple.js";
import { type Tiler, make_layout } from "../../core/layout.js";
import { type TmaAtom } from "./make-tma-copy.js";
import { partition_S, partition_D, type TiledCopy } from "../copy/index.js";

export type CoordTensor = Tensor;

/** the number of TMA coordinates a layout with basis strides produces */
function coordRank(stride: Idx): number {
  let n = 0;
  for (const d of leaves<Idx>(stride)) if (d instanceof ScaledBasis && d.modes.length) n = Math.max(n, d.modes[0]! + 1);
  return n;
}

/**
 * tma.get_tma_tensor(shape(gmem)): ArithTuple(_0,...) o shape:g_stride. The start is CuTe's
 * coprofile of the layout: a tuple of _0 per TMA coordinate, or a bare _0 when no gmem mode
 * reaches the TMA (every stride is _0, and their sum is a plain integer)
 */
export function getTmaTensor(t: TmaAtom, gShape: IntTuple = t.args.gmem.shape as IntTuple): Tensor {
  const layout = make_layout(gShape, t.gStride);
  const n = coordRank(t.gStride);
  return new Tensor(new ArithIter(n === 0 ? _0 : new Array<Idx>(n).fill(_0)), layout);
}

/** local_tile(tensor, tiler, coord) = zipped_divide then slice (_..., coord..., _...) */
export function localTile(tensor: Tensor, tiler: Tiler, coord: Coord): Tensor {
  return inner_partition(tensor, tiler as never, coord as never);
}

/**
 * ThrCopy::partition_S / partition_D of a coordinate tensor for one thread (CTA rank). A composed
 * layout A o k o B (the im2col tensor) is partitioned through B, and the slice's offset joins k
 * (slice_and_offset of a ComposedLayout), the iterator staying where it was.
 */
export function partition(t: { tiled: TiledCopy }, tensor: Tensor, thrIdx: Int, which: "S" | "D" = "S"): Tensor {
  const part = which === "S" ? partition_S : partition_D;
  if (tensor.layout instanceof ComposedLayout && tensor.layout.b instanceof Layout && !(tensor.layout.a instanceof Swizzle)) {
    const c = tensor.layout;
    const [layout, offset] = part(t.tiled, thrIdx, c.b as Layout);
    return new Tensor(tensor.iter, new ComposedLayout(c.a, idxAdd(c.offset as Idx, offset), layout));
  }
  if (!(tensor.layout instanceof Layout)) throw new CuteError("partition", "a TMA coordinate tensor has a plain layout");
  const [layout, offset] = part(t.tiled, thrIdx, tensor.layout);
  return new Tensor(advance(tensor.iter, offset), layout);
}

/** print(tensor) */
export function printCoordTensor(t: Tensor): string {
  return show(t);
}
/** print_tensor(tensor) */
export function printCoordTensorFull(t: Tensor, force = false): string {
  return print_tensor(t, force);
}

/** the iterator's coordinate entries and the coordinate at linear index i */
export function iterEntries(t: Tensor): Int[] {
  if (!(t.iter instanceof ArithIter)) throw new CuteError("tma-coords", "expected an ArithTuple iterator");
  return flatInts(t.iter.coord);
}
export function coordAt(t: Tensor, i: Int): Int[] {
  return flatInts(at(t, i));
}
/** a coordinate's integers, leaf by leaf (the im2col coordinate (c,(w,h,d),n,(s,r,t)) is nested) */
function flatInts(x: Idx): Int[] {
  if (x instanceof Int) return [x];
  if (x instanceof ScaledBasis) throw new CuteError("ArithTuple", "unexpected basis in a coordinate");
  return x.flatMap(flatInts);
}
