/**
 * How the CLI names what the library layers name as values: an input a library message names (its
 * parameter's name, camelCase, an `Input` of src/core/errors.ts) is the option that gives it.
 */
import type { Input } from "../core/errors.js";

/** an input as the option that gives it on the command line: ctaTile is --cta-tile, tmaAtom --tma-atom */
export function optionSpelling(i: Input): string {
  return "--" + i.name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}
