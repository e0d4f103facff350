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
  if (o.variant === "_SCALED") ps.push({ name: "ScaleC", kind: "uint32" });
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
      const ca = /^complex<(.+)>$/.exec(a), cb = /^complex<(.+)>$/.exec(b);
      if (ca || cb) {
        // only the SCALED ops' traits specialize <complex<X>, complex<X>, float>; anything else
        // complex meets the primary template's 16-bit assert (a complex half is 32 bits)
        if (!(o.variant === "_SCALED" && ca && cb && ca[1] === cb[1] && c === "float")) bad(`${o.ident} supports 16bit types`);
        if (!ok(ca![1]!, F16_TYPES)) bad("Only supports 16bit base types");
        break;
      }
      if (!ok(a, F16_TYPES) || !ok(b, F16_TYPES)) bad("Unknown type for UMMAFormat");
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

/** N is a multiple of k between k and 256 */
const nStep = (N: number, k: number) => N % k === 0 && N >= k && N <= 256;

/**
 * The shape, vector-size and major static_asserts of the op structs (mma_sm100_umma.hpp) and of
 * their traits (mma_traits_sm100.hpp), which print(MMA_Atom<Op>{}) instantiates: per op, not one
 * rule for all. The messages are CuTe's, after the op's name.
 */
function checkAsserts(o: Op, M: number, N: number, VS: number | undefined, aMajor: unknown, bMajor: unknown, a: string, sf: string | undefined): void {
  const no = (why: string) => refuse(o.ident, `${o.ident} ${why}`);
  const sparse = o.variant === "_SPARSE";
  const interleaved = o.variant === "_INTERLEAVED_CF32CTF32CTF32CF32_TN";
  const m1 = () => {
    if (M !== 64 && M !== 128) no("M-mode size should be 64 or 128 for 1 CTA cluster MMA.");
  };
  const m2 = () => {
    if (M !== 128 && M !== 256) no("M-mode size should be 128 or 256 for 2 CTA cluster MMA.");
  };
  // TMEM operands: N steps by 16 at M = 128 (1 SM), by 32 on 2 SMs; A cannot be transposed
  const nByM = () => {
    if (!((M === 64 && nStep(N, 8)) || (M === 128 && nStep(N, 16)))) no("N-mode size should be a multiple of 8 between 8 and 256 for M=64, or a multiple of 16 between 16 and 256 for M=128.");
  };
  const aK = () => {
    if (aMajor !== "K") no("A from TMEM can't be transposed");
  };
  const n = (k: number) => {
    if (!nStep(N, k)) no(`N-mode size should be a multiple of ${k} between ${k} and 256.`);
  };
  switch (o.kind) {
    case "TF32":
    case "F16BF16":
      if (o.sms === 1) {
        m1();
        if (o.ts) (nByM(), aK());
        else n(8);
      } else {
        m2();
        n(o.ts ? 32 : 16);
        if (o.ts) aK();
      }
      if (interleaved && bMajor !== "K") no("B from SMEM requires non-transpose");
      break;
    case "S8":
      if (o.sms === 1) {
        m1();
        if (!(N === 8 || nStep(N, 16))) no("N-mode size should be 8 or a multiple of 16 between 16 and 256.");
      } else {
        m2();
        n(32);
      }
      if (o.ts) aK();
      break;
    case "F8F6F4":
      if (o.sms === 1) {
        m1();
        if (o.ts || sparse) nByM();
        // the dense SS op's traits: N by B's major
        else if (!((bMajor === "K" && nStep(N, 8)) || (bMajor !== "K" && nStep(N, 16)))) no("N-mode size should be a multiple of 8 between 8 and 256 when B is K major. N-mode size should be a multiple of 16 between 16 and 256 when B is MN major.");
      } else {
        m2();
        if (o.ts || sparse) n(32);
        else if (!((bMajor === "K" && nStep(N, 16)) || (bMajor !== "K" && nStep(N, 32)))) no("N-mode size should be a multiple of 16 between 16 and 256 when B is K major. N-mode size should be a multiple of 32 between 32 and 256 when B is MN major.");
      }
      if (o.ts) aK();
      break;
    case "MXF8F6F4":
      if (o.sms === 1) {
        if (M !== 128) no("M-mode size should be 128 for 1 CTA cluster MMA.");
        n(8);
      } else {
        if (M !== 256) no("M-mode size should be 256 for 2 CTA cluster MMA.");
        n(16);
      }
      break;
    case "MXF4":
    case "MXF4NVF4": {
      if (o.sms === 1) {
        if (M !== 128) no("M-mode size should be 128 for 1 CTA cluster MMA.");
        n(8);
      } else {
        if (o.kind === "MXF4") m2(); // the 2-SM sparse NVF4 op asserts nothing of M
        n(16);
      }
      // 4x mode, or 2x mode with e2m1 operands and ue8m0 scale factors
      const [four, two] = o.kind === "MXF4" ? [16, 32] : [32, 64];
      if (!(VS === four || (VS === two && a === "float_e2m1_t" && sf === "float_ue8m0_t"))) {
        no(`Vector size can only be ${four} or ${two}; ${two} (2x mode) only with float_e2m1_t operands and float_ue8m0_t scale factors.`);
      }
      break;
    }
    case "ULTRA": {
      // SM103's messages do not start with the op's name
      const say = (why: string) => refuse(o.ident, why);
      if (o.sms === 1) {
        if (M !== 128) say("MMA M-mode size should be 128 for 1 CTA cluster MMA.");
      } else if (M !== 128 && M !== 256) say("MMA M-mode size should be 128 or 256 for 2 CTA cluster MMA.");
      if (!nStep(N, 16)) say("MMA N-mode size should be a multiple of 16 between 16 and 256.");
      if (!(VS === 16 || (VS === 32 && a === "float_e2m1_t" && sf === "float_ue8m0_t"))) {
        say("Vector size can only be 4x mode (VS=16) or 2x mode (VS=32) for MMA. 2x mode only supports float_e2m1_t for a/b types and ue8m0_t for sf type");
      }
      if (aMajor !== "K" || bMajor !== "K") say("This MMA does not support transpose");
      break;
    }
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
    const VS = get("VS") as number | undefined;
    if (!interleaved) checkTypes(o, a, b, c, sf);
    checkAsserts(o, M, N, VS, get("a_major"), get("b_major"), a, sf);
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
