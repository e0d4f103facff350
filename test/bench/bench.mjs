// npm run bench: throughput and start-up figures (medians of several runs). Not a test.
import { readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = root + "bin/cute-ts";
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });

// The in-process ops run in child processes of this script (`bench.mjs --ops [NAME]`): one V8
// process can settle in a fast or a slow state for the same code (its inlining decisions differ
// from run to run, and depend on what ran before), so each figure is a median over processes.
if (process.argv[2] === "--ops") {
  console.log(JSON.stringify(await opsRates(process.argv[3])));
  process.exit(0);
}

// 1. batch throughput over the vendored fixtures
const fixtures = ["algebra.jsonl"].map((f) => root + "fixtures/golden/" + f);
const lines = fixtures.flatMap((f) => readFileSync(f, "utf8").split("\n").filter(Boolean)).map((l) => {
  const r = JSON.parse(l);
  return JSON.stringify({ id: r.id, cmd: r.cmd });
});
// Two figures from the real CLI process (stdin and stdout pipes, JSON in and out):
// - the whole run of 38,580 records (the fixtures 20 times), process start and JIT warm-up included;
// - its steady rate: the records a longer run adds (60 repetitions against 20) over the time they add,
//   so node's start, loading the CLI and the JIT warm-up, paid once per process, cancel out.
// The runs of the two sizes alternate, so a drift in the machine's speed touches both alike.
const inputOf = (reps) => Array.from({ length: reps }, () => lines.join("\n")).join("\n") + "\n";
const runBatchProcess = (input) => {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [bin, "batch"], { input, maxBuffer: 1 << 30 });
  const dt = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error("batch failed");
  return dt;
};
const SHORT = 20, LONG = 60, BATCH_RUNS = 7;
const shortIn = inputOf(SHORT), longIn = inputOf(LONG);
const shortT = [], longT = [];
for (let k = 0; k < BATCH_RUNS; k++) {
  shortT.push(runBatchProcess(shortIn));
  longT.push(runBatchProcess(longIn));
}
const tShort = median(shortT), tLong = median(longT);
console.log(`batch: ${fmt((lines.length * SHORT) / tShort)} records/s over ${lines.length * SHORT} records, process start and warm-up included (median of ${BATCH_RUNS}: ${(tShort * 1000).toFixed(0)} ms)`);
console.log(`batch, steady: ${fmt((lines.length * (LONG - SHORT)) / (tLong - tShort))} records/s (the ${lines.length * (LONG - SHORT)} records a run of ${lines.length * LONG} adds to one of ${lines.length * SHORT}: ${((tLong - tShort) * 1000).toFixed(0)} ms; medians of ${BATCH_RUNS}, ${(tLong * 1000).toFixed(0)} ms for the long run)`);

// the same records in this process once the code is warm: what the commands cost without start-up and JIT warm-up
{
  const { runBatch } = await import(root + "dist/cli/commands/batch.js");
  const text = lines.join("\n") + "\n";
  const passes = [];
  for (let k = 0; k < 40; k++) {
    const t0 = process.hrtime.bigint();
    await runBatch(text, () => {});
    passes.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  const warm = median(passes.slice(20));
  console.log(`batch, warm in-process: ${fmt(lines.length / warm)} records/s (median of passes 21-40 over the ${lines.length} records; first pass ${fmt(lines.length / passes[0])})`);
}

// 2. in-process ops/s on random small static layouts: each op alone in its process ("isolated"),
// and all six one after another in one process as before ("mixed", where each op meets the type
// feedback the earlier ones left); medians over processes of each process's median of 5 runs
const PROCS = 5;
const OPS = ["composition", "complement", "logical_divide", "logical_product", "coalesce", "right_inverse"];
const opsRun = (which) => {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--ops", ...(which ? [which] : [])], { encoding: "utf8" });
  if (r.status !== 0) throw new Error("ops run failed: " + r.stderr);
  return JSON.parse(r.stdout);
};
const isolated = new Map(OPS.map((o) => [o, []]));
const mixed = new Map(OPS.map((o) => [o, []]));
for (let k = 0; k < PROCS; k++) {
  for (const o of OPS) isolated.get(o).push(opsRun(o)[o]);
  for (const [o, rate] of Object.entries(opsRun())) mixed.get(o).push(rate);
}
const range = (xs) => `${fmt(Math.min(...xs))}-${fmt(Math.max(...xs))}`;
for (const o of OPS) {
  const a = isolated.get(o), b = mixed.get(o);
  console.log(`${o}: ${fmt(median(a))} ops/s isolated (range ${range(a)}), ${fmt(median(b))} mixed (range ${range(b)}); medians over ${PROCS} processes, each the median of 5 x 200,000 on random rank-1..3 layouts`);
}

async function opsRates(only) {
  const { S } = await import(root + "dist/core/integer.js");
  const L = await import(root + "dist/core/layout.js");
  const { Layout } = L;
  let seed = 12345;
  const rnd = (n) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
  function randomCompact() {
    const r = 1 + rnd(3);
    const shape = Array.from({ length: r }, () => [1, 2, 4, 8][rnd(4)]);
    const perm = shape.map((_, i) => i).sort(() => rnd(3) - 1);
    const stride = new Array(r);
    let cur = 1;
    for (const i of perm) {
      stride[i] = cur;
      cur *= shape[i];
    }
    return new Layout(shape.map(S), stride.map(S));
  }
  const pool = Array.from({ length: 256 }, randomCompact);
  const ops = {
    composition: (a, b) => L.composition(a, b),
    complement: (a) => L.complement(a, S(256)),
    logical_divide: (a, b) => L.logical_divide(L.make_layout(S(512)), b),
    logical_product: (a, b) => L.logical_product(a, b),
    coalesce: (a) => L.coalesce(a),
    right_inverse: (a) => L.right_inverse(a),
  };
  const out = {};
  for (const [name, f] of Object.entries(ops)) {
    if (only !== undefined && name !== only) continue;
    const rates = [];
    for (let k = 0; k < 5; k++) {
      const n = 200_000;
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < n; i++) {
        try {
          f(pool[i & 255], pool[(i * 7 + 3) & 255]);
        } catch {}
      }
      rates.push(n / (Number(process.hrtime.bigint() - t0) / 1e9));
    }
    out[name] = median(rates);
  }
  return out;
}

// 3. cold start next to bare node: the runs alternate, so a drift in the machine's speed touches both alike
function spawnMs(args) {
  const t0 = process.hrtime.bigint();
  spawnSync(process.execPath, args);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
const startCases = [
  ["eval", "(4,8):(1,4)"],
  ["mma", "SM90_64x256x16_F32BF16BF16_SS"],
];
const RUNS = 21;
const times = { bare: [], ...Object.fromEntries(startCases.map((c) => [c.join(" "), []])) };
spawnMs(["-e", "0"]); // the first spawn pays for loading node itself
for (let k = 0; k < RUNS; k++) {
  times.bare.push(spawnMs(["-e", "0"]));
  for (const c of startCases) times[c.join(" ")].push(spawnMs([bin, ...c]));
}
const bare = median(times.bare);
for (const c of startCases) {
  const t = median(times[c.join(" ")]);
  console.log(`cold start: cute-ts ${c.join(" ")} ${t.toFixed(1)} ms vs node -e 0 ${bare.toFixed(1)} ms = ${(t / bare).toFixed(2)}x (medians of ${RUNS}, runs interleaved)`);
}
