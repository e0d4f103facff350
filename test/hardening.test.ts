/**
 * Hardening, round 2 (issue 15): each reproduction of the issue, as a new user or an attacker
 * would try it, with what the CLI must do instead. Files live in a scratch directory per test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./helpers.js";
import { dispatch, formatError } from "../src/cli/run.js";
import { runBatch } from "../src/cli/commands/batch.js";
import { readLines } from "../src/cli/files.js";
import { recordIo } from "../src/cli/records.js";
import { colorLevel } from "../src/cli/color.js";
import { quote, UsageError } from "../src/core/errors.js";
import { resolveMma } from "../src/atoms/mma/catalog.js";
import { openSync, closeSync } from "node:fs";

const bin = fileURLToPath(new URL("../bin/cute-ts", import.meta.url));
// CI and GITHUB_ACTIONS change what check does (--ci, annotations): these tests run as on a workstation
const workstation = { ...process.env, CI: "", GITHUB_ACTIONS: "" };
// a net under a real hang only (a spawnSync blocks vitest's own timeout): never a time a command must meet
const HUNG = 600_000;
const cli = (args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}) =>
  spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", input: opts.input ?? "", env: opts.env ?? workstation, cwd: opts.cwd, timeout: HUNG, maxBuffer: 1 << 28 });

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "cute-hardening-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const path = (name: string) => join(dir, name);
const nested = (where: string) => ({ where });
const batchOf = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
const answers = (stdout: string) => stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: unknown; stdout: string; stderr: string; exit: number });

describe("1. a batch record or a transcript runs no batch or check, however it is spelled", () => {
  it("a transcript with `--json check --update` names another transcript: refused, the other file untouched", () => {
    const victim = path("victim.cute");
    writeFileSync(victim, "$ cute-ts eval 1\nold\n");
    const attack = path("attack.cute");
    writeFileSync(attack, `$ cute-ts --json check --update ${victim}\n{}\n`);
    const r = cli(["check", attack]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(`${attack}:1: a transcript cannot run 'check'`);
    expect(readFileSync(victim, "utf8")).toBe("$ cute-ts eval 1\nold\n");
  });
  it("a transcript with `--json batch /etc/passwd` reads nothing", () => {
    const secret = path("secret.txt");
    writeFileSync(secret, "SECRET-LINE\n");
    const t = path("leak.cute");
    writeFileSync(t, `$ cute-ts --json batch ${secret}\n{}\n`);
    const r = cli(["check", t]);
    expect(r.status).toBe(2);
    expect(r.stdout + r.stderr).not.toContain("SECRET-LINE");
  });
  it("a batch record that puts a global option first is refused with one line; the other records are answered", async () => {
    const secret = path("secret2.txt");
    writeFileSync(secret, "SECRET-LINE\n");
    for (const cmd of [["--json", "batch", secret], ["batch", secret, "--json"], ["--color", "--no-color", "batch", secret], ["check", "--update", path("x.cute")], ["--json", "check", secret]]) {
      const r = cli(["batch"], { input: batchOf([{ id: 1, cmd }, { id: 2, cmd: ["eval", "size((2,3))"] }]) });
      expect(r.status).toBe(0);
      const [a, b] = answers(r.stdout);
      expect(a!.exit).toBe(2);
      expect(a!.stdout).toBe("");
      expect(a!.stderr.trim().split("\n")).toHaveLength(1);
      expect(a!.stderr).toMatch(/a batch record cannot run '(batch|check)'/);
      expect(r.stdout).not.toContain("SECRET-LINE");
      expect(b).toEqual({ id: 2, stdout: "6\n", stderr: "", exit: 0 });
    }
  });
  it("a batch or a transcript naming itself ends at once", () => {
    const self = path("self.jsonl");
    writeFileSync(self, batchOf([{ id: "me", cmd: ["batch", self] }]));
    const r = cli(["batch", self]);
    expect(r.status).toBe(0);
    expect(answers(r.stdout)).toEqual([{ id: "me", stdout: "", stderr: expect.stringContaining("a batch record cannot run 'batch'") as unknown as string, exit: 2 }]);
    const t = path("self.cute");
    writeFileSync(t, `$ cute-ts check ${t}\n`);
    const c = cli(["check", t]);
    expect(c.status).toBe(2);
    expect(c.stderr).toContain("a transcript cannot run 'check'");
  });
  it("the rule is decided after option parsing: a record's global flags are read, then its command", async () => {
    const io = { out: () => {}, err: (s: string) => void (err += s), color: false };
    let err = "";
    expect(await dispatch(["--no-color", "--json", "check", "x.cute"], io, nested("a batch record"))).toBe(2);
    expect(err).toContain("a batch record cannot run 'check'");
    // and a command that reads no file still runs nested, with its options anywhere
    let out = "";
    expect(await dispatch(["--json", "eval", "_4"], { out: (s) => void (out += s), err: () => {}, color: false }, nested("a batch record"))).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ kind: "int", value: 4, static: true });
  });
  it("no command module imports the dispatcher (the cli import circle is broken)", () => {
    const cmdDir = fileURLToPath(new URL("../src/cli/commands/", import.meta.url));
    for (const f of readdirSync(cmdDir)) {
      const src = readFileSync(join(cmdDir, f), "utf8");
      expect(src, f).not.toMatch(/from "\.\.\/run\.js"/);
      expect(src, f).not.toMatch(/import\("\.\.\/run\.js"\)/);
    }
  });
});

describe("2. no record costs the others their answers; --force still has a ceiling", () => {
  it("a forced print of 2^40 rows between two good records: three answers, the middle one a refusal naming its size", () => {
    const r = cli(["batch"], { input: batchOf([{ id: 1, cmd: ["eval", "_1"] }, { id: 2, cmd: ["print", "(_1099511627776,_1):(_1,_0)", "--force"] }, { id: 3, cmd: ["eval", "_2"] }]) });
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const [a, b, c] = answers(r.stdout);
    expect(a).toEqual({ id: 1, stdout: "_1\n", stderr: "", exit: 0 });
    expect(b!.exit).toBe(2);
    // 2^40 = 1099511627776 rows of one column
    expect(b!.stderr).toContain("1099511627776 cells");
    expect(b!.stderr).toContain("even with --force");
    expect(c).toEqual({ id: 3, stdout: "_2\n", stderr: "", exit: 0 });
  });
  it("--force lifts the soft limit up to the hard ceiling, on every printer", async () => {
    // 2^19 cells: past the 2^18 limit, within the 2^20 ceiling; print_layout's rows: a rule line, then a cell line per row, then a rule
    const soft = await run(["print", "(_524288,_1):(_1,_0)"]);
    expect(soft.exit).toBe(2);
    const forced = await run(["print", "(_524288,_1):(_1,_0)", "--force"]);
    expect(forced.exit).toBe(0);
    expect(forced.stdout.split("\n").filter((l) => l.startsWith("    +")).length).toBe(524288 + 1);
    for (const argv of [
      ["print", "make_identity_tensor((_2048,_1024))", "--force"],
      ["print", "(_2048,_1024):(_1,_2048)", "--force", "--json"],
      ["print", "(_1024,_512):(_1,_1024)", "--force", "--svg"],
      ["mma", "SM80_16x8x8_F16F16F16F16_TN", "--tile", "(_4096,_512,_8)", "--map", "C", "--force"],
    ]) {
      const r = await run(argv);
      expect(r.exit, argv.join(" ")).toBe(2);
      expect(r.stderr, argv.join(" ")).toMatch(/even with --force/);
    }
  });
  it("each answer is written before the next record starts", async () => {
    const log: string[] = [];
    const runRecord = (argv: string[], io: { out(s: string): void }) => {
      log.push(`run ${argv[1]}`);
      io.out(`${argv[1]}\n`);
      return 0;
    };
    await runBatch(batchOf([1, 2, 3].map((i) => ({ id: i, cmd: ["eval", String(i)] }))), (l) => log.push(`write ${JSON.parse(l).id}`), runRecord);
    expect(log).toEqual(["run 1", "write 1", "run 2", "write 2", "run 3", "write 3"]);
  });
  it("an answer past the per-record ceiling is answered with its size, its text dropped", () => {
    const rec = recordIo(100);
    rec.io.out("x".repeat(60));
    rec.io.err("y".repeat(60));
    expect(rec.take()).toEqual({ out: "", err: "", over: 120 });
    rec.io.out("small");
    expect(rec.take()).toEqual({ out: "small", err: "" });
  });
  it("a line too long to hold is answered without being held, and the next line is read", () => {
    const f = path("long.jsonl");
    writeFileSync(f, "x".repeat(5000) + "\n" + '{"cmd":["eval","1"]}' + "\n" + "y".repeat(3000));
    const fd = openSync(f, "r");
    try {
      const lines = [...readLines(fd, 1000)];
      expect(lines).toEqual([{ overlong: 5000 }, '{"cmd":["eval","1"]}', { overlong: 3000 }]);
    } finally {
      closeSync(fd);
    }
  });
  it("lines are the same whatever the chunk boundaries (a multi-byte character split across reads)", () => {
    const f = path("utf8.jsonl");
    const text = Array.from({ length: 40000 }, (_, i) => `{"id":"é${i}😀","cmd":["eval","${i}"]}`).join("\n") + "\n";
    writeFileSync(f, text);
    const fd = openSync(f, "r");
    try {
      expect([...readLines(fd)]).toEqual(text.split("\n").slice(0, -1));
    } finally {
      closeSync(fd);
    }
  });
});

describe("3. check --update is atomic", () => {
  const transcript = (n: number) => Array.from({ length: n }, () => "$ cute-ts print '(_8,_8):(_8,_1)'\nwrong\n").join("\n");
  it("a write that fails (ulimit -f) leaves the transcript whole and says why, exit 2", () => {
    const t = path("big.cute");
    const before = transcript(3000);
    writeFileSync(t, before);
    const r = spawnSync("sh", ["-c", `ulimit -f 100; exec "${process.execPath}" "${bin}" check "${t}" --update`], { encoding: "utf8", timeout: HUNG, env: workstation });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("EFBIG");
    expect(r.stderr).toContain("the file is unchanged");
    expect(readFileSync(t, "utf8")).toBe(before);
    expect(readdirSync(dir).filter((n) => n.includes(".tmp"))).toEqual([]);
  });
  it("a successful update replaces the file (keeping its permissions) and the next check passes", () => {
    const t = path("small.cute");
    writeFileSync(t, transcript(3));
    chmodSync(t, 0o640);
    const u = cli(["check", t, "--update"]);
    expect(u.status).toBe(0);
    expect(statSync(t).mode & 0o777).toBe(0o640);
    expect(readFileSync(t, "utf8")).not.toContain("wrong");
    expect(cli(["check", t]).status).toBe(0);
  });
  it("--update through a symbolic link is refused, the target untouched; check --help says so", () => {
    const target = path("target.cute");
    writeFileSync(target, "$ cute-ts eval 1\nold\n");
    const link = path("link.cute");
    symlinkSync(target, link);
    const r = cli(["check", link, "--update"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("is a symbolic link");
    expect(readFileSync(target, "utf8")).toBe("$ cute-ts eval 1\nold\n");
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    // reading through the link is fine
    expect(cli(["check", link]).status).toBe(1);
    expect(cli(["check", "--help"]).stdout).toMatch(/symbolic link/);
  });
});

describe("4. names Object.prototype lends are unknown names, never internal errors", () => {
  const names = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "__defineGetter__"];
  for (const n of names) {
    it(n, async () => {
      const cases: string[][] = [
        [n, "x"],
        ["help", n],
        ["eval", "_1", `--${n}`],
        ["print", "_4:_1", `--no-${n}`],
        ["eval", `${n}(1)`],
        ["eval", `make_tensor(${n}(0),4:1)`],
        ["mma", n],
        ["mma", `${n}::SM80_16x8x8_F16F16F16F16_TN`],
        ["mma", "UniversalFMA", "--map", n],
        ["mma", `UniversalFMA<${n}>`],
        ["mma", `SM90_64x8x16_F16F16F16_SS<GMMA::Major::${n},GMMA::Major::K>`],
        ["copy", n],
        ["copy", "SM75_U32x4_LDSM_N", "--value", n],
        ["tma", "--op", n, "--type", "float", "--gmem", "(64,64):(64,_1)", "--smem", "(_16,_16):(_16,_1)"],
        ["tma", "--op", "SM90_TMA_LOAD", "--type", n, "--gmem", "(64,64):(64,_1)", "--smem", "(_16,_16):(_16,_1)"],
        ["verify", n, "_4:_1"],
        ["verify", "vector", "_8:_1", "_8:_1", "--type", n],
        ["verify", "gmma-smem", "(_8,_64):(_64,_1)", "--type", "half_t", "--major", n],
      ];
      for (const argv of cases) {
        const r = await run(argv);
        expect(r.exit, argv.join(" ")).toBe(2);
        expect(r.stderr, argv.join(" ")).not.toMatch(/internal error/);
      }
      // as a batch record's command and as a key of the record
      let out = "";
      await runBatch(`{"id":1,"cmd":["${n}"]}\n{"id":2,"${n}":1,"cmd":["eval","_1"]}\n`, (l) => (out += l), (argv, io) => dispatch(argv, io, nested("a batch record")));
      const [a, b] = answers(out);
      expect(a!.exit).toBe(2);
      expect(a!.stderr).toContain("unknown command");
      expect(b).toEqual({ id: 2, stdout: "_1\n", stderr: "", exit: 0 });
    });
  }
});

describe("5. check refuses odd files with a message, before reading them", () => {
  it("a FIFO, /dev/zero, a symlink loop, a broken link, a 600 MB file: exit 2, never read", () => {
    const fifo = path("fifo.cute");
    const made = spawnSync("mkfifo", [fifo]);
    const loop = path("loop.cute");
    symlinkSync(loop, loop);
    const broken = path("broken.cute");
    symlinkSync(path("nowhere"), broken);
    const huge = path("huge.cute");
    writeFileSync(huge, "");
    truncateSync(huge, 600 * 1024 * 1024);
    const cases: [string, RegExp][] = [
      ["/dev/zero", /is a character device/],
      [loop, /symlink loop|ELOOP/],
      [broken, /broken symbolic link/],
      [huge, /629145600 bytes, more than the 67108864/],
    ];
    if (made.status === 0) cases.push([fifo, /is a FIFO/]);
    // each is refused by what it is (stat) or by its size before a byte is read: the messages say so
    for (const [f, msg] of cases) {
      const r = cli(["check", f]);
      expect(r.status, f).toBe(2);
      expect(r.stderr, f).toMatch(msg);
      expect(r.stderr, f).not.toMatch(/internal error/);
    }
  });
  it("a file with no cases is an error unless --allow-empty; so is a directory with no transcripts", () => {
    const f = path("passwd");
    writeFileSync(f, "root:x:0:0:root:/root:/bin/sh\n");
    const r = cli(["check", f]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("has no cases");
    expect(r.stderr).toContain("--allow-empty");
    const ok = cli(["check", f, "--allow-empty"]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe("0 passed, 0 failed\n");
    expect(ok.stderr).toBe("");
    const d = path("empty-dir");
    mkdirSync(d);
    expect(cli(["check", d]).status).toBe(2);
    expect(cli(["check", d, "--allow-empty"]).status).toBe(0);
  });
  it("in a directory, symbolic links and non-regular files are passed over", () => {
    const d = path("tree");
    mkdirSync(d);
    writeFileSync(join(d, "ok.cute"), "$ cute-ts eval size((2,3))\n6\n");
    const outside = path("outside.cute");
    writeFileSync(outside, "$ cute-ts eval 1\nWRONG\n");
    symlinkSync(outside, join(d, "link.cute"));
    symlinkSync(path("nowhere"), join(d, "broken.cute"));
    const r = cli(["check", d]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("1 passed, 0 failed\n");
    expect(r.stderr).toBe("");
    const u = cli(["check", d, "--update"]);
    expect(u.status).toBe(0);
    expect(readFileSync(outside, "utf8")).toBe("$ cute-ts eval 1\nWRONG\n");
  });
  it("batch refuses a device or a directory, reads a pipe", () => {
    expect(cli(["batch", "/dev/zero"]).stderr).toContain("is a character device");
    expect(cli(["batch", dir]).stderr).toContain("is a directory");
    const r = spawnSync("sh", ["-c", `printf '{"id":1,"cmd":["eval","_3"]}\\n' | "${process.execPath}" "${bin}" batch /dev/stdin`], { encoding: "utf8" });
    expect(answers(r.stdout)).toEqual([{ id: 1, stdout: "_3\n", stderr: "", exit: 0 }]);
  });
});

describe("6. MMA names: only the namespaces CuTe has", () => {
  it("an unknown namespace is refused with the name CuTe declares", async () => {
    const r = await run(["mma", "FOO::BAR::SM80_16x8x8_F16F16F16F16_TN"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("did you mean SM80_16x8x8_F16F16F16F16_TN?");
    const s = await run(["mma", "SM90::GMMA_64x8x32_F16F16F16_SS"]);
    expect(s.exit).toBe(2);
    expect(s.stderr).toContain("did you mean SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS?");
  });
  it("cute::, and every tail of the namespace CuTe declares (GMMA for SM90::GMMA), are accepted", () => {
    const want = resolveMma("SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS").op;
    for (const n of ["cute::SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS", "::cute::SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS", "GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS", "cute::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS", "SPARSE::GMMA_64x8x32_F16F16F16_SS", "GMMA_64x8x32_F16F16F16_SS", "SM90 :: GMMA :: SPARSE :: GMMA_64x8x32_F16F16F16_SS"]) {
      expect(resolveMma(n).op, n).toBe(want);
    }
    expect(resolveMma("cute::SM80_16x8x8_F16F16F16F16_TN").op).toBe("SM80_16x8x8_F16F16F16F16_TN");
  });
  it("a NUL, a space inside a name or junk in the template arguments is refused", async () => {
    for (const n of [
      "SM80_16x8x8_F16F16F16F16_TN\0",
      "SM80_16x8x8 _F16F16F16F16_TN",
      "::SM90::GMMA::SPARSE::GMMA_64x8x32_F16F16F16_SS",
      "cute::cute::SM80_16x8x8_F16F16F16F16_TN",
      "cute::SM90::GMMA::SM90_64x8x16_F16F16F16_SS",
      "SM90_64x8x16_F16F16F16_SS<GMMA::Major::K\0,GMMA::Major::K>",
      "SM90_64x8x16_F16F16F16_SS<GMMA::Ma jor::K,GMMA::Major::K>",
      "SM90_64x8x16_F16F16F16_SS<x::Major::K,GMMA::Major::K>",
      "SM100_MMA_F16BF16_SS<half_t,half_t,float,128,256,GMMA::Major::K,UMMA::Major::K>",
      "SM100_MMA_F16BF16_SS<std::half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>",
      "SM100_MMA_F16BF16_SS<cute::cutlass::half_t,half_t,float,128,256,UMMA::Major::K,UMMA::Major::K>",
      "SM100_MMA_F16BF16_SS<half_t,half_t,float,128 u,256,UMMA::Major::K,UMMA::Major::K>",
      "SM100_MMA_F16BF16_SS<half_t,half_t,float,Int<128>>,256,UMMA::Major::K,UMMA::Major::K>",
    ]) {
      const r = await run(["mma", n]);
      expect(r.exit, JSON.stringify(n)).toBe(2);
      expect(r.stderr, JSON.stringify(n)).not.toMatch(/internal error/);
    }
  });
});

describe("7. --json anywhere: every error is the JSON error document", () => {
  for (const argv of [["--json", "nosuchcommand"], ["EVAL", "--json", "1"], ["--json", "--nosuch", "eval", "1"], ["eval", "1", "--nosuch", "--json"], ["--json"], ["--json", "eval"], ["help", "nosuch", "--json"]]) {
    it(argv.join(" "), () => {
      const r = cli(argv);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      const doc = JSON.parse(r.stderr) as { error: { kind: string; exit: number; message: string } };
      expect(doc.error).toMatchObject({ kind: "usage", exit: 2 });
    });
  }
  it("an unknown command suggests the near one", () => {
    expect(JSON.parse(cli(["EVAL", "--json", "1"]).stderr).error.message).toContain("did you mean eval?");
  });
});

describe("8. colour follows chalk's conventions", () => {
  const off = { color: false, noColor: false };
  const tty = () => true, pipe = () => false;
  it("FORCE_COLOR, NO_COLOR, TERM and the terminal", () => {
    expect(colorLevel(off, {}, pipe)).toBe(0);
    expect(colorLevel(off, { TERM: "xterm" }, tty)).toBe(1);
    expect(colorLevel(off, { TERM: "xterm-256color" }, tty)).toBe(2);
    expect(colorLevel(off, { COLORTERM: "truecolor" }, tty)).toBe(3);
    expect(colorLevel(off, { TERM: "dumb" }, tty)).toBe(0);
    expect(colorLevel(off, { FORCE_COLOR: "1" }, pipe)).toBe(1);
    expect(colorLevel(off, { FORCE_COLOR: "2" }, pipe)).toBe(2);
    expect(colorLevel(off, { FORCE_COLOR: "3" }, pipe)).toBe(3);
    expect(colorLevel(off, { FORCE_COLOR: "" }, pipe)).toBe(1);
    expect(colorLevel(off, { FORCE_COLOR: "true" }, pipe)).toBe(1);
    expect(colorLevel(off, { FORCE_COLOR: "0", TERM: "xterm" }, tty)).toBe(0);
    expect(colorLevel(off, { FORCE_COLOR: "false", TERM: "xterm" }, tty)).toBe(0);
    expect(colorLevel(off, { FORCE_COLOR: "1", TERM: "dumb" }, tty)).toBe(1);
    // no-color.org: only a non-empty NO_COLOR turns colour off
    expect(colorLevel(off, { NO_COLOR: "", TERM: "xterm" }, tty)).toBe(1);
    expect(colorLevel(off, { NO_COLOR: "1", TERM: "xterm" }, tty)).toBe(0);
    expect(colorLevel(off, { NO_COLOR: "1", FORCE_COLOR: "3" }, pipe)).toBe(0);
    // a flag on the command line beats the environment
    expect(colorLevel({ color: true, noColor: false }, { NO_COLOR: "1" }, pipe)).toBe(1);
    expect(colorLevel({ color: true, noColor: false }, { FORCE_COLOR: "3" }, pipe)).toBe(3);
    expect(colorLevel({ color: true, noColor: true }, { FORCE_COLOR: "3" }, tty)).toBe(0);
  });
  it("through the binary: FORCE_COLOR=1 colours a pipe with 16-colour codes, FORCE_COLOR=0 does not", () => {
    const args = ["mma", "SM80_16x8x8_F16F16F16F16_TN", "--map", "C"];
    const env = { ...process.env };
    delete env.NO_COLOR;
    delete env.FORCE_COLOR;
    const basic = cli(args, { env: { ...env, FORCE_COLOR: "1" } }).stdout;
    expect(basic).toMatch(/\u001b\[(4[0-7]|10[0-7])m/);
    expect(basic).not.toMatch(/\u001b\[48;2;/);
    expect(cli(args, { env: { ...env, FORCE_COLOR: "3" } }).stdout).toMatch(/\u001b\[48;2;/);
    expect(cli(args, { env: { ...env, FORCE_COLOR: "0" } }).stdout).not.toMatch(/\u001b\[/);
    expect(cli(args, { env: { ...env, NO_COLOR: "", FORCE_COLOR: "1" } }).stdout).toMatch(/\u001b\[/);
  });
});

describe("9. messages: -h as a value, one line per refusal, a capped echo", () => {
  it("-h given as an option's value is that value, not a request for help", async () => {
    const r = cli(["tma", "--op", "SM90_TMA_LOAD", "--type", "float", "--gmem", "-h", "--smem", "(_16,_16):(_16,_1)"]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).not.toContain("Usage:");
    // where a flag stands, -h is help
    const h = cli(["tma", "-h"]);
    expect(h.status).toBe(0);
    expect(h.stdout).toContain("Usage: cute-ts tma");
  });
  it("a name with a newline in it is quoted on one line: no line of the refusal starts with what followed the newline", async () => {
    for (const argv of [["mma", "SM80\nfoo"], ["copy", "SM75\nfoo"], ["verify", "tv\nfoo", "_4:_1"], ["nosuch\nfoo"], ["eval", "_1", "--a\nfoo"], ["mma", "UniversalFMA<half\nfoo>"], ["eval", "bar\nfoo"]]) {
      const r = await run(argv);
      expect(r.exit, JSON.stringify(argv)).toBe(2);
      const lines = r.stderr.replace(/\n$/, "").split("\n");
      expect(lines.filter((l) => l.startsWith("foo")), r.stderr).toEqual([]);
      // a parse error shows the input's line holding the error ("line N: ...") and a caret, each
      // on a line of its own, and no more; any other refusal quotes the text with its newline escaped
      // (a parse error whose message names cute-ts itself, "cute-ts does not know the C++ type 'bar'", drops "cannot parse:")
      if (r.stderr.includes("cannot parse") || r.stderr.includes("\n  what cute-ts reads: docs/notation.md\n")) {
        // ... and the last line names the notation's reference
        expect(lines, r.stderr).toHaveLength(4);
        expect(lines[3], r.stderr).toBe("  what cute-ts reads: docs/notation.md");
        if (!r.stderr.includes("\\nfoo")) expect(lines[1], r.stderr).toMatch(/^ {2}line \d+: /);
      } else expect(r.stderr, JSON.stringify(argv)).toContain("\\nfoo");
    }
  });
  it("a refusal quotes at most a few hundred characters of a megabyte input, and says how long it was", async () => {
    const big = "x".repeat(1_000_000);
    for (const argv of [["eval", big], ["mma", big], ["copy", big], ["eval", `size(${big})`], ["verify", big]]) {
      const r = await run(argv);
      expect(r.exit).toBe(2);
      expect(r.stderr.length, argv[0]).toBeLessThan(2000);
      expect(r.stderr, argv[0]).toMatch(/1000000 characters|100000\d characters/);
    }
  });
  it("quote() escapes control characters and cuts long text", () => {
    expect(quote("a\nb\u0000c\u001b")).toBe("'a\\nb\\u0000c\\u001b'");
    expect(quote("y".repeat(500), 10)).toBe("'yyyyyyyyyy…' (500 characters)");
  });
  it("the edge cuts any line of a message to a bounded length", () => {
    const { text } = formatError(new UsageError("z".repeat(100_000)));
    expect(text.length).toBeLessThan(2100);
    expect(text).toContain(`(a line of ${"cute-ts: ".length + 100_000} characters)`);
  });
});

describe("found by the widened fuzzer", () => {
  it("a printed composed chain of tens of thousands of levels is refused or read in bounded memory (it ran out of memory)", async () => {
    // through the binary, in batch (an argument this long passes no shell): the process's own stack
    // and heap, as a user has them (under vitest's module loader a stack overflow surfaces differently)
    const r = cli(["batch"], {
      input: batchOf([
        { id: "deep", cmd: ["eval", "Sw<1,2,3> o _0 o ".repeat(40_000) + "(_8,_8):(_8,_1)"] },
        { id: "bad", cmd: ["eval", "Sw<1,2,3> o ".repeat(80_000) + "_8:_1"] },
      ]),
    });
    expect(r.status).toBe(0);
    const [deep, bad] = answers(r.stdout);
    // 40,000 levels: refused (too deep to print or compose), not an out-of-memory abort
    expect(deep!.exit).toBe(2);
    expect(deep!.stderr).not.toMatch(/internal error/);
    // 80,000 parts that are no composed layout: refused at once
    expect(bad!.exit).toBe(2);
    expect(bad!.stderr).toContain("the offset of a composed layout is");
    // a short chain still reads as printed: three levels print back as written
    const three = "Sw<1,2,3> o _0 o ".repeat(3) + "(_8,_8):(_8,_1)";
    expect((await run(["eval", three])).stdout).toBe(three + "\n");
  });
  it("a layout with a negative extent prints as CuTe's loops do, over no columns (it was an internal error)", async () => {
    // print_layout loops m < M, n < N: a negative N draws each row with no cells
    const r = await run(["print", "(4,-6):(5,4)"]);
    expect(r.exit).toBe(0);
    expect(r.stdout.split("\n").filter((l) => /^ *\d+ {2}\|$/.test(l))).toHaveLength(4);
    for (const e of ["((),_-7)", "(_1,-4)", "flatten((_2,-1))", "make_layout((_16,_-5),LayoutRight)", "left_inverse(-3:_16)", "Sw<2,3,3> o _0 o (_8,_-2):(_8,_1)"]) {
      for (const extra of [[], ["--json"], ["--force"]]) {
        const x = await run(["print", e, ...extra]);
        expect([0, 2], `${e} ${extra.join(" ")}: ${x.stderr}`).toContain(x.exit);
      }
    }
  });
});
