/**
 * Views of a TMEM TiledCopy beyond CuTe's print: the tile's grid with the thread and value that
 * hold each element (like `mma --map`), and one thread's values: its warp and lane, the TMEM
 * tensor it hands to copy() (ThrCopy::partition_S of a load, partition_D of a store, as CuTe prints
 * it), and each register value's tile coordinate, TMEM data path lane and column.
 */
import { CuteError, UsageError, input, words } from "../../core/errors.js";
import { Int, S } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { show } from "../../print/print.js";
import { renderOwnerGrid, type MapOptions } from "../mma/map.js";
import { partition_D, partition_S, type TiledCopy } from "./tiled.js";
import { TmemTensor, formatTmemPtr, tmemCopyValues, tmemPtrAdd, type TmemValue } from "./tmem.js";

/** the tile a TMEM tensor holds as a grid: its (M,N) -- mode 0 of a ((M,N),1,1,...) fragment, or a rank-2 tensor */
export function tmemGrid(tmem: TmemTensor): { rows: number; cols: number; coord(index: number): [number, number] } {
  const shape = tmem.layout.shape;
  const modes = Array.isArray(shape) ? shape : [shape];
  const sz = (x: T.IntTuple) => T.size(x).v;
  let rows: number, cols: number;
  const m0 = modes[0]!;
  if (Array.isArray(m0) && m0.length === 2 && modes.slice(1).every((m) => sz(m) === 1)) {
    rows = sz(m0[0]!);
    cols = sz(m0[1]!);
  } else if (modes.length === 2) {
    rows = sz(m0);
    cols = sz(modes[1]!);
  } else {
    throw new UsageError(words`${input("map")} draws a 2-D tile: a (M,N) TMEM tensor or a ((M,N),_1,_1) accumulator, not ${show(shape)}`);
  }
  // the tensor's index is colexicographic over its shape: the first (M,N) pair leads
  return { rows, cols, coord: (i) => [i % rows, Math.floor(i / rows) % cols] };
}

function threadCount(tc: TiledCopy): number {
  return tc.tiledNumThr.v;
}

/** the grid of (thread, value) owners of every tile element */
export function renderTmemMap(tc: TiledCopy, tmem: TmemTensor, opts: MapOptions, title: string): string {
  const g = tmemGrid(tmem);
  const n = threadCount(tc);
  const owner = new Int32Array(g.rows * g.cols).fill(-1);
  const value = new Int32Array(g.rows * g.cols);
  const all = tmemCopyValues(tc, tmem, Array.from({ length: n }, (_, t) => t));
  let outside = 0;
  all.forEach((vals, t) => {
    for (const v of vals) {
      if (!inSubpartition(t, v.lane)) {
        outside++;
        continue;
      }
      const [r, c] = g.coord(v.index);
      owner[r * g.cols + c] = t;
      value[r * g.cols + c] = v.value;
    }
  });
  const head = outside === 0 ? title : `${title}\n${outsideWarning(outside)}`;
  return renderOwnerGrid(head, ["m", "n"], g.rows, g.cols, (r, c) => ({ thread: owner[r * g.cols + c]!, value: value[r * g.cols + c]! }), opts);
}

/** TMEM_LOAD/STORE's copy_unpack asserts warp w reads only data path lanes 32*(w%4) .. 32*(w%4)+31 */
const inSubpartition = (thread: number, lane: number): boolean => Math.floor(lane / 32) === Math.floor(thread / 32) % 4;

function outsideWarning(count: number): string {
  return (
    `warning: ${count} (thread, value) pairs fall outside their warp's TMEM subpartition (copy_unpack asserts warp w reads lanes 32*(w%4)..32*(w%4)+31): ` +
    "the tensor does not span the 128 lanes make_tmem_copy's 4 warps address; they are not drawn"
  );
}

/** print(thr_copy.partition_S(tmem)) of a load, partition_D(tmem) of a store: the thread's TMEM tensor */
export function formatTmemPartition(tc: TiledCopy, tmem: TmemTensor, thr: number): string {
  const store = /^SM100_TMEM_STORE/.test(tc.atom.name);
  const [layout, offset] = (store ? partition_D : partition_S)(tc, S(thr), tmem.layout);
  if (!(offset instanceof Int)) throw new CuteError(store ? "partition_D" : "partition_S", "a TMEM tensor's layout has integer strides");
  return `${formatTmemPtr(tmem.valueType.bits, tmemPtrAdd(tmem.addr, offset.v, tmem.valueType.bits))} o ${show(layout)}`;
}

/** one thread's view: warp and lane, its TMEM tensor, and each register value's coordinate and TMEM cell */
export function formatTmemThread(tc: TiledCopy, tmem: TmemTensor, thr: number): string {
  const n = threadCount(tc);
  if (!(Number.isInteger(thr) && thr >= 0 && thr < n)) throw new UsageError(words`${input("thread")} takes a thread index 0..${n - 1} of this TiledCopy, not ${thr}`);
  const store = /^SM100_TMEM_STORE/.test(tc.atom.name);
  const g = tmemGrid2(tmem);
  const vals: TmemValue[] = tmemCopyValues(tc, tmem, [thr])[0]!;
  const warp = Math.floor(thr / 32);
  const lines = [
    `thread ${thr}: warp ${warp}, lane ${thr % 32} (TMEM subpartition ${warp % 4}: data path lanes ${32 * (warp % 4)}..${32 * (warp % 4) + 31})`,
    `${store ? "partition_D" : "partition_S"}(tmem): ${formatTmemPartition(tc, tmem, thr)}`,
    `${vals.length} values, in register order: value (m,n) -> TMEM lane, column${tmem.valueType.bits < 32 ? "[.subword]" : ""}`,
  ];
  let outside = 0;
  for (const v of vals) {
    const at = g ? `(${g.coord(v.index).join(",")})` : `index ${v.index}`;
    const sub = tmem.valueType.bits < 32 ? `.${v.sub}` : "";
    const bad = !inSubpartition(thr, v.lane);
    if (bad) outside++;
    lines.push(`  V${v.value}  ${at}  lane ${v.lane}, column ${v.column}${sub}${bad ? "  (outside the warp's subpartition)" : ""}`);
  }
  if (outside > 0) lines.push(outsideWarning(outside));
  return lines.join("\n") + "\n";
}

function tmemGrid2(tmem: TmemTensor): ReturnType<typeof tmemGrid> | undefined {
  try {
    return tmemGrid(tmem);
  } catch {
    return undefined;
  }
}
