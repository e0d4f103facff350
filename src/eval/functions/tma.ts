/**
 * TMA in expressions (copy_traits_sm90_tma.hpp, copy_traits_sm100_tma.hpp), as a kernel's host
 * code builds it: the operations `SM90_TMA_LOAD{}`, ...; `make_tma_copy(op, gtensor, slayout
 * [, cta_tiler], [cluster_size])`, `make_tma_atom(op, gtensor, slayout, cta_tiler[, cluster_size])`,
 * the SM100 UMMA operand builders `make_tma_copy_A/B/C_sm100(op, gtensor, slayout, tiler, mma)` and
 * `make_tma_atom_A/B_sm100(op, gtensor, slayout, tiler, mma, cluster_layout_vmnk)`; their members
 * `.get_tma_tensor(shape)`, `.get_slice(i)` / `.get_thread_slice(i)` and a slice's
 * `.partition_S(t)` / `.partition_D(t)`. The gmem tensor's element type is the TMA's type.
 *
 * Every value is built by src/atoms/tma (the same builders `cute-ts tma` and `tma-coords` run), so
 * `print(tma)` prints what `cute-ts tma` prints and `print(tma.get_tma_tensor(...))` what
 * `tma-coords` prints. This module is loaded the first time an expression names a TMA operation or
 * builder (src/eval/evaluate.ts), never otherwise.
 */
import { CuteError, Unsupported, UsageError } from "../../core/errors.js";
import { Int, S } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import type { Coord, IntTuple } from "../../core/int-tuple.js";
import { Layout, type Tiler } from "../../core/layout.js";
import { PtrIter, Tensor } from "../../core/tensor.js";
import { show } from "../../print/print.js";
import { asIntTuple, asTiler, isIntTuple } from "../../notation/coerce.js";
import { type Node, spellType } from "../../notation/parse.js";
import type { CallNode, InitNode, MemberNode } from "../../notation/read.js";
import { makeTmaAtom, makeTmaCopy, printTiledCopy, printTmaAtom, type TmaArgs, type TmaAtom, type TmaCopy } from "../../atoms/tma/make-tma-copy.js";
import { getTmaTensor, partition } from "../../atoms/tma/coords.js";
import { TMA_OPS, checkSmemBits, smemLayoutOf, tmaOp, tmaValueType, type TmaValueType } from "../../atoms/tma/types.js";
import { clusterLayoutVMNK, makeTmaAtomSm100, makeTmaCopySm100, type UmmaOperand } from "../../atoms/tma/sm100.js";
import { formatTiledCopy } from "../../atoms/copy/index.js";
import { AtomValue, type EvalValue, type Pictures, core, describe, unchecked } from "../ext-value.js";
import { nargs } from "./registry.js";
import { copyAtomOf, tiledMmaOf } from "./atoms.js";
import { create_tma_multicast_mask, tma_partition, TMA_PARTITION_DEFAULTS } from "../../atoms/tma/partition.js";
import type { CopyAtom } from "../../atoms/copy/index.js";
import { im2colBuilders } from "./tma-im2col.js";

/** the names this module answers: TMA operations (as values) and builders (as calls) */
export const TMA_OP_NAME = /^(?:cute::)?SM\d+_TMA_\w+$/;
export const TMA_CALL_NAME = /^(?:cute::)?(?:make_tma_(?:copy|atom)(?:_[ABC]_sm100)?|make_im2col_tma_(?:copy|atom)(?:_[AB]_sm100)?|tma_partition|create_tma_multicast_mask)$/;

/** an im2col operation (every one CuTe names, SM90_TMA_LOAD_IM2COL ... SM100_TMA_2SM_LOAD_IM2COL_MULTICAST, has this in its name) */
const IM2COL = /_IM2COL/;

/** a TMA operation `OP{}`: what make_tma_copy and its kin take first */
class TmaOpValue extends AtomValue {
  readonly what: string;
  constructor(readonly op: string) {
    super();
    this.what = `the copy operation ${op}`;
  }
  print(): string {
    throw new CuteError("print", `no matching overload for the copy operation ${this.op}{}: print the TiledCopy make_tma_copy(${this.op}{}, gtensor, slayout) builds`);
  }
  picture(): string {
    throw new UsageError("CuTe draws TiledCopies, not copy operations");
  }
}

/** what a TMA value's members are: a table of member functions by name */
type Members = Readonly<Record<string, (args: EvalValue[], name: string) => EvalValue>>;

abstract class TmaValue extends AtomValue {
  protected abstract members(): Members;
  /** `this.name(args)`: CuTe's member function of this object */
  override member(n: MemberNode, args: EvalValue[]): EvalValue {
    const m = this.members();
    const f = Object.hasOwn(m, n.name) ? m[n.name]! : undefined;
    if (f === undefined) {
      const slice = (n.name === "partition_S" || n.name === "partition_D") && this instanceof TmaTiledCopyValue;
      if (slice) throw new CuteError(`.${n.name}(...)`, `${n.name} is a member of one CTA's slice: write .get_slice(cta_rank).${n.name}(...)`);
      throw new CuteError(`.${n.name}(...)`, `${this.what} made by ${this.builder} has no member function '${n.name}' that cute-ts knows (it knows ${Object.keys(m).join(", ")})`);
    }
    return f(args, n.name);
  }
  abstract readonly builder: string;
}

/** make_tma_copy's (or make_tma_copy_X_sm100's) TiledCopy */
class TmaTiledCopyValue extends TmaValue {
  readonly what = "a TiledCopy";
  constructor(
    readonly copy: TmaCopy,
    readonly builder: string,
  ) {
    super();
  }
  print(): string {
    return printTiledCopy(this.copy);
  }
  picture(kind: "latex" | "svg", force: boolean, p: Pictures): string {
    return kind === "latex" ? p.print_latex_tiled_copy(this.copy.tiled, force) : p.print_svg_tiled_copy(this.copy.tiled, force);
  }
  protected members(): Members {
    const slice = (args: EvalValue[], name: string): EvalValue => new TmaThrCopyValue(this.copy, ctaRank(args, name), this.builder);
    return { get_tma_tensor: (args, name) => tmaTensor(this.copy, args, name), get_slice: slice, get_thread_slice: slice };
  }
}

/** make_tma_atom's (or make_tma_atom_X_sm100's) Copy_Atom */
class TmaAtomValue extends TmaValue {
  readonly what = "a Copy_Atom";
  constructor(
    readonly atom: TmaAtom,
    readonly builder: string,
  ) {
    super();
  }
  print(): string {
    return printTmaAtom(this.atom);
  }
  picture(): string {
    throw new UsageError("CuTe draws TiledCopies, not bare atoms: make_tma_copy builds one");
  }
  protected members(): Members {
    return { get_tma_tensor: (args, name) => tmaTensor(this.atom, args, name) };
  }
}

/** TiledCopy::get_slice(cta_rank) of a TMA TiledCopy: its threads are the cluster's CTAs */
class TmaThrCopyValue extends TmaValue {
  readonly what = "a ThrCopy";
  constructor(
    readonly copy: TmaCopy,
    readonly rank: Int,
    readonly builder: string,
  ) {
    super();
  }
  // a ThrCopy prints as its TiledCopy (as cute-ts's other ThrCopies do)
  print(): string {
    return formatTiledCopy(this.copy.tiled);
  }
  picture(): string {
    throw new CuteError("print_latex", "no matching overload for a ThrCopy (it is not a TiledCopy): draw the TiledCopy");
  }
  protected members(): Members {
    const part = (side: "S" | "D") => (args: EvalValue[], name: string): EvalValue => {
      if (args.length !== 1) throw new CuteError(name, `no matching member function for ${args.length} arguments (takes one tensor)`);
      const t = args[0]!;
      if (!(t instanceof Tensor)) throw new CuteError(name, "no matching member function: it partitions a tensor", [describe(t)]);
      return partition(this.copy, t, this.rank, side);
    };
    return { partition_S: part("S"), partition_D: part("D") };
  }
}

/** get_slice's index: an integer (CuTe requires is_integral) */
function ctaRank(args: EvalValue[], name: string): Int {
  if (args.length !== 1) throw new CuteError(name, `no matching member function for ${args.length} arguments (takes the CTA's rank in the cluster)`);
  const r = args[0]!;
  if (!(r instanceof Int)) throw new CuteError(name, "no matching member function: the index is an integer (is_integral<ThrIdx>)", [describe(r)]);
  return r;
}

/** get_tma_tensor(g_shape): the shape must be congruent with the coordinate strides the TMA made */
function tmaTensor(a: TmaAtom, args: EvalValue[], name: string): EvalValue {
  if (args.length !== 1) throw new CuteError(name, `no matching member function for ${args.length} arguments (takes the gmem tensor's shape)`);
  const shape = asIntTuple(unchecked(args[0]!), name);
  if (!T.congruent(shape, a.gStride as T.Tup<unknown>)) {
    throw new CuteError(name, "static_assert(is_congruent<decltype(g_shape), decltype(aux_params_.g_stride_)>::value): the shape is not congruent with the gmem tensor's", [show(shape), show(a.args.gmem.shape)]);
  }
  return getTmaTensor(a, shape as T.IntTuple & Parameters<typeof getTmaTensor>[1]);
}

// ---------------------------------------------------------------- the builders' arguments

function opOf(v: EvalValue | undefined, name: string): string {
  const x = v as unknown;
  if (x instanceof TmaOpValue) return x.op;
  throw new CuteError(name, "no matching overload: the first argument is a TMA copy operation such as SM90_TMA_LOAD{}", [v === undefined ? "none" : describe(v)]);
}

/** the gmem tensor: its layout, and its element type (the TMA's, unless a template argument names one) */
function gmemOf(v: EvalValue | undefined, name: string, targ: string | undefined): { gmem: Layout; type: TmaValueType } {
  if (!(v instanceof Tensor)) throw new CuteError(name, "no matching overload: the second argument is the gmem tensor (make_tensor(make_gmem_ptr(ptr), layout))", [v === undefined ? "none" : describe(v)]);
  if (!(v.layout instanceof Layout)) throw new Unsupported(`${name} of a tensor with a composed layout`);
  const it = v.iter;
  if (!(it instanceof PtrIter)) throw new CuteError(name, "no matching overload: the gmem tensor is a tensor over a pointer to its elements (make_gmem_ptr(ptr))", [show(v)]);
  if (it.tags.some((t) => t !== "gmem")) throw new CuteError(name, "the gmem tensor points to global memory: its pointer is a raw T* or make_gmem_ptr(ptr), not an smem or rmem one", [show(v)]);
  const elem = it.type;
  if (targ !== undefined) {
    // make_tma_copy<TmaInternalType>: the descriptor's type in place of the tensor's
    const t = tmaValueType(targ);
    if (elem !== undefined && elem !== targ && tmaValueType(elem).bits !== t.bits) throw new Unsupported(`${name}<${targ}> over a tensor of ${elem}`, " (a TmaInternalType of another width recasts the coordinates)");
    return { gmem: v.layout, type: t };
  }
  if (elem === undefined) throw new UsageError(`${name}: the gmem tensor's element type is not known (a pointer written as CuTe prints it knows only its width, ${it.bits}b): make the pointer with a cast, make_gmem_ptr((float*)0x10000000)`);
  return { gmem: v.layout, type: tmaValueType(elem) };
}

function tmaArgs(args: EvalValue[], name: string, targs: Node[] | null, srcText: (n: Node) => string): TmaArgs {
  const op = opOf(args[0], name);
  if (IM2COL.test(op)) throw new CuteError(name, `no matching overload for the im2col operation ${op}: make_im2col_tma_copy (or make_im2col_tma_copy/atom_A/B_sm100) builds its TMA`);
  if (!TMA_OPS.some((o) => o === op)) tmaOp(op); // its refusal
  if (targs !== null && targs.length > 1) throw new CuteError(name, "takes one template argument, the TmaInternalType");
  const { gmem, type } = gmemOf(args[1], name, targs?.length === 1 ? srcText(targs[0]!) : undefined);
  if (args[2] === undefined) throw new CuteError(name, "no matching overload: the third argument is the smem layout");
  const smem = smemLayoutOf(core(args[2], name), `${name}'s smem layout`);
  checkSmemBits(smem, type, `${name}'s smem layout`, `the gmem tensor's type ${type.name}`);
  return { op: tmaOp(op), type, gmem, smem };
}

/** a cluster size: a static integer, or a shape whose size is taken (make_tma_atom's size(cluster_size)) */
function clusterOf(v: EvalValue, name: string, shapeOk: boolean): Int {
  const c = core(v, name);
  if (c instanceof Int) return c;
  if (shapeOk && isIntTuple(c)) {
    const s = T.size(c);
    return s.s ? s : S(s.v);
  }
  if (isIntTuple(c)) throw new Unsupported(`${name} with a cluster shape ${show(c)}`, " (cute-ts takes the cluster size, an integer such as Int<2>{})");
  throw new CuteError(name, "no matching overload: the cluster size is an integer such as Int<2>{}", [describe(c)]);
}


type Builder = (args: EvalValue[], name: string, n: CallNode, src: string) => EvalValue;

const spelledOf = (src: string) => (t: Node): string => spellType(t, src);


const sm100 = (kind: "copy" | "atom", w: UmmaOperand): Builder => (args, name, n, src) => {
  nargs(name, args, kind === "copy" ? 5 : 6, kind === "copy" ? 5 : 6);
  const tma = tmaArgs(args, name, n.types, spelledOf(src));
  const mma = tiledMmaOf(args[4]!, name, "the fifth argument");
  const mmaTiler = asTiler(core(args[3]!, name), name) as Tiler;
  const a = { tma, operand: w, mma, mmaTiler };
  if (kind === "copy") return new TmaTiledCopyValue(makeTmaCopySm100(a), name);
  const c = core(args[5]!, name);
  const vmnk = c instanceof Layout ? c : isIntTuple(c) ? clusterLayoutVMNK(mma, c) : undefined;
  if (vmnk === undefined) throw new CuteError(name, "no matching overload: the sixth argument is the cluster layout (CTA_V,CTA_M,CTA_N,CTA_K)", [describe(c)]);
  return new TmaAtomValue(makeTmaAtomSm100(a, vmnk), name);
};

/** an im2col builder's op, gmem and smem, read as make_tma_copy reads them */
function im2colBase(args: EvalValue[], name: string): Omit<TmaArgs, "op"> & { op: string } {
  const op = opOf(args[0], name);
  if (!IM2COL.test(op)) throw new CuteError(name, `no matching overload: the first argument is an im2col copy operation (SM90_TMA_LOAD_IM2COL{}, ...), not ${op}{}`);
  const { gmem, type } = gmemOf(args[1], name, undefined);
  if (args[2] === undefined) throw new CuteError(name, "no matching overload: the third argument is the smem layout");
  const smem = smemLayoutOf(core(args[2], name), `${name}'s smem layout`);
  checkSmemBits(smem, type, `${name}'s smem layout`, `the gmem tensor's type ${type.name}`);
  return { op, type, gmem, smem };
}
const IM2COL_BUILDERS = im2colBuilders(im2colBase);

const BUILDERS: Readonly<Record<string, Builder>> = {
  ...Object.fromEntries(Object.entries(IM2COL_BUILDERS).map(([k, f]) => [k, ((args: EvalValue[], name: string) => f(args, name)) as Builder])),
  make_tma_copy(args, name, n, src) {
    nargs(name, args, 3, 5);
    const a = tmaArgs(args, name, n.types, spelledOf(src));
    // (op, g, s), (op, g, s, cluster_size), (op, g, s, cta_tiler, cluster_size)
    if (args.length === 4) a.cluster = clusterOf(args[3]!, name, false);
    if (args.length === 5) {
      a.ctaTiler = asTiler(core(args[3]!, name), name) as Tiler;
      a.cluster = clusterOf(args[4]!, name, false);
    }
    return new TmaTiledCopyValue(makeTmaCopy(a), name);
  },
  make_tma_atom(args, name, n, src) {
    nargs(name, args, 4, 5);
    const a = tmaArgs(args, name, n.types, spelledOf(src));
    a.ctaTiler = asTiler(core(args[3]!, name), name) as Tiler;
    if (args.length === 5) a.cluster = clusterOf(args[4]!, name, true);
    return new TmaAtomValue(makeTmaAtom(a), name);
  },
  make_tma_copy_A_sm100: sm100("copy", "A"),
  make_tma_copy_B_sm100: sm100("copy", "B"),
  make_tma_copy_C_sm100: sm100("copy", "C"),
  make_tma_atom_A_sm100: sm100("atom", "A"),
  make_tma_atom_B_sm100: sm100("atom", "B"),
  create_tma_multicast_mask(args, name, n) {
    nargs(name, args, 2, 2);
    const modes = n.targs.map((t) => {
      if (typeof t !== "number") throw new UsageError(`${name} takes integer template arguments, the modes to multicast along: ${name}<2>(...)`);
      return t;
    });
    const coord = core(args[1]!, name);
    if (!isIntTuple(coord) && !T.has_underscore(coord)) throw new CuteError(name, "no matching overload: cta_coord_vmnk is the CTA's coordinate in the cluster layout", [describe(coord)]);
    return create_tma_multicast_mask(ctaLayoutOf(args[0]!, name), coord as Coord, modes, name);
  },
  tma_partition(args, name) {
    // (copy_atom, cta_coord, cta_layout, stensor, gtensor) or (copy_atom, stensor, gtensor)
    if (args.length !== 3 && args.length !== 5) throw new CuteError(name, `no matching overload for ${args.length} argument${args.length === 1 ? "" : "s"} (takes copy_atom, [cta_coord, cta_layout,] stensor, gtensor)`);
    const atom = copyAtomArg(args[0]!, name);
    const five = args.length === 5;
    const ctaCoord = five ? ctaCoordOf(args[1]!, name) : TMA_PARTITION_DEFAULTS.ctaCoord;
    const ctaLayout = five ? ctaLayoutOf(args[2]!, name) : TMA_PARTITION_DEFAULTS.ctaLayout;
    const s = tensorArg(args[five ? 3 : 1], name, "stensor, the smem tensor (TMATile, Rest...)");
    const g = tensorArg(args[five ? 4 : 2], name, "gtensor, the gmem tensor (TMATile, Rest...)");
    return tma_partition(atom.numValSrc, ctaCoord, ctaLayout, s, g);
  },
};

/** tma_partition's first argument: a Copy_Atom<Args...> (make_tma_atom's); CuTe has no overload for a TiledCopy */
function copyAtomArg(v: EvalValue, name: string): CopyAtom {
  const x = v as unknown;
  if (x instanceof TmaAtomValue) return x.atom.atom;
  if (x instanceof TmaTiledCopyValue || x instanceof TmaThrCopyValue) {
    throw new CuteError(name, `no matching function: it takes a Copy_Atom<Args...> (make_tma_atom builds one), not ${x.what} (${x.builder}'s); partition a TiledCopy with .get_slice(cta_rank).partition_S/D`);
  }
  return copyAtomOf(v, name);
}

function ctaCoordOf(v: EvalValue, name: string): IntTuple {
  const c = core(v, name);
  if (isIntTuple(c)) return c;
  throw new CuteError(name, "no matching overload: cta_coord is the CTA's coordinate in cta_layout (an integer or a tuple of integers)", [describe(c)]);
}

function ctaLayoutOf(v: EvalValue, name: string): Layout {
  const c = core(v, name);
  if (c instanceof Layout) return c;
  throw new CuteError(name, "no matching overload: cta_layout is a Layout<TShape,TStride> (CTA coordinate -> logical multicast id)", [describe(c)]);
}

function tensorArg(v: EvalValue | undefined, name: string, what: string): Tensor {
  if (v instanceof Tensor) return v;
  throw new CuteError(name, `no matching overload: ${what} is a Tensor`, [v === undefined ? "none" : describe(v)]);
}

const bare = (name: string): string => name.replace(/^cute::/, "");

/** `OP{}` (or `OP()`, a call): a TMA operation made from its type alone */
export function init(n: InitNode | CallNode, args: EvalValue[]): EvalValue {
  const op = bare(n.name);
  if (n.types !== null) throw new CuteError(`${op}<...>`, "a TMA operation takes no template arguments");
  if (args.length > 0) throw new CuteError(`${op}{...}`, "no matching constructor: an operation is made from its type alone, write {}");
  if (!IM2COL.test(op)) tmaOp(op);
  return new TmaOpValue(op);
}

/** a TMA builder's call, or `OP()` for an operation */
export function call(n: CallNode, args: EvalValue[], src: string): EvalValue {
  const name = bare(n.name);
  if (TMA_OP_NAME.test(n.name)) return init(n, args);
  return BUILDERS[name]!(args, name, n, src);
}
