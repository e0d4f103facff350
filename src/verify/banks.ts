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
import { UsageError } from "../core/errors.js";
import * as T from "../core/int-tuple.js";
import { Layout } from "../core/layout.js";
import { SmemPtrFlag, Swizzle } from "../core/swizzle.js";
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
  vectorChosen: "auto" | "given";
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
  if (T.rank(tv.shape) !== 2) throw new UsageError(`--tv must be a (thread, value) layout with two modes; got ${show(tv)}`);
  const threads = T.size(T.get(tv.shape, 0)).v;
  const values = T.size(T.get(tv.shape, 1)).v;
  capCells(threads * values, "the TV layout");
  const tvf = indexFn(tv, "--tv");
  const domain = sizeOf(smem);
  const bits = type.bits;
  const addrOf = bitAddressFn(smem, bits, "the shared-memory layout");
  // bit addresses per (t, v), checked against the layout's domain
  const addr = new Float64Array(threads * values);
  for (let i = 0; i < threads * values; i++) {
    const k = tvf(i);
    if (k < 0 || k >= domain) {
      throw new UsageError(
        `--tv maps thread ${i % threads} value ${Math.floor(i / threads)} to index ${k}, outside the shared-memory layout (size ${domain})`,
      );
    }
    addr[i] = addrOf(k);
  }
  const at = (t: number, v: number) => addr[v * threads + t]!;

  let vector: number;
  const maxVec = Math.max(1, Math.floor(128 / bits));
  if (opts.vector !== undefined) {
    vector = opts.vector;
    if (!(vector >= 1) || values % vector !== 0) throw new UsageError(`--vector ${vector} must divide the ${values} values per thread`);
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
    for (let t = 0; t < threads; t++) {
      for (let g = 0; g < values; g += n) {
        const a0 = at(t, g);
        if (a0 % (n * bits) !== 0) return false;
        for (let j = 1; j < n; j++) if (at(t, g + j) !== a0 + j * bits) return false;
      }
    }
    return true;
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
    holds: conflicted === 0,
    smem: show(smem),
    tv: show(tv),
    type: type.name,
    typeBits: bits,
    swizzleOn,
    threads,
    values,
    warps,
    vector,
    vectorChosen: opts.vector === undefined ? "auto" : "given",
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
