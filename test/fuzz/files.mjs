/**
 * The odd files the fuzz inputs name (by @NAME, see gen.mjs), made once per worker in a scratch
 * directory: a FIFO, a symlink loop, a broken link, a 600 MB sparse file, a file with no cases,
 * a directory of odd entries, and canaries. A canary is a file no nested command line (a batch
 * record, a transcript case) may read or write: its text holds a marker that must never appear
 * in any output, and its bytes must never change.
 */
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, ftruncateSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const MARKER = "CANARY-LEAK";

export function makeFuzzFiles(tag) {
  // in memory (/dev/shm) where the system has it
  const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  const dir = mkdtempSync(join(base, `cute-fuzz-${tag}-`));
  const p = (name) => join(dir, name);
  const canaries = {
    CANARY_BATCH: [p("canary.jsonl"), `{"id":"${MARKER}","cmd":["eval","_1"]}\n`],
    CANARY_CHECK: [p("canary.cute"), `$ cute-ts eval _1\n${MARKER}\n`],
  };
  for (const [path, text] of Object.values(canaries)) writeFileSync(path, text);
  // a directory whose transcripts are links to a canary: check DIR must pass them over
  mkdirSync(p("canary-dir"));
  symlinkSync(canaries.CANARY_CHECK[0], join(p("canary-dir"), "link.cute"));
  const files = {
    FILE: p("input.txt"),
    // the same input as a C++ source: check reads a .cu file for its print-comment goldens
    CU: p("input.cu"),
    FIFO: p("fifo.cute"),
    LOOP: p("loop.cute"),
    BROKEN: p("broken.cute"),
    HUGE: p("huge.cute"),
    EMPTY: p("empty.cute"),
    DIR: p("dir"),
    CANARY_DIR: p("canary-dir"),
    CANARY_BATCH: canaries.CANARY_BATCH[0],
    CANARY_CHECK: canaries.CANARY_CHECK[0],
  };
  const mk = spawnSync("mkfifo", [files.FIFO]);
  if (mk.status !== 0) writeFileSync(files.FIFO, "$ cute-ts eval _1\n_1\n"); // no mkfifo: a plain stand-in
  symlinkSync(files.LOOP, files.LOOP);
  symlinkSync(p("nowhere"), files.BROKEN);
  const fd = openSync(files.HUGE, "w");
  ftruncateSync(fd, 600 * 1024 * 1024); // sparse: no memory or disk until written
  closeSync(fd);
  writeFileSync(files.EMPTY, "root:x:0:0:root:/root:/bin/sh\nno transcript here\n");
  mkdirSync(files.DIR);
  writeFileSync(join(files.DIR, "ok.cute"), "$ cute-ts eval size((2,3))\n6\n");
  writeFileSync(join(files.DIR, "notes.txt"), "$ cute-ts eval 1\n1\n");
  symlinkSync(canaries.CANARY_CHECK[0], join(files.DIR, "canary-link.cute"));
  symlinkSync(files.LOOP, join(files.DIR, "loop.cute"));
  symlinkSync(p("nowhere"), join(files.DIR, "broken.cute"));
  if (mk.status === 0) spawnSync("mkfifo", [join(files.DIR, "fifo.cute")]);
  mkdirSync(join(files.DIR, "sub"));
  writeFileSync(join(files.DIR, "sub", "deeper.md"), "```console\n$ cute-ts eval _4:_1\n_4:_1\n```\n");

  return {
    dir,
    files,
    /** argv and file text with every @NAME replaced by its path */
    resolve(text) {
      return text.replace(/@(FILE|CU|FIFO|LOOP|BROKEN|HUGE|EMPTY|DIR|CANARY_DIR|CANARY_BATCH|CANARY_CHECK)\b/g, (_, k) => files[k]);
    },
    /** problems a run left: a canary changed (restored here) */
    canaryDamage() {
      const bad = [];
      for (const [name, [path, text]] of Object.entries(canaries)) {
        let now;
        try {
          now = readFileSync(path, "utf8");
        } catch (e) {
          now = `<${e.code}>`;
        }
        if (now !== text) {
          bad.push(`canary ${name} was written: ${JSON.stringify(now.slice(0, 200))}`);
          writeFileSync(path, text);
        }
      }
      return bad;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
