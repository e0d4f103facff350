/**
 * Shared-memory matrix descriptors of the tensor-core MMAs, as CuTe builds them from an smem
 * tensor: `make_gmma_desc<Major>` (SM90 GMMA: mma_sm90_desc.hpp's GmmaDescriptor,
 * mma_traits_sm90_gmma.hpp's builder) and `make_umma_desc<Major>` (SM100 UMMA:
 * mma_sm100_desc.hpp's UMMA::SmemDescriptor, mma_traits_sm100.hpp's builder).
 *
 * The steps follow the headers:
 * 1. the tensor: `make_tensor(make_smem_ptr<T>(start), layout)`. A layout written
 *    `Sw<B,M,S> o smem_ptr[Nb](unset) o L` becomes a swizzle pointer over L (N must be
 *    sizeof_bits<T>); a swizzle with B = 0 decays to the plain pointer.
 * 2. `recast<uint128_t const>(tensor)`: the layout in 16-byte units (recast_layout), the pointer
 *    moved back over static negative strides as CuTe's recast does.
 * 3. the layout type from the pointer's swizzle (`layout_type`; a plain pointer reads as
 *    Swizzle<0,4,3>), with CuTe's static_asserts.
 * 4. the canonical layout: `logical_divide(u128 layout, tile)` by the swizzle's width in
 *    uint128_t (W: 1, 2, 4, 8) along MN, and by 8 (MN-major) or 2 (K-major) along K; its profile
 *    must be ((_,_),(_,_)) and two of its strides are fixed; LBO and SBO are two others.
 * 5. the fields: the start address >> 4, LBO, SBO (uint128_t units, i.e. bytes >> 4), base
 *    offset 0, the layout type; UMMA adds version 1 and lbo_mode 0. Every field is an unsigned
 *    bit-field, so a value wider than its field keeps its low bits, as the C++ assignment does.
 *
 * CuTe reads the sizes in static_asserts and the strides as constexpr: a layout whose needed
 * integers are dynamic does not compile, and is refused here.
 *
 * Versions read (7107b0553 itself is not in the store): mma_traits_sm90_gmma.hpp in its
 * `namespace SM90::GMMA` form (the one whose sparse ops the atom goldens print as
 * SM90::GMMA::SPARSE::...), whose make_gmma_desc accepts sparse K-sizes and checks the canonical
 * layout's profile with congruent(); the older form (rank checks, dense K only, stored at
 * 082a375c) is not followed. mma_sm90_desc.hpp at 19e8990d (print(GmmaDescriptor), unchanged
 * across the stored versions), mma_traits_sm100.hpp (two stored versions, the same
 * make_umma_desc), mma_sm100_desc.hpp at 0d2b201e, pointer_flagged.hpp at 0fc6e605,
 * pointer_swizzle.hpp at 5386b6cc, tensor_impl.hpp's recast.
 */
import { CuteError } from "../../core/errors.js";
import { Int, S } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import type { Stride } from "../../core/int-tuple.js";
import { Layout, logical_divide, recast_layout, showLayout } from "../../core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle, showSwizzle } from "../../core/swizzle.js";
import type { ValueType } from "../../core/value-types.js";
import { show } from "../../print/print.js";
import { GMMA_LAYOUT_TYPES, showGmmaDescriptor } from "../../print/descriptor.js";

export type DescMajor = "K" | "MN";
export type DescArch = "sm90" | "sm100";

/** GMMA::LayoutType (mma_sm90_desc.hpp) */
export { GMMA_LAYOUT_TYPES };
/** UMMA::LayoutType (mma_sm100_desc.hpp) */
export const UMMA_LAYOUT_TYPES: Readonly<Record<number, string>> = { 0: "SWIZZLE_NONE", 1: "SWIZZLE_128B_BASE32B", 2: "SWIZZLE_128B", 4: "SWIZZLE_64B", 6: "SWIZZLE_32B" };

/** the descriptor's bit-fields: [name, first bit, width] */
const GMMA_FIELDS = [
  ["start_address", 0, 14],
  ["leading_byte_offset", 16, 14],
  ["stride_byte_offset", 32, 14],
  ["base_offset", 49, 3],
  ["layout_type", 62, 2],
] as const;
const UMMA_FIELDS = [
  ["start_address", 0, 14],
  ["leading_byte_offset", 16, 14],
  ["stride_byte_offset", 32, 14],
  ["version", 46, 2],
  ["base_offset", 49, 3],
  ["lbo_mode", 52, 1],
  ["layout_type", 61, 3],
] as const;

export type DescField = "start_address" | "leading_byte_offset" | "stride_byte_offset" | "version" | "base_offset" | "lbo_mode" | "layout_type";

export interface SmemDescriptor {
  arch: DescArch;
  major: DescMajor;
  /** `make_gmma_desc<GMMA::Major::K>` / `make_umma_desc<UMMA::Major::MN>` */
  fn: string;
  type: ValueType;
  /** the tensor make_tensor builds: its pointer's byte address and swizzle (undefined: a plain smem_ptr) */
  start: number;
  swizzle: Swizzle | undefined;
  layout: Layout;
  /** recast<uint128_t const>(tensor) */
  u128Start: number;
  u128: Layout;
  /** the swizzle layout_type reads (Swizzle<0,4,3> for a plain pointer) */
  readSwizzle: Swizzle;
  /** W (GMMA) / SwizzleAtomMNSize (UMMA): the swizzle's width in uint128_t */
  width: number;
  /** the tile logical_divide takes and its result */
  tile: [Layout, Layout];
  canonical: Layout;
  /** each field's value as stored (already cut to its bit width) */
  fields: Partial<Record<DescField, number>>;
  layoutTypeName: string;
  /** the 64-bit descriptor */
  desc: bigint;
  /** which canonical stride each of LBO and SBO was read from, e.g. "stride<1,1>" */
  lboFrom: string;
  sboFrom: string;
}

const gmmaMajor = (m: DescMajor) => `GMMA::Major::${m}`;
const ummaMajor = (m: DescMajor) => `UMMA::Major::${m}`;

/** the pointer a tensor over `x` would have: its swizzle (decayed when B = 0) and layout */
function smemTensor(x: Layout | ComposedLayout, type: ValueType, fn: string): { swizzle: Swizzle | undefined; layout: Layout } {
  if (x instanceof Layout) return { swizzle: undefined, layout: x };
  if (x.offset instanceof SmemPtrFlag && x.a instanceof Swizzle && x.b instanceof Layout) {
    if (x.offset.bits !== type.bits) {
      throw new CuteError(`make_tensor(smem_ptr<${type.name}>, ${show(x)})`, "Expected a B-bit pointer type.", [
        `the layout's smem_ptr[${x.offset.bits}b] flag is for ${x.offset.bits}-bit elements, ${type.name} has ${type.bits} bits`,
      ]);
    }
    // make_swizzle_ptr(ptr, Swizzle<0,M,S>) decays to the plain pointer
    return { swizzle: x.a.b === 0 ? undefined : x.a, layout: x.b };
  }
  if (x.offset instanceof SmemPtrFlag) {
    throw new CuteError(fn, "no matching layout_type(Tensor<Engine, Layout<Shape,Stride>>): the smem pointer's swizzle must be a Swizzle<B,M,S> over a plain layout", [show(x)]);
  }
  throw new CuteError(fn, "no matching layout_type(Tensor<Engine, Layout<Shape,Stride>>): the tensor's layout is a ComposedLayout; a descriptor's swizzle sits in the pointer, written Sw<B,M,S> o smem_ptr[Nb](unset) o L as CuTe's GMMA/UMMA atoms are", [show(x)]);
}

/** recast<uint128_t const>(tensor): the new layout and the pointer moved over static negative strides */
function recastU128(layout: Layout, bits: number, start: number): { layout: Layout; start: number } {
  const u128 = recast_layout(layout, bits, 128);
  if (bits >= 128) return { layout: u128, start };
  // sizeof(OldType) < sizeof(NewType) with a plain layout: data() + sum(min((old - new shape) * old stride, 0))
  const oldShape = T.leaves(layout.shape), newShape = T.leaves(u128.shape), oldStride = T.leaves(layout.stride);
  let offset = 0;
  for (let i = 0; i < oldShape.length; i++) {
    const d = oldStride[i]!;
    if (!(d instanceof Int)) continue;
    const e = (oldShape[i]!.v - newShape[i]!.v) * d.v;
    if (e < 0) offset += e;
  }
  return { layout: u128, start: start + Math.floor((offset * bits) / 8) };
}

function staticValue(x: unknown, what: string, fn: string, canonical: Layout): number {
  if (!(x instanceof Int)) throw new CuteError(fn, `${what} is not an integer (no conversion to uint32_t)`, [`canonical layout ${showLayout(canonical)}`]);
  const i = x;
  if (!i.s) {
    throw new CuteError(fn, `${what} = ${i.v} is dynamic, not a constant expression (CuTe reads it in a static_assert or as constexpr)`, [`canonical layout ${showLayout(canonical)}`]);
  }
  return i.v;
}

function staticSize(l: Layout, mode: number, fn: string): number {
  const s = T.size(T.get(l.shape, mode));
  if (!s.s) throw new CuteError(fn, `size<${mode}> of the uint128_t tensor is dynamic (${s.v}): CuTe's static_assert needs a constant expression`, [`uint128_t layout ${showLayout(l)}`]);
  return s.v;
}

/** an unsigned bit-field assignment: the value modulo 2^width */
const cut = (v: number, width: number): number => ((v % 2 ** width) + 2 ** width) % 2 ** width;

function pack(fields: Partial<Record<DescField, number>>, layout: ReadonlyArray<readonly [DescField, number, number]>): bigint {
  let d = 0n;
  for (const [name, lo] of layout) d |= BigInt(fields[name] ?? 0) << BigInt(lo);
  return d;
}

interface Common {
  fn: string;
  swizzle: Swizzle | undefined;
  layout: Layout;
  u128: Layout;
  u128Start: number;
  readSwizzle: Swizzle;
}

function common(x: Layout | ComposedLayout, type: ValueType, start: number, fn: string, what: string): Common {
  const { swizzle, layout } = smemTensor(x, type, fn);
  if (T.rank(layout.shape) !== 2) throw new CuteError(fn, `${what} Descriptors can only be constructed on rank-2 tensors.`, [`layout ${showLayout(layout)} has rank ${T.rank(layout.shape)}`]);
  const r = recastU128(layout, type.bits, start);
  return { fn, swizzle, layout, u128: r.layout, u128Start: r.start, readSwizzle: swizzle ?? new Swizzle(0, 4, 3) };
}

const strideAt = (l: Layout, path: number[]): unknown => T.getPath(l.stride as Stride, path);
const showTile = (t: [Layout, Layout]) => `(${showLayout(t[0])},${showLayout(t[1])})`;

/** make_gmma_desc<Major>(make_tensor(make_smem_ptr<T>(start), x)) */
export function make_gmma_desc(major: DescMajor, x: Layout | ComposedLayout, type: ValueType, start = 0): SmemDescriptor {
  const fn = `make_gmma_desc<${gmmaMajor(major)}>`;
  const c = common(x, type, start, fn, "GMMA");
  const sw = c.readSwizzle;
  const swOps = [`swizzle ${showSwizzle(sw)}`];
  if (sw.m !== 4) throw new CuteError(`${fn}: layout_type`, "Unsupported layout swizzle", swOps);
  if (!(sw.b >= 0 && sw.b <= 3)) throw new CuteError(`${fn}: layout_type`, "Unsupported layout swizzle", swOps);
  if (sw.s !== 3) throw new CuteError(`${fn}: layout_type`, "Unsupported layout swizzle", swOps);
  const layoutType = [0, 3, 2, 1][sw.b]!; // INTERLEAVE, B32, B64, B128
  const W = [1, 2, 4, 8][sw.b]!;
  const interleave = layoutType === 0;
  const u128Op = [`uint128_t layout ${showLayout(c.u128)}`];
  let tile: [Layout, Layout];
  let canonical: Layout;
  let lbo: number, sbo: number, lboFrom: string, sboFrom: string;
  if (major === "MN") {
    const k = staticSize(c.u128, 1, fn);
    const bits = type.bits;
    if (!(k === Math.trunc(256 / bits) || k === Math.trunc(128 / bits) || k === Math.trunc(512 / bits))) {
      throw new CuteError(fn, "Not a canonical GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> for dense or (128|512)/sizeof_bits<T> for sparse.", [
        ...u128Op,
        `K-size ${k}; ${type.name} needs ${Math.trunc(256 / bits)} (dense), ${Math.trunc(128 / bits)} or ${Math.trunc(512 / bits)} (sparse)`,
      ]);
    }
    tile = [new Layout(S(W), S(1)), new Layout(S(8), S(1))];
    canonical = logical_divide(c.u128, tile);
    if (!T.congruent(canonical.shape, [[S(1), S(1)], [S(1), S(1)]])) {
      throw new CuteError(fn, "Not a canonical GMMA_MN Layout: Expected profile failure.", [`canonical layout ${showLayout(canonical)} = logical_divide(${showLayout(c.u128)}, ${showTile(tile)})`]);
    }
    const s00 = staticValue(strideAt(canonical, [0, 0]), "stride<0,0>", fn, canonical);
    if (!interleave && cut(s00, 32) !== 1) throw strideFailure(fn, "GMMA_MN", canonical, "stride<0,0>", s00, 1);
    const s10 = staticValue(strideAt(canonical, [1, 0]), "stride<1,0>", fn, canonical);
    if (cut(s10, 32) !== W) throw strideFailure(fn, "GMMA_MN", canonical, "stride<1,0>", s10, W);
    const s01 = staticValue(strideAt(canonical, [0, 1]), "stride<0,1>", fn, canonical);
    const s11 = staticValue(strideAt(canonical, [1, 1]), "stride<1,1>", fn, canonical);
    [sbo, lbo, sboFrom, lboFrom] = interleave ? [s01, s11, "stride<0,1>", "stride<1,1>"] : [s11, s01, "stride<1,1>", "stride<0,1>"];
  } else {
    const mn = staticSize(c.u128, 0, fn);
    if (mn % 8 !== 0) throw new CuteError(fn, "Not a canonical GMMA_K Layout: Expected MN-size multiple of 8.", [...u128Op, `MN-size ${mn}`]);
    const k = staticSize(c.u128, 1, fn);
    if (!(k === 2 || k === 4)) throw new CuteError(fn, "Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t).", [...u128Op, `K-size ${k} uint128_t = ${(k * 128) / type.bits} ${type.name}`]);
    ({ tile, canonical, sbo, lbo } = kMajorCanonical(c.u128, fn, "GMMA_K", W, interleave));
    [sboFrom, lboFrom] = ["stride<0,1>", "stride<1,0>"];
  }
  const fields: Partial<Record<DescField, number>> = {
    start_address: cut(Math.floor(cut(c.u128Start, 32) / 16), 14),
    leading_byte_offset: cut(lbo, 14),
    stride_byte_offset: cut(sbo, 14),
    base_offset: 0,
    layout_type: layoutType,
  };
  return {
    arch: "sm90", major, fn, type, start, swizzle: c.swizzle, layout: c.layout, u128Start: c.u128Start, u128: c.u128, readSwizzle: sw,
    width: W, tile, canonical, fields, layoutTypeName: GMMA_LAYOUT_TYPES[layoutType]!, desc: pack(fields, GMMA_FIELDS), lboFrom, sboFrom,
  };
}

/**
 * The K-major canonical form both builders check (mma_traits_sm90_gmma.hpp, mma_traits_sm100.hpp):
 * the uint128_t layout divided by (8:1, 2:1) must have profile ((1,1),(1,1)), its stride<0,0> must
 * be the swizzle's width W and, unless the layout is interleaved, stride<1,0> must be 1; SBO is
 * stride<0,1>, LBO stride<1,0>
 */
function kMajorCanonical(u128: Layout, fn: string, kind: string, W: number, interleave: boolean): { tile: [Layout, Layout]; canonical: Layout; sbo: number; lbo: number } {
  const tile: [Layout, Layout] = [new Layout(S(8), S(1)), new Layout(S(2), S(1))];
  const canonical = logical_divide(u128, tile);
  if (!T.congruent(canonical.shape, [[S(1), S(1)], [S(1), S(1)]])) {
    throw new CuteError(fn, `Not a canonical ${kind} Layout: Expected profile failure.`, [`canonical layout ${showLayout(canonical)} = logical_divide(${showLayout(u128)}, ${showTile(tile)})`]);
  }
  const s00 = staticValue(strideAt(canonical, [0, 0]), "stride<0,0>", fn, canonical);
  if (cut(s00, 32) !== W) throw strideFailure(fn, kind, canonical, "stride<0,0>", s00, W);
  const s10 = staticValue(strideAt(canonical, [1, 0]), "stride<1,0>", fn, canonical);
  if (!interleave && cut(s10, 32) !== 1) throw strideFailure(fn, kind, canonical, "stride<1,0>", s10, 1);
  const s01 = staticValue(strideAt(canonical, [0, 1]), "stride<0,1>", fn, canonical);
  return { tile, canonical, sbo: s01, lbo: s10 };
}

function strideFailure(fn: string, kind: string, canonical: Layout, which: string, got: number, want: number): CuteError {
  return new CuteError(fn, `Not a canonical ${kind} Layout: Expected stride failure.`, [`canonical layout ${showLayout(canonical)}`, `${which} = ${got}, expected ${want}`]);
}

/** UMMA::layout_type: the swizzle's LayoutType, or CuTe's static_assert */
function ummaLayoutType(sw: Swizzle, fn: string): number {
  const op = `${fn}: layout_type`;
  const ops = [`swizzle ${showSwizzle(sw)}`];
  if (sw.m === 4) {
    if (sw.s !== 3) throw new CuteError(op, "Expected S = 3 when M == 4. Unsupported layout swizzle.", ops);
    if (!(sw.b >= 0 && sw.b <= 3)) throw new CuteError(op, "Expected B = 0,1,2, or 3 when M == 4. Unsupported layout swizzle.", ops);
    return [0, 6, 4, 2][sw.b]!; // SWIZZLE_NONE, 32B, 64B, 128B
  }
  if (sw.m === 5) {
    if (sw.b !== 2) throw new CuteError(op, "Expected B = 2 when M == 5. Unsupported layout swizzle.", ops);
    if (sw.s !== 2) throw new CuteError(op, "Expected S = 2 when M == 5. Unsupported layout swizzle.", ops);
    return 1; // SWIZZLE_128B_BASE32B
  }
  throw new CuteError(op, "Only 16B and 32B Atoms are supported for UMMA. Unsupported layout swizzle.", ops);
}

/** make_umma_desc<Major>(make_tensor(make_smem_ptr<T>(start), x)) */
export function make_umma_desc(major: DescMajor, x: Layout | ComposedLayout, type: ValueType, start = 0): SmemDescriptor {
  const fn = `make_umma_desc<${ummaMajor(major)}>`;
  const c = common(x, type, start, fn, "UMMA");
  const layoutType = ummaLayoutType(c.readSwizzle, fn);
  const none = layoutType === 0;
  const W = ({ 0: 1, 6: 2, 4: 4, 2: 8, 1: 8 } as Record<number, number>)[layoutType]!;
  let tile: [Layout, Layout];
  let canonical: Layout;
  let lbo: number, sbo: number, lboFrom: string, sboFrom: string;
  if (major === "MN") {
    const kAtom = layoutType === 1 ? 4 : 8;
    tile = [new Layout(S(W), S(1)), new Layout(S(kAtom), S(1))];
    canonical = logical_divide(c.u128, tile);
    if (!T.congruent(canonical.shape, [[S(1), S(1)], [S(1), S(1)]])) {
      throw new CuteError(fn, "Not a canonical UMMA_MN Layout: Expected profile failure.", [`canonical layout ${showLayout(canonical)} = logical_divide(${showLayout(c.u128)}, ${showTile(tile)})`]);
    }
    const s00 = staticValue(strideAt(canonical, [0, 0]), "stride<0,0>", fn, canonical);
    if (!none && cut(s00, 32) !== 1) throw strideFailure(fn, "UMMA_MN", canonical, "stride<0,0>", s00, 1);
    const s10 = staticValue(strideAt(canonical, [1, 0]), "stride<1,0>", fn, canonical);
    if (cut(s10, 32) !== W) throw strideFailure(fn, "UMMA_MN", canonical, "stride<1,0>", s10, W);
    const s01 = staticValue(strideAt(canonical, [0, 1]), "stride<0,1>", fn, canonical);
    const s11 = staticValue(strideAt(canonical, [1, 1]), "stride<1,1>", fn, canonical);
    [sbo, lbo, sboFrom, lboFrom] = none ? [s01, s11, "stride<0,1>", "stride<1,1>"] : [s11, s01, "stride<1,1>", "stride<0,1>"];
  } else {
    if (layoutType === 1) throw new CuteError(fn, "SWIZZLE_128B_BASE32B is invalid for Major-K", [`swizzle ${showSwizzle(c.readSwizzle)}`]);
    const mn = staticSize(c.u128, 0, fn);
    if (mn % 8 !== 0) throw new CuteError(fn, "Not a canonical UMMA_K Layout: Expected MN-size multiple of 8.", [`uint128_t layout ${showLayout(c.u128)}`, `MN-size ${mn}`]);
    ({ tile, canonical, sbo, lbo } = kMajorCanonical(c.u128, fn, "UMMA_K", W, none));
    [sboFrom, lboFrom] = ["stride<0,1>", "stride<1,0>"];
  }
  const fields: Partial<Record<DescField, number>> = {
    start_address: cut(Math.floor(cut(c.u128Start, 32) / 16), 14),
    leading_byte_offset: cut(lbo, 14),
    stride_byte_offset: cut(sbo, 14),
    version: 1,
    base_offset: 0,
    lbo_mode: 0,
    layout_type: layoutType,
  };
  return {
    arch: "sm100", major, fn, type, start, swizzle: c.swizzle, layout: c.layout, u128Start: c.u128Start, u128: c.u128, readSwizzle: c.readSwizzle,
    width: W, tile, canonical, fields, layoutTypeName: UMMA_LAYOUT_TYPES[layoutType]!, desc: pack(fields, UMMA_FIELDS), lboFrom, sboFrom,
  };
}

/** the descriptor for an architecture: GMMA on sm90, UMMA on sm100 */
export function make_smem_desc(arch: DescArch, major: DescMajor, x: Layout | ComposedLayout, type: ValueType, start = 0): SmemDescriptor {
  return arch === "sm90" ? make_gmma_desc(major, x, type, start) : make_umma_desc(major, x, type, start);
}

const hex = (v: number | bigint, width: number) => v.toString(16).padStart(width, "0");

/** CuTe's print(GmmaDescriptor) (mma_sm90_desc.hpp), byte for byte */
export function formatGmmaDescriptor(d: SmemDescriptor): string {
  return showGmmaDescriptor(d.desc);
}

/**
 * UMMA::SmemDescriptor has no printer in CuTe: cute-ts prints its fields in print(GmmaDescriptor)'s
 * format, with the three fields GMMA lacks (version, lbo_mode) in bit order.
 */
export function formatUmmaDescriptor(d: SmemDescriptor): string {
  const f = d.fields;
  return (
    `UMMA::SmemDescriptor: 0x${hex(d.desc, 16)}\n` +
    `  start_addr :  0x${hex(f.start_address!, 4)}\n` +
    `  leading_off:  0x${hex(f.leading_byte_offset!, 4)} (${f.leading_byte_offset})\n` +
    `  stride_off :  0x${hex(f.stride_byte_offset!, 4)} (${f.stride_byte_offset})\n` +
    `  version    :  0x${hex(f.version!, 1)}\n` +
    `  base_offset:  0x${hex(f.base_offset!, 1)}\n` +
    `  lbo_mode   :  0x${hex(f.lbo_mode!, 1)}\n` +
    `  layout_type:  0x${hex(f.layout_type!, 1)} (${d.layoutTypeName})\n`
  );
}

export const formatSmemDescriptor = (d: SmemDescriptor): string => (d.arch === "sm90" ? formatGmmaDescriptor(d) : formatUmmaDescriptor(d));

/** a pointer as CuTe prints it: `smem_ptr[16b](0x400)`, swizzled `Sw<3,4,3>_smem_ptr[16b](0x400)` */
export function formatSmemPtr(swizzle: Swizzle | undefined, bits: number, address: number): string {
  return `${swizzle ? `${showSwizzle(swizzle)}_` : ""}smem_ptr[${bits}b](0x${address.toString(16)})`;
}

/** how CuTe got there: the tensor, its uint128_t recast, the canonical layout and where LBO and SBO come from */
export function explainSmemDescriptor(d: SmemDescriptor): string {
  const f = d.fields;
  const lines = [
    `${d.fn}(tensor), ${d.arch === "sm90" ? "mma_traits_sm90_gmma.hpp" : "mma_traits_sm100.hpp"}:`,
    `  tensor            ${formatSmemPtr(d.swizzle, d.type.bits, d.start)} o ${showLayout(d.layout)}   (${d.type.name})`,
    `  uint128_t tensor  ${formatSmemPtr(d.swizzle, 128, d.u128Start)} o ${showLayout(d.u128)}`,
    `  layout type       ${d.layoutTypeName} (${f.layout_type}) from ${showSwizzle(d.readSwizzle)}${d.swizzle ? "" : " (a plain smem_ptr)"}; swizzle width ${d.width} uint128_t = ${d.width * 16} B`,
    `  canonical layout  ${showLayout(d.canonical)} = logical_divide(uint128_t layout, ${showTile(d.tile)})`,
    `  LBO               ${d.lboFrom} = ${f.leading_byte_offset} uint128_t = ${f.leading_byte_offset! * 16} B`,
    `  SBO               ${d.sboFrom} = ${f.stride_byte_offset} uint128_t = ${f.stride_byte_offset! * 16} B`,
    `  start address     0x${cut(d.u128Start, 32).toString(16)} >> 4 = 0x${hex(f.start_address!, 4)}`,
  ];
  return lines.join("\n") + "\n";
}

/** the fields for --json */
export function smemDescriptorJson(d: SmemDescriptor): Record<string, unknown> {
  return {
    kind: "smem_desc",
    function: d.fn,
    arch: d.arch,
    major: d.major,
    type: d.type.name,
    text: formatSmemDescriptor(d),
    desc: `0x${hex(d.desc, 16)}`,
    // the union's two 32-bit words (GmmaDescriptor::reg32_, UMMA::SmemDescriptor's lo/hi)
    words32: [`0x${hex(d.desc & 0xffffffffn, 8)}`, `0x${hex(d.desc >> 32n, 8)}`],
    fields: { ...d.fields, layout_type_name: d.layoutTypeName },
    bytes: { start: cut(d.u128Start, 32), leading_byte_offset: d.fields.leading_byte_offset! * 16, stride_byte_offset: d.fields.stride_byte_offset! * 16 },
    lbo_from: d.lboFrom,
    sbo_from: d.sboFrom,
    tensor: `${formatSmemPtr(d.swizzle, d.type.bits, d.start)} o ${showLayout(d.layout)}`,
    u128_tensor: `${formatSmemPtr(d.swizzle, 128, d.u128Start)} o ${showLayout(d.u128)}`,
    canonical: showLayout(d.canonical),
  };
}
