/** placeholder */
import { UsageError } from "../core/errors.js";
import type { Value } from "../core/value.js";
import type { CallNode, Hooks } from "../notation/read.js";
import type { AtomValue } from "./ext-value.js";

export function dslAtomCall(name: string, _args: Value[], _n: CallNode, _src: string, _base: Hooks): Value {
  throw new UsageError(`cute-ts does not read the DSL's ${name} yet`);
}
export function dslAtomText(v: AtomValue): string {
  throw new UsageError(`cute-ts does not print ${v.what} in the DSL's dialect yet`);
}
