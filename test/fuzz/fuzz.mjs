#!/usr/bin/env node
/**
 * cute-ts fuzz harness: `npm run fuzz -- --count N [--seed S] [--command eval[,print...]] [--jobs J]
 *   [--timeout MS] [--hang-timeout MS] [--stall MS] [--json] [--one-process]`
 * Feeds each command N random and mutated inputs in-process through runCommand (dist build), in
 * worker threads under a watchdog per input (per record inside batch and check files, which report
 * each record they finish). Reports inputs tried, refusals, crashes (exit 3 or any code other than
 * 0/1/2, an exception escaping runCommand, a stack trace in the output), hangs and peak memory.
 * Exit 1 when anything crashed or hung.
 *
 * The watchdog bounds WORK, not wall-clock time, so a busy machine cannot make a hang: it reads the
 * CPU time of the input's worker thread (cpu.mjs, Linux /proc; a thread waiting for a core spends
 * none). An input (or record) that uses more than --timeout ms of CPU (2000) is stopped and set
 * aside, as is one whose thread spends no CPU at all for --stall ms of wall time (30000: blocked, on
 * a read that never ends, say; no load keeps a runnable thread off every core that long). Each one
 * set aside is run again alone in a fresh worker, and is a HANG only if it passes --hang-timeout ms
 * of CPU there (10000) or stalls again; the others are listed as slow, with their CPU time alone.
 * Where a thread's CPU time cannot be read (no /proc), the same bounds apply to wall-clock time.
 *
 * Each command runs in a process of its own (its memory figures are its own); --one-process runs
 * them all in one, which starts faster (the short seeded run in npm test).
 *
 * Reproduce one input: `node test/fuzz/fuzz.mjs --seed S --command C --only INDEX`.
 */
import { Worker } from "node:worker_threads";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeInput, setFunctionNames } from "./gen.mjs";
import { makeFuzzFiles } from "./files.mjs";
import { ownThreadId, threadCpuMs } from "./cpu.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..", "..");
const DIST = join(ROOT, "dist");
export const ALL_COMMANDS = ["eval", "print", "mma", "copy", "tma", "tma-coords", "verify", "batch", "check"];

function parseArgs(argv) {
  const o = { count: 10000, seed: 1, commands: ALL_COMMANDS, jobs: Math.max(1, Math.min(availableParallelism(), 4)), json: false, only: undefined, timeout: 2000, hangTimeout: undefined, stall: 30000, chunk: 250, show: 5 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      const x = argv[++i];
      if (x === undefined) throw new Error(`${a} needs a value`);
      return x;
    };
    if (a === "--count") o.count = Number(v());
    else if (a === "--seed") o.seed = v();
    else if (a === "--command") o.commands = v().split(",");
    else if (a === "--jobs") o.jobs = Number(v());
    else if (a === "--json") o.json = true;
    else if (a === "--only") o.only = Number(v());
    else if (a === "--timeout") o.timeout = Number(v());
    else if (a === "--hang-timeout") o.hangTimeout = Number(v());
    else if (a === "--stall") o.stall = Number(v());
    else if (a === "--chunk") o.chunk = Number(v());
    else if (a === "--show") o.show = Number(v());
    else if (a === "--one-process") o.oneProcess = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (!(o.count >= 0)) throw new Error("--count N");
  o.hangTimeout ??= 5 * o.timeout;
  for (const k of ["timeout", "hangTimeout", "stall"]) if (!(o[k] > 0)) throw new Error(`--${k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())} MS (a positive number)`);
  return o;
}

const clip = (s, n = 200) => (s.length > n ? s.slice(0, n) + `…(+${s.length - n} chars)` : s);
const quote = (a) => (/^[\w./=-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);

/** one command's fuzz run: [0, count) in chunks over `jobs` workers */
function fuzzCommand(command, o, memory) {
  return new Promise((resolve) => {
    const total = { command, tried: 0, ok: 0, verifyFailed: 0, refused: 0, crashCount: 0, crashes: [], hangs: [], maxOut: 0, maxOutIndex: -1, heapPeak: 0, slowest: 0, slowestIndex: -1, codes: {} };
    const queue = [];
    for (let f = 0; f < o.count; f += o.chunk) queue.push([f, Math.min(o.count, f + o.chunk)]);
    const workers = new Set();
    const merge = (s) => {
      for (const k of ["tried", "ok", "verifyFailed", "refused", "crashCount"]) total[k] += s[k];
      for (const c of s.crashes) {
        if (total.crashes.length < 50) total.crashes.push(c);
        // a long run names each crash as it comes (stderr), not only in the final report
        if (o.count >= 100000) process.stderr.write(`  ${command}: CRASH #${c.index}: ${c.argv.map((a) => quote(clip(a))).join(" ")}\n    ${c.why.join("\n    ").slice(0, 600)}\n`);
      }
      for (const [k, n] of Object.entries(s.codes)) total.codes[k] = (total.codes[k] ?? 0) + n;
      if (s.maxOut > total.maxOut) [total.maxOut, total.maxOutIndex] = [s.maxOut, s.maxOutIndex];
      if (s.slowest > total.slowest) [total.slowest, total.slowestIndex] = [s.slowest, s.slowestIndex];
      total.cpu = s.cpu;
      total.heapPeak = Math.max(total.heapPeak, s.heapPeak);
      // long runs say how far they are (stderr, so --json stays one document)
      const step = Math.max(10000, Math.ceil(o.count / 10));
      if (o.count >= 100000 && Math.floor(total.tried / step) > Math.floor((total.tried - s.tried) / step)) {
        process.stderr.write(`  ${command}: ${total.tried}/${o.count} tried, ${total.crashCount} crashes, ${total.hangs.length} hangs\n`);
      }
    };
    let finished = false;
    const finishIfDone = () => {
      if (!finished && queue.length === 0 && [...workers].every((w) => w.idle)) {
        finished = true;
        clearInterval(timer);
        for (const w of workers) w.worker.terminate();
        recheckHangs(command, o, total).then(() => resolve(total));
      }
    };
    const spawn = () => {
      const shared = new SharedArrayBuffer(8);
      const slot = new Int32Array(shared);
      const worker = new Worker(join(HERE, "worker.mjs"), {
        workerData: { dist: DIST, seed: o.seed, command, shared },
        // a main-thread-sized stack, so deep recursion fails here as it would in the CLI; a heap cap so a blow-up is seen
        resourceLimits: { stackSizeMb: 1, maxOldGenerationSizeMb: 3072 },
        stdout: true,
        stderr: true,
      });
      worker.stdout.resume();
      worker.stderr.resume();
      // beat: the heartbeat last seen; since / cpuAtBeat: the wall clock and the thread's CPU time then;
      // cpuSince: when the thread's CPU time last moved (a thread that spends none is blocked)
      const w = { worker, slot, tid: undefined, idle: false, chunk: undefined, beat: -1, since: 0, cpuAtBeat: 0, lastCpu: 0, cpuSince: 0, dead: false };
      workers.add(w);
      const give = () => {
        const c = queue.shift();
        if (!c) {
          w.idle = true;
          finishIfDone();
          return;
        }
        w.idle = false;
        w.chunk = c;
        w.beat = Atomics.load(slot, 1);
        w.since = w.cpuSince = Date.now();
        w.cpuAtBeat = w.lastCpu = threadCpuMs(w.tid) ?? 0;
        worker.postMessage({ type: "run", from: c[0], to: c[1] });
      };
      w.give = give;
      worker.on("message", (m) => {
        if (m.type === "ready") {
          w.tid = m.tid;
          give();
        }
        else if (m.type === "done") {
          merge(m.stats);
          give();
        }
      });
      const died = (why) => {
        if (w.dead) return;
        w.dead = true;
        workers.delete(w);
        if (w.chunk && !w.idle) {
          const at = Atomics.load(slot, 0);
          const input = makeInput(o.seed, command, at);
          total.tried++;
          total.crashCount++;
          total.crashes.push({ index: at, argv: input.argv.map((a) => clip(a, 2000)), file: input.file && clip(input.file, 2000), why: [why] });
          requeue(w.chunk, at);
        }
        spawn();
      };
      worker.on("error", (e) => died(`worker died: ${e?.code ?? ""} ${e?.message ?? e}`));
      worker.on("exit", (c) => {
        if (!w.dead && !w.hung) died(`worker exited with ${c}`);
      });
      return w;
    };
    /** a chunk interrupted at `at`: run the rest again (deterministic inputs), skipping `at` */
    const requeue = ([from, to], at) => {
      if (at > from) queue.unshift([from, at]);
      if (at + 1 < to) queue.unshift([at + 1, to]);
    };
    let lastTick = Date.now();
    const timer = setInterval(() => {
      const rss = process.memoryUsage().rss;
      if (rss > memory.rssPeak) memory.rssPeak = rss;
      const now = Date.now();
      // a tick that comes a second late means this process was stopped (SIGSTOP) or starved: that time is no input's
      if (now - lastTick > 1000) for (const w of workers) w.since = w.cpuSince = now;
      lastTick = now;
      for (const w of [...workers]) {
        // a worker still loading has no chunk yet: its start-up is not an input's hang
        if (w.idle || w.dead || w.chunk === undefined) continue;
        const beat = Atomics.load(w.slot, 1);
        const cpu = threadCpuMs(w.tid);
        if (beat !== w.beat) {
          w.beat = beat;
          w.since = w.cpuSince = now;
          w.cpuAtBeat = w.lastCpu = cpu ?? 0;
          continue;
        }
        const why = overBound(o, o.timeout, now, cpu, w);
        if (why) {
          const at = Atomics.load(w.slot, 0);
          const input = makeInput(o.seed, command, at);
          total.tried++;
          total.hangs.push({ index: at, argv: input.argv.map((a) => clip(a, 2000)), file: input.file && clip(input.file, 2000), why: [why] });
          w.hung = true;
          w.dead = true;
          workers.delete(w);
          w.worker.terminate();
          requeue(w.chunk, at);
          spawn();
        }
      }
    }, 50);
    for (let j = 0; j < Math.min(o.jobs, Math.max(1, queue.length)); j++) spawn();
    if (queue.length === 0) finishIfDone();
  });
}

/**
 * Whether an input has passed its bound, and why: `bound` ms of CPU time of its thread since it began
 * (`w.cpuAtBeat`), or no CPU time at all for o.stall ms of wall time; on wall-clock time alone where
 * the thread's CPU time cannot be read. `w` keeps the last CPU time seen and when it moved.
 */
function overBound(o, bound, now, cpu, w) {
  if (cpu === undefined) return now - w.since > bound ? `no answer after ${now - w.since} ms (wall clock: this system does not give a thread's CPU time)` : undefined;
  if (cpu !== w.lastCpu) {
    w.lastCpu = cpu;
    w.cpuSince = now;
  }
  if (cpu - w.cpuAtBeat > bound) return `no answer after ${Math.round(cpu - w.cpuAtBeat)} ms of CPU time`;
  if (now - w.cpuSince > o.stall) return `blocked: no CPU time used for ${now - w.cpuSince} ms, no answer`;
  return undefined;
}

/**
 * An input set aside by the watchdog is run again alone in a fresh worker, under the larger bound
 * (o.hangTimeout ms of CPU time, or a stall): it is a hang only if it passes that bound there too;
 * otherwise it is listed as slow, with its CPU time alone.
 */
async function recheckHangs(command, o, total) {
  const candidates = total.hangs;
  total.hangs = [];
  total.slow = [];
  for (const h of candidates) {
    const r = await runAlone(command, o, h.index);
    if (r.stats) {
      // the input is already counted as tried: take its outcome
      for (const k of ["ok", "verifyFailed", "refused", "crashCount"]) total[k] += r.stats[k];
      for (const [k, n] of Object.entries(r.stats.codes)) total.codes[k] = (total.codes[k] ?? 0) + n;
      for (const c of r.stats.crashes) if (total.crashes.length < 50) total.crashes.push(c);
    }
    if (r.died) {
      total.crashCount++;
      if (total.crashes.length < 50) total.crashes.push({ index: h.index, argv: h.argv, file: h.file, why: [r.died] });
    }
    if (r.hung) total.hangs.push({ ...h, why: [...h.why, `alone: ${r.why}`] });
    else total.slow.push({ ...h, msAlone: r.stats?.slowest ?? r.ms, cpu: r.stats?.cpu });
  }
}

/** one input in a fresh worker, under the hang bound: {ms, stats}, {died} or {hung, why} */
function runAlone(command, o, index) {
  return new Promise((resolve) => {
    const shared = new SharedArrayBuffer(8);
    const worker = new Worker(join(HERE, "worker.mjs"), {
      workerData: { dist: DIST, seed: o.seed, command, shared },
      resourceLimits: { stackSizeMb: 1, maxOldGenerationSizeMb: 3072 },
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let t0 = 0, timer, ended = false;
    const end = (r) => {
      if (ended) return;
      ended = true;
      clearInterval(timer);
      worker.terminate();
      resolve(r);
    };
    worker.on("message", (m) => {
      if (m.type === "ready") {
        t0 = Date.now();
        // as in the run: the bound runs from the input's start, or its last finished record's
        const slot = new Int32Array(shared);
        const w = { tid: m.tid, beat: Atomics.load(slot, 1), since: t0, cpuSince: t0, cpuAtBeat: threadCpuMs(m.tid) ?? 0, lastCpu: 0 };
        w.lastCpu = w.cpuAtBeat;
        let lastTick = t0;
        timer = setInterval(() => {
          const now = Date.now();
          if (now - lastTick > 1000) w.since = w.cpuSince = now;
          lastTick = now;
          const beat = Atomics.load(slot, 1);
          const cpu = threadCpuMs(w.tid);
          if (beat !== w.beat) {
            w.beat = beat;
            w.since = w.cpuSince = now;
            w.cpuAtBeat = w.lastCpu = cpu ?? 0;
            return;
          }
          const why = overBound(o, o.hangTimeout, now, cpu, w);
          if (why) end({ hung: true, why });
        }, 50);
        worker.postMessage({ type: "run", from: index, to: index + 1 });
      } else if (m.type === "done") end({ ms: Date.now() - t0, stats: m.stats });
    });
    worker.on("error", (e) => end({ ms: Date.now() - t0, died: `worker died: ${e?.code ?? ""} ${e?.message ?? e}` }));
    worker.on("exit", (c) => end({ ms: Date.now() - t0, died: `worker exited with ${c}` }));
  });
}

export async function runFuzz(o) {
  // the parent regenerates inputs to name hangs: it needs the same function names as the workers
  try {
    const { functionNames } = await import(join(DIST, "eval", "functions", "index.js"));
    setFunctionNames(functionNames());
  } catch {
    /* the workers fall back the same way */
  }
  const memory = { rssPeak: process.memoryUsage().rss };
  const results = [];
  const skipped = [];
  const t0 = Date.now();
  for (const c of o.commands) {
    if (!existsSync(join(DIST, "cli", "commands", `${c}.js`))) {
      skipped.push(c);
      continue;
    }
    const t = Date.now();
    const r = await fuzzCommand(c, o, memory);
    r.seconds = (Date.now() - t) / 1000;
    results.push(r);
    if (!o.json) printOne(r, o);
  }
  const ru = process.resourceUsage();
  return { seed: o.seed, count: o.count, results, skipped, seconds: (Date.now() - t0) / 1000, rssPeakMB: Math.round(memory.rssPeak / 2 ** 20), maxRSSMB: Math.round(ru.maxRSS / 1024) };
}

function printOne(r, o) {
  const mb = (x) => (x / 2 ** 20).toFixed(1);
  console.log(
    `${r.command.padEnd(11)} tried ${r.tried}  ok ${r.ok}  exit1 ${r.verifyFailed}  refused ${r.refused}  crashes ${r.crashCount}  hangs ${r.hangs.length}${r.slow?.length ? ` (+${r.slow.length} slow)` : ""}` +
      `  slowest ${r.slowest.toFixed(0)} ms${r.cpu === false ? "" : " CPU"} (#${r.slowestIndex})  max stdout ${mb(r.maxOut)} MB (#${r.maxOutIndex})  worker heap peak ${mb(r.heapPeak)} MB${r.maxRSSMB ? `  process maxRSS ${r.maxRSSMB} MB` : ""}  ${r.seconds.toFixed(1)} s`,
  );
  const show = (label, list) => {
    for (const c of list.slice(0, o.show)) {
      console.log(`  ${label} #${c.index}: cute-ts ${c.argv.map((a) => quote(clip(a))).join(" ")}`);
      if (c.file !== undefined) console.log(`    file: ${JSON.stringify(clip(c.file, 400))}`);
      for (const w of c.why ?? []) console.log(`    ${w.replace(/\n/g, "\n    ")}`);
      console.log(`    reproduce: node test/fuzz/fuzz.mjs --seed ${o.seed} --command ${r.command} --only ${c.index}`);
    }
  };
  show("CRASH", r.crashes);
  show("HANG", r.hangs);
  const slow = r.slow ?? [];
  if (slow.length) {
    const alone = slow.map((x) => Math.round(x.msAlone));
    console.log(`  ${slow.length} input(s) set aside by the ${o.timeout} ms watchdog finished alone within ${o.hangTimeout} ms: they took ${Math.min(...alone)}-${Math.max(...alone)} ms${slow[0].cpu === false ? "" : " of CPU time"}: #${slow.slice(0, 10).map((x) => x.index).join(", #")}${slow.length > 10 ? ", ..." : ""}`);
  }
}

/** the workers' scratch directories (files.mjs), which a terminated worker leaves behind */
function removeScratch() {
  for (const base of ["/dev/shm", tmpdir()]) {
    let names = [];
    try {
      names = readdirSync(base);
    } catch {
      continue;
    }
    for (const n of names) if (n.startsWith(`cute-fuzz-${process.pid}-`)) rmSync(join(base, n), { recursive: true, force: true });
  }
}

async function runOnly(o) {
  const { runCommand, setHelpRunner } = await import(join(DIST, "cli", "run.js"));
  setHelpRunner(async (args, io) => (await import(join(DIST, "cli", "help.js"))).runHelp(args, io));
  const { functionNames } = await import(join(DIST, "eval", "functions", "index.js"));
  setFunctionNames(functionNames());
  for (const c of o.commands) {
    const input = makeInput(o.seed, c, o.only);
    console.log(`argv: ${JSON.stringify(input.argv.map((a) => clip(a, 4000)))}`);
    const scratch = makeFuzzFiles(`only-${process.pid}`);
    process.on("exit", () => scratch.cleanup());
    const argv = input.argv.map((a) => scratch.resolve(a));
    if (input.file !== undefined) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(scratch.files.FILE, scratch.resolve(input.file));
      console.log(`file (${scratch.files.FILE}): ${JSON.stringify(clip(input.file, 4000))}`);
    }
    const tid = ownThreadId();
    const t = Date.now(), cpu = threadCpuMs(tid);
    const code = await runCommand(argv, { out: (s) => process.stdout.write(clip(s, 20000)), err: (s) => process.stderr.write(clip(s, 20000)), color: false });
    console.log(`exit ${code} in ${Date.now() - t} ms${cpu === undefined ? "" : `, ${Math.round(threadCpuMs(tid) - cpu)} ms of CPU time`}`);
  }
}

/** the watchdog's bounds, as the report's first line says them */
const watchdog = (o) => `watchdog ${o.timeout} ms of CPU time per input (a hang: ${o.hangTimeout} ms alone; blocked: no CPU time for ${o.stall} ms)`;

/** one child process per command; their reports merged, their peak memory the largest of theirs */
function runChildren(o) {
  if (!o.json) console.log(`cute-ts fuzz: seed ${o.seed}, ${o.count} inputs per command, ${o.jobs} worker(s), ${watchdog(o)}, one process per command`);
  const t0 = Date.now();
  const report = { seed: o.seed, count: o.count, results: [], skipped: [], seconds: 0, rssPeakMB: 0, maxRSSMB: 0 };
  for (const c of o.commands) {
    const args = ["--count", String(o.count), "--seed", String(o.seed), "--jobs", String(o.jobs), "--timeout", String(o.timeout), "--hang-timeout", String(o.hangTimeout), "--stall", String(o.stall), "--chunk", String(o.chunk), "--show", String(o.show), "--command", c, "--json"];
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...args], { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, CUTE_FUZZ_CHILD: "1" }, encoding: "utf8", maxBuffer: 1 << 28 });
    let child;
    try {
      child = JSON.parse(r.stdout.trim().split("\n").pop() ?? "");
    } catch {
      const why = `the fuzz process for ${c} ended with ${r.status ?? r.signal} and no report`;
      child = { results: [{ command: c, tried: 0, ok: 0, verifyFailed: 0, refused: 0, crashCount: 1, crashes: [{ index: -1, argv: [c], why: [why] }], hangs: [], maxOut: 0, maxOutIndex: -1, heapPeak: 0, slowest: 0, slowestIndex: -1, codes: {}, seconds: 0 }], skipped: [], rssPeakMB: 0, maxRSSMB: 0 };
    }
    for (const x of child.results) {
      x.rssPeakMB = child.rssPeakMB;
      x.maxRSSMB = child.maxRSSMB;
      report.results.push(x);
      if (!o.json) printOne(x, o);
    }
    report.skipped.push(...child.skipped);
    report.rssPeakMB = Math.max(report.rssPeakMB, child.rssPeakMB);
    report.maxRSSMB = Math.max(report.maxRSSMB, child.maxRSSMB);
  }
  report.seconds = (Date.now() - t0) / 1000;
  const crashes = report.results.reduce((n, r) => n + r.crashCount, 0);
  const hangs = report.results.reduce((n, r) => n + r.hangs.length, 0);
  if (o.json) console.log(JSON.stringify({ ...report, crashes, hangs }));
  else {
    const tried = report.results.reduce((n, r) => n + r.tried, 0);
    const refused = report.results.reduce((n, r) => n + r.refused, 0);
    if (report.skipped.length) console.log(`not in this build (skipped): ${report.skipped.join(", ")}`);
    console.log(`total: ${tried} inputs, ${refused} refusals, ${crashes} crashes, ${hangs} hangs; peak RSS of a command's process ${report.rssPeakMB} MB sampled, maxRSS ${report.maxRSSMB} MB; ${report.seconds.toFixed(1)} s`);
  }
  process.exit(crashes || hangs ? 1 : 0);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (!existsSync(join(DIST, "cli", "run.js"))) {
    console.error("fuzz: build first (npx tsc -p tsconfig.json)");
    process.exit(2);
  }
  // each command runs in a child process of its own: an empty stdin (batch with no FILE reads
  // it), and memory figures that are that command's alone (a process keeps some memory of every
  // worker thread it has run, so one process for all commands would add them up)
  if (process.env.CUTE_FUZZ_CHILD !== "1" && o.only === undefined) {
    if (!o.oneProcess) return runChildren(o);
    // --one-process (short runs): every command in one child, which still gets the empty stdin
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, CUTE_FUZZ_CHILD: "1" } });
    process.exit(r.status ?? 1);
  }
  if (o.only !== undefined) return runOnly(o);
  if (!o.json) console.log(`cute-ts fuzz: seed ${o.seed}, ${o.count} inputs per command, ${o.jobs} worker(s), ${watchdog(o)}`);
  const report = await runFuzz(o);
  const crashes = report.results.reduce((n, r) => n + r.crashCount, 0);
  const hangs = report.results.reduce((n, r) => n + r.hangs.length, 0);
  if (o.json) console.log(JSON.stringify({ ...report, crashes, hangs }));
  else {
    const tried = report.results.reduce((n, r) => n + r.tried, 0);
    const refused = report.results.reduce((n, r) => n + r.refused, 0);
    if (report.skipped.length) console.log(`not in this build (skipped): ${report.skipped.join(", ")}`);
    console.log(`total: ${tried} inputs, ${refused} refusals, ${crashes} crashes, ${hangs} hangs; peak RSS ${report.rssPeakMB} MB sampled, maxRSS ${report.maxRSSMB} MB; ${report.seconds.toFixed(1)} s`);
  }
  removeScratch();
  // a worker stuck in native code after terminate() must not keep the report from ending
  process.exit(crashes || hangs ? 1 : 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e) => {
    console.error(`fuzz: ${e?.message ?? e}`);
    process.exit(2);
  });
}
