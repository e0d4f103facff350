/**
 * Every verdict record of the vendored verify goldens (computed by brute force against CuTe's
 * layouts), through the same code path as the CLI: the exit code is the verdict.
 */
import { describe, expect, it } from "vitest";
import { knownGaps, readGolden, run } from "./helpers.js";

const records = readGolden("../fixtures/golden/verify.jsonl");
const gaps = knownGaps();

describe("verify goldens", () => {
  it("has the 150 records", () => expect(records.length).toBe(150));
  for (const r of records) {
    if (gaps[r.id]) {
      it.todo(`${r.id} (known gap: ${gaps[r.id]})`);
      continue;
    }
    it(`${r.id} ${r.op ?? ""}: cute-ts ${r.cmd.join(" ")}`.slice(0, 200), async () => {
      const got = await run(r.cmd);
      expect(got.stderr).toBe("");
      expect(got.exit, got.stdout).toBe(r.exit);
      expect(got.stdout).toMatch(r.exit === 0 ? /^holds/ : /^FAILS/);
    });
  }
});
