/**
 * verify injective | bijective | compact: properties of a layout as a function from its 1-D
 * domain [0, size) to integers.
 *   injective: no two coordinates share a value (counterexample: the two coordinates);
 *   compact:   the values leave no hole between the smallest and the largest;
 *   bijective: a bijection onto [0, size) (injective, and every value below size).
 */
import { UsageError } from "../core/errors.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { show } from "../print/print.js";
import { type LayoutLike, MAX_LISTED, capCells, elementFn, innerLayout, naturalCoord, sizeOf } from "./common.js";

export type Property = "injective" | "bijective" | "compact";

export interface Collision {
  value: number;
  first: { index: number; coord: string };
  second: { index: number; coord: string };
}

export interface PropertyVerdict {
  kind: "property";
  property: Property;
  holds: boolean;
  layout: string;
  size: number;
  /** smallest and largest value */
  min: number;
  max: number;
  /** how many distinct values */
  distinct: number;
  collision?: Collision;
  /** values never taken in the range the property requires (first few) and how many */
  holes: number[];
  holeCount: number;
  /** for bijective: a coordinate whose value lies outside [0, size) */
  outside?: { index: number; coord: string; value: number };
}

export function verifyProperty(x: LayoutLike, property: Property): PropertyVerdict {
  const n = sizeOf(x);
  capCells(n, "the layout");
  const f = elementFn(x, "the layout");
  const shape = innerLayout(x).shape;
  let min = Infinity, max = -Infinity;
  const vals = new Float64Array(n);
  if (!(x instanceof Layout && L.fillIndices(x, vals, n))) for (let i = 0; i < n; i++) vals[i] = f(i);
  for (let i = 0; i < n; i++) {
    const v = vals[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (n === 0) min = max = 0;
  if (!Number.isFinite(min) || !Number.isFinite(max)) throw new UsageError("the layout does not map its coordinates to integers; injective/bijective/compact need an integer layout");
  const span = max - min + 1;
  // first occurrence of each value: a dense table when the range is small, else a map
  const dense = span <= 4 * n + 1024 && span <= (1 << 26);
  const table = dense ? new Int32Array(span).fill(-1) : undefined;
  const map = dense ? undefined : new Map<number, number>();
  let collision: Collision | undefined;
  let distinct = 0;
  for (let i = 0; i < n; i++) {
    const v = vals[i]!;
    const prev = table ? table[v - min]! : map!.get(v) ?? -1;
    if (prev >= 0) {
      collision ??= { value: v, first: { index: prev, coord: naturalCoord(prev, shape) }, second: { index: i, coord: naturalCoord(i, shape) } };
      continue;
    }
    distinct++;
    if (table) table[v - min] = i;
    else map!.set(v, i);
  }
  const has = (v: number) => (table ? v >= min && v <= max && table[v - min]! >= 0 : map!.has(v));
  const holes: number[] = [];
  let holeCount = 0;
  let outside: PropertyVerdict["outside"];
  let holds: boolean;
  if (property === "injective") {
    holds = collision === undefined;
  } else {
    const lo = property === "bijective" ? 0 : min;
    const hi = property === "bijective" ? n - 1 : max;
    // holes in [lo, hi]: count without enumerating huge sparse ranges
    const rangeSize = hi - lo + 1;
    const taken = property === "bijective" ? countIn(0, n - 1, distinct, table, min, max, map) : distinct;
    holeCount = Math.max(0, rangeSize - taken);
    for (let v = lo; v <= hi && holes.length < MAX_LISTED && holeCount > 0; v++) if (!has(v)) holes.push(v);
    if (property === "bijective") {
      for (let i = 0; i < n; i++) {
        const v = vals[i]!;
        if (v < 0 || v >= n) {
          outside = { index: i, coord: naturalCoord(i, shape), value: v };
          break;
        }
      }
      holds = collision === undefined && outside === undefined && holeCount === 0;
    } else holds = holeCount === 0;
  }
  const verdict: PropertyVerdict = { kind: "property", property, holds, layout: show(x), size: n, min, max, distinct, holes, holeCount };
  if (collision && property !== "compact") verdict.collision = collision;
  if (outside) verdict.outside = outside;
  return verdict;
}

/** distinct values within [lo, hi] */
function countIn(
  lo: number,
  hi: number,
  distinct: number,
  table: Int32Array | undefined,
  min: number,
  max: number,
  map: Map<number, number> | undefined,
): number {
  if (min >= lo && max <= hi) return distinct;
  let c = 0;
  if (table) {
    for (let v = Math.max(lo, min); v <= Math.min(hi, max); v++) if (table[v - min]! >= 0) c++;
    return c;
  }
  for (const v of map!.keys()) if (v >= lo && v <= hi) c++;
  return c;
}
