/**
 * `cute-ts tma --op OP --type T --gmem L --smem L [--cta-tiler TILER] [--cluster _N]`:
 * CuTe's make_tma_copy computed on the host; prints print(tma), or with --desc the descriptor
 * parameters, or with --explain a plain-language summary.
 */
import { UsageError } from "../../core/errors.js";
import type { CommandSpec, Io, OptionValues } from "../spec.js";
import { TMA_OPTIONS } from "./tma-options.js";

export const command: CommandSpec = {
  name: "tma",
  summary: "make_tma_copy on the host: the TiledCopy, the TMA descriptor, a plain summary",
  args: [],
  options: [
    ...TMA_OPTIONS,
    { name: "desc", description: "print the descriptor parameters (cuTensorMapEncodeTiled arguments)" },
    { name: "explain", description: "say in plain words what the TMA does: dimensions, box, swizzle, bytes per copy" },
  ],
  examples: [
    "tma --op SM90_TMA_LOAD --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1)",
    "tma --op SM90_TMA_LOAD_MULTICAST --type float --gmem (1024,1024):(1024,_1) --smem (_16,_16):(_16,_1) --cluster _2 --desc",
    "tma --op SM90_TMA_LOAD --type half_t --gmem (1000,1024):(1024,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))' --explain",
  ],
  async run(args: string[], opts: OptionValues, io: Io): Promise<number> {
    if (args.length > 0) throw new UsageError(`tma takes no positional arguments (got '${args[0]}')`);
    if (opts.desc && opts.explain) throw new UsageError("--desc and --explain are alternatives; pick one");
    const { tmaArgsFrom, strOpt } = await import("../../eval/args/tma-options.js");
    const tma = await import("../../atoms/tma/make-tma-copy.js");
    const { hardwareReport, warningLines } = await import("../../atoms/tma/hw-check.js");
    const arch = strOpt(opts, "arch");
    const copy = tma.makeTmaCopy(tmaArgsFrom(opts));
    const hw = hardwareReport(copy, arch);
    let text: string;
    if (opts.desc) text = tma.printDesc(copy.desc);
    else if (opts.explain) text = (await import("../../atoms/tma/explain.js")).explainTma(copy, hw);
    else text = tma.printTiledCopy(copy);
    for (const line of warningLines(hw)) io.err(line);
    if (io.json) {
      const { tmaJson } = await import("../../atoms/tma/json.js");
      io.out(tmaJson(copy, text, opts.desc ? "tma_desc" : opts.explain ? "tma_explain" : "tma"));
    } else {
      io.out(text);
    }
    return 0;
  },
};
