/**
 * Checks compiled with nvcc against CuTe while fixing an issue (fixtures/nvcc/*.jsonl: the C++
 * block, run as `eval`, and what CuTe printed; each file's program beside it as .cu).
 */
import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readGolden, run, trimEnd } from "./helpers.js";

const dir = fileURLToPath(new URL("../fixtures/nvcc/", import.meta.url));
for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
  describe(file, () => {
    for (const r of readGolden(`../fixtures/nvcc/${file}`)) {
      it(r.id, async () => {
        const got = await run(r.cmd);
        if (r.error) {
          expect(got.exit).toBe(2);
          expect(got.stdout).toBe("");
          if (r.detail) expect(got.stderr).toContain(r.detail);
        } else {
          expect(got.stderr).toBe("");
          expect(trimEnd(got.stdout)).toBe(trimEnd(r.out!));
          expect(got.exit).toBe(0);
        }
      }, 120_000);
    }
  });
}
