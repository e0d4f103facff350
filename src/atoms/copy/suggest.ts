/** Nearest-name suggestions for unknown names ("did you mean ...?"). */

function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[n]!;
}

/** Up to `count` candidates closest to `name` (case-insensitive), nearest first. */
export function nearest(name: string, candidates: Iterable<string>, count = 3): string[] {
  const key = name.toLowerCase();
  const scored: Array<[number, string]> = [];
  for (const c of candidates) {
    const lc = c.toLowerCase();
    let d = editDistance(key, lc);
    // a shared prefix or containment is a strong hint (e.g. a truncated name)
    if (lc.startsWith(key) || key.startsWith(lc)) d = Math.min(d, Math.abs(lc.length - key.length) / 4);
    else if (lc.includes(key)) d = Math.min(d, 1 + (lc.length - key.length) / 8);
    scored.push([d, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  const limit = Math.max(3, key.length / 2);
  return scored.filter(([d]) => d <= limit).slice(0, count).map(([, c]) => c);
}

/** "" or "; did you mean A, B or C?" */
export function suggest(name: string, candidates: Iterable<string>): string {
  const near = nearest(name, candidates);
  if (near.length === 0) return "";
  if (near.length === 1) return `; did you mean ${near[0]}?`;
  return `; did you mean ${near.slice(0, -1).join(", ")} or ${near[near.length - 1]}?`;
}
