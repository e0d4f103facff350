/**
 * docs/ci.md's GitHub Actions workflow and pre-commit hook, as a user would copy them: each YAML
 * block is parsed, and its command line runs (through sh, with `npx cute-ts` resolved to this
 * checkout's bin/cute-ts) against a directory of goldens made from CuTe's own records.
 */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { parse as parseJunit } from "junit2json";
import { readGolden } from "./helpers.js";
import { scratchDir } from "./support/scratch.js";

/** docs/ci.md, the page the workflow and the hook are copied from */
const readme = readFileSync(new URL("../docs/ci.md", import.meta.url), "utf8");
const bin = fileURLToPath(new URL("../bin/cute-ts", import.meta.url));
/** a net under a real hang (a spawnSync blocks vitest's own timeout), not a time the step must meet */
const HUNG = 600_000;

/** the ```yaml block of docs/ci.md whose first line is `# NAME` */
function yamlBlock(name: string): string {
  for (const m of readme.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)) if (m[1]!.startsWith(`# ${name}\n`)) return m[1]!;
  throw new Error(`no yaml block for ${name} in docs/ci.md`);
}

/** a shell word in single quotes, as the transcripts read them */
const shq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A repository with goldens/: transcripts of CuTe's records (their expected outputs are what CuTe
 * printed), and a bin directory whose `npx` runs this checkout's CLI for `npx cute-ts ...`.
 */
function repository(): { dir: string; env: NodeJS.ProcessEnv; cases: number } {
  const dir = scratchDir("repo");
  mkdirSync(join(dir, "goldens", "layouts"), { recursive: true });
  const records = readGolden("../fixtures/golden/algebra.jsonl").filter((r) => r.cmd[0] === "eval" && r.out !== undefined && !r.out.includes("\n\n"));
  const pick = (from: number, n: number) => records.slice(from, from + n).map((r) => `$ cute-ts ${r.cmd.map(shq).join(" ")}\n${r.out}`).join("\n");
  writeFileSync(join(dir, "goldens", "basics.cute"), pick(0, 5));
  writeFileSync(join(dir, "goldens", "layouts", "more.md"), "# More layouts\n\n```console\n" + pick(100, 4) + "```\n");
  writeFileSync(join(dir, "notes.txt"), "not a golden\n");
  const shims = join(dir, ".shims");
  mkdirSync(shims);
  writeFileSync(join(shims, "npx"), `#!/bin/sh\n[ "$1" = cute-ts ] || exit 127\nshift\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(join(shims, "npx"), 0o755);
  const env = { ...process.env, PATH: `${shims}:${process.env.PATH ?? ""}`, CI: "true", GITHUB_ACTIONS: "true" };
  return { dir, env, cases: 9 };
}

describe("docs/ci.md: the GitHub Actions workflow", () => {
  const wf = parseYaml(yamlBlock(".github/workflows/goldens.yml")) as { on: unknown; jobs: Record<string, { "runs-on": string; steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }> };

  it("checks out, sets up Node and runs check with the JUnit reporter into report.xml", () => {
    const steps = Object.values(wf.jobs)[0]!.steps;
    expect(steps[0]!.uses).toMatch(/^actions\/checkout@v\d+$/);
    expect(steps[1]!.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(Number(steps[1]!.with!["node-version"])).toBeGreaterThanOrEqual(20);
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual(["npx cute-ts check --reporter junit goldens/ > report.xml"]);
  });

  it("its command line, run in a repository with goldens, writes a JUnit report of every case; a broken golden fails the step", async () => {
    const { dir, env, cases } = repository();
    const cmd = Object.values(wf.jobs)[0]!.steps.find((s) => s.run)!.run!;
    const ok = spawnSync("sh", ["-c", cmd], { cwd: dir, env, encoding: "utf8", timeout: HUNG });
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    const report = readFileSync(join(dir, "report.xml"), "utf8");
    const doc = (await parseJunit(report)) as { tests?: number; failures?: number; testsuite?: { name?: string }[] };
    expect(doc.tests).toBe(cases);
    expect(doc.failures).toBe(0);
    expect(doc.testsuite!.map((s) => s.name)).toEqual(["goldens/basics.cute", "goldens/layouts/more.md"]);

    const f = join(dir, "goldens", "basics.cute");
    writeFileSync(f, readFileSync(f, "utf8").replace(/\n(\S+)\n/, "\n$1 (drifted)\n"));
    const bad = spawnSync("sh", ["-c", cmd], { cwd: dir, env, encoding: "utf8", timeout: HUNG });
    expect(bad.status).toBe(1);
    const doc2 = (await parseJunit(readFileSync(join(dir, "report.xml"), "utf8"))) as { tests?: number; failures?: number; testsuite?: { testcase?: { failure?: { inner?: string }[] }[] }[] };
    expect(doc2.failures).toBe(1);
    expect(doc2.testsuite![0]!.testcase!.find((c) => c.failure)!.failure![0]!.inner).toMatch(/\(drifted\)/);
  });
});

describe("docs/ci.md: the pre-commit hook", () => {
  const cfg = parseYaml(yamlBlock(".pre-commit-config.yaml")) as { repos: { repo: string; hooks: { id: string; entry: string; language: string; files: string; pass_filenames?: boolean }[] }[] };
  const hook = cfg.repos[0]!.hooks[0]!;

  it("is a local system hook whose entry is cute-ts check", () => {
    expect(cfg.repos[0]!.repo).toBe("local");
    expect(hook.language).toBe("system");
    expect(hook.entry.startsWith("npx cute-ts check")).toBe(true);
  });

  it("run as pre-commit runs it (entry, then the staged files its pattern matches), passes and then catches a drift", () => {
    const { dir, env } = repository();
    const staged = ["goldens/basics.cute", "notes.txt", "goldens/layouts/more.md", "src/kernel.cu"];
    const matched = staged.filter((f) => new RegExp(hook.files).test(f));
    expect(matched).toEqual(["goldens/basics.cute", "goldens/layouts/more.md"]);
    const cmd = [hook.entry, ...(hook.pass_filenames === false ? [] : matched.map(shq))].join(" ");
    const localEnv = { ...env, CI: "", GITHUB_ACTIONS: "" };
    const ok = spawnSync("sh", ["-c", cmd], { cwd: dir, env: localEnv, encoding: "utf8", timeout: HUNG });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe("9 passed, 0 failed\n");
    const f = join(dir, "goldens", "layouts", "more.md");
    writeFileSync(f, readFileSync(f, "utf8").replace(/\n([^$`\n][^\n]*)\n/, "\n$1 (drifted)\n"));
    const bad = spawnSync("sh", ["-c", cmd], { cwd: dir, env: localEnv, encoding: "utf8", timeout: HUNG });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/goldens\/layouts\/more\.md:\d+: \$ cute-ts /);
    expect(bad.stdout.trimEnd().split("\n").at(-1)).toBe("8 passed, 1 failed");
  });
});
