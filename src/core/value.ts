/** Every kind of value an expression can produce. Arrays are CuTe tuples. */
import { Int } from "./integer.js";
import { ScaledBasis } from "./basis.js";
import { Underscore } from "./int-tuple.js";
import { Layout } from "./layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed } from "./swizzle.js";
import { Tensor, CountingIter, ArithIter, PtrIter, TmemIter, DescIter, TransformIter } from "./tensor.js";
import { MixedBits } from "./mixed-bits.js";

/** the LayoutLeft / LayoutRight generator tags */
export class MajorTag {
  constructor(readonly name: "LayoutLeft" | "LayoutRight") {}
}

export type Value =
  | Int
  | ScaledBasis
  | Underscore
  | Layout
  | ComposedLayout
  | SwizzleInnerComposed
  | Swizzle
  | SmemPtrFlag
  | Tensor
  | CountingIter
  | ArithIter
  | PtrIter
  | TmemIter
  | DescIter
  | TransformIter
  | MajorTag
  | MixedBits
  | Value[];
