/**
 * MMA and copy atoms as expression values (mma_atom.hpp, copy_atom.hpp): an operation
 * `SM80_16x8x16_F32F16F16F32_TN{}`, `MMA_Atom<OP>{}`, `Copy_Atom<OP, T>{}`, and
 * `make_tiled_mma(atom, atom_layout, permutation)`, `make_tiled_copy(atom, thr, val)`,
 * `make_tiled_copy_A/B/C(atom, tiled_mma)`. Each prints what CuTe's print() prints for it, with
 * the atoms' own formatters (the same text `cute-ts mma` and `cute-ts copy` print).
 *
 * This module holds the catalogs: src/eval/evaluate.ts loads it the first time an expression
 * names something it does not know otherwise, so that other expressions never load it.
 */
import { CuteError, ParseError, UsageError } from "../../core/errors.js";
import { Int } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import type { IntTuple } from "../../core/int-tuple.js";
import { Layout } from "../../core/layout.js";
import { Tensor, TmemIter } from "../../core/tensor.js";
import { asIntTuple, asLayout, asTiler, isIntTuple } from "../../notation/coerce.js";
import { type Node, type TArg, spellType } from "../../notation/parse.js";
import type { CallNode, InitNode, MemberNode } from "../../notation/read.js";
import { resolveMma, type MmaTraits } from "../../atoms/mma/catalog.js";
import { type Operand, type TiledMma, layoutMN, layoutTV, make_tiled_mma, permutationMNK, tileSizeMNK } from "../../atoms/mma/tiled-mma.js";
import * as ThrMMA from "../../atoms/mma/thr-mma.js";
import { make_fragment, partition_fragment, partition_fragment_C_of_shape } from "../../atoms/mma/fragment.js";
import { copyTraits } from "../../atoms/copy/catalog.js";
import { CopyAtom, make_copy_atom } from "../../atoms/copy/atom.js";
import { TiledCopy, type TiledMmaLike, formatTiledCopy, get_layoutD_MN, get_layoutD_TV, get_layoutS_MN, get_layoutS_TV, make_cotiled_copy, make_tiled_copy, make_tiled_copy_A, make_tiled_copy_B, make_tiled_copy_C, make_tiled_copy_C_atom, make_tiled_copy_D, make_tiled_copy_S, tidfrg_D, tidfrg_S, tiler_shape } from "../../atoms/copy/tiled.js";
import * as ThrCopy from "../../atoms/copy/thr-copy.js";
import { TmemTensor, make_tmem_copy, tmem_copy_atom } from "../../atoms/copy/tmem.js";
import { parseValueType } from "../../core/value-types.js";
import { AtomValue, type EvalValue, type Pictures, core, describe } from "../ext-value.js";
import { CopyAtomValue, MmaAtomValue, MmaOpValue, TiledCopyValue, TiledMmaValue, tiledMmaLike } from "../atom-values.js";
import { nargs } from "./registry.js";
import { SMEM_DESC_CALL, smemDescCall } from "./smem-desc.js";
import { lookupFunction } from "./index.js";
import { unknownType } from "../types.js";

/** a copy operation `OP{}`: only the first template argument of Copy_Atom<OP, T> makes it an atom */
class CopyOpValue extends AtomValue {
  readonly what: string;
  constructor(readonly op: string) {
    super();
    this.what = `the copy operation ${op}`;
  }
  print(): string {
    throw new CuteError("print", `no matching overload for the copy operation ${this.op}{}: print Copy_Atom<${this.op}, T>{}`);
  }
  picture(): string {
    throw new UsageError("CuTe draws TiledCopies, not copy operations: make_tiled_copy(Copy_Atom<OP, T>{}, thr, val)");
  }
}

/** TiledMMA::get_slice(thr_idx): a ThrMMA is a TiledMMA (it derives from one) with the thread's (V,M,N,K) */
class ThrMmaValue extends AtomValue {
  readonly what = "a ThrMMA";
  constructor(readonly thr: ThrMMA.ThrMma) {
    super();
  }
  print(): string {
    return ThrMMA.formatThrMma(this.thr);
  }
  // print_latex(TiledMMA const&) takes the ThrMMA as the TiledMMA it derives from
  picture(kind: "latex" | "svg", force: boolean, pics: Pictures): string {
    return new TiledMmaValue(this.thr.mma).picture(kind, force, pics);
  }
}

/** TiledCopy::get_slice(thr_idx): a ThrCopy holds the index and prints as its TiledCopy */
class ThrCopyValue extends AtomValue {
  readonly what = "a ThrCopy";
  constructor(readonly thr: ThrCopy.ThrCopy) {
    super();
  }
  print(): string {
    return formatTiledCopy(this.thr.tc);
  }
  picture(): string {
    throw new CuteError("print_latex", "no matching overload for a ThrCopy (it is not a TiledCopy): draw the TiledCopy");
  }
}

// ---------------------------------------------------------------- values of the atom types

/** `NAME<targs>` as C++ spells it (namespaces as written, white space removed) */
function spelled(name: string, types: Node[] | null, src: string): string {
  return types === null ? name : `${name}<${types.map((t) => spellType(t, src)).join(",")}>`;
}

/** `X<inner>` -> inner, for the traits wrappers MMA_Traits<OP> / Copy_Traits<OP> */
function unwrap(text: string, wrapper: string): string {
  const m = new RegExp(`^(?:cute::)?${wrapper}<(.*)>$`).exec(text);
  return m ? m[1]! : text;
}

function onlyEmpty(name: string, args: EvalValue[]): void {
  if (args.length > 0) throw new CuteError(`${name}{...}`, "no matching constructor: an atom is made from its type alone, write {}", []);
}

const MMA_LIKE = /(?:^|::)(?:SM\d+_|UniversalFMA|GMMA_|MMA_)/;
const COPY_LIKE = /COPY|Copy|LDSM|STSM|LDS|STS|CP_ASYNC|TMEM|UTCCP|TMA|BULK|Shuffle/;

/** `T<...>{}` for an atom type, or undefined when T is none */
/**
 * The SM90 GMMA operations (SM90_64x64x16_F16F16F16_SS, SM90_64x64x8_F32TF32TF32_SS_TN, ...) are
 * alias templates of SM90::GMMA::MMA_... (mma_traits_sm90_gmma.hpp, mma_traits_sm90_gmma_ext.hpp), except
 * the integer ones (S32 accumulators: SM90_64x8x32_S32S8S8_SS_TN), plain aliases of a class:
 * C++17 deduces no arguments for an alias template, so its name needs an argument list, `<>` at least
 */
const GMMA_ALIAS = /^(?:cute::)?SM90_\d+x\d+x\d+_(?!S32)[A-Z0-9]+_(?:SS|RS)(?:_TN)?$/;
function refuseBareAlias(text: string): void {
  if (!GMMA_ALIAS.test(text)) return;
  const bare = text.replace(/^cute::/, "");
  throw new CuteError(bare, `argument list for alias template ${bare} is missing (an alias template of SM90::GMMA::MMA_...; C++17 deduces none): write ${bare}<>{} or give its arguments`);
}

function atomType(name: string, types: Node[] | null, args: EvalValue[], pos: number, src: string): EvalValue {
  if (name === "MMA_Atom") {
    if (types === null || types.length !== 1) throw new ParseError(src, pos, "MMA_Atom<OP> takes one template argument, the MMA operation");
    onlyEmpty(name, args);
    const op = unwrap(spellType(types[0]!, src), "MMA_Traits");
    refuseBareAlias(op);
    return new MmaAtomValue(resolveMma(op));
  }
  if (types === null) refuseBareAlias(name);
  if (name === "Copy_Atom") {
    if (types === null || types.length !== 2) throw new ParseError(src, pos, "Copy_Atom<OP, T> takes two template arguments, the copy operation and the value type");
    onlyEmpty(name, args);
    return new CopyAtomValue(make_copy_atom(unwrap(spellType(types[0]!, src), "Copy_Traits"), spellType(types[1]!, src)));
  }
  const text = spelled(name, types, src);
  const isCopy = COPY_LIKE.test(name);
  if (!isCopy) {
    try {
      const traits = resolveMma(text);
      onlyEmpty(name, args);
      return new MmaOpValue(traits);
    } catch (e) {
      if (!(e instanceof UsageError && /^unknown MMA operation/.test(e.message))) throw e;
      if (MMA_LIKE.test(name)) throw e;
    }
  }
  try {
    copyTraits(text);
    onlyEmpty(name, args);
    return new CopyOpValue(text);
  } catch (e) {
    if (!(e instanceof UsageError && /^unknown copy operation/.test(e.message))) throw e;
    if (isCopy) throw e;
  }
  throw unknownType(name, src, pos);
}

export function init(n: InitNode, args: EvalValue[], src: string): EvalValue {
  return atomType(n.name, n.types, args, n.pos, src);
}

// ---------------------------------------------------------------- functions

function mmaTraitsOf(v: EvalValue, name: string): MmaTraits {
  const x = v as unknown;
  if (x instanceof MmaAtomValue || x instanceof MmaOpValue) return x.traits;
  throw new CuteError(name, "no matching overload: the first argument is an MMA_Atom<OP>{} or an MMA operation OP{}", [String(x instanceof AtomValue ? x.what : "a value that is not an MMA atom")]);
}
export function copyAtomOf(v: EvalValue, name: string): CopyAtom {
  const x = v as unknown;
  if (x instanceof CopyAtomValue) return x.atom;
  if (x instanceof CopyOpValue) throw new CuteError(name, `no matching overload: it takes a Copy_Atom<${x.op}, T>{}, not the operation alone`);
  throw new CuteError(name, "no matching overload: the first argument is a Copy_Atom<OP, T>{}", [String(x instanceof AtomValue ? x.what : "a value that is not a copy atom")]);
}
/** the TiledMMA a value holds (a ThrMMA derives from its TiledMMA); refused otherwise, naming `which` argument it was */
export function tiledMmaOf(v: EvalValue, name: string, which = "the second argument"): TiledMma {
  const x = v as unknown;
  if (x instanceof TiledMmaValue) return x.mma;
  // a ThrMMA derives from its TiledMMA
  if (x instanceof ThrMmaValue) return x.thr.mma;
  throw new CuteError(name, `no matching overload: ${which} is a TiledMMA (make_tiled_mma(...))`, [describe(v)]);
}

const FUNCTIONS: Readonly<Record<string, (args: EvalValue[], name: string) => EvalValue>> = {
  make_tiled_mma(args, name) {
    nargs(name, args, 1, 3);
    const traits = mmaTraitsOf(args[0]!, name);
    const layout = args[1] === undefined ? undefined : asLayout(core(args[1], name), name);
    const perm = args[2] === undefined ? undefined : asTiler(core(args[2], name), name);
    return new TiledMmaValue(make_tiled_mma(traits, layout, perm));
  },
  make_tiled_copy(args, name) {
    nargs(name, args, 2, 3);
    const atom = copyAtomOf(args[0]!, name);
    const thr = asLayout(core(args[1]!, name), name);
    const val = args[2] === undefined ? undefined : asLayout(core(args[2], name), name);
    return new TiledCopyValue(make_tiled_copy(atom, thr, val));
  },
  make_tiled_copy_A: copyForMma(make_tiled_copy_A),
  make_tiled_copy_B: copyForMma(make_tiled_copy_B),
  make_tiled_copy_C: copyForMma(make_tiled_copy_C),
  make_tiled_copy_S: copyForCopy(make_tiled_copy_S),
  make_tiled_copy_D: copyForCopy(make_tiled_copy_D),
  make_tiled_copy_C_atom: copyForMma(make_tiled_copy_C_atom),
  // make_cotiled_copy(atom, atom_tv_layout, data_layout): the TiledCopy whose threads and values take the data's addresses
  make_cotiled_copy(args, name) {
    nargs(name, args, 3, 3);
    return new TiledCopyValue(make_cotiled_copy(copyAtomOf(args[0]!, name), asLayout(core(args[1]!, name), name), asLayout(core(args[2]!, name), name)));
  },
  make_tmem_copy(args, name) {
    nargs(name, args, 2, 2);
    const tmem = tmemTensorOf(args[1]!, name);
    const x = args[0] as unknown;
    // make_tmem_copy(OP{}, tmem) is make_tmem_copy(Copy_Atom<OP, value_type of tmem>{}, tmem)
    const atom = x instanceof CopyOpValue ? tmem_copy_atom(x.op, tmem) : copyAtomOf(args[0]!, name);
    return new TiledCopyValue(make_tmem_copy(atom, tmem));
  },
  partition_shape_A: partitionShape("A"),
  partition_shape_B: partitionShape("B"),
  partition_shape_C: partitionShape("C"),
  tile_shape(args, name) {
    nargs(name, args, 1, 1);
    const mma = tiledMmaOf(args[0]!, name, "the argument");
    return [tileSizeMNK(mma, 0), tileSizeMNK(mma, 1), tileSizeMNK(mma, 2)];
  },
  partition_fragment_A: noStaticFragment("A"),
  partition_fragment_B: noStaticFragment("B"),
  partition_fragment_C(args, name) {
    nargs(name, args, 2, 2);
    return partition_fragment_C_of_shape(tiledMmaOf(args[0]!, name, "the first argument"), asIntTuple(core(args[1]!, name), `the shape of ${name}`));
  },
};

/** a Tensor<tmem_ptr<T>, Layout> as the TMEM copies take it; T is known by its width only (tmem_ptr's print) */
function tmemTensorOf(v: EvalValue, name: string): TmemTensor {
  if (v instanceof Tensor && v.iter instanceof TmemIter && v.layout instanceof Layout) {
    return new TmemTensor(parseValueType(v.iter.type ?? `uint${v.iter.bits}_t`), v.layout, v.iter.addr);
  }
  throw new CuteError(name, "no matching overload: the second argument is a TMEM tensor (tmem_ptr<T> and a layout, e.g. a UMMA TiledMMA's make_fragment_C / partition_fragment_C)", [describe(v)]);
}

function partitionShape(w: Operand): (args: EvalValue[], name: string) => EvalValue {
  return (args, name) => {
    nargs(name, args, 2, 2);
    return ThrMMA.partition_shape(tiledMmaOf(args[0]!, name, "the first argument"), w, asIntTuple(core(args[1]!, name), `the shape of ${name}`));
  };
}

/** CuTe has partition_fragment_C(tiled_mma, shape) only: A's and B's depend on the tensor and the thread */
function noStaticFragment(w: "A" | "B"): (args: EvalValue[], name: string) => EvalValue {
  return (_args, name) => {
    throw new CuteError(name, `no matching function: CuTe has partition_fragment_C(tiled_mma, shape) only; A's and B's fragments depend on the tensor and the thread: tiled_mma.get_slice(thr_idx).partition_fragment_${w}(tensor)`);
  };
}

/**
 * CuTe's overloads of a core function for atoms: size<I...>(tiled_mma) is the size of its
 * ThrLayoutVMNK (the threads), size(tiled_copy) its TiledNumThr; undefined for other calls
 */
export function overload(n: CallNode, args: EvalValue[]): EvalValue | undefined {
  if (n.name === "size" && args.length === 1 && (args[0] as unknown) instanceof AtomValue) return sizeOf(args, n.targs, n.name);
  return undefined;
}

function sizeOf(args: EvalValue[], targs: TArg[], name: string): EvalValue {
  nargs(name, args, 1, 1);
  const x = args[0] as unknown;
  if (x instanceof TiledMmaValue || x instanceof ThrMmaValue) return lookupFunction("size")!([(x instanceof TiledMmaValue ? x.mma : x.thr.mma).thrLayoutVMNK], targs, name);
  if (name === "size" && x instanceof TiledCopyValue && targs.length === 0) return x.tc.tiledNumThr;
  throw new CuteError(`${name}${targs.length ? `<${targs.join(",")}>` : ""}`, `no matching overload for ${describe(args[0]!)}`, [describe(args[0]!)]);
}

/** tile_size<I>(tiled_mma) = tile_size_mnk<I>(); tile_size<I...>(tiled_copy) = size<I...>(shape(Tiler_MN)) */
function tileSize(args: EvalValue[], targs: TArg[], name: string): EvalValue {
  nargs(name, args, 1, 1);
  const x = args[0] as unknown;
  const is = targs.map((t) => {
    if (typeof t !== "number") throw new UsageError(`${name} takes integer template arguments, e.g. ${name}<0>(...)`);
    return t;
  });
  if (x instanceof TiledMmaValue || x instanceof ThrMmaValue) {
    if (is.length !== 1 || is[0]! < 0 || is[0]! > 2) throw new CuteError(name, "static assertion failed: 0 <= I && I < 3 (tile_size<I> of a TiledMMA takes one mode, M, N or K)", [is.join(",")]);
    const mma = x instanceof TiledMmaValue ? x.mma : x.thr.mma;
    return tileSizeMNK(mma, is[0] as 0 | 1 | 2);
  }
  if (x instanceof TiledCopyValue) {
    let sh: T.IntTuple = tiler_shape(x.tc.tiler);
    for (const i of is) sh = T.get(sh, i, name);
    return T.size(sh);
  }
  throw new CuteError(name, "no matching overload: tile_size takes a TiledMMA or a TiledCopy", [describe(args[0]!)]);
}

function copyForMma(f: (a: CopyAtom, m: TiledMmaLike) => TiledCopy): (args: EvalValue[], name: string) => EvalValue {
  return (args, name) => {
    nargs(name, args, 2, 2);
    return new TiledCopyValue(f(copyAtomOf(args[0]!, name), tiledMmaLike(tiledMmaOf(args[1]!, name))));
  };
}

/** make_tiled_copy_S/D(atom, tiled_copy): another atom over the Src/Dst partitioning of a TiledCopy (copy_atom.hpp) */
function copyForCopy(f: (a: CopyAtom, tc: TiledCopy) => TiledCopy): (args: EvalValue[], name: string) => EvalValue {
  return (args, name) => {
    nargs(name, args, 2, 2);
    const x = args[1] as unknown;
    if (!(x instanceof TiledCopyValue)) throw new CuteError(name, "no matching overload: the second argument is a TiledCopy (make_tiled_copy(...))", [describe(args[1]!)]);
    return new TiledCopyValue(f(copyAtomOf(args[0]!, name), x.tc));
  };
}

/** an atom function, or `T<...>(args)` for an atom type; undefined when the name is neither */
export function call(n: CallNode, args: EvalValue[], src: string): EvalValue | undefined {
  if (SMEM_DESC_CALL.test(n.name)) return smemDescCall(n, args, src);
  if (n.name === "tile_size") return tileSize(args, n.targs, n.name);
  if (n.name === "thr_size") return sizeOf(args, n.targs, n.name);
  const f = Object.hasOwn(FUNCTIONS, n.name) ? FUNCTIONS[n.name]! : undefined;
  if (f) return f(args, n.name);
  try {
    return atomType(n.name, n.types, args, n.pos, src);
  } catch (e) {
    // neither a function nor a type: the caller reports an unknown function
    if (e instanceof ParseError && /does not know the C\+\+ type/.test(e.expected)) return undefined;
    throw e;
  }
}

// ---------------------------------------------------------------- member functions

type Method<X> = (self: X, args: EvalValue[], targs: TArg[], name: string) => EvalValue;

/** the thread index of get_slice / get_thread_slice: an integral value (CuTe requires is_integral) */
function threadIndex(args: EvalValue[], name: string): Int {
  nargs(name, args, 1, 1);
  const t = args[0]!;
  if (!(t instanceof Int)) throw new CuteError(name, "no matching member function: the thread index is an integer (is_integral<ThrIdx>)", [describe(t)]);
  return t;
}

/** the tensor a partition takes: CuTe's partition_* read its data() and layout() */
function tensorArg(args: EvalValue[], name: string): Tensor {
  nargs(name, args, 1, 1);
  const t = args[0]!;
  if (t instanceof Tensor) return t;
  const what = t instanceof Layout ? "a Layout has no data()" : `${describe(t)} is not a tensor`;
  throw new CuteError(name, `no matching member function: it partitions a tensor, and ${what} (make_identity_tensor(shape) gives one of coordinates)`, [describe(t)]);
}

/** make_fragment_A/B/C's argument: a partitioned tensor, or its layout or shape (partition_shape_A/B/C) */
function fragmentArg(args: EvalValue[], name: string): Tensor | Layout | IntTuple {
  nargs(name, args, 1, 1);
  const t = args[0]!;
  if (t instanceof Tensor || t instanceof Layout || isIntTuple(t)) return t;
  throw new CuteError(name, "no matching member function: it takes a tensor partitioned by partition_A/B/C, or its shape (partition_shape_A/B/C)", [describe(t)]);
}

const none =
  <X>(f: (self: X) => EvalValue): Method<X> =>
  (self, args, _t, name) => {
    nargs(name, args, 0, 0);
    return f(self);
  };

/** I of a member template `f<I>()` over the modes M, N, K */
function modeTarg(targs: TArg[], name: string): 0 | 1 | 2 {
  const i = targs[0];
  if (targs.length !== 1 || typeof i !== "number" || i < 0 || i > 2) throw new CuteError(name, "static assertion failed: 0 <= I && I < 3", [targs.join(",")]);
  return i as 0 | 1 | 2;
}

/** a layout or a tensor through f (a tensor keeps its iterator) */
function layoutOrTensor(args: EvalValue[], name: string, onLayout: (l: Layout) => Layout, onTensor: (t: Tensor) => Tensor): EvalValue {
  nargs(name, args, 1, 1);
  const x = args[0]!;
  if (x instanceof Tensor) return onTensor(x);
  if (x instanceof Layout) return onLayout(x);
  throw new CuteError(name, "no matching member function: it takes a tensor or a layout", [describe(x)]);
}

const MMA_METHODS: Readonly<Record<string, Method<TiledMma>>> = {
  get_slice: (mma, args, _t, name) => new ThrMmaValue(ThrMMA.get_slice(mma, threadIndex(args, name))),
  get_thread_slice: (mma, args, _t, name) => new ThrMmaValue(ThrMMA.get_slice(mma, threadIndex(args, name))),
  get_layoutA_TV: none((mma) => layoutTV(mma, "A")),
  get_layoutB_TV: none((mma) => layoutTV(mma, "B")),
  get_layoutC_TV: none((mma) => layoutTV(mma, "C")),
  get_layoutA_MK: none((mma) => layoutMN(mma, "A") as EvalValue),
  get_layoutB_NK: none((mma) => layoutMN(mma, "B") as EvalValue),
  get_layoutC_MN: none((mma) => layoutMN(mma, "C") as EvalValue),
  get_thr_layout_vmnk: none((mma) => mma.thrLayoutVMNK),
  // the member type TiledMMA::AtomThrID, as `typename decltype(mma)::AtomThrID{}` names it
  AtomThrID: none((mma) => mma.atom.thrID),
  thrfrg_A: (mma, args, _t, name) => layoutOrTensor(args, name, (l) => ThrMMA.thrfrgChecked(mma, "A", l), (t) => ThrMMA.thrfrgTensor(mma, "A", t)),
  thrfrg_B: (mma, args, _t, name) => layoutOrTensor(args, name, (l) => ThrMMA.thrfrgChecked(mma, "B", l), (t) => ThrMMA.thrfrgTensor(mma, "B", t)),
  thrfrg_C: (mma, args, _t, name) => layoutOrTensor(args, name, (l) => ThrMMA.thrfrgChecked(mma, "C", l), (t) => ThrMMA.thrfrgTensor(mma, "C", t)),
  tile_size_mnk: (mma, args, targs, name) => (nargs(name, args, 0, 0), tileSizeMNK(mma, modeTarg(targs, name))),
  permutation_mnk: (mma, args, targs, name) => (nargs(name, args, 0, 0), permutationMNK(mma, modeTarg(targs, name)) as EvalValue),
  // MMA_Atom's static make_fragment_A/B/C, which a TiledMMA (and a ThrMMA) inherits: of a partitioned tensor
  make_fragment_A: (mma, args, _t, name) => make_fragment(mma, "A", fragmentArg(args, name)),
  make_fragment_B: (mma, args, _t, name) => make_fragment(mma, "B", fragmentArg(args, name)),
  make_fragment_C: (mma, args, _t, name) => make_fragment(mma, "C", fragmentArg(args, name)),
};

const THR_MMA_METHODS: Readonly<Record<string, Method<ThrMMA.ThrMma>>> = {
  partition_A: (thr, args, _t, name) => ThrMMA.partition(thr, "A", tensorArg(args, name)),
  partition_B: (thr, args, _t, name) => ThrMMA.partition(thr, "B", tensorArg(args, name)),
  partition_C: (thr, args, _t, name) => ThrMMA.partition(thr, "C", tensorArg(args, name)),
  partition_fragment_A: (thr, args, _t, name) => partition_fragment(thr, "A", tensorArg(args, name)),
  partition_fragment_B: (thr, args, _t, name) => partition_fragment(thr, "B", tensorArg(args, name)),
  partition_fragment_C: (thr, args, _t, name) => partition_fragment(thr, "C", tensorArg(args, name)),
};

const COPY_METHODS: Readonly<Record<string, Method<TiledCopy>>> = {
  get_slice: (tc, args, _t, name) => new ThrCopyValue(ThrCopy.get_slice(tc, threadIndex(args, name))),
  get_thread_slice: (tc, args, _t, name) => new ThrCopyValue(ThrCopy.get_slice(tc, threadIndex(args, name))),
  get_layoutS_TV: none(get_layoutS_TV),
  get_layoutD_TV: none(get_layoutD_TV),
  get_layoutS_MN: none((tc) => get_layoutS_MN(tc) as EvalValue),
  get_layoutD_MN: none((tc) => get_layoutD_MN(tc) as EvalValue),
  tidfrg_S: (tc, args, _t, name) => layoutOrTensor(args, name, (l) => tidfrg_S(tc, l), (t) => ThrCopy.tidfrgTensor(tc, "S", t)),
  tidfrg_D: (tc, args, _t, name) => layoutOrTensor(args, name, (l) => tidfrg_D(tc, l), (t) => ThrCopy.tidfrgTensor(tc, "D", t)),
};

const THR_COPY_METHODS: Readonly<Record<string, Method<ThrCopy.ThrCopy>>> = {
  partition_S: (thr, args, _t, name) => ThrCopy.partition(thr, "S", tensorArg(args, name)),
  partition_D: (thr, args, _t, name) => ThrCopy.partition(thr, "D", tensorArg(args, name)),
  retile_S: (thr, args, _t, name) => ThrCopy.retile(thr.tc, tensorArg(args, name)),
  retile_D: (thr, args, _t, name) => ThrCopy.retile(thr.tc, tensorArg(args, name)),
};

function method<X>(table: Readonly<Record<string, Method<X>>>, name: string): Method<X> | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** `target.name<targs>(args)` on an atom value: CuTe's member functions of TiledMMA, ThrMMA, TiledCopy and ThrCopy */
export function member(n: MemberNode, target: AtomValue, args: EvalValue[], src: string): EvalValue {
  const name = n.name;
  if (target instanceof ThrMmaValue) {
    const f = method(THR_MMA_METHODS, name);
    if (f) return f(target.thr, args, n.targs, name);
    // a ThrMMA is a TiledMMA
    const g = method(MMA_METHODS, name);
    if (g) return g(target.thr.mma, args, n.targs, name);
  } else if (target instanceof TiledMmaValue) {
    const g = method(MMA_METHODS, name);
    if (g) return g(target.mma, args, n.targs, name);
  } else if (target instanceof TiledCopyValue) {
    const g = method(COPY_METHODS, name);
    if (g) return g(target.tc, args, n.targs, name);
  } else if (target instanceof ThrCopyValue) {
    const f = method(THR_COPY_METHODS, name);
    if (f) return f(target.thr, args, n.targs, name);
  }
  throw unknownMember(n, target, src);
}

/** the members each kind has, for the message of an unknown one */
function membersOf(target: AtomValue): string[] {
  if (target instanceof ThrMmaValue) return [...Object.keys(THR_MMA_METHODS), ...Object.keys(MMA_METHODS)];
  if (target instanceof TiledMmaValue) return Object.keys(MMA_METHODS);
  if (target instanceof TiledCopyValue) return Object.keys(COPY_METHODS);
  if (target instanceof ThrCopyValue) return Object.keys(THR_COPY_METHODS);
  return [];
}

function unknownMember(n: MemberNode, target: AtomValue, src: string): ParseError {
  const known = membersOf(target);
  // a ThrMMA's or ThrCopy's partition called on the tiled object: say where it lives
  const slice = (target instanceof TiledMmaValue && Object.hasOwn(THR_MMA_METHODS, n.name)) || (target instanceof TiledCopyValue && Object.hasOwn(THR_COPY_METHODS, n.name));
  if (slice) return new ParseError(src, n.pos, `${n.name} is a member of one thread's slice: write .get_slice(thr_idx).${n.name}(...)`);
  return new ParseError(src, n.pos, `${target.what} has no member function '${n.name}' that cute-ts knows${known.length ? ` (it knows ${known.join(", ")})` : ""}`);
}
