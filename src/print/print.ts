/** CuTe's print(): the text of any value, `_` on static integers. */
import { Int } from "../core/integer.js";
import { ScaledBasis } from "../core/basis.js";
import { Underscore } from "../core/int-tuple.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, Swizzle, SmemPtrFlag, SwizzleInnerComposed } from "../core/swizzle.js";
import { Tensor, CountingIter, ArithIter, PtrIter, TmemIter, DescIter, TransformIter } from "../core/tensor.js";
import { Unsupported } from "../core/errors.js";
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
  if (x instanceof PtrIter) return showPtr(x);
  if (x instanceof TmemIter) return showTmemPtr(x.bits, x.addr);
  if (x instanceof DescIter) return `${x.arch}::DescriptorIterator`;
  if (x instanceof TransformIter) throw new Unsupported("printing a lazy::transform tensor's iterator (a transform_iter)");
  if (x instanceof MajorTag) return x.name;
  if (x instanceof MixedBits) return showBits(x);
  return String(x);
}

/** printf's %p as glibc writes it: 0x and lowercase hex, `(nil)` for the null pointer; a negative address is the 64-bit value it wraps to */
export function showAddress(a: number): string {
  if (a === 0) return "(nil)";
  return "0x" + (a > 0 ? a.toString(16) : BigInt.asUintN(64, BigInt(a)).toString(16));
}

/**
 * print(ptr): each wrapper's prefix (`gmem_`, `smem_`, `rmem_`, `Sw<B,M,S>_`), then a raw
 * `T*` as `ptr[Nb](%p)` (pointer_base.hpp) or a subbyte_iterator as `subptr[Nb](%p.idx)`
 * (array_subbyte.hpp)
 */
export function showPtr(p: PtrIter): string {
  let s = "";
  for (const t of p.tags) s += t instanceof Swizzle ? `Sw<${t.b},${t.m},${t.s}>_` : `${t}_`;
  return s + (p.sub < 0 ? `ptr[${p.bits}b](${showAddress(p.addr)})` : `subptr[${p.bits}b](${showAddress(p.addr)}.${p.sub})`);
}

/** print(tmem_ptr<T>): tmem_[Nb](0xLLLL.CCCC), the data path lane and the column */
export function showTmemPtr(bits: number, addr: number): string {
  const hex = (x: number) => x.toString(16).padStart(4, "0");
  return `tmem_[${bits}b](0x${hex(addr >>> 16)}.${hex(addr & 0xffff)})`;
}

/**
 * show(x) cut at its dynamic integers (a basis element's value too, as idxEntries lists them):
 * the texts around them, one more than there are dynamic integers. Joined with each one's
 * number between them, they are show(x) again.
 */
export function showPieces(x: Value): string[] {
  const pieces = [""];
  const put = (s: string) => {
    pieces[pieces.length - 1] += s;
  };
  const walk = (v: Value): void => {
    if (v instanceof Int) {
      if (v.s) put(`_${v.v}`);
      else pieces.push("");
    } else if (Array.isArray(v)) {
      put("(");
      for (let i = 0; i < v.length; i++) {
        if (i) put(",");
        walk(v[i]!);
      }
      put(")");
    } else if (v instanceof ScaledBasis) {
      walk(v.value);
      for (let i = v.modes.length - 1; i >= 0; i--) put(`@${v.modes[i]}`);
    } else put(show(v));
  };
  walk(x);
  return pieces;
}
