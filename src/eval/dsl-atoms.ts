/**
 * The CuTe DSL's MMA and copy atoms over cute-ts's catalogs (python/CuTeDSL/cutlass/cute/atom.py,
 * nvgpu/): an operation (`cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32,
 * (16, 8, 16))`, `cute.nvgpu.CopyUniversalOp()`, `cute.nvgpu.warp.LdMatrix8x8x16bOp(...)`) is the
 * CuTe operation of the same instruction (`SM80_16x8x16_F32F16F16F32_TN`, `UniversalCopy<...>`,
 * `SM75_U32x4_LDSM_N`), and `cute.make_mma_atom`, `make_tiled_mma`, `make_copy_atom`,
 * `make_tiled_copy_tv`, `make_tiled_copy`, `make_tiled_copy_A/B/C` are CuTe's MMA_Atom,
 * make_tiled_mma, Copy_Atom, make_tiled_copy. Each value prints as the DSL's classes print it
 * (MmaAtom.__str__, TiledMma.__str__, CopyAtom.__str__, TiledCopy.__str__) through
 * src/print/dsl.ts, and as CuTe's print() in the C++ dialect.
 *
 * This module holds the catalogs: src/eval/dsl.ts loads it when an expression names an atom.
 */
import { CuteError, Unsupported, UsageError } from "../core/errors.js";
import { Int, S } from "../core/integer.js";
import { Layout, make_layout } from "../core/layout.js";
import type { Tiler } from "../core/layout.js";
import type { IntTuple } from "../core/int-tuple.js";
import { Underscore } from "../core/int-tuple.js";
import { show } from "../print/print.js";
import { asLayout, asTiler } from "../notation/coerce.js";
import { resolveMma, type MmaTraits } from "../atoms/mma/catalog.js";
import { type TiledMma, make_tiled_mma } from "../atoms/mma/tiled-mma.js";
import { CopyAtom, make_copy_atom } from "../atoms/copy/atom.js";
import { TiledCopy, type TiledMmaLike, make_tiled_copy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C, make_tiled_copy_impl } from "../atoms/copy/tiled.js";
import { AtomValue, type EvalValue, describe, unchecked } from "./ext-value.js";
import { CopyAtomValue, MmaAtomValue, MmaOpValue, TiledCopyValue, TiledMmaValue, tiledMmaLike } from "./atom-values.js";
import { DslBool, DslKeyword, DslType } from "./dsl-values.js";
import { type DslNumeric, dslNumeric, dslNumericNames } from "../core/dsl-types.js";

// ------------------------------------------------------------------------------ the DSL's numeric types

function numeric(v: EvalValue | undefined, what: string): DslNumeric {
  const x = v as unknown;
  if (!(x instanceof DslType)) throw new UsageError(`${what} is a DSL numeric type, such as cutlass.Float16`);
  const n = dslNumeric(x.name);
  if (n === undefined) throw new UsageError(`cute-ts does not know the DSL type ${x.name} as ${what} (it knows ${dslNumericNames().join(", ")})`);
  return n;
}

// ------------------------------------------------------------------------------ arguments

interface Bound {
  pos: EvalValue[];
  kw: Map<string, EvalValue>;
}
function bind(args: EvalValue[]): Bound {
  const pos: EvalValue[] = [], kw = new Map<string, EvalValue>();
  for (const a of args) {
    const x = a as unknown;
    if (x instanceof DslKeyword) kw.set(x.name, x.value);
    else pos.push(a);
  }
  return { pos, kw };
}
/** the argument of this position or keyword, refusing unknown keywords and extra positions */
function params(name: string, b: Bound, names: string[]): (EvalValue | undefined)[] {
  if (b.pos.length > names.length) throw new UsageError(`${name} takes at most ${names.length} arguments (${names.join(", ")})`);
  for (const k of b.kw.keys()) if (!names.includes(k)) throw new UsageError(`${name} has no parameter '${k}' (parameters: ${names.join(", ")})`);
  return names.map((n, i) => {
    const p = b.pos[i], k = b.kw.get(n);
    if (p !== undefined && k !== undefined) throw new UsageError(`${name} got '${n}' twice`);
    return p ?? k;
  });
}
function need<T>(v: T | undefined, name: string, what: string): T {
  if (v === undefined) throw new UsageError(`${name} needs its argument '${what}'`);
  return v;
}
function staticInts(v: EvalValue | undefined, what: string): number[] {
  const xs = Array.isArray(v) ? v : [v];
  return xs.map((x) => {
    if (x instanceof Int && x.s) return x.v;
    throw new UsageError(`${what} is a tuple of Python ints, not ${x === undefined ? "nothing" : describe(x)}`);
  });
}
function bool(v: EvalValue | undefined, dflt: boolean, what: string): boolean {
  if (v === undefined) return dflt;
  const x = v as unknown;
  if (x instanceof DslBool) return x.v;
  throw new UsageError(`${what} is True or False`);
}
/** the member of a DSL enum (cute.nvgpu.cpasync.LoadCacheMode.GLOBAL: GLOBAL) */
function enumMember(v: EvalValue, enumName: string, what: string): string {
  const x = v as unknown;
  const m = x instanceof DslType ? new RegExp(`(?:^|\\.)${enumName}\\.([A-Z][A-Z0-9_]*)$`).exec(x.name) : null;
  if (!m) throw new UsageError(`${what} is a member of ${enumName}, such as cute.nvgpu.cpasync.${enumName}.ALWAYS`);
  return m[1]!;
}
function staticInt(v: EvalValue | undefined, dflt: number, what: string): number {
  if (v === undefined) return dflt;
  if (v instanceof Int && v.s) return v.v;
  throw new UsageError(`${what} is a Python int`);
}

// ------------------------------------------------------------------------------ values

/** a copy operation of the DSL: the CuTe operation for a number of bits per copy */
class DslCopyOp extends AtomValue {
  readonly what: string;
  constructor(
    readonly dslName: string,
    /** the CuTe operation copying `bits` bits per instruction (the op's own width when it has one) */
    readonly cxx: (bits: number, valueBits: number) => string,
  ) {
    super();
    this.what = `the copy operation ${dslName}`;
  }
  print(): string {
    throw new CuteError("print", `no matching overload for the copy operation ${this.dslName}: print cute.make_copy_atom(op, dtype)`);
  }
  dsl(): string {
    throw new UsageError(`cute-ts does not print the copy operation ${this.dslName} itself: print cute.make_copy_atom(op, dtype)`);
  }
  picture(): string {
    throw new UsageError("draw a TiledCopy: cute.make_tiled_copy_tv(atom, thr_layout, val_layout)");
  }
}

// ------------------------------------------------------------------------------ the operations

/** the shape (M,N,K) of an instruction, as a Python tuple of ints */
function shapeMNK(v: EvalValue | undefined, name: string): [number, number, number] {
  const s = staticInts(need(v, name, "shape_mnk"), `${name}'s shape_mnk`);
  if (s.length !== 3) throw new UsageError(`${name}'s shape_mnk is (M, N, K)`);
  return s as [number, number, number];
}

function mmaOp(cxx: string, text: string, name: string): EvalValue {
  let traits: MmaTraits;
  try {
    traits = resolveMma(cxx);
  } catch (e) {
    if (e instanceof UsageError) throw new UsageError(`${name}: the DSL makes no such operation (CuTe has no ${cxx})`);
    throw e;
  }
  return new MmaOpValue(traits, text);
}

/** a Python tuple as the DSL's __str__ shows it, (16, 8, 16) */
const pyTuple = (xs: number[]) => `(${xs.join(", ")})`;

/** the DSL's operations cute-ts reads, by their name after `cute.` */
const OPS: Readonly<Record<string, (b: Bound, name: string) => EvalValue>> = {
  // nvgpu/warp/mma.py: A row-major, B column-major (TN); the SM80 mma.sync instructions
  "nvgpu.warp.MmaF16BF16Op"(b, name) {
    const [ab, acc, sh] = params(name, b, ["ab_dtype", "acc_dtype", "shape_mnk"]);
    const a = numeric(need(ab, name, "ab_dtype"), `${name}'s ab_dtype`), c = numeric(need(acc, name, "acc_dtype"), `${name}'s acc_dtype`);
    const [m, n, k] = shapeMNK(sh, name);
    if (!["Float16", "BFloat16"].includes(a.name)) throw new UsageError(`${name} expects the 'ab_dtype' Op parameter to be one of Float16 or BFloat16`);
    if (!["Float16", "Float32"].includes(c.name)) throw new UsageError(`${name} expects the 'acc_dtype' Op parameter to be one of Float16 or Float32`);
    if (a.name === "BFloat16" && c.name !== "Float32") throw new UsageError(`${name} expects the 'acc_dtype' Op parameter to be Float32 when 'ab_dtype' is BFloat16`);
    if (!(m === 16 && n === 8 && (k === 8 || k === 16))) throw new UsageError(`${name} expects the 'shape_mnk' Op parameter to be one of (16,8,8) or (16,8,16)`);
    const text = `warp-level F16/BF16 MMA Operation\n  A/B data type         = ${a.name}\n  Accumulator data type = ${c.name}\n  Instruction shape MNK = ${pyTuple([m, n, k])}\n`;
    return mmaOp(`SM80_${m}x${n}x${k}_${c.mma}${a.mma}${a.mma}${c.mma}_TN`, text, name);
  },
  "nvgpu.warp.MmaFP8Op"(b, name) {
    const [ab, acc, sh] = params(name, b, ["ab_dtype", "acc_dtype", "shape_mnk"]);
    const a = numeric(need(ab, name, "ab_dtype"), `${name}'s ab_dtype`), c = numeric(need(acc, name, "acc_dtype"), `${name}'s acc_dtype`);
    const [m, n, k] = shapeMNK(sh, name);
    if (!["Float8E4M3FN", "Float8E5M2"].includes(a.name)) throw new UsageError(`${name} expects the 'ab_dtype' Op parameter to be one of Float8E4M3FN or Float8E5M2`);
    if (!["Float16", "Float32"].includes(c.name)) throw new UsageError(`${name} expects the 'acc_dtype' Op parameter to be Float32 or Float16`);
    if (!(m === 16 && n === 8 && (k === 16 || k === 32))) throw new UsageError(`${name} expects the 'shape_mnk' Op parameter to be (16,8,32) or (16,8,16)`);
    const text = `warp-level FP8 MMA Operation (SM89)\n  A/B data type         = ${a.name}\n  Accumulator data type = ${c.name}\n  Instruction shape MNK = ${pyTuple([m, n, k])}\n`;
    return mmaOp(`SM89_${m}x${n}x${k}_${c.mma}${a.mma}${a.mma}${c.mma}_TN`, text, name);
  },
  // nvgpu/common.py: the universal FMA, one thread, one value
  "nvgpu.MmaUniversalOp"(b, name) {
    const [t] = params(name, b, ["abacc_dtype"]);
    const x = numeric(need(t, name, "abacc_dtype"), `${name}'s abacc_dtype`);
    return mmaOp(`UniversalFMA<${x.cxx},${x.cxx},${x.cxx},${x.cxx}>`, `universal MMA Operation\n  A/B/Accumulator data type = ${x.name}\n`, name);
  },
  // nvgpu/common.py: a copy of num_bits_per_copy bits (make_copy_atom's keyword; the value type's width by default)
  "nvgpu.CopyUniversalOp"(b, name) {
    params(name, b, []);
    return new DslCopyOp(name, (bits) => `UniversalCopy<uint${bits}_t>`);
  },
  // nvgpu/warp/copy.py: ldmatrix / stmatrix of 8x8 matrices of 16-bit elements
  "nvgpu.warp.LdMatrix8x8x16bOp"(b, name) {
    const [tr, nm] = params(name, b, ["transpose", "num_matrices"]);
    const t = bool(tr, false, `${name}'s transpose`), n = staticInt(nm, 1, `${name}'s num_matrices`);
    if (![1, 2, 4].includes(n)) throw new UsageError(`${name}'s num_matrices is 1, 2 or 4`);
    return new DslCopyOp(name, () => (t ? `SM75_U16x${2 * n}_LDSM_T` : `SM75_U32x${n}_LDSM_N`));
  },
  "nvgpu.warp.StMatrix8x8x16bOp"(b, name) {
    const [tr, nm] = params(name, b, ["transpose", "num_matrices"]);
    const t = bool(tr, false, `${name}'s transpose`), n = staticInt(nm, 1, `${name}'s num_matrices`);
    if (![1, 2, 4].includes(n)) throw new UsageError(`${name}'s num_matrices is 1, 2 or 4`);
    return new DslCopyOp(name, () => (t ? `SM90_U16x${2 * n}_STSM_T` : `SM90_U32x${n}_STSM_N`));
  },
  // nvgpu/cpasync/copy.py: cp.async of num_bits_per_copy bits (32, 64 or 128)
  "nvgpu.cpasync.CopyG2SOp"(b, name) {
    const [mode] = params(name, b, ["cache_mode"]);
    // LoadCacheMode.ALWAYS (the default) is cp.async.ca, GLOBAL is cp.async.cg
    const m = mode === undefined ? "ALWAYS" : enumMember(mode, "LoadCacheMode", `${name}'s cache_mode`);
    if (m !== "ALWAYS" && m !== "GLOBAL") throw new UsageError(`${name}'s cache_mode is LoadCacheMode.ALWAYS or LoadCacheMode.GLOBAL in cute-ts, not ${m}`);
    return new DslCopyOp(name, (bits) => `SM80_CP_ASYNC_CACHE${m}<uint${bits}_t>`);
  },
};

// ------------------------------------------------------------------------------ the atom functions

function mmaTraitsOf(v: EvalValue | undefined, name: string): MmaTraits {
  if (v instanceof MmaOpValue || v instanceof MmaAtomValue) return v.traits;
  throw new UsageError(`${name} takes an MMA operation or atom (such as cute.nvgpu.warp.MmaF16BF16Op(...)), not ${v instanceof AtomValue ? v.what : show(unchecked(v!))}`);
}
function copyAtomOf(v: EvalValue | undefined, name: string): CopyAtomValue {
  if (v instanceof CopyAtomValue) return v;
  if (v instanceof DslCopyOp) throw new UsageError(`${name} takes a copy atom: cute.make_copy_atom(${v.dslName}(...), dtype)`);
  throw new UsageError(`${name} takes a copy atom (cute.make_copy_atom(op, dtype)), not ${v instanceof AtomValue ? v.what : show(unchecked(v!))}`);
}
function tiledMmaOf(v: EvalValue | undefined, name: string): TiledMma {
  if (v instanceof TiledMmaValue) return v.mma;
  throw new UsageError(`${name} takes a TiledMMA (cute.make_tiled_mma(...)), not ${v instanceof AtomValue ? v.what : show(unchecked(v!))}`);
}
function layoutArg(v: EvalValue | undefined, name: string, what: string): Layout {
  const x = need(v, name, what);
  if (x instanceof Layout) return x;
  if (x instanceof Int || Array.isArray(x)) return make_layout(x as IntTuple);
  return asLayout(unchecked(x), name);
}
/** a permutation tiler as the DSL takes one: None is `_` */
function permutation(v: EvalValue | undefined, name: string): Tiler | undefined {
  if (v === undefined) return undefined;
  if (v instanceof Underscore) return undefined;
  return asTiler(unchecked(v), name);
}

const FUNCTIONS: Readonly<Record<string, (b: Bound, name: string) => EvalValue>> = {
  make_mma_atom(b, name) {
    const [op] = params(name, b, ["op"]);
    return new MmaAtomValue(mmaTraitsOf(need(op, name, "op"), name), "dsl");
  },
  make_tiled_mma(b, name) {
    const [op, atoms, perm] = params(name, b, ["op_or_atom", "atom_layout_mnk", "permutation_mnk"]);
    const traits = mmaTraitsOf(need(op, name, "op_or_atom"), name);
    const layout = atoms === undefined ? make_layout([S(1), S(1), S(1)]) : layoutArg(atoms, name, "atom_layout_mnk");
    return new TiledMmaValue(make_tiled_mma(traits, layout, permutation(perm, name)));
  },
  make_copy_atom(b, name) {
    const [op, t, bits] = params(name, b, ["op", "copy_internal_type", "num_bits_per_copy"]);
    const x = need(op, name, "op") as unknown;
    if (!(x instanceof DslCopyOp)) throw new UsageError(`${name} takes a copy operation, such as cute.nvgpu.CopyUniversalOp()`);
    const vt = numeric(need(t, name, "copy_internal_type"), `${name}'s copy_internal_type`);
    const n = staticInt(bits, vt.bits, `${name}'s num_bits_per_copy`);
    return new CopyAtomValue(make_copy_atom(x.cxx(n, vt.bits), vt.cxx), "dsl", vt.mlir);
  },
  make_tiled_copy_tv(b, name) {
    const [atom, thr, val] = params(name, b, ["atom", "thr_layout", "val_layout"]);
    const a = copyAtomOf(atom, name);
    return new TiledCopyValue(make_tiled_copy(a.atom, layoutArg(thr, name, "thr_layout"), layoutArg(val, name, "val_layout")), a.mlir);
  },
  make_tiled_copy(b, name) {
    const [atom, tv, tiler] = params(name, b, ["atom", "layout_tv", "tiler_mn"]);
    const a = copyAtomOf(atom, name);
    return new TiledCopyValue(make_tiled_copy_impl(a.atom, layoutArg(tv, name, "layout_tv"), asTiler(unchecked(need(tiler, name, "tiler_mn")), name)), a.mlir);
  },
  make_tiled_copy_A: forMma(make_tiled_copy_A),
  make_tiled_copy_B: forMma(make_tiled_copy_B),
  make_tiled_copy_C: forMma(make_tiled_copy_C),
};

function forMma(f: (a: CopyAtom, m: TiledMmaLike) => TiledCopy): (b: Bound, name: string) => EvalValue {
  return (b, name) => {
    const [atom, mma] = params(name, b, ["atom", "tiled_mma"]);
    const a = copyAtomOf(atom, name);
    return new TiledCopyValue(f(a.atom, tiledMmaLike(tiledMmaOf(mma, name))), a.mlir);
  };
}

/** the DSL names of operations and atom functions cute-ts reads */
export function dslAtomNames(): string[] {
  return [...Object.keys(OPS), ...Object.keys(FUNCTIONS)];
}

/** `cute.<name>(args)` for an operation or atom function; keyword arguments come as DslKeyword values */
export function dslAtomCall(name: string, args: EvalValue[]): EvalValue {
  const shown = `cute.${name}`;
  const b = bind(args);
  if (Object.hasOwn(OPS, name)) return OPS[name]!(b, shown);
  if (Object.hasOwn(FUNCTIONS, name)) return FUNCTIONS[name]!(b, shown);
  throw new Unsupported(`the DSL's ${shown}`, ` (it reads ${dslAtomNames().map((n) => "cute." + n).join(", ")})`);
}

// ------------------------------------------------------------------------------ CuTe's atoms in the DSL's print

/** a value type named as the DSL names it (Float16, cutlass.Float16) as CuTe names it (half_t); other names as given */
export function cxxTypeOf(name: string): string {
  const n = name.replace(/^cutlass\./, "").replace(/^cute\./, "");
  return dslNumeric(n)?.cxx ?? name;
}
