/**
 * The im2col TMA builders in expressions (copy_traits_sm90_im2col.hpp, copy_traits_sm100_im2col.hpp),
 * as a convolution kernel's host code calls them: `make_im2col_tma_copy(op, tensor_cwhdn, slayout
 * [, cta_tiler[, multicast_size]][, lower_corner_whd, upper_corner_whd, lower_padding_whd,
 * upper_padding_whd, stride_whd, lower_srt, stride_srt])`, `make_im2col_tma_copy_A/B_sm100(op,
 * gtensor, slayout, cluster_tile, mma, conv...)` and `make_im2col_tma_atom_A/B_sm100(op, gtensor,
 * slayout, mma_tiler, mma, cluster_shape_vmnk, conv...)`. The values are built by src/atoms/tma
 * (what `cute-ts tma` / `tma-coords` with an im2col --op run); `.get_tma_tensor(shape)` is the
 * im2col coordinate tensor the builder made (CuTe's ignores the shape). Loaded with ./tma.ts.
 */
import { CuteError, Unsupported, input, words } from "../../core/errors.js";
import type { Int } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { Layout, type Tiler } from "../../core/layout.js";
import { show } from "../../print/print.js";
import { asTiler, isIntTuple } from "../../notation/coerce.js";
import type { MemberNode } from "../../notation/read.js";
import { type ConvParams, type Im2colArgs, type Im2colAtom, type Im2colCopy, isIm2colOp, makeIm2colTmaCopy } from "../../atoms/tma/im2col.js";
import { makeIm2colTmaAtomSm100, makeIm2colTmaCopySm100 } from "../../atoms/tma/im2col-sm100.js";
import { clusterLayoutVMNK } from "../../atoms/tma/sm100.js";
import type { TmaArgs } from "../../atoms/tma/make-tma-copy.js";
import { formatCopyAtom, formatTiledCopy } from "../../atoms/copy/index.js";
import { AtomValue, core, describe, type EvalValue } from "../ext-value.js";
import { tiledMmaOf } from "./atoms.js";

/** the call names this module answers */
export const IM2COL_CALL_NAME = /^(?:cute::)?make_im2col_tma_(?:copy|atom)(?:_[AB]_sm100)?$/;

/** what make_im2col_tma_* reads besides the conv parameters: the op, gmem and smem, as make_tma_copy reads them */
export type BaseArgs = (args: EvalValue[], name: string) => Omit<TmaArgs, "op"> & { op: string };

abstract class Im2colValue extends AtomValue {
  abstract readonly builder: string;
  abstract readonly atomOf: Im2colAtom;
  override member(n: MemberNode, args: EvalValue[]): EvalValue {
    if (n.name === "get_tma_tensor") {
      if (args.length !== 1) throw new CuteError(n.name, `no matching member function for ${args.length} arguments (takes the gmem tensor's shape)`);
      return this.atomOf.tmaTensor;
    }
    if (n.name === "get_slice" || n.name === "get_thread_slice") throw new Unsupported(`.${n.name}(...) of an im2col TiledCopy in an expression`, words` (cute-ts tma-coords ${input("block")} partitions it)`);
    throw new CuteError(`.${n.name}(...)`, `${this.what} made by ${this.builder} has no member function '${n.name}' that cute-ts knows (it knows get_tma_tensor)`);
  }
  picture(): string {
    throw new Unsupported("pictures of an im2col TiledCopy");
  }
}

class Im2colCopyValue extends Im2colValue {
  readonly what = "a TiledCopy";
  constructor(
    readonly copy: Im2colCopy,
    readonly builder: string,
  ) {
    super();
  }
  get atomOf(): Im2colAtom {
    return this.copy;
  }
  print(): string {
    return formatTiledCopy(this.copy.tiled);
  }
}

class Im2colAtomValue extends Im2colValue {
  readonly what = "a Copy_Atom";
  constructor(
    readonly atom: Im2colAtom,
    readonly builder: string,
  ) {
    super();
  }
  get atomOf(): Im2colAtom {
    return this.atom;
  }
  print(): string {
    return formatCopyAtom(this.atom.atom);
  }
}

const CONV_KEYS: readonly (keyof ConvParams)[] = ["lowerCorner", "upperCorner", "lowerPadding", "upperPadding", "traversalStride", "lowerSrt", "dilation"];
const CONV_NAMES = ["lower_corner_whd", "upper_corner_whd", "lower_padding_whd", "upper_padding_whd", "stride_whd", "lower_srt", "stride_srt"];

/** the seven convolution parameters, each one integer per spatial mode in (w,h,d) order */
function convOf(args: EvalValue[], name: string): ConvParams {
  const conv: ConvParams = {};
  CONV_KEYS.forEach((k, i) => {
    const v = core(args[i]!, name);
    if (!isIntTuple(v) || (Array.isArray(v) && v.some((x) => Array.isArray(x)))) {
      throw new CuteError(name, `no matching overload: ${CONV_NAMES[i]} is a tuple of integers, one per spatial mode in (w,h,d) order, such as make_stride(0,0)`, [describe(v)]);
    }
    conv[k] = T.leaves(v);
  });
  return conv;
}

function im2colArgs(base: BaseArgs, args: EvalValue[], name: string, conv: ConvParams): Im2colArgs {
  const b = base(args, name);
  if (!isIm2colOp(b.op)) throw new CuteError(name, `no matching overload: the first argument is an im2col copy operation (SM90_TMA_LOAD_IM2COL{}, ...), not ${b.op}`);
  return { ...b, op: b.op, conv };
}

function multicastOf(v: EvalValue, name: string): Int {
  const c = core(v, name);
  if (!isIntTuple(c)) throw new CuteError(name, "no matching overload: the multicast size is an integer such as Int<2>{}", [describe(c)]);
  const s = T.size(c);
  if (!s.s) throw new CuteError(name, "the multicast size must be a compile-time integer (Int<2>{}, not 2)", [show(c)]);
  return s;
}

/** the builders, by name */
export function im2colBuilders(base: BaseArgs): Readonly<Record<string, (args: EvalValue[], name: string) => EvalValue>> {
  const sm100 = (kind: "copy" | "atom", w: "A" | "B") => (args: EvalValue[], name: string): EvalValue => {
    const fixed = kind === "copy" ? 5 : 6;
    if (args.length === fixed + 8) throw new Unsupported(`${name} with TMA::DescriptorAuxParams`);
    if (args.length !== fixed + 7) throw new CuteError(name, `no matching overload for ${args.length} arguments (takes ${fixed} and the seven convolution parameters)`);
    const im2col = im2colArgs(base, args, name, convOf(args.slice(fixed), name));
    const mma = tiledMmaOf(args[4]!, name, "the fifth argument");
    const a = { im2col, operand: w, mma, mmaTiler: asTiler(core(args[3]!, name), name) as Tiler };
    if (kind === "copy") return new Im2colCopyValue(makeIm2colTmaCopySm100(a), name);
    const c = core(args[5]!, name);
    const vmnk = c instanceof Layout ? c : isIntTuple(c) ? clusterLayoutVMNK(mma, c) : undefined;
    if (vmnk === undefined) throw new CuteError(name, "no matching overload: the sixth argument is the cluster shape (CTA_V,CTA_M,CTA_N,CTA_K)", [describe(c)]);
    return new Im2colAtomValue(makeIm2colTmaAtomSm100(a, vmnk), name);
  };
  return {
    make_im2col_tma_copy(args, name) {
      // (op, g, s[, tiler[, multicast]]) and the same followed by the seven conv parameters
      const n = args.length;
      const withConv = n >= 10;
      const head = withConv ? n - 7 : n;
      if (head < 3 || head > 5) throw new CuteError(name, `no matching overload for ${n} arguments (takes op, tensor_cwhdn, slayout[, cta_tiler[, multicast_size]][, the seven convolution parameters])`);
      const a = im2colArgs(base, args, name, withConv ? convOf(args.slice(head), name) : {});
      if (head >= 4) a.ctaTiler = asTiler(core(args[3]!, name), name) as Tiler;
      if (head === 5) a.cluster = multicastOf(args[4]!, name);
      return new Im2colCopyValue(makeIm2colTmaCopy(a), name);
    },
    make_im2col_tma_copy_A_sm100: sm100("copy", "A"),
    make_im2col_tma_copy_B_sm100: sm100("copy", "B"),
    make_im2col_tma_atom_A_sm100: sm100("atom", "A"),
    make_im2col_tma_atom_B_sm100: sm100("atom", "B"),
  };
}

