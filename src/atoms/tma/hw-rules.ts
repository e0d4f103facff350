/**
 * What the CUDA driver and the TMA copy engine do with a descriptor CuTe builds: the hardware
 * rules beyond CuTe's own host asserts, as data. Each rule names the descriptor field it reads,
 * what breaking it costs (the driver rejects the descriptor, the box lands elsewhere in shared
 * memory, the load faults), and per architecture how sure we are and where from:
 *  - "error": documented (the CUDA Driver API's cuTensorMapEncodeTiled requirements, the CUDA
 *    C++ Programming Guide) or measured on an H100 (driver 580.159.04): real cuTensorMapEncodeTiled
 *    calls and cp.async.bulk.tensor loads compared element by element with the smem layout;
 *  - "warning": documented or derived but not measured: said, never failed on;
 *  - "note": behaviour worth knowing that breaks nothing;
 *  - "off": the rule does not hold on that architecture (the source says why).
 * A rule that could not be sourced for an architecture says so in its source instead of guessing.
 */
import { type Wording, input, words } from "../../core/errors.js";
import { Swizzle, showSwizzle } from "../../core/swizzle.js";
import type { TmaHwFacts } from "./hw-facts.js";

export type Arch = "sm90" | "sm100";
export const ARCHS: readonly Arch[] = ["sm90", "sm100"];

export type Severity = "error" | "warning" | "note";
/** what breaking the rule costs */
export type Consequence = "rejected" | "misplaced" | "fault" | "launch" | "values";

export interface ArchEvidence {
  severity: Severity | "off";
  source: string;
}

export interface Violation {
  /** the descriptor field(s) and values, e.g. "boxDim[0] x 2 B = 8 B is not a multiple of 16 B" */
  detail: string;
  /** what to change */
  fix: string;
}

export interface HwRule {
  id: string;
  /** the requirement, in a few words */
  title: string;
  /** the descriptor field it reads */
  field: string;
  consequence: Consequence;
  /** CuTe's make_tma_copy asserts this too (it refuses such input before the driver sees it) */
  cuteChecks?: boolean;
  arch: Record<Arch, ArchEvidence>;
  check(f: TmaHwFacts): Violation | undefined;
}

// ------------------------------------------------------------------------------------ sources

const DRIVER = "CUDA Driver API, cuTensorMapEncodeTiled requirements";
const MEASURED = "measured on H100, driver 580";
/** the second round: an H200 (sm_90, driver 580.159.04), fixtures/golden/hw-tma-2.jsonl */
const MEASURED_H200 = "measured on H200, driver 580 (fixtures/golden/hw-tma-2.jsonl)";
const GUIDE = "CUDA C++ Programming Guide, TMA alignment requirements: the shared memory address must be 128-byte aligned";
const NOT_ON_SM100 = "not measured on sm100; the sm90 measurement is not assumed to carry over";

/**
 * The 228 KiB bound: every box of at most this many bytes is accepted and every larger one
 * rejected, whatever the element size, rank or swizzle (fixtures/hw/tma-box-limit.txt: all box
 * shapes of 200,000..300,000 B over 1/2/4/8-byte elements, 2-D and 3-D, and 128B-swizzled ones)
 */
export const BOX_BYTES_ACCEPTED = 233472;
/** TMA smem addresses: 128-byte aligned */
export const SMEM_ALIGN = 128;
/**
 * The most shared memory one CTA can have: the per-block opt-in limit
 * (cudaDevAttrMaxSharedMemoryPerBlockOptin) of the H200 measured, 227 KiB
 */
export const SMEM_PER_CTA = 232448;
/** the mbarrier a TMA load signals: one 64-bit word, 8-byte aligned, beside the tile */
export const MBARRIER_BYTES = 8;
/** cp.async.bulk.tensor's ctaMask operand is 16 bits wide */
export const MULTICAST_MAX_CTAS = 16;

// ------------------------------------------------------------------------------------ helpers

const B = (n: number) => `${n} B`;
const swizzleName = (f: TmaHwFacts) => `CU_TENSOR_MAP_SWIZZLE_${f.swizzle}`;
const typeName = (f: TmaHwFacts) => f.copy.args.type.name;
const innerText = (f: TmaHwFacts) => `boxDim[0] x ${B(f.elemBytes)} = ${B(f.innerBytes)}`;
const elems = (f: TmaHwFacts, bytes: number) => `${bytes / f.elemBytes} ${typeName(f)}`;

/** the CuTe swizzle whose TMA span is exactly `bytes` (16: none) */
function swizzleForRow(bytes: number): string | undefined {
  const b = { 16: 0, 32: 1, 64: 2, 128: 3 }[bytes];
  return b === undefined ? undefined : `Sw<${b},4,3>`;
}

/** the K-major GMMA-style atom whose rows are one swizzle span: 8 rows of span bytes */
function swizzleAtom(f: TmaHwFacts): string {
  const { b, m, s } = f.copy.args.smem.swizzle;
  const row = f.span / f.elemBytes;
  return `${showSwizzle(new Swizzle(b, m, s))} o smem_ptr[${f.elemBytes * 8}b](unset) o (_8,_${row}):(_${row},_1)`;
}

function rowFix(f: TmaHwFacts): string {
  const sw = swizzleForRow(f.innerBytes);
  const pick =
    sw === undefined
      ? ""
      : f.innerBytes === 16
        ? "; or drop the swizzle: 16-byte rows are not swizzled (Sw<0,4,3>)"
        : `; or swizzle ${B(f.innerBytes)} rows with ${sw} (CU_TENSOR_MAP_SWIZZLE_${f.innerBytes}B)`;
  return `make the box rows exactly ${B(f.span)} (${elems(f, f.span)}), e.g. tile the smem with ${swizzleAtom(f)}${pick}`;
}

/** the largest smaller cluster whose slices of this box are whole multiples of 128 B */
function sliceFix(f: TmaHwFacts): string {
  const full = f.copy.numElems.v * f.elemBytes;
  for (let c = f.ranks - 1; c >= 2; c--) if (full % c === 0 && (full / c) % SMEM_ALIGN === 0) return ` (_${c} gives ${B(full / c)} slices of this ${B(full)} box)`;
  return full % SMEM_ALIGN === 0 ? ` (this ${B(full)} box is aligned unsplit)` : "";
}

// ------------------------------------------------------------------------------------ the rules

export const HW_RULES: readonly HwRule[] = [
  {
    id: "rank",
    title: "at most 5 TMA dimensions",
    field: "tensorRank",
    consequence: "rejected",
    cuteChecks: true,
    arch: { sm90: { severity: "error", source: DRIVER }, sm100: { severity: "error", source: DRIVER } },
    check: (f) =>
      f.copy.desc.dim >= 1 && f.copy.desc.dim <= 5
        ? undefined
        : { detail: `tensorRank = ${f.copy.desc.dim} is not in 1..5`, fix: "group the gmem modes into at most 5 TMA dimensions" },
  },
  {
    id: "global-dim",
    title: "every globalDim in 1..2^32",
    field: "globalDim",
    consequence: "rejected",
    cuteChecks: true,
    arch: { sm90: { severity: "error", source: DRIVER }, sm100: { severity: "error", source: DRIVER } },
    check: (f) => {
      const i = f.copy.desc.globalDim.findIndex((d) => d < 1 || d > 2 ** 32);
      if (i < 0) return undefined;
      return { detail: `globalDim[${i}] = ${f.copy.desc.globalDim[i]} is not in 1..2^32`, fix: "split the gmem mode into smaller modes" };
    },
  },
  {
    id: "global-stride-sign",
    title: "global strides are non-negative",
    field: "globalStrides",
    consequence: "rejected",
    arch: {
      sm90: { severity: "error", source: `${DRIVER} (globalStrides are cuuint64_t, below 2^40); ${MEASURED}` },
      sm100: { severity: "error", source: DRIVER },
    },
    check: (f) => {
      const i = f.copy.desc.globalStrides.findIndex((s) => s < 0);
      if (i < 0) return undefined;
      const s = f.copy.desc.globalStrides[i]!;
      return {
        detail: `globalStrides[${i}] = ${s} B is negative: the driver reads it as the unsigned 2^64 - ${-s}, above 2^40`,
        fix: "give that gmem mode a positive stride (TMA strides are unsigned byte counts) and reverse the coordinate in the kernel instead",
      };
    },
  },
  {
    id: "global-stride-16B",
    title: "global strides are multiples of 16 B below 2^40",
    field: "globalStrides",
    consequence: "rejected",
    cuteChecks: true,
    arch: { sm90: { severity: "error", source: DRIVER }, sm100: { severity: "error", source: DRIVER } },
    check: (f) => {
      const i = f.copy.desc.globalStrides.findIndex((s) => s >= 0 && (s % 16 !== 0 || s >= 2 ** 40));
      if (i < 0) return undefined;
      const s = f.copy.desc.globalStrides[i]!;
      return {
        detail: `globalStrides[${i}] = ${s} B is ${s % 16 !== 0 ? "not a multiple of 16 B" : "not below 2^40"}`,
        fix: "pad the gmem rows so every non-contiguous stride is a multiple of 16 B",
      };
    },
  },
  {
    id: "box-dim",
    title: "every boxDim in 1..256",
    field: "boxDim",
    consequence: "rejected",
    cuteChecks: true,
    arch: { sm90: { severity: "error", source: DRIVER }, sm100: { severity: "error", source: DRIVER } },
    check: (f) => {
      const i = f.boxDim.findIndex((d) => d < 1 || d > 256);
      if (i < 0) return undefined;
      return { detail: `boxDim[${i}] = ${f.boxDim[i]} is not in 1..256`, fix: "give that smem mode at most 256 elements per box" };
    },
  },
  {
    id: "element-strides",
    title: "every elementStrides in 1..8",
    field: "elementStrides",
    consequence: "rejected",
    cuteChecks: true,
    arch: { sm90: { severity: "error", source: DRIVER }, sm100: { severity: "error", source: DRIVER } },
    check: (f) => {
      const i = f.copy.desc.elementStrides.findIndex((e) => e < 1 || e > 8);
      if (i < 0) return undefined;
      return { detail: `elementStrides[${i}] = ${f.copy.desc.elementStrides[i]} is not in 1..8`, fix: "CuTe always passes 1" };
    },
  },
  {
    id: "box-inner-16B",
    title: "the box's inner extent is a multiple of 16 B",
    field: "boxDim[0]",
    consequence: "rejected",
    arch: {
      sm90: { severity: "error", source: `${DRIVER} (boxDim[0] x element size a multiple of 16 bytes without interleave); ${MEASURED}` },
      sm100: { severity: "error", source: DRIVER },
    },
    check: (f) => {
      if (f.innerBytes % 16 === 0) return undefined;
      const unit = 16 / f.elemBytes;
      const up = Math.ceil(f.boxDim[0]! / unit) * unit;
      return {
        detail: `${innerText(f)} is not a multiple of 16 B`,
        fix:
          `make the smem layout's contiguous run (box dimension 0) a multiple of ${unit} ${typeName(f)} (16 B), e.g. ${up} instead of ${f.boxDim[0]}, ` +
          "or make a wider gmem mode the contiguous one",
      };
    },
  },
  {
    id: "swizzle-span",
    title: "a swizzled box row is at most the swizzle span",
    field: "boxDim[0], swizzle",
    consequence: "rejected",
    arch: {
      sm90: { severity: "error", source: `${DRIVER} (the bounding box inner dimension at most the swizzle size: 32, 64, 128 B); ${MEASURED}` },
      sm100: { severity: "error", source: DRIVER },
    },
    check: (f) => {
      if (f.span === 0 || f.innerBytes <= f.span) return undefined;
      const sw = swizzleForRow(f.innerBytes);
      return {
        detail: `${innerText(f)} is wider than the ${swizzleName(f)} span of ${B(f.span)}`,
        fix:
          `make the smem rows at most ${B(f.span)} (${elems(f, f.span)}), e.g. tile the smem with the swizzle atom so each box row is one ${B(f.span)} span` +
          (sw ? `, or swizzle ${B(f.innerBytes)} rows with ${sw}` : f.innerBytes > 128 ? " (no TMA swizzle spans more than 128 B)" : ""),
      };
    },
  },
  {
    id: "swizzle-128B-atom",
    title: "no 128B swizzle with 32 B or 64 B atoms (Blackwell only)",
    field: "swizzle",
    consequence: "rejected",
    arch: {
      sm90: { severity: "error", source: MEASURED },
      sm100: {
        severity: "off",
        source:
          "legal on sm100: CUTLASS's SM100 kernels load UMMA::Layout_MN_SW128_32B_Atom (Sw<2,5,2>) with TMA, and CuTe names these modes for " +
          "Blackwell (CUDA_BLACKWELL_TMA_SWIZZLE_ENABLED); not measured here",
      },
    },
    check: (f) => {
      if (!f.swizzle.startsWith("128B_ATOM")) return undefined;
      const { b, m, s } = f.copy.args.smem.swizzle;
      return {
        detail: `swizzle = ${swizzleName(f)} (from the smem's ${showSwizzle(new Swizzle(b, m, s))}) is rejected on sm90`,
        fix: "on sm90 use Sw<3,4,3> smem (CU_TENSOR_MAP_SWIZZLE_128B, e.g. GMMA::Layout_K_SW128_Atom<T>); the 32 B/64 B-atom swizzles need sm100",
      };
    },
  },
  {
    id: "box-bytes",
    title: `one box is at most ${BOX_BYTES_ACCEPTED} B (228 KiB)`,
    field: "boxDim",
    consequence: "rejected",
    arch: {
      sm90: {
        severity: "error",
        source: `${MEASURED}: every box of at most ${BOX_BYTES_ACCEPTED} B accepted and every larger one rejected (1/2/4/8-byte elements, 2-D and 3-D boxes, with and without swizzle); not documented`,
      },
      sm100: { severity: "warning", source: NOT_ON_SM100 },
    },
    check: (f) => {
      if (f.boxBytes <= BOX_BYTES_ACCEPTED) return undefined;
      return {
        detail: `boxDim (${f.boxDim.join(",")}) x ${B(f.elemBytes)} = ${B(f.boxBytes)} per box is above ${B(BOX_BYTES_ACCEPTED)} (228 KiB)`,
        fix: "move less per instruction: fewer rows or a narrower contiguous run in the smem layout (CuTe then issues several boxes per tile), or a smaller tile",
      };
    },
  },
  {
    id: "smem-capacity",
    title: `the smem tile and its mbarrier fit in one CTA (${SMEM_PER_CTA} B)`,
    field: "boxDim (shared memory per CTA)",
    consequence: "launch",
    arch: {
      sm90: {
        severity: "error",
        source:
          `${MEASURED_H200}: a box of ${BOX_BYTES_ACCEPTED} B the driver accepts, in dynamic smem beside its mbarrier, fails to launch (cudaErrorInvalidValue); ` +
          `the per-block opt-in limit (cudaDevAttrMaxSharedMemoryPerBlockOptin) is ${SMEM_PER_CTA} B (227 KiB)`,
      },
      sm100: {
        severity: "warning",
        source: "CUDA C++ Programming Guide, technical specifications: 227 KB of shared memory per thread block (opt-in) on compute capability 10.0; not measured on sm100",
      },
    },
    check: (f) => {
      const need = Math.ceil(f.tileBytes / MBARRIER_BYTES) * MBARRIER_BYTES + MBARRIER_BYTES;
      if (need <= SMEM_PER_CTA) return undefined;
      return {
        detail:
          `the smem tile takes ${B(f.tileBytes)} and its mbarrier ${B(MBARRIER_BYTES)} (${MBARRIER_BYTES}-byte aligned): ${B(need)}, above the ${B(SMEM_PER_CTA)} ` +
          `one CTA can have${f.boxBytes <= BOX_BYTES_ACCEPTED ? ` (the driver accepts the ${B(f.boxBytes)} box: boxes up to ${B(BOX_BYTES_ACCEPTED)} are encoded)` : ""}`,
        fix: `a smaller smem tile: at most ${B(SMEM_PER_CTA - MBARRIER_BYTES)} beside the mbarrier (fewer rows or stages; CuTe then issues the rest in later copies)`,
      };
    },
  },
  {
    id: "swizzle-row-pitch",
    title: "the rows of a swizzled box are as wide as the swizzle span",
    field: "boxDim[0], swizzle",
    consequence: "misplaced",
    arch: {
      sm90: {
        severity: "error",
        source: `${MEASURED}: with SWIZZLE_128B and 16 B or 32 B rows the engine wrote each row at a 128-byte pitch; the 32 B and 64 B spans are taken to pad rows the same way`,
      },
      sm100: { severity: "warning", source: NOT_ON_SM100 },
    },
    check: (f) => {
      if (f.span === 0 || f.innerBytes >= f.span || f.rows <= 1) return undefined;
      const off = (f.rows - 1) * f.boxDim[0]!;
      return {
        detail:
          `${innerText(f)} is narrower than the ${swizzleName(f)} span of ${B(f.span)}: the engine puts each of the box's ${f.rows} rows ` +
          `${B(f.span)} apart (${B(f.rows * f.span)} of smem), the layout packs them ${B(f.innerBytes)} apart, ` +
          `so ${off} of the box's ${f.boxElems} elements land elsewhere`,
        fix: rowFix(f),
      };
    },
  },
  {
    id: "slice-align",
    title: "every CTA's slice of a split box starts 128-byte aligned",
    field: "smem address (cluster split)",
    consequence: "fault",
    arch: {
      sm90: { severity: "error", source: `${GUIDE}; ${MEASURED}: multicast slices of 32 B and 64 B faulted (misaligned address)` },
      sm100: { severity: "error", source: GUIDE },
    },
    check: (f) => {
      if (f.ranks <= 1 || !f.starts) return undefined;
      const bad = f.starts.find((s) => s.box === 0 && s.rank > 0 && s.byte % SMEM_ALIGN !== 0);
      if (!bad) return undefined;
      return {
        detail:
          `the cluster of ${f.ranks} CTAs splits each box into slices of ${B(f.boxBytes)}: CTA ${bad.rank}'s slice starts at smem byte ${bad.byte}, ` +
          `not a multiple of ${SMEM_ALIGN} B`,
        fix: `make each CTA's slice (box bytes / cluster size) a multiple of ${SMEM_ALIGN} B: a larger box or a smaller cluster${sliceFix(f)}`,
      };
    },
  },
  {
    id: "box-align",
    title: "every box a CTA issues starts 128-byte aligned",
    field: "smem address (successive boxes)",
    consequence: "fault",
    arch: {
      sm90: {
        severity: "error",
        source:
          `${GUIDE}; ${MEASURED_H200}: every load whose later box started off a 128-byte boundary (at 64, 80, 192 B, ...) faulted ` +
          "(cudaErrorMisalignedAddress), 9 of 9; every box start at a multiple of 128 B matched",
      },
      sm100: { severity: "error", source: `${GUIDE}; measured on sm90, not on sm100` },
    },
    check: (f) => {
      if (!f.starts) return undefined;
      const bad = f.starts.find((s) => s.box > 0 && s.byte % SMEM_ALIGN !== 0);
      if (!bad) return undefined;
      return {
        detail: `box ${bad.box} of the ${f.boxesPerCta} boxes CTA ${bad.rank} issues starts at smem byte ${bad.byte}, not a multiple of ${SMEM_ALIGN} B`,
        fix: `lay the smem tile out so every box starts on a ${SMEM_ALIGN}-byte boundary (e.g. pad rows to a multiple of ${SMEM_ALIGN} B)`,
      };
    },
  },
  {
    id: "byte-swizzle",
    title: "the smem swizzle acts on bytes, as the TMA's does",
    field: "swizzle",
    consequence: "misplaced",
    arch: {
      sm90: {
        severity: "error",
        source:
          "the TMA swizzles 16-byte chunks of byte addresses (driver documentation); CuTe's Sw<B,M,S> o offset o L swizzles element offsets; " +
          `${MEASURED_H200}: with 2-, 4- and 8-byte elements 9 of 9 loads misplaced exactly the elements counted here; 1-byte elements matched`,
      },
      sm100: { severity: "warning", source: `as on sm90; ${NOT_ON_SM100}` },
    },
    check: (f) => {
      const e = f.elementSwizzle;
      if (!e || e.count === 0) return undefined;
      const k = Math.log2(f.elemBytes);
      const sw = e.swizzle;
      const onBytes = showSwizzle(new Swizzle(sw.b, sw.m + k, sw.s));
      const equivalent = sw.m - k >= 0 ? `, or ${showSwizzle(new Swizzle(sw.b, sw.m - k, sw.s))} o _0 o L on element offsets` : "";
      return {
        detail:
          `the smem swizzle ${showSwizzle(sw)} acts on element offsets (${onBytes} on bytes for ${B(f.elemBytes)} elements) but the descriptor's ` +
          `${swizzleName(f)} is ${showSwizzle(sw)} on bytes: ${e.count} of ${e.truncated ? `the first ${e.total}` : e.total} tile elements land elsewhere` +
          (e.first ? ` (the first at tile index ${e.first.index}: smem byte ${e.first.tmaByte}, the layout says ${e.first.layoutByte})` : ""),
        fix: `write the swizzle over the smem pointer so it acts on bytes: ${showSwizzle(sw)} o smem_ptr[${f.elemBytes * 8}b](unset) o L${equivalent}`,
      };
    },
  },
  {
    id: "multicast-ctas",
    title: "a multicast reaches at most 16 CTAs",
    field: "cluster",
    consequence: "fault",
    arch: {
      sm90: { severity: "warning", source: "PTX ISA, cp.async.bulk.tensor: ctaMask is a 16-bit operand (CuTe's SM90_TMA_LOAD_MULTICAST takes a uint16_t mask); not measured" },
      sm100: { severity: "warning", source: "PTX ISA, cp.async.bulk.tensor: ctaMask is a 16-bit operand; not measured" },
    },
    check: (f) => {
      if (f.copy.args.op !== "SM90_TMA_LOAD_MULTICAST" || f.ranks <= MULTICAST_MAX_CTAS) return undefined;
      return {
        detail: `cluster _${f.ranks}: the multicast mask has ${MULTICAST_MAX_CTAS} bits, so one load reaches at most ${MULTICAST_MAX_CTAS} CTAs`,
        fix: `a cluster of at most ${MULTICAST_MAX_CTAS} CTAs`,
      };
    },
  },
  {
    id: "tf32-values",
    title: "tfloat32_t values arrive rounded to tf32",
    field: "tensorDataType",
    consequence: "values",
    arch: {
      sm90: { severity: "note", source: `${MEASURED}: placement right, values rounded` },
      sm100: { severity: "note", source: "as measured on sm90; not measured on sm100" },
    },
    check: (f) =>
      f.copy.desc.format.endsWith("TFLOAT32")
        ? { detail: "CU_TENSOR_MAP_DATA_TYPE_TFLOAT32: the copy rounds each value to tf32 (placement is unaffected)", fix: "load float (FLOAT32) to keep every bit" }
        : undefined,
  },
];

/** what the host cannot check: it needs the pointers */
export const NOT_CHECKED: readonly { what: string; source: string }[] = [
  { what: "the gmem base address is 16-byte aligned", source: "driver documentation" },
  { what: `the smem tile starts ${SMEM_ALIGN}-byte aligned (box starts are checked relative to it)`, source: "Programming Guide" },
];

/** sm100 TMA variants cute-ts does not model */
export const NOT_MODELLED: Record<Arch, readonly Wording[]> = {
  sm90: [],
  sm100: [
    words`the 2-SM TMA ops (SM100_TMA_2SM_LOAD, SM100_TMA_2SM_LOAD_MULTICAST: cp.async.bulk.tensor.cta_group::2): cute-ts builds them (tma ${input("op")}, and make_tma_atom_A/B_sm100 through tma ${input("forMma")}) but does not judge them. Their descriptor obeys the same driver rules and their multicast mask is 16 bits (copy_sm100_tma.hpp); how the engine splits a box across the CTA pair is not sourced here`,
  ],
};

// ------------------------------------------------------------------------------------ evaluation

export interface Finding {
  rule: string;
  title: string;
  field: string;
  consequence: Consequence;
  severity: Severity;
  detail: string;
  fix: string;
  source: string;
}
export interface Passed {
  rule: string;
  title: string;
  source: string;
  cuteChecks: boolean;
  /** "off": not a rule on this architecture (its source says why) */
  off?: boolean;
}

export interface HwReport {
  arch: Arch;
  /** no error-severity finding */
  holds: boolean;
  /** the driver accepts the descriptor (no error that rejects it) */
  accepted: boolean;
  findings: Finding[];
  passed: Passed[];
}

export function checkHardware(f: TmaHwFacts, arch: Arch): HwReport {
  const findings: Finding[] = [];
  const passed: Passed[] = [];
  for (const r of HW_RULES) {
    const ev = r.arch[arch];
    const v = ev.severity === "off" ? undefined : r.check(f);
    if (v === undefined || ev.severity === "off") {
      if (r.consequence !== "values") passed.push({ rule: r.id, title: r.title, source: ev.source, cuteChecks: r.cuteChecks === true, ...(ev.severity === "off" ? { off: true } : {}) });
      continue;
    }
    findings.push({ rule: r.id, title: r.title, field: r.field, consequence: r.consequence, severity: ev.severity, detail: v.detail, fix: v.fix, source: ev.source });
  }
  const errors = findings.filter((x) => x.severity === "error");
  return { arch, holds: errors.length === 0, accepted: !errors.some((x) => x.consequence === "rejected"), findings, passed };
}

/** one line per finding, for stderr of `tma` and `tma-coords` (errors and warnings; notes stay quiet) */
export function warningLines(r: HwReport): string[] {
  return r.findings
    .filter((x) => x.severity !== "note")
    .map((x) => `cute-ts: warning: ${r.arch}: ${CONSEQUENCE_WORDS[x.consequence]}${x.severity === "warning" ? " (documented or derived, not measured)" : ""}: ${x.detail} [${x.rule}]\n`);
}

export const CONSEQUENCE_WORDS: Record<Consequence, string> = {
  rejected: "the driver rejects the descriptor",
  misplaced: "the box lands elsewhere than the smem layout says",
  fault: "the copy faults",
  launch: "the kernel cannot launch",
  values: "values change",
};
