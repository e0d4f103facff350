/**
 * Every record of the vendored algebra goldens, through the same code path as the CLI:
 * output byte for byte, or a refusal (non-zero exit, nothing on stdout, a message on stderr).
 */
import { describe, expect, it } from "vitest";
import { knownGaps, readGolden, run, trimEnd } from "./helpers.js";

const records = readGolden("../fixtures/golden/algebra.jsonl");
const gaps = knownGaps();

describe("algebra goldens (CuTe @ 7107b0553)", () => {
  for (const r of records) {
    if (gaps[r.id]) {
      it.todo(`${r.id} (known gap: ${gaps[r.id]})`);
      continue;
    }
    it(`${r.id} ${r.op ?? ""}: cute-ts ${r.cmd.join(" ")}`.slice(0, 200), async () => {
      const got = await run(r.cmd);
      if (r.error) {
        expect(got.exit, got.stdout).not.toBe(0);
        expect(trimEnd(got.stdout)).toBe("");
        expect(got.stderr.trim()).not.toBe("");
        expect(got.stderr).not.toMatch(/internal error|\n\s+at /);
      } else {
        expect(got.stderr).toBe("");
        expect(trimEnd(got.stdout)).toBe(trimEnd(r.out!));
        expect(got.exit).toBe(0);
      }
    });
  }
});
