/** Nearest known names for an unknown one ("did you mean ...?"). */

function editDistance(a: string, b: string, cap: number): number {
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1; // no path can get back under the cap
    prev = cur;
  }
  return prev[n]!;
}

/** Up to `count` candidates nearest to `name` (case-insensitive), nearest first. */
export function nearest(name: string, candidates: Iterable<string>, count = 3): string[] {
  const key = name.toLowerCase();
  const cap = Math.max(3, Math.ceil(key.length / 3));
  const scored: Array<[number, string]> = [];
  for (const c of candidates) {
    const lc = c.toLowerCase();
    let d: number;
    if (lc === key) d = 0;
    else if (lc.startsWith(key) || key.startsWith(lc)) d = Math.abs(lc.length - key.length) / 8;
    else d = editDistance(key, lc, cap);
    if (d <= cap) scored.push([d, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].length - y[1].length || (x[1] < y[1] ? -1 : 1));
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
