/**
 * A Node built-in module loaded when first needed, by require: the same in the ES modules of the
 * library and in the CommonJS bundle bin/cute-ts runs, where an import() would need the ES module
 * loader (and cannot run from V8's code cache at all). A built-in resolves from any base path.
 */
import { createRequire } from "node:module";

export function builtin<M>(name: `node:${string}`): M {
  return createRequire(process.execPath)(name) as M;
}
