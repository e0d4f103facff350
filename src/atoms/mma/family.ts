/**
 * What a family of MMA operations is: a name pattern, its template parameters with CuTe's
 * defaults, and a rule from (name parts, arguments) to the op's MMA_Traits.
 */
import { CuteError, UsageError, quote } from "../../core/errors.js";
import { namespaceAccepted, parseEnumArg } from "./name.js";
import { canonicalType } from "./types.js";

/** MMA_Traits of one op: what `print(MMA_Atom<OP>{})` shows, plus the value types. */
export interface MmaTraits {
  /** the op as C++ spells it, template arguments included (CuTe's defaults filled in) */
  op: string;
  arch: string;
  header: string;
  /** ValTypeD, ValTypeA, ValTypeB, ValTypeC as the compiled traits report them */
  types: { D: string; A: string; B: string; C: string };
  M: number;
  N: number;
  K: number;
  /** size(ThrID) */
  threads: number;
  /** layouts in notation (static, exactly as CuTe prints them) */
  thrID: string;
  layoutA: string;
  layoutB: string;
  layoutC: string;
}

export type ParamKind = "type" | "int" | "uint32" | "Major" | "ScaleIn" | "SparseSel" | "Saturate";

export interface Param {
  name: string;
  kind: ParamKind;
  /** CuTe's default, as written in C++, or `$X` for "the argument of parameter X"
   *  (omitted: the parameter is required) */
  default?: string;
}

/** A resolved template argument: a canonical type, an integer, or an enumerator name. */
export type Arg = string | number;

export interface Family<M = unknown> {
  /** name of the family, for messages */
  title: string;
  arch: string;
  /** match the identifier (after namespaces); null when it is not this family's */
  match(ident: string): M | null;
  /** template parameters; [] for a plain struct */
  params(m: M): Param[];
  /** the arguments of the default case (used when a templated op is named without `<...>`) */
  defaultArgs?(m: M): string[];
  /** the identifier CuTe declares (when the written one is an alias) */
  ident?(m: M): string;
  /** the namespace CuTe declares the op in ("" for `cute::`) */
  namespace(m: M): string;
  /** the namespace of the identifier as written, when an alias lives elsewhere than the op (default: namespace(m)) */
  scope?(m: M, written: string): string;
  traits(m: M, args: Arg[], ident: string): Omit<MmaTraits, "op" | "arch">;
  /** every op name of the family (identifiers, one per specialization) */
  names(): string[];
}

const ENUMS: Record<Exclude<ParamKind, "type" | "int" | "uint32">, { scopes: string[]; values: string[] }> = {
  Major: { scopes: ["Major"], values: ["K", "MN"] },
  ScaleIn: { scopes: ["ScaleIn"], values: ["One", "Neg"] },
  SparseSel: { scopes: ["SparseSel"], values: ["Zero", "One"] },
  Saturate: { scopes: ["Saturate"], values: ["False", "True"] },
};

function resolveArg(p: Param, text: string, op: string, ns: string): Arg {
  switch (p.kind) {
    case "type":
      return canonicalType(text);
    case "int":
    case "uint32": {
      const m = /^(?:(-?\d+)([uU]?)|(?:(?:::)?cute::)?Int<\s*(-?\d+)\s*>(?:\{\})?)$/.exec(text.trim());
      if (!m) throw new UsageError(`${op}: template argument ${p.name} must be an integer, got ${quote(text)}`);
      const digits = m[1] ?? m[3]!;
      const shown = digits.length > 40 ? `an integer of ${digits.length} digits` : digits;
      let v = Number(digits);
      // -1u is the unsigned 2^32 - 1, as C++ reads it
      if (m[2] && v < 0 && v > -(2 ** 32)) v += 2 ** 32;
      // the ops' integer parameters are C++ ints, ScaleC a uint32_t: a value that does not fit is a narrowing conversion the compiler refuses
      if (p.kind === "int" && !(v >= -(2 ** 31) && v < 2 ** 31)) throw new UsageError(`${op}: template argument ${p.name} = ${shown}${m[2]} does not fit in an int`);
      if (p.kind === "uint32" && !(v >= 0 && v < 2 ** 32)) {
        throw new UsageError(`${op}: template argument ${p.name} = ${shown}${m[2]} does not fit in a uint32_t (CuTe declares ${p.name} uint32_t, and C++ refuses a template argument that does not fit: a narrowing conversion)`);
      }
      return v;
    }
    default: {
      const e = parseEnumArg(text);
      const spec = ENUMS[p.kind];
      // GMMA's enums live in cute::SM90::GMMA (alias cute::GMMA), UMMA's in cute::UMMA
      if (!e || !spec.scopes.includes(e.scope) || !spec.values.includes(e.value) || !namespaceAccepted(e.namespaces, e.fromCute, ns === "GMMA" ? "SM90::GMMA" : ns)) {
        throw new UsageError(
          `${op}: template argument ${p.name} must be one of ${spec.values.map((v) => `${ns}::${p.kind}::${v}`).join(", ")}, got ${quote(text)}`,
        );
      }
      return e.value;
    }
  }
}

/** Bind written arguments to parameters, filling CuTe's defaults. */
export function bindArgs<M>(fam: Family<M>, m: M, ident: string, written: string[] | null): Arg[] {
  const params = fam.params(m);
  const enumNs = fam.arch === "sm100" || fam.arch === "sm103" ? "UMMA" : "GMMA";
  if (params.length === 0) {
    // even an empty list: `Op<>` names a template, and this op is a plain struct
    if (written !== null) throw new UsageError(`${ident} is not a template; it takes no template arguments`);
    return [];
  }
  const texts = written ?? fam.defaultArgs?.(m) ?? [];
  if (texts.length > params.length) {
    throw new UsageError(`${ident} takes at most ${params.length} template arguments (${params.map((p) => p.name).join(", ")}), got ${texts.length}`);
  }
  const out: Arg[] = [];
  params.forEach((p, i) => {
    const t = texts[i] ?? p.default;
    if (t === undefined) {
      throw new UsageError(`${ident}: missing template argument ${p.name} (${params.map((q) => q.name).join(", ")})`);
    }
    if (texts[i] === undefined && t.startsWith("$")) out.push(out[params.findIndex((q) => q.name === t.slice(1))]!);
    else out.push(resolveArg(p, t, ident, enumNs));
  });
  return out;
}

/** How an argument is spelled back in C++. */
export function spellArg(p: Param, a: Arg, ns: string): string {
  if (p.kind === "type" || p.kind === "int" || p.kind === "uint32") return String(a);
  return `${ns}::${p.kind}::${a}`;
}

/** CuTe refuses the instantiation (a static_assert in the op or its traits). */
export function refuse(op: string, rule: string): never {
  throw new CuteError(op, rule);
}
