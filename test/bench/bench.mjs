// npm run bench: each figure next to its target (issue 21), medians of several runs. Not a test.
//
//   node test/bench/bench.mjs [--quick] [--only memory,eval,cold,batch,start,warm,web]
//
// Environment:
//   CUTE_TS_BENCH_BEFORE=DIR  a checkout of an earlier build (DIR/dist, DIR/bin): its cold passes run
//                             interleaved with this build's, and the ratios to pycute are derived from
//                             the issue's (ratio now = ratio then x time then / time now)
//   CUTE_TS_BENCH_NODE_FLAGS="--v8-pool-size=1"
//                             node options for cute-ts's processes in the first pass and batch (the
//                             figures then describe that setting, not node's default; pycute's
//                             processes are not affected)
//   PYCUTE_PATH=DIR           where `import pycute` works (CUTLASS's python/): pycute's own cold
//                             passes run side by side (test/bench/pycute_workload.py); not needed
//
// Timings on a shared machine are noisy: every comparison runs interleaved (a, b, a, b, ...) so a
// drift in the machine's speed touches both alike; ranges are printed beside the medians.
import { readFileSync, existsSync, openSync, closeSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ISSUE_RATIOS, OPS } from "./workload.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = root + "bin/cute-ts";
const here = fileURLToPath(new URL("./", import.meta.url));
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs, d = 0) => `${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}`;
const fmt = (x) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });
const args = process.argv.slice(2);

// a child of section 6: one op warm in this process, its ops/s on stdout
if (args[0] === "--warm") {
  const { poolSpecs, opsOf } = await import("./workload.mjs");
  const { S } = await import(root + "dist/core/integer.js");
  const L = await import(root + "dist/core/layout.js");
  const pool = poolSpecs().map(([sh, st]) => new L.Layout(sh.map(S), st.map(S)));
  const f = opsOf(L, S)[args[1]];
  const rates = [];
  for (let k = 0; k < 6; k++) {
    const n = 200000, t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      try {
        f(pool[i & 255], pool[(i * 7 + 3) & 255]);
      } catch {}
    }
    rates.push(n / (Number(process.hrtime.bigint() - t0) / 1e9));
  }
  console.log(String(Math.round(median(rates.slice(1)))));
  process.exit(0);
}
const quick = args.includes("--quick");
const onlyArg = args.indexOf("--only");
const only = onlyArg >= 0 ? new Set(args[onlyArg + 1].split(",")) : undefined;
const want = (s) => only === undefined || only.has(s);
const verdict = (ok) => (ok ? "MET" : "NOT MET");
const node = process.execPath;
const nodeFlags = (process.env.CUTE_TS_BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
if (nodeFlags.length) console.log(`(cute-ts's first-pass and batch processes run with node ${nodeFlags.join(" ")})`);
const summary = [];
const line = (s) => console.log(s);
const record = (what, value, target, ok) => {
  line(`  ${ok ? "  " : "!!"} ${what}: ${value} (target ${target}: ${verdict(ok)})`);
  summary.push({ what, ok });
};

// ---------------------------------------------------------------- 1. memory of one print (streaming)
if (want("memory")) {
  line("1. peak RSS of one print (bin/cute-ts through test/bench/rss.cjs, stdout to /dev/null), median of 3; node -e 0 for scale");
  const rssOf = (argv) => {
    const r = spawnSync(node, [here + "rss.cjs", ...argv], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    const last = r.stderr.trim().split("\n").pop();
    if (r.status !== 0) throw new Error(`${argv.join(" ")}: exit ${r.status}: ${r.stderr.slice(0, 300)}`);
    return (JSON.parse(last).maxRSS * 1024) / 1e6;
  };
  const bare = spawnSync(node, ["-e", "console.log(process.resourceUsage().maxRSS)"], { encoding: "utf8" });
  line(`     node -e 0: ${((Number(bare.stdout) * 1024) / 1e6).toFixed(0)} MB`);
  const TMA = ["tma-coords", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)", "--tile", "(_1024,_1024)", "--block", "(0,0)", "--force"];
  const cases = [
    ["print_tensor, 1M cells", ["print", "--force", "make_tensor(counting_iter(0),(1024,1024))"]],
    ["print_layout, 1M cells", ["print", "--force", "(1024,1024):(1024,1)"]],
    ["print --json (layout cells), 1M cells", ["--json", "print", "--force", "(1024,1024):(1024,1)"]],
    ["print --json (tensor values), 1M cells", ["--json", "print", "--force", "make_tensor(counting_iter(0),(1024,1024))"]],
    ["tma-coords, 1M coordinates", TMA],
    ["tma-coords --json, 1M coordinates", ["--json", ...TMA]],
    ["mma --map C, 1M cells", ["mma", "SM80_16x8x8_F16F16F16F16_TN", "--tile", "(_1024,_1024,_8)", "--map", "C", "--force"]],
    ...(quick ? [] : [["print_tensor, 16M cells", ["print", "--force", "make_tensor(counting_iter(0),(4096,4096))"]]]),
  ];
  for (const [what, argv] of cases) {
    const xs = [0, 1, 2].map(() => rssOf(argv));
    record(`${what} (cute-ts ${argv.join(" ")})`, `${median(xs).toFixed(0)} MB (range ${range(xs)})`, "<= 80 MB", median(xs) <= 80);
  }
}

// ---------------------------------------------------------------- 2. compiled evaluation
if (want("eval")) {
  line("2. compileLayout: L(i) for every i of ((4,8),(16,32),8):((1,4),(32,512),16384) (131,072 coordinates), in this process; C++ does 151M coords/s (the issue's figure), so the target is 151/4 = 37.75M/s");
  const { D } = await import(root + "dist/core/integer.js");
  const L = await import(root + "dist/core/layout.js");
  const l = new L.Layout([[D(4), D(8)], [D(16), D(32)], D(8)], [[D(1), D(4)], [D(32), D(512)], D(16384)]);
  const t0 = process.hrtime.bigint();
  const c = L.compileLayout(l);
  const compileUs = Number(process.hrtime.bigint() - t0) / 1e3;
  const n = c.size;
  const out = new Float64Array(n);
  const rate = (f) => {
    const rs = [];
    for (let k = 0; k < 21; k++) {
      const t = process.hrtime.bigint();
      f();
      rs.push(n / (Number(process.hrtime.bigint() - t) / 1e9) / 1e6);
    }
    return { first: rs[0], med: median(rs.slice(5)), all: rs.slice(5) };
  };
  let sink = 0;
  const fill = rate(() => c.fill(out));
  const index = rate(() => {
    for (let i = 0; i < n; i++) sink += c.index(i);
  });
  const generic = rate(() => {
    for (let i = 0; i < n; i += 16) sink += L.crd2idx(D(i), l).v;
  });
  line(`     compiled once in ${compileUs.toFixed(0)} us; the generic crd2idx path: ${(generic.med / 16).toFixed(1)}M coords/s`);
  record("fill(out): every L(i) into a Float64Array", `${fill.med.toFixed(1)}M coords/s (range ${range(fill.all, 1)}; first call ${fill.first.toFixed(1)}M/s)`, ">= 37.75M/s", fill.med >= 37.75);
  record("index(i) in a loop", `${index.med.toFixed(1)}M coords/s (range ${range(index.all, 1)}; first call ${index.first.toFixed(1)}M/s)`, ">= 37.75M/s", index.med >= 37.75);
  if (sink === 0.5) line("");
}

// ---------------------------------------------------------------- 3. the first pass, pycute's workload
if (want("cold")) {
  const K = quick ? 3 : 7;
  const before = process.env.CUTE_TS_BENCH_BEFORE;
  const pyPath = process.env.PYCUTE_PATH;
  const pycute = pyPath !== undefined && spawnSync("python3", ["-c", "import pycute"], { env: { ...process.env, PYTHONPATH: pyPath } }).status === 0;
  line(`3. one cold pass of 20,000 ops (pycute's benchmark workload, test/bench/workload.mjs), each in a fresh process (test/bench/cold-pass.mjs), median of ${K}: wall ms and process CPU ms (CPU counts V8's compiler threads too)`);
  if (before) line(`     interleaved with the build in ${before}; ratio to pycute derived from the issue's (issue ratio x before / now)`);
  if (pycute) line(`     pycute from ${pyPath} side by side (test/bench/pycute_workload.py), interleaved`);
  if (!before && !pycute) line("     (set CUTE_TS_BENCH_BEFORE=DIR of an earlier build to derive the ratios from the issue's, or PYCUTE_PATH to run pycute side by side)");
  const runOne = (cmd, argv, env) => {
    const r = spawnSync(cmd, argv, { encoding: "utf8", env });
    if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")}: ${r.stderr.slice(0, 300)}`);
    return JSON.parse(r.stdout.trim().split("\n").pop());
  };
  line("     (\"unoptimized\": the same pass under node --no-opt, which times the code V8 runs before its optimizing compiler");
  line("     arrives, without that compiler's timing: what the library's code alone costs on a first pass, steadier than the wall figure)");
  for (const op of OPS) {
    const now = [], then = [], py = [], unopt = [];
    for (let k = 0; k < K; k++) {
      now.push(runOne(node, [...nodeFlags, here + "cold-pass.mjs", root, op]));
      unopt.push(runOne(node, ["--no-opt", here + "cold-pass.mjs", root, op]).ms);
      if (before) then.push(runOne(node, [...nodeFlags, here + "cold-pass.mjs", before.endsWith("/") ? before : before + "/", op]));
      if (pycute) py.push(runOne("python3", [here + "pycute_workload.py", op], { ...process.env, PYTHONPATH: pyPath }));
    }
    const w = now.map((x) => x.ms), c = now.map((x) => x.cpu_ms);
    let text = `wall ${median(w).toFixed(1)} ms (range ${range(w)}), CPU ${median(c).toFixed(1)} ms, unoptimized ${median(unopt).toFixed(1)} ms`;
    const ratios = [];
    if (before) {
      const bw = median(then.map((x) => x.ms)), bc = median(then.map((x) => x.cpu_ms));
      const rw = (ISSUE_RATIOS[op] * bw) / median(w), rc = (ISSUE_RATIOS[op] * bc) / median(c);
      text += `; before: wall ${bw.toFixed(1)}, CPU ${bc.toFixed(1)} -> derived ${rw.toFixed(1)}x (wall), ${rc.toFixed(1)}x (CPU) from the issue's ${ISSUE_RATIOS[op]}x`;
      ratios.push(rw);
    }
    if (pycute) {
      const pw = median(py.map((x) => x.ms)), pc = median(py.map((x) => x.cpu_ms));
      text += `; pycute: wall ${pw.toFixed(0)}, CPU ${pc.toFixed(0)} -> ${(pw / median(w)).toFixed(1)}x (wall), ${(pc / median(c)).toFixed(1)}x (CPU)`;
      ratios.push(pw / median(w));
    }
    if (ratios.length) record(op, text, ">= 10x pycute", Math.min(...ratios) >= 10);
    else line(`     ${op}: ${text}`);
  }
}

// ---------------------------------------------------------------- 4. batch end to end
if (want("batch")) {
  const lines = readFileSync(root + "fixtures/golden/algebra.jsonl", "utf8").split("\n").filter(Boolean).map((l) => {
    const r = JSON.parse(l);
    return JSON.stringify({ id: r.id, cmd: r.cmd });
  });
  const N = 20000, K = quick ? 3 : 7;
  const input = Array.from({ length: N }, (_x, i) => lines[i % lines.length]).join("\n") + "\n";
  // each run is followed by the same run with stdout on /dev/null: the difference is what the
  // per-answer writes cost where a reader wakes for each answer (a pipe), not the records' work
  const devNull = openSync("/dev/null", "w");
  const ts = [], tn = [];
  const timed = (times, opts) => {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(node, [...nodeFlags, bin, "batch"], { input, ...opts });
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
    if (r.status !== 0) throw new Error("batch failed");
  };
  for (let k = 0; k < K; k++) {
    timed(ts, { maxBuffer: 1 << 30 });
    timed(tn, { stdio: ["pipe", devNull, "pipe"] });
  }
  closeSync(devNull);
  const rates = ts.map((t) => N / t);
  line(`4. batch end to end: the ${lines.length} algebra fixtures repeated to ${N} records through bin/cute-ts batch (stdin and stdout pipes), process start included, median of ${K}`);
  record("batch", `${fmt(median(rates))} records/s (range ${fmt(Math.min(...rates))}-${fmt(Math.max(...rates))}; ${(median(ts) * 1000).toFixed(0)} ms)`, ">= 80,000 records/s", median(rates) >= 80000);
  line(`     the same with stdout on /dev/null: ${fmt(N / median(tn))} records/s (${(median(tn) * 1000).toFixed(0)} ms): each answer is written before the next record starts, and into a pipe each write wakes the reader`);
}

// ---------------------------------------------------------------- 5. cold start of every command
if (want("start")) {
  const RUNS = quick ? 9 : 21;
  const TMA = ["--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "(1024,1024):(1024,_1)", "--smem", "(_16,_16):(_16,_1)"];
  const cases = [
    ["eval", "(4,8):(1,4)"],
    ["print", "(_4,_8):(_8,_1)"],
    ["mma", "SM90_64x256x16_F32BF16BF16_SS"],
    ["copy", "SM75_U32x4_LDSM_N", "--value", "half_t"],
    ["tma", ...TMA],
    ["tma-coords", ...TMA],
    ["verify", "tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "--tile", "(_16,_8)"],
    ["batch", "/dev/null"],
    ["check", "--allow-empty", "/dev/null"],
  ];
  const spawnMs = (argv) => {
    const t0 = process.hrtime.bigint();
    spawnSync(node, argv, { stdio: "ignore" });
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  const times = { bare: [], ...Object.fromEntries(cases.map((c) => [c[0], []])) };
  spawnMs(["-e", "0"]);
  for (let k = 0; k < RUNS; k++) {
    times.bare.push(spawnMs(["-e", "0"]));
    for (const c of cases) times[c[0]].push(spawnMs([bin, ...c]));
  }
  const bare = median(times.bare);
  line(`5. cold start of every command next to node -e 0 (${bare.toFixed(1)} ms), medians of ${RUNS}, runs interleaved`);
  for (const c of cases) {
    const t = median(times[c[0]]);
    record(`cute-ts ${c.join(" ")}`, `${t.toFixed(1)} ms = ${(t / bare).toFixed(2)}x`, "<= 1.25x", t / bare <= 1.25);
  }
}

// ---------------------------------------------------------------- 6. warm ops (no regression)
if (want("warm")) {
  // a process settles fast or slow for the same code (two clusters a third apart): a median needs several
  const P = quick ? 3 : 9;
  line(`6. warm in-process ops on pycute's workload (each op alone in its process, 5 x 200,000 after the first pass), medians over ${P} processes; for comparison across builds`);
  for (const op of OPS) {
    const rs = Array.from({ length: P }, () => {
      const r = spawnSync(node, [fileURLToPath(import.meta.url), "--warm", op], { encoding: "utf8" });
      if (r.status !== 0) throw new Error(r.stderr);
      return Number(r.stdout);
    });
    line(`     ${op}: ${fmt(median(rs))} ops/s (range ${fmt(Math.min(...rs))}-${fmt(Math.max(...rs))})`);
  }
}

// ---------------------------------------------------------------- 7. the page in Chromium (test/bench/web.mjs)
if (want("web")) {
  const { benchPage, describeFigure } = await import("./web.mjs");
  const r = await benchPage({ runs: quick ? 3 : 7 });
  if (r.skipped) line(`7. the page in Chromium: skipped: ${r.skipped}`);
  else {
    line(`7. the page in Chromium (${r.chromium}, playwright-core; test/bench/web.mjs), medians of ${r.runs} fresh pages`);
    for (const f of r.figures) {
      const d = describeFigure(f);
      if (d.ok === undefined) line(`     ${f.what}: ${d.text}`);
      else record(f.what, d.text, f.target, d.ok);
    }
  }
}

if (summary.length) {
  const met = summary.filter((s) => s.ok).length;
  line(`\n${met} of ${summary.length} targets met${met < summary.length ? ": not met: " + summary.filter((s) => !s.ok).map((s) => s.what).join("; ") : ""}`);
}
