/** `cute-ts mma --list`: one line per op, columns aligned (plain text, so it greps and pipes). */
import type { MmaListing } from "./catalog.js";

export function formatListing(rows: MmaListing[]): string {
  const header = ["op", "MxNxK", "threads", "D", "A", "B", "C"];
  const table = rows.map(({ spelling, traits: t }) => [
    spelling,
    `${t.M}x${t.N}x${t.K}`,
    String(t.threads),
    t.types.D,
    t.types.A,
    t.types.B,
    t.types.C,
  ]);
  const all = [header, ...table];
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join("  ");
  return [line(header), ...table.map(line), `${rows.length} operations`].join("\n") + "\n";
}
