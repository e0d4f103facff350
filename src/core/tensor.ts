/**
 * Tensors over counting and arithmetic-tuple iterators (tensor_impl.hpp): an iterator plus a
 * layout; slicing moves the iterator by the sliced-away offset.
 */
import { Int, _0 } from "./integer.js";
import * as I from "./integer.js";
import { CuteError } from "./errors.js";
import { Idx, idxAdd } from "./basis.js";
import { Layout } from "./layout.js";
import { ComposedLayout } from "./swizzle.js";

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
    if (!(off instanceof Int)) throw new CuteError("counting_iterator", "a counting iterator advances by integers, not by coordinates (the layout has basis strides)");
    return new CountingIter(I.add(it.v, off.s ? I.D(off.v) : off));
  }
  return new ArithIter(idxAdd(it.coord, off));
}

/** *(iter + off) */
export function deref(it: Iter, off: Idx): Idx {
  if (it instanceof CountingIter) {
    if (!(off instanceof Int)) throw new CuteError("counting_iterator", "a counting iterator advances by integers, not by coordinates (the layout has basis strides)");
    return I.add(it.v, off.s ? I.D(off.v) : off);
  }
  return idxAdd(it.coord, off);
}
