/**
 * The hardware rules run on one make_tma_copy result, for `tma` and `tma-coords` (stderr
 * warnings) and `tma --explain` (the checks passed).
 */
import type { TmaCopy } from "./make-tma-copy.js";
import { tmaThreads } from "./types.js";
import { hwFacts } from "./hw-facts.js";
import { type Arch, type HwReport, checkHardware, warningLines } from "./hw-rules.js";

export { warningLines };

export function hardwareReport(copy: TmaCopy, arch: Arch): HwReport {
  return checkHardware(hwFacts(copy), arch);
}

/**
 * The report where the rules reach: a TiledCopy of an SM90 op. A Copy_Atom alone (make_tma_atom,
 * make_tma_atom_A/B_sm100) has no CTA partition to judge, and how the 2-SM ops split a box across
 * the CTA pair is not sourced (NOT_MODELLED): no report, no warnings.
 */
export function hardwareReportOf(copy: TmaCopy | undefined, arch: Arch): HwReport | undefined {
  if (copy === undefined || tmaThreads(copy.args.op) !== 1) return undefined;
  return checkHardware(hwFacts(copy), arch);
}
