/**
 * Command-line values for `mma --desc-smem LAYOUT --type T --major K|MN [--arch sm90|sm100]
 * [--start ADDR]`: the smem layout as an expression, the operand's major-ness, the architecture
 * (GMMA on sm90, UMMA on sm100) and the smem byte address the tensor starts at.
 */
import { UsageError, quote } from "../../core/errors.js";
import { make_smem_desc, type DescArch, type DescMajor, type SmemDescriptor } from "../../atoms/mma/smem-desc.js";
import { layoutLikeArg, typeArg } from "./common.js";

/** --major: K or MN, also spelled GMMA::Major::K, UMMA::Major::MN, ...; `needed` says where it is required */
export function parseMajor(text: string | undefined, needed = " with --desc-smem"): DescMajor {
  if (text === undefined) throw new UsageError(`--major K|MN is required${needed} (which mode of the operand is contiguous: K, or M/N)`);
  const u = text.trim().replace(/^(?:cute::)?(?:SM90::)?(?:GMMA|UMMA)::Major::/i, "").toUpperCase();
  if (u === "K" || u === "MN") return u;
  throw new UsageError(`--major expects K or MN (or GMMA::Major::K, UMMA::Major::MN), got ${quote(text)}`);
}

/** sm90 (GMMA) or sm100 (UMMA); the a/f feature suffixes and the other SM10x parts read as their family */
export function parseDescArch(text: string | undefined): DescArch {
  if (text === undefined) return "sm90";
  const t = text.trim().toLowerCase().replace(/^sm_?/, "sm");
  if (/^sm90a?$/.test(t)) return "sm90";
  if (/^sm10[0-3][af]?$/.test(t)) return "sm100";
  throw new UsageError(`--arch for --desc-smem is sm90 (GMMA, make_gmma_desc) or sm100 (UMMA, make_umma_desc), got ${quote(text)}`);
}

/** an smem byte address: decimal or 0x-hex, below 2^32 (cast_smem_ptr_to_uint gives 32 bits) */
export function parseSmemAddress(text: string | undefined): number {
  if (text === undefined) return 0;
  const t = text.trim();
  const v = /^0x[0-9a-f]+$/i.test(t) ? Number.parseInt(t.slice(2), 16) : /^[0-9]+$/.test(t) ? Number(t) : NaN;
  if (!Number.isSafeInteger(v) || v >= 2 ** 32) throw new UsageError(`--start expects an smem byte address below 2^32 (decimal or 0x...), got ${quote(text)}`);
  return v;
}

export function smemDescArg(layout: string, opts: { type?: string; major?: string; arch?: string; start?: string }): SmemDescriptor {
  const x = layoutLikeArg(layout, "--desc-smem");
  return make_smem_desc(parseDescArch(opts.arch), parseMajor(opts.major), x, typeArg(opts.type), parseSmemAddress(opts.start));
}
