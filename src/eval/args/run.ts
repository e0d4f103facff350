/**
 * The options of a program run (`cute-ts run`, and `check` of a source with main()): the block
 * and thread whose kernel code runs, the macros defined on the command line, the GPU.
 */
import { UsageError } from "../../core/errors.js";

function index(s: string, what: string): number {
  if (!/^\d{1,9}$/.test(s)) throw new UsageError(`${what} takes a non-negative integer, not ${JSON.stringify(s)}`);
  return Number(s);
}

/** --block X[,Y[,Z]] (default 0,0,0) */
export function parseBlockOption(v: unknown): [number, number, number] {
  if (v === undefined) return [0, 0, 0];
  const parts = String(v).split(",");
  if (parts.length > 3) throw new UsageError("--block takes X[,Y[,Z]]");
  const n = parts.map((p) => index(p.trim(), "--block"));
  return [n[0] ?? 0, n[1] ?? 0, n[2] ?? 0];
}

/** --thread T (default 0) */
export function parseThreadOption(v: unknown): number {
  return v === undefined ? 0 : index(String(v), "--thread");
}

/** -D NAME[=VALUE], repeated (the values joined by NUL): NAME alone is defined as 1 */
export function parseDefines(v: unknown): [string, string][] {
  return String(v ?? "").split("\0").filter((d) => d !== "").map((d) => {
    const eq = d.indexOf("=");
    return (eq < 0 ? [d, "1"] : [d.slice(0, eq), d.slice(eq + 1)]) as [string, string];
  });
}

/** --arch sm90|sm100 (default sm90) */
export function parseArchOption(v: unknown): "sm90" | "sm100" {
  if (v === undefined) return "sm90";
  if (v === "sm90" || v === "sm100") return v;
  throw new UsageError(`--arch takes sm90 or sm100, not ${JSON.stringify(v)}`);
}
