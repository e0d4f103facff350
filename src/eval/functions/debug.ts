/**
 * CuTe's debug helpers (util/debug.hpp) as host code sees them: `thread0()`, `block0()`,
 * `thread(tid)`, `thread(tid, bid)` and `block(bid)` pick one thread or block in a kernel, and
 * are true on the host (outside __CUDA_ARCH__), so `if (thread0()) print(...);` prints there.
 * Their value is a run-time bool, a dynamic 1.
 */
import { D, Int } from "../../core/integer.js";
import type { Value } from "../../core/value.js";
import { CuteError } from "../../core/errors.js";
import { show } from "../../print/print.js";
import { type Fn, type FunctionTable, nargs } from "./registry.js";

/** a helper of `lo` to `hi` integer arguments (the thread or block index), true on the host */
const onHost =
  (lo: number, hi: number): Fn =>
  (args: Value[], _t, name) => {
    nargs(name, args, lo, hi);
    for (const a of args) if (!(a instanceof Int)) throw new CuteError(name, "no matching overload: the thread and block indices are integers", [show(a)]);
    return D(1);
  };

export const DEBUG_FUNCTIONS: FunctionTable = {
  thread0: onHost(0, 0),
  block0: onHost(0, 0),
  thread: onHost(1, 2),
  block: onHost(1, 1),
};
