/**
 * Tensors (tensor_impl.hpp): an iterator plus a layout; slicing moves the iterator by the
 * sliced-away offset. The iterators are CuTe's implicit ones (counting_iterator,
 * ArithmeticTupleIterator) and its pointers (pointer.hpp, pointer_base.hpp, pointer_swizzle.hpp,
 * array_subbyte.hpp): a raw `T*` or a `subbyte_iterator<T>`, wrapped in memory-space tags
 * (gmem_ptr, smem_ptr, rmem_ptr) and swizzles (swizzle_ptr), and TMEM's word-addressed tmem_ptr.
 * A pointer is only an address here: the host holds no data behind it.
 */
import { Int } from "./integer.js";
import * as I from "./integer.js";
import { CuteError, Unsupported } from "./errors.js";
import { Idx, idxAdd } from "./basis.js";
import { Layout } from "./layout.js";
import { ComposedLayout, Swizzle } from "./swizzle.js";

export class CountingIter {
  constructor(readonly v: Int) {}
}
export class ArithIter {
  constructor(readonly coord: Idx) {}
}

/** a memory-space tag (gmem_ptr<P>, smem_ptr<P>, rmem_ptr<P>) or a swizzle_ptr<Sw,P> around a pointer */
export type PtrTag = "gmem" | "smem" | "rmem" | Swizzle;

/**
 * A pointer to elements of `bits` bits (sizeof_bits<T>): a raw `T*` (sub = -1), which steps
 * by sizeof(T) bytes, or a `subbyte_iterator<T>` (sub = the bit index 0..7 in the byte at
 * addr), which steps by `bits` bits. `tags` are its wrappers, outermost first: CuTe prints
 * them as prefixes (`Sw<3,4,3>_smem_ptr[16b](0x1000)`). An address is a signed 64-bit value
 * kept exactly (|addr| < 2^53); a negative one prints as the unsigned value C++ wraps it to.
 */
export class PtrIter {
  constructor(
    readonly bits: number,
    readonly addr: number,
    readonly sub: number,
    readonly tags: readonly PtrTag[],
    /** T as the C++ named it (`half_t`), where known: a pointer read back from its print knows only its width */
    readonly type?: string,
    /** the alignment in bytes the CuTe DSL's pointer type knows (`align<16>`); C++'s pointers carry none */
    readonly align?: number,
  ) {}
}

/** the same pointer at another address (and bit index) */
const moved = (p: PtrIter, addr: number, sub: number): PtrIter => new PtrIter(p.bits, addr, sub, p.tags, p.type, movedAlign(p.align, addr - p.addr));
/** what a DSL pointer moved by `bytes` still knows of its alignment: the largest power of two dividing both */
function movedAlign(align: number | undefined, bytes: number): number | undefined {
  if (align === undefined || bytes === 0) return align;
  let a = align;
  while (a > 1 && bytes % a !== 0) a /= 2;
  return a;
}
/** the same pointer with other wrappers */
const retagged = (p: PtrIter, tags: readonly PtrTag[]): PtrIter => new PtrIter(p.bits, p.addr, p.sub, tags, p.type, p.align);

/** tmem_ptr<T>: a TMEM address (data path lane << 16 | column), word-addressed, of `bits`-bit elements */
export class TmemIter {
  constructor(
    readonly bits: number,
    readonly addr: number,
    /** T of tmem_ptr<T> where the maker named it (a UMMA accumulator's c_type, make_tmem_ptr<T>); a printed pointer knows only its width */
    readonly type?: string,
  ) {}
}

/**
 * GMMA::DescriptorIterator / UMMA::DescriptorIterator (mma_traits_sm90_gmma.hpp,
 * mma_traits_sm100.hpp): the iterator of the descriptor tensor an SS MMA's make_fragment_A/B makes.
 * It holds a 64-bit shared-memory matrix descriptor; `+ k` adds k to it (descAdd; k counts
 * uint128_t, so it lands in the start address field), and its element is the descriptor itself.
 */
export class DescIter {
  constructor(
    readonly arch: "GMMA" | "UMMA",
    readonly desc: bigint,
  ) {}
}

/**
 * iterator + k: GMMA's adds k to the low 32-bit word only (reg32_[0] + uint32_t(k), the high word
 * kept, as the SM90::GMMA form of mma_traits_sm90_gmma.hpp does); UMMA's adds it to the whole
 * descriptor as a uint64_t
 */
export function descAdd(it: DescIter, k: number): DescIter {
  if (k === 0) return it;
  if (it.arch === "UMMA") return new DescIter(it.arch, BigInt.asUintN(64, it.desc + BigInt(k)));
  const lo = BigInt.asUintN(32, (it.desc & 0xffffffffn) + BigInt.asUintN(32, BigInt(k)));
  return new DescIter(it.arch, (it.desc & ~0xffffffffn) | lo);
}

/**
 * transform_iter (lazy::transform): the elements of `base`, each passed through `fn` (a program's
 * lambda) when it is read; it advances as its base does
 */
export class TransformIter {
  constructor(
    readonly base: Iter,
    readonly fn: (x: Idx) => Idx,
  ) {}
}

export type Iter = CountingIter | ArithIter | PtrIter | TmemIter | DescIter | TransformIter;

export class Tensor {
  constructor(
    readonly iter: Iter,
    readonly layout: Layout | ComposedLayout,
    /** an owning tensor (ArrayEngine: make_tensor<T>, make_tensor_like, make_fragment_like); its slices and views are not */
    readonly owning = false,
  ) {}
}

export const isIter = (v: unknown): v is Iter => v instanceof CountingIter || v instanceof ArithIter || v instanceof PtrIter || v instanceof TmemIter || v instanceof DescIter || v instanceof TransformIter;
/** an iterator over memory (whose elements the host cannot read), as opposed to an implicit one */
export const isPointer = (v: unknown): v is PtrIter | TmemIter => v instanceof PtrIter || v instanceof TmemIter;

const NOT_INT = "a pointer advances by integers, not by coordinates (the layout has basis strides)";

/** iterator + offset: a counting iterator stays an int; an arithmetic tuple adds by mode; a pointer moves by elements */
export function advance(it: Iter, off: Idx): Iter {
  if (it instanceof CountingIter) {
    if (!(off instanceof Int)) throw new CuteError("counting_iterator", "a counting iterator advances by integers, not by coordinates (the layout has basis strides)");
    return new CountingIter(I.add(it.v, off.s ? I.D(off.v) : off));
  }
  if (it instanceof ArithIter) return new ArithIter(idxAdd(it.coord, off));
  if (it instanceof TransformIter) return new TransformIter(advance(it.base, off), it.fn);
  if (!(off instanceof Int)) throw new CuteError(it instanceof TmemIter ? "tmem_ptr" : it instanceof DescIter ? `${it.arch}::DescriptorIterator` : "pointer", NOT_INT);
  if (it instanceof DescIter) return descAdd(it, off.v);
  if (it instanceof TmemIter) return new TmemIter(it.bits, tmemPtrAdd(it.addr, off.v, it.bits), it.type);
  return ptrAdd(it, off.v);
}

/** *(iter + off): the value of an implicit iterator; a pointer's element is memory the host does not have */
export function deref(it: Iter, off: Idx): Idx {
  if (it instanceof CountingIter) {
    if (!(off instanceof Int)) throw new CuteError("counting_iterator", "a counting iterator advances by integers, not by coordinates (the layout has basis strides)");
    return I.add(it.v, off.s ? I.D(off.v) : off);
  }
  if (it instanceof ArithIter) return idxAdd(it.coord, off);
  if (it instanceof TransformIter) return it.fn(deref(it.base, off));
  if (it instanceof DescIter) {
    throw new Unsupported(
      `an element of a descriptor tensor (a ${it.arch === "GMMA" ? "GmmaDescriptor" : "UMMA::SmemDescriptor"}) as a value`,
      ": print_tensor the tensor, or a slice of it (T(_,m,k)), to see the descriptors",
    );
  }
  throw new CuteError(
    "operator*",
    `cute-ts holds no data: an element of a ${it instanceof TmemIter ? "TMEM" : "memory"} tensor is memory on the device; slice it with _ to get a tensor, or print it (print_tensor) to see each element's address`,
  );
}

// ------------------------------------------------------------------ pointers

const MAX_ADDR = 2 ** 53;

function checkedAddr(op: string, a: number): number {
  if (!Number.isSafeInteger(a) || Math.abs(a) >= MAX_ADDR) throw new CuteError(op, `the address is beyond 2^53 (cute-ts keeps addresses exact and refuses rather than round)`);
  return a === 0 ? 0 : a;
}

/** sizeof(T) in bytes of a T of `bits` bits: a sub-byte type still takes a byte */
export function sizeofBytes(bits: number): number {
  return Math.max(1, Math.ceil(bits / 8));
}
/** cute::is_subbyte_v<T> */
export const isSubbyte = (bits: number): boolean => bits < 8;

/** `T*` at a byte address */
export function rawPtr(bits: number, addr: number, type?: string): PtrIter {
  return new PtrIter(bits, checkedAddr("pointer", addr), -1, [], type);
}
/** the raw pointer under every wrapper (raw_pointer_cast; a sub-byte iterator keeps its bit index) */
export function rawOf(p: PtrIter): PtrIter {
  return p.tags.length === 0 ? p : retagged(p, []);
}

/** ptr + k elements: T* by sizeof(T) bytes; subbyte_iterator<T> by k * bits bits (its step is a uint64_t) */
export function ptrAdd(p: PtrIter, k: number): PtrIter {
  if (k === 0) return p;
  if (p.bits === 0) throw new CuteError("operator+", "a void pointer has no element type to step by: cast it to T* or use make_gmem_ptr<T>(...)");
  if (p.sub < 0) return moved(p, checkedAddr("operator+", p.addr + k * sizeofBytes(p.bits)), -1);
  if (k < 0) throw new CuteError("subbyte_iterator::operator+", `a sub-byte iterator advances by a uint64_t: an offset of ${k} elements wraps around (CuTe computes a wild address)`);
  const bit = p.bits * k + p.sub;
  if (!Number.isSafeInteger(bit)) throw new CuteError("subbyte_iterator::operator+", "the offset in bits is beyond 2^53");
  return moved(p, checkedAddr("operator+", p.addr + Math.floor(bit / 8)), bit % 8);
}

/** the address an element is read from: ptr + k, then each swizzle_ptr's function of the byte address (outermost first) */
export function elementAddress(p: PtrIter, k: number): PtrIter {
  const q = ptrAdd(p, k);
  let a = q.addr;
  for (const t of q.tags) if (t instanceof Swizzle) a = swizzleAddress(t, a);
  return a === q.addr ? q : moved(q, a, q.sub);
}

/** Swizzle<B,M,S>::apply on a uintptr_t (a negative address is the 64-bit value it wraps to) */
export function swizzleAddress(sw: Swizzle, a: number): number {
  if (a >= 0) return sw.apply(a);
  const u = BigInt.asUintN(64, BigInt(a));
  const y = u & BigInt(sw.yyyMask);
  const r = u ^ (sw.s >= 0 ? y >> BigInt(sw.s) : y << BigInt(-sw.s));
  return Number(BigInt.asIntN(64, r));
}

export const hasTag = (p: PtrIter, tag: "gmem" | "smem"): boolean => p.tags.includes(tag);

/** make_gmem_ptr / make_smem_ptr (idempotent: a pointer already tagged, under any wrapper, stays as it is) */
export function tagPtr(p: PtrIter, tag: "gmem" | "smem"): PtrIter {
  return hasTag(p, tag) ? p : retagged(p, [tag, ...p.tags]);
}
/** make_rmem_ptr: what is neither gmem nor smem is register memory already (a raw T* stays a T*) */
export function rmemPtr(p: PtrIter): PtrIter {
  if (p.tags[0] === "rmem" || !(hasTag(p, "gmem") || hasTag(p, "smem"))) return p;
  return retagged(p, ["rmem", ...p.tags]);
}
/** make_swizzle_ptr(p, sw): Swizzle<0,M,S> decays to p itself */
export function swizzlePtr(p: PtrIter, sw: Swizzle): PtrIter {
  return sw.b === 0 ? p : retagged(p, [sw, ...p.tags]);
}
/** ptr.get(): the pointer without its outermost wrapper */
export function unwrapPtr(p: PtrIter): PtrIter {
  return p.tags.length === 0 ? p : retagged(p, p.tags.slice(1));
}

/**
 * recast_ptr<NewT>(p): the same address as a pointer to `bits`-bit elements, every wrapper kept;
 * a sub-byte NewT gets a subbyte_iterator (keeping a subbyte iterator's bit index), any other a
 * raw NewT* (raw_pointer_cast of a subbyte iterator asserts its bit index is 0)
 */
export function recastPtr(p: PtrIter, bits: number, type?: string): PtrIter {
  if (isSubbyte(bits)) return new PtrIter(bits, p.addr, Math.max(0, p.sub), p.tags, type);
  if (p.sub > 0) throw new CuteError("recast_ptr", `raw_pointer_cast of a sub-byte iterator asserts its bit index is 0 (it is ${p.sub})`);
  return new PtrIter(bits, p.addr, -1, p.tags, type);
}

/** the value types of two pointers are the same (is_same<T,U>): by name where both are known, else by width */
export function sameValueType(a: PtrIter, b: PtrIter): boolean {
  return a.type !== undefined && b.type !== undefined ? a.type === b.type : a.bits === b.bits;
}

/** TMEM::DP-free word addressing: log2(32 / bits), the shift tmem_ptr<T> applies to offsets */
export function tmemOffsetShift(bits: number): number {
  if (!(bits > 0 && bits <= 32 && 32 % bits === 0)) {
    throw new CuteError("tmem_ptr", `cute-ts supports TMEM pointers to 32-, 16-, 8-, 4-, 2- or 1-bit values (TMEM addresses 32-bit columns), not ${bits}-bit values`);
  }
  return Math.log2(32 / bits);
}

/**
 * tmem_ptr<T> + i: TMEM is word-addressed, so the offset (in units of T) is rotated right by
 * log2(32 / bits), keeping a subword index in the address's top bits (uint32_t arithmetic)
 */
export function tmemPtrAdd(addr: number, i: number, bits: number): number {
  const shift = tmemOffsetShift(bits);
  const u = Number(BigInt.asUintN(32, BigInt(i)));
  const rot = shift === 0 ? u : ((u >>> shift) | (u << (32 - shift))) >>> 0;
  return (addr + rot) >>> 0;
}
