/** Shared test helpers: run a command in-process exactly as the CLI and `batch` do. */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { runCommand } from "../src/cli/run.js";

export interface Result {
  stdout: string;
  stderr: string;
  exit: number;
}

export async function run(argv: string[]): Promise<Result> {
  let stdout = "", stderr = "";
  const exit = await runCommand(argv, { out: (s) => (stdout += s), err: (s) => (stderr += s), color: false });
  return { stdout, stderr, exit };
}

/** a command that must answer: exit 0, nothing on stderr; its stdout */
export async function ok(argv: string[]): Promise<string> {
  const r = await run(argv);
  expect(r.stderr).toBe("");
  expect(r.exit).toBe(0);
  return r.stdout;
}
/** a command that must be refused: exit 2, nothing on stdout; its stderr */
export async function refused(argv: string[]): Promise<string> {
  const r = await run(argv);
  expect(r.stdout).toBe("");
  expect(r.exit).toBe(2);
  return r.stderr;
}

export interface GoldenRecord {
  id: string;
  cmd: string[];
  out?: string;
  error?: string;
  detail?: string;
  exit?: number;
  op?: string;
  cxx?: string;
}

export function readGolden(path: string): GoldenRecord[] {
  return readFileSync(new URL(path, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as GoldenRecord);
}

export const trimEnd = (s: string) => s.replace(/\n+$/, "");

/**
 * a turn of the event loop: a test that runs many commands in one loop awaits it now and then, so
 * its vitest worker answers its runner meanwhile (a worker that never yields for a minute, as on a
 * slow, busy machine, fails the run with "Timeout calling onTaskUpdate")
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** fixtures/golden/known-gaps.json: records not reproduced yet, each with its reason */
export function knownGaps(): Record<string, string> {
  const j = JSON.parse(readFileSync(new URL("../fixtures/golden/known-gaps.json", import.meta.url), "utf8")) as { gaps: Record<string, string> };
  return j.gaps;
}
