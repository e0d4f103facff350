/**
 * The values a program has beside CuTe's (`cute-ts run`): strings, streams, dim3, thrust
 * vectors and other allocations, objects with fixed answers (cudaDeviceProp, timers), structs in
 * shared memory, functions named as values, and what only the GPU knows (`Unknown`).
 */
import { CuteError } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import { AtomValue, type EvalValue, FloatValue } from "../ext-value.js";
import type { FunctionDecl } from "../../notation/cxx/program.js";
import type { Node } from "../../notation/parse.js";
import type { Scope } from "../block.js";

/** a value of a program that CuTe's print() does not print */
export abstract class RunValue extends AtomValue {
  print(): string {
    throw new CuteError("print", `no matching overload for ${this.what}`);
  }
  picture(): string {
    throw new CuteError("print_latex", `no matching overload for ${this.what}`);
  }
}

export class CStr extends RunValue {
  readonly what: string;
  constructor(readonly text: string) {
    super();
    this.what = `the string ${JSON.stringify(text)}`;
  }
}

/** std::cout / std::cerr */
export class Stream extends RunValue {
  readonly what: string;
  constructor(readonly err: boolean) {
    super();
    this.what = err ? "std::cerr" : "std::cout";
  }
}
export class Endl extends RunValue {
  readonly what = "std::endl";
}

export class Dim3 extends RunValue {
  readonly what: string;
  constructor(
    readonly x: number,
    readonly y: number,
    readonly z: number,
  ) {
    super();
    this.what = `dim3(${x}, ${y}, ${z})`;
  }
  /** CuTe's print of a dim3: a tuple (cute/container/cuda_types.hpp gives dim3 tuple_size 3) */
  override print(): string {
    return `(${this.x},${this.y},${this.z})`;
  }
}

/** a thrust host/device vector or a cudaMalloc'd buffer: its elements' type, count and address */
export class Buffer extends RunValue {
  readonly what: string;
  constructor(
    readonly type: string,
    readonly bits: number,
    readonly count: number,
    readonly addr: number,
    readonly device: boolean,
  ) {
    super();
    this.what = `a ${device ? "thrust::device_vector" : "thrust::host_vector"}<${type}> of ${count} elements`;
  }
}

/** an object whose members have fixed answers (cudaDeviceProp), or none (a timer, an event) */
export class HostObject extends RunValue {
  constructor(
    readonly what: string,
    readonly fields: Map<string, EvalValue>,
  ) {
    super();
  }
}

/** `{a, b, c}` copied into an aggregate (cutlass::ClusterLaunchParams) */
export class Aggregate extends RunValue {
  readonly what = "a braced list";
  constructor(readonly items: EvalValue[]) {
    super();
  }
}

/** a data member: its offset, and what it is: `count` elements of `type` (one, not an array, when `scalar`), or a struct or union defined in place */
export interface Member {
  offset: number;
  type: string;
  bits: number;
  count: number;
  scalar?: boolean;
  layout?: StructLayout;
}

/** a struct's layout: each data member's offset, size and what it is */
export interface StructLayout {
  name: string;
  size: number;
  align: number;
  members: Map<string, Member>;
  /** the member functions defined in the struct, and the scope with its template parameters bound that their bodies see */
  methods?: FunctionDecl[];
  scope?: Scope;
}

/** a struct placed at an address in shared memory (`*reinterpret_cast<SharedStorage*>(smem)`) */
export class StructRef extends RunValue {
  readonly what: string;
  constructor(
    readonly layout: StructLayout,
    readonly addr: number,
  ) {
    super();
    this.what = `a ${layout.name}`;
  }
}
/** one array member of a placed struct (ArrayEngine, array_aligned, T[N]), or one scalar member (`scalar`: an lvalue in shared memory) */
export class ArrayRef extends RunValue {
  readonly what: string;
  constructor(
    readonly type: string,
    readonly bits: number,
    readonly count: number,
    readonly addr: number,
    readonly scalar = false,
  ) {
    super();
    this.what = scalar ? `the ${type} at 0x${addr.toString(16)}` : `an array of ${count} ${type}`;
  }
}

/** the value of a placed struct's member: a nested struct, an array or a scalar */
export function memberValue(mem: Member, base: number): StructRef | ArrayRef {
  if (mem.layout !== undefined) return new StructRef(mem.layout, base + mem.offset);
  return new ArrayRef(mem.type, mem.bits, mem.count, base + mem.offset, mem.scalar === true);
}

/** a function (or function template with its arguments) named as a value: `auto k = gemm_device<...>;` */
export class FunctionRef extends RunValue {
  readonly what: string;
  constructor(
    readonly name: string,
    readonly decls: FunctionDecl[],
    readonly types: Node[] | null,
    /** a member function's: what its frame sees of its struct (template parameters, members) */
    readonly bound?: (f: Scope) => void,
  ) {
    super();
    this.what = `the function ${name}`;
  }
}

/** a value only the GPU or the clock knows: `why` says what, once */
export class Unknown extends RunValue {
  readonly what: string;
  constructor(readonly why: string) {
    super();
    this.what = why;
  }
}

/** argv: an array of C strings */
export class ArgvValue extends Unknown {
  constructor(readonly args: string[]) {
    super("argv");
  }
  at(i: number): CStr {
    const s = this.args[i];
    if (s === undefined) throw new CuteError("argv[i]", `argv has ${this.args.length} entries (argv[${this.args.length}] is a null pointer): reading argv[${i}] is undefined behaviour`);
    return new CStr(s);
  }
}

/** the program stopped: exit(code), a failed assert, a failed static assertion */
export class Exit {
  constructor(readonly code: number) {}
}

export function intOf(v: EvalValue, what: string): number {
  if (v instanceof Int) return v.v;
  if (v instanceof FloatValue) return Math.trunc(v.v);
  throw new CuteError(what, "expected an integer", [v instanceof AtomValue ? v.what : String(v)]);
}
