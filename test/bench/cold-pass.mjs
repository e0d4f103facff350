// One cold pass: a fresh process imports cute-ts (ROOT/dist) and runs N ops of one kind once,
// as pycute's benchmark does; prints {"op","ms","cpu_ms","errors"}. Run by bench.mjs, one process per measurement.
//   node test/bench/cold-pass.mjs ROOT OP [N]
import { poolSpecs, opsOf } from "./workload.mjs";
const [root, op, nArg] = process.argv.slice(2);
const N = Number(nArg ?? 20000);
const { S } = await import(root + "/dist/core/integer.js");
const L = await import(root + "/dist/core/layout.js");
const pool = poolSpecs().map(([sh, st]) => new L.Layout(sh.map(S), st.map(S)));
const f = opsOf(L, S)[op];
if (f === undefined) throw new Error("unknown op " + op);
const c0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
let errors = 0;
for (let i = 0; i < N; i++) {
  try {
    f(pool[i & 255], pool[(i * 7 + 3) & 255]);
  } catch {
    errors++;
  }
}
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
const c = process.cpuUsage(c0);
console.log(JSON.stringify({ op, ms, cpu_ms: (c.user + c.system) / 1000, errors }));
