/**
 * verify equal: two layouts are the same function — the same domain size and the same value
 * at every 1-D (colexicographic) index; otherwise the first index where they differ, its
 * coordinate in each layout and both values. Swizzled layouts compare with their swizzle.
 */
import { Int } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { show } from "../print/print.js";
import { type LayoutLike, capCells, elementFn, innerLayout, naturalCoord, sizeOf } from "./common.js";

export interface EqualDifference {
  index: number;
  coordA: string;
  coordB: string;
  valueA: number;
  valueB: number;
}

export interface EqualVerdict {
  kind: "equal";
  holds: boolean;
  a: string;
  b: string;
  sizeA: number;
  sizeB: number;
  /** how the verdict was reached: equal coalesced forms, or every index evaluated */
  method: "structure" | "enumeration" | "size";
  /** the first differing index (when the sizes agree and the values do not) */
  difference?: EqualDifference;
  /** same function but written differently (shapes differ) */
  sameShape: boolean;
}

/** flat (size, stride) runs with size-1 modes dropped and mergeable neighbours merged, by value */
function runs(l: Layout): Array<[number, number]> | undefined {
  const ss = T.leaves(l.shape), ds = T.leaves(l.stride);
  const out: Array<[number, number]> = [];
  for (let k = 0; k < ss.length; k++) {
    const d = ds[k];
    if (!(d instanceof Int)) return undefined;
    const s = ss[k]!.v;
    if (s === 1) continue;
    const last = out[out.length - 1];
    if (last && last[0] * last[1] === d.v) last[0] *= s;
    else if (last && last[1] === 0 && d.v === 0) last[0] *= s;
    else out.push([s, d.v]);
  }
  return out;
}

function sameCoalesced(a: Layout, b: Layout): boolean {
  const ra = runs(a), rb = runs(b);
  if (!ra || !rb || ra.length !== rb.length) return false;
  return ra.every(([s, d], i) => s === rb[i]![0] && d === rb[i]![1]);
}

export function verifyEqual(a: LayoutLike, b: LayoutLike): EqualVerdict {
  const sizeA = sizeOf(a), sizeB = sizeOf(b);
  const base = {
    kind: "equal" as const,
    a: show(a),
    b: show(b),
    sizeA,
    sizeB,
    sameShape: L.showTup(innerLayout(a).shape) === L.showTup(innerLayout(b).shape),
  };
  if (sizeA !== sizeB) return { ...base, holds: false, method: "size" };
  if (a instanceof Layout && b instanceof Layout && sameCoalesced(a, b)) return { ...base, holds: true, method: "structure" };
  capCells(sizeA, "the layouts' domain");
  const fa = elementFn(a, "the first layout"), fb = elementFn(b, "the second layout");
  for (let i = 0; i < sizeA; i++) {
    const va = fa(i), vb = fb(i);
    if (va !== vb) {
      return {
        ...base,
        holds: false,
        method: "enumeration",
        difference: {
          index: i,
          coordA: naturalCoord(i, innerLayout(a).shape),
          coordB: naturalCoord(i, innerLayout(b).shape),
          valueA: va,
          valueB: vb,
        },
      };
    }
  }
  return { ...base, holds: true, method: "enumeration" };
}
