/**
 * The MMA catalog: every MMA operation CuTe defines traits for, as rule-generated families.
 * `resolveMma` turns a C++ spelling (template arguments included) into the op's MMA_Traits;
 * `listMma` enumerates the catalog (one row per op name, at its default case).
 */
import { UsageError, quote } from "../../core/errors.js";
import { type Arg, type Family, type MmaTraits, bindArgs, spellArg } from "./family.js";
import { gmma } from "./families/gmma.js";
import { sm120 } from "./families/sm120.js";
import { umma } from "./families/umma.js";
import { fixedFamily, universalFMA } from "./families/warp.js";
import { namespaceAccepted, parseOpName } from "./name.js";
import { suggestion } from "../../core/suggest.js";

export type { MmaTraits } from "./family.js";

const FAMILIES: Family<any>[] = [
  universalFMA,
  fixedFamily("sm61", "SM61 dot product"),
  fixedFamily("sm70", "SM70 quadpair HMMA"),
  fixedFamily("sm75", "SM75 mma.sync"),
  fixedFamily("sm80", "SM80 mma.sync"),
  fixedFamily("sm89", "SM89 mma.sync"),
  fixedFamily("sm90", "SM90 mma.sync"),
  gmma,
  fixedFamily("sm100", "SM100 FFMA2"),
  umma,
  sm120,
];

function archOf(qualified: string): string {
  if (qualified.startsWith("UniversalFMA")) return "any";
  const m = /(?:^|::)SM(\d+)/.exec(qualified);
  return m ? `sm${m[1]}` : "sm90";
}

function qualify(fam: Family<any>, m: unknown, ident: string): string {
  const ns = fam.namespace(m);
  return ns ? `${ns}::${ident}` : ident;
}

function spell(fam: Family<any>, m: unknown, ident: string, args: Arg[]): string {
  const params = fam.params(m);
  const ns = fam.arch === "sm100" ? "UMMA" : "GMMA";
  const q = qualify(fam, m, ident);
  return params.length === 0 ? q : `${q}<${args.map((a, i) => spellArg(params[i]!, a, ns)).join(",")}>`;
}

/** `SM80_16x8x16_F32F16F16F32_TN`, `SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>`, ... */
export function resolveMma(text: string): MmaTraits {
  const name = parseOpName(text);
  for (const fam of FAMILIES) {
    const m = fam.match(name.ident);
    if (m === null) continue;
    const ident = fam.ident?.(m) ?? name.ident;
    // only the namespaces CuTe declares the op in (or a tail of them): FOO::SM80_... names nothing
    const declared = fam.scope?.(m, name.ident) ?? fam.namespace(m);
    if (!namespaceAccepted(name.namespaces, name.fromCute, declared)) {
      const where = declared === "" ? "cute" : `cute::${declared}`;
      throw new UsageError(`unknown MMA operation ${quote(text.trim())}: CuTe declares ${name.ident} in namespace ${where}; did you mean ${declared === "" ? name.ident : `${declared}::${name.ident}`}?`);
    }
    const args = bindArgs(fam, m, ident, name.args);
    const traits = fam.traits(m, args, ident);
    const op = spell(fam, m, ident, args);
    return { op, arch: archOf(op), ...traits };
  }
  throw new UsageError(`unknown MMA operation ${quote(text.trim())}${suggestion(name.ident, allIdents())}`);
}

let IDENTS: string[] | undefined;
/** every op identifier in the catalog */
export function allIdents(): string[] {
  return (IDENTS ??= FAMILIES.flatMap((f) => f.names()));
}

export interface MmaListing {
  /** the default case, spelled as C++ would */
  spelling: string;
  traits: MmaTraits;
}

/** Every op at its default case (as ATOMS.md lists them), optionally for one architecture (`sm80`, `sm90`, ..., or `any`). */
export function listMma(arch?: string): MmaListing[] {
  const out: MmaListing[] = [];
  for (const fam of FAMILIES) {
    for (const ident of fam.names()) {
      const m = fam.match(ident);
      const params = fam.params(m);
      const q = qualify(fam, m, ident);
      const spelling = params.length === 0 ? q : `${q}<${(fam.defaultArgs?.(m) ?? []).join(",")}>`;
      if (arch !== undefined && archOf(q) !== arch) continue;
      out.push({ spelling, traits: resolveMma(spelling) });
    }
  }
  return out;
}

