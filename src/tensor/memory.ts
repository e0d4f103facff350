/**
 * Tensors over memory (tensor_impl.hpp, pointer_flagged.hpp): make_tensor over a pointer (a
 * swizzled shared-memory layout moves its swizzle onto the pointer), owning register tensors
 * (make_tensor<T>, make_tensor_like, make_fragment_like), recast<T>, and the address of an
 * element. The host holds no data: a pointer tensor is its addresses.
 */
import { CuteError, Unsupported } from "../core/errors.js";
import { Int, _0 } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import { IntTuple } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle, innermostLayout } from "../core/swizzle.js";
import * as C from "../core/composed.js";
import type { ValueType } from "../core/value-types.js";
import {
  Tensor, type Iter, CountingIter, DescIter, PtrIter, TmemIter, advance, elementAddress, hasTag, rawOf, rawPtr, recastPtr, sizeofBytes, swizzlePtr, tagPtr, unwrapPtr,
} from "../core/tensor.js";

/**
 * Where cute-ts places an owning register tensor (make_tensor<T>, make_tensor_like,
 * make_fragment_like): registers have no address on the host, so every such tensor starts at
 * this placeholder (CuTe's host run prints a stack address there).
 */
export const REGISTER_PLACEHOLDER = 0x7fff00000000;

const show = (l: Layout | ComposedLayout): string => (l instanceof Layout ? L.showLayout(l) : "a composed layout");

/**
 * make_tensor(iter, layout): a view. A swizzled layout waiting for its shared-memory pointer
 * (Sw o smem_ptr[Nb](unset) o L) takes this pointer: the swizzle moves onto it
 * (make_smem_ptr(ptr.get(), Sw)), and the tensor keeps L.
 */
export function make_tensor_view(it: Iter, layout: Layout | ComposedLayout): Tensor {
  if (layout instanceof ComposedLayout && layout.offset instanceof SmemPtrFlag && (it instanceof PtrIter || it instanceof TmemIter)) {
    const op = "make_tensor";
    if (!(it instanceof PtrIter) || !hasTag(it, "smem")) throw new CuteError(op, "Expected smem. (a swizzled layout over smem_ptr[Nb](unset) takes a shared-memory pointer: make_smem_ptr(...))");
    if (layout.offset.bits !== it.bits) throw new CuteError(op, `Expected a B-bit pointer type. (the layout's smem_ptr[${layout.offset.bits}b] flag is for ${layout.offset.bits}-bit elements, the pointer's are ${it.bits}-bit)`);
    if (!(layout.a instanceof Swizzle)) throw new CuteError(op, "cute-ts moves a swizzle onto a shared-memory pointer; this layout's outer function is not a swizzle");
    return new Tensor(swizzlePtr(tagPtr(unwrapPtr(it), "smem"), layout.a), layout.b);
  }
  return new Tensor(it, layout);
}

/** a tensor's value type (Engine::value_type): a pointer's element, int for a counting iterator */
export function valueType(t: Tensor, op: string): ValueType {
  const it = t.iter;
  // a pointer read back from its print knows its width only: an empty name
  if (it instanceof PtrIter) return { name: it.type ?? "", bits: it.bits };
  if (it instanceof TmemIter) return { name: it.type ?? "", bits: it.bits };
  if (it instanceof CountingIter) return { name: "int", bits: 32 };
  if (it instanceof DescIter) throw new CuteError(op, `the value type of a descriptor tensor is ${it.arch === "GMMA" ? "GmmaDescriptor" : "UMMA::SmemDescriptor"}: cute-ts makes register tensors of numbers (give the type: make_tensor_like<T>(...))`);
  throw new CuteError(op, "the value type of an ArithTuple tensor is a coordinate: cute-ts makes register tensors of numbers (give the type: make_tensor_like<T>(...))");
}

/**
 * make_tensor<T>(layout): an owning register tensor (ArrayEngine<T, cosize>): its layout must be
 * static. Its iterator is a T* at the placeholder address, or a subbyte_iterator for a T whose
 * width is not a whole number of bytes (array_subbyte).
 */
export function make_owning_tensor(vt: ValueType, layout: Layout | ComposedLayout, op = "make_tensor<T>"): Tensor {
  const inner = layout instanceof Layout ? layout : innermostLayout(layout);
  if (!T.isStaticTuple(inner.shape) || !T.isStaticTuple(inner.stride as IntTuple)) {
    throw new CuteError(op, "Dynamic owning tensors not supported (an owning tensor's layout is static)", [show(layout)]);
  }
  if (vt.bits === 0) throw new CuteError(op, "no register array of void");
  const type = vt.name === "" ? undefined : vt.name;
  const base = rawPtr(vt.bits, REGISTER_PLACEHOLDER, type);
  return new Tensor(vt.bits % 8 !== 0 ? recastPtr(base, vt.bits, type) : base, layout, true);
}

/**
 * sizeof(tensor) of an owning tensor: its ArrayEngine<T, cosize> holds an array_aligned<T, N>
 * (alignas(16)) for whole-byte T, so N * sizeof(T) rounded up to 16 bytes. A view's size is its
 * iterator's and layout's, which cute-ts does not model.
 */
export function sizeofTensor(t: Tensor, op = "sizeof"): Int {
  if (!t.owning) throw new Unsupported(`${op} of a tensor view (a pointer and a layout)`, ": sizeof is known here for owning tensors (make_tensor<T>, make_tensor_like, make_fragment_like)");
  const bits = t.iter instanceof PtrIter ? t.iter.bits : 0;
  if (bits === 0 || bits % 8 !== 0) throw new Unsupported(`${op} of an owning tensor of sub-byte values (array_subbyte)`);
  const inner = t.layout instanceof Layout ? t.layout : innermostLayout(t.layout);
  const bytes = L.cosize(inner).v * (bits / 8);
  return new Int(Math.ceil(bytes / 16) * 16, false);
}

/** make_tensor_like<T>(tensor or layout): a register tensor of the layout's shape, compact in the order of its strides */
export function make_tensor_like(vt: ValueType, layout: Layout | ComposedLayout, op = "make_tensor_like"): Tensor {
  if (!(layout instanceof Layout)) throw new CuteError(op, "no matching overload: make_layout_like takes a layout, not a composed (swizzled) layout");
  return make_owning_tensor(vt, L.make_layout_like(layout), op);
}

/** make_fragment_like<T>(tensor or layout): a register tensor, mode 0 column-major, the rest in the order of the strides */
export function make_fragment_like(vt: ValueType, layout: Layout | ComposedLayout, op = "make_fragment_like"): Tensor {
  if (!(layout instanceof Layout)) throw new CuteError(op, "no matching overload: make_fragment_like takes a layout, not a composed (swizzled) layout");
  return make_owning_tensor(vt, L.make_fragment_like(layout), op);
}

/**
 * recast<NewT>(tensor): the same memory as elements of `newBits` bits (recast_layout<Old,New>
 * of the layout, recast_ptr of the pointer). Widening a plain layout with negative static
 * strides first moves the pointer back by the extent the wider shape gives up along them.
 */
export function recast(t: Tensor, newBits: number, newType?: string): Tensor {
  const op = "recast";
  const it = t.iter;
  if (it instanceof DescIter) {
    // recast_ptr<NewT>(GMMA::DescriptorIterator): only to uint64_t, the descriptor's register type, and it stays as it is
    if (it.arch === "UMMA") throw new Unsupported("recast of a UMMA descriptor tensor");
    if (newType !== "uint64_t") throw new CuteError("recast_ptr", "Can only cast GmmaDescriptorIterator to uint64_t.", [newType ?? `${newBits}-bit type`]);
    return t;
  }
  if (!(it instanceof PtrIter || it instanceof TmemIter)) {
    throw new CuteError(op, "recast_ptr has no overload for an implicit iterator (counting_iter, ArithTuple): recast a tensor over memory, or a layout with recast_layout<Old,New>");
  }
  const oldBits = it.bits;
  const layout = t.layout instanceof Layout ? L.recast_layout(t.layout, oldBits, newBits) : C.recast_layout(t.layout, oldBits, newBits);
  let base: Iter = it;
  if (sizeofBytes(oldBits) < sizeofBytes(newBits) && t.layout instanceof Layout && layout instanceof Layout) {
    const oldS = T.leaves(t.layout.shape), newS = T.leaves(layout.shape);
    const oldD = T.leaves(t.layout.stride as IntTuple);
    let off = 0;
    for (let i = 0; i < oldS.length; i++) {
      const d = oldD[i];
      if (!(d instanceof Int)) continue;
      off += Math.min((oldS[i]!.v - (newS[i]?.v ?? 0)) * d.v, 0);
    }
    if (off !== 0) base = advance(it, new Int(off, false));
  }
  const ptr = base instanceof TmemIter ? new TmemIter(newBits, base.addr, newType) : recastPtr(base as PtrIter, newBits, newType);
  return new Tensor(ptr, layout as Layout | ComposedLayout);
}

/**
 * as_position_independent_swizzle_tensor(tensor): a swizzle_ptr tensor over shared memory as a
 * plain smem pointer and the swizzle recast from bytes to elements composed with its layout
 * (the base must be aligned to the swizzle's bits, CuTe's debug assert)
 */
export function as_position_independent_swizzle_tensor(t: Tensor): Tensor {
  const op = "as_position_independent_swizzle_tensor";
  const it = t.iter;
  if (!(it instanceof PtrIter) || !hasTag(it, "smem")) throw new CuteError(op, "Expected smem tensor.");
  const sw = it.tags.find((x): x is Swizzle => x instanceof Swizzle);
  if (sw === undefined) return t;
  const mask = (2 ** sw.m - 1) + sw.yyyMask + sw.zzzMask;
  if (Number(BigInt.asUintN(64, BigInt(it.addr)) & BigInt(mask)) !== 0) {
    throw new CuteError(op, `assert (address & mask) == 0: the base address must be aligned to the swizzle's base and bits (mask 0x${mask.toString(16)})`, [`0x${BigInt.asUintN(64, BigInt(it.addr)).toString(16)}`]);
  }
  const swT = C.recastSwizzle(sw, 8, it.bits);
  const ptr = tagPtr(rawOf(it), "smem");
  const layout = C.compose3(swT, _0, t.layout);
  if (!(layout instanceof Layout || layout instanceof ComposedLayout)) throw new CuteError(op, "the swizzle composed with the tensor's layout is not a layout");
  return new Tensor(ptr, layout);
}

/** &tensor(coord): the address an element is read from (a raw pointer: the reference's address, swizzle applied) */
export function addressOf(t: Tensor, offset: Int): PtrIter {
  const it = t.iter;
  if (!(it instanceof PtrIter)) {
    throw new CuteError("operator&", it instanceof TmemIter ? "a tmem_ptr's element is a value, not a reference: TMEM has no address to take (raw_pointer_cast gives the tensor's TMEM address)" : "an implicit iterator's element is a value, not a reference: it has no address");
  }
  return rawOf(elementAddress(it, offset.v));
}

