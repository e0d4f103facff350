/**
 * verify mma: every operand of an MMA atom or tiled MMA — its get_layoutA/B/C_TV — partitions
 * the operand's tile ((M,K), (N,K), (M,N)), and the three agree on the number of threads.
 * A and B may replicate (stride-0 modes: GMMA reads them from shared memory with all 128
 * threads; a tiled MMA gives every thread along N the same A): such replication is accepted
 * and reported. C must be owned exactly once.
 */
import { show } from "../print/print.js";
import type { MmaTraits } from "../atoms/mma/family.js";
import { type Operand, layoutTV, operandRef, threadCount, threadIndices } from "../atoms/mma/tiled-mma.js";
import { makeTiledMma } from "../eval/args/mma.js";
import { type TvVerdict, verifyTV } from "./tv.js";

export interface MmaOperandVerdict {
  operand: Operand;
  /** (m,k), (n,k) or (m,n) */
  axes: string;
  tile: string;
  tv: string;
  threads: number;
  verdict: TvVerdict;
}

export interface MmaVerdict {
  kind: "mma";
  holds: boolean;
  op: string;
  atoms?: string;
  tileArg?: string;
  /** size(ThrLayoutVMNK) */
  threads: number;
  operands: MmaOperandVerdict[];
  /** the thread counts of A, B, C and the tiled MMA agree */
  threadsAgree: boolean;
}

const AXES: Record<Operand, string> = { A: "(m,k)", B: "(n,k)", C: "(m,n)" };

export function verifyMma(traits: MmaTraits, atoms?: string, tile?: string): MmaVerdict {
  const mma = makeTiledMma(traits, atoms, tile);
  const threads = threadCount(mma);
  // thread indices the MMA uses (a quadpair's are 0..3 and 16..19 of a 32-wide thread mode)
  const activeThreads = threadIndices(mma);
  const operands: MmaOperandVerdict[] = (["A", "B", "C"] as Operand[]).map((w) => {
    const tv = layoutTV(mma, w);
    const ref = operandRef(mma, w);
    const verdict = verifyTV(tv, ref.shape, { allowBroadcast: w !== "C", activeThreads });
    return { operand: w, axes: AXES[w], tile: verdict.tile, tv: show(tv), threads: verdict.activeThreads ?? verdict.threads, verdict };
  });
  const counts = operands.map((o) => o.threads);
  const threadsAgree = counts.every((c) => c === threads);
  const v: MmaVerdict = {
    kind: "mma",
    holds: threadsAgree && operands.every((o) => o.verdict.holds),
    op: traits.op,
    threads,
    operands,
    threadsAgree,
  };
  if (atoms !== undefined) v.atoms = atoms;
  if (tile !== undefined) v.tileArg = tile;
  return v;
}
