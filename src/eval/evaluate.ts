/**
 * Evaluates an expression: the literal reader (src/notation/read.ts) with CuTe's functions for
 * its calls (the registry in ./functions) and CuTe's operator() for its applications.
 */
import { ParseError } from "../core/errors.js";
import type { Value } from "../core/value.js";
import { parse } from "../notation/parse.js";
import { evalNode, type Hooks } from "../notation/read.js";
import { lookupFunction, nearestNames } from "./functions/index.js";
import { apply } from "./apply.js";

const HOOKS: Hooks = {
  call(n, args, src) {
    const fn = lookupFunction(n.name);
    if (!fn) {
      const near = nearestNames(n.name);
      throw new ParseError(src, n.pos, `unknown function '${n.name}'${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}`);
    }
    return fn(args, n.targs, n.name);
  },
  apply,
};

export function evaluate(src: string): Value {
  return evalNode(parse(src), src, HOOKS);
}
