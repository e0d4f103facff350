/**
 * verify banks: shared-memory bank conflicts of a warp's access pattern. Shared memory has 32
 * banks of 4 bytes; a warp's request is served in phases (all 32 threads for accesses of up
 * to 4 bytes, 16 threads for 8 bytes, 8 threads for 16 bytes); within a phase, threads that
 * touch different 4-byte words of the same bank serialize (one wavefront per distinct word),
 * threads that touch the same word share it. The TV layout maps (thread, value) to an index
 * into the shared-memory layout's domain; the layout (swizzle included) maps it to an element
 * offset. Each thread's values are accessed in vectors of the widest width the layouts allow
 * (at most 16 bytes), as a vectorized copy would.
 */
import { UsageError, input, words, type Wording } from "../core/errors.js";
import { D } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import { Layout, make_layout, size } from "../core/layout.js";
import { SmemPtrFlag, Swizzle, innermostLayout } from "../core/swizzle.js";
import { CountingIter, Tensor } from "../core/tensor.js";
import type { TiledCopy } from "../atoms/copy/tiled.js";
import { partitioner, type Side } from "../atoms/copy/thr-copy.js";
import { show } from "../print/print.js";
import type { ValueType } from "../core/value-types.js";
import { type LayoutLike, MAX_LISTED, bitAddressFn, capCells, indexFn, sizeOf } from "./common.js";

export const BANKS = 32;
export const BANK_BYTES = 4;
const MAX_PHASES_KEPT = 64;

export interface BankThread {
  thread: number;
  /** byte address of the thread's access (relative to the layout's origin) */
  byte: number;
  /** the 4-byte word in the worst bank */
  word: number;
}

export interface PhaseResult {
  warp: number;
  /** vectorized access number (values [vector*access, vector*(access+1)) of each thread) */
  access: number;
  phase: number;
  /** threads of the phase */
  firstThread: number;
  lastThread: number;
  /** wavefronts this phase takes: the most distinct words any bank serves */
  wavefronts: number;
  worstBank: number;
  /** the threads that touch the worst bank and their words */
  threads: BankThread[];
  threadCount: number;
}

export interface BanksVerdict {
  kind: "banks";
  holds: boolean;
  smem: string;
  tv: string;
  type: string;
  typeBits: number;
  /** swizzle applied to byte addresses (smem_ptr) or to element offsets */
  swizzleOn: "bytes" | "elements" | "none";
  threads: number;
  values: number;
  warps: number;
  /** elements per vectorized access, and its bytes */
  vector: number;
  vectorChosen: "auto" | "given" | "atom";
  /** with a TiledCopy: the side whose partition addresses shared memory */
  side?: "S" | "D";
  /** the copy atom's access that is not one contiguous, aligned vector in shared memory */
  brokenVector?: { thread: number; value: number; byte: number; why: "misaligned" | "not contiguous" };
  accessBytes: number;
  threadsPerPhase: number;
  phases: number;
  /** total wavefronts over every phase, and the conflict-free count (one per phase) */
  wavefronts: number;
  ideal: number;
  worst: PhaseResult;
  /** phases of the warp with the worst phase (at most 64) */
  warpPhases: PhaseResult[];
  conflictedPhases: number;
}

export interface BanksOptions {
  /** elements per access (default: the widest that is contiguous and aligned, up to 16 bytes) */
  vector?: number;
}

export function verifyBanks(smem: LayoutLike, tv: Layout, type: ValueType, opts: BanksOptions = {}): BanksVerdict {
  if (T.rank(tv.shape) !== 2) throw new UsageError(words`${input("tv")} must be a (thread, value) layout with two modes; got ${show(tv)}`);
  const threads = T.size(T.get(tv.shape, 0)).v;
  const values = T.size(T.get(tv.shape, 1)).v;
  capCells(threads * values, "the TV layout");
  const tvf = indexFn(tv, [input("tv")]);
  return banks(smem, { threads, values, index: (t, v) => tvf(v * threads + t), text: show(tv), what: [input("tv")] }, type, opts.vector === undefined ? { chosen: "auto" } : { chosen: "given", n: opts.vector });
}

/** who accesses what: each (thread, value) as an index into the shared-memory layout's domain */
interface Accesses {
  threads: number;
  values: number;
  index(t: number, v: number): number;
  /** how the accesses were given, for the verdict */
  text: string;
  what: Wording;
  side?: "S" | "D";
}

/** elements per access: the widest contiguous one, a given width, or the copy atom's (its values per thread on that side) */
type VectorChoice = { chosen: "auto" } | { chosen: "given"; n: number } | { chosen: "atom"; n: number };

/**
 * verify banks for a TiledCopy: every thread's partition_S or partition_D of the shared-memory
 * tensor (all its rest modes: every copy the threads issue over it), each access as wide as the
 * copy atom's per-thread values on that side (`--vector` overrides it), every warp.
 */
export function verifyCopyBanks(smem: LayoutLike, tc: TiledCopy, side: Side, opts: BanksOptions = {}): BanksVerdict {
  const inner = smem instanceof Layout ? smem : innermostLayout(smem);
  // the smem tensor's domain, counted: partitioned, each value is its index into the layout's domain
  const counting = new Tensor(new CountingIter(D(0)), make_layout(inner.shape));
  const part = partitioner(tc, side, counting);
  const threads = tc.tiledNumThr.v;
  if (!(threads >= 0 && threads <= 1 << 20)) throw new UsageError(`the TiledCopy has ${threads} threads`);
  const first = part(D(0));
  const values = size(first.layout as Layout).v;
  capCells(threads * values, "the TiledCopy's partition of the shared-memory layout");
  const index = new Float64Array(threads * values);
  for (let t = 0; t < threads; t++) {
    const p = t === 0 ? first : part(D(t));
    const base = (p.iter as CountingIter).v.v;
    const f = indexFn(p.layout as Layout, "the partition");
    for (let v = 0; v < values; v++) index[v * threads + t] = base + f(v);
  }
  const atomValues = (side === "S" ? tc.atom.numValSrc : tc.atom.numValDst).v;
  const vector: VectorChoice = opts.vector !== undefined ? { chosen: "given", n: opts.vector } : atomValues >= 1 && values % atomValues === 0 ? { chosen: "atom", n: atomValues } : { chosen: "auto" };
  return banks(smem, { threads, values, index: (t, v) => index[v * threads + t]!, text: `partition_${side} of a TiledCopy of ${tc.atom.name} over ${show(inner.shape)}`, what: `partition_${side}`, side }, tc.atom.valueType, vector);
}

function banks(smem: LayoutLike, acc: Accesses, type: ValueType, choice: VectorChoice): BanksVerdict {
  const { threads, values } = acc;
  const domain = sizeOf(smem);
  const bits = type.bits;
  const addrOf = bitAddressFn(smem, bits, "the shared-memory layout");
  // bit addresses per (t, v), checked against the layout's domain
  const addr = new Float64Array(threads * values);
  for (let t = 0; t < threads; t++) {
    for (let v = 0; v < values; v++) {
      const k = acc.index(t, v);
      if (k < 0 || k >= domain) throw new UsageError(words`${acc.what} maps thread ${t} value ${v} to index ${k}, outside the shared-memory layout (size ${domain})`);
      addr[v * threads + t] = addrOf(k);
    }
  }
  const at = (t: number, v: number) => addr[v * threads + t]!;

  let vector: number;
  const maxVec = Math.max(1, Math.floor(128 / bits));
  let broken: BanksVerdict["brokenVector"];
  if (choice.chosen !== "auto") {
    vector = choice.n;
    if (!(vector >= 1) || values % vector !== 0) throw new UsageError(words`${input("vector")} ${vector} must divide the ${values} values per thread`);
    if (choice.chosen === "atom") broken = firstBreak(vector);
  } else {
    vector = 1;
    for (let n = maxVec; n > 1; n >>= 1) {
      if (values % n !== 0) continue;
      if (contiguous(n)) {
        vector = n;
        break;
      }
    }
  }
  function contiguous(n: number): boolean {
    return firstBreak(n) === undefined;
  }
  /** the first access of n values that is not contiguous and aligned in shared memory */
  function firstBreak(n: number): BanksVerdict["brokenVector"] {
    for (let t = 0; t < threads; t++) {
      for (let g = 0; g < values; g += n) {
        const a0 = at(t, g);
        if (a0 % (n * bits) !== 0) return { thread: t, value: g, byte: a0 / 8, why: "misaligned" };
        for (let j = 1; j < n; j++) if (at(t, g + j) !== a0 + j * bits) return { thread: t, value: g, byte: a0 / 8, why: "not contiguous" };
      }
    }
    return undefined;
  }

  const accessBits = vector * bits;
  const accessBytes = Math.max(1, Math.ceil(accessBits / 8));
  const threadsPerPhase = Math.max(1, Math.min(32, Math.floor((BANKS * BANK_BYTES) / Math.max(accessBytes, BANK_BYTES))));
  const warps = Math.ceil(threads / 32);
  const accesses = values / vector;

  let total = 0, phasesCount = 0, conflicted = 0;
  let worst: PhaseResult | undefined;
  let worstWarp = -1;
  const perWarp: PhaseResult[][] = [];
  for (let w = 0; w < warps; w++) {
    const list: PhaseResult[] = [];
    for (let g = 0; g < accesses; g++) {
      for (let p = 0; p * threadsPerPhase < 32; p++) {
        const t0 = w * 32 + p * threadsPerPhase;
        const t1 = Math.min(t0 + threadsPerPhase, threads, (w + 1) * 32);
        if (t0 >= t1) break;
        const r = phase(w, g, p, t0, t1);
        total += r.wavefronts;
        phasesCount++;
        if (r.wavefronts > 1) conflicted++;
        if (!worst || r.wavefronts > worst.wavefronts) {
          worst = r;
          worstWarp = w;
        }
        if (list.length < MAX_PHASES_KEPT) list.push(r);
      }
    }
    perWarp.push(list);
  }

  function phase(w: number, g: number, p: number, t0: number, t1: number): PhaseResult {
    const words = new Map<number, Set<number>>();
    const who = new Map<number, BankThread[]>();
    for (let t = t0; t < t1; t++) {
      const a = at(t, g * vector);
      const byte = Math.floor(a / 8);
      const lastByte = Math.floor((a + accessBits - 1) / 8);
      for (let word = Math.floor(byte / BANK_BYTES); word <= Math.floor(lastByte / BANK_BYTES); word++) {
        const bank = ((word % BANKS) + BANKS) % BANKS;
        let s = words.get(bank);
        if (!s) words.set(bank, (s = new Set()));
        s.add(word);
        let l = who.get(bank);
        if (!l) who.set(bank, (l = []));
        l.push({ thread: t, byte, word });
      }
    }
    let wavefronts = 1, worstBank = 0, best = -1;
    for (const [bank, s] of words) {
      if (s.size > best || (s.size === best && bank < worstBank)) {
        best = s.size;
        worstBank = bank;
      }
    }
    wavefronts = Math.max(1, best);
    const ts = who.get(worstBank) ?? [];
    return {
      warp: w,
      access: g,
      phase: p,
      firstThread: t0,
      lastThread: t1 - 1,
      wavefronts,
      worstBank,
      threads: ts.slice(0, Math.max(MAX_LISTED, wavefronts * 2)),
      threadCount: ts.length,
    };
  }

  const swizzleOn =
    smem instanceof Layout ? "none" : smem.offset instanceof SmemPtrFlag && smem.a instanceof Swizzle ? "bytes" : "elements";
  return {
    kind: "banks",
    holds: conflicted === 0 && broken === undefined,
    smem: show(smem),
    tv: acc.text,
    ...(acc.side !== undefined ? { side: acc.side } : {}),
    ...(broken !== undefined ? { brokenVector: broken } : {}),
    type: type.name,
    typeBits: bits,
    swizzleOn,
    threads,
    values,
    warps,
    vector,
    vectorChosen: choice.chosen,
    accessBytes,
    threadsPerPhase,
    phases: phasesCount,
    wavefronts: total,
    ideal: phasesCount,
    worst: worst!,
    warpPhases: perWarp[worstWarp] ?? [],
    conflictedPhases: conflicted,
  };
}
