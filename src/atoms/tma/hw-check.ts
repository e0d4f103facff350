/**
 * The hardware rules run on one make_tma_copy result, for `tma` and `tma-coords` (stderr
 * warnings) and `tma --explain` (the checks passed).
 */
import type { TmaCopy } from "./make-tma-copy.js";
import { hwFacts } from "./hw-facts.js";
import { type HwReport, checkHardware, parseArch, warningLines } from "./hw-rules.js";

export { warningLines };

export function hardwareReport(copy: TmaCopy, arch: string | undefined): HwReport {
  return checkHardware(hwFacts(copy), parseArch(arch));
}
