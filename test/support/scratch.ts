/**
 * Scratch folders for tests: made under os.tmpdir() (the run's own folder, global-setup.ts) and
 * removed after the test file's last test, also when a test fails (setup.ts registers the hook).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made = new Set<string>();

/** a new empty folder, tmpdir()/cute-ts-TAG-XXXXXX, removed after the file's tests */
export function scratchDir(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cute-ts-${tag}-`));
  made.add(dir);
  return dir;
}

/** remove a scratch folder now (it is forgotten: the end of the file does not remove it again) */
export function removeScratch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  made.delete(dir);
}

/** remove every scratch folder this file made */
export function removeAllScratch(): void {
  for (const dir of [...made]) removeScratch(dir);
}
