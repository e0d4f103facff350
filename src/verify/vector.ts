/**
 * verify vector: the widest vectorized access between a source and a destination layout —
 * CuTe's max_common_vector / max_common_layout — in elements and bytes, and what stops it
 * from being wider: the destination's contiguous run ending, the source disagreeing at the
 * next element, a dynamic run, or the layouts' size. Either side may be a swizzled smem layout
 * `Sw<B,M,S> o offset o L` (swizzle_layout.hpp's overloads): the inner layouts' common vector, at
 * most the 2^M elements each swizzle keeps together (unless both swizzles are the same).
 */
import { UsageError } from "../core/errors.js";
import { Int } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import * as C from "../core/composed.js";
import { ComposedLayout, SmemPtrFlag, Swizzle, showSwizzle } from "../core/swizzle.js";
import { show } from "../print/print.js";
import type { ValueType } from "../core/value-types.js";
import { naturalCoord } from "./common.js";

/** the widest single access the hardware has (ld/st.shared / global .v4.b32, cp.async 16B) */
export const MAX_ACCESS_BITS = 128;

export type VectorLimit =
  | { kind: "size"; size: number }
  | { kind: "dst-run"; run: number }
  | { kind: "src-disagrees"; dstOffset: number; index: number; coordSrc: string; coordDst: string; srcOffset: number }
  | { kind: "no-unit-stride"; index?: number; coordSrc?: string; srcOffset?: number }
  | { kind: "dynamic"; run: string }
  | { kind: "swizzle"; side: "src" | "dst"; swizzle: string; base: number };

export interface VectorVerdict {
  kind: "vector";
  holds: boolean;
  src: string;
  dst: string;
  type: string;
  typeBits: number;
  /** max_common_vector in elements */
  elements: number;
  bits: number;
  /** max_common_layout(src, dst) */
  commonLayout: string;
  /** the widest single instruction: min(bits, 128) */
  accessBits: number;
  accessElements: number;
  limit: VectorLimit;
  sizeSrc: number;
  sizeDst: number;
  /** the --min requirement (elements), when given */
  min?: number;
  /** what the swizzles assume or leave out, one line each */
  notes: string[];
}

type LayoutLike = Layout | ComposedLayout;

/** a side's swizzle and inner layout: Sw<B,M,S> o offset o L (a plain layout has neither) */
function swizzled(x: LayoutLike, what: string): { sw?: Swizzle; inner: Layout; flagBits?: number; offset?: number } {
  if (x instanceof Layout) return { inner: x };
  if (!(x.a instanceof Swizzle) || !(x.b instanceof Layout)) throw new UsageError(`${what} must be a layout or a swizzled layout Sw<B,M,S> o offset o L, got ${show(x)}`);
  const off = x.offset;
  return {
    sw: x.a,
    inner: x.b,
    ...(off instanceof SmemPtrFlag ? { flagBits: off.bits } : {}),
    ...(off instanceof Int ? { offset: off.v } : {}),
  };
}

export function verifyVector(srcIn: LayoutLike, dstIn: LayoutLike, type: ValueType, min?: number): VectorVerdict {
  const vec = C.max_common_vector(srcIn, dstIn);
  let common: string;
  try {
    common = show(C.max_common_layout(srcIn, dstIn));
  } catch {
    common = "none (CuTe has no max_common_layout of two swizzled layouts)";
  }
  const sSide = swizzled(srcIn, "SRC"), dSide = swizzled(dstIn, "DST");
  const src = sSide.inner, dst = dSide.inner;
  const innerVec = L.max_common_vector(src, dst);
  const notes: string[] = [];
  for (const [side, x] of [["src", sSide], ["dst", dSide]] as const) {
    if (!x.sw) continue;
    const base = 2 ** x.sw.m;
    if (x.flagBits !== undefined) {
      notes.push(`${side}'s ${showSwizzle(x.sw)} sits over smem_ptr[${x.flagBits}b]: it swizzles byte addresses, so ${base} bytes (${Math.max(1, (base * 8) / x.flagBits)} elements) stay together, where max_common_vector counts ${base} elements`);
    } else if (x.offset !== undefined && x.offset % base !== 0) {
      notes.push(`${side}'s offset ${x.offset} is not a multiple of 2^M = ${base}: max_common_vector assumes, as CuTe does, that it is`);
    }
  }
  const invB = L.right_inverse(dst);
  const run = L.size(invB).v;
  const comp = L.coalesce(L.composition(src, invB));
  const s0 = T.get(comp.shape, 0) as Int;
  const d0 = T.leaves(T.get(comp.stride, 0))[0];
  const sizeSrc = L.size(src).v, sizeDst = L.size(dst).v;
  const at = (l: Layout, i: number): number => {
    const f = L.compileIndexFn(l);
    if (!f) throw new UsageError(`the layouts must map to integers: ${show(l)}`);
    return f(i);
  };
  let limit: VectorLimit;
  const unit = d0 instanceof Int && d0.v === 1 && !Array.isArray(s0) && T.size(s0).v > 1;
  if (unit && !T.size(s0).s) limit = { kind: "dynamic", run: show(s0) };
  else if (!unit) {
    if (run <= 1) limit = { kind: "no-unit-stride" };
    else {
      const idx = at(invB, 1);
      limit = { kind: "no-unit-stride", index: idx, coordSrc: naturalCoord(idx, src.shape), srcOffset: at(src, idx) };
    }
  } else if (vec.v < innerVec.v) {
    const [side, x] = sSide.sw && 2 ** sSide.sw.m === vec.v ? (["src", sSide] as const) : (["dst", dSide] as const);
    limit = { kind: "swizzle", side, swizzle: showSwizzle(x.sw!), base: 2 ** x.sw!.m };
  } else if (vec.v >= Math.min(sizeSrc, sizeDst)) limit = { kind: "size", size: vec.v };
  else if (vec.v >= run) limit = { kind: "dst-run", run };
  else {
    const idx = at(invB, vec.v);
    limit = {
      kind: "src-disagrees",
      dstOffset: vec.v,
      index: idx,
      coordSrc: naturalCoord(idx, src.shape),
      coordDst: naturalCoord(idx, dst.shape),
      srcOffset: at(src, idx),
    };
  }
  const elements = vec.v;
  const bits = elements * type.bits;
  const accessBits = Math.min(bits, Math.max(MAX_ACCESS_BITS, type.bits));
  const v: VectorVerdict = {
    kind: "vector",
    holds: min === undefined || elements >= min,
    src: show(srcIn),
    dst: show(dstIn),
    type: type.name,
    typeBits: type.bits,
    elements,
    bits,
    commonLayout: common,
    accessBits,
    accessElements: Math.max(1, Math.floor(accessBits / type.bits)),
    limit,
    sizeSrc,
    sizeDst,
    notes,
  };
  if (min !== undefined) v.min = min;
  return v;
}
