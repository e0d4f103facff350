/** cute-ts as a library: the same functions the CLI runs. */
export * from "./core/errors.js";
export * from "./core/integer.js";
export { ScaledBasis, E, idxAdd } from "./core/basis.js";
export * as tuple from "./core/int-tuple.js";
export * from "./core/layout.js";
export { Swizzle, ComposedLayout } from "./core/swizzle.js";
export { Tensor, CountingIter, ArithIter, PtrIter, TmemIter, DescIter } from "./core/tensor.js";
export { evaluate, evaluateAny, showValue, AtomValue, type EvalValue } from "./eval/evaluate.js";
export { evaluateProgram, type ProgramResult } from "./eval/block.js";
export { runProgram, type RunOptions, type RunResult } from "./eval/run/index.js";
export { parse, parseProgram } from "./notation/parse.js";
export { evaluateDsl, showDslValue, type Dialect, type DslValue } from "./eval/dsl.js";
export { show } from "./print/print.js";
export { print_layout, print_tensor } from "./print/layout.js";
export { runCommand } from "./cli/run.js";
