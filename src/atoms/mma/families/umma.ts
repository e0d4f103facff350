/**
 * SM100 UMMA (`tcgen05.mma`): `SM100_MMA_<KIND>[_2x1SM]_<SS|TS>[_SCALED|_SPARSE|...]<types..., M, N, ...>`
 * and SM103's MXF4 "ultra" ops. M and N are template arguments; K is 256 bits of the A type
 * (fixed per kind for the block-scaled and f8f6f4 kinds, doubled when sparse). The 2x1SM ops
 * split M (and B's N) across the two SMs of the pair.
 */
import type { Arg, Family, Param } from "../family.js";
import { refuse } from "../family.js";
import { thrLinear, ummaA, ummaB, ummaC } from "../layouts.js";
import { F16_TYPES, F8F6F4_TYPES, I8_TYPES, SF_TYPES, typeBits } from "../types.js";

type Kind = "TF32" | "F16BF16" | "S8" | "F8F6F4" | "MXF8F6F4" | "MXF4" | "MXF4NVF4" | "ULTRA";
type Variant = "" | "_SCALED" | "_SPARSE" | "_INTERLEAVED_CF32CTF32CTF32CF32_TN";

interface Op {
  ident: string;
  kind: Kind;
  sms: 1 | 2;
  ts: boolean;
  variant: Variant;
  /** the default case, as ATOMS.md spells it */
  defaults: string[];
}

const K_MAJ = ["UMMA::Major::K", "UMMA::Major::K"];

function op(kind: Kind, sms: 1 | 2, ts: boolean, variant: Variant): Op {
  const ident =
    kind === "ULTRA"
      ? `SM103_MXF4_ULTRA${sms === 2 ? "_2x1SM" : ""}_SS_VS`
      : `SM100_MMA_${kind}${sms === 2 ? "_2x1SM" : ""}_${ts ? "TS" : "SS"}${variant}`;
  const m = sms === 2 ? "256" : "128";
  const d = {
    TF32: ["tfloat32_t", "tfloat32_t", "float", m, "256"],
    F16BF16: ["half_t", "half_t", "float", m, "256"],
    S8: ["int8_t", "int8_t", "int32_t", m, "256"],
    F8F6F4: ["float_e4m3_t", "float_e4m3_t", "float", m, "256"],
    MXF8F6F4: ["float_e4m3_t", "float_e4m3_t", "float", "float_ue8m0_t", m, "256"],
    MXF4: ["float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", m, "256", "32"],
    MXF4NVF4: ["float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", m, "256", "64"],
    ULTRA: ["float_e2m1_t", "float_e2m1_t", "float", "float_ue8m0_t", m, "256", "32"],
  }[kind];
  let defaults = [...d, ...K_MAJ];
  if (variant === "_INTERLEAVED_CF32CTF32CTF32CF32_TN") defaults = [m, "256", ...K_MAJ];
  if (variant === "_SCALED") defaults.push("1");
  return { ident, kind, sms, ts, variant, defaults };
}

/** every UMMA op CuTe's traits define, per SM count */
function ops(): Op[] {
  const out: Op[] = [];
  for (const sms of [1, 2] as const) {
    out.push(
      op("TF32", sms, false, ""),
      op("F16BF16", sms, false, ""),
      op("TF32", sms, true, ""),
      op("F16BF16", sms, true, ""),
      op("F16BF16", sms, false, "_SCALED"),
      op("TF32", sms, true, "_SCALED"),
      op("F16BF16", sms, true, "_SCALED"),
      op("TF32", sms, false, "_SPARSE"),
      op("F16BF16", sms, false, "_SPARSE"),
      op("TF32", sms, true, "_INTERLEAVED_CF32CTF32CTF32CF32_TN"),
      op("S8", sms, false, ""),
      op("S8", sms, true, ""),
      op("S8", sms, false, "_SPARSE"),
      op("F8F6F4", sms, false, ""),
      op("F8F6F4", sms, true, ""),
      op("F8F6F4", sms, false, "_SPARSE"),
      op("MXF8F6F4", sms, false, ""),
      op("MXF8F6F4", sms, false, "_SPARSE"),
      op("MXF4", sms, false, ""),
      op("MXF4NVF4", sms, false, "_SPARSE"),
      op("ULTRA", sms, false, ""),
    );
  }
  return out;
}

let OPS: Map<string, Op> | undefined;
const table = () => (OPS ??= new Map(ops().map((o) => [o.ident, o])));

const T = (name: string): Param => ({ name, kind: "type" });
const I = (name: string): Param => ({ name, kind: "int" });
const MAJ = (name: string): Param => ({ name, kind: "Major" });

function params(o: Op): Param[] {
  const types = [T("a_type"), T("b_type"), T("c_type")];
  const blockScaled = o.kind === "MXF8F6F4" || o.kind === "MXF4" || o.kind === "MXF4NVF4" || o.kind === "ULTRA";
  if (blockScaled) types.push(T("sf_type"));
  const ints = [I("M"), I("N")];
  if (o.kind === "MXF4" || o.kind === "MXF4NVF4" || o.kind === "ULTRA") ints.push(I("VS"));
  const head = o.variant === "_INTERLEAVED_CF32CTF32CTF32CF32_TN" ? ints : [...types, ...ints];
  const ps = [...head, MAJ("a_major"), MAJ("b_major")];
  if (o.variant === "_SCALED") ps.push({ name: "ScaleC", kind: "int" });
  if (o.kind !== "S8" && o.kind !== "ULTRA") {
    ps.push({ name: "a_neg", kind: "ScaleIn", default: "UMMA::ScaleIn::One" }, { name: "b_neg", kind: "ScaleIn", default: "UMMA::ScaleIn::One" });
  }
  if (o.ts || o.kind === "S8") ps.push({ name: "c_sat", kind: "Saturate", default: "UMMA::Saturate::False" });
  return ps;
}

/** the element types each kind's instruction descriptor can encode */
function checkTypes(o: Op, a: string, b: string, c: string, sf: string | undefined): void {
  const bad = (why: string) => refuse(o.ident, why);
  const ok = (t: string, set: string[]) => set.includes(t);
  switch (o.kind) {
    case "TF32":
      if (typeBits(a) !== 32 || typeBits(b) !== 32) bad(`${o.ident} supports 32bit types`);
      if (a !== "tfloat32_t" || b !== "tfloat32_t") bad("Unknown type for UMMAFormat");
      if (c !== "float") bad("Unknown type for UMMAFormat");
      break;
    case "F16BF16": {
      const base = (t: string) => t.replace(/^complex<(.+)>$/, "$1");
      const cplx = a.startsWith("complex<");
      if (cplx && o.variant !== "_SCALED") bad(`${o.ident} supports 16bit types`);
      if (!ok(base(a), F16_TYPES) || !ok(base(b), F16_TYPES)) bad("Unknown type for UMMAFormat");
      if (!ok(c, ["half_t", "float"])) bad("Unknown type for UMMAFormat");
      break;
    }
    case "S8":
      if (!ok(a, I8_TYPES) || !ok(b, I8_TYPES)) bad("Unknown type for UMMAFormat");
      if (c !== "int32_t") bad("Unknown type for UMMAFormat");
      break;
    case "F8F6F4":
    case "MXF8F6F4":
      if (!ok(a, F8F6F4_TYPES) || !ok(b, F8F6F4_TYPES)) bad("Unknown type for UMMAFormat");
      if (!ok(c, o.kind === "F8F6F4" ? ["float", "half_t"] : ["float"])) bad("Unknown type for UMMAFormat");
      break;
    default:
      if (a !== "float_e2m1_t" || b !== "float_e2m1_t") bad("Unknown type for UMMAFormat");
      if (c !== "float") bad("Unknown type for UMMAFormat");
  }
  if (sf !== undefined && !ok(sf, SF_TYPES)) bad("Unknown scale factor type for UMMAFormat");
}

function checkShape(o: Op, M: number, N: number): void {
  if (o.sms === 1) {
    if (M !== 64 && M !== 128) refuse(o.ident, "M-mode size should be 64 or 128 for 1 CTA cluster MMA.");
    if (N % 8 !== 0 || N < 8 || N > 256) refuse(o.ident, "N-mode size should be a multiple of 8 between 8 and 256.");
  } else {
    if (M !== 128 && M !== 256) refuse(o.ident, "M-mode size should be 128 or 256 for 2 CTA cluster MMA.");
    if (N % 16 !== 0 || N < 16 || N > 256) refuse(o.ident, "N-mode size should be a multiple of 16 between 16 and 256.");
  }
}

export const umma: Family<Op> = {
  title: "SM100 UMMA",
  arch: "sm100",
  match: (ident) => table().get(ident) ?? null,
  params,
  defaultArgs: (o) => o.defaults,
  namespace: (o) => (o.kind === "ULTRA" ? "SM103" : ""),
  traits(o, args: Arg[]) {
    const ps = params(o);
    const get = (name: string) => args[ps.findIndex((p) => p.name === name)];
    const interleaved = o.variant === "_INTERLEAVED_CF32CTF32CTF32CF32_TN";
    const a = interleaved ? "complex<tfloat32_t>" : (get("a_type") as string);
    const b = interleaved ? "complex<tfloat32_t>" : (get("b_type") as string);
    const c = interleaved ? "float" : (get("c_type") as string);
    const sf = get("sf_type") as string | undefined;
    const M = get("M") as number;
    const N = get("N") as number;
    if (!interleaved) checkTypes(o, a, b, c, sf);
    // the interleaved complex op's traits static_assert K-major operands (A lives in TMEM)
    if (interleaved && get("a_major") !== "K") refuse(o.ident, `${o.ident} A from TMEM can't be transposed`);
    if (interleaved && get("b_major") !== "K") refuse(o.ident, `${o.ident} B from SMEM requires non-transpose`);
    checkShape(o, M, N);
    const sparse = o.variant === "_SPARSE";
    let K: number;
    switch (o.kind) {
      case "F8F6F4":
      case "MXF8F6F4":
        K = 32; // f8f6f4 operands sit in 8-bit containers
        break;
      case "MXF4":
      case "MXF4NVF4":
        K = 64;
        break;
      case "ULTRA":
        K = 96;
        break;
      default:
        K = 256 / typeBits(a);
    }
    if (sparse) K *= 2;
    const A = !sparse ? a : o.kind === "MXF4NVF4" ? "sparse_elem<4,uint8_t>" : `sparse_elem<2,${a}>`;
    return {
      header: "mma_traits_sm100.hpp",
      types: { D: c, A, B: b, C: c },
      M,
      N,
      K,
      threads: o.sms,
      thrID: thrLinear(o.sms),
      layoutA: ummaA(M, K, o.sms),
      layoutB: ummaB(N, K, o.sms),
      layoutC: ummaC(M, N, o.sms),
    };
  },
  names: () => [...table().keys()],
};
