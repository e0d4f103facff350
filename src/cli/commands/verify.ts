/**
 * `cute-ts verify CHECK ...`: exit 0 when the property holds, 1 with a counterexample when it
 * does not, 2 for bad input. The checks are library functions in src/verify; this prints them.
 */
import { Input, UsageError, type Wording, quote, spell } from "../../core/errors.js";
import { SAFE_LIMIT_TEXT } from "../../core/integer.js";
import { stringOption } from "../options.js";
import { optionSpelling } from "../spelling.js";
import type { CommandSpec, Io, OptionValues } from "../spec.js";

const CHECKS = ["tv", "mma", "copy", "equal", "injective", "bijective", "compact", "vector", "banks", "gmma-smem", "tma"] as const;
type Check = (typeof CHECKS)[number];

const USAGE: Record<Check, string> = {
  tv: "verify tv TV --tile SHAPE [--allow-broadcast]",
  mma: "verify mma OP [--atoms LAYOUT] [--tile TILE]",
  copy: "verify copy OP --value T [--thr LAYOUT [--val LAYOUT] | --for-mma MMA_OP --operand A|B|C [--atoms L] [--tile T]]",
  equal: "verify equal A B",
  injective: "verify injective LAYOUT",
  bijective: "verify bijective LAYOUT",
  compact: "verify compact LAYOUT",
  vector: "verify vector SRC DST --type T [--min N] (either may be swizzled: Sw<B,M,S> o offset o L)",
  banks: "verify banks SMEM_LAYOUT (--tv TV --type T | --copy OP --value T (--thr L [--val L] | --for-mma MMA_OP --operand A|B|C [--atoms L] [--tile T]) [--side S|D]) [--vector N]",
  "gmma-smem": "verify gmma-smem LAYOUT --type T --major K|MN",
  tma: "verify tma --op OP --type T --gmem LAYOUT --smem LAYOUT [--cta-tiler TILER] [--cluster _N] [--arch sm90|sm100]",
};

export const command: CommandSpec = {
  name: "verify",
  summary: "verify layouts: partitions (tv, mma, copy), equality, injective/bijective/compact, vector width, bank conflicts, GMMA smem, TMA on real hardware",
  args: ["CHECK", "ARGS..."],
  options: [
    { name: "tile", value: "SHAPE", description: "tv: the tile the TV layout covers, e.g. (_16,_8); mma/copy --for-mma: the TiledMMA tile (M,N,K)" },
    { name: "allow-broadcast", description: "tv: accept stride-0 replication (every element owned F times), e.g. GMMA's A/B from smem" },
    { name: "atoms", value: "LAYOUT", description: "mma, copy --for-mma: atom layout over (M,N,K), e.g. (_2,_2,_1)" },
    { name: "value", value: "T", description: "copy: the value type of Copy_Atom<OP,T> (also accepted as --type)" },
    { name: "thr", value: "LAYOUT", description: "copy: thread layout for make_tiled_copy" },
    { name: "val", value: "LAYOUT", description: "copy: value layout for make_tiled_copy" },
    { name: "for-mma", value: "MMA_OP", description: "copy: make_tiled_copy_A/B/C for this MMA (with --operand)" },
    { name: "operand", value: "A|B|C", description: "copy --for-mma: which operand" },
    { name: "type", value: "T", description: "vector, banks, gmma-smem, tma: element type (half_t, float, uint8_t, ...)" },
    { name: "min", value: "N", description: "vector: fail unless the common vector has at least N elements" },
    { name: "tv", value: "TV", description: "banks: (thread, value) -> index into the smem layout's domain" },
    { name: "vector", value: "N", description: "banks: elements per access (default: widest contiguous, aligned, <= 16 bytes; with --copy, the copy atom's)" },
    { name: "copy", value: "OP", description: "banks: the accesses of a TiledCopy of this operation over SMEM_LAYOUT (with --value and --thr/--val or --for-mma/--operand, as `copy` takes them): every thread's partition_S/D, every warp" },
    { name: "side", value: "S|D", description: "banks --copy: the side that addresses shared memory, partition_S or partition_D (default: S for ldmatrix loads, D for stmatrix and cp.async)" },
    { name: "major", value: "K|MN", description: "gmma-smem: the operand's contiguous mode" },
    { name: "op", value: "OP", description: "tma: SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE or SM90_TMA_REDUCE_ADD" },
    { name: "gmem", value: "LAYOUT", description: "tma: the global-memory tensor's layout, e.g. (1024,1024):(1024,_1)" },
    { name: "smem", value: "LAYOUT", description: "tma: the shared-memory layout, plain or swizzled" },
    { name: "cta-tiler", value: "TILER", description: "tma: explicit CTA tiler" },
    { name: "cluster", value: "_N", description: "tma: cluster size (CTAs a box is split over)" },
    { name: "arch", value: "sm90|sm100", description: "tma: the hardware to check against (default sm90)" },
  ],
  examples: [
    "verify tv ((_4,_8),(_2,_2)):((_32,_1),(_16,_8)) --tile (_16,_8)",
    "verify tv (_128,(_64,_16)):(_0,(_1,_64)) --tile (_64,_16) --allow-broadcast",
    "verify mma SM80_16x8x16_F32F16F16F32_TN --atoms (_2,_2,_1)",
    "verify copy SM75_U32x4_LDSM_N --value half_t",
    "verify equal (_2,(_4,_7)):(_1,(_2,_8)) (_2,_4,_7):(_1,_2,_8)",
    "verify bijective (_4,_8):(_8,_1)",
    "verify vector (_8,_4):(_1,_8) (_8,_4):(_4,_1) --type half_t",
    "verify banks (_32,_32):(_32,_1) --tv (_32,_32):(_1,_32) --type float",
    "verify banks 'Sw<3,2,3> o _0 o (_32,_32):(_32,_1)' --tv (_32,_32):(_1,_32) --type float",
    "verify banks 'Sw<3,3,3> o _0 o (_128,_64):(_64,_1)' --copy SM80_CP_ASYNC_CACHEALWAYS<uint128_t> --value half_t --thr (_16,_8):(_8,_1) --val (_1,_8)",
    "verify banks 'Sw<3,3,3> o _0 o (_128,_64):(_64,_1)' --copy SM75_U32x4_LDSM_N --value half_t --for-mma SM80_16x8x16_F16F16F16F16_TN --atoms (_2,_2) --tile (_32,_32,_16) --operand A",
    "verify gmma-smem 'Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))' --type half_t --major K",
    "verify gmma-smem (_64,_64):(_1,_64) --type half_t --major MN",
    "verify tma --op SM90_TMA_LOAD --type half_t --gmem (1024,1024):(1024,_1) --smem (_64,_4):(_4,_1)",
    "verify tma --op SM90_TMA_LOAD --type half_t --gmem (1024,1024):(1024,_1) --smem 'Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)' --arch sm90",
  ],
  async run(args: string[], opts: OptionValues, io: Io): Promise<number> {
    const check = args[0] as Check | undefined;
    if (check === undefined || !CHECKS.includes(check)) {
      const list = CHECKS.join(", ");
      throw new UsageError(check === undefined ? `verify needs a check: ${list}` : `unknown check ${quote(check)} (checks: ${list})`);
    }
    const rest = args.slice(1);
    const V = await import("../../verify/index.js");
    const arity = (n: number) => {
      if (rest.length !== n) throw new UsageError(`usage: cute-ts ${USAGE[check]}`);
    };
    const only = (...allowed: string[]) => {
      for (const [k, v] of Object.entries(opts)) {
        if (v !== undefined && v !== false && !allowed.includes(k)) throw new UsageError(`--${k} does not apply to 'verify ${check}' (usage: cute-ts ${USAGE[check]})`);
      }
    };
    let verdict: import("../../verify/format.js").Verdict;
    switch (check) {
      case "tv": {
        arity(1);
        only("tile", "allow-broadcast");
        const tile = stringOption(opts.tile, "--tile");
        if (tile === undefined) throw new UsageError("verify tv needs --tile SHAPE, the tile the TV layout indexes in column-major order");
        verdict = V.verifyTV(V.layoutArg(rest[0]!, "TV"), V.shapeArg(tile, "--tile"), { allowBroadcast: !!opts["allow-broadcast"] });
        break;
      }
      case "mma": {
        arity(1);
        only("atoms", "tile");
        const { resolveMma } = await import("../../atoms/mma/catalog.js");
        verdict = V.verifyMma(resolveMma(rest[0]!), stringOption(opts.atoms, "--atoms"), stringOption(opts.tile, "--tile"));
        break;
      }
      case "copy": {
        arity(1);
        only("value", "type", "thr", "val", "for-mma", "operand", "atoms", "tile", "allow-broadcast");
        const built = await tiledCopyFrom(rest[0]!, opts, "verify copy");
        const bopts = { allowBroadcast: true };
        verdict = built.tc === undefined ? V.verifyCopyAtom(built.atom, bopts) : V.verifyTiledCopy(built.tc, bopts);
        break;
      }
      case "equal":
        arity(2);
        only();
        verdict = V.verifyEqual(V.layoutLikeArg(rest[0]!, "A"), V.layoutLikeArg(rest[1]!, "B"));
        break;
      case "injective":
      case "bijective":
      case "compact":
        arity(1);
        only();
        verdict = V.verifyProperty(V.layoutLikeArg(rest[0]!, "LAYOUT"), check);
        break;
      case "vector": {
        arity(2);
        only("type", "min");
        const min = opts.min === undefined ? undefined : positive(stringOption(opts.min, "--min")!, "--min");
        verdict = V.verifyVector(V.layoutLikeArg(rest[0]!, "SRC"), V.layoutLikeArg(rest[1]!, "DST"), V.typeArg(stringOption(opts.type, "--type")), min);
        break;
      }
      case "banks": {
        arity(1);
        const vec = opts.vector === undefined ? undefined : positive(stringOption(opts.vector, "--vector")!, "--vector");
        const copyOp = stringOption(opts.copy, "--copy");
        if (copyOp !== undefined) {
          only("copy", "value", "type", "thr", "val", "for-mma", "operand", "atoms", "tile", "side", "vector");
          const built = await tiledCopyFrom(copyOp, opts, "verify banks --copy");
          if (built.tc === undefined) throw new UsageError("verify banks --copy partitions a TiledCopy: add --thr [--val] or --for-mma MMA_OP --operand A|B|C");
          verdict = V.verifyCopyBanks(V.layoutLikeArg(rest[0]!, "SMEM_LAYOUT"), built.tc, sideOf(copyOp, stringOption(opts.side, "--side")), vec === undefined ? {} : { vector: vec });
          break;
        }
        only("tv", "type", "vector");
        const tv = stringOption(opts.tv, "--tv");
        if (tv === undefined) throw new UsageError("verify banks needs --tv TV ((thread, value) -> index into the shared-memory layout) or --copy OP with a TiledCopy's options");
        verdict = V.verifyBanks(V.layoutLikeArg(rest[0]!, "SMEM_LAYOUT"), V.layoutArg(tv, "--tv"), V.typeArg(stringOption(opts.type, "--type")), vec === undefined ? {} : { vector: vec });
        break;
      }
      case "tma": {
        arity(0);
        only("op", "type", "gmem", "smem", "cta-tiler", "cluster", "arch");
        const { tmaArgsFrom } = await import("../../eval/args/tma-options.js");
        const { makeTmaCopy } = await import("../../atoms/tma/make-tma-copy.js");
        const { parseArch } = await import("../../eval/args/tma-options.js");
        const arch = parseArch(stringOption(opts.arch, "--arch"));
        const tmaArgs = tmaArgsFrom(opts);
        if (tmaArgs.op.startsWith("SM100_TMA_2SM_")) {
          throw new UsageError(
            `verify tma does not judge ${tmaArgs.op}: cute-ts builds it (tma --op ${tmaArgs.op}; tma --for-mma MMA_OP --operand A|B for make_tma_atom_A/B_sm100), ` +
              "but how the copy engine splits a box across the CTA pair is not sourced here. Its descriptor obeys the same driver rules and its multicast mask is 16 bits " +
              "(copy_sm100_tma.hpp): to check the descriptor rules, describe one CTA's box with SM90_TMA_LOAD or SM90_TMA_LOAD_MULTICAST and --arch sm100",
          );
        }
        verdict = V.verifyTma(makeTmaCopy(tmaArgs), arch);
        break;
      }
      case "gmma-smem":
        arity(1);
        only("type", "major");
        verdict = V.verifyGmmaSmem(V.layoutLikeArg(rest[0]!, "LAYOUT"), V.typeArg(stringOption(opts.type, "--type")), (await import("../../eval/args/smem-desc.js")).parseMajor(stringOption(opts.major, "--major"), ""));
        break;
    }
    if (io.json) {
      const { jsonLine } = await import("../../print/json.js");
      // words naming the caller's inputs (a verdict's notes) as text, each input spelled as its option
      const spelled = (_k: string, x: unknown) => (Array.isArray(x) && x.some((p) => p instanceof Input) ? spell(x as Wording, optionSpelling) : x);
      io.out(jsonLine(JSON.parse(JSON.stringify(verdict, spelled)) as never));
    } else {
      await V.loadFormatting(verdict);
      io.out(V.formatVerdict(verdict, io.color, optionSpelling));
    }
    return verdict.holds ? 0 : 1;
  },
};


/** Copy_Atom<OP, --value> and, with --thr [--val] or --for-mma --operand, its TiledCopy (as `copy` builds them) */
async function tiledCopyFrom(op: string, opts: OptionValues, what: string): Promise<{ atom: import("../../atoms/copy/atom.js").CopyAtom; tc?: import("../../atoms/copy/tiled.js").TiledCopy }> {
  const lib = await import("../../atoms/copy/index.js");
  const read = await import("../../eval/args/copy.js");
  lib.copyTraits(op);
  const value = stringOption(opts.value, "--value") ?? stringOption(opts.type, "--type");
  if (value === undefined) throw new UsageError(`${what} needs --value T (the value type of Copy_Atom<OP,T>)`);
  const atom = lib.make_copy_atom(op, value);
  const forMma = stringOption(opts["for-mma"], "--for-mma");
  const thr = stringOption(opts.thr, "--thr");
  if (forMma !== undefined) {
    if (thr !== undefined || opts.val !== undefined) throw new UsageError("--for-mma builds the TiledCopy from the MMA; it takes no --thr/--val");
    const operand = stringOption(opts.operand, "--operand");
    if (operand === undefined) throw new UsageError("--for-mma needs --operand A|B|C");
    return { atom, tc: await read.make_tiled_copy_for_mma(atom, forMma, read.parseOperand(operand), stringOption(opts.atoms, "--atoms"), stringOption(opts.tile, "--tile")) };
  }
  if (thr !== undefined) {
    if (opts.operand !== undefined || opts.atoms !== undefined || opts.tile !== undefined) throw new UsageError("--operand, --atoms and --tile go with --for-mma");
    const val = stringOption(opts.val, "--val");
    return { atom, tc: lib.make_tiled_copy(atom, read.layoutArg(thr, "--thr"), val === undefined ? undefined : read.layoutArg(val, "--val")) };
  }
  if (opts.val !== undefined || opts.operand !== undefined || opts.atoms !== undefined || opts.tile !== undefined) {
    throw new UsageError("--val goes with --thr; --operand, --atoms and --tile go with --for-mma");
  }
  return { atom };
}

/** the side of a copy that addresses shared memory: given, or known from the operation (ldmatrix reads it, stmatrix and cp.async write it) */
function sideOf(op: string, given: string | undefined): "S" | "D" {
  if (given !== undefined) {
    const u = given.trim().toUpperCase();
    if (u !== "S" && u !== "D") throw new UsageError(`--side expects S (partition_S, the source) or D (partition_D, the destination), got '${given}'`);
    return u;
  }
  if (/LDSM|_LDS\b|LDS_/.test(op)) return "S";
  if (/STSM|CP_ASYNC|_STS\b|STS_/.test(op)) return "D";
  throw new UsageError(`verify banks --copy ${op}: say which side addresses shared memory, --side S (partition_S, a load from smem) or --side D (partition_D, a store to smem)`);
}

function positive(text: string, name: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1) throw new UsageError(`${name} expects a positive integer, got ${quote(text)}`);
  if (!Number.isSafeInteger(Number(text))) throw new UsageError(`${name} ${quote(text.trim())} is beyond ${SAFE_LIMIT_TEXT}`);
  return Number(text);
}
