/**
 * The option set shared by `cute-ts tma` and `cute-ts tma-coords`, turned into make_tma_copy
 * arguments.
 */
import { UsageError, quote } from "../../core/errors.js";
import { parseLayout, parseSmem, parseTiler, parseInt1 } from "./tma.js";
import { checkSmemBits, tmaOp, tmaValueType } from "../../atoms/tma/types.js";
import type { TmaArgs } from "../../atoms/tma/make-tma-copy.js";
import { ARCHS, type Arch } from "../../atoms/tma/hw-rules.js";

/** parsed command-line options: a value, a flag, or absent */
export type OptionValues = Readonly<Record<string, string | boolean | undefined>>;

export function strOpt(opts: OptionValues, name: string): string | undefined {
  const v = opts[name];
  if (v === undefined || v === false) return undefined;
  if (v === true) throw new UsageError(`option --${name} needs a value`);
  return v;
}
function need(opts: OptionValues, name: string, what: string): string {
  const v = strOpt(opts, name);
  if (v === undefined) throw new UsageError(`--${name} ${what} is required`);
  return v;
}

export function tmaArgsFrom(opts: OptionValues): TmaArgs {
  const op = tmaOp(need(opts, "op", "OP"));
  const type = tmaValueType(need(opts, "type", "T"));
  const gmem = parseLayout(need(opts, "gmem", "LAYOUT"));
  const smem = parseSmem(need(opts, "smem", "LAYOUT"));
  const tilerText = strOpt(opts, "cta-tiler");
  const clusterText = strOpt(opts, "cluster");
  const ctaTiler = tilerText === undefined ? undefined : parseTiler(tilerText, "--cta-tiler");
  const cluster = clusterText === undefined ? undefined : parseInt1(clusterText, "--cluster");
  checkSmemBits(smem, type, "--smem", `--type ${type.name}`);
  return { op, type, gmem, smem, ctaTiler, cluster };
}

/** --arch of the hardware rules: sm90 (the default) or sm100; a trailing `a` (sm90a) reads as its family */
export function parseArch(text: string | undefined): Arch {
  const a = (text ?? "sm90").toLowerCase();
  const hit = ARCHS.find((x) => x === a || x === a.replace(/a$/, ""));
  if (!hit) throw new UsageError(`--arch takes ${ARCHS.join(" or ")}, not ${quote(text ?? "")}`);
  return hit;
}
