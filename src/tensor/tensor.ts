/**
 * Tensors over counting and arithmetic-tuple iterators (tensor_impl.hpp): an iterator plus a
 * layout; slicing moves the iterator by the sliced-away offset.
 */
import { Int, _0 } from "../core/integer.js";
import { Idx, idxAdd } from "../core/basis.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout } from "../core/swizzle.js";

export class CountingIter {
  constructor(readonly v: Int) {}
}
export class ArithIter {
  constructor(readonly coord: Idx) {}
}
export type Iter = CountingIter | ArithIter;

export class Tensor {
  constructor(
    readonly iter: Iter,
    readonly layout: Layout | ComposedLayout,
  ) {}
}

/** iterator + offset: a counting iterator stays an int; an arithmetic tuple adds by mode */
export function advance(it: Iter, off: Idx): Iter {
  if (it instanceof CountingIter) {
    if (!(off instanceof Int)) throw new Error("a counting iterator takes an integer offset");
    return new CountingIter(new Int(it.v.v + off.v, false));
  }
  return new ArithIter(idxAdd(it.coord, off));
}

/** *(iter + off) */
export function deref(it: Iter, off: Idx): Idx {
  if (it instanceof CountingIter) {
    if (!(off instanceof Int)) throw new Error("a counting iterator takes an integer offset");
    return new Int(it.v.v + off.v, false);
  }
  return idxAdd(it.coord, off);
}
export const ZERO = _0;
