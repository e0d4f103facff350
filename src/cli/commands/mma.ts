/**
 * `cute-ts mma OP [--atoms LAYOUT] [--tile TILE]`: CuTe's print of MMA_Atom<OP> / the TiledMMA;
 * `--map A|B|C` / `--thread T [--operand A|B|C]`: who owns which element; `--list [--arch smXX]`;
 * `--fragment-c (M,N)`: partition_fragment_C of a UMMA, its accumulator in tensor memory;
 * `--desc-smem LAYOUT --type T --major K|MN [--arch sm90|sm100]`: make_gmma_desc / make_umma_desc.
 */
import { UsageError } from "../../core/errors.js";
import { printedOrJson, stringOption } from "../options.js";
import { mmaOpText } from "../../eval/args/op.js";
import { pictureOptions, type CommandSpec, type Io, type OptionValues } from "../spec.js";

export const command: CommandSpec = {
  name: "mma",
  summary: "MMA atoms and tiled MMAs: CuTe's print, thread-value maps, the op catalog",
  args: ["[OP]"],
  options: [
    { name: "atoms", value: "LAYOUT", description: "atom layout over (M,N,K) for make_tiled_mma, e.g. (_2,_2,_1)" },
    { name: "tile", value: "TILE", description: "permutation / tile sizes (M,N,K) for make_tiled_mma, e.g. (_32,_32,_16)" },
    { name: "map", value: "A|B|C", description: "draw the operand's grid with the owning thread and value in each cell" },
    { name: "thread", value: "T", description: "highlight thread T on --map, or list its fragment coordinates with --operand" },
    { name: "operand", value: "A|B|C", description: "with --thread: the (m,k)/(n,k)/(m,n) coordinates of that thread's values" },
    { name: "cta-tile", value: "(M,N,K)", description: "with --thread T: thr_mma.partition_A/B/C of the identity tensor over this CTA tile, as print_tensor prints it (every (m,k) the thread owns); with --map A|B|C: the grid of the whole CTA tile" },
    { name: "fragment-c", value: "(M,N)", description: "print partition_fragment_C(tiled_mma, (M,N)): for a UMMA (SM100_MMA_*) the accumulator's TMEM tensor, e.g. tmem_[32b](0x0000.0000) o ((_128,_256),_1,_1):((_65536,_1),_0,_0)" },
    { name: "list", description: "list every MMA operation CuTe defines (name, MxNxK, threads, D/A/B/C types)" },
    { name: "arch", value: "smXX", description: "with --list: only that architecture (sm61 ... sm120); with --desc-smem: sm90 (GMMA, the default) or sm100 (UMMA)" },
    { name: "desc-smem", value: "LAYOUT", description: "print the shared-memory descriptor CuTe builds for a tensor over this smem layout: make_gmma_desc<Major> (sm90) or make_umma_desc<Major> (sm100), e.g. Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)" },
    { name: "type", value: "T", description: "with --desc-smem: the element type (half_t, float_e4m3_t, tfloat32_t, ...)" },
    { name: "major", value: "K|MN", description: "with --desc-smem: the operand's major-ness (GMMA::Major / UMMA::Major)" },
    { name: "start", value: "ADDR", description: "with --desc-smem: the smem byte address the tensor starts at (decimal or 0x..., default 0)" },
    { name: "explain", description: "with --desc-smem: after CuTe's print, the uint128_t tensor, the canonical layout and where LBO and SBO come from; with --cta-tile --thread: a line before each partition saying which it is (without it stdout is CuTe's print_tensor text alone)" },
    ...pictureOptions(
      "print CuTe's print_latex of the TiledMMA (an atom is drawn as make_tiled_mma(atom))",
      "print CuTe's print_svg of the TiledMMA",
      "answer even past the size limits: 65,536 cells for --latex/--svg, 262,144 cells or coordinates for --map, --thread and their --json",
    ),
  ],
  examples: [
    "mma SM70_8x8x4_F32F16F16F32_NT",
    "mma SM80_16x8x16_F32F16F16F32_TN --atoms (_2,_2,_1) --tile (_32,_32,_16)",
    "mma SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>",
    "mma 'MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}'",
    "mma SM80_16x8x8_F16F16F16F16_TN --map C --thread 5",
    "mma SM80_16x8x8_F16F16F16F16_TN --thread 0 --operand A",
    "mma SM80_16x8x16_F16F16F16F16_TN --atoms (_2,_2) --tile (_32,_32,_16) --cta-tile (_128,_128,_64) --thread 37 --operand A",
    "mma UniversalFMA<float,float,float> --atoms (_16,_16,_1) --cta-tile (_32,_32,_1) --map C",
    "mma SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,256,UMMA::Major::K,UMMA::Major::K> --fragment-c (_256,_256)",
    "mma --list --arch sm80",
    "mma --desc-smem 'Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)' --type half_t --major K",
    "mma --desc-smem 'tile_to_shape(Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64), (_128,_16))' --type half_t --major MN --start 0x400 --explain",
    "mma --desc-smem 'Sw<3,4,3> o smem_ptr[8b](unset) o (_128,_128):(_128,_1)' --type float_e4m3_t --major K --arch sm100",
    "mma SM70_8x8x4_F32F16F16F32_NT --latex",
  ],
  async run(args: string[], opts: OptionValues, io: Io): Promise<number> {
    const descSmem = stringOption(opts["desc-smem"], "--desc-smem");
    if (descSmem !== undefined) return runDescSmem(descSmem, args, opts, io);
    for (const o of ["type", "major", "start"]) if (opts[o] !== undefined) throw new UsageError(`--${o} only applies to --desc-smem`);
    if (opts.explain !== undefined && (opts["cta-tile"] === undefined || opts.thread === undefined || opts.map !== undefined || io.json)) throw new UsageError("--explain goes with --desc-smem, or with --cta-tile and --thread T (without --map or --json)");
    const catalog = await import("../../atoms/mma/catalog.js");
    if (opts.list) {
      if (args.length > 0) throw new UsageError("mma --list takes no operation name");
      const { formatListing } = await import("../../atoms/mma/listing.js");
      const arch = stringOption(opts.arch, "--arch");
      const list = catalog.listMma(arch === undefined ? undefined : (await import("../../eval/args/common.js")).normalizeArch(arch));
      if (io.json) {
        const { jsonLine } = await import("../../print/json.js");
        io.out(jsonLine({ kind: "mma_list", ops: list.map((e) => ({ name: e.spelling, M: e.traits.M, N: e.traits.N, K: e.traits.K, threads: e.traits.threads, types: e.traits.types })) }));
        return 0;
      }
      io.out(formatListing(list));
      return 0;
    }
    if (opts.arch !== undefined) throw new UsageError("--arch only applies to --list and --desc-smem");
    if (args.length !== 1) throw new UsageError("mma expects one operation name, e.g. cute-ts mma SM80_16x8x16_F32F16F16F32_TN (or --list)");
    const traits = catalog.resolveMma(mmaOpText(args[0]!));
    if (io.dialect === "dsl-printf") throw new UsageError("cute.printf prints integers, tuples, layouts and tensors, not MMA atoms: use --dialect dsl");
    if (io.dialect === "dsl" && io.json) throw new UsageError("--json describes CuTe's print: drop --dialect");
    let atoms = stringOption(opts.atoms, "--atoms");
    let tile = stringOption(opts.tile, "--tile");
    if (io.dialect === "dsl") {
      // the options in the DSL's spelling: (2, 2, 1) is static
      const { dslArgText } = await import("../../eval/dsl.js");
      if (atoms !== undefined) atoms = dslArgText(atoms, "--atoms");
      if (tile !== undefined) tile = dslArgText(tile, "--tile");
    }
    const map = stringOption(opts.map, "--map");
    const thread = stringOption(opts.thread, "--thread");
    const operand = stringOption(opts.operand, "--operand");
    const force = opts.force === true;
    const fragmentC = stringOption(opts["fragment-c"], "--fragment-c");
    const ctaTile = stringOption(opts["cta-tile"], "--cta-tile");
    if (io.dialect === "dsl" && (fragmentC !== undefined || map !== undefined || thread !== undefined || ctaTile !== undefined)) {
      throw new UsageError("--dialect dsl prints the atom or TiledMMA as the CuTe DSL does; --map, --thread, --cta-tile and --fragment-c are in CuTe's C++ dialect only");
    }
    if (ctaTile !== undefined) {
      if (fragmentC !== undefined || opts.latex || opts.svg) throw new UsageError("--cta-tile goes with --thread T or --map A|B|C; it takes no --fragment-c/--latex/--svg");
      if (map === undefined && thread === undefined) throw new UsageError("--cta-tile goes with --thread T (that thread's partition of the tile) or --map A|B|C (every thread over the tile)");
      const mma = (await import("../../eval/args/mma.js")).makeTiledMma(traits, atoms, tile);
      return ctaTileViews(io, traits.op, mma, ctaTile, map, thread, operand, force, opts.explain === true);
    }
    if (fragmentC !== undefined) {
      if (map !== undefined || thread !== undefined || operand !== undefined || opts.latex || opts.svg) {
        throw new UsageError("--fragment-c prints the accumulator tensor; it takes no --map/--thread/--operand/--latex/--svg");
      }
      const mma = (await import("../../eval/args/mma.js")).makeTiledMma(traits, atoms, tile);
      const { fragmentShapeC } = await import("../../eval/args/tmem.js");
      const { partition_fragment_C } = await import("../../atoms/mma/tmem-frg.js");
      const { formatTmemTensor } = await import("../../atoms/copy/tmem.js");
      io.out(await printedOrJson(io, formatTmemTensor(partition_fragment_C(mma, await fragmentShapeC(mma, fragmentC))) + "\n"));
      return 0;
    }
    if (operand !== undefined && thread === undefined) throw new UsageError("--operand needs --thread T");
    if (opts.latex || opts.svg) {
      if (opts.latex && opts.svg) throw new UsageError("choose one of --latex and --svg");
      if (map !== undefined || thread !== undefined) throw new UsageError("--latex/--svg draw the whole TiledMMA; they take no --map/--thread");
      const pics = await import("../../atoms/pictures.js");
      const m = (await import("../../eval/args/mma.js")).makeTiledMma(traits, atoms, tile);
      io.out(opts.latex ? pics.print_latex_tiled_mma(m, force) : pics.print_svg_tiled_mma(m, force));
      return 0;
    }
    if (atoms === undefined && tile === undefined && map === undefined && thread === undefined) {
      if (io.dialect === "dsl") {
        io.out((await import("../../eval/atom-values.js")).dslMmaAtomText(traits));
        return 0;
      }
      const { formatMmaAtom } = await import("../../atoms/mma/atom.js");
      io.out(await printedOrJson(io, formatMmaAtom(traits), { op: traits.op, arch: traits.arch, M: traits.M, N: traits.N, K: traits.K, threads: traits.threads, types: traits.types }));
      return 0;
    }
    const tiled = await import("../../atoms/mma/tiled-mma.js");
    const { parseOperand } = await import("../../eval/args/common.js");
    const { parseThread } = await import("../../eval/args/mma.js");
    const mma = (await import("../../eval/args/mma.js")).makeTiledMma(traits, atoms, tile);
    // a --tile can make the operands as large as one likes: maps and coordinate lists are bounded like print's tables
    // maps and coordinate lists are written as they are made: on the command line --force lifts
    // every ceiling; where the answer is held whole (batch, check, the page) FORCE_MAX_CELLS stays
    const { checkCells, FORCE_MAX_CELLS, STREAM_MAX_CELLS } = await import("../../print/layout.js");
    const hard = io.stream ? STREAM_MAX_CELLS : FORCE_MAX_CELLS;
    const write = (s: string) => io.out(s);
    if (io.json && (map !== undefined || thread !== undefined)) {
      const { jsonLine } = await import("../../print/json.js");
      const { Chunks } = await import("../../print/stream.js");
      const ops = map !== undefined ? [parseOperand(map, "--map")] : operand === undefined ? (["A", "B", "C"] as const) : [parseOperand(operand, "--operand")];
      const threads = thread !== undefined ? [parseThread(mma, thread)] : tiled.threadIndices(mma);
      let coords = 0;
      for (const w of ops) coords += threads.length * tiled.valuesPerThread(mma, w);
      checkCells(coords, force, "mma --json", hard);
      // each thread's entry is written as soon as it is made: a big tile has millions of coordinates
      const out = new Chunks(write);
      out.put(jsonLine({ kind: "mma_fragments", op: traits.op, axes: { A: "(m,k)", B: "(n,k)", C: "(m,n)" } }).slice(0, -2) + ',"fragments":{');
      ops.forEach((w, i) => {
        out.put(`${i ? "," : ""}${JSON.stringify(w)}:[`);
        threads.forEach((t, j) => {
          out.put(`${j ? "," : ""}{"thread":${t},"coords":[`);
          tiled.fragmentCoords(mma, w, t).forEach(([r, c], k) => {
            out.put(k ? ",[" : "[");
            out.putInt(r);
            out.put(",");
            out.putInt(c);
            out.put("]");
          });
          out.put("]}");
        });
        out.put("]");
      });
      out.put("}}\n");
      out.end();
      return 0;
    }
    if (map !== undefined) {
      const { writeMmaMap } = await import("../../atoms/mma/map.js");
      checkCells(tiled.operandCells(mma, parseOperand(map, "--map")), force, "mma --map", hard);
      writeMmaMap(mma, parseOperand(map, "--map"), { color: io.color, colorLevel: io.colorLevel, thread: thread === undefined ? undefined : parseThread(mma, thread) }, write);
      return 0;
    }
    if (thread !== undefined) {
      const t = parseThread(mma, thread);
      const which = operand === undefined ? (["A", "B", "C"] as const) : [parseOperand(operand, "--operand")];
      let coords = 0;
      for (const w of which) coords += tiled.valuesPerThread(mma, w);
      checkCells(coords, force, "mma --thread");
      io.out(which.map((w) => tiled.formatFragment(mma, w, t)).join("\n"));
      return 0;
    }
    if (io.dialect === "dsl") {
      io.out((await import("../../eval/atom-values.js")).dslTiledMmaText(mma));
      return 0;
    }
    io.out(await printedOrJson(io, tiled.formatTiledMma(mma), { op: traits.op }));
    return 0;
  },
};

/** --cta-tile with --thread T (print_tensor of each operand's partition) or --map W (the tile's owners); --json gives coordinates */
async function ctaTileViews(io: Io, op: string, mma: import("../../atoms/mma/tiled-mma.js").TiledMma, ctaText: string, map: string | undefined, thread: string | undefined, operand: string | undefined, force: boolean, explain: boolean): Promise<number> {
  const { parseOperand } = await import("../../eval/args/common.js");
  const { parseThread } = await import("../../eval/args/mma.js");
  const views = await import("../../atoms/cta-tile.js");
  const { shapeArg } = await import("../../eval/args/common.js");
  const { show } = await import("../../print/print.js");
  const cta = shapeArg(ctaText, "--cta-tile");
  views.operandTile(cta, "A"); // (M,N,K), or refused
  if (map !== undefined && operand !== undefined) throw new UsageError("--map names its operand; it takes no --operand");
  const ops = map !== undefined ? [parseOperand(map, "--map")] : operand === undefined ? (["A", "B", "C"] as const) : [parseOperand(operand, "--operand")];
  const t = thread === undefined ? undefined : parseThread(mma, thread);
  if (io.json) {
    const { jsonLine } = await import("../../print/json.js");
    const { checkCells } = await import("../../print/layout.js");
    const threads = t !== undefined ? [t] : views.mmaThreads(mma);
    views.checkViewThreads(threads.length, "mma --cta-tile --json");
    const partitions: Record<string, unknown> = {};
    let n = 0;
    for (const w of ops) {
      const parts = views.mmaParts(mma, w, cta);
      partitions[w] = threads.map((x) => {
        const p = parts(x);
        checkCells((n += p.size), force, "mma --cta-tile --json");
        return { thread: x, tensor: show(p.tensor), coords: p.coords };
      });
    }
    io.out(jsonLine({ kind: "mma_partition", op, cta_tile: show(cta), axes: { A: "(m,k)", B: "(n,k)", C: "(m,n)" }, partitions } as never));
    return 0;
  }
  if (map !== undefined) {
    io.out(views.renderMmaCtaMap(mma, ops[0]!, cta, { color: io.color, thread: t, force }));
    return 0;
  }
  // every operand's part is sized before any is printed
  const parts = ops.map((w) => views.mmaPart(mma, w, cta, t!));
  const { checkCells } = await import("../../print/layout.js");
  for (const p of parts) checkCells(p.size, force, "mma --cta-tile --thread");
  // CuTe's print_tensor text alone; --explain names each partition on a line above it
  const texts = parts.map((p) => views.formatMmaPart(p, force));
  texts.forEach((text, i) => io.out((i > 0 ? "\n" : "") + (explain ? views.mmaPartHeader(ops[i]!, cta, parts[i]!) : "") + text));
  return 0;
}



/** mma --desc-smem: CuTe's print of the descriptor (GmmaDescriptor on sm90; UMMA's fields in the same format on sm100) */
async function runDescSmem(layout: string, args: string[], opts: OptionValues, io: Io): Promise<number> {
  if (args.length > 0) throw new UsageError("mma --desc-smem takes no operation name: the descriptor depends on the layout, --type, --major and --arch");
  for (const o of ["atoms", "tile", "map", "thread", "operand", "fragment-c", "list", "latex", "svg", "force"]) {
    if (opts[o] !== undefined) throw new UsageError(`--desc-smem takes no --${o}`);
  }
  const { smemDescArg } = await import("../../eval/args/smem-desc.js");
  const d = smemDescArg(layout, { type: stringOption(opts.type, "--type"), major: stringOption(opts.major, "--major"), arch: stringOption(opts.arch, "--arch"), start: stringOption(opts.start, "--start") });
  const m = await import("../../atoms/mma/smem-desc.js");
  if (io.json) {
    const { jsonLine } = await import("../../print/json.js");
    io.out(jsonLine(m.smemDescriptorJson(d) as never));
    return 0;
  }
  io.out(m.formatSmemDescriptor(d) + (opts.explain ? m.explainSmemDescriptor(d) : ""));
  return 0;
}
