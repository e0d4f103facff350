/** Tensor slicing, tiling and partitioning (tensor_impl.hpp, local_tile / local_partition). */
import { CuteError } from "../core/errors.js";
import { Int, _0 } from "../core/integer.js";
import { Idx } from "../core/basis.js";
import * as T from "../core/int-tuple.js";
import { IntTuple, Coord, _ } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout, Tiler } from "../core/layout.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import { Tensor, ArithIter, advance, deref } from "../core/tensor.js";

/** T(c): *(iter + layout(c)) */
export function at(t: Tensor, c: IntTuple): Idx {
  const off = t.layout instanceof Layout ? L.crd2idx(c, t.layout) : C.evalAt(t.layout, c);
  return deref(t.iter, off);
}

/** T(c) with underscores: the iterator moves by the offset, the layout is sliced */
export function sliceTensor(t: Tensor, c: Coord): Tensor {
  if (t.layout instanceof ComposedLayout) {
    const [sl, off] = C.slice_and_offset(c, t.layout);
    return new Tensor(advance(t.iter, off), sl);
  }
  const [sl, off] = L.slice_and_offset(c, t.layout);
  return new Tensor(advance(t.iter, off), sl);
}

/** domain_offset(coord, tensor): the same shape, its origin moved to coord (a composed layout takes the offset itself) */
export function domain_offset(c: Coord, t: Tensor): Tensor {
  if (t.layout instanceof ComposedLayout) {
    const [l, off] = C.domain_offset(c, t.layout);
    return new Tensor(advance(t.iter, off), l);
  }
  if (T.has_underscore(c)) throw new CuteError("domain_offset", "the coordinate holds _, so layout(coord) is a layout, which cannot be added to the tensor's iterator", [L.showLayout(t.layout)]);
  return new Tensor(advance(t.iter, L.crd2idx(c as IntTuple, t.layout)), t.layout);
}

/**
 * make_tensor(t.data(), f(t.layout())) for an f that composes from the right (divides,
 * compositions, slices with only `_`): a composed layout takes f on its inner layout, so a
 * swizzled tensor keeps its swizzle; any iterator is kept as it is
 */
export function withLayout(t: Tensor, f: (l: Layout) => Layout): Tensor {
  return new Tensor(t.iter, t.layout instanceof Layout ? f(t.layout) : C.onInner(t.layout, f));
}

export function make_identity_tensor(shape: IntTuple): Tensor {
  const zeros = T.repeat_like(shape, _0);
  return new Tensor(new ArithIter(zeros as Idx), L.make_identity_layout(shape));
}

function zippedDivideTensor(t: Tensor, tiler: Tiler): Tensor {
  if (t.layout instanceof ComposedLayout) return new Tensor(t.iter, C.zipped_divide(t.layout, tiler));
  return new Tensor(t.iter, L.zipped_divide(t.layout, tiler));
}
function layoutShape(t: Tensor): IntTuple {
  return t.layout instanceof Layout ? t.layout.shape : innermostLayout(t.layout).shape;
}
/** repeat<R>(_): a single `_` when R is 1 */
const repeatUnder = (n: IntTuple): Coord => (Array.isArray(n) && n.length !== 1 ? n.map(() => _) : _);

/** inner_partition: keep the tile, index the rest mode with coord (padded with _) */
export function inner_partition(t: Tensor, tiler: Tiler, coord: Coord): Tensor {
  const tiled = zippedDivideTensor(t, tiler);
  const sh = layoutShape(tiled);
  const m0 = T.get(sh, 0), m1 = T.get(sh, 1);
  const rest: Coord = Array.isArray(coord) ? (T.appendN(coord, T.rank(m1), _) as Coord) : coord;
  return sliceTensor(tiled, [repeatUnder(m0), rest]);
}
/** outer_partition: index the tile mode with coord, keep the rest */
export function outer_partition(t: Tensor, tiler: Tiler, coord: Coord): Tensor {
  const tiled = zippedDivideTensor(t, tiler);
  const sh = layoutShape(tiled);
  const m0 = T.get(sh, 0), m1 = T.get(sh, 1);
  const first: Coord = Array.isArray(coord) ? (T.appendN(coord, T.rank(m0), _) as Coord) : coord;
  return sliceTensor(tiled, [first, repeatUnder(m1)]);
}
export function local_tile_proj(t: Tensor, tiler: Tiler, coord: Coord, proj: Coord): Tensor {
  return inner_partition(t, T.dice(proj, tiler as T.Tup<unknown>) as Tiler, T.dice(proj, coord) as Coord);
}

/** local_partition(T, tile, i): the tile's flat coordinate of thread i picks the outer slice */
export function local_partition(t: Tensor, tile: Layout, index: Int, proj?: Coord): Tensor {
  if (proj !== undefined) {
    const diced = T.dice(proj, tileModes(tile)) as unknown as Layout[];
    return local_partition(t, L.concat(...(Array.isArray(diced) ? diced : [diced])), index);
  }
  const hier = T.idx2crd(index, tile.shape, tile.stride as IntTuple);
  const flat: IntTuple = Array.isArray(tile.shape)
    ? (tile.shape as IntTuple[]).map((s, i) => T.crd2idx_compact((hier as IntTuple[])[i]!, s))
    : T.crd2idx_compact(hier, tile.shape);
  return outer_partition(t, T.product_each(tile.shape), flat as Coord);
}
function tileModes(tile: Layout): Layout[] {
  return Array.isArray(tile.shape) ? tile.shape.map((_s, i) => L.sublayout(tile, [i])) : [tile];
}
export { CuteError };
