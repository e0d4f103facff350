/** Values only the CuTe DSL's spelling has: a numeric type, a Python bool, a keyword argument (src/eval/dsl.ts). */
import type { Value } from "../core/value.js";
import { ExtValue } from "./ext-value.js";

/** a DSL numeric type as a value (`cutlass.Float16`): an argument of an operation */
export class DslType extends ExtValue {
  readonly what: string;
  constructor(readonly name: string) {
    super();
    this.what = `the DSL type ${name}`;
  }
}
/** a Python bool (`transpose=True`) */
export class DslBool extends ExtValue {
  readonly what = "a Python bool";
  constructor(readonly v: boolean) {
    super();
  }
}
/** a keyword argument of an operation or atom function (`num_bits_per_copy=64`) */
export class DslKeyword extends ExtValue {
  readonly what: string;
  constructor(
    readonly name: string,
    readonly value: Value,
  ) {
    super();
    this.what = `the keyword argument ${name}=`;
  }
}

