/**
 * `cute-ts copy OP --value T`: CuTe's print of Copy_Atom<OP,T>;
 * `--thr L [--val L]`: print(make_tiled_copy(atom, thr, val));
 * `--for-mma MMA_OP [--atoms L] [--tile T] --operand A|B|C`: make_tiled_copy_A/B/C;
 * `--tmem-c MMA_OP [--fragment-c (M,N)]` or `--tmem L`: make_tmem_copy(OP, tmem) of a TMEM tensor
 * (a UMMA accumulator, or a layout), with `--map` and `--thread T` views;
 * `--list`: every copy operation the catalog knows.
 */
import { Unsupported, UsageError, quote } from "../../core/errors.js";
import { printedOrJson, stringOption } from "../options.js";
import { copyOpText } from "../../eval/args/op.js";
import { pictureOptions, type CommandSpec, type Io, type OptionValues } from "../spec.js";

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
    { name: "tmem-c", value: "MMA_OP", description: "make_tmem_copy(OP, tmem) of this UMMA's accumulator: partition_fragment_C(make_tiled_mma(MMA_OP, --atoms, --tile), --fragment-c); the TMEM value type is the MMA's C type" },
    { name: "fragment-c", value: "(M,N)", description: "with --tmem-c: the C tile whose accumulator is copied (default one MMA, (tile_size<0>, tile_size<1>))" },
    { name: "tmem", value: "LAYOUT", description: "make_tmem_copy(OP, make_tensor(make_tmem_ptr<T>(), LAYOUT)) with T = --value, e.g. (_128,_128):(_65536,_1)" },
    { name: "cta-tile", value: "(M,N)", description: "with --thread T or --map: the tile partitioned (default: the TiledCopy's own tile, Tiler_MN)" },
    { name: "side", value: "S|D", description: "with --thread/--map: partition_S (source) or partition_D (destination); default both" },
    { name: "map", description: "draw the tile with the (lowest) thread and value that hold each element; with --tmem-c/--tmem: each element's register" },
    { name: "thread", value: "T", description: "thr_copy.partition_S/D of the identity tensor over the tile, as print_tensor prints it (every (m,n) thread T owns); with --tmem-c/--tmem: thread T's warp and lane, its TMEM tensor and each value's (m,n), TMEM lane and column; with --map, highlight it" },
    { name: "explain", description: "with --thread: a line before each partition saying which it is (without it stdout is CuTe's print_tensor text alone)" },
    { name: "list", description: "list every copy operation (name, threads, bits per thread src/dst)" },
    ...pictureOptions(
      "print CuTe's print_latex of the TiledCopy (the S and D thread-value pictures)",
      "draw the TiledCopy's S and D pictures as SVG, in the style of CuTe's MMA print_svg",
      "draw --latex/--svg even past 65,536 cells",
    ),
  ],
  examples: [
    "copy SM75_U32x4_LDSM_N --value half_t",
    "copy UniversalCopy<uint128_t> --value float --thr (_32,_8) --val (_4,_1)",
    "copy 'Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}' --thr (_16,_8):(_8,_1) --val (_1,_8)",
    "copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --value half_t --thr (_16,_8):(_8,_1) --val (_1,_8)",
    "copy SM75_U32x4_LDSM_N --value half_t --for-mma SM80_16x8x16_F32F16F16F32_TN --atoms (_2,_2,_1) --tile (_32,_32,_16) --operand A",
    "copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --value half_t --thr (_16,_8):(_8,_1) --val (_1,_8) --cta-tile (_128,_64) --thread 37 --side S",
    "copy UniversalCopy<uint32_t> --value float --thr (_4,_2) --val (_2,_1) --map --side D",
    "copy SM100_TMEM_LOAD_32dp32b1x --tmem-c SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>",
    "copy SM100_TMEM_LOAD_16dp256b1x --tmem (_128,_32):(_65536,_1) --value float --thread 33",
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
    const named = copyOpText(args[0]!);
    lib.copyTraits(named.op); // an unknown operation is reported before a missing --value
    let value = stringOption(opts.value, "--value") ?? named.value;
    // --dialect dsl: the value type may be named as the DSL names it (Float16, cutlass.Float16)
    if (value !== undefined && io.dialect === "dsl") value = (await import("../../eval/dsl-atoms.js")).cxxTypeOf(value);
    const tmemC = stringOption(opts["tmem-c"], "--tmem-c");
    const tmemL = stringOption(opts.tmem, "--tmem");
    if (opts.explain !== undefined && (opts.thread === undefined || opts.map !== undefined || tmemC !== undefined || tmemL !== undefined || io.json)) {
      throw new UsageError("--explain goes with --thread T (a TiledCopy's partition_S/D), without --map, --tmem/--tmem-c or --json");
    }
    if (tmemC !== undefined || tmemL !== undefined) return tmemCopy(named.op, opts, io, tmemC, tmemL, value);
    if (stringOption(opts["fragment-c"], "--fragment-c") !== undefined) throw new UsageError("--fragment-c goes with --tmem-c MMA_OP");
    if (value === undefined) throw new UsageError("copy needs --value T, the value type of Copy_Atom<OP,T> (e.g. --value half_t)");
    if (named.value !== undefined && lib.parseValueType(value).name !== lib.parseValueType(named.value).name) {
      throw new UsageError(`--value ${value} differs from the value type ${named.value} of ${args[0]!.trim()}`);
    }
    let thr = stringOption(opts.thr, "--thr");
    let val = stringOption(opts.val, "--val");
    const forMma = stringOption(opts["for-mma"], "--for-mma");
    let atoms = stringOption(opts.atoms, "--atoms");
    let tile = stringOption(opts.tile, "--tile");
    if (dslDialect(io)) {
      // the options in the DSL's spelling: (32, 4) is static
      const { dslArgText } = await import("../../eval/dsl.js");
      if (thr !== undefined) thr = dslArgText(thr, "--thr");
      if (val !== undefined) val = dslArgText(val, "--val");
      if (atoms !== undefined) atoms = dslArgText(atoms, "--atoms");
      if (tile !== undefined) tile = dslArgText(tile, "--tile");
    }
    const operand = stringOption(opts.operand, "--operand");

    const atom = lib.make_copy_atom(named.op, value);

    if (forMma !== undefined) {
      if (thr !== undefined || val !== undefined) throw new UsageError("--for-mma builds the TiledCopy from the MMA; it takes no --thr/--val");
      if (operand === undefined) throw new UsageError("--for-mma needs --operand A|B|C");
      const tc = await read.make_tiled_copy_for_mma(atom, forMma, read.parseOperand(operand), atoms, tile);
      if (partitionView(opts)) return ctaTileViews(io, opts, tc, named.op);
      io.out(await render(io, opts, tc, await tiledCopyText(io, tc)));
      return 0;
    }
    if (atoms !== undefined || tile !== undefined || operand !== undefined) {
      throw new UsageError("--atoms, --tile and --operand go with --for-mma MMA_OP");
    }
    if (thr === undefined) {
      if (val !== undefined) throw new UsageError("--val goes with --thr (make_tiled_copy(atom, thr, val))");
      if (partitionView(opts)) throw new UsageError("--thread, --map, --cta-tile and --side partition a TiledCopy: add --thr/--val or --for-mma (or --tmem-c/--tmem for a TMEM copy)");
      if (opts.latex || opts.svg) throw new UsageError("CuTe draws TiledCopies, not bare atoms: add --thr/--val or --for-mma to --latex/--svg");
      if (dslDialect(io)) {
        io.out((await import("../../eval/atom-values.js")).dslCopyAtomText(atom));
        return 0;
      }
      io.out(await printedOrJson(io, lib.formatCopyAtom(atom)));
      return 0;
    }
    const tc = lib.make_tiled_copy(atom, read.layoutArg(thr, "--thr"), val === undefined ? undefined : read.layoutArg(val, "--val"));
    if (partitionView(opts)) return ctaTileViews(io, opts, tc, named.op);
    io.out(await render(io, opts, tc, await tiledCopyText(io, tc)));
    return 0;
  },
};

/** --thread, --map, --cta-tile or --side: a view of the TiledCopy's partitions */
function partitionView(opts: OptionValues): boolean {
  return opts.map === true || ["thread", "cta-tile", "side"].some((o) => stringOption(opts[o], `--${o}`) !== undefined);
}

/** thr_copy.partition_S/D of the identity tensor over the CTA tile: one thread's (print_tensor), or every thread's over the tile (--map); --json gives coordinates */
async function ctaTileViews(io: Io, opts: OptionValues, tc: import("../../atoms/copy/tiled.js").TiledCopy, op: string): Promise<number> {
  if (opts.latex || opts.svg) throw new UsageError("--latex/--svg draw the whole TiledCopy; they take no --thread/--map/--cta-tile/--side");
  if (io.dialect === "dsl") throw new UsageError("--dialect dsl prints the atom or TiledCopy as the CuTe DSL does; --thread, --map, --cta-tile and --side are in CuTe's C++ dialect only");
  const views = await import("../../atoms/cta-tile.js");
  const { shapeArg } = await import("../../eval/args/common.js");
  const { tiler_shape } = await import("../../atoms/copy/tiled.js");
  const { show } = await import("../../print/print.js");
  const thread = stringOption(opts.thread, "--thread");
  const ctaText = stringOption(opts["cta-tile"], "--cta-tile");
  const sideText = stringOption(opts.side, "--side");
  const force = opts.force === true;
  if (!opts.map && thread === undefined) throw new UsageError("--cta-tile and --side go with --thread T (that thread's partition) or --map (every thread over the tile)");
  const cta = ctaText === undefined ? tiler_shape(tc.tiler) : shapeArg(ctaText, "--cta-tile");
  let sides: Array<"S" | "D"> = ["S", "D"];
  if (sideText !== undefined) {
    const u = sideText.trim().toUpperCase();
    if (u !== "S" && u !== "D") throw new UsageError(`--side expects S (partition_S, the source) or D (partition_D, the destination), got '${sideText}'`);
    sides = [u];
  }
  const threads = views.copyThreads(tc);
  let t: number | undefined;
  if (thread !== undefined) {
    if (!/^\d+$/.test(thread.trim())) throw new UsageError(`--thread takes a thread index such as 37, not '${thread}'`);
    t = Number(thread);
    if (!(t < threads.length)) throw new UsageError(`--thread ${t} is not a thread of this TiledCopy (threads 0..${threads.length - 1})`);
  }
  if (io.json) {
    const { jsonLine } = await import("../../print/json.js");
    const { checkCells } = await import("../../print/layout.js");
    const partitions: Record<string, unknown> = {};
    if (t === undefined) views.checkViewThreads(threads.length, "copy --json");
    let n = 0;
    for (const side of sides) {
      const parts = views.copyParts(tc, side, cta);
      partitions[side] = (t !== undefined ? [t] : threads).map((x) => {
        const p = parts(x);
        checkCells((n += p.size), force, "copy --json");
        return { thread: x, tensor: show(p.tensor), coords: p.coords };
      });
    }
    io.out(jsonLine({ kind: "copy_partition", op, cta_tile: show(cta), axes: "(m,n)", partitions } as never));
    return 0;
  }
  if (opts.map) {
    io.out(sides.map((side) => views.renderCopyCtaMap(tc, side, cta, { color: io.color, thread: t, force }, op)).join("\n"));
    return 0;
  }
  // every side's part is sized before any is printed
  const parts = sides.map((side) => views.copyPart(tc, side, cta, t!));
  const { checkCells } = await import("../../print/layout.js");
  for (const p of parts) checkCells(p.size, force, "copy --thread");
  // CuTe's print_tensor text alone; --explain names each partition on a line above it
  const texts = parts.map((p) => views.formatCopyPart(p, force));
  texts.forEach((text, i) => io.out((i > 0 ? "\n" : "") + (opts.explain ? views.copyPartHeader(sides[i]!, cta, parts[i]!) : "") + text));
  return 0;
}


/** make_tmem_copy(OP, tmem): the TiledCopy, or with --map / --thread its per-thread views */
async function tmemCopy(op: string, opts: OptionValues, io: Io, tmemC: string | undefined, tmemL: string | undefined, value: string | undefined): Promise<number> {
  if (dslDialect(io)) throw new Unsupported("the CuTe DSL's print of make_tmem_copy", ": drop --dialect");
  if (tmemC !== undefined && tmemL !== undefined) throw new UsageError("--tmem-c and --tmem are alternatives: the accumulator of a UMMA, or a TMEM tensor by its layout");
  for (const o of ["thr", "val", "for-mma", "operand", "cta-tile", "side"]) {
    if (stringOption(opts[o], `--${o}`) !== undefined) throw new UsageError(`make_tmem_copy builds its TiledCopy from the TMEM tensor; it takes no --${o}`);
  }
  const thread = stringOption(opts.thread, "--thread");
  const read = await import("../../eval/args/tmem.js");
  const tmemLib = await import("../../atoms/copy/tmem.js");
  let tmem;
  if (tmemC !== undefined) {
    tmem = await read.tmemAccumulator(tmemC, stringOption(opts.atoms, "--atoms"), stringOption(opts.tile, "--tile"), stringOption(opts["fragment-c"], "--fragment-c"));
  } else {
    for (const o of ["atoms", "tile", "fragment-c"]) if (stringOption(opts[o], `--${o}`) !== undefined) throw new UsageError(`--${o} goes with --tmem-c MMA_OP`);
    tmem = read.tmemTensorArg(tmemL!, value);
  }
  const { parseValueType } = await import("../../core/value-types.js");
  const atom = tmemLib.tmem_copy_atom(op, tmem, value === undefined ? undefined : parseValueType(value));
  const tc = tmemLib.make_tmem_copy(atom, tmem);
  const views = await import("../../atoms/copy/tmem-map.js");
  const threadIdx = thread === undefined ? undefined : Number(thread);
  if (thread !== undefined && !/^\d+$/.test(thread.trim())) throw new UsageError(`--thread takes a thread index such as 37, not ${quote(thread)}`);
  if (io.json && (opts.map || threadIdx !== undefined)) {
    // every thread's (or one thread's) register values: tile coordinate, TMEM lane and column
    const n = tc.tiledNumThr.v;
    if (threadIdx !== undefined && !(threadIdx < n)) throw new UsageError(`--thread takes a thread index 0..${n - 1} of this TiledCopy, not ${threadIdx}`);
    const threads = threadIdx !== undefined ? [threadIdx] : Array.from({ length: n }, (_, t) => t);
    const { checkCells } = await import("../../print/layout.js");
    checkCells(threads.length * (tc.tiledNumVal.v || 1), opts.force === true, "copy --json");
    const grid = (() => {
      try {
        return views.tmemGrid(tmem);
      } catch {
        return undefined;
      }
    })();
    const all = tmemLib.tmemCopyValues(tc, tmem, threads);
    const { jsonLine } = await import("../../print/json.js");
    io.out(
      jsonLine({
        kind: "tmem_copy_values",
        op,
        tmem: tmemLib.formatTmemTensor(tmem),
        threads: all.map((vals, i) => ({
          thread: threads[i]!,
          warp: Math.floor(threads[i]! / 32),
          lane: threads[i]! % 32,
          values: vals.map((v) => ({ value: v.value, index: v.index, ...(grid ? { mn: grid.coord(v.index) } : {}), tmem_lane: v.lane, tmem_column: v.column, subword: v.sub })),
        })),
      }),
    );
    return 0;
  }
  if (opts.map) {
    const g = views.tmemGrid(tmem);
    const { checkCells } = await import("../../print/layout.js");
    checkCells(g.rows * g.cols, opts.force === true, "copy --map");
    const title = `make_tmem_copy(${op}, ${tmemLib.formatTmemTensor(tmem)}): M x N = ${g.rows} x ${g.cols}, ${tc.tiledNumThr.v} threads`;
    io.out(views.renderTmemMap(tc, tmem, { color: io.color, thread: threadIdx }, title));
    return 0;
  }
  if (threadIdx !== undefined) {
    io.out(views.formatTmemThread(tc, tmem, threadIdx));
    return 0;
  }
  const lib = await import("../../atoms/copy/index.js");
  io.out(await render(io, opts, tc, lib.formatTiledCopy(tc)));
  return 0;
}

/**
 * --dialect dsl: the CuTe DSL's print of the atom (CopyAtom.__str__, TiledCopy.__str__); cute.printf
 * prints no atoms, and the JSON documents are CuTe's
 */
function dslDialect(io: Io): boolean {
  if (io.dialect === "dsl-printf") throw new UsageError("cute.printf prints integers, tuples, layouts and tensors, not copy atoms: use --dialect dsl");
  if (io.dialect === "dsl" && io.json) throw new UsageError("--json describes CuTe's print: drop --dialect");
  return io.dialect === "dsl";
}

/** the TiledCopy's print in the dialect asked for */
async function tiledCopyText(io: Io, tc: import("../../atoms/copy/tiled.js").TiledCopy): Promise<string> {
  if (dslDialect(io)) return (await import("../../eval/atom-values.js")).dslTiledCopyText(tc);
  return (await import("../../atoms/copy/index.js")).formatTiledCopy(tc);
}

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
