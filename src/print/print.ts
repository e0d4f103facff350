/** CuTe's print(): the text of any value, `_` on static integers. */
import { Int } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import { Underscore } from "../core/int-tuple.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed } from "../core/swizzle.js";
import { Tensor, CountingIter, ArithIter } from "../core/tensor.js";
import { MajorTag, Value } from "../core/value.js";
import { MixedBits, showBits } from "../core/mixed-bits.js";

export function show(x: Value): string {
  if (x instanceof Int) return x.s ? `_${x.v}` : `${x.v}`;
  if (Array.isArray(x)) {
    let s = "(";
    for (let i = 0; i < x.length; i++) s += (i ? "," : "") + show(x[i]!);
    return s + ")";
  }
  if (x instanceof Layout) return `${show(x.shape as Value)}:${show(x.stride as Value)}`;
  if (x instanceof ScaledBasis) {
    let s = show(x.value);
    for (let i = x.modes.length - 1; i >= 0; i--) s += `@${x.modes[i]}`;
    return s;
  }
  if (x instanceof Underscore) return "_";
  if (x instanceof Swizzle) return `Sw<${x.b},${x.m},${x.s}>`;
  if (x instanceof SmemPtrFlag) return `smem_ptr[${x.bits}b](unset)`;
  if (x instanceof ComposedLayout || x instanceof SwizzleInnerComposed) return `${show(x.a)} o ${show(x.offset as Value)} o ${show(x.b)}`;
  if (x instanceof Tensor) return `${show(x.iter)} o ${show(x.layout)}`;
  if (x instanceof CountingIter) return `counting_iter(${x.v.v})`;
  if (x instanceof ArithIter) return `ArithTuple${show(x.coord as Value)}`;
  if (x instanceof MajorTag) return x.name;
  if (x instanceof MixedBits) return showBits(x);
  return String(x);
}
