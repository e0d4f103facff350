/**
 * `cute-ts tma --op OP --type T --gmem L --smem L [--cta-tiler TILER] [--cluster _N]`:
 * CuTe's make_tma_copy computed on the host (an im2col op: make_im2col_tma_copy; --for-mma: the
 * SM100 UMMA operand builders, tiled or im2col); prints print(tma), or with --desc the descriptor
 * parameters, or with --explain a plain-language summary.
 */
import { UsageError, quote } from "../../core/errors.js";
import type { CommandSpec, Io, OptionValues } from "../spec.js";
import { TMA_OPTIONS } from "./tma-options.js";
import { TMA_MMA_OPTIONS, TMA_IM2COL_OPTIONS } from "./tma-mma-options.js";

export const command: CommandSpec = {
  name: "tma",
  summary: "make_tma_copy on the host (tiled, im2col, the SM100 UMMA operand builders): the TiledCopy, the TMA descriptor, a plain summary",
  args: [],
  options: [
    ...TMA_OPTIONS,
    ...TMA_MMA_OPTIONS,
    ...TMA_IM2COL_OPTIONS,
    { name: "desc", description: "print the descriptor parameters (cuTensorMapEncodeTiled arguments; for an im2col op cuTensorMapEncodeIm2col's)" },
    { name: "explain", description: "say in plain words what the TMA does: dimensions, box, swizzle, bytes per copy" },
  ],
  examples: [
    "tma --op SM90_TMA_LOAD --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1)",
    "tma --op SM90_TMA_LOAD_MULTICAST --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1) --cluster _2 --desc",
    "tma --op SM90_TMA_LOAD --type half_t --gmem (1000,1024):(1024,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))' --explain",
    "tma --op SM90_TMA_LOAD --type half_t --gmem (512,256):(256,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)' --cta-tiler (_128,_64) --tma-atom",
    "tma --op SM100_TMA_2SM_LOAD_MULTICAST --type half_t --gmem (512,256):(256,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)' --for-mma SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K> --operand A --cta-tiler (_256,_256,_64) --cluster (_4,_4,_1) --tma-atom",
    "tma --op SM90_TMA_LOAD_IM2COL --type half_t --gmem ((56,56,8),64):((64,3584,200704),_1) --smem (_128,_64):(_64,_1) --lower-corner (-1,-1) --upper-corner (-1,-1) --desc",
    "tma --op SM100_TMA_2SM_LOAD_IM2COL_MULTICAST --type half_t --gmem ((56,56,8),64):((64,3584,200704),_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)' --for-mma SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K> --operand A --cta-tiler (_256,_256,_64) --cluster (_4,_4,_1) --tma-atom --lower-corner (-1,-1) --upper-corner (-1,-1) --desc",
    "tma --op SM90_TMA_LOAD_IM2COL --type half_t --gmem ((56,56,8),64):((64,3584,200704),_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o (_128,_64):(_64,_1)' --explain",
    "tma --op SM100_TMA_2SM_LOAD --type half_t --gmem (1024,256):(256,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)' --for-mma SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K> --operand B --cta-tiler (_256,_256,_64) --desc",
  ],
  async run(args: string[], opts: OptionValues, io: Io): Promise<number> {
    if (args.length > 0) throw new UsageError(`tma takes no positional arguments (got ${quote(args[0])})`);
    if (opts.desc && opts.explain) throw new UsageError("--desc and --explain are alternatives; pick one");
    const { buildTmaFrom, buildIm2colFrom, im2colAtomOf, tmaOf } = await import("../../eval/args/tma-mma.js");
    const im2col = await buildIm2colFrom(opts);
    if (im2col) {
      const m = await import("../../atoms/tma/im2col.js");
      const a = im2colAtomOf(im2col);
      let text: string;
      if (opts.desc) text = m.printIm2colDesc(a.desc);
      else if (opts.explain) {
        if (im2col.kind !== "im2col") throw new UsageError(`--explain describes a TiledCopy (make_im2col_tma_copy); ${im2col.builder} builds only the Copy_Atom`);
        text = (await import("../../atoms/tma/explain.js")).explainIm2col(im2col.copy);
      } else {
        const { formatTiledCopy, formatCopyAtom } = await import("../../atoms/copy/index.js");
        text = im2col.kind === "im2col" ? formatTiledCopy(im2col.copy.tiled) : formatCopyAtom(im2col.atom.atom);
      }
      const { jsonLine } = await import("../../print/json.js");
      io.out(io.json ? jsonLine({ kind: opts.desc ? "tma_im2col_desc" : opts.explain ? "tma_explain" : "tma", text, op: a.args.op, type: a.args.type.name }) : text);
      return 0;
    }
    const { parseArch, strOpt } = await import("../../eval/args/tma-options.js");
    const tma = await import("../../atoms/tma/make-tma-copy.js");
    const { hardwareReportOf, warningLines } = await import("../../atoms/tma/hw-check.js");
    const built = await buildTmaFrom(opts);
    if (opts.explain && built.kind === "atom") throw new UsageError(`--explain describes a TiledCopy (make_tma_copy); ${built.builder} builds only the Copy_Atom`);
    const copy = tmaOf(built);
    const hw = hardwareReportOf(built.kind === "copy" ? built.copy : undefined, parseArch(strOpt(opts, "arch")));
    let text: string;
    if (opts.desc) text = tma.printDesc(copy.desc);
    else if (built.kind === "atom") text = tma.printTmaAtom(built.atom);
    else if (opts.explain) text = (await import("../../atoms/tma/explain.js")).explainTma(built.copy, hw);
    else text = tma.printTiledCopy(built.copy);
    if (hw) for (const line of warningLines(hw)) io.err(line);
    if (io.json) {
      const { tmaJson } = await import("../../atoms/tma/json.js");
      io.out(tmaJson(copy, text, opts.desc ? "tma_desc" : opts.explain ? "tma_explain" : "tma"));
    } else {
      io.out(text);
    }
    return 0;
  },
};
