/**
 * The fragments an MMA makes of its operands (mma_atom.hpp: MMA_Atom::make_fragment_A/B/C,
 * ThrMMA::partition_fragment_A/B/C, the free partition_fragment_C(tiled_mma, shape)).
 *
 * make_fragment_X takes a tensor already partitioned by partition_X (rank >= 3, mode 0 one MMA's
 * values) and builds a tensor of the op's FrgTypeX:
 * - a value type (the default, FrgTypeX = ValTypeX): an owning register tensor,
 *   make_fragment_like<T>(tensor) for A and B, make_tensor<T>(shape(tensor)) for C;
 * - GMMA::smem_desc<Major> / UMMA::smem_desc<Major> (an SS MMA's A and B, a GMMA RS's B): the
 *   MakeTensor customization point of mma_traits_sm90_gmma.hpp / mma_traits_sm100.hpp, a
 *   descriptor tensor: the descriptor make_gmma_desc / make_umma_desc builds from mode 0 of the
 *   smem tensor (one MMA's (M,K) block), over the smem tensor's layout recast to uint128_t with
 *   mode 0 replaced by _1:_0. Its element at offset k is the descriptor plus k, so each MMA's
 *   descriptor starts where its block does;
 * - UMMA::tmem_frg (a UMMA's C, and the A of a UMMA _TS op): a tensor in tensor memory (tmem-frg.ts),
 *   tmem_frg::make of the partitioned shape.
 *
 * Versions read (7107b0553 itself is not in the store): mma_atom.hpp at 00a74a2a;
 * mma_traits_sm90_gmma.hpp at 082a375c (DescriptorIterator, smem_desc, MakeTensor<GMMA::smem_desc>);
 * mma_traits_sm100.hpp at 029bb3db (UMMA's). Where CUTLASS 4's SM90::GMMA form differs, as quoted
 * with CuTe's prints in a public walk-through of a Hopper GEMM, it is followed as smem-desc.ts
 * follows it: make_fragment_A/B also accept 8-bit (4-bit) containers of 8/6/4-bit (4/3/2-bit)
 * value types, and GMMA::DescriptorIterator + k adds k to the descriptor's low 32-bit word.
 */
import { CuteError, Unsupported } from "../../core/errors.js";
import { _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import type { IntTuple } from "../../core/int-tuple.js";
import { Layout, make_layout, recast_layout, replace } from "../../core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle, innermostLayout } from "../../core/swizzle.js";
import { DescIter, PtrIter, Tensor, TmemIter, hasTag } from "../../core/tensor.js";
import { findValueType, parseValueType, type ValueType } from "../../core/value-types.js";
import { make_fragment_like, make_owning_tensor } from "../../tensor/memory.js";
import { show } from "../../print/print.js";
import type { MmaTraits } from "./family.js";
import { type DescMajor, type SmemDescriptor, make_gmma_desc, make_umma_desc } from "./smem-desc.js";
import { type Operand, type TiledMma } from "./tiled-mma.js";
import { type ThrMma, partition, partition_shape } from "./thr-mma.js";
import { type TmemFrg, frgTypeA, frgTypeC, partition_fragment_C as tmemPartitionFragmentC, tmem_frg_make } from "./tmem-frg.js";

/** what FrgTypeX of an op is */
export type FrgType =
  | { kind: "value"; type: ValueType; spelling: string }
  | { kind: "desc"; arch: "GMMA" | "UMMA"; major: DescMajor; spelling: string }
  | { kind: "tmem"; frg: TmemFrg };

/** the op's name without namespaces and template arguments */
function baseName(traits: MmaTraits): string {
  return traits.op.replace(/<.*$/, "").replace(/^.*::/, "");
}
const isUmma = (traits: MmaTraits): boolean => /^SM100_MMA_/.test(baseName(traits));
const isGmma = (traits: MmaTraits): boolean => /^SM90_\d+x\d+x\d+_\w+_(SS|RS)(_|$)/.test(baseName(traits)) && !/::SPARSE::|SPARSE/.test(traits.op);

/** the A and B majors among the op's template arguments (GMMA::Major::K, UMMA::Major::MN); K, K for the _TN ops that take none */
function majors(traits: MmaTraits): [DescMajor, DescMajor] {
  const m = [...traits.op.matchAll(/(?:GMMA|UMMA)::Major::(K|MN)\b/g)].map((x) => x[1] as DescMajor);
  if (m.length >= 2) return [m[0]!, m[1]!];
  if (m.length === 0) return ["K", "K"];
  throw new Unsupported(`the operand majors of ${traits.op}`);
}

/** FrgTypeA / FrgTypeB / FrgTypeC of an op, as its MMA_Traits define it (the value type where it defines none) */
export function frgType(traits: MmaTraits, w: Operand): FrgType {
  const base = baseName(traits);
  if (/SPARSE/.test(traits.op)) throw new Unsupported(`make_fragment_${w} of the sparse MMA ${base}`, " (its fragments are sparse descriptors or sparse register tensors)");
  if (w === "C") {
    if (isUmma(traits)) return { kind: "tmem", frg: frgTypeC(traits) };
    return { kind: "value", type: parseValueType(traits.types.C), spelling: traits.types.C };
  }
  const umma = isUmma(traits);
  if (umma || isGmma(traits)) {
    const [a, b] = majors(traits);
    const arch = umma ? "UMMA" : "GMMA";
    if (w === "B") return { kind: "desc", arch, major: b, spelling: `${arch}::smem_desc<${arch}::Major::${b}>` };
    if (umma && /_TS(_|$)/.test(base)) return { kind: "tmem", frg: frgTypeA(traits) };
    if (/_SS(_|$)/.test(base)) return { kind: "desc", arch, major: a, spelling: `${arch}::smem_desc<${arch}::Major::${a}>` };
    if (umma) throw new Unsupported(`make_fragment_A of ${base}`);
  }
  const spelling = w === "A" ? traits.types.A : traits.types.B;
  return { kind: "value", type: parseValueType(spelling), spelling };
}

const tensorLayout = (t: Tensor): Layout => (t.layout instanceof Layout ? t.layout : innermostLayout(t.layout));

/**
 * make_fragment_A/B's static_assert on the tensor's value type: ValTypeX itself (by name where the
 * pointer knows it, else by width), or an 8-bit container of an 8-, 6- or 4-bit ValTypeX, or a
 * 4-bit one of a 4-, 3- or 2-bit ValTypeX
 */
function acceptedValueType(t: Tensor, want: string): boolean {
  const it = t.iter;
  if (!(it instanceof PtrIter)) return false;
  const w = findValueType(want);
  if (w === undefined) return false;
  if (it.bits === 8 && [8, 6, 4].includes(w.bits)) return true;
  if (it.bits === 4 && [4, 3, 2].includes(w.bits)) return true;
  if (it.type === undefined) return it.bits === w.bits;
  const have = findValueType(it.type);
  return have !== undefined && have.name === w.name;
}

/**
 * GMMA::make_gmma_desc<Major>(tensor) / UMMA::make_umma_desc<Major>(tensor) of an smem tensor: the
 * tensor's pointer (its address and swizzle) over its layout, of the pointer's element type
 */
export function make_desc_of_tensor(arch: "GMMA" | "UMMA", major: DescMajor, t: Tensor): SmemDescriptor {
  const op = arch === "GMMA" ? `GMMA::make_gmma_desc<GMMA::Major::${major}>` : `UMMA::make_umma_desc<UMMA::Major::${major}>`;
  const it = t.iter;
  if (!(it instanceof PtrIter) || !hasTag(it, "smem")) throw new CuteError(op, `Expected SMEM Tensor to construct a ${arch} Descriptor`, [show(t)]);
  if (!(t.layout instanceof Layout)) {
    throw new CuteError(op, "no matching layout_type(Tensor<Engine, Layout<Shape,Stride>>): the tensor's layout is a ComposedLayout; a descriptor's swizzle sits in the pointer (make_tensor(smem_ptr, Sw o smem_ptr[Nb](unset) o L) puts it there)", [show(t)]);
  }
  if (it.type === undefined) throw new CuteError(op, "the tensor's value type is not known (a pointer written as CuTe prints it knows only its width): make the pointer with a cast, make_smem_ptr((half_t*)0x400)", [show(t)]);
  const sw = it.tags.find((x): x is Swizzle => x instanceof Swizzle);
  const x = sw === undefined ? t.layout : new ComposedLayout(sw, new SmemPtrFlag(it.bits), t.layout);
  const type = parseValueType(it.type);
  return arch === "GMMA" ? make_gmma_desc(major, x, type, it.addr) : make_umma_desc(major, x, type, it.addr);
}

/** MakeTensor<GMMA::smem_desc<Major>> / MakeTensor<UMMA::smem_desc<Major>> of a partitioned smem tensor */
export function make_desc_tensor(arch: "GMMA" | "UMMA", major: DescMajor, t: Tensor, type: ValueType): Tensor {
  const op = `make_tensor<${arch}::smem_desc<${arch}::Major::${major}>>`;
  const it = t.iter;
  if (!(it instanceof PtrIter) || !hasTag(it, "smem")) throw new CuteError(op, `Expected SMEM Tensor to construct a ${arch} Desc Tensor`, [show(t)]);
  if (!(t.layout instanceof Layout)) {
    throw new CuteError(op, "no matching layout_type(Tensor<Engine, Layout<Shape,Stride>>): the tensor's layout is a ComposedLayout; a descriptor's swizzle sits in the pointer (make_tensor(smem_ptr, Sw o smem_ptr[Nb](unset) o L) puts it there)", [show(t)]);
  }
  const layout = t.layout;
  // tensor<0>(smem_tensor): the same pointer over mode 0, one MMA's block
  const mode0 = new Layout(T.get(layout.shape, 0), T.get(layout.stride as IntTuple, 0));
  const sw = it.tags.find((x): x is Swizzle => x instanceof Swizzle);
  const x = sw === undefined ? mode0 : new ComposedLayout(sw, new SmemPtrFlag(it.bits), mode0);
  const d = arch === "GMMA" ? make_gmma_desc(major, x, type, it.addr) : make_umma_desc(major, x, type, it.addr);
  // replace<0>(recast<uint128_t const>(smem_tensor).layout(), Layout<_1,_0>{})
  const u128 = recast_layout(layout, it.bits, 128);
  return new Tensor(new DescIter(arch, d.desc), replace(u128, 0, new Layout(_1, _0)));
}

/**
 * MMA_Atom::make_fragment_A/B/C(x) of a tensor partitioned by partition_A/B/C, or of its layout or
 * shape (partition_shape_A/B/C's): CuTe's asserts read rank(x) and size<0>(x), which a layout and a
 * shape answer too; a register fragment is make_fragment_like<T>(x) (of a shape: make_layout(shape)),
 * a TMEM fragment tmem_frg::make(shape(x)); only a descriptor needs the smem tensor itself.
 */
export function make_fragment(mma: TiledMma, w: Operand, x: Tensor | Layout | IntTuple): Tensor {
  const name = `make_fragment_${w}`;
  const arg = `${w.toLowerCase()}tensor`;
  const l = x instanceof Tensor ? tensorLayout(x) : x instanceof Layout ? x : make_layout(x);
  const shown = () => (x instanceof Tensor || x instanceof Layout ? show(x) : T.tupText(x));
  if (T.rank(l.shape) < 3) throw new CuteError(name, `static assertion failed: rank(${arg}) >= Int<3>{} (a tensor partitioned by partition_${w}: (V,${w === "B" ? "N" : "M"},${w === "C" ? "N" : "K"},...))`, [shown()]);
  const tv = w === "A" ? mma.atom.layoutA : w === "B" ? mma.atom.layoutB : mma.atom.layoutC;
  const v = T.size(T.get(l.shape, 0)), want = T.size(T.get(tv.shape, 1));
  if (v.v !== want.v) throw new CuteError(name, `static assertion failed: size<0>(${arg}) == size<1>(Layout${w}_TV{})`, [`size<0> = ${v.v}`, `size<1>(Layout${w}_TV) = ${want.v}`, shown()]);
  const frg = frgType(mma.atom.traits, w);
  if (frg.kind === "tmem") {
    const tm = tmem_frg_make(frg.frg, l.shape);
    return new Tensor(new TmemIter(tm.valueType.bits, tm.addr, tm.valueType.name || undefined), tm.layout);
  }
  if (w === "C") return make_owning_tensor((frg as { type: ValueType }).type, make_layout(l.shape), `make_tensor<${(frg as { spelling: string }).spelling}>`);
  if (frg.kind === "value") {
    const op = `make_fragment_like<${frg.spelling}>`;
    return x instanceof Tensor ? make_fragment_like(frg.type, x.layout, op) : x instanceof Layout ? make_fragment_like(frg.type, x, op) : make_owning_tensor(frg.type, l, op);
  }
  if (!(x instanceof Tensor)) {
    throw new CuteError(name, `no matching MakeTensor<${frg.spelling}>: a descriptor fragment is built from the partitioned smem tensor, not from ${x instanceof Layout ? "a layout" : "a shape"}`, [shown()]);
  }
  const valType = w === "A" ? mma.atom.traits.types.A : mma.atom.traits.types.B;
  if (!acceptedValueType(x, valType)) throw new CuteError(name, `static assertion failed: Expecting ValType${w} type`, [`ValType${w} = ${valType}`, show(x)]);
  return make_desc_tensor(frg.arch, frg.major, x, parseValueType(valType));
}

/** ThrMMA::partition_fragment_A/B/C(tensor) = make_fragment_X(partition_X(tensor)) */
export function partition_fragment(thr: ThrMma, w: Operand, t: Tensor): Tensor {
  return make_fragment(thr.mma, w, partition(thr, w, t));
}

/** partition_fragment_C(tiled_mma, shape_MN) = make_tensor<FrgTypeC>(partition_shape_C(tiled_mma, shape_MN)) */
export function partition_fragment_C_of_shape(mma: TiledMma, shapeMN: IntTuple): Tensor {
  const frg = frgType(mma.atom.traits, "C");
  if (frg.kind === "tmem") {
    const tm = tmemPartitionFragmentC(mma, shapeMN);
    return new Tensor(new TmemIter(tm.valueType.bits, tm.addr, tm.valueType.name || undefined), tm.layout);
  }
  const shape = partition_shape(mma, "C", shapeMN);
  return make_owning_tensor((frg as { type: ValueType }).type, make_layout(shape), `make_tensor<${(frg as { spelling: string }).spelling}>`);
}


