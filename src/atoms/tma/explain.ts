/**
 * `cute-ts tma --explain`: what make_tma_copy decided, in plain words (beyond CuTe, which only
 * prints the objects): the gmem mode behind each TMA dimension, the box in elements and bytes,
 * the swizzle mode, the bytes one copy moves (the mbarrier transaction count), and the hardware
 * checks (src/atoms/tma/hw-rules.ts): those passed, those broken.
 */
import { Int, ScaledBasis, type Idx, leaves, showIT, showLayout, wrap } from "./algebra.js";
import { isLoad } from "./types.js";
import type { TmaCopy } from "./make-tma-copy.js";
import { type HwReport, CONSEQUENCE_WORDS } from "./hw-rules.js";

function modeName(e: Idx): string {
  if (e instanceof ScaledBasis) return e.modes.length ? `gmem mode ${e.modes.join(".")}` : "gmem mode 0";
  if (e instanceof Int) return "gmem mode 0";
  return "?";
}

export function explainTma(t: TmaCopy, hw?: HwReport): string {
  const { desc, args } = t;
  const bytesPerElem = args.type.bits / 8;
  const fmtBytes = (n: number) => (Number.isInteger(n) ? `${n}` : n.toFixed(1));
  const lines: string[] = [];
  const dir = isLoad(args.op) ? "global -> shared" : args.op === "SM90_TMA_STORE" ? "shared -> global" : "shared -> global, adding";
  lines.push(`${args.op} (${dir}), ${args.type.name} elements (${args.type.bits} bits), ${desc.dim}-D TMA descriptor`);
  lines.push(`gmem ${showLayout(args.gmem)}, smem ${showLayout(args.smem.layout)}`);
  const modes = wrap(t.tmaGbasis.stride as Idx | Idx[]) as Idx[];
  modes.forEach((m, i) => {
    const names = leaves<Idx>(m).map(modeName);
    const stride = i === 0 ? "contiguous (1 element)" : `stride ${desc.globalStrides[i - 1]} bytes`;
    lines.push(
      `  TMA dim ${i}: ${names.join(" + ")}, extent ${desc.globalDim[i]}, ${stride}, box ${desc.boxDim[i]}` +
        (i === 0 ? ` (${fmtBytes(desc.boxDim[0]! * bytesPerElem)} bytes per row)` : ""),
    );
  });
  const boxElems = desc.boxDim.reduce((a, b) => a * b, 1);
  lines.push(`box: (${desc.boxDim.join(",")}) = ${boxElems} elements = ${fmtBytes(boxElems * bytesPerElem)} bytes per TMA instruction`);
  lines.push(`swizzle: ${desc.swizzle.replace("CU_TENSOR_MAP_SWIZZLE_", "")}` + swizzleNote(desc.swizzle));
  const tileElems = t.numElems.v;
  const cluster = t.numMulticast;
  if (cluster > 1) {
    lines.push(
      `multicast over ${cluster} CTAs: each CTA issues one box of ${boxElems} elements and every CTA in the mask receives it; ` +
        `each CTA's smem gets the whole ${tileElems}-element tile`,
    );
  }
  const tileBytes = fmtBytes(tileElems * bytesPerElem);
  if (isLoad(args.op)) {
    lines.push(
      `one copy moves ${tileBytes} bytes into each CTA's smem tile ${showIT(t.tilerMN)}: ` +
        `the mbarrier transaction count, set_barrier_transaction_bytes(mbar, ${tileBytes})`,
    );
  } else {
    lines.push(
      `one copy moves ${tileBytes} bytes from the CTA's smem tile ${showIT(t.tilerMN)} to gmem ` +
        "(no mbarrier: tma_store_fence before, tma_store_arrive / tma_store_wait after)",
    );
  }
  if (hw) lines.push(...hardwareLines(hw));
  return lines.join("\n") + "\n";
}

function swizzleNote(s: string): string {
  if (s.endsWith("NONE")) return " (smem rows stored as is)";
  const m = /SWIZZLE_(\d+)B(?:_ATOM_(\d+)B)?/.exec(s);
  if (!m) return "";
  return ` (16-byte chunks XOR-permuted within each ${m[1]}-byte row${m[2] ? `, ${m[2]}-byte atoms` : ""})`;
}

/** the hardware checks: the verdict, each rule broken, then each rule passed with its source */
function hardwareLines(hw: HwReport): string[] {
  const out: string[] = [];
  const errors = hw.findings.filter((f) => f.severity === "error");
  out.push(
    `hardware (${hw.arch}): ` +
      (hw.holds
        ? "the driver accepts the descriptor and every box lands where the smem layout says" +
          (hw.findings.some((f) => f.severity === "warning") ? " by the rules measured (see the warnings)" : "")
        : [...new Set(errors.map((f) => CONSEQUENCE_WORDS[f.consequence]))].join("; ")) +
      " (verify tma gives each rule's source and fix)",
  );
  for (const f of hw.findings) {
    const tag = f.severity === "error" ? "broken" : f.severity === "warning" ? "warning (not measured)" : "note";
    out.push(`  ${tag}: ${f.detail} [${f.rule}]`);
  }
  for (const p of hw.passed) {
    if (p.off) out.push(`  not a rule on ${hw.arch}: ${p.title} [${p.rule}]`);
    else out.push(`  passed: ${p.title} [${p.rule}]${p.cuteChecks ? " (CuTe asserts it too)" : ""}`);
  }
  return out;
}
