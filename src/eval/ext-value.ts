/**
 * Values an expression can have beyond core's `Value`: MMA and copy atoms (made by the lazily
 * loaded ./functions/atoms.ts, printed by the atoms' own formatters) and C++ braced lists
 * `{...}` (only an argument of a value of a type, `Stride<int,_1>{128, {}}`). Core functions
 * never see them: the evaluator checks the arguments of every core call once any was made.
 */
import { CuteError } from "../core/errors.js";
import type { Value } from "../core/value.js";
import { show } from "../print/print.js";
import type { Hooks, MemberNode } from "../notation/read.js";
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
  member?(n: MemberNode, args: EvalValue[], src: string): EvalValue;
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

/** a bare braced list `{a, b}`: the arguments of a value whose type the context gives (src/eval/types.ts) */
export class Braced extends ExtValue {
  readonly what = "a braced list {...}";
  constructor(readonly items: EvalValue[]) {
    super();
  }
}

/**
 * What the evaluator's values are: a core value, or one of its own (an ExtValue: an atom, host
 * code's float or double, a braced list, the DSL's types, keywords and bools, a program's values)
 */
export type EvalValue = Value | ExtValue;

/** the notation's hooks as the evaluator instantiates them: over its own values */
export type EvalHooks = Hooks<EvalValue>;

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

/** a value as a refusal names it: an atom (a float, a braced list) by what it is, anything else as printed */
export function describe(v: EvalValue): string {
  return v instanceof ExtValue ? v.what : show(v);
}

/**
 * A value handed on to the core's coercions (asIntTuple, asLayout, asTiler ...) as it is: they
 * refuse any value not theirs, an atom or a float included, naming it as print names it (by what
 * it is). Where an atom must be refused as CuTe refuses it, use `core`.
 */
export const unchecked = (v: EvalValue): Value => v as Value;

/** a core value where a layout or tiler is expected; an atom there is refused */
export function core(v: EvalValue, name: string): Value {
  if (v instanceof AtomValue) throw new CuteError(name, `no matching overload: ${v.what} where a layout is expected`);
  // a float or a braced list goes on to the operation, which refuses it as it refuses any value not its own
  return v as Value;
}
