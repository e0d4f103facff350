/**
 * Every copy operation with CuTe Copy_Traits, as rule-generated data.
 *
 * Each entry gives the traits exactly as CuTe declares them, in bits:
 *   ThrID     logical thread id -> thread index
 *   SrcLayout (src-thr, src-val) -> bit
 *   DstLayout (dst-thr, dst-val) -> bit
 *   RefLayout (ref-thr, ref-val) -> bit   (one of Src/Dst)
 *   ValID     (TMEM and UTCCP ops) logical bit -> TMEM address
 * as layouts written in the notation of docs/notation.md (static integers throughout).
 *
 * Families (one rule each): UniversalCopy<S,D>, AutoVectorizingCopyWithAssumedAlignment<N>,
 * SM80 cp.async <S,D>, SM50 shuffles, SM75 LDSM/MOVM, SM90 STSM (the LDSM traits swapped),
 * SM90 bulk copy, SM100 LDSM/STSM, SM100 256-bit global load/store, SM100 TMEM load/store
 * (shape x repetition x 16-bit packing), TMEM load with reduction, and UTCCP.
 */
import { CuteError, UsageError, quote, input, words } from "../../core/errors.js";
import { nearest } from "../../core/suggest.js";
import { findValueType, valueTypeNames, type ValueType } from "../../core/value-types.js";

export interface CopyTraits {
  /** the operation as C++ spells it, e.g. `SM75_U32x4_LDSM_N`, `UniversalCopy<uint128_t>` */
  name: string;
  /** CuTe header that declares the Copy_Traits */
  header: string;
  thrID: string;
  src: string;
  dst: string;
  ref: string;
  valID?: string;
}

/** TMEM datapath stride in bit addressing (CuTe's TMEM::DP_b = 1 << 21). */
const DP_B = 1 << 21;

const T1 = "_1:_0"; // Layout<_1>
const T32 = "_32:_1"; // Layout<_32>

// ---------------------------------------------------------------------------------------------
// Small helpers: write a static layout from numbers.

type Nest = number | Nest[];
function tup(x: Nest): string {
  return typeof x === "number" ? `_${x}` : `(${x.map(tup).join(",")})`;
}
function lay(shape: Nest, stride: Nest): string {
  return `${tup(shape)}:${tup(stride)}`;
}
/** a one-thread layout (_1,_bits):(_0,_1) as CuTe's `Layout<Shape<_1,Int<bits>>>` prints */
function oneThread(bits: number, threads = 1): string {
  return lay([threads, bits], [0, 1]);
}

// ---------------------------------------------------------------------------------------------
// Fixed-name operations

interface Fixed {
  name: string;
  header: string;
  thr: string;
  src: string;
  dst: string;
  ref: "src" | "dst";
}

/** SM75 ldmatrix (and the SM100 sub-byte LDSM_N, which share them): Ref = Dst. */
const LDSM: Array<[string, string, string]> = [
  ["U32x1_LDSM_N", lay([[8, 4], 128], [[128, 0], 1]), lay([32, 32], [32, 1])],
  ["U32x2_LDSM_N", lay([[16, 2], 128], [[128, 0], 1]), lay([32, [32, 2]], [32, [1, 1024]])],
  ["U32x4_LDSM_N", lay([32, 128], [128, 1]), lay([32, [32, 4]], [32, [1, 1024]])],
  ["U16x2_LDSM_T", lay([[8, 4], 128], [[128, 0], 1]), lay([[4, 8], [16, 2]], [[256, 16], [1, 128]])],
  ["U16x4_LDSM_T", lay([[16, 2], 128], [[128, 0], 1]), lay([[4, 8], [16, 2, 2]], [[256, 16], [1, 128, 1024]])],
  ["U16x8_LDSM_T", lay([32, 128], [128, 1]), lay([[4, 8], [16, 2, 4]], [[256, 16], [1, 128, 1024]])],
];
const ldsm = (suffix: string): [string, string, string] => LDSM.find((e) => e[0] === suffix)!;

function fixedOps(): Fixed[] {
  const out: Fixed[] = [];
  const h50 = "copy_traits_sm50.hpp";
  out.push({ name: "SM50_Shuffle_U32_2x2Trans_XOR1", header: h50, thr: T32, ref: "src",
    src: lay([32, 64], [64, 1]), dst: lay([[2, 16], [32, 2]], [[32, 128], [1, 64]]) });
  out.push({ name: "SM50_Shuffle_U32_2x2Trans_XOR4", header: h50, thr: T32, ref: "src",
    src: lay([32, 64], [64, 1]), dst: lay([[4, 2, 4], [32, 2]], [[64, 32, 512], [1, 256]]) });

  const h75 = "copy_traits_sm75.hpp";
  for (const [suffix, src, dst] of LDSM) out.push({ name: `SM75_${suffix}`, header: h75, thr: T32, src, dst, ref: "dst" });
  out.push({ name: "SM75_U32x1_MOVM_T", header: h75, thr: T32, ref: "dst", src: lay([32, 32], [32, 1]), dst: lay([32, 32], [32, 1]) });

  // stmatrix is ldmatrix run backwards: Src and Dst swap, Ref stays the register side
  const h90 = "copy_traits_sm90.hpp";
  for (const [suffix, src, dst] of LDSM) {
    out.push({ name: `SM90_${suffix.replace("LDSM", "STSM")}`, header: h90, thr: T32, src: dst, dst: src, ref: "src" });
  }
  out.push({ name: "SM90_BULK_COPY_AUTO", header: "copy_traits_sm90_tma.hpp", thr: T1, ref: "src",
    src: lay([1, 1], [0, 0]), dst: lay([1, 1], [0, 0]) });

  const h100 = "copy_traits_sm100.hpp";
  out.push({ name: "SM100_LOAD_256bit_CACHE_NOALLOCATION", header: h100, thr: T1, ref: "src", src: oneThread(256), dst: oneThread(256) });
  out.push({ name: "SM100_STORE_256bit_CACHE_NOALLOCATION", header: h100, thr: T1, ref: "src", src: oneThread(256), dst: oneThread(256) });
  const u8T = (n: number) => lay([[4, 8], n === 4 ? [8, 2, 2] : [8, 2, 2, n / 4]], [[256, 8], n === 4 ? [1, 128, 64] : [1, 128, 64, 1024]]);
  out.push({ name: "SM100_U8x8_LDSM_T", header: h100, thr: T32, ref: "dst",
    src: lay([[2, 2, 4, 2], 128], [[128, 1024, 256, 0], 1]), dst: u8T(8) });
  out.push({ name: "SM100_U8x16_LDSM_T", header: h100, thr: T32, ref: "dst",
    src: lay([[2, 2, 4, 2], 128], [[128, 1024, 256, 2048], 1]), dst: u8T(16) });
  for (const [x, base] of [[1, "U32x1_LDSM_N"], [2, "U32x2_LDSM_N"], [4, "U32x4_LDSM_N"]] as const) {
    const [, src, dst] = ldsm(base);
    for (const su of ["SU4", "SU6"]) {
      out.push({ name: `SM100_${su}_DU8x16_x${x}_LDSM_N`, header: h100, thr: T32, src, dst, ref: "dst" });
    }
  }
  out.push({ name: "SM100_U8x4_STSM_T", header: h100, thr: T32, ref: "src", src: u8T(4), dst: ldsm("U32x1_LDSM_N")[1] });
  out.push({ name: "SM100_U8x8_STSM_T", header: h100, thr: T32, ref: "src", src: u8T(8), dst: ldsm("U32x2_LDSM_N")[1] });
  out.push({ name: "SM100_U8x16_STSM_T", header: h100, thr: T32, ref: "src", src: u8T(16), dst: ldsm("U32x4_LDSM_N")[1] });
  return out;
}

// ---------------------------------------------------------------------------------------------
// SM100 TMEM load/store: tcgen05.ld/st .<shape>.x<N>[.pack::16b]

interface TmemShape {
  /** e.g. "16dp256b" */
  shape: string;
  /** largest repetition N (powers of two from 1) */
  maxRep: number;
  /** data paths per warp (16 or 32) */
  dp: number;
  /** bits per data path column block in ValID (times N) */
  colBits: number;
  /** the register side (thr,val) -> bit for repetition n */
  regs(n: number): string;
}

const TMEM_SHAPES: TmemShape[] = [
  { shape: "16dp256b", maxRep: 32, dp: 16, colBits: 256,
    regs: (n) => n === 1 ? lay([[4, 8], [64, 2]], [[64, 256], [1, 2048]])
      : lay([[4, 8], [64, 2, n]], [[64, 256 * n], [1, 2048 * n, 256]]) },
  { shape: "16dp128b", maxRep: 64, dp: 16, colBits: 128,
    regs: (n) => n === 1 ? lay([[4, 8], [32, 2]], [[32, 128], [1, 1024]])
      : lay([[4, 8], [32, 2, n]], [[32, 128 * n], [1, 1024 * n, 128]]) },
  { shape: "16dp64b", maxRep: 128, dp: 16, colBits: 64,
    regs: (n) => n === 1 ? lay([[2, 2, 8], 32], [[512, 32, 64], 1])
      : lay([[2, 2, 8], [32, n]], [[512 * n, 32, 64 * n], [1, 64]]) },
  { shape: "16dp32b", maxRep: 128, dp: 16, colBits: 64,
    regs: (n) => lay([[16, 2], 32 * n], [[64 * n, 32 * n], 1]) },
  { shape: "32dp32b", maxRep: 128, dp: 32, colBits: 32,
    regs: (n) => lay([32, 32 * n], [32 * n, 1]) },
];

interface TmemTraits {
  src: string;
  dst: string;
  valID: string;
}

/** the TMEM_LOAD traits; a TMEM_STORE swaps Src and Dst and keeps Ref on the TMEM side */
function tmemLoad(s: TmemShape, n: number, pack16: boolean): TmemTraits {
  const bits = s.colBits * n;
  const tmem = lay([32, bits * s.dp], [0, 1]);
  const valID = pack16
    ? `((_16,_${bits / 16}),_${s.dp}):((_1,_32),_${DP_B})`
    : `(_${bits},_${s.dp}):(_1,_${DP_B})`;
  return { src: tmem, dst: s.regs(n), valID };
}

const TMEM_RE = /^SM100_TMEM_(LOAD|STORE|LOAD_STAT)_(16dp256b|16dp128b|16dp64b|16dp32b|32dp32b)(\d+)x(_16b)?$/;

function tmemOp(name: string): CopyTraits | undefined {
  const m = TMEM_RE.exec(name);
  if (!m) return undefined;
  const [, kind, shape, repText, pack] = m;
  const s = TMEM_SHAPES.find((t) => t.shape === shape)!;
  const n = Number(repText);
  if (!isPow2(n) || n > s.maxRep) return undefined;
  if (kind === "LOAD_STAT" && (shape !== "32dp32b" || pack || (n !== 32 && n !== 128))) return undefined;
  const t = tmemLoad(s, n, pack !== undefined);
  const header = "copy_traits_sm100.hpp";
  if (kind === "STORE") return { name, header, thrID: T32, src: t.dst, dst: t.src, ref: t.src, valID: t.valID };
  return { name, header, thrID: T32, src: t.src, dst: t.dst, ref: t.src, valID: t.valID };
}

function tmemNames(): string[] {
  const out: string[] = [];
  for (const kind of ["LOAD", "STORE"]) {
    for (const s of TMEM_SHAPES) {
      for (let n = 1; n <= s.maxRep; n *= 2) {
        out.push(`SM100_TMEM_${kind}_${s.shape}${n}x`, `SM100_TMEM_${kind}_${s.shape}${n}x_16b`);
      }
    }
  }
  out.push("SM100_TMEM_LOAD_STAT_32dp32b32x", "SM100_TMEM_LOAD_STAT_32dp32b128x");
  return out;
}

// ---------------------------------------------------------------------------------------------
// SM100 UTCCP (smem -> tmem): one CTA or a CTA pair; the src carries broadcast modes

const UTCCP_RE = /^SM100_UTCCP_(128dp256bit|128dp128bit|4dp256bit|4x32dp128bit|2x64dp128bitlw0213|2x64dp128bitlw0123)_(1|2)cta$/;

function utccpOp(name: string): CopyTraits | undefined {
  const m = UTCCP_RE.exec(name);
  if (!m) return undefined;
  const kind = m[1]!;
  const t = Number(m[2]);
  const thrID = t === 1 ? T1 : "_2:_1";
  const header = "copy_traits_sm100.hpp";
  const tv = (val: Nest, vstride: Nest) => lay([t, val], [0, vstride]);
  const dense = (bits: number) => tv(bits, 1);
  const dp = DP_B;
  switch (kind) {
    case "128dp256bit":
      return { name, header, thrID, src: dense(32768), dst: dense(32768), ref: dense(32768), valID: lay([128, 256], [dp, 1]) };
    case "128dp128bit":
      return { name, header, thrID, src: dense(16384), dst: dense(16384), ref: dense(16384), valID: lay([128, 128], [dp, 1]) };
    case "4dp256bit": {
      const l = tv([4, 256], [32, 128]);
      return { name, header, thrID, src: l, dst: l, ref: l, valID: lay([128, 256], [dp, 1]) };
    }
    case "4x32dp128bit":
      return { name, header, thrID, src: tv([32, 128, 4], [1, 32, 0]), dst: dense(16384), ref: dense(16384),
        valID: lay([32, 128, 4], [dp, 1, dp * 32]) };
    case "2x64dp128bitlw0213":
      return { name, header, thrID, src: tv([64, 128, 2], [1, 64, 0]), dst: dense(16384), ref: dense(16384),
        valID: lay([64, 128, 2], [dp, 1, dp * 64]) };
    default: // 2x64dp128bitlw0123
      return { name, header, thrID, src: tv([32, 128, 2, 2], [1, 32, 4096, 0]), dst: dense(16384), ref: dense(16384),
        valID: lay([32, 128, 2, 2], [dp, 1, dp * 64, dp * 32]) };
  }
}

function utccpNames(): string[] {
  const out: string[] = [];
  for (const k of ["128dp256bit", "128dp128bit", "4dp256bit", "4x32dp128bit", "2x64dp128bitlw0213", "2x64dp128bitlw0123"]) {
    out.push(`SM100_UTCCP_${k}_1cta`, `SM100_UTCCP_${k}_2cta`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Templated families: UniversalCopy<S,D>, cp.async<S,D>, AutoVectorizingCopyWithAssumedAlignment<N>

const CP_ASYNC = ["SM80_CP_ASYNC_CACHEALWAYS", "SM80_CP_ASYNC_CACHEGLOBAL", "SM80_CP_ASYNC_CACHEALWAYS_ZFILL", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL"];
const AUTO_VEC = "AutoVectorizingCopyWithAssumedAlignment";

/** A static_assert CuTe fails at compile time for this instantiation. */
function refuse(name: string, rule: string): never {
  throw new CuteError(name, rule);
}
/** A name C++ would not accept (missing or extra template arguments). */
function misuse(name: string, rule: string): never {
  throw new UsageError(`${name}: ${rule}`);
}

function typeArg(op: string, name: string, arg: string): ValueType {
  const vt = findValueType(arg);
  if (vt) return vt;
  const near = nearest(arg, valueTypeNames());
  throw new UsageError(`${name}: unknown type ${quote(arg)} as template argument of ${op}${near.length ? `; did you mean ${near.join(", ")}?` : ""}`);
}

function templatedOp(name: string, base: string, args: string[]): CopyTraits | undefined {
  if (base === "UniversalCopy" || CP_ASYNC.includes(base)) {
    if (args.length < 1 || args.length > 2) misuse(name, `${base} takes one or two type arguments <S[,D]>`);
    const s = typeArg(base, name, args[0]!);
    const d = args.length > 1 ? typeArg(base, name, args[1]!) : s;
    const header = base === "UniversalCopy" ? "copy_traits.hpp" : "copy_traits_sm80.hpp";
    if (base === "UniversalCopy") {
      if (s.bits < 8 || d.bits < 8) refuse(name, "static_assert(sizeof_bits_v<S> >= 8 && sizeof_bits_v<D> >= 8) failed");
    } else {
      if (s.bits !== d.bits) refuse(name, "cp.async requires sizeof(src_value_type) == sizeof(dst_value_type)");
      const global = base.includes("CACHEGLOBAL");
      const ok = global ? s.bits === 128 : s.bits === 32 || s.bits === 64 || s.bits === 128;
      if (!ok) refuse(name, "cp.async sizeof(TS) is not supported");
    }
    return { name, header, thrID: T1, src: oneThread(s.bits), dst: oneThread(d.bits), ref: oneThread(s.bits) };
  }
  if (base === AUTO_VEC) {
    // `<>` takes the default, MaxVecBits = 128
    const given = args.length === 1 && args[0] === "" ? "128" : args[0];
    if (args.length !== 1 || !/^\d+$/.test(given!)) misuse(name, `${AUTO_VEC} takes one integer argument <MaxVecBits> (default 128)`);
    const n = Number(given);
    if (![8, 16, 32, 64, 128].includes(n)) refuse(name, "Expected MaxVecBits to be 8 or 16 or 32 or 64 or 128 for alignment and performance.");
    return autoVec(name);
  }
  return undefined;
}

function autoVec(name: string): CopyTraits {
  const z = lay([1, 1], [0, 0]);
  return { name, header: "copy_traits.hpp", thrID: T1, src: z, dst: z, ref: z };
}

// ---------------------------------------------------------------------------------------------
// Lookup

let FIXED: Map<string, CopyTraits> | undefined;
function fixedTable(): Map<string, CopyTraits> {
  if (!FIXED) {
    FIXED = new Map();
    for (const f of fixedOps()) {
      FIXED.set(f.name, { name: f.name, header: f.header, thrID: f.thr, src: f.src, dst: f.dst, ref: f.ref === "src" ? f.src : f.dst });
    }
    // aliases (CuTe: AutoVectorizingCopy = <128>; at the goldens' commit DefaultCopy = <8>)
    FIXED.set("AutoVectorizingCopy", autoVec("AutoVectorizingCopy"));
    FIXED.set("DefaultCopy", autoVec("DefaultCopy"));
  }
  return FIXED;
}

/** `A<b,c<d>>` -> ["A", ["b", "c<d>"]]; undefined when the brackets do not balance */
export function splitTemplate(text: string): [string, string[]] | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)\s*(?:<(.*)>)?$/s.exec(text.trim());
  if (!m) return undefined;
  const base = m[1]!;
  if (m[2] === undefined) return [base, []];
  const args: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of m[2]) {
    if (ch === "<") depth++;
    if (ch === ">") depth--;
    if (depth < 0) return undefined;
    if (ch === "," && depth === 0) {
      args.push(cur.trim());
      cur = "";
    } else cur += ch;
  }
  if (depth !== 0) return undefined;
  args.push(cur.trim());
  return [base, args];
}

function normalize(text: string): string {
  return text.replace(/\b(?:cute|cutlass)::/g, "").replace(/\s+/g, " ").trim();
}

/** The Copy_Traits of a copy operation named as in C++; UsageError with suggestions if unknown. */
export function copyTraits(opName: string): CopyTraits {
  const name = normalize(opName);
  const split = splitTemplate(name);
  if (split) {
    const [base, args] = split;
    const canon = args.length ? `${base}<${args.join(",")}>` : base;
    if (args.length === 0) {
      const f = fixedTable().get(base) ?? tmemOp(base) ?? utccpOp(base);
      if (f) return f;
      if (base === "UniversalCopy" || CP_ASYNC.includes(base) || base === AUTO_VEC) {
        misuse(canon, `${base} needs template arguments, e.g. ${base === AUTO_VEC ? `${AUTO_VEC}<128>` : `${base}<uint128_t>`}`);
      }
    } else {
      const t = templatedOp(canon, base, args);
      if (t) return t;
      if (fixedTable().has(base) || tmemOp(base) || utccpOp(base)) misuse(canon, `${base} takes no template arguments`);
    }
  }
  const near = nearest(name, copyOpNames());
  throw new UsageError(words`unknown copy operation ${quote(opName)}${near.length ? `; did you mean ${near.join(", ")}?` : ""}\n  (cute-ts copy ${input("list")} shows them all)`);
}

/** Every operation name the catalog knows (templated families with their usual arguments). */
export function copyOpNames(): string[] {
  const out: string[] = [];
  for (const t of ["uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint128_t"]) out.push(`UniversalCopy<${t}>`);
  out.push("AutoVectorizingCopy", "DefaultCopy");
  for (const n of [8, 16, 32, 64, 128]) out.push(`${AUTO_VEC}<${n}>`);
  out.push(...[...fixedTable().keys()].filter((k) => k !== "AutoVectorizingCopy" && k !== "DefaultCopy"));
  for (const b of CP_ASYNC) {
    const ts = b.includes("CACHEGLOBAL") ? ["uint128_t"] : ["uint32_t", "uint64_t", "uint128_t"];
    for (const t of ts) out.push(`${b}<${t}>`);
  }
  out.push(...tmemNames(), ...utccpNames());
  return out;
}

function isPow2(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}
