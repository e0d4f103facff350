/**
 * Printers stream: a print of a million cells runs in a child whose JavaScript heap is capped far
 * below the size of its output, and gives the whole output; a reader that stops early (`| head`)
 * ends a print of 2^32 cells quietly, within a CPU budget far below the whole print's; --force lifts the hard ceilings on
 * the command line while a batch record keeps them.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Chunks, collect } from "../src/print/stream.js";

const bin = fileURLToPath(new URL("../bin/cute-ts", import.meta.url));
/** the CPU seconds a print that stops with its reader may use: a few hundred times what it needs */
const CPU_SECONDS = 60;
/** the binary under a heap cap (MB): the old-space limit V8 aborts past */
const capped = (mb: number, args: string[], input?: string) =>
  spawnSync(process.execPath, [`--max-old-space-size=${mb}`, bin, ...args], { input, encoding: "utf8", maxBuffer: 1 << 30 });

/** %5d of every value of a 1024 x 1024 column-major counting tensor, a row per line: its length by arithmetic */
function countingTableLength(M: number, N: number): number {
  let n = 0;
  for (let v = 0; v < M * N; v++) n += Math.max(5, String(v).length);
  return n + M; // a newline per row
}

describe("a million cells under a 32 MB heap", { timeout: 600_000 }, () => {
  it("print_tensor: every row, every cell T(m,n) = m + 1024 n", () => {
    const r = capped(32, ["print", "--force", "make_tensor(counting_iter(0),(1024,1024))"]);
    expect(r.status, r.stderr).toBe(0);
    const head = r.stdout.slice(0, r.stdout.indexOf("\n") + 1);
    expect(head.startsWith("counting_iter(0) o (1024,1024)")).toBe(true);
    expect(r.stdout.length).toBe(head.length + countingTableLength(1024, 1024));
    const lines = r.stdout.split("\n");
    expect(lines.length).toBe(1 + 1024 + 1);
    for (const m of [0, 1, 511, 1023]) {
      // %5d: the first 97 columns hold values below 10^5, five characters each; the last is the row's end
      const row = lines[1 + m]!;
      for (const n of [0, 1, 50, 96]) expect(Number(row.slice(5 * n, 5 * n + 5))).toBe(m + 1024 * n);
      expect(Number(row.slice(-7))).toBe(m + 1024 * 1023);
    }
  });
  it("print_layout --json: the cells, L(m,n) = 1024 m + n", () => {
    const r = capped(32, ["--json", "print", "--force", "(1024,1024):(1024,1)"]);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { cells: number[][] };
    expect(doc.cells.length).toBe(1024);
    for (const m of [0, 3, 1023]) {
      expect(doc.cells[m]!.length).toBe(1024);
      for (const n of [0, 5, 1023]) expect(doc.cells[m]![n]).toBe(1024 * m + n);
    }
  });
  it("print_layout: a rule line and a cell line per row, 1024 cells each", () => {
    const r = capped(32, ["print", "--force", "(1024,1024):(1024,1)"]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines.filter((l) => l.startsWith("    +")).length).toBe(1025);
    const rows = lines.filter((l) => /^ *\d+  \|/.test(l));
    expect(rows.length).toBe(1024);
    expect(rows[1023]!.split("|").slice(1, -1).map(Number)[1023]).toBe(1024 * 1023 + 1023);
  });
  it("tma-coords of a 1024 x 1024 tile: one coordinate per cell, (m, n) at row m, column n", () => {
    const r = capped(32, ["tma-coords", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)", "--tile", "(_1024,_1024)", "--block", "(0,0)", "--force"]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines.length).toBe(1 + 1024 + 1);
    for (const m of [0, 77, 1023]) {
      const cells = lines[1 + m]!.trim().split(/\s+/);
      expect(cells.length).toBe(1024);
      // (_1024,_1024):(_1@1,_1@0): T(m,n) = m E<1> + n E<0>
      for (const n of [0, 9, 1023]) expect(cells[n]).toBe(`(${n},${m})`);
    }
  });
});

describe("the command line streams; a reader that stops early stops the work", { timeout: 600_000 }, () => {
  it("| head: a print of 2^32 cells ends as soon as the reader has gone, exit 0, nothing on stderr", async () => {
    // the work is bounded by CPU seconds (ulimit -t), which a busy machine does not use up: the whole
    // print needs minutes of CPU, its first 100 KB a fraction of a second; a print that went on
    // after its reader left would be killed (SIGXCPU) long before it ended
    const child = spawn("sh", ["-c", `ulimit -t ${CPU_SECONDS}; exec "${process.execPath}" "${bin}" print --force "make_tensor(counting_iter(0),(65536,65536))"`], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const got = await new Promise<string>((resolve) => {
      let s = "";
      child.stdout.on("data", (d) => {
        s += d;
        if (s.length > 100000) {
          child.stdout.destroy();
          resolve(s);
        }
      });
    });
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on("exit", (c, s) => resolve([c, s])));
    expect(got.startsWith("counting_iter(0) o (65536,65536)")).toBe(true);
    expect(signal).toBe(null);
    expect(code).toBe(0);
    expect(err).toBe("");
  });
  it("--force past 2^20 cells prints on the command line; a batch record of it is refused with its size", () => {
    const direct = capped(64, ["print", "--force", "(_2048,_1024):(_1,_2048)"]);
    expect(direct.status, direct.stderr).toBe(0);
    expect(direct.stdout.split("\n").filter((l) => /^ *\d+  \|/.test(l)).length).toBe(2048);
    const batch = capped(64, ["batch"], JSON.stringify({ id: 1, cmd: ["print", "--force", "(_2048,_1024):(_1,_2048)"] }) + "\n");
    const answer = JSON.parse(batch.stdout) as { exit: number; stderr: string };
    expect(answer.exit).toBe(2);
    expect(answer.stderr).toContain("2097152 cells");
    expect(answer.stderr).toContain("even with --force");
  });
});

describe("Chunks", () => {
  it("gathers text and numbers into chunks of at most its size (plus one piece), in order", () => {
    const chunks: string[] = [];
    const out = new Chunks((s) => chunks.push(s), undefined, 100);
    let expected = "";
    for (let i = -300; i < 3000; i += 7) {
      out.putInt(i, i % 3 === 0 ? 6 : 0);
      expected += i % 3 === 0 ? String(i).padStart(6) : String(i);
      out.put(i % 11 === 0 ? "é" : ",");
      expected += i % 11 === 0 ? "é" : ",";
    }
    out.repeat("-+", 333);
    expected += "-+".repeat(333);
    out.putInt(2 ** 53 - 1);
    expected += String(2 ** 53 - 1);
    out.flush();
    expect(chunks.join("")).toBe(expected);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(300);
  });
  it("putInt writes %*d for every integer it may be given: the 32-bit path, its edges and the wide path agree with String/padStart", () => {
    const edges = [0, 1, -1, 9, 10, -10, 99, 100, 2 ** 31 - 1, -(2 ** 31 - 1), 2 ** 31, -(2 ** 31), 2 ** 31 + 1, 999999999, 1000000000, -1000000000, 2 ** 53 - 1, -(2 ** 53 - 1)];
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...edges), fc.integer(), fc.maxSafeInteger()), fc.integer({ min: 0, max: 60 }), (v, width) => {
        const chunks: string[] = [];
        const out = new Chunks((s) => chunks.push(s), undefined, 256);
        out.put("[");
        out.putInt(v, width);
        out.put("]");
        out.flush();
        expect(chunks.join("")).toBe(`[${String(v).padStart(width)}]`);
      }),
      { numRuns: 3000, seed: 21 },
    );
  });
  it("as bytes where a byte sink is given, in the same order as the text around them", () => {
    const parts: string[] = [];
    const dec = new TextDecoder();
    const out = new Chunks((s) => parts.push(s), (b) => parts.push(dec.decode(b)), 64);
    let expected = "";
    for (let i = 0; i < 500; i++) {
      const s = i % 50 === 0 ? "ü".repeat(i % 3) + "x".repeat(70) : "ab";
      out.put(s);
      out.putInt(i, 4);
      expected += s + String(i).padStart(4);
    }
    out.flush();
    expect(parts.join("")).toBe(expected);
    expect(collect((w) => w("a"))).toBe("a");
  });
});
