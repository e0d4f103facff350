/**
 * "Did you mean ...?" for unknown op and type names. Candidates are compared case-insensitively:
 * a truncated or extended name (one is a prefix of the other) and a name contained in a candidate
 * count as near, otherwise the edit distance decides, up to a cap that grows with the name.
 */

let prevRow = new Int32Array(64);
let curRow = new Int32Array(64);

/** Levenshtein distance of a and b, or cap + 1 as soon as it must exceed cap (only the band |i - j| <= cap is filled) */
export function boundedEditDistance(a: string, b: string, cap: number): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > cap) return cap + 1;
  if (n + 1 > prevRow.length) {
    prevRow = new Int32Array(2 * (n + 1));
    curRow = new Int32Array(2 * (n + 1));
  }
  const big = cap + 1;
  let prev = prevRow;
  let cur = curRow;
  for (let j = 0; j <= n; j++) prev[j] = j <= cap ? j : big;
  for (let i = 1; i <= m; i++) {
    const lo = Math.max(1, i - cap);
    const hi = Math.min(n, i + cap);
    cur[0] = i <= cap ? i : big;
    if (lo > 1) cur[lo - 1] = big;
    let best = cur[0]!;
    const ai = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      let v = prev[j - 1]! + (ai === b.charCodeAt(j - 1) ? 0 : 1);
      const up = prev[j]! + 1;
      if (up < v) v = up;
      const left = cur[j - 1]! + 1;
      if (left < v) v = left;
      if (v > big) v = big;
      cur[j] = v;
      if (v < best) best = v;
    }
    if (hi < n) cur[hi + 1] = big;
    if (best > cap) return big; // every path already costs more than the cap
    const t = prev;
    prev = cur;
    cur = t;
  }
  return Math.min(prev[n]!, big);
}

const BINS = 40;

/** counts of a string's characters in 40 bins: a lower bound on the edit distance of two strings is half the bins' L1 distance */
function histogram(s: string): Uint8Array {
  const h = new Uint8Array(BINS);
  for (let i = 0; i < s.length; i++) {
    const k = s.charCodeAt(i) % BINS;
    if (h[k]! < 255) h[k]!++;
  }
  return h;
}

interface Prepared {
  names: string[];
  lower: string[];
  hist: Uint8Array[];
}
const PREPARED = new WeakMap<object, Prepared>();

function prepared(candidates: Iterable<string>): Prepared {
  const names = Array.isArray(candidates) ? (candidates as string[]) : [...candidates];
  let p = PREPARED.get(names);
  if (p === undefined) {
    const lower = names.map((c) => c.toLowerCase());
    PREPARED.set(names, (p = { names, lower, hist: lower.map(histogram) }));
  }
  return p;
}

function histogramDistance(a: Uint8Array, b: Uint8Array): number {
  let d = 0;
  for (let i = 0; i < BINS; i++) d += Math.abs(a[i]! - b[i]!);
  return d;
}

/** Up to `count` distinct candidates nearest to `name`, nearest first (then shorter, then alphabetical). */
export function nearest(name: string, candidates: Iterable<string>, count = 3): string[] {
  const key = name.toLowerCase();
  const cap = Math.max(2, Math.ceil(key.length / 3));
  const { names, lower, hist } = prepared(candidates);
  const keyHist = histogram(key);
  const scored: Array<[number, string]> = [];
  for (let k = 0; k < names.length; k++) {
    const lc = lower[k]!;
    let d: number;
    if (lc === key) d = 0;
    else if (lc.startsWith(key) || key.startsWith(lc)) d = Math.abs(lc.length - key.length) / 8;
    else if (key.length >= 3 && lc.includes(key)) d = Math.min(cap, 1 + (lc.length - key.length) / 8);
    else if (Math.abs(lc.length - key.length) > cap || histogramDistance(keyHist, hist[k]!) > 2 * cap) continue;
    else d = boundedEditDistance(key, lc, cap);
    if (d <= cap) scored.push([d, names[k]!]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].length - y[1].length || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0));
  const out: string[] = [];
  for (const [, c] of scored) {
    if (!out.includes(c)) out.push(c);
    if (out.length === count) break;
  }
  return out;
}

/** "" or "; did you mean A, B or C?" */
export function suggestion(name: string, candidates: Iterable<string>): string {
  const near = nearest(name, candidates);
  if (near.length === 0) return "";
  if (near.length === 1) return `; did you mean ${near[0]}?`;
  return `; did you mean ${near.slice(0, -1).join(", ")} or ${near[near.length - 1]}?`;
}
