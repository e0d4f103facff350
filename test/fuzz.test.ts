/**
 * A short seeded run of the fuzz harness (test/fuzz/fuzz.mjs; `npm run fuzz` runs the long one):
 * every command, fixed seed, asserting no crash (exit 3, other exit codes, escaped exception,
 * stack trace) and no hang (2 s watchdog per input).
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const harness = fileURLToPath(new URL("./fuzz/fuzz.mjs", import.meta.url));

interface Report {
  crashes: number;
  hangs: number;
  results: { command: string; tried: number; crashes: { argv: string[]; why: string[] }[]; hangs: { argv: string[] }[] }[];
}

function fuzz(commands: string, count: number): Report {
  // the harness runs on dist (npm test builds first); its own child process gets an empty stdin
  const r = spawnSync(process.execPath, [harness, "--count", String(count), "--seed", "20240601", "--json", "--jobs", "2", "--one-process", "--command", commands], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 170_000 });
  return JSON.parse(r.stdout.trim().split("\n").pop() ?? "") as Report;
}

function findings(report: Report): string[] {
  return report.results.flatMap((x) => [
    ...x.crashes.map((c) => `${x.command}: ${JSON.stringify(c.argv).slice(0, 300)} ${c.why.join("; ").slice(0, 300)}`),
    ...x.hangs.map((h) => `${x.command} hang: ${JSON.stringify(h.argv).slice(0, 300)}`),
  ]);
}

describe("fuzz (seeded, short)", () => {
  it("3,300 inputs over every command: no crash, no hang, no stack trace", () => {
    // 500 each for the commands that answer in microseconds, 100 each for the ones that draw or nest commands
    const fast = fuzz("eval,print,copy,tma,tma-coords,verify", 500);
    const slow = fuzz("mma,batch,check", 100);
    const tried = [...fast.results, ...slow.results].reduce((n, x) => n + x.tried, 0);
    expect(tried).toBeGreaterThanOrEqual(3300);
    expect([...findings(fast), ...findings(slow)]).toEqual([]);
    expect(fast.crashes + slow.crashes).toBe(0);
    expect(fast.hangs + slow.hangs).toBe(0);
  }, 180_000);
});
