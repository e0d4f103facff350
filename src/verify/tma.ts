/**
 * verify tma: will the real hardware do what CuTe's make_tma_copy planned? The driver must
 * accept the descriptor (cuTensorMapEncodeTiled) and the copy engine must put every box where
 * the smem layout says, without faulting. The rules, with their sources, are data in
 * src/atoms/tma/hw-rules.ts; this runs them and keeps the answer as a verdict.
 */
import type { Wording } from "../core/errors.js";
import type { TmaCopy } from "../atoms/tma/make-tma-copy.js";
import { hwFacts } from "../atoms/tma/hw-facts.js";
import { type Arch, type Finding, type Passed, NOT_CHECKED, NOT_MODELLED, checkHardware } from "../atoms/tma/hw-rules.js";

export interface TmaVerdict {
  kind: "tma";
  holds: boolean;
  arch: Arch;
  /** the driver accepts the descriptor (no rejecting rule broken) */
  accepted: boolean;
  op: string;
  type: string;
  bits: number;
  swizzle: string;
  boxDim: number[];
  boxBytes: number;
  /** instructions per CTA for its smem tile, and the CTAs a box is split over */
  boxesPerCta: number;
  ctas: number;
  findings: Finding[];
  passed: Passed[];
  notChecked: string[];
  notModelled: Wording[];
}

export function verifyTma(copy: TmaCopy, arch: Arch): TmaVerdict {
  const f = hwFacts(copy);
  const r = checkHardware(f, arch);
  return {
    kind: "tma",
    holds: r.holds,
    arch,
    accepted: r.accepted,
    op: copy.args.op,
    type: copy.args.type.name,
    bits: copy.args.type.bits,
    swizzle: f.swizzle,
    boxDim: f.boxDim,
    boxBytes: f.boxBytes,
    boxesPerCta: f.boxesPerCta,
    ctas: f.ranks,
    findings: r.findings,
    passed: r.passed,
    notChecked: NOT_CHECKED.map((x) => `${x.what} (${x.source})`),
    notModelled: [...NOT_MODELLED[arch]],
  };
}
