/**
 * What each thread owns of a CTA tile (beyond CuTe's prints, built from its partitions): a
 * thread's `partition_A/B/C` (TiledMMA) or `partition_S/D` (TiledCopy) of the identity tensor
 * over the tile, its coordinates in value order, and the tile's grid with the first owner of
 * each cell. The partitions are CuTe's (ThrMMA / ThrCopy); this module only reads them.
 */
import { UsageError, type Wording, input, words } from "../core/errors.js";
import { D, Int } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import type { IntTuple } from "../core/int-tuple.js";
import { ScaledBasis, type Idx } from "../core/basis.js";
import { Layout, crd2idx, size } from "../core/layout.js";
import { ArithIter, Tensor, deref } from "../core/tensor.js";
import { make_identity_tensor } from "../tensor/algorithms.js";
import { show } from "../print/print.js";
import { checkCells, print_tensor } from "../print/layout.js";
import { type Operand, type TiledMma, threadIndices } from "./mma/tiled-mma.js";
import * as ThrMMA from "./mma/thr-mma.js";
import type { TiledCopy } from "./copy/tiled.js";
import * as ThrCopy from "./copy/thr-copy.js";
import { renderOwnerGrid, type MapOptions } from "./mma/map.js";

/**
 * one thread's part of the tile: the partition tensor, its number of values, and the coordinates
 * it holds in value order (listed when first read: check `size` against a limit before)
 */
export interface ThreadPart {
  readonly thread: number;
  readonly tensor: Tensor;
  readonly size: number;
  readonly coords: number[][];
}

/** a thread's part, its coordinates listed on first use */
function threadPart(thread: number, tensor: Tensor): ThreadPart {
  let coords: number[][] | undefined;
  return {
    thread,
    tensor,
    // a partition of an identity tensor has a plain layout (tensorCoords refuses any other)
    size: tensor.layout instanceof Layout ? size(tensor.layout).v : tensorCoords(tensor).length,
    get coords() {
      return (coords ??= tensorCoords(tensor));
    },
  };
}

/** the (M,K) / (N,K) / (M,N) modes of an (M,N,K) CTA tile */
export function operandTile(cta: IntTuple, w: Operand): IntTuple {
  if (!Array.isArray(cta) || cta.length !== 3) throw new UsageError(words`${input("ctaTile")} of an MMA is (M,N,K), got ${show(cta)}`);
  const [m, n, k] = cta as [IntTuple, IntTuple, IntTuple];
  return w === "A" ? [m, k] : w === "B" ? [n, k] : [m, n];
}

/** a 2-D tile's extents, for maps and bounds */
function extents(tile: IntTuple, what: Wording): [number, number] {
  if (!Array.isArray(tile) || tile.length !== 2) throw new UsageError(words`${what} draws a 2-D tile, got ${show(tile)}`);
  const r = T.size(tile[0]!).v, c = T.size(tile[1]!).v;
  if (!(r >= 0 && c >= 0)) throw new UsageError(words`${what}: the tile ${show(tile)} has a negative extent`);
  return [r, c];
}

/**
 * The coordinates a tensor of coordinates holds, in its layout's colexicographic order. The
 * layout's leaves are walked as an odometer: each leaf adds its stride (a basis element) per
 * step, so no coordinate is evaluated through crd2idx unless a stride is not a plain basis.
 */
export function tensorCoords(t: Tensor): number[][] {
  if (!(t.layout instanceof Layout) || !(t.iter instanceof ArithIter)) throw new UsageError("the tile's coordinates come from an identity tensor");
  const l = t.layout;
  const n = size(l).v;
  const origin = flatCoord(t.iter.coord);
  const shape = T.leaves(l.shape) as Int[];
  const stride = T.leaves(l.stride as T.Stride) as (Int | ScaledBasis)[];
  const plain = origin !== undefined && stride.every((d) => (d instanceof Int && d.v === 0) || (d instanceof ScaledBasis && d.modes.length === 1 && d.modes[0]! < origin.length));
  const out: number[][] = [];
  if (!plain) {
    for (let i = 0; i < n; i++) out.push(flatCoord(deref(t.iter, crd2idx(T.idx2crd(D(i), l.shape), l)))!);
    return out;
  }
  const cur = origin.slice();
  const digit = new Array<number>(shape.length).fill(0);
  for (let i = 0; i < n; i++) {
    out.push(cur.slice());
    // the next coordinate: the first leaf that has not wrapped advances, the ones before it reset
    for (let j = 0; j < shape.length; j++) {
      const d = stride[j]!;
      const mode = d instanceof ScaledBasis ? d.modes[0]! : -1;
      const step = d instanceof ScaledBasis ? d.value.v : 0;
      if (++digit[j]! < shape[j]!.v) {
        if (mode >= 0) cur[mode]! += step;
        break;
      }
      if (mode >= 0) cur[mode]! -= step * (digit[j]! - 1);
      digit[j] = 0;
    }
  }
  return out;
}

function flatCoord(x: Idx): number[] | undefined {
  if (x instanceof Int) return [x.v];
  if (Array.isArray(x) && x.every((y) => y instanceof Int)) return (x as Int[]).map((y) => y.v);
  return undefined;
}

// ---------------------------------------------------------------- TiledMMA

/** thread t's partition_A/B/C of the identity tensor over the operand's modes of the CTA tile */
export function mmaPart(mma: TiledMma, w: Operand, cta: IntTuple, thread: number): ThreadPart {
  return mmaParts(mma, w, cta)(thread);
}
/** every thread's part, thrfrg worked out once */
export function mmaParts(mma: TiledMma, w: Operand, cta: IntTuple): (thread: number) => ThreadPart {
  const part = ThrMMA.partitioner(mma, w, make_identity_tensor(operandTile(cta, w)));
  return (thread) => {
    return threadPart(thread, part(ThrMMA.get_slice(mma, D(thread))));
  };
}

const MMA_AXES: Record<Operand, string> = { A: "(m,k)", B: "(n,k)", C: "(m,n)" };

/** the views a limit or a refusal names, by the command and the inputs that ask for them (the CLI spells the inputs as its options) */
const MMA_THREAD_VIEW = words`mma ${input("ctaTile")} ${input("thread")}`;
const MMA_MAP_VIEW = words`mma ${input("map")} ${input("ctaTile")}`;
const COPY_THREAD_VIEW = words`copy ${input("thread")}`;
const COPY_MAP_VIEW = words`copy ${input("map")}`;

/** one thread's partition as CuTe's print_tensor prints it (nothing of cute-ts's around it: its header is mmaPartHeader) */
export function formatMmaPart(p: ThreadPart, force: boolean): string {
  checkCells(p.size, force, MMA_THREAD_VIEW);
  return print_tensor(p.tensor, force);
}
/** the line saying which partition formatMmaPart prints (the command writes it to stderr) */
export function mmaPartHeader(w: Operand, cta: IntTuple, p: ThreadPart): string {
  const [r, c] = extents(operandTile(cta, w), [input("ctaTile")]);
  return `${w} ${MMA_AXES[w]}: thread ${p.thread}'s partition_${w} of the ${r} x ${c} tile, ${p.size} value${p.size === 1 ? "" : "s"}\n`;
}

/** every thread of the TiledMMA, ascending */
export function mmaThreads(mma: TiledMma): number[] {
  return threadIndices(mma);
}

/** the operand's grid over the CTA tile (B drawn k down, n across), each cell with its lowest owning thread and that thread's value */
export function renderMmaCtaMap(mma: TiledMma, w: Operand, cta: IntTuple, opts: MapOptions & { force: boolean }): string {
  const tile = operandTile(cta, w);
  const [rows, cols] = extents(tile, MMA_MAP_VIEW);
  checkCells(rows * cols, opts.force, MMA_MAP_VIEW);
  const parts = mmaParts(mma, w, cta);
  const owner = owners(rows, cols, mmaThreads(mma), parts, MMA_MAP_VIEW);
  const size = w === "A" ? "M x K" : w === "B" ? "K x N" : "M x N";
  const title = `${w} (${size} = ${w === "B" ? `${cols} x ${rows}` : `${rows} x ${cols}`}) of the CTA tile ${show(cta)}, ${mma.atom.traits.op}: each cell's lowest thread and its value index in that thread's partition_${w}`;
  const cell = (r: number, c: number) => owner(r, c);
  return renderOwnerGrid(title, w === "A" ? ["m", "k"] : w === "B" ? ["k", "n"] : ["m", "n"], w === "B" ? cols : rows, w === "B" ? rows : cols, w === "B" ? (r, c) => cell(c, r) : cell, opts);
}

// ---------------------------------------------------------------- TiledCopy

/** thread t's partition_S/D of the identity tensor over the CTA tile */
export function copyPart(tc: TiledCopy, side: ThrCopy.Side, cta: IntTuple, thread: number): ThreadPart {
  return copyParts(tc, side, cta)(thread);
}
/** every thread's part, tidfrg worked out once */
export function copyParts(tc: TiledCopy, side: ThrCopy.Side, cta: IntTuple): (thread: number) => ThreadPart {
  const part = ThrCopy.partitioner(tc, side, make_identity_tensor(cta));
  return (thread) => {
    return threadPart(thread, part(D(thread)));
  };
}

export function copyThreads(tc: TiledCopy): number[] {
  const n = tc.tiledNumThr.v;
  if (!(n >= 0 && n <= 1 << 20)) throw new UsageError(`this TiledCopy has ${n} threads; cute-ts lists 0 to 2^20`);
  return Array.from({ length: n }, (_x, t) => t);
}

/** one thread's partition as CuTe's print_tensor prints it (its header: copyPartHeader) */
export function formatCopyPart(p: ThreadPart, force: boolean): string {
  checkCells(p.size, force, COPY_THREAD_VIEW);
  return print_tensor(p.tensor, force);
}
/** the line saying which partition formatCopyPart prints (the command writes it to stderr) */
export function copyPartHeader(side: ThrCopy.Side, cta: IntTuple, p: ThreadPart): string {
  const dims = Array.isArray(cta) ? cta.map((x) => T.size(x).v).join(" x ") : String(T.size(cta).v);
  return `${side} (m,n): thread ${p.thread}'s partition_${side} of the ${dims} tile, ${p.size} value${p.size === 1 ? "" : "s"}\n`;
}

export function renderCopyCtaMap(tc: TiledCopy, side: ThrCopy.Side, cta: IntTuple, opts: MapOptions & { force: boolean }, op: string): string {
  const [rows, cols] = extents(cta, COPY_MAP_VIEW);
  checkCells(rows * cols, opts.force, COPY_MAP_VIEW);
  const parts = copyParts(tc, side, cta);
  const owner = owners(rows, cols, copyThreads(tc), parts, COPY_MAP_VIEW);
  const title = `${side === "S" ? "source" : "destination"} (M x N = ${rows} x ${cols}) of the tile ${show(cta)}, ${op}: each cell's lowest thread and its value index in that thread's partition_${side}`;
  return renderOwnerGrid(title, ["m", "n"], rows, cols, owner, opts);
}

// ---------------------------------------------------------------- owners

/** how many (thread, value) pairs a map reads, all threads together (a bound on time and memory, checked before each thread's are listed) */
export const MAX_OWNER_PAIRS = 1 << 24;
/**
 * how many threads a view of every thread (--map, --json without --thread) partitions, one by one
 * (a bound on time checked before any: a CTA runs at most 1024 threads)
 */
export const MAX_VIEW_THREADS = 1 << 16;

/** a view of every thread of `threads` threads: refused past MAX_VIEW_THREADS before any is partitioned */
export function checkViewThreads(threads: number, what: Wording): void {
  if (threads > MAX_VIEW_THREADS) throw new UsageError(words`${what}: a view of every thread partitions each of the ${threads} threads, more than the ${MAX_VIEW_THREADS} cute-ts partitions for one answer (a CTA runs at most 1024 threads); name one with ${input("thread")} T`);
}

/** the lowest thread holding each cell, and the value index it holds it at (-1: no thread) */
function owners(rows: number, cols: number, threads: number[], partOf: (t: number) => ThreadPart, what: Wording): (r: number, c: number) => { thread: number; value: number } {
  checkViewThreads(threads.length, what);
  const thread = new Int32Array(rows * cols).fill(-1);
  const value = new Int32Array(rows * cols);
  let pairs = 0;
  for (const t of threads) {
    const p = partOf(t);
    if ((pairs += Math.max(1, p.size)) > MAX_OWNER_PAIRS) throw new UsageError(`${what}: the threads' partitions of the tile hold more than ${MAX_OWNER_PAIRS} thread-value pairs, more than cute-ts reads for a map (a bound on time and memory)`);
    const cs = p.coords;
    for (let v = 0; v < cs.length; v++) {
      const [r, c] = cs[v]!;
      if (r === undefined || c === undefined || r < 0 || r >= rows || c < 0 || c >= cols) continue;
      const i = r * cols + c;
      if (thread[i]! < 0) {
        thread[i] = t;
        value[i] = v;
      }
    }
  }
  return (r, c) => ({ thread: thread[r * cols + c]!, value: value[r * cols + c]! });
}
