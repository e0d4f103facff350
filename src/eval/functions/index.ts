/**
 * The function registry: every CuTe function an expression can call, gathered from the concept
 * modules beside this file. A name is looked up as an own entry only (no prototype names), and a
 * name registered twice is an error when the registry is built.
 */
import { nearest } from "../../core/suggest.js";
import type { Fn, FunctionTable } from "./registry.js";
import { INT_TUPLE_FUNCTIONS } from "./int-tuple.js";
import { LAYOUT_FUNCTIONS } from "./layout.js";
import { ALGEBRA_FUNCTIONS } from "./algebra.js";
import { TENSOR_FUNCTIONS } from "./tensor.js";
import { POINTER_FUNCTIONS } from "./pointer.js";
import { DEBUG_FUNCTIONS } from "./debug.js";

/** the concept modules, in the order their names are listed */
const TABLES: readonly FunctionTable[] = [INT_TUPLE_FUNCTIONS, LAYOUT_FUNCTIONS, ALGEBRA_FUNCTIONS, TENSOR_FUNCTIONS, POINTER_FUNCTIONS, DEBUG_FUNCTIONS];

function build(tables: readonly FunctionTable[]): Map<string, Fn> {
  const m = new Map<string, Fn>();
  for (const t of tables) {
    for (const name of Object.keys(t)) {
      if (m.has(name)) throw new Error(`function '${name}' is registered twice`);
      m.set(name, t[name]!);
    }
  }
  return m;
}

const REGISTRY = build(TABLES);

/** the CuTe function of this name, if the registry has one */
export function lookupFunction(name: string): Fn | undefined {
  return REGISTRY.get(name);
}

/** every registered name */
export function functionNames(): string[] {
  return [...REGISTRY.keys()];
}

let NAMES: string[] | undefined;
/** up to three function names near an unknown one, nearest first (the atoms' "did you mean" rules) */
export function nearestNames(name: string): string[] {
  return nearest(name, (NAMES ??= functionNames()));
}
