/**
 * SM90 warpgroup MMA (GMMA, `wgmma.mma_async`): `SM90_64xNxK_<DAB>_<SS|RS>[_TN][_SATURATE]` and the
 * sparse `SM90::GMMA::SPARSE::GMMA_64xNxK_...`. One rule covers every N: M is 64, K is 256 bits of
 * the operand type (doubled when sparse), N runs over the sizes wgmma accepts; the `_ext` headers
 * hold the N values outside the base set.
 */
import type { Family, Param } from "../family.js";
import { refuse } from "../family.js";
import { gmmaC, gmmaRegA, gmmaSmem, thrLinear } from "../layouts.js";

type Cls = "f16" | "tf32" | "f8" | "i8";

interface GmmaMatch {
  ident: string;
  sparse: boolean;
  n: number;
  k: number;
  cls: Cls;
  d: string;
  a: string;
  b: string;
  rs: boolean;
}

const TYPE: Record<string, string> = {
  F16: "half_t",
  BF16: "bfloat16_t",
  TF32: "tfloat32_t",
  F32: "float",
  E4M3: "float_e4m3_t",
  E5M2: "float_e5m2_t",
  S32: "int32_t",
  S8: "int8_t",
  U8: "uint8_t",
};

const BASE_N = [8, 16, 32, 64, 96, 128, 192, 256];
const ALL_N_FLOAT = Array.from({ length: 32 }, (_, i) => 8 * (i + 1));
const ALL_N_INT = [8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256];

/** the D/A/B spellings of each class, with their dense K and name suffix */
const CLASSES: Array<{ cls: Cls; dab: string[]; k: number; tn: boolean; sat: boolean }> = [
  { cls: "f16", dab: ["F16F16F16", "F32F16F16", "F32BF16BF16"], k: 16, tn: false, sat: false },
  { cls: "tf32", dab: ["F32TF32TF32"], k: 8, tn: true, sat: false },
  {
    cls: "f8",
    dab: ["F16", "F32"].flatMap((d) => ["E4M3", "E5M2"].flatMap((a) => ["E4M3", "E5M2"].map((b) => d + a + b))),
    k: 32,
    tn: true,
    sat: false,
  },
  { cls: "i8", dab: ["S8S8", "S8U8", "U8S8", "U8U8"].map((ab) => "S32" + ab), k: 32, tn: true, sat: true },
];

const RE = /^(SM90|GMMA|MMA)_64x(\d+)x(\d+)_((?:F16|F32|S32)(?:F16|BF16|TF32|E4M3|E5M2|S8|U8){2})_(SS|RS)(_TN)?(_SATURATE)?$/;

function classOf(dab: string) {
  return CLASSES.find((c) => c.dab.includes(dab));
}

function nValues(cls: Cls): number[] {
  return cls === "i8" ? ALL_N_INT : ALL_N_FLOAT;
}

const scale = (name: string): Param => ({ name, kind: "ScaleIn", default: "GMMA::ScaleIn::One" });
const spsel: Param = { name: "spsel", kind: "SparseSel", default: "GMMA::SparseSel::Zero" };

export const gmma: Family<GmmaMatch> = {
  title: "SM90 GMMA",
  arch: "sm90",
  match(ident) {
    const m = RE.exec(ident);
    if (!m) return null;
    const sparse = m[1] === "GMMA";
    const c = classOf(m[4]!);
    if (!c || Boolean(m[6]) !== c.tn || (m[7] && !c.sat)) return null;
    const n = Number(m[2]);
    const k = Number(m[3]);
    if (k !== c.k * (sparse ? 2 : 1) || !nValues(c.cls).includes(n)) return null;
    const [d, a, b] = m[4]!.match(/BF16|TF32|E4M3|E5M2|[A-Z]\d+/g)!;
    // `SM90::GMMA::MMA_64x...` is the struct that `SM90_64x...` aliases
    const canonical = m[1] === "MMA" ? `SM90${ident.slice(3)}` : ident;
    return { ident: canonical, sparse, n, k, cls: c.cls, d: TYPE[d!]!, a: TYPE[a!]!, b: TYPE[b!]!, rs: m[5] === "RS" };
  },
  params(m) {
    const ps: Param[] =
      m.cls === "f16"
        ? [{ name: "tnspA", kind: "Major" }, { name: "tnspB", kind: "Major" }, scale("scaleA"), scale("scaleB")]
        : m.cls === "i8"
          ? []
          : [scale("scaleA"), scale("scaleB")];
    if (m.sparse) ps.push(spsel);
    return ps;
  },
  ident: (m) => m.ident,
  defaultArgs: (m) => (m.cls === "f16" ? ["GMMA::Major::K", "GMMA::Major::K"] : []),
  namespace: (m) => (m.sparse ? "SM90::GMMA::SPARSE" : ""),
  // the dense `MMA_64x...` structs are SM90::GMMA's; `SM90_64x...` are their aliases in cute
  scope: (m, written) => (m.sparse ? "SM90::GMMA::SPARSE" : written.startsWith("MMA_") ? "SM90::GMMA" : ""),
  traits(m, args, ident) {
    if (m.rs && m.cls === "f16" && args[0] === "MN") {
      refuse(ident, "Register source operand A must have K major layout.");
    }
    const ext = !BASE_N.includes(m.n);
    return {
      header: `mma_traits_sm90_gmma${m.sparse ? "_sparse" : ""}${ext ? "_ext" : ""}.hpp`,
      types: { D: m.d, A: m.sparse ? `sparse_elem<2,${m.a}>` : m.a, B: m.b, C: m.d },
      M: 64,
      N: m.n,
      K: m.k,
      threads: 128,
      thrID: thrLinear(128),
      layoutA: m.rs ? gmmaRegA(m.k) : gmmaSmem(64, m.k),
      layoutB: gmmaSmem(m.n, m.k),
      layoutC: gmmaC(m.n),
    };
  },
  names() {
    const out: string[] = [];
    for (const sparse of [false, true]) {
      for (const c of CLASSES) {
        for (const n of nValues(c.cls)) {
          for (const dab of c.dab) {
            for (const src of ["SS", "RS"]) {
              for (const sat of c.sat ? ["", "_SATURATE"] : [""]) {
                out.push(`${sparse ? "GMMA" : "SM90"}_64x${n}x${c.k * (sparse ? 2 : 1)}_${dab}_${src}${c.tn ? "_TN" : ""}${sat}`);
              }
            }
          }
        }
      }
    }
    return out;
  },
};
