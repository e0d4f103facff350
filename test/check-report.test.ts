/**
 * check's reports, read back by the formats' own parsers (junit2json over xml2js's strict XML
 * parser, node-tap's tap-parser in strict mode), GitHub annotations decoded as the runner reads
 * them, and the selection options: FILE:LINE, --grep, --update's listing, --ci.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { scratchDir } from "./support/scratch.js";
import { join } from "node:path";
import { parse as parseJunit } from "junit2json";
import { Parser as TapParser, type FinalResults, type Result } from "tap-parser";
import { run } from "./helpers.js";
import { unifiedDiff } from "../src/check/transcript.js";
import { type CaseResult, junitReporter, summarize, tapReporter, textReporter } from "../src/check/report.js";

beforeEach(() => {
  // check reads CI and GITHUB_ACTIONS: every test sets what it needs
  vi.stubEnv("CI", "");
  vi.stubEnv("GITHUB_ACTIONS", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

function scratch(files: Record<string, string>): string {
  const dir = scratchDir("report");
  for (const [name, text] of Object.entries(files)) {
    const p = join(dir, name);
    mkdirSync(join(p, ".."), { recursive: true });
    writeFileSync(p, text);
  }
  return dir;
}

// expected outputs from CuTe's goldens (../shared/golden/algebra.jsonl): size((2,3)) is 6,
// (_2,4):(_12,_1)(5) is 14 (alg-00001-style records); one case is deliberately wrong
const GOOD = "$ cute-ts eval 'size((2,3))'\n6\n\n$ cute-ts eval '(_2,4):(_12,_1)(5)'\n14\n";
const BAD = "$ cute-ts eval 'size((2,3))'\n7\n\n$ cute-ts eval 'make_layout(_8)'\n_8:_1\n";

function tap(text: string): Promise<{ results: FinalResults; asserts: Result[]; extra: string[] }> {
  return new Promise((resolve) => {
    const asserts: Result[] = [];
    const extra: string[] = [];
    const p = new TapParser({ strict: true });
    p.on("assert", (r: Result) => asserts.push(r));
    p.on("extra", (l: string) => extra.push(l));
    p.on("complete", (results: FinalResults) => resolve({ results, asserts, extra }));
    p.end(text);
  });
}

/** a workflow command's message or property as the Actions runner decodes it */
const ghDecode = (s: string) => s.replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%0A/g, "\n").replace(/%0D/g, "\r").replace(/%25/g, "%");

describe("--reporter junit", () => {
  it("is well-formed JUnit XML: one testcase per case, the diff in the failure, counts that add up", async () => {
    const dir = scratch({ "a.cute": GOOD, "b.cute": BAD });
    const r = await run(["check", "--reporter", "junit", dir]);
    expect(r.exit).toBe(1);
    const doc = await parseJunit(r.stdout);
    expect(doc).toBeDefined();
    const suites = doc as { tests?: number; failures?: number; testsuite?: { name?: string; tests?: number; failures?: number; testcase?: { name?: string; classname?: string; failure?: { message?: string; inner?: string }[] }[] }[] };
    expect(suites.tests).toBe(4);
    expect(suites.failures).toBe(1);
    expect(suites.testsuite!.map((s) => s.name)).toEqual([join(dir, "a.cute"), join(dir, "b.cute")]);
    const b = suites.testsuite![1]!;
    expect(b.tests).toBe(2);
    expect(b.failures).toBe(1);
    expect(b.testcase!.map((c) => c.name)).toEqual(["line 1: $ cute-ts eval 'size((2,3))'", "line 4: $ cute-ts eval 'make_layout(_8)'"]);
    expect(b.testcase![0]!.classname).toBe(join(dir, "b.cute"));
    expect(b.testcase![0]!.failure![0]!.inner).toBe(unifiedDiff("7", "6", `${join(dir, "b.cute")}:1`));
    expect(b.testcase![1]!.failure).toBeUndefined();
    // the summary follows the document as a comment: the file stays well-formed
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("<!-- 3 passed, 1 failed -->");
  });

  it("escapes what XML may not hold: markup characters, newlines in attributes, control characters", async () => {
    const weird = "a<b>&\"c'\nd\u0001e\u007f\ud800";
    const results: CaseResult[] = [
      { file: "x&y.cute", line: 3, name: weird, status: "failed", expected: "<1>", actual: "&2\u0002", time: 0.001 },
      { file: "x&y.cute", line: 9, name: "skip me", status: "skipped", reason: `cute-ts does not support ${weird} yet`, time: 0 },
      { file: "z.cu", line: 1, name: "(no cases)", status: "failed", reason: "z.cu has no cases (--ci)", time: 0 },
    ];
    const xml = junitReporter().end(results, summarize(results));
    const doc = (await parseJunit(xml)) as { tests?: number; failures?: number; testsuite?: { skipped?: number; testcase?: { name?: string; skipped?: { message?: string }[]; failure?: { message?: string; type?: string; inner?: string }[] }[] }[] };
    expect(doc.tests).toBe(3);
    expect(doc.failures).toBe(2);
    const [x, z] = doc.testsuite!;
    expect(x!.skipped).toBe(1);
    expect(x!.testcase![0]!.name).toBe("line 3: a<b>&\"c'\nd\\u0001e\\u007f\\ud800");
    expect(x!.testcase![0]!.failure![0]!.inner).toBe(unifiedDiff("<1>", "&2\\u0002", "x&y.cute:3"));
    expect(x!.testcase![1]!.skipped![0]!.message).toBe("cute-ts does not support a<b>&\"c'\nd\\u0001e\\u007f\\ud800 yet");
    expect(z!.testcase![0]!.failure![0]).toMatchObject({ message: "z.cu has no cases (--ci)", type: "error" });
  });
});

describe("--reporter tap", () => {
  it("is TAP 14 that node-tap's parser reads strictly: plan, points, diff diagnostics, summary comment", async () => {
    const dir = scratch({ "a.cute": GOOD, "b.cute": BAD });
    const r = await run(["check", "--reporter", "tap", dir]);
    expect(r.exit).toBe(1);
    const { results, asserts, extra } = await tap(r.stdout);
    expect(extra).toEqual([]);
    expect(results.ok).toBe(false);
    expect(results.plan).toMatchObject({ start: 1, end: 4 });
    expect([results.count, results.pass, results.fail, results.skip]).toEqual([4, 3, 1, 0]);
    const failed = asserts.find((a) => !a.ok)!;
    expect(failed.name).toBe(`${join(dir, "b.cute")}:1: $ cute-ts eval 'size((2,3))'`);
    expect(failed.diag).toMatchObject({ file: join(dir, "b.cute"), line: 1 });
    expect((failed.diag as { diff: string }).diff).toBe(unifiedDiff("7", "6", `${join(dir, "b.cute")}:1`).trimEnd());
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("# 3 passed, 1 failed");
  });

  it("a skip is a # SKIP directive with its reason; '#' and '\\' in names are escaped", async () => {
    const results: CaseResult[] = [
      { file: "k.cu", line: 2, name: "print(x) # not a directive \\", status: "passed", time: 0 },
      { file: "k.cu", line: 7, name: "print(y)", status: "skipped", reason: "cute-ts does not support loops yet", time: 0 },
      { file: "k.cu", line: 9, name: "print(z)", status: "failed", expected: "  a\n b", actual: "  a\n c", time: 0 },
      { file: "e.cute", line: 1, name: "(no cases)", status: "failed", reason: "e.cute has no cases (--ci)", time: 0 },
    ];
    const rep = tapReporter();
    const text = rep.begin(results.length) + results.map((r, i) => rep.result(r, i)).join("") + rep.end(results, summarize(results));
    const { results: final, asserts, extra } = await tap(text);
    expect(extra).toEqual([]);
    expect([final.count, final.pass, final.fail, final.skip]).toEqual([4, 2, 2, 1]); // tap-parser counts a skip among the passes;
    expect(asserts[0]!.name).toBe("k.cu:2: print(x) # not a directive \\");
    expect(asserts[0]!.skip).toBe(false);
    expect(asserts[1]!.skip).toBe("cute-ts does not support loops yet");
    // a diff whose lines begin with spaces survives the YAML block as it was
    expect((asserts[2]!.diag as { diff: string }).diff).toBe(unifiedDiff("  a\n b", "  a\n c", "k.cu:9").trimEnd());
    expect(asserts[3]!.diag).toMatchObject({ message: "e.cute has no cases (--ci)" });
    expect(text.trimEnd().split("\n").at(-1)).toBe("# 1 passed, 2 failed, 1 skipped");
  });
});

describe("GitHub annotations", () => {
  it("with GITHUB_ACTIONS=true a failure is an ::error on its file and line carrying the diff", async () => {
    vi.stubEnv("GITHUB_ACTIONS", "true");
    const dir = scratch({ "b.cute": BAD });
    const f = join(dir, "b.cute");
    const r = await run(["check", f]);
    expect(r.exit).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const m = /^::error file=([^,]*),line=(\d+),title=([^:]*)::(.*)$/.exec(lines[0]!);
    expect(m).not.toBeNull();
    expect(ghDecode(m![1]!)).toBe(f);
    expect(m![2]).toBe("1");
    expect(ghDecode(m![3]!)).toBe("cute-ts check: failed");
    expect(ghDecode(m![4]!)).toBe(`$ cute-ts eval 'size((2,3))'\n${unifiedDiff("7", "6", `${f}:1`)}`);
    expect(lines[1]).toBe("1 passed, 1 failed");
  });

  it("a skip is a ::notice; '%', ':' and ',' in a path are escaped as the runner reads them", () => {
    const rep = textReporter(true);
    const out = rep.result({ file: "a,b:c%.cu", line: 4, name: "print(t)", status: "skipped", reason: "100% host-only: no", time: 0 }, 0);
    const m = /^::notice file=([^,:]*),line=4,title=([^,:]*)::(.*)\n$/.exec(out);
    expect(m).not.toBeNull();
    expect(ghDecode(m![1]!)).toBe("a,b:c%.cu");
    expect(ghDecode(m![3]!)).toBe("print(t)\nskipped: 100% host-only: no");
  });

  it("without GITHUB_ACTIONS the same failure is a plain unified diff", async () => {
    const dir = scratch({ "b.cute": BAD });
    const f = join(dir, "b.cute");
    const r = await run(["check", f]);
    expect(r.stdout).toBe(`${f}:1: $ cute-ts eval 'size((2,3))'\n${unifiedDiff("7", "6", `${f}:1`)}1 passed, 1 failed\n`);
    expect(r.stdout).not.toMatch(/^::/m);
  });
});

describe("selection: FILE:LINE and --grep", () => {
    // rank is a static integer in CuTe (rank_v): _2
  const T = "$ cute-ts eval 'size((2,3))'\n6\n\n$ cute-ts eval 'size((4,5))'\n21\n\n$ cute-ts eval 'rank((4,5))'\n_2\n";
  it("FILE:LINE runs the one case whose command or expected text is at LINE", async () => {
    const f = join(scratch({ "t.cute": T }), "t.cute");
    const at4 = await run(["check", `${f}:4`]);
    expect(at4.exit).toBe(1);
    expect(at4.stdout.split("\n").at(-2)).toBe("0 passed, 1 failed");
    expect(at4.stdout).toContain(`${f}:4: $ cute-ts eval 'size((4,5))'`);
    const at5 = await run(["check", `${f}:5`]); // the expected text of the same case
    expect(at5.stdout.split("\n").at(-2)).toBe("0 passed, 1 failed");
    const at1and8 = await run(["check", `${f}:1`, `${f}:8`]);
    expect(at1and8.exit).toBe(0);
    expect(at1and8.stdout).toBe("2 passed, 0 failed\n");
    const whole = await run(["check", f, `${f}:1`]); // the whole file wins over one of its lines
    expect(whole.stdout.split("\n").at(-2)).toBe("2 passed, 1 failed");
  });

  it("a line with no case is refused (exit 2), naming where the cases start", async () => {
    const f = join(scratch({ "t.cute": "# notes\n\n$ cute-ts eval 'size((2,3))'\n6\n" }), "t.cute");
    const r = await run(["check", `${f}:1`]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("is not a case");
    expect(r.stderr).toContain("its cases start at line 3");
    expect((await run(["check", `${f}:0`])).exit).toBe(2);
  });

  it("a file whose name ends in :N is that file", async () => {
    const dir = scratch({ "odd:2": "$ cute-ts eval 'size((2,3))'\n6\n" });
    const r = await run(["check", join(dir, "odd:2")]);
    expect(r.stdout).toBe("1 passed, 0 failed\n");
  });

  it("--grep runs the cases whose command contains TEXT; none matching is refused unless --allow-empty", async () => {
    const f = join(scratch({ "t.cute": T }), "t.cute");
    const r = await run(["check", f, "--grep", "size("]);
    expect(r.stdout.split("\n").at(-2)).toBe("1 passed, 1 failed");
    const rank = await run(["check", f, "--grep", "rank"]);
    expect(rank.stdout).toBe("1 passed, 0 failed\n");
    const none = await run(["check", f, "--grep", "tiled_divide"]);
    expect(none.exit).toBe(2);
    expect(none.stderr).toContain("no case's command contains 'tiled_divide'");
    expect((await run(["check", f, "--grep", "tiled_divide", "--allow-empty"])).stdout).toBe("0 passed, 0 failed\n");
  });
});

describe("--update", () => {
  it("rewrites only the cases that changed, byte for byte elsewhere, and lists them with old and new first lines", async () => {
    // the passing cases carry oddities a rewrite would lose: trailing spaces, a CR, runs of blank lines
    const text = "intro  \r\n$ cute-ts eval 'size((2,3))'\n6\n\n\n\n$ cute-ts eval 'size((4,5))'\n21\nand more\n\n$ cute-ts eval 'rank((4,5))'\n_2\n";
    const f = join(scratch({ "t.cute": text }), "t.cute");
    const r = await run(["check", f, "--update"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toBe(`${f}:7: $ cute-ts eval 'size((4,5))'\n  old: 21 (+1 line)\n  new: 20\n2 passed, 0 failed, 1 updated\n`);
    expect(readFileSync(f, "utf8")).toBe(text.replace("21\nand more\n", "20\n"));
  });

  it("with FILE:LINE, only that case is rewritten", async () => {
    const text = "$ cute-ts eval 'size((2,3))'\n7\n\n$ cute-ts eval 'size((4,5))'\n21\n";
    const f = join(scratch({ "t.cute": text }), "t.cute");
    expect((await run(["check", `${f}:4`, "--update"])).stdout).toContain("1 updated");
    expect(readFileSync(f, "utf8")).toBe("$ cute-ts eval 'size((2,3))'\n7\n\n$ cute-ts eval 'size((4,5))'\n20\n");
  });
});

describe("--ci", () => {
  it("refuses --update, from the flag or from CI=true", async () => {
    const f = join(scratch({ "t.cute": BAD }), "t.cute");
    const flag = await run(["check", f, "--update", "--ci"]);
    expect(flag.exit).toBe(2);
    expect(flag.stderr).toContain("--ci");
    vi.stubEnv("CI", "true");
    const env = await run(["check", f, "--update"]);
    expect(env.exit).toBe(2);
    expect(env.stderr).toContain("CI=true");
    expect(readFileSync(f, "utf8")).toBe(BAD);
  });

  it("a file with no cases fails the run (exit 1, counted and reported), --allow-empty or not", async () => {
    const dir = scratch({ "a.cute": GOOD, "empty.md": "# nothing here\n" });
    for (const extra of [[], ["--allow-empty"]]) {
      const r = await run(["check", "--ci", ...extra, join(dir, "a.cute"), join(dir, "empty.md")]);
      expect(r.exit).toBe(1);
      expect(r.stdout).toContain(`${join(dir, "empty.md")}:1: (no cases)\n${join(dir, "empty.md")} has no cases (--ci)\n`);
      expect(r.stdout.split("\n").at(-2)).toBe("2 passed, 1 failed");
    }
    vi.stubEnv("CI", "true");
    const junit = await run(["check", "--reporter", "junit", join(dir, "empty.md")]);
    expect(junit.exit).toBe(1);
    const doc = (await parseJunit(junit.stdout)) as { failures?: number };
    expect(doc.failures).toBe(1);
    // without CI, the same file is refused as before (exit 2) unless --allow-empty
    vi.stubEnv("CI", "");
    expect((await run(["check", join(dir, "empty.md")])).exit).toBe(2);
    expect((await run(["check", "--allow-empty", join(dir, "empty.md")])).exit).toBe(0);
  });
});

describe("options that do not go together", () => {
  it("--json with another reporter, --update with a machine report, an unknown reporter: exit 2", async () => {
    const f = join(scratch({ "t.cute": GOOD }), "t.cute");
    expect((await run(["check", f, "--json", "--reporter", "junit"])).exit).toBe(2);
    expect((await run(["check", f, "--update", "--reporter", "tap"])).exit).toBe(2);
    const r = await run(["check", f, "--reporter", "xunit"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("text, junit, tap");
  });
  it("--json gives the counts and the summary in its one document", async () => {
    const f = join(scratch({ "t.cute": BAD }), "t.cute");
    const r = await run(["check", f, "--json"]);
    expect(r.exit).toBe(1);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ kind: "check", cases: 2, passed: 1, failed: 1, skipped: 0, summary: "1 passed, 1 failed" });
  });
});
