/**
 * Fuzz worker thread: runs inputs [from, to) of one command through runCommand (dist build),
 * publishing the index it is on in shared memory so the parent's watchdog can name a hang, and its
 * kernel thread id so the watchdog can read the CPU time it spends (cpu.mjs).
 */
import { parentPort, workerData, threadId } from "node:worker_threads";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeInput, setFunctionNames } from "./gen.mjs";
import { MARKER, makeFuzzFiles } from "./files.mjs";
import { ownThreadId, threadCpuMs } from "./cpu.mjs";

const { dist, seed, command, shared } = workerData;
const slot = new Int32Array(shared); // [0] = index being run, [1] = inputs started (heartbeat)
const tid = ownThreadId();
/** this thread's CPU time in ms; the wall clock where the system does not give it */
const clock = tid === undefined ? () => performance.now() : () => threadCpuMs(tid) ?? 0;
const { runCommand, setHelpRunner } = await import(join(dist, "cli", "run.js"));
// --help and --version as the CLI shows them (commander), as bin/cute-ts hands them to the dispatcher
setHelpRunner(async (args, io) => (await import(join(dist, "cli", "help.js"))).runHelp(args, io));
try {
  const { functionNames } = await import(join(dist, "eval", "functions", "index.js"));
  setFunctionNames(functionNames());
} catch {
  /* without the names the generators use a few fixed ones */
}
// batch and check inputs are files, and the odd files they name (files.mjs)
const scratch = makeFuzzFiles(`${process.pid}-${threadId}`);
const FILE = scratch.files.FILE;
// a V8 stack frame: "    at name (file:line:col)" or "    at file:line:col" ([ \t], not \s: on an output of many
// newlines \s+ backtracks quadratically); an echoed input that starts with "at " is not one
const STACK = /\n[ \t]+at [^\n]*:\d+:\d+\)?(?:\n|$)/;
const HUGE_OUTPUT = 64 << 20;

function clip(s, n = 300) {
  return s.length > n ? s.slice(0, n) + `…(+${s.length - n})` : s;
}

const FLOAT = /\d(?:\.\d+)?e[+-]\d+/; // a number printed as a float: a message must print exact integers
const ERROR_TEXT = 16 * 1024; // a refusal is a message, not an echo of the input
const OK_MMA_NAME = /^[\w:<>,\s]*(?:\{\s*\}|\(\s*\))?\s*;?\s*$/; // the name, its value OP{} and a trailing ; as pasted from C++
const MMA_NAMESPACES = new Set(["", "cute", "SM90", "GMMA", "SPARSE", "SM103", "SM120", "BLOCKSCALED"]);

/** problems with one refusal's message (exit 2): too long, a float, a newline of the input echoed raw */
function judgeMessage(err, argv, where = "") {
  const bad = [];
  if (err.length > ERROR_TEXT) bad.push(`${where}a refusal of ${err.length} characters: ${clip(err, 200)}`);
  if (FLOAT.test(err) && !argv.some((a) => FLOAT.test(a))) bad.push(`${where}a float in a message: ${clip(err.match(FLOAT)[0])} in ${clip(err, 300)}`);
  for (const a of argv) {
    const nl = a.indexOf("\n");
    if (nl < 0) continue;
    const after = a.slice(nl + 1, nl + 13);
    if (after.trim().length >= 3 && err.includes("\n" + after)) bad.push(`${where}a newline of the input starts a line of the message: ${clip(err, 300)}`);
  }
  return bad;
}

/** with --json on the command line, an error is one JSON document {"error": {...}} */
function judgeJsonError(err, argv, where = "") {
  if (!argv.includes("--json") || err.trim() === "") return [];
  try {
    const doc = JSON.parse(err.trim());
    if (doc && typeof doc.error === "object") return [];
  } catch {
    /* below */
  }
  return [`${where}--json given, but the error is not a JSON error document: ${clip(err, 300)}`];
}

/** the records of a batch FILE, as batch reads them: one per line that is not blank (only spaces, tabs, a CR), a leading BOM skipped */
function batchRecords(text) {
  return text.replace(/^\uFEFF/, "").split("\n").filter((l) => !/^[ \t\r]*$/.test(l));
}

/** a batch answer too long to parse cheaply: its exit and the start of its stderr, from its ends */
function bigAnswer(line) {
  const m = /,"stderr":("(?:[^"\\]|\\.){0,2000}")[^]*,"exit":(\d+)\}$/.exec(line.slice(-4000));
  if (!line.startsWith('{"id":') || !m) throw new Error("not an answer");
  let stderr = "";
  try {
    stderr = JSON.parse(m[1]);
  } catch {
    /* a stderr longer than the tail: its start is enough */
  }
  return { exit: Number(m[2]), stderr, stdout: line.slice(0, 4000) };
}

/**
 * the options that take the next argument as their value, whatever it is (`--atoms --tile`: "--tile"
 * is --atoms' value): read from the commands' own specs, and the global --dialect
 */
const VALUE_OPTIONS = new Set(["--dialect"]);
{
  const { COMMAND_NAMES, loadCommand } = await import(join(dist, "cli", "registry.js"));
  for (const name of COMMAND_NAMES) {
    for (const o of (await loadCommand(name))?.options ?? []) {
      if (!o.value) continue;
      VALUE_OPTIONS.add(`--${o.name}`);
      if (o.short) VALUE_OPTIONS.add(`-${o.short}`);
    }
  }
}
/** whether a command line asks for help: a -h or --help that stands as a flag, not as an option's value (read left to right) */
function asksHelp(argv) {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") return false;
    if (VALUE_OPTIONS.has(a)) i++;
    else if (a === "-h" || a === "--help") return true;
  }
  return false;
}

/** problems with one result; [] when it is a clean 0/1/2 */
function judge(code, out, err, argv, fileText) {
  const bad = [];
  // -h or --help where a flag stands prints the help: exit 0, text, none of the checks below
  // the command word may have been replaced (a prototype name, help, --version): then this is not a run of `command`
  const word = argv.find((a) => a !== "--json" && a !== "--color" && a !== "--no-color");
  const help = word !== command || asksHelp(argv);
  if (code !== 0 && code !== 1 && code !== 2) bad.push(`exit ${code}: ${clip(err.trim(), 400)}`);
  if (STACK.test(err) || STACK.test(out)) bad.push(`stack trace in output: ${clip(err || out, 400)}`);
  if (out.includes(MARKER) || err.includes(MARKER)) bad.push(`a nested command line read a canary file: ${clip(out + err, 400)}`);
  if (command !== "batch" && command !== "check" && code === 2) bad.push(...judgeMessage(err, argv), ...judgeJsonError(err, argv));
  if (command === "batch" && code === 2) bad.push(...judgeJsonError(err, argv));
  // an MMA name CuTe does not have (a namespace it lacks, junk, a NUL) is refused
  if (command === "mma" && !help && argv[0] === "mma" && code === 0 && argv[1] !== undefined && !argv[1].startsWith("-")) {
    const name = argv[1];
    const ns = name.split("<")[0].split("::").slice(0, -1).map((x) => x.trim());
    if (!OK_MMA_NAME.test(name) || ns.some((x) => !MMA_NAMESPACES.has(x))) bad.push(`mma accepted the name ${JSON.stringify(clip(name, 200))}`);
  }
  if (command === "batch" && out && !help) {
    const records = fileText !== undefined && argv.includes(FILE) && code === 0 ? batchRecords(fileText) : undefined;
    let k = 0;
    for (const line of out.split("\n")) {
      if (!line) continue;
      let rec;
      try {
        // a long answer (a forced print) is checked by its ends: parsing it whole would double the worker's memory
        rec = line.length > 1 << 20 ? bigAnswer(line) : JSON.parse(line);
      } catch {
        bad.push(`batch wrote a non-JSON line: ${clip(line)}`);
        continue;
      }
      const where = `batch record ${k + 1}: `;
      if (![0, 1, 2].includes(rec.exit)) bad.push(`${where}exit ${rec.exit}: ${clip(String(rec.stderr))}`);
      if (STACK.test(String(rec.stderr)) || STACK.test(String(rec.stdout))) bad.push(`${where}a stack trace: ${clip(String(rec.stderr))}`);
      if (rec.exit === 2 && records && k < records.length) {
        let cmd;
        try {
          cmd = JSON.parse(records[k]).cmd;
        } catch {
          /* not a record: its error is batch's own */
        }
        if (Array.isArray(cmd) && cmd.every((x) => typeof x === "string")) bad.push(...judgeMessage(String(rec.stderr), cmd, where), ...judgeJsonError(String(rec.stderr), cmd, where));
      }
      k++;
    }
    // every batch answers every record
    if (records && k !== records.length) bad.push(`batch answered ${k} of its ${records.length} records`);
  }
  return bad;
}

parentPort.on("message", async (msg) => {
  if (msg.type !== "run") return;
  const stats = { tried: 0, ok: 0, verifyFailed: 0, refused: 0, crashCount: 0, crashes: [], maxOut: 0, maxOutIndex: -1, heapPeak: 0, slowest: 0, slowestIndex: -1, cpu: tid !== undefined, codes: {} };
  for (let i = msg.from; i < msg.to; i++) {
    Atomics.store(slot, 0, i);
    Atomics.add(slot, 1, 1);
    const input = makeInput(seed, command, i);
    const argv = input.argv.map((a) => (a.includes("@") ? scratch.resolve(a) : a));
    const fileText = input.file === undefined ? undefined : scratch.resolve(input.file);
    if (fileText !== undefined) {
      writeFileSync(FILE, fileText);
      writeFileSync(scratch.files.CU, fileText);
    }
    let out = "", err = "", code;
    const t0 = clock();
    try {
      // batch and check report each record they finish: the watchdog then times one record, not the whole file
      code = await runCommand(argv, { out: (s) => { out += s; }, err: (s) => { err += s; }, color: false, progress: () => Atomics.add(slot, 1, 1) });
    } catch (e) {
      stats.crashCount++;
      if (stats.crashes.length < 8) stats.crashes.push({ index: i, argv: input.argv.map((a) => clip(a, 2000)), file: input.file && clip(input.file, 2000), why: [`exception escaped runCommand: ${e?.name}: ${clip(String(e?.message ?? e))}`] });
      stats.tried++;
      continue;
    }
    const dt = clock() - t0;
    if (dt > stats.slowest) {
      stats.slowest = dt;
      stats.slowestIndex = i;
    }
    stats.tried++;
    stats.codes[code] = (stats.codes[code] ?? 0) + 1;
    if (code === 0) stats.ok++;
    else if (code === 1) stats.verifyFailed++;
    else if (code === 2) stats.refused++;
    const bad = judge(code, out, err, argv, fileText);
    if (command === "batch" || command === "check") bad.push(...scratch.canaryDamage());
    // batch writes one answer per record, each bounded: its whole output grows with its records
    if (command !== "batch" && out.length + err.length > HUGE_OUTPUT) bad.push(`output of ${out.length + err.length} bytes`);
    if (command === "batch" && out.length > HUGE_OUTPUT) {
      for (let a = 0, b; a < out.length; a = b + 1) {
        b = out.indexOf("\n", a);
        if (b < 0) b = out.length;
        if (b - a > HUGE_OUTPUT) bad.push(`a batch answer of ${b - a} bytes`);
      }
    }
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
    scratch.cleanup();
  } catch {
    /* nothing to clean */
  }
});
parentPort.postMessage({ type: "ready", tid });
