/**
 * A short seeded run of the fuzz harness (test/fuzz/fuzz.mjs; `npm run fuzz` runs the long one):
 * every command, fixed seed, asserting no crash (exit 3, other exit codes, escaped exception,
 * stack trace) and no hang. A hang is a bound on work, not on time: the harness's watchdog reads the
 * CPU time of each input's thread, which a busy machine does not use up; an input past 2 s of CPU is
 * run again alone, and only one past 60 s of CPU there (the slowest input of this set needs under
 * half a second), or one that uses no CPU at all for 2 minutes (blocked), is a hang.
 */
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const harness = fileURLToPath(new URL("./fuzz/fuzz.mjs", import.meta.url));
// a net under a hang of the harness itself (its own watchdog bounds each input): never a time the run must meet
const HUNG = 1_200_000;
// the harness runs as a child the test waits for without blocking its worker: vitest's worker answers
// its runner's calls meanwhile (a worker blocked for a minute, as by spawnSync, fails the run)

interface Report {
  crashes: number;
  hangs: number;
  results: { command: string; tried: number; crashes: { argv: string[]; why: string[] }[]; hangs: { argv: string[]; why: string[] }[] }[];
}

function fuzz(commands: string, count: number): Promise<Report> {
  // the harness runs on dist (npm test builds first); its own child process gets an empty stdin
  const args = ["--count", String(count), "--seed", "20240601", "--json", "--jobs", "2", "--one-process", "--hang-timeout", "60000", "--stall", "120000", "--command", commands];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [harness, ...args], { stdio: ["ignore", "pipe", "pipe"], timeout: HUNG });
    let out = "", err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      try {
        resolve(JSON.parse(out.trim().split("\n").pop() ?? "") as Report);
      } catch {
        reject(new Error(`the fuzz harness gave no report (exit ${code}, signal ${signal}): ${err.slice(-2000)}`));
      }
    });
  });
}

function findings(report: Report): string[] {
  return report.results.flatMap((x) => [
    ...x.crashes.map((c) => `${x.command}: ${JSON.stringify(c.argv).slice(0, 300)} ${c.why.join("; ").slice(0, 300)}`),
    ...x.hangs.map((h) => `${x.command} hang: ${JSON.stringify(h.argv).slice(0, 300)} ${h.why.join("; ")}`),
  ]);
}

describe("fuzz (seeded, short)", () => {
  it("3,300 inputs over every command: no crash, no hang, no stack trace", async () => {
    // 500 each for the commands that answer in microseconds, 100 each for the ones that draw or nest commands
    const fast = await fuzz("eval,print,copy,tma,tma-coords,verify", 500);
    const slow = await fuzz("mma,batch,check", 100);
    const tried = [...fast.results, ...slow.results].reduce((n, x) => n + x.tried, 0);
    expect(tried).toBeGreaterThanOrEqual(3300);
    expect([...findings(fast), ...findings(slow)]).toEqual([]);
    expect(fast.crashes + slow.crashes).toBe(0);
    expect(fast.hangs + slow.hangs).toBe(0);
  }, 2 * HUNG + 60_000);
});
