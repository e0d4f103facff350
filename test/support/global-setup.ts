/**
 * The run's temporary folder: every test file's os.tmpdir() (and of every process a test starts
 * that inherits the environment, Chromium included) is one folder made for this run,
 * $TMPDIR/cute-ts-test-XXXXXX, so the guard below looks only at what this run made, whatever
 * other processes on the machine do in /tmp. At the end it must be empty (each test removes what it
 * makes, test/support/scratch.ts): the folder is removed either way, and what was left in it fails
 * the run, by name.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const outer = tmpdir();
  const root = mkdtempSync(join(outer, "cute-ts-test-"));
  // the workers are started after this and inherit it; os.tmpdir() reads TMPDIR on every call
  process.env.TMPDIR = root;
  process.env.CUTE_TS_TEST_TMP = root;
  return () => {
    process.env.TMPDIR = outer;
    let left: string[] = [];
    try {
      left = readdirSync(root);
    } catch {
      // already gone: nothing was left
    }
    rmSync(root, { recursive: true, force: true });
    if (left.length > 0) {
      throw new Error(`the tests left ${left.length} entr${left.length === 1 ? "y" : "ies"} in their temporary folder ${root} (removed now): ${left.slice(0, 20).join(", ")}${left.length > 20 ? ", ..." : ""}`);
    }
  };
}
