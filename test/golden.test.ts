/**
 * Every record of the vendored goldens (fixtures/golden/*.jsonl), through the same code path
 * as the CLI: output byte for byte, a refusal (non-zero exit, nothing on stdout, a message on
 * stderr), or for verdict records the exit code.
 */
import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { knownGaps, readGolden, run, trimEnd } from "./helpers.js";

const dir = fileURLToPath(new URL("../fixtures/golden/", import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort();
const gaps = knownGaps();

for (const file of files) {
  describe(`${file} (CuTe @ 7107b0553)`, () => {
    for (const r of readGolden(`../fixtures/golden/${file}`)) {
      const title = `${r.id} ${r.op ?? ""}: cute-ts ${r.cmd.join(" ")}`.slice(0, 200);
      if (gaps[r.id]) {
        it.todo(`${title} (known gap: ${gaps[r.id]})`);
        continue;
      }
      it(title, async () => {
        const got = await run(r.cmd);
        expect(got.stderr).not.toMatch(/internal error|\n[ \t]+at /);
        if (r.error) {
          expect(got.exit, got.stdout).not.toBe(0);
          expect(trimEnd(got.stdout)).toBe("");
          expect(got.stderr.trim()).not.toBe("");
        } else if (r.out === undefined) {
          expect(got.exit).toBe(r.exit);
        } else {
          // CuTe writes nothing to stderr; cute-ts adds only its hardware warnings (tma, tma-coords)
          expect(got.stderr.replace(/^cute-ts: warning: sm\d+: .*\n/gm, "")).toBe("");
          expect(trimEnd(got.stdout)).toBe(trimEnd(r.out));
          expect(got.exit).toBe(0);
        }
      });
    }
  });
}
