/**
 * SM120 warp-level MMAs (`mma.sync.kind::f8f6f4` and the block-scaled / sparse kinds):
 * 16x8xK with CuTe's SM80-style thread-value layouts, element types as template arguments.
 */
import type { Family, Param } from "../family.js";
import { refuse } from "../family.js";
import { C_16x8, thrLinear, warpA16, warpB8 } from "../layouts.js";
import { F8F6F4_TYPES, SF_TYPES } from "../types.js";

interface Op {
  ident: string;
  namespace: string;
  k: number;
  sparse: boolean;
  scaled: boolean;
  defaults: string[];
}

const OPS: Op[] = [
  { ident: "SM120_16x8x32_TN", namespace: "", k: 32, sparse: false, scaled: false, defaults: ["float_e4m3_t", "float_e4m3_t", "float"] },
  {
    ident: "SM120_16x8x64_TN_VS", namespace: "SM120::BLOCKSCALED", k: 64, sparse: false, scaled: true,
    defaults: ["float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", "32"],
  },
  {
    ident: "SM120_16x8x32_TN_VS", namespace: "SM120::BLOCKSCALED", k: 32, sparse: false, scaled: true,
    defaults: ["float_e4m3_t", "float_e4m3_t", "float", "float_ue8m0_t", "32"],
  },
  { ident: "SM120_SPARSE_16x8x64_TN", namespace: "SM120::SPARSE", k: 64, sparse: true, scaled: false, defaults: ["float_e4m3_t", "float_e4m3_t", "float"] },
  {
    ident: "SM120_SPARSE_16x8x64_TN_VS", namespace: "SM120::BLOCKSCALED::SPARSE", k: 64, sparse: true, scaled: true,
    defaults: ["float_e4m3_t", "float_e4m3_t", "float", "float_ue8m0_t", "64"],
  },
  {
    ident: "SM120_SPARSE_16x8x128_TN_VS", namespace: "SM120::BLOCKSCALED::SPARSE", k: 128, sparse: true, scaled: true,
    defaults: ["float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", "64"],
  },
];

const T = (name: string): Param => ({ name, kind: "type" });

export const sm120: Family<Op> = {
  title: "SM120 MMA",
  arch: "sm120",
  match: (ident) => OPS.find((o) => o.ident === ident) ?? null,
  params: (o) => (o.scaled ? [T("a_type"), T("b_type"), T("c_type"), T("sf_type"), { name: "VS", kind: "int" }] : [T("a_type"), T("b_type"), T("c_type")]),
  defaultArgs: (o) => o.defaults,
  namespace: (o) => o.namespace,
  traits(o, args) {
    const [a, b, c, sf] = args as string[];
    // the 4-bit-only ops (K = 64 dense, 128 sparse) take e2m1 operands; the others any f8f6f4 type
    const fp4Only = o.k === (o.sparse ? 128 : 64);
    const allowed = fp4Only ? ["float_e2m1_t"] : F8F6F4_TYPES;
    // each op is a primary template that static_asserts, plus the specializations CuTe defines:
    // f8f6f4 operands accumulate to float or half; block-scaled ones to float only, with ue8m0
    // scale factors (the 4-bit-only ops also take ue4m3). VS is checked in fma() only, not here.
    const none = (what: string) => refuse(o.ident, `No MMA matches ${o.ident} for given data types (${what}).`);
    if (!allowed.includes(a!) || !allowed.includes(b!)) none(`operands ${a}, ${b}`);
    if (o.scaled ? c !== "float" : c !== "float" && c !== "half_t") none(`accumulator ${c}`);
    if (sf !== undefined && !(fp4Only ? SF_TYPES : ["float_ue8m0_t"]).includes(sf)) none(`scale factor ${sf}`);
    const container = fp4Only ? "uint4b_t" : "uint8_t";
    const A = !o.sparse ? container : fp4Only ? "sparse_elem<4,uint8_t>" : `sparse_elem<2,${a}>`;
    const layoutA = warpA16(o.k / 8, true);
    // B is dense: K/8 values in two register chunks, or (sparse ops, K twice as long) K/16 in four
    const layoutB = o.sparse ? warpB8(o.k / 16, 4) : warpB8(o.k / 8, 2);
    return {
      header: o.sparse ? "mma_traits_sm120_sparse.hpp" : "mma_traits_sm120.hpp",
      types: { D: c!, A, B: container, C: c! },
      M: 16, N: 8, K: o.k, threads: 32, thrID: thrLinear(32), layoutA, layoutB, layoutC: C_16x8,
    };
  },
  names: () => OPS.map((o) => o.ident),
};
