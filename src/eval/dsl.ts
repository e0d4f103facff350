/**
 * The CuTe DSL (CUTLASS 4's Python DSL) over cute-ts's engine: an expression in the DSL's
 * spelling (src/notation/dsl.ts) is evaluated by the same evaluator and registry as CuTe's C++
 * spelling, and printed as the DSL prints it (src/print/dsl.ts).
 *
 * What the DSL's types know of a dynamic integer. The DSL's MLIR types carry, for each dynamic
 * integer, a number known to divide it (`?{div=3}`): CuTe DSL's IntValue multiplies
 * divisibilities with its operands (core.py: a static int's divisibility is the int itself,
 * get_divisibility), so a dynamic stride times a static 3 is `?{div=3}`, and crd2idx of a
 * dynamic coordinate by a stride 128 is `?{div=128}` (the DSL's printed IR). The compiler's
 * rules for the other operations are not published. cute-ts computes what holds for every
 * run-time value: it evaluates the expression again with other values of its dynamic inputs (each
 * a multiple of what the input's own type knows) and takes, for each dynamic integer of the
 * result, the greatest common divisor of its values. For products this is the DSL's rule
 * exactly; where the DSL's compiler proves less than what holds (`x + x` is even), cute-ts prints
 * more. A dynamic integer is 64 bits wide (`?{i64}`) when its value follows an Int64 input.
 */
import { Unsupported, UsageError, words } from "../core/errors.js";
import { D, Int, S, SAFE_LIMIT_TEXT, _0 } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import { Underscore } from "../core/int-tuple.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout } from "../core/swizzle.js";
import { Tensor, ArithIter, CountingIter, deref } from "../core/tensor.js";
import type { Idx } from "../core/basis.js";
import { show } from "../print/print.js";
import { type DynInfo, dynamicLeaves, showDsl, showDslPrintf, showDslPrintTensor } from "../print/dsl.js";
import { compileLayout } from "../core/layout/compiled.js";
import { sublayout } from "../core/layout/basics.js";
import { COMPARISONS, DSL_ARITH, DSL_ATTR, DSL_BOOL, DSL_COORD_TENSOR, DSL_FLOAT, DSL_FRAGMENT, DSL_GROUP_MODES, DSL_INDEX, DSL_MAKE_PTR, DSL_OP, DSL_PYFLOAT, DSL_TO, DSL_TYPE, DSL_TYPE_OF, type DslProgram, type DslSlot, parseDsl } from "../notation/dsl.js";
import { type DslPieces, type DslStatements, type DslStep, parseDslStatements } from "../notation/dsl-program.js";
import { type Node, opNode } from "../notation/parse.js";
import { PtrIter, elementAddress } from "../core/tensor.js";
import { type DslFloatType, dslNumeric, dslNumericNames, dslNumericOfMlir, isDslFloatType, mlirOfCxx } from "../core/dsl-types.js";
import { make_tensor_view } from "../tensor/memory.js";
import type { CallNode } from "../notation/read.js";
import { apply } from "./apply.js";
import { AtomValue, type EvalHooks, type EvalValue, ExtValue, describe, unchecked } from "./ext-value.js";
import { evaluateTree } from "./evaluate.js";
import { DslBool, DslClass, DslKeyword, DslPrinted, DslRuntimeScalar, DslTensorSSA, DslType, READ_AS_DSL } from "./dsl-values.js";
import { DslFloat, PyFloat, arithmetic, promoted, pythonRepr, roundTo, toInteger } from "./dsl-numeric.js";

/** the atoms module (./dsl-atoms.ts, with the catalogs), loaded when an expression names an atom */
let ATOMS: typeof import("./dsl-atoms.js") | undefined;
/** thrown before the atoms module is loaded by an expression that needs it */
const NEEDS_ATOMS = { needsDslAtoms: true };

/** the dialects: CuTe's C++ print (the default), the DSL's trace-time print, the DSL's run-time printf */
export type Dialect = "cxx" | "dsl" | "dsl-printf";
export const DIALECTS: readonly Dialect[] = ["cxx", "dsl", "dsl-printf"];

// ------------------------------------------------------------------------------ the DSL's own calls


function staticIndex(v: EvalValue, what: string): number {
  if (v instanceof Int && v.s) return v.v;
  throw new UsageError(`${what} is a Python int (a static integer), not ${describe(v)}`);
}

/** t.load() of a tensor over memory: a TensorSSA of its element type and shape */
function tensorSSA(p: PtrIter, shape: T.IntTuple, base: EvalHooks, at: CallNode, src: string, elementType?: string): EvalValue {
  const mlir = elementType ?? (p.type !== undefined ? mlirOfCxx(p.type) : undefined) ?? `i${p.bits}`;
  const size = base.call({ ...at, name: "size", targs: [], args: [] }, [shape as EvalValue], src);
  if (!(size instanceof Int) || !size.s) throw new UsageError("t.load() takes a tensor of a static shape (the DSL's TensorSSA is a vector of a static size)");
  return new DslTensorSSA(mlir, shape, showDsl(shape, () => ({ div: 1, i64: false })), size.v);
}

/** `v[i]` of a TensorSSA: a slice (None in the coordinate) is a TensorSSA of the sliced shape, an element a run-time value */
function indexSSA(v: DslTensorSSA, i: EvalValue, base: EvalHooks, at: CallNode, src: string): EvalValue {
  const hasNone = (x: EvalValue): boolean => x instanceof Underscore || (Array.isArray(x) && x.some(hasNone));
  if (!hasNone(i)) return new DslRuntimeScalar(`an element of ${v.what}`);
  const l = base.call({ ...at, name: "make_layout", targs: [], args: [] }, [v.shape], src);
  const sliced = base.call({ ...at, name: "slice", targs: [], args: [] }, [i, l], src) as Layout;
  return tensorSSA(new PtrIter(0, 0, -1, [], undefined), sliced.shape, base, at, src, v.mlir);
}

/** `x[i]`: a mode of a layout (get), an element (or a slice) of a tensor, an item of a Python tuple */
function index(target: EvalValue, i: EvalValue, base: EvalHooks, at: CallNode, src: string): EvalValue {
  const t = target as unknown;
  if (t instanceof DslTensorSSA) return indexSSA(t, i, base, at, src);
  if (target instanceof Layout || target instanceof ComposedLayout) {
    const k = staticIndex(i, "a layout's index");
    return base.call({ ...at, name: "get", targs: [k], args: [] }, [target], src);
  }
  if (target instanceof Tensor) return apply(target, [unchecked(i)]);
  if (Array.isArray(target)) {
    const k = staticIndex(i, "a tuple's index");
    const n = target.length;
    if (k < -n || k >= n) throw new UsageError(`tuple index ${k} out of range (the tuple has ${n} items)`);
    return target[k < 0 ? n + k : k]!;
  }
  throw new UsageError(`${describe(target)} cannot be indexed: x[i] takes a layout, a tensor or a tuple`);
}
function layoutShape(c: ComposedLayout): T.IntTuple {
  let b: unknown = c.b;
  while (b instanceof ComposedLayout) b = b.b;
  return (b as Layout).shape;
}

/** the value of an ArithIter or CountingIter as a Python value (a pointer's element is memory the host does not have) */
function iterValue(t: Tensor): EvalValue {
  const it = t.iter;
  if (it instanceof CountingIter) return it.v;
  if (it instanceof ArithIter) return it.coord as EvalValue;
  return deref(it, _0) as EvalValue;
}

function attribute(name: string, x: EvalValue, base: EvalHooks, at: CallNode, src: string): EvalValue {
  const cute = (fn: string) => base.call({ ...at, name: fn, targs: [], args: [] }, [x], src);
  switch (name) {
    case "shape":
      return cute("shape");
    case "stride":
      if (x instanceof ComposedLayout) throw new UsageError("can't get stride from composed layout (the DSL's own words)");
      if (x instanceof Tensor && x.layout instanceof ComposedLayout) throw new UsageError("can't get stride from composed layout (the DSL's own words)");
      return cute("stride");
    case "layout":
      if (x instanceof Tensor) return x.layout;
      break;
    case "iterator":
      if (x instanceof Tensor) return iterValue(x);
      break;
    case "inner":
      if (x instanceof ComposedLayout) return x.a as EvalValue;
      break;
    case "outer":
      if (x instanceof ComposedLayout) return x.b as EvalValue;
      break;
    case "offset":
      if (x instanceof ComposedLayout) return x.offset as EvalValue;
      break;
    case "load()":
      if (x instanceof Tensor && x.iter instanceof PtrIter) return tensorSSA(x.iter, x.layout instanceof Layout ? x.layout.shape : layoutShape(x.layout), base, at, src);
      throw new UsageError(`t.load() takes a tensor over memory (cute.make_tensor(cute.runtime.make_ptr(...), layout)), not ${describe(x)}`);
  }
  throw new UsageError(`cute-ts does not know the attribute .${name} of ${x instanceof Layout ? "a layout" : x instanceof Tensor ? "a tensor" : x instanceof ComposedLayout ? "a composed layout" : describe(x)}`);
}

const INTERCEPT = (n: CallNode, args: EvalValue[], src: string, base: EvalHooks): EvalValue | undefined => {
  if (!n.name.startsWith("dsl.")) return undefined;
  switch (n.name) {
    case DSL_INDEX:
      return index(args[0]!, args[1]!, base, n, src);
    case DSL_ATTR: {
      const name = String(n.targs[0]);
      if (name.startsWith("=")) return new DslKeyword(name.slice(1), args[0]!);
      return attribute(name, args[0]!, base, n, src);
    }
    case DSL_COORD_TENSOR: {
      const [it, l] = args as [EvalValue, EvalValue];
      if (!(l instanceof Layout || l instanceof ComposedLayout)) throw new UsageError(`a tensor's layout is a layout, not ${describe(l)}`);
      if (it instanceof PtrIter) return make_tensor_view(it, l);
      if (!(it instanceof Int || Array.isArray(it))) throw new UsageError(`cute.make_tensor takes a pointer (cute.runtime.make_ptr(...)) or a coordinate, not ${describe(it)}`);
      return new Tensor(new ArithIter(it as Idx), l);
    }
    case DSL_GROUP_MODES: {
      const x = args[0]!;
      const b = n.targs[0] as number;
      let e = n.targs[1] as number;
      if (e < 0) e = T.rank(x instanceof Tensor ? (x.layout instanceof Layout ? x.layout.shape : layoutShape(x.layout)) : x instanceof Layout ? x.shape : x instanceof ComposedLayout ? layoutShape(x) : (x as T.IntTuple));
      return base.call({ ...n, name: x instanceof Tensor ? "group_modes" : "group", targs: [b, e] } as CallNode, args, src);
    }
    case DSL_TYPE:
      return new DslType(String(n.targs[0]));
    case DSL_TYPE_OF:
      return new DslClass(String(n.targs[0]));
    case DSL_PYFLOAT:
      return new PyFloat(n.targs[0] as number);
    case DSL_FLOAT: {
      const type = String(n.targs[0]) as DslFloatType;
      return new DslFloat(type, roundTo(type, numberOf(args[0]!, `cutlass.${type}(...)`)));
    }
    case DSL_TO:
      return converted(args[0]!, args[1]!);
    case DSL_ARITH:
      return arith(String(n.targs[0]), args, base, n, src);
    case DSL_MAKE_PTR:
      return n.targs.length > 0 ? printedPtr(n.targs) : makePtr(args);
    case DSL_FRAGMENT: {
      const [shape, dtype] = args as [EvalValue, EvalValue];
      const l = shape instanceof Layout ? shape : Array.isArray(shape) || shape instanceof Int ? base.call({ ...n, name: "make_layout", targs: [] } as CallNode, [shape], src) : undefined;
      if (!(l instanceof Layout)) throw new UsageError(`cute.make_fragment takes a layout or a shape, not ${describe(shape)}`);
      const t = numericOf(dtype, "cute.make_fragment's dtype");
      // a register tensor's pointer: rmem, 32-byte aligned (the print of a fragment in the DSL's print notebook)
      return new Tensor(new PtrIter(t.bits, 0, -1, ["rmem"], t.cxx, FRAGMENT_ALIGN), l);
    }
    case DSL_BOOL:
      return new DslBool(n.targs[0] === 1);
    case DSL_OP:
      if (ATOMS === undefined) throw NEEDS_ATOMS;
      return ATOMS.dslAtomCall(String(n.targs[0]), args);
  }
  return undefined;
};

// ------------------------------------------------------------------------------ numbers

/** the number an integer or a float holds */
function numberOf(v: EvalValue, what: string): number {
  const x = v as unknown;
  if (x instanceof Int) return x.v;
  if (x instanceof DslFloat || x instanceof PyFloat) return x.v;
  throw new UsageError(`${what} takes a number, not ${describe(v)}`);
}

/** x.to(T) of a Numeric: to a float type, the value rounded as T stores it; to an integer type, truncated toward zero and wrapped to T's bits */
function converted(x: EvalValue, t: EvalValue): EvalValue {
  const type = t as unknown;
  const n = type instanceof DslType ? dslNumeric(type.name) : undefined;
  if (n === undefined) throw new UsageError(`x.to(T) takes one of the DSL's numeric types (${dslNumericNames().map((k) => "cutlass." + k).join(", ")})`);
  const v = numberOf(x, "x.to(T)");
  const given: unknown = x;
  if ((given instanceof Int && given.s) || given instanceof PyFloat) throw new UsageError("x.to(T) converts the DSL's Numeric values (cutlass.Int32(42).to(...)); a Python int or float has no .to");
  if (isDslFloatType(n.name)) return new DslFloat(n.name, roundTo(n.name, v));
  if (/^U?[Ii]nt\d+$/.test(n.name)) return D(toInteger(v, n));
  throw new Unsupported(`x.to(cutlass.${n.name})`);
}

/**
 * Python's operators on the DSL's values: integers as CuTe's integers (the evaluator's operators,
 * Python's // as C++'s /), anything with a float, and true division, by the DSL's promotion (an
 * Int32 with a Float32 is a Float32, `/` of integers a Float32; a dynamic value makes the result
 * dynamic)
 */
function arith(op: string, args: EvalValue[], base: EvalHooks, n: CallNode, src: string): EvalValue {
  const xs = args as unknown[];
  const floating = xs.some((x) => x instanceof DslFloat || x instanceof PyFloat);
  if (!floating && op === "**") return integerPower(args);
  if (!floating && op !== "/") return base.op(opNode(n.pos, op === "//" ? "/" : op, []), args, src);
  const vals = args.map((x) => numberOf(x, `the operator ${op.replace(/^u/, "")}`));
  const dynamic = xs.some((x) => x instanceof DslFloat || (x instanceof Int && !x.s));
  if (op === "u~") throw new UsageError("~ applies to integers, not to floating-point values");
  const r = op === "u-" ? -vals[0]! : arithmetic(op, vals[0]!, vals[1]!);
  const comparison = COMPARISONS.has(op);
  if (!dynamic) {
    // Python: a negative number to a fractional power is a complex number (the DSL's run-time pow gives NaN)
    if (op === "**" && vals[0]! < 0 && Number.isFinite(vals[1]!) && !Number.isInteger(vals[1]!)) {
      const text = (x: unknown, v: number): string => (x instanceof Int ? String(v) : pythonRepr(v));
      throw new Unsupported("complex numbers", ` (in Python (${text(xs[0], vals[0]!)}) ** ${text(xs[1], vals[1]!)} is one)`);
    }
    if (comparison) throw new UsageError(`${op} of two Python numbers: Python answers True or False itself, the DSL is not involved`);
    return new PyFloat(r);
  }
  if (comparison) return D(r);
  const type = promoted(xs.map((x) => (x instanceof DslFloat ? x.type : undefined)));
  return new DslFloat(type, roundTo(type, r));
}

/** an integer to a power: an integer for an exponent >= 0 (dynamic where either is), a float below */
function integerPower(args: EvalValue[]): EvalValue {
  const [a, b] = args as unknown[];
  if (!(a instanceof Int) || !(b instanceof Int)) throw new UsageError(`** takes numbers, not ${describe(args[!(a instanceof Int) ? 0 : 1]!)}`);
  const dynamic = !a.s || !b.s;
  // Python's ints: 0 ** -1 raises (a DSL value's run-time pow gives inf)
  if (!dynamic && a.v === 0 && b.v < 0) throw new UsageError("0.0 cannot be raised to a negative power (Python raises ZeroDivisionError)");
  if (b.v < 0) return dynamic ? new DslFloat("Float32", roundTo("Float32", a.v ** b.v)) : new PyFloat(a.v ** b.v);
  const r = b.v > 64 && Math.abs(a.v) > 1 ? Number.NaN : a.v ** b.v;
  if (!Number.isSafeInteger(r)) throw new UsageError(`integer overflow: ${a.v} ** ${b.v} is beyond ${SAFE_LIMIT_TEXT} (cute-ts refuses rather than round)`);
  return dynamic ? D(r || 0) : S(r || 0);
}

// ------------------------------------------------------------------------------ pointers

/** the alignment of a register tensor's storage, as the DSL prints make_fragment's (print.ipynb: `f32, rmem, align<32>`) */
const FRAGMENT_ALIGN = 32;

function numericOf(v: EvalValue, what: string) {
  const x = v as unknown;
  const n = x instanceof DslType ? dslNumeric(x.name) : undefined;
  if (n === undefined) throw new UsageError(`${what} is a DSL numeric type (${dslNumericNames().map((k) => "cutlass." + k).join(", ")}), not ${x instanceof DslType ? x.name : describe(v)}`);
  return n;
}

const SPACES: Readonly<Record<string, readonly ("gmem" | "smem" | "rmem")[]>> = { generic: [], gmem: ["gmem"], smem: ["smem"], rmem: ["rmem"] };

function spaceTags(space: string): readonly ("gmem" | "smem" | "rmem")[] {
  if (space === "tmem") throw new Unsupported("the DSL's tensor-memory pointers (AddressSpace.tmem)");
  if (!Object.hasOwn(SPACES, space)) throw new UsageError(`a pointer's address space is generic, gmem, smem or rmem, not ${space}`);
  return SPACES[space]!;
}

function checkAlign(align: number, bytes: number, what: string): number {
  if (!(align >= 1) || (align & (align - 1)) !== 0) throw new UsageError(`${what} is a power of two (bytes), not ${align}`);
  if (align < bytes) throw new UsageError(`${what} ${align} is less than the element's ${bytes} bytes`);
  return align;
}

/** cute.runtime.make_ptr(dtype, value, mem_space=AddressSpace.generic, assumed_align=None): its alignment defaults to the element's size */
function makePtr(args: EvalValue[]): PtrIter {
  const [dtype, value, space, align] = args as [EvalValue, EvalValue | undefined, EvalValue | undefined, EvalValue | undefined];
  const t = numericOf(dtype, "cute.runtime.make_ptr's dtype");
  if (!(value instanceof Int)) throw new UsageError(`cute.runtime.make_ptr's value is an address (an integer), not ${value === undefined ? "nothing" : describe(value)}`);
  const x = space as unknown;
  let tags: readonly ("gmem" | "smem" | "rmem")[] = [];
  if (space !== undefined && !(space instanceof Underscore)) {
    if (!(x instanceof DslType) || !x.name.startsWith("AddressSpace.")) throw new UsageError("cute.runtime.make_ptr's mem_space is an address space, as in cute.AddressSpace.gmem");
    tags = spaceTags(x.name.slice("AddressSpace.".length));
  }
  const bytes = Math.max(1, t.bits / 8);
  let a = bytes;
  if (align !== undefined && !(align instanceof Underscore)) {
    if (!(align instanceof Int)) throw new UsageError(`cute.runtime.make_ptr's assumed_align is an integer (bytes), not ${describe(align)}`);
    a = checkAlign(align.v, bytes, "cute.runtime.make_ptr's assumed_align");
  }
  if (value.v < 0 || !Number.isSafeInteger(value.v)) throw new UsageError(`a pointer's address is a non-negative integer below 2^53, not ${value.v}`);
  if (value.v % a !== 0) throw new UsageError(`the address 0x${value.v.toString(16)} is not aligned to the assumed ${a} bytes`);
  return new PtrIter(t.bits, value.v, -1, tags, t.cxx, a);
}

/** `ptr<f32, gmem, align<16>>` read back: a pointer of that type (its address is not printed; 0 stands for it) */
function printedPtr(targs: readonly unknown[]): PtrIter {
  const [mlir, space, align] = targs as [string, string, number];
  const t = dslNumericOfMlir(mlir);
  if (t === undefined) throw new UsageError(`cute-ts does not know the element type ${mlir} of ptr<...>`);
  const bytes = Math.max(1, t.bits / 8);
  return new PtrIter(t.bits, 0, -1, spaceTags(space), t.cxx, align === 0 ? bytes : checkAlign(align, bytes, "align<N>"));
}

// ------------------------------------------------------------------------------ evaluation

/** the value of a DSL expression, and what its printer needs */
export interface DslValue {
  readonly value: EvalValue;
  /** what the DSL's types know of each dynamic integer of the value, in printing order */
  readonly dyn: readonly DynInfo[];
}

function runOnce(p: DslProgram, src: string): EvalValue | Promise<EvalValue> {
  return evaluateTree(p.tree, src, INTERCEPT);
}

/**
 * p run once with its slots at their given values; a tree that uses the DSL's atoms loads them
 * (once, lazily) and runs again. Synchronous when nothing had to load.
 */
function runGiven(p: DslProgram, src: string): EvalValue | Promise<EvalValue> {
  setSlots(p, (s) => s.given ?? stand_in(s));
  try {
    return runOnce(p, src);
  } catch (e) {
    if (e !== NEEDS_ATOMS) throw e;
    return import("./dsl-atoms.js").then((m) => {
      ATOMS = m;
      setSlots(p, (s) => s.given ?? stand_in(s));
      return runOnce(p, src);
    });
  }
}

/**
 * A deterministic multiplier for slot `i` in sample `k`: 1 for every slot in the first sample
 * (the least values, which min and shape_div meet), then small values 1 to 7, staggered between
 * slots (a floor division or a modulo by a dynamic value only varies below the dividend: `8 // ?`
 * is 0 for every ? past 8), then values in [1, 61].
 */
function multiplier(k: number, i: number): number {
  if (k === 0) return 1;
  if (k < 7) return 1 + ((k + i) % 7);
  let x = (k * 73856093) ^ (i * 19349663) ^ 0x5bd1e995;
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  x = Math.imul(x ^ (x >>> 12), 0x297a2d39);
  x ^= x >>> 15;
  return 1 + ((x >>> 0) % 61);
}

const SAMPLES = 12;
const MIN_SAMPLES = 4;
/**
 * the dynamic integers sampling may read, all samples together: a value with more of them is
 * sampled fewer times (never fewer than MIN_SAMPLES), a bound on work that is the same on every
 * machine, so a value's `?{div=N}` never depends on the machine's speed
 */
const SAMPLING_WORK = 1 << 16;

/** a value the DSL could have at run time for a slot without one (`?`) */
const stand_in = (s: DslSlot): number => s.div * 8;

function setSlots(p: DslProgram, value: (s: DslSlot, i: number) => number): void {
  p.slots.forEach((s, i) => (s.node.v = value(s, i)));
}

/** the dynamic integers of a value, or undefined where it is an atom or fails */
function leavesOf(p: DslProgram, src: string): Int[] | undefined {
  try {
    const v = runOnce(p, src);
    if (v instanceof Promise || v instanceof AtomValue) return undefined;
    return dynamicLeaves(unchecked(v));
  } catch {
    return undefined;
  }
}

function gcdNum(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/** what the DSL's types know of each dynamic integer of `v` (see the module's comment) */
function dynamicInfo(p: DslProgram, src: string, v: EvalValue): DynInfo[] {
  const leaves = dynamicLeaves(unchecked(v));
  if (leaves.length === 0) return [];
  const g = new Array<number>(leaves.length).fill(0);
  let samples = 0;
  // a large value is sampled less (never fewer than MIN_SAMPLES values)
  const wanted = Math.max(MIN_SAMPLES, Math.min(SAMPLES, Math.floor(SAMPLING_WORK / leaves.length)));
  for (let k = 0; k < SAMPLES; k++) {
    if (samples >= wanted) break;
    setSlots(p, (s, i) => s.div * multiplier(k, i));
    const ls = leavesOf(p, src);
    if (ls === undefined || ls.length !== leaves.length) continue;
    samples++;
    for (let j = 0; j < ls.length; j++) g[j] = gcdNum(g[j]!, ls[j]!.v);
  }
  const wide = new Array<boolean>(leaves.length).fill(false);
  if (p.slots.some((s) => s.width === 64)) {
    // a value that moves when only the Int64 inputs move follows one of them
    for (const k of [SAMPLES, SAMPLES + 1]) {
      setSlots(p, (s, i) => s.div * multiplier(0, i));
      const base = leavesOf(p, src);
      setSlots(p, (s, i) => s.div * (s.width === 64 ? multiplier(k, i) : multiplier(0, i)));
      const moved = leavesOf(p, src);
      if (base === undefined || moved === undefined || base.length !== leaves.length || moved.length !== leaves.length) continue;
      for (let j = 0; j < leaves.length; j++) if (base[j]!.v !== moved[j]!.v) wide[j] = true;
    }
  }
  return leaves.map((_, j) => ({ div: samples === 0 || g[j] === 0 ? 1 : g[j]!, i64: wide[j]! }));
}

/** printf needs every dynamic value: a `?` the result depends on is refused, named */
function refuseUnknown(p: DslProgram, src: string, v: EvalValue): void {
  const unknown = p.slots.filter((s) => s.given === undefined);
  if (unknown.length === 0) return;
  const leaves = dynamicLeaves(unchecked(v));
  if (leaves.length === 0) return;
  for (const probe of unknown) {
    setSlots(p, (s) => (s.given !== undefined ? s.given : s === probe ? stand_in(s) * 3 + s.div : stand_in(s)));
    const moved = leavesOf(p, src);
    if (moved === undefined || moved.length !== leaves.length || moved.some((x, j) => x.v !== leaves[j]!.v)) {
      throw new UsageError(`the dynamic integer '${probe.text}' (column ${probe.pos + 1}) has no value, and cute.printf prints values: give it one, as in cutlass.Int32(8)`);
    }
  }
}

function finish(p: DslProgram, src: string, v: EvalValue, dialect: Dialect): DslValue {
  if (v instanceof AtomValue) return { value: v, dyn: [] };
  if (dialect === "dsl-printf") {
    refuseUnknown(p, src, v);
    return { value: v, dyn: [] };
  }
  return { value: v, dyn: dynamicInfo(p, src, v) };
}

// ------------------------------------------------------------------------------ programs

/** Python's print of one value (`dsl`) or cute.printf's (`dsl-printf`): the value's text, no newline */
async function valueText(st: DslStatements, src: string, node: Node, mode: Dialect): Promise<string> {
  const p: DslProgram = { tree: node, slots: st.slots };
  const r = finish(p, src, await runGiven(p, src), mode);
  return showDslValue(r, mode).replace(/\n$/, "");
}

/** cute.printf's format: each {} takes the next value */
function formatted(format: string, texts: string[]): string {
  const n = format.split("{}").length - 1;
  if (n !== texts.length) throw new UsageError(`cute.printf's format has ${n} {} for ${texts.length} value${texts.length === 1 ? "" : "s"}`);
  let k = 0;
  return format.replace(/\{\}/g, () => texts[k++]!);
}

/** the most elements t.fill and cute.print_tensor take */
const MAX_ELEMENTS = 1 << 20;

function elementCount(t: Tensor): number {
  const n = T.product((t.layout as Layout).shape);
  if (!(n instanceof Int) || n.v > MAX_ELEMENTS) throw new UsageError(`cute-ts fills and prints tensors of at most ${MAX_ELEMENTS} elements`);
  return n.v;
}

/** t.fill(v): the byte address of every element holds v */
function fillMemory(memory: Map<number, number>, t: Tensor, v: number): void {
  const p = t.iter as PtrIter;
  const f = compileLayout(t.layout as Layout);
  for (let k = 0, n = elementCount(t); k < n; k++) memory.set(elementAddress(p, f.index(k)).addr, v);
}

/** cute.print_tensor of a tensor over memory the program wrote */
function printTensor(memory: Map<number, number>, t: Tensor, verbose: boolean): string {
  const p = t.iter as PtrIter;
  const l = t.layout as Layout;
  const mlir = p.type !== undefined ? mlirOfCxx(p.type) : undefined;
  if (mlir !== "f32") throw new Unsupported(`cute.print_tensor of ${mlir ?? `${p.bits}-bit`} elements (the DSL's notebooks show f32's)`);
  elementCount(t);
  const modes = Array.isArray(l.shape) ? l.shape.length : 1;
  if (modes > 3) throw new Unsupported("cute.print_tensor of a tensor of rank 4 or more (the DSL's notebooks show ranks 1 to 3)");
  if (verbose && modes !== 2) throw new Unsupported("cute.print_tensor(verbose=True) of a tensor of rank other than 2 (the DSL's notebooks show rank 2)");
  const sub = Array.from({ length: modes }, (_, m) => (modes === 1 && !Array.isArray(l.shape) ? l : sublayout(l, [m])));
  const dims = sub.map((m) => {
    const n = T.product(m.shape);
    return (n as Int).v;
  });
  if (dims.some((n) => n === 6 || n === 7)) throw new Unsupported("cute.print_tensor of a dimension of 6 or 7 (the DSL's notebooks show where it starts leaving rows out only as far as 5 shown, 8 cut)");
  if (modes === 1 && dims[0]! > 5) throw new Unsupported("cute.print_tensor of a rank-1 tensor of more than 5 elements (the DSL's notebooks do not show how it is cut)");
  const fs = sub.map((m) => compileLayout(m));
  const at = (c: number[]): number => {
    let off = 0;
    c.forEach((x, m) => (off += fs[m]!.index(x)));
    const a = elementAddress(p, off).addr;
    const v = memory.get(a);
    if (v === undefined) throw new UsageError(`cute.print_tensor reads 0x${a.toString(16)}, which the program did not write (t.fill(v) writes a tensor; cute-ts has no other memory)`);
    return v;
  };
  const space = typeof p.tags[0] === "string" ? p.tags[0] : "generic";
  return showDslPrintTensor({ addr: p.addr, mlir, space, align: p.align ?? Math.max(1, p.bits / 8), layout: showDslPrintf(l), dims, at }, verbose);
}

/** the most iterations a program's meta loops may make in all (each one evaluates its body) */
const MAX_ITERATIONS = 100_000;

/** a program's prints: every print(...) at trace time, then every cute.printf(...) at run time */
async function runStatements(st: DslStatements, src: string): Promise<DslValue> {
  let trace = "", runtime = "", iterations = 0;
  /** what the program wrote to memory: byte address to value */
  const memory = new Map<number, number>();
  const text = async (pieces: DslPieces, mode: Dialect): Promise<string> => {
    let t = "";
    for (const x of pieces) t += typeof x === "string" ? x : await valueText(st, src, x, mode);
    return t;
  };
  const value = async (node: Node): Promise<EvalValue> => runGiven({ tree: node, slots: st.slots }, src);
  const steps = async (list: readonly DslStep[]): Promise<void> => {
    for (const o of list) {
      if (o.kind === "loop") {
        const n = await value(o.bound);
        if (!(n instanceof Int) || !n.s) throw new UsageError(`a meta loop runs while tracing: its bound is a Python int, not ${n instanceof Int ? "a dynamic integer" : String(n)}`);
        for (let k = 0; k < n.v; k++) {
          if (++iterations > MAX_ITERATIONS) throw new UsageError(`the program's loops run more than ${MAX_ITERATIONS} iterations; cute-ts stops there`);
          o.counter.v = k;
          await steps(o.body);
        }
        continue;
      }
      if (o.kind === "assign") {
        // Python runs it here: what CuTe or Python would reject is an error even if nothing prints
        // it; what cute-ts does not support yet is left for a print that needs it to report
        try {
          await value(o.value);
        } catch (e) {
          if (!(e instanceof Unsupported)) throw e;
        }
        continue;
      }
      if (o.kind === "assert") {
        const c = await value(o.cond);
        if (!(c instanceof Int)) throw new UsageError(`assert takes a condition, not ${String(c)}`);
        if (!c.s) throw new Unsupported("assert on a dynamic condition (the DSL's Boolean has no value while tracing)");
        if (c.v === 0) throw new UsageError(`AssertionError${o.msg === undefined ? "" : ": " + (await text(o.msg, "dsl"))}`);
        continue;
      }
      if (o.kind === "fill" || o.kind === "print_tensor") {
        const t = await value(o.tensor);
        if (!(t instanceof Tensor && t.iter instanceof PtrIter && t.layout instanceof Layout)) throw new UsageError(`${o.kind === "fill" ? "t.fill" : "cute.print_tensor"} takes a tensor over memory (cute.make_tensor(cute.runtime.make_ptr(...), layout)), not ${describe(t)}`);
        if (o.kind === "fill") fillMemory(memory, t, o.value);
        else runtime += printTensor(memory, t, o.verbose);
        continue;
      }
      const mode: Dialect = o.kind === "print" ? "dsl" : "dsl-printf";
      const texts: string[] = [];
      for (const pieces of o.parts) texts.push(await text(pieces, mode));
      if (o.kind === "print") trace += texts.join(" ") + "\n";
      else runtime += (o.format !== undefined ? formatted(o.format, texts) : texts.join(" ")) + "\n";
    }
  };
  await steps(st.steps);
  return { value: new DslPrinted(trace, runtime), dyn: [] };
}

/**
 * An expression in the DSL's spelling, evaluated for printing in `dialect` (dsl or dsl-printf); or
 * a program (assignments, print, cute.printf), whose prints are the value: `dsl` shows the
 * trace-time prints then the run-time printfs, `dsl-printf` the printfs only.
 */
export function evaluateDsl(src: string, dialect: Dialect): DslValue | Promise<DslValue> {
  const st = parseDslStatements(src);
  if (st !== undefined) return runStatements(st, src);
  const p = parseDsl(src);
  const v = runGiven(p, src);
  if (v instanceof Promise) return v.then((w) => finish(p, src, w, dialect));
  return finish(p, src, v, dialect);
}

const overMemory = (v: EvalValue): boolean => (v instanceof Tensor && v.iter instanceof PtrIter) || (Array.isArray(v) && v.some(overMemory));

/** the text the DSL prints for the value, a newline at the end */
export function showDslValue(r: DslValue, dialect: Dialect): string {
  const v = r.value;
  if (v instanceof DslPrinted) return dialect === "dsl" ? v.trace + v.runtime : v.runtime;
  if ((v instanceof DslFloat || v instanceof PyFloat) && dialect === "dsl-printf") return v.printf() + "\n";
  if (v instanceof AtomValue) {
    if (dialect === "dsl-printf") throw new UsageError(words`cute.printf prints integers, tuples, layouts and tensors, not ${v.what}: print it with ${READ_AS_DSL}`);
    const t: unknown = "dsl" in v ? v.dsl : undefined;
    if (typeof t !== "function") throw new Unsupported(`the DSL's print of ${v.what}`);
    return String(t.call(v));
  }
  if (v instanceof ExtValue) throw new UsageError(`${(v as ExtValue).what} has no print of its own`);
  if (dialect === "dsl-printf") {
    if (overMemory(v)) throw new Unsupported("cute.printf of a tensor over memory (the DSL prints its elements, which are run-time data)");
    if ((v as unknown) instanceof PtrIter) throw new Unsupported("cute.printf of a pointer (print(ptr) at trace time prints its type)");
    return showDslPrintf(v) + "\n";
  }
  return showDsl(v, (k) => r.dyn[k] ?? { div: 1, i64: false }) + "\n";
}

/**
 * A command-line value (--atoms, --tile, --thr, --val) written in the DSL's spelling, as CuTe's
 * print notation: what the commands' own readers take (`(2, 2, 1)` is `(_2,_2,_1)`).
 */
export function dslArgText(src: string, what: string): string {
  const p = parseDsl(src);
  const unknown = p.slots.find((s) => s.given === undefined);
  if (unknown !== undefined) throw new UsageError(`${what}: the dynamic integer '${unknown.text}' has no value; give it one, as in cutlass.Int32(8)`);
  setSlots(p, (s) => s.given!);
  let v: EvalValue | Promise<EvalValue>;
  try {
    v = runOnce(p, src);
  } catch (e) {
    if (e === NEEDS_ATOMS) throw new UsageError(`${what} is a layout or a tuple, not an atom`);
    throw e;
  }
  if (v instanceof Promise || v instanceof AtomValue || v instanceof ExtValue) throw new UsageError(`${what} is a layout or a tuple`);
  return show(v);
}
