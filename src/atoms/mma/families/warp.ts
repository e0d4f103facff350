/**
 * Thread-level and warp-level MMAs: UniversalFMA, SM61 DP4A/DP2A, SM70 quadpair HMMA,
 * SM75/SM80/SM89/SM90 mma.sync, SM100 FFMA2. Each op is a plain struct; its traits are a
 * row of data generated per shape class below.
 */
import type { Family, MmaTraits } from "../family.js";
import { C_16x8, C_8x8, singleThread, thrLinear, warpA16, warpB8 } from "../layouts.js";

type Row = Omit<MmaTraits, "op" | "arch"> & { arch: string };

/** element type spelled in op names */
const TOKEN: Record<string, string> = {
  F16: "half_t",
  BF16: "bfloat16_t",
  TF32: "tfloat32_t",
  F32: "float",
  F64: "double",
  C64: "complex<double>",
  GC64: "SM80_8x8x4_GC64C64C64GC64_TN::GaussComplex",
  S32: "int32_t",
  S8: "int8_t",
  U8: "uint8_t",
  S4: "int4b_t",
  U4: "uint4b_t",
  U1: "uint1b_t",
  E4M3: "float_e4m3_t",
  E5M2: "float_e5m2_t",
};

function types(d: string, a: string, b: string, c: string): MmaTraits["types"] {
  return { D: TOKEN[d]!, A: TOKEN[a]!, B: TOKEN[b]!, C: TOKEN[c]! };
}

function rows(): Map<string, Row> {
  const out = new Map<string, Row>();
  const add = (ident: string, r: Row) => out.set(ident, r);
  const mnk = (ident: string) => ident.match(/_(\d+)x(\d+)x(\d+)_/)!.slice(1).map(Number) as [number, number, number];

  // SM61: dot products
  for (const [ident, k, ab] of [
    ["SM61_DP4A", 4, "int8_t"],
    ["SM61_DP2A", 2, "int16_t"],
  ] as const) {
    add(ident, {
      arch: "sm61", header: "mma_traits_sm61.hpp", types: { D: "int32_t", A: ab, B: ab, C: "int32_t" },
      M: 1, N: 1, K: k, threads: 1, thrID: thrLinear(1), layoutA: singleThread(k), layoutB: singleThread(k), layoutC: singleThread(1),
    });
  }

  // SM70: quadpair 8x8x4; T = row (K-major) operand, N = column operand
  const row = "(_8,_4):(_1,_8)";
  const col = "((_4,_2),_4):((_8,_4),_1)";
  for (const acc of ["F16F16F16F16", "F32F16F16F32"]) {
    for (const tn of ["TN", "NT", "NN", "TT"]) {
      const d = acc.startsWith("F16") ? "F16" : "F32";
      add(`SM70_8x8x4_${acc}_${tn}`, {
        arch: "sm70", header: "mma_traits_sm70.hpp", types: types(d, "F16", "F16", d),
        M: 8, N: 8, K: 4, threads: 8, thrID: "(_4,_2):(_1,_16)",
        layoutA: tn[0] === "T" ? row : col, layoutB: tn[1] === "N" ? row : col,
        layoutC: d === "F16" ? "(_8,_8):(_1,_8)" : "((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))",
      });
    }
  }

  // warp-level mma.sync: layouts by (shape, operand width)
  const warp = (arch: string, header: string, ident: string, ty: string[], layoutA: string, layoutB: string) => {
    const [M, N, K] = mnk(ident);
    add(ident, {
      arch, header, types: types(ty[0]!, ty[1]!, ty[2]!, ty[3]!), M, N, K, threads: 32, thrID: thrLinear(32),
      layoutA, layoutB, layoutC: M === 16 ? C_16x8 : C_8x8,
    });
  };
  const split = (t: string) => t.match(/GC64|BF16|TF32|E4M3|E5M2|[A-Z]\d+/g)!;

  warp("sm75", "mma_traits_sm75.hpp", "SM75_16x8x8_F32F16F16F32_TN", split("F32F16F16F32"), warpA16(2, false), warpB8(2, 1));
  warp("sm75", "mma_traits_sm75.hpp", "SM75_16x8x8_F16F16F16F16_TN", split("F16F16F16F16"), warpA16(2, false), warpB8(2, 1));
  warp("sm75", "mma_traits_sm75.hpp", "SM75_8x8x16_S32S8S8S32_TN", split("S32S8S8S32"), warpB8(4, 1), warpB8(4, 1));

  const sm80 = (ident: string, ty: string, a: string, b: string) => warp("sm80", "mma_traits_sm80.hpp", ident, split(ty), a, b);
  for (const ty of ["F16F16F16F16", "F32F16F16F32", "F32BF16BF16F32"]) {
    sm80(`SM80_16x8x8_${ty}_TN`, ty, warpA16(2, false), warpB8(2, 1));
    sm80(`SM80_16x8x16_${ty}_TN`, ty, warpA16(2, true), warpB8(2, 2));
  }
  sm80("SM80_16x8x4_F32TF32TF32F32_TN", "F32TF32TF32F32", "((_4,_8),_2):((_16,_1),_8)", "((_4,_8),_1):((_8,_1),_0)");
  sm80("SM80_16x8x8_F32TF32TF32F32_TN", "F32TF32TF32F32", "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))", "((_4,_8),_2):((_8,_1),_32)");
  for (const ty of ["F64F64F64F64", "C64C64C64C64", "GC64C64C64GC64"]) {
    sm80(`SM80_8x8x4_${ty}_TN`, ty, "((_4,_8),_1):((_8,_1),_0)", "((_4,_8),_1):((_8,_1),_0)");
  }
  const sat = ["", "_SATURATE"];
  for (const ab of ["S8S8", "S8U8", "U8S8", "U8U8"]) {
    const ty = `S32${ab}S32`;
    for (const x of sat) {
      sm80(`SM80_8x8x16_${ty}_TN${x}`, ty, warpB8(4, 1), warpB8(4, 1));
      sm80(`SM80_16x8x16_${ty}_TN${x}`, ty, warpA16(4, false), warpB8(4, 1));
      sm80(`SM80_16x8x32_${ty}_TN${x}`, ty, warpA16(4, true), warpB8(4, 2));
    }
  }
  // 4-bit operands: CuTe writes the single value mode as a rank-1 tuple `(_8)`
  const b4 = "((_4,_8),(_8)):((_64,_1),(_8))";
  for (const ab of ["S4S4", "S4U4", "U4S4", "U4U4"]) {
    const ty = `S32${ab}S32`;
    for (const x of sat) {
      sm80(`SM80_8x8x32_${ty}_TN${x}`, ty, b4, b4);
      sm80(`SM80_16x8x32_${ty}_TN${x}`, ty, warpA16(8, false), b4);
      sm80(`SM80_16x8x64_${ty}_TN${x}`, ty, warpA16(8, true), warpB8(8, 2));
    }
  }
  for (const pop of ["XORPOPC", "ANDPOPC"]) {
    sm80(`SM80_16x8x256_S32U1U1S32_TN_${pop}`, "S32U1U1S32", warpA16(32, true), warpB8(32, 2));
    sm80(`SM80_8x8x128_S32U1U1S32_TN_${pop}`, "S32U1U1S32", warpB8(32, 1), warpB8(32, 1));
    // CuTe's stride here nests one level deeper than its shape; printed as written
    sm80(`SM80_16x8x128_S32U1U1S32_TN_${pop}`, "S32U1U1S32", "((_4,_8),(_32,_2)):((_512,_1),((_16,_8)))", warpB8(32, 1));
  }

  for (const d of ["F32", "F16"]) {
    for (const a of ["E4M3", "E5M2"]) {
      for (const b of ["E4M3", "E5M2"]) {
        const ty = `${d}${a}${b}${d}`;
        warp("sm89", "mma_traits_sm89.hpp", `SM89_16x8x32_${ty}_TN`, split(ty), warpA16(4, true), warpB8(4, 2));
      }
    }
  }

  for (const ty of ["F64F64F64F64", "C64C64C64C64"]) {
    const sm90 = (k: number, a: string, b: string) => warp("sm90", "mma_traits_sm90.hpp", `SM90_16x8x${k}_${ty}_TN`, split(ty), a, b);
    sm90(4, "((_4,_8),_2):((_16,_1),_8)", "((_4,_8),_1):((_8,_1),_0)");
    sm90(8, "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))", "((_4,_8),_2):((_8,_1),_32)");
    sm90(16, "((_4,_8),(_2,_4)):((_16,_1),(_8,_64))", "((_4,_8),_4):((_8,_1),_32)");
  }

  // SM100 FFMA2: two fused FMAs on a float2
  const f = { D: "float", A: "float", B: "float", C: "float" };
  add("SM100_2x1x1_F32F32F32F32", {
    arch: "sm100", header: "mma_traits_sm100.hpp", types: f, M: 2, N: 1, K: 1, threads: 1, thrID: thrLinear(1),
    layoutA: singleThread(2), layoutB: singleThread(1), layoutC: singleThread(2),
  });
  add("SM100_1x2x1_F32F32F32F32", {
    arch: "sm100", header: "mma_traits_sm100.hpp", types: f, M: 1, N: 2, K: 1, threads: 1, thrID: thrLinear(1),
    layoutA: singleThread(1), layoutB: singleThread(2), layoutC: singleThread(2),
  });
  return out;
}

let ROWS: Map<string, Row> | undefined;
const table = () => (ROWS ??= rows());

/** `SM90::MMA_16x8x4_F64F64F64F64_TN` is what `SM90_16x8x4_F64F64F64F64_TN` aliases */
function unalias(ident: string): string {
  const m = /^MMA_(16x8x\d+_(?:F64F64F64F64|C64C64C64C64)_TN)$/.exec(ident);
  return m ? `SM90_${m[1]}` : ident;
}

/** The plain (non-template) ops, one table per arch. */
export function fixedFamily(arch: string, title: string): Family<Row & { ident: string }> {
  return {
    title,
    arch,
    match(ident) {
      const id = unalias(ident);
      const r = table().get(id);
      return r && r.arch === arch ? { ...r, ident: id } : null;
    },
    params: () => [],
    ident: (r) => r.ident,
    namespace: () => "",
    // the alias is declared in cute, the `MMA_` struct it names in cute::SM90
    scope: (_r, written) => (written === unalias(written) ? "" : "SM90"),
    traits(r) {
      const { arch: _a, ident: _i, ...t } = r;
      return t;
    },
    names: () => [...table()].filter(([, r]) => r.arch === arch).map(([k]) => k),
  };
}

/** `UniversalFMA<D,A=D,B=A,C=D>`: one thread, one multiply-add */
export const universalFMA: Family<true> = {
  title: "UniversalFMA",
  arch: "any",
  match: (ident) => (ident === "UniversalFMA" ? true : null),
  params: () => [
    { name: "D", kind: "type" },
    { name: "A", kind: "type", default: "$D" },
    { name: "B", kind: "type", default: "$A" },
    { name: "C", kind: "type", default: "$D" },
  ],
  defaultArgs: () => ["float"],
  namespace: () => "",
  traits(_m, args) {
    const [D, A, B, C] = args as string[];
    return {
      header: "mma_traits.hpp", types: { D: D!, A: A!, B: B!, C: C! }, M: 1, N: 1, K: 1, threads: 1,
      thrID: thrLinear(1), layoutA: singleThread(1), layoutB: singleThread(1), layoutC: singleThread(1),
    };
  },
  names: () => ["UniversalFMA"],
};
