/**
 * `cute-ts tma-coords <tma args> [--tile TILE --block COORD [--partition S|D --rank R]]`:
 * the TMA coordinate tensor get_tma_tensor(shape(gmem)) (an im2col op: the im2col tensor of
 * make_im2col_tma_copy_desc, ((q,p,z,n),(c,s,r,t)) over the linearized GEMM coordinates); with --tile/--block the coordinates one
 * CTA's tile covers (print_tensor(local_tile(...))); with --partition the coordinates that CTA
 * (or cluster rank) hands to copy().
 */
import { UsageError, quote } from "../../core/errors.js";
import type { CommandSpec, Io, OptionValues } from "../spec.js";
import { TMA_OPTIONS } from "./tma-options.js";
import { TMA_MMA_OPTIONS, TMA_IM2COL_OPTIONS } from "./tma-mma-options.js";

export const command: CommandSpec = {
  name: "tma-coords",
  summary: "TMA coordinate tensors (tiled and im2col): get_tma_tensor, a CTA's tile, a cluster rank's partition",
  args: [],
  options: [
    ...TMA_OPTIONS,
    ...TMA_MMA_OPTIONS,
    ...TMA_IM2COL_OPTIONS,
    { name: "tile", value: "TILE", description: "the CTA tile for local_tile, e.g. (_16,_16)" },
    { name: "block", value: "COORD", description: "the CTA's block coordinate for local_tile, e.g. (7,0)" },
    { name: "partition", value: "S|D", description: "partition the tile as copy()'s source (S) or destination (D)" },
    { name: "rank", value: "R", description: "the CTA's rank in the cluster (get_slice(R)); 0 without multicast" },
    { name: "force", description: "print (or list in --json) more than the 262144-element limit" },
  ],
  examples: [
    "tma-coords --op SM90_TMA_LOAD --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1)",
    "tma-coords --op SM90_TMA_LOAD --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1) --tile (_16,_16) --block (7,0)",
    "tma-coords --op SM90_TMA_LOAD_MULTICAST --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1) --cluster _2 --tile (_16,_16) --block (7,0) --partition S --rank 1",
    "tma-coords --op SM90_TMA_LOAD_IM2COL --type half_t --gmem ((56,56,8),64):((64,3584,200704),_1) --smem (_128,_64):(_64,_1) --lower-corner (-1,-1) --upper-corner (-1,-1) --lower-padding (1,1) --upper-padding (1,1)",
    "tma-coords --op SM90_TMA_LOAD_IM2COL --type half_t --gmem ((8,8,2),4):((4,32,256),_1) --smem (_8,_4):(_4,_1) --traversal-stride (2,2) --tile (_8,_4) --block (1,0)",
    "tma-coords --op SM100_TMA_2SM_LOAD --type half_t --gmem (512,256):(256,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)' --for-mma SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K> --operand A --cta-tiler (_256,_256,_64) --tma-atom",
  ],
  async run(args: string[], opts: OptionValues, io: Io): Promise<number> {
    if (args.length > 0) throw new UsageError(`tma-coords takes no positional arguments (got ${quote(args[0]!)})`);
    const { parseArch, strOpt } = await import("../../eval/args/tma-options.js");
    const { buildTmaFrom, buildIm2colFrom, im2colAtomOf, tmaOf } = await import("../../eval/args/tma-mma.js");
    const im2col = await buildIm2colFrom(opts);
    const coords = await import("../../atoms/tma/coords.js");
    const { parseTiler, parseCoord, parseInt1 } = await import("../../eval/args/tma.js");
    const tile = strOpt(opts, "tile");
    const block = strOpt(opts, "block");
    const part = strOpt(opts, "partition");
    const rank = strOpt(opts, "rank");
    if ((tile === undefined) !== (block === undefined)) throw new UsageError("--tile and --block go together");
    if (part !== undefined && tile === undefined) throw new UsageError("--partition needs --tile and --block");
    if (rank !== undefined && part === undefined) throw new UsageError("--rank needs --partition S|D");
    if (part !== undefined && part !== "S" && part !== "D") throw new UsageError(`--partition takes S or D, not ${quote(part)}`);

    const { hardwareReportOf, warningLines } = await import("../../atoms/tma/hw-check.js");
    const built = im2col ? undefined : await buildTmaFrom(opts);
    const kind = im2col ? (im2col.kind === "im2col" ? "copy" : "atom") : built!.kind;
    const builder = (im2col ?? built)!.builder;
    if (part !== undefined && kind === "atom") {
      throw new UsageError(`tma-coords --partition is ThrCopy::partition_S/D of a TiledCopy; ${builder} builds a Copy_Atom, which kernels partition with tma_partition (an expression of cute-ts eval: auto [tAgA, tAsA] = tma_partition(atom, cta_coord, cta_layout, sA, gA))`);
    }
    const hw = built ? hardwareReportOf(built.kind === "copy" ? built.copy : undefined, parseArch(strOpt(opts, "arch"))) : undefined;
    // get_tma_tensor: the im2col atom keeps the tensor make_im2col_tma_copy_desc built
    const mA = im2col ? im2colAtomOf(im2col).tmaTensor : coords.getTmaTensor(tmaOf(built!));
    let t = mA;
    if (tile !== undefined) {
      t = coords.localTile(mA, parseTiler(tile, "--tile"), parseCoord(block!, "--block"));
      const tiled = im2col?.kind === "im2col" ? im2col.copy : built?.kind === "copy" ? built.copy : undefined;
      if (part !== undefined && tiled) t = coords.partition(tiled, t, parseInt1(rank ?? "0", "--rank"), part);
    }
    // print_tensor's table is written as it is made (any size on the command line with --force; a
    // batch record or transcript case at most FORCE_MAX_CELLS); its limits refuse before anything is written
    const { FORCE_MAX_CELLS, STREAM_MAX_CELLS, checkTensorCells, writePrintTensor } = await import("../../print/layout.js");
    const force = opts.force === true;
    const hard = io.stream ? STREAM_MAX_CELLS : FORCE_MAX_CELLS;
    const full = tile !== undefined;
    if (full) checkTensorCells(t, { force, hard });
    const text = (write: (s: string) => void, bytes?: (b: Uint8Array) => void) => {
      if (full) writePrintTensor(t, write, { force, hard, bytes });
      else write(coords.printCoordTensor(t) + "\n");
    };
    if (hw) for (const line of warningLines(hw)) io.err(line);
    if (io.json) {
      // its own refusals (the coordinate count, a coordinate it cannot list) come before a byte of it is written
      const { writeCoordTensorJson } = await import("../../atoms/tma/json.js");
      writeCoordTensorJson(t, (w) => text(w), full, (s) => io.out(s), force, hard);
      return 0;
    }
    text((s) => io.out(s), io.outBytes);
    return 0;
  },
};
