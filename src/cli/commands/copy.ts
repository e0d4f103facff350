/**
 * `cute-ts copy OP --value T`: CuTe's print of Copy_Atom<OP,T>;
 * `--thr L [--val L]`: print(make_tiled_copy(atom, thr, val));
 * `--for-mma MMA_OP [--atoms L] [--tile T] --operand A|B|C`: make_tiled_copy_A/B/C;
 * `--list`: every copy operation the catalog knows.
 */
import { UsageError } from "../../core/errors.js";
import { printedOrJson, stringOption } from "../options.js";
import type { CommandSpec, Io, OptionValues } from "../spec.js";

export const command: CommandSpec = {
  name: "copy",
  summary: "copy atoms and tiled copies: CuTe's print of Copy_Atom, make_tiled_copy, make_tiled_copy_A/B/C",
  args: ["[OP]"],
  options: [
    { name: "value", value: "T", description: "value type as C++ spells it (half_t, float, uint8_t, ...): Copy_Atom<OP,T>" },
    { name: "thr", value: "LAYOUT", description: "thread layout (m,n) -> thr_idx for make_tiled_copy, e.g. (_32,_8)" },
    { name: "val", value: "LAYOUT", description: "value layout (m,n) -> val_idx for make_tiled_copy (default _1:_0), e.g. (_4,_1)" },
    { name: "for-mma", value: "MMA_OP", description: "tile the atom like an MMA operand: make_tiled_copy_A/B/C (with --operand)" },
    { name: "atoms", value: "LAYOUT", description: "with --for-mma: the MMA atom layout over (M,N,K), e.g. (_2,_2,_1)" },
    { name: "tile", value: "TILE", description: "with --for-mma: the TiledMMA permutation / tile (M,N,K), e.g. (_32,_32,_16)" },
    { name: "operand", value: "A|B|C", description: "with --for-mma: which operand's partitioning to copy" },
    { name: "list", description: "list every copy operation (name, threads, bits per thread src/dst)" },
    { name: "latex", description: "print CuTe's print_latex of the TiledCopy (the S and D thread-value pictures)" },
    { name: "svg", description: "draw the TiledCopy's S and D pictures as SVG, in the style of CuTe's MMA print_svg" },
    { name: "force", description: "draw --latex/--svg even past 65,536 cells" },
  ],
  examples: [
    "copy SM75_U32x4_LDSM_N --value half_t",
    "copy UniversalCopy<uint128_t> --value float --thr (_32,_8) --val (_4,_1)",
    "copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --value half_t --thr (_16,_8):(_8,_1) --val (_1,_8)",
    "copy SM75_U32x4_LDSM_N --value half_t --for-mma SM80_16x8x16_F32F16F16F32_TN --atoms (_2,_2,_1) --tile (_32,_32,_16) --operand A",
    "copy --list",
  ],
  async run(args: string[], opts: OptionValues, io: Io): Promise<number> {
    if (opts.list) {
      if (args.length > 0) throw new UsageError("copy --list takes no operation name");
      const { formatCopyListing } = await import("../../atoms/copy/listing.js");
      io.out(io.json ? JSON.stringify({ kind: "copy_list", text: formatCopyListing() }) + "\n" : formatCopyListing());
      return 0;
    }
    if (args.length !== 1) {
      throw new UsageError("copy expects one operation name, e.g. cute-ts copy SM75_U32x4_LDSM_N --value half_t (or --list)");
    }
    const lib = await import("../../atoms/copy/index.js");
    const read = await import("../../eval/args/copy.js");
    lib.copyTraits(args[0]!); // an unknown operation is reported before a missing --value
    const value = stringOption(opts.value, "--value");
    if (value === undefined) throw new UsageError("copy needs --value T, the value type of Copy_Atom<OP,T> (e.g. --value half_t)");
    const thr = stringOption(opts.thr, "--thr");
    const val = stringOption(opts.val, "--val");
    const forMma = stringOption(opts["for-mma"], "--for-mma");
    const atoms = stringOption(opts.atoms, "--atoms");
    const tile = stringOption(opts.tile, "--tile");
    const operand = stringOption(opts.operand, "--operand");

    const atom = lib.make_copy_atom(args[0]!, value);

    if (forMma !== undefined) {
      if (thr !== undefined || val !== undefined) throw new UsageError("--for-mma builds the TiledCopy from the MMA; it takes no --thr/--val");
      if (operand === undefined) throw new UsageError("--for-mma needs --operand A|B|C");
      const tc = await read.make_tiled_copy_for_mma(atom, forMma, read.parseOperand(operand), atoms, tile);
      io.out(await render(io, opts, tc, lib.formatTiledCopy(tc)));
      return 0;
    }
    if (atoms !== undefined || tile !== undefined || operand !== undefined) {
      throw new UsageError("--atoms, --tile and --operand go with --for-mma MMA_OP");
    }
    if (thr === undefined) {
      if (val !== undefined) throw new UsageError("--val goes with --thr (make_tiled_copy(atom, thr, val))");
      if (opts.latex || opts.svg) throw new UsageError("CuTe draws TiledCopies, not bare atoms: add --thr/--val or --for-mma to --latex/--svg");
      io.out(await printedOrJson(io, lib.formatCopyAtom(atom)));
      return 0;
    }
    const tc = lib.make_tiled_copy(atom, read.layoutArg(thr, "--thr"), val === undefined ? undefined : read.layoutArg(val, "--val"));
    io.out(await render(io, opts, tc, lib.formatTiledCopy(tc)));
    return 0;
  },
};



/** the TiledCopy's print, picture (--latex / --svg) or JSON */
async function render(io: Io, opts: OptionValues, tc: import("../../atoms/copy/tiled.js").TiledCopy, text: string): Promise<string> {
  if (opts.latex || opts.svg) {
    if (opts.latex && opts.svg) throw new UsageError("choose one of --latex and --svg");
    const pics = await import("../../atoms/pictures.js");
    const force = opts.force === true;
    return opts.latex ? pics.print_latex_tiled_copy(tc, force) : pics.print_svg_tiled_copy(tc, force);
  }
  return printedOrJson(io, text);
}
