/**
 * verify tv: a (thread, value) -> tile layout partitions the tile. The layout's values index the
 * tile in column-major order (as CuTe's atom TV layouts do); every tile element must be owned
 * exactly once, or exactly F times when stride-0 replication is allowed (F = the product of
 * the stride-0 modes' sizes, e.g. GMMA's A/B read from shared memory by all 128 threads).
 */
import { UsageError } from "../core/errors.js";
import { Int } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import type { IntTuple } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { show } from "../print/print.js";
import { MAX_LISTED, capCells, coordOf, indexFn, modeSizes } from "./common.js";

export interface TvPair {
  t: number;
  v: number;
}

export interface TvCell {
  /** column-major index into the tile */
  index: number;
  /** coordinate in the tile (one entry per top-level mode: (m,n) for a 2-D tile) */
  coord: number[];
  /** how many (t,v) pairs own it */
  count: number;
  /** the owners (at most MAX_LISTED) */
  owners: TvPair[];
}

export interface TvOutside extends TvPair {
  index: number;
}

export interface TvVerdict {
  kind: "tv";
  holds: boolean;
  layout: string;
  tile: string;
  tileShape: number[];
  threads: number;
  values: number;
  tileSize: number;
  /** the stride-0 modes (as `size:0` texts) and the replication factor they make */
  broadcast: { allowed: boolean; factor: number; modes: string[] };
  /** how many times each element should be owned (1, or the factor when allowed) */
  expected: number;
  holes: TvCell[];
  holeCount: number;
  /** elements owned more often than expected (or less, but not zero, under broadcast) */
  overOwned: TvCell[];
  overOwnedCount: number;
  outside: TvOutside[];
  outsideCount: number;
  /** the thread indices that took part, when not all of the thread mode did */
  activeThreads?: number;
  /** per-cell ownership counts for drawing a grid (only for small 2-D tiles) */
  counts?: number[];
  /** elements of the tile's index range that belong to it (a sparse tile), when not all do */
  tileElements?: number;
  /** a value-mode stride-0 mode sends one element to several values (a multicast): the
   *  layout then covers 1/factor of the tile, and that many elements stay untouched */
  multicast?: { factor: number; untouched: number };
}

export interface TvOptions {
  allowBroadcast?: boolean;
  /** keep the per-cell counts when the tile has at most this many elements (default 4096) */
  gridLimit?: number;
  /** which indices below the tile size belong to the tile (default: all) */
  universe?: Uint8Array;
  /** accept a value-mode broadcast covering 1/F of the tile (copy atoms that multicast) */
  multicast?: boolean;
  /** only these thread indices take part (a quadpair MMA's threads); default: all */
  activeThreads?: number[];
}

/** stride-0 leaves with more than one element */
export function zeroModes(l: Layout): { factor: number; modes: string[] } {
  const ss = T.leaves(l.shape);
  const ds = T.leaves(l.stride);
  let factor = 1;
  const modes: string[] = [];
  ss.forEach((s, k) => {
    const d = ds[k];
    if (d instanceof Int && d.v === 0 && s.v > 1) {
      factor *= s.v;
      modes.push(`${show(s)}:${show(d)}`);
    }
  });
  return { factor, modes };
}

export function verifyTV(tv: Layout, tile: IntTuple, opts: TvOptions = {}): TvVerdict {
  if (T.rank(tv.shape) !== 2) {
    throw new UsageError(`a TV layout has two modes (thread, value); ${show(tv)} has ${T.rank(tv.shape)}`);
  }
  const threads = T.size(T.get(tv.shape, 0)).v;
  const values = T.size(T.get(tv.shape, 1)).v;
  const n = threads * values;
  const tileShape = modeSizes(tile);
  const tileSize = T.size(tile).v;
  capCells(n, "the TV layout");
  capCells(tileSize, "the tile");
  const f = indexFn(tv, "the TV layout");
  const allowed = !!opts.allowBroadcast;

  const uni = opts.universe;
  let active: Uint8Array | undefined;
  if (opts.activeThreads) {
    active = new Uint8Array(threads);
    for (const t of opts.activeThreads) if (t >= 0 && t < threads) active[t] = 1;
    if (active.every((x) => x === 1)) active = undefined;
  }
  const zm = zeroModes(tv);
  if (active) {
    // the replication among the threads that take part (the others are the stride-0 filler)
    const pairs = active.reduce((a, b) => a + b, 0) * values;
    const elems = opts.universe ? opts.universe.reduce((a, b) => a + b, 0) : tileSize;
    if (elems > 0 && pairs % elems === 0) zm.factor = Math.max(1, pairs / elems);
  }
  const expected = allowed ? zm.factor : 1;
  const counts = new Int32Array(tileSize);
  if (allowed && zm.factor > 1 && !active && fastBroadcast(tv, counts, tileSize, uni, zm.factor)) {
    // the stride-0 modes only replicate: the rest covers the tile exactly once
    return {
      kind: "tv",
      holds: true,
      layout: show(tv),
      tile: L.showTup(tile),
      tileShape,
      threads,
      values,
      tileSize,
      broadcast: { allowed, factor: zm.factor, modes: zm.modes },
      expected,
      holes: [],
      holeCount: 0,
      overOwned: [],
      overOwnedCount: 0,
      outside: [],
      outsideCount: 0,
      ...(tileSize <= (opts.gridLimit ?? 4096) ? { counts: Array.from(counts) } : {}),
      ...(uni !== undefined ? { tileElements: uni.reduce((a, b) => a + b, 0) } : {}),
    };
  }
  const outside: TvOutside[] = [];
  let outsideCount = 0;
  const tally = (i: number, idx: number) => {
    if (active && !active[i % threads]) return;
    if (idx < 0 || idx >= tileSize || !Number.isInteger(idx) || (uni !== undefined && !uni[idx])) {
      if (outside.length < MAX_LISTED) outside.push({ t: i % threads, v: Math.floor(i / threads), index: idx });
      outsideCount++;
    } else counts[idx]!++;
  };
  if (!L.forEachIndex(tv, n, tally)) for (let i = 0; i < n; i++) tally(i, f(i));
  const holes: TvCell[] = [];
  const over: TvCell[] = [];
  let holeCount = 0;
  let overCount = 0;
  const overIdx = new Map<number, TvCell>();
  for (let k = 0; k < tileSize; k++) {
    const c = counts[k]!;
    if (c === expected || (uni !== undefined && !uni[k])) continue;
    if (c === 0) {
      holeCount++;
      if (holes.length < MAX_LISTED) holes.push({ index: k, coord: coordOf(k, tile), count: 0, owners: [] });
    } else {
      overCount++;
      if (over.length < MAX_LISTED) {
        const cell: TvCell = { index: k, coord: coordOf(k, tile), count: c, owners: [] };
        over.push(cell);
        overIdx.set(k, cell);
      }
    }
  }
  if (overIdx.size > 0) {
    // the owners of the listed cells: a second walk, by the leaf odometer too where it applies
    const listed = new Uint8Array(tileSize);
    for (const k of overIdx.keys()) listed[k] = 1;
    const owner = (i: number, idx: number) => {
      if (!listed[idx] || (active && !active[i % threads])) return; // (an index outside the tile reads undefined)
      const cell = overIdx.get(idx);
      if (cell && cell.owners.length < MAX_LISTED) cell.owners.push({ t: i % threads, v: Math.floor(i / threads) });
    };
    if (!L.forEachIndex(tv, n, owner)) for (let i = 0; i < n; i++) owner(i, f(i));
  }
  // a multicast (value-mode stride 0) covers 1/F of the tile: that many holes are by design
  const tileElements = uni === undefined ? tileSize : uni.reduce((a, b) => a + b, 0);
  const vf = zeroModes(new Layout(T.get(tv.shape, 1), T.get(tv.stride, 1))).factor;
  const untouched = tileElements - tileElements / vf;
  const multicast = allowed && !!opts.multicast && vf > 1 && holeCount === untouched;
  const holds = (holeCount === 0 || multicast) && overCount === 0 && outsideCount === 0;
  const verdict: TvVerdict = {
    kind: "tv",
    holds,
    layout: show(tv),
    tile: L.showTup(tile),
    tileShape,
    threads,
    values,
    tileSize,
    broadcast: { allowed, factor: zm.factor, modes: zm.modes },
    expected,
    holes,
    holeCount,
    overOwned: over,
    overOwnedCount: overCount,
    outside,
    outsideCount,
  };
  if (tileSize <= (opts.gridLimit ?? 4096)) verdict.counts = Array.from(counts);
  if (uni !== undefined) verdict.tileElements = tileElements;
  if (active) verdict.activeThreads = active.reduce((a, b) => a + b, 0);
  if (multicast) verdict.multicast = { factor: vf, untouched };
  return verdict;
}

/**
 * With the stride-0 leaves removed, does the layout own every tile element exactly once? Fills
 * `counts` with the full (replicated) ownership when it does; leaves it zeroed otherwise.
 */
function fastBroadcast(tv: Layout, counts: Int32Array, tileSize: number, uni: Uint8Array | undefined, factor: number): boolean {
  const ss = T.leaves(tv.shape), ds = T.leaves(tv.stride);
  const keepS: Int[] = [], keepD: Int[] = [];
  ss.forEach((sz, k) => {
    const d = ds[k];
    if (!(d instanceof Int)) throw new UsageError(`the TV layout must map to integers: ${show(tv)}`);
    if (d.v !== 0) {
      keepS.push(sz);
      keepD.push(d);
    }
  });
  const f = L.compileIndexFn(new Layout(keepS, keepD))!;
  const m = keepS.reduce((a, b) => a * b.v, 1);
  let ok = true;
  for (let i = 0; i < m; i++) {
    const idx = f(i);
    if (idx < 0 || idx >= tileSize || (uni !== undefined && !uni[idx]) || counts[idx] !== 0) {
      ok = false;
      break;
    }
    counts[idx] = factor;
  }
  if (ok) {
    for (let k = 0; k < tileSize; k++) {
      if (counts[k] === 0 && (uni === undefined || uni[k])) {
        ok = false;
        break;
      }
    }
  }
  if (!ok) counts.fill(0);
  return ok;
}
