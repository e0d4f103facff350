/**
 * Values an expression can have beyond core's `Value`: MMA and copy atoms (made by the lazily
 * loaded ./functions/atoms.ts, printed by the atoms' own formatters) and C++ braced lists
 * `{...}` (only an argument of a value of a type, `Stride<int,_1>{128, {}}`). Core functions
 * never see them: the evaluator checks the arguments of every core call once any was made.
 */
import { CuteError } from "../core/errors.js";
import type { Value } from "../core/value.js";
import { show } from "../print/print.js";
import type { MemberNode } from "../notation/read.js";
import { formatFloat } from "./float-format.js";

/** set when an ExtValue is made; the evaluator clears it before each expression */
export const extState = { made: false };

export abstract class ExtValue {
  constructor() {
    extState.made = true;
  }
  /** what it is, for refusals: "a TiledMMA" */
  abstract readonly what: string;
  toString(): string {
    return this.what;
  }
}

/** the atoms' pictures module, which callers load when they draw (it is large) */
export type Pictures = typeof import("../atoms/pictures.js");

export abstract class AtomValue extends ExtValue {
  /** CuTe's print(): lines each ending in a newline (a CuteError where CuTe has no print for it) */
  abstract print(): string;
  /** print_latex / print_svg, where CuTe draws it, with the pictures module (src/atoms/pictures.ts, loaded by the caller) */
  abstract picture(kind: "latex" | "svg", force: boolean, pics: Pictures): string;
  /** its member functions `x.f(args)`, where the value answers them itself (the TMA values); else the atoms module does */
  member?(n: MemberNode, args: Value[], src: string): Value;
}

export type FloatType = "float" | "double";

/**
 * C++'s float or double in pasted host code (src/eval/float.ts: its arithmetic and printing):
 * `v` already rounded to the type's precision
 */
export class FloatValue extends ExtValue {
  readonly what: string;
  constructor(
    readonly v: number,
    readonly type: FloatType,
  ) {
    super();
    // as %f prints it (no exponent: a refusal's numbers read as the input's)
    this.what = Math.abs(v) < 1e16 || !Number.isFinite(v) ? `the ${type} ${formatFloat("f", v, 6, "")}` : `a ${type} of ${formatFloat("f", v, 0, "").replace("-", "").length} digits`;
  }
}

/** what `cute-ts eval` can print: a core value, an atom, or host code's float or double */
export type EvalValue = Value | AtomValue | FloatValue;

/** an ExtValue anywhere in a value (tuples included) */
export function findExt(v: unknown): ExtValue | undefined {
  if (v instanceof ExtValue) return v;
  if (Array.isArray(v)) {
    for (const x of v) {
      const e = findExt(x);
      if (e) return e;
    }
  }
  return undefined;
}

/** a value as a refusal names it: an atom by what it is, anything else as printed */
export function describe(v: Value): string {
  const x = v as unknown;
  return x instanceof AtomValue ? x.what : show(v);
}

/** a core value where a layout or tiler is expected; an atom there is refused */
export function core(v: Value, name: string): Value {
  const x = v as unknown;
  if (x instanceof AtomValue) throw new CuteError(name, `no matching overload: ${x.what} where a layout is expected`);
  return v;
}
