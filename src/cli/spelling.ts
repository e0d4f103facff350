/**
 * How the CLI names what the library layers name as values: an input a library message names (its
 * parameter's name, camelCase, an `Input` of src/core/errors.ts) is the option that gives it, and
 * a setting of one (the dialect dsl) that option with its value.
 */
import type { Input } from "../core/errors.js";

/** an input as the option that gives it on the command line: ctaTile is --cta-tile, tmaAtom --tma-atom, the dialect dsl --dialect dsl */
export function optionSpelling(i: Input): string {
  const option = "--" + i.name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
  return i.value === undefined ? option : `${option} ${i.value}`;
}
