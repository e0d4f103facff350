/**
 * `check` and `check --update` as a hostile file and a busy machine would try them: bytes a case
 * does not own come back exactly (not UTF-8, CRLF, a BOM), an update never loses concurrent work
 * nor rewrites what the user cannot or should not write, a killed update leaves no temporary
 * file, huge texts need no deep stack, and the text report sends no control character to the
 * terminal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { spawn } from "node:child_process";
import { appendFileSync, chmodSync, chownSync, linkSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./helpers.js";
import { parseTranscript, updateTranscript } from "../src/check/transcript.js";
import { findCxxCases, updateCxxComments } from "../src/check/cxx-source.js";
import { decodeBytes, encodeText } from "../src/cli/files.js";
import { checkFiles, type CheckOptions } from "../src/cli/commands/check.js";
import type { CommandEnv, Io } from "../src/cli/spec.js";
import { UsageError } from "../src/core/errors.js";

const BIN = fileURLToPath(new URL("../bin/cute-ts", import.meta.url));
/** a generous bound for a loaded machine: these tests spawn the CLI and write megabytes */
const SLOW = 600_000;

let dir = "";
beforeEach(() => {
  // under CI=true, check refuses --update: these tests run as on a workstation
  vi.stubEnv("CI", "");
  vi.stubEnv("GITHUB_ACTIONS", "");
  dir = mkdtempSync(join(tmpdir(), "cute-ts-check-hard-"));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, bytes: string | Buffer) => {
  const f = join(dir, name);
  writeFileSync(f, bytes);
  return f;
};
const bytes = (s: string) => Buffer.from(s, "latin1");
const CASE = "$ cute-ts eval 'size((2,3))'";
const UPDATE: CheckOptions = { update: true, allowEmpty: false, ci: false, reporter: "text", github: false };
const quiet = (): Io => ({ out: () => {}, err: () => {}, color: false });

/** the CLI in a child process; its exit code (or the signal that ended it) and its output */
function spawnCli(args: string[]) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "", GITHUB_ACTIONS: "" } });
  let stdout = "", stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

describe("--update keeps every byte a case does not own", { timeout: SLOW }, () => {
  it("a Latin-1 byte (0xA9, not UTF-8) outside every case comes back as it was, in a .cute and a Markdown file", async () => {
    const cute = file("a.cute", bytes(`# \xa9 2024 Caf\xe9\n${CASE}\n7\n`));
    expect((await run(["check", "--update", cute])).exit).toBe(0);
    expect(readFileSync(cute)).toEqual(bytes(`# \xa9 2024 Caf\xe9\n${CASE}\n6\n`));
    const md = file("a.md", bytes(`\xa9 prose\n\n\`\`\`console\n${CASE}\n7\n\`\`\`\n\nmore \xff\xfe prose\n`));
    expect((await run(["check", "--update", md])).exit).toBe(0);
    expect(readFileSync(md)).toEqual(bytes(`\xa9 prose\n\n\`\`\`console\n${CASE}\n6\n\`\`\`\n\nmore \xff\xfe prose\n`));
  });

  it("decodeBytes then encodeText gives back any bytes at all; UTF-8 decodes as UTF-8", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (a) => {
        const b = Buffer.from(a);
        expect(encodeText(decodeBytes(b))).toEqual(b);
      }),
      { numRuns: 2000 },
    );
    // the edges of UTF-8: overlong forms, surrogates, past U+10FFFF, cut sequences
    for (const hex of ["c0af", "e080af", "eda080", "f4908080", "f8", "e282", "e2", "efbbbf41", "f09f9880", "c3a9"]) {
      const b = Buffer.from(hex, "hex");
      expect(encodeText(decodeBytes(b))).toEqual(b);
    }
    expect(decodeBytes(Buffer.from("é😀", "utf8"))).toBe("é😀");
    expect(decodeBytes(bytes("\xa9"))).toBe("\udca9");
  });

  it("a CRLF transcript checks as its LF twin, and --update writes CRLF, keeping the blank line between cases", async () => {
    const lf = `${CASE}\n7\n\n$ cute-ts eval 'size((2,4))'\n8\n`;
    const crlf = lf.replace(/\n/g, "\r\n");
    const f = file("crlf.cute", crlf);
    const twin = file("lf.cute", lf);
    const [a, b] = [await run(["check", f]), await run(["check", twin])];
    expect(a.stdout.replaceAll(f, "F")).toBe(b.stdout.replaceAll(twin, "F"));
    expect(a.stdout).toContain("1 passed, 1 failed");
    expect(a.stdout).toContain("-7\n+6\n");
    expect((await run(["check", "--update", f])).exit).toBe(0);
    expect(readFileSync(f, "latin1")).toBe(crlf.replace("7\r\n", "6\r\n"));
    expect((await run(["check", f])).stdout).toBe("2 passed, 0 failed\n");
    // an output of several lines: each new line ends with CRLF
    const g = file("more.cute", `$ cute-ts eval 'make_layout((2,3))'\r\nold\r\n\r\n# tail\r\n`);
    expect((await run(["check", "--update", g])).exit).toBe(0);
    const text = readFileSync(g, "latin1");
    expect(text.split("\r\n").length - 1).toBe(text.split("\n").length - 1);
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("a CRLF Markdown file checks as its LF twin; --update keeps its CRLF and the text around the block", async () => {
    const lf = `Intro\n\n\`\`\`console\n${CASE}\n7\n\`\`\`\n\nAfter.\n`;
    const f = file("crlf.md", lf.replace(/\n/g, "\r\n"));
    const r = await run(["check", f]);
    expect(r.stdout).toContain("-7\n+6\n");
    expect(r.stdout).toContain("0 passed, 1 failed");
    expect((await run(["check", "--update", f])).exit).toBe(0);
    expect(readFileSync(f, "latin1")).toBe(lf.replace("7\n", "6\n").replace(/\n/g, "\r\n"));
  });

  it("a mixed file keeps each old line's ending; a file with no final newline gets none", () => {
    const text = `${CASE}\r\n7\r\n\n$ cute-ts eval 'size(4)'\r\nx`;
    const cases = parseTranscript(text, false);
    expect(cases.map((c) => c.expected)).toEqual(["7\n", "x"]);
    expect(updateTranscript(text, cases, ["6\n", "4\n"])).toBe(`${CASE}\r\n6\r\n\n$ cute-ts eval 'size(4)'\r\n4`);
  });

  it("a BOM does not hide the first case of a .cute file (a wrong golden fails); --update keeps it", async () => {
    const f = file("bom.cute", `\ufeff${CASE}\n7\n`);
    const r = await run(["check", f]);
    expect(r.exit).toBe(1);
    expect(r.stdout).toContain("0 passed, 1 failed");
    expect((await run(["check", "--update", f])).exit).toBe(0);
    expect(readFileSync(f)).toEqual(Buffer.from(`\ufeff${CASE}\n6\n`, "utf8"));
    expect((await run(["check", f])).stdout).toBe("1 passed, 0 failed\n");
    expect(parseTranscript(`\ufeff${CASE}\n6\n`, false).map((c) => c.line)).toEqual([1]);
  });

  it("a CRLF C++ source with a BOM: --update writes CRLF lines (added ones too) and keeps the BOM and the other bytes", async () => {
    const src = ["\ufeff// \u00a9 header", "void f() {", "  print(make_layout(Int<4>{}));  // _8:_1", "  print(make_layout(Int<2>{}));", "  // _5:_1", "}", ""].join("\r\n");
    const f = file("k.cu", src);
    expect((await run(["check", f])).stdout).toContain("0 passed, 2 failed");
    expect((await run(["check", "--update", f])).exit).toBe(0);
    expect(readFileSync(f, "utf8")).toBe(src.replace("_8:_1", "_4:_1").replace("_5:_1", "_2:_1"));
    // several new lines: each ends with CRLF
    const cases = findCxxCases(src.slice(1));
    const next = updateCxxComments(src.slice(1), cases, new Map([[1, "a\nb\nc\n"]]));
    expect(next).toContain("  // a\r\n  // b\r\n  // c\r\n}");
    expect(next.split("\r\n").length - 1).toBe(next.split("\n").length - 1);
  });
});

describe("--update never loses work nor rewrites what it should not", { timeout: SLOW }, () => {
  it("an edit made while the cases run is kept: the update is refused, exit 2", async () => {
    const f = file("t.cute", `${CASE}\n7\n`);
    const env: CommandEnv = {
      runNested: (_argv, io) => {
        appendFileSync(f, "# an edit made meanwhile\n");
        io.out("6\n");
        return 0;
      },
      vetNested: async () => {},
    };
    await expect(checkFiles([{ path: f }], UPDATE, quiet(), env)).rejects.toThrow(UsageError);
    await expect(checkFiles([{ path: f }], UPDATE, quiet(), env)).rejects.toThrow(/changed while check ran.*it is not updated/);
    expect(readFileSync(f, "utf8")).toBe(`${CASE}\n7\n# an edit made meanwhile\n# an edit made meanwhile\n`);
    expect(readdirSync(dir)).toEqual(["t.cute"]);
  });

  it("two updates of one file run together: each that says it updated its case did; one that could not is refused", async () => {
    const f = file("two.cute", `${CASE}\n7\n\n$ cute-ts eval 'size((2,4))'\n9\n`);
    const [a, b] = await Promise.all([spawnCli(["check", "--update", `${f}:1`]).done, spawnCli(["check", "--update", `${f}:4`]).done]);
    const text = readFileSync(f, "utf8");
    for (const [r, mine] of [
      [a, "'size((2,3))'\n6\n"],
      [b, "'size((2,4))'\n8\n"],
    ] as const) {
      if (r.code === 0) {
        expect(r.stdout).toContain("1 updated");
        expect(text).toContain(mine);
      } else {
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/(changed while check ran|replaced by another file while check ran|is being updated by another cute-ts).*it is not updated/);
      }
    }
    expect([a.code, b.code]).toContain(0);
    expect(readdirSync(dir)).toEqual(["two.cute"]);
  }, SLOW);

  it("a replacement holds a lock beside the file: a live holder refuses the update, a dead one's lock is taken over and removed", async () => {
    const f = file("locked.cute", `${CASE}
7
`);
    const lock = join(dir, ".locked.cute.cute-ts-update.lock");
    // held by another running process (this test's parent): refused, the file and the lock untouched
    writeFileSync(lock, String(process.ppid));
    const r = await run(["check", "--update", f]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain(`is being updated by another cute-ts (process ${process.ppid}`);
    expect(r.stderr).toContain("it is not updated");
    expect(readFileSync(f, "utf8")).toBe(`${CASE}
7
`);
    expect(readFileSync(lock, "utf8")).toBe(String(process.ppid));
    // left by a process that has ended (no Linux pid reaches 99999999): taken over, the update made, no lock left
    writeFileSync(lock, "99999999");
    const s = await run(["check", "--update", f]);
    expect(s.exit).toBe(0);
    expect(readFileSync(f, "utf8")).toBe(`${CASE}
6
`);
    expect(readdirSync(dir)).toEqual(["locked.cute"]);
  }, SLOW);

  it("a read-only file (0444) is refused, even to root; it keeps its bytes and mode", async () => {
    const f = file("ro.cute", `${CASE}\n7\n`);
    chmodSync(f, 0o444);
    const r = await run(["check", "--update", f]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("is read-only (mode 0444)");
    expect(r.stderr).toContain("it is not updated");
    expect(readFileSync(f, "utf8")).toBe(`${CASE}\n7\n`);
    expect(statSync(f).mode & 0o7777).toBe(0o444);
    expect(readdirSync(dir)).toEqual(["ro.cute"]);
  });

  it("a file with another hard link is refused: both names keep the old text", async () => {
    const f = file("h.cute", `${CASE}\n7\n`);
    const g = join(dir, "h-link.cute");
    linkSync(f, g);
    const r = await run(["check", "--update", f]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("has 2 hard links");
    expect(statSync(f).ino).toBe(statSync(g).ino);
    expect(readFileSync(g, "utf8")).toBe(`${CASE}\n7\n`);
    expect(readdirSync(dir).sort()).toEqual(["h-link.cute", "h.cute"]);
  });

  it("the updated file keeps its mode, and (where the user may give it) its owner and group", async () => {
    const f = file("own.cute", `${CASE}\n7\n`);
    chmodSync(f, 0o640);
    const root = process.getuid?.() === 0;
    if (root) chownSync(f, 4242, 4343);
    const before = statSync(f);
    expect((await run(["check", "--update", f])).exit).toBe(0);
    const after = statSync(f);
    expect(readFileSync(f, "utf8")).toBe(`${CASE}\n6\n`);
    expect(after.mode & 0o7777).toBe(0o640);
    expect([after.uid, after.gid]).toEqual([before.uid, before.gid]);
    if (root) expect([after.uid, after.gid]).toEqual([4242, 4343]);
  });

  it("a kill (SIGTERM, SIGINT, SIGHUP) while a large file is rewritten leaves no temporary file, and the file whole", async () => {
    // a case, then about 7 MB of prose: writing and flushing the temporary file takes a while, and
    // the kill comes as soon as it is there (cute-ts before this fix left it behind 3 times of 3)
    const head = `\`\`\`console\n${CASE}\n7\n\`\`\`\n`;
    const prose = `a line of prose that a case does not own \xa9 ${"x".repeat(300)}\n`.repeat(20_000);
    const old = bytes(head + prose);
    const updated = bytes(head.replace("7\n", "6\n") + prose);
    for (const sig of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
      const f = file("big.md", old);
      const { child, done } = spawnCli(["check", "--update", f]);
      let exited = false;
      void done.then(() => (exited = true));
      // kill it as soon as its temporary file is there (or once it has ended)
      while (!exited && !readdirSync(dir).some((n) => n.endsWith(".tmp"))) await new Promise((r) => setTimeout(r, 2));
      child.kill(sig);
      const r = await done;
      expect(r.code === 0 || r.signal === sig, `${sig}: ${r.code} ${r.signal} ${r.stderr}`).toBe(true);
      expect(readdirSync(dir)).toEqual(["big.md"]);
      const now = readFileSync(f);
      expect(now.equals(old) || now.equals(updated), sig).toBe(true);
    }
  }, SLOW);
});

describe("huge texts need no deep stack", { timeout: SLOW }, () => {
  it("--update of a case whose new output has 200,000 lines", async () => {
    const f = file("t.cute", `${CASE}\n7\n\n$ cute-ts eval 'size(4)'\n4\n`);
    const out = Array.from({ length: 200_000 }, (_, i) => `line ${i}`).join("\n") + "\n";
    const env: CommandEnv = { runNested: (argv, io) => (io.out(argv[1] === "size(4)" ? "4\n" : out), 0), vetNested: async () => {} };
    const { updated } = await checkFiles([{ path: f }], UPDATE, quiet(), env);
    expect(updated).toBe(1);
    expect(readFileSync(f, "utf8")).toBe(`${CASE}\n${out}\n$ cute-ts eval 'size(4)'\n4\n`);
    // the TAP report of the same difference (a diff of 200,000 lines)
    writeFileSync(f, `${CASE}\n7\n`);
    let tap = "";
    const { results } = await checkFiles([{ path: f }], { ...UPDATE, update: false, reporter: "tap" }, { out: (s) => (tap += s), err: () => {}, color: false }, env);
    expect(results.map((r) => r.status)).toEqual(["failed"]);
    expect(tap.includes("\n    +line 199999\n")).toBe(true);
  }, SLOW);

  it("--update of a transcript with 130,000 lines after its case, and of a C++ comment of 200,000 lines", async () => {
    const tail = "prose\n".repeat(130_000);
    const f = file("long.md", `\`\`\`console\n${CASE}\n7\n\`\`\`\n${tail}`);
    expect((await run(["check", "--update", f])).exit).toBe(0);
    expect(readFileSync(f, "utf8")).toBe(`\`\`\`console\n${CASE}\n6\n\`\`\`\n${tail}`);
    const src = "void f() {\n  print(make_layout(Int<4>{}));  // _8:_1\n}\n" + "// more\n".repeat(130_000);
    const lines = Array.from({ length: 200_000 }, (_, i) => `${i}`).join("\n");
    const next = updateCxxComments(src, findCxxCases(src), new Map([[0, lines]]));
    expect(next.split("\n").length).toBe(src.split("\n").length + 199_999);
  }, SLOW);
});

describe("the text report sends no control character to the terminal", { timeout: SLOW }, () => {
  it("ESC, BEL, DEL and C1 controls in a transcript's texts and in a file's name are shown as escapes", async () => {
    const name = "t\u001b]0;title\u0007.cute";
    const f = file(name, `$ cute-ts eval 'size((2,3))'\n\u001b[2J\u007f\u009b7\n`);
    const r = await run(["check", f]);
    expect(r.exit).toBe(1);
    // eslint-disable-next-line no-control-regex
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(r.stdout).toContain("t\\u001b]0;title\\u0007.cute:1");
    expect(r.stdout).toContain("-\\u001b[2J\\u007f\\u009b7\n+6\n");
    // what --update lists
    const u = await run(["check", "--update", f]);
    expect(u.exit).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(u.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(u.stdout).toContain("old: \\u001b[2J\\u007f\\u009b7");
  });
});
