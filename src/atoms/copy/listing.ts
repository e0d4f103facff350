/** `cute-ts copy --list`: every copy operation with its threads and bits per thread. */
import { copyOpNames, copyTraits } from "./catalog.js";

function modeBits(layout: string, mode: number): number {
  const shape = layout.slice(0, layout.indexOf(":"));
  const nest = JSON.parse(shape.replace(/_/g, "").replace(/\(/g, "[").replace(/\)/g, "]")) as unknown;
  const prod = (x: unknown): number => (Array.isArray(x) ? x.reduce((a: number, y) => a * prod(y), 1) : (x as number));
  return prod(Array.isArray(nest) ? nest[mode] : nest);
}

export function formatCopyListing(): string {
  const rows = copyOpNames().map((n) => {
    const t = copyTraits(n);
    return [n, t.header, String(modeBits(t.src, 0)), String(modeBits(t.src, 1)), String(modeBits(t.dst, 1))];
  });
  const head = ["op", "header", "threads", "src bits/thr", "dst bits/thr"];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i >= 2 ? c.padStart(w[i]!) : c.padEnd(w[i]!))).join("  ").trimEnd() + "\n";
  return line(head) + rows.map(line).join("") + "UniversalCopy<S[,D]> and SM80_CP_ASYNC_*<S[,D]> take any value types CuTe accepts.\n";
}
