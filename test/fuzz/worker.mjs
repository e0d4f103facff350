/**
 * Fuzz worker thread: runs inputs [from, to) of one command through runCommand (dist build),
 * publishing the index it is on in shared memory so the parent's watchdog can name a hang.
 */
import { parentPort, workerData, threadId } from "node:worker_threads";
import { existsSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeInput, setFunctionNames } from "./gen.mjs";

const { dist, seed, command, shared } = workerData;
const slot = new Int32Array(shared); // [0] = index being run, [1] = inputs started (heartbeat)
const { runCommand } = await import(join(dist, "cli", "run.js"));
try {
  const { functionNames } = await import(join(dist, "eval", "functions", "index.js"));
  setFunctionNames(functionNames());
} catch {
  /* without the names the generators use a few fixed ones */
}
// batch and check inputs are files: in memory (/dev/shm) where the system has it
const FILE = join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), `cute-fuzz-${process.pid}-${threadId}.txt`);
const STACK = /\n[ \t]+at [^\n]*[(:/]/; // [ \t], not \s: on an output of many newlines \s+ backtracks quadratically
const HUGE_OUTPUT = 64 << 20;

function clip(s, n = 300) {
  return s.length > n ? s.slice(0, n) + `…(+${s.length - n})` : s;
}

/** problems with one result; [] when it is a clean 0/1/2 */
function judge(code, out, err) {
  const bad = [];
  if (code !== 0 && code !== 1 && code !== 2) bad.push(`exit ${code}: ${clip(err.trim(), 400)}`);
  if (STACK.test(err) || STACK.test(out)) bad.push(`stack trace in output: ${clip(err || out, 400)}`);
  if (command === "batch" && out) {
    for (const line of out.split("\n")) {
      if (!line) continue;
      let rec;
      try {
        rec = JSON.parse(line);
      } catch {
        bad.push(`batch wrote a non-JSON line: ${clip(line)}`);
        continue;
      }
      if (![0, 1, 2].includes(rec.exit)) bad.push(`batch record exit ${rec.exit}: ${clip(String(rec.stderr))}`);
      if (STACK.test(String(rec.stderr)) || STACK.test(String(rec.stdout))) bad.push(`batch record with a stack trace: ${clip(String(rec.stderr))}`);
    }
  }
  return bad;
}

parentPort.on("message", async (msg) => {
  if (msg.type !== "run") return;
  const stats = { tried: 0, ok: 0, verifyFailed: 0, refused: 0, crashCount: 0, crashes: [], maxOut: 0, maxOutIndex: -1, heapPeak: 0, slowest: 0, slowestIndex: -1, codes: {} };
  for (let i = msg.from; i < msg.to; i++) {
    Atomics.store(slot, 0, i);
    Atomics.add(slot, 1, 1);
    const input = makeInput(seed, command, i);
    let argv = input.argv;
    if (input.file !== undefined) {
      writeFileSync(FILE, input.file);
      argv = argv.map((a) => (a === "@FILE" ? FILE : a));
    }
    let out = "", err = "", code;
    const t0 = performance.now();
    try {
      // batch and check report each record they finish: the watchdog then times one record, not the whole file
      code = await runCommand(argv, { out: (s) => { out += s; }, err: (s) => { err += s; }, color: false, progress: () => Atomics.add(slot, 1, 1) });
    } catch (e) {
      stats.crashCount++;
      if (stats.crashes.length < 8) stats.crashes.push({ index: i, argv: input.argv.map((a) => clip(a, 2000)), file: input.file && clip(input.file, 2000), why: [`exception escaped runCommand: ${e?.name}: ${clip(String(e?.message ?? e))}`] });
      stats.tried++;
      continue;
    }
    const dt = performance.now() - t0;
    if (dt > stats.slowest) {
      stats.slowest = dt;
      stats.slowestIndex = i;
    }
    stats.tried++;
    stats.codes[code] = (stats.codes[code] ?? 0) + 1;
    if (code === 0) stats.ok++;
    else if (code === 1) stats.verifyFailed++;
    else if (code === 2) stats.refused++;
    const bad = judge(code, out, err);
    if (out.length + err.length > HUGE_OUTPUT) bad.push(`output of ${out.length + err.length} bytes`);
    if (out.length > stats.maxOut) {
      stats.maxOut = out.length;
      stats.maxOutIndex = i;
    }
    if (bad.length) {
      stats.crashCount++;
      if (stats.crashes.length < 8) stats.crashes.push({ index: i, argv: input.argv.map((a) => clip(a, 2000)), file: input.file && clip(input.file, 2000), why: bad });
    }
    if ((i & 63) === 0 || out.length > 1 << 20) {
      const h = process.memoryUsage().heapUsed;
      if (h > stats.heapPeak) stats.heapPeak = h;
    }
  }
  const h = process.memoryUsage().heapUsed;
  if (h > stats.heapPeak) stats.heapPeak = h;
  parentPort.postMessage({ type: "done", from: msg.from, to: msg.to, stats });
});

process.on("exit", () => {
  try {
    rmSync(FILE, { force: true });
  } catch {
    /* nothing to clean */
  }
});
parentPort.postMessage({ type: "ready" });
