/** Values only the CuTe DSL's spelling has: a numeric type, a Python bool, a keyword argument (src/eval/dsl.ts). */
import type { Value } from "../core/value.js";
import { AtomValue, type EvalValue, ExtValue } from "./ext-value.js";
import { UsageError, input, words } from "../core/errors.js";

/** the dialect that reads and prints the CuTe DSL, as a message names it (the CLI says --dialect dsl) */
export const READ_AS_DSL = input("dialect", "dsl");

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
    readonly value: EvalValue,
  ) {
    super();
    this.what = `the keyword argument ${name}=`;
  }
}


/**
 * A TensorSSA (tensor.py): the value `t.load()` makes, a tensor in registers with its element type
 * and shape. At trace time it prints its MLIR type, `tensor_value<vector<12xf32> o (3, 4)>`
 * (tensorssa.ipynb), its shape as Python prints a tuple.
 */
export class DslTensorSSA extends AtomValue {
  readonly what = "a TensorSSA (t.load())";
  constructor(
    readonly mlir: string,
    readonly shape: Value,
    /** the shape as Python prints it */
    private readonly shapeText: string,
    /** the number of elements */
    readonly size: number,
  ) {
    super();
  }
  print(): string {
    throw new UsageError(words`a TensorSSA is the CuTe DSL's (t.load()); CuTe's C++ has no print of it: use ${READ_AS_DSL}`);
  }
  picture(): string {
    throw new UsageError("a TensorSSA has no picture");
  }
  dsl(): string {
    return `tensor_value<vector<${this.size}x${this.mlir}> o ${this.shapeText}>\n`;
  }
}

/** an element of a TensorSSA: a run-time value, `?` at trace time */
export class DslRuntimeScalar extends AtomValue {
  constructor(readonly what: string) {
    super();
  }
  print(): string {
    throw new UsageError(words`${this.what} is a run-time value of the CuTe DSL: use ${READ_AS_DSL}`);
  }
  picture(): string {
    throw new UsageError(`${this.what} has no picture`);
  }
  dsl(): string {
    return "?\n";
  }
}

/**
 * What a program in the DSL's spelling printed (a @cute.jit body run as the notebooks run it):
 * its print lines at trace time, then its cute.printf lines at run time.
 */
export class DslPrinted extends AtomValue {
  readonly what = "a program's prints";
  constructor(
    readonly trace: string,
    readonly runtime: string,
  ) {
    super();
  }
  print(): string {
    throw new UsageError(words`a program in the DSL's spelling prints with ${READ_AS_DSL} or dsl-printf`);
  }
  picture(): string {
    throw new UsageError("a program's prints have no picture");
  }
}

/** Python's type(x) of an integer: `<class 'int'>` for a Python int, the DSL's class (Int32, Int64) for a dynamic one (print.ipynb) */
export class DslClass extends AtomValue {
  readonly what: string;
  constructor(readonly name: string) {
    super();
    this.what = `the Python type ${name}`;
  }
  print(): string {
    throw new UsageError(words`${this.what} is Python's (type(x) in the CuTe DSL's spelling): use ${READ_AS_DSL}`);
  }
  picture(): string {
    throw new UsageError(`${this.what} has no picture`);
  }
  dsl(): string {
    return (this.name === "int" ? "<class 'int'>" : this.name) + "\n";
  }
}
