/** Golden transcripts: the README's own examples, a deliberate difference, --update. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./helpers.js";
import { parseTranscript, shellWords, unifiedDiff } from "../src/check/transcript.js";

const readme = fileURLToPath(new URL("../README.md", import.meta.url));

beforeEach(() => {
  // under CI=true, check refuses --update: these tests run as on a workstation
  vi.stubEnv("CI", "");
  vi.stubEnv("GITHUB_ACTIONS", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("cute-ts check", () => {
  it("the README's console examples hold", async () => {
    const r = await run(["check", readme]);
    expect(r.stdout).toMatch(/^[1-9][0-9]* passed, 0 failed\n$/);
    expect(r.exit).toBe(0);
    expect(parseTranscript(readFileSync(readme, "utf8"), true).length).toBeGreaterThan(3);
  });

  it("a deliberate difference exits 1 with a unified diff; --update fixes it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cute-ts-check-"));
    const f = join(dir, "t.cute");
    writeFileSync(f, "$ cute-ts eval 'size((2,3))'\n7\n\n$ cute-ts eval '(_2,4):(_12,_1)(5)'\n14\n");
    const bad = await run(["check", f]);
    expect(bad.exit).toBe(1);
    expect(bad.stdout).toContain("--- " + f + ":1 (expected)");
    expect(bad.stdout).toContain("-7\n+6\n");
    const upd = await run(["check", f, "--update"]);
    expect(upd.exit).toBe(0);
    expect(readFileSync(f, "utf8")).toBe("$ cute-ts eval 'size((2,3))'\n6\n\n$ cute-ts eval '(_2,4):(_12,_1)(5)'\n14\n");
    expect((await run(["check", f])).exit).toBe(0);
  });

  it("splits command lines like a shell", () => {
    expect(shellWords(`eval 'a b' "c\\"d" e\\ f`)).toEqual(["eval", "a b", 'c"d', "e f"]);
  });

  it("diffs line by line", () => {
    expect(unifiedDiff("a\nb\nc", "a\nx\nc", "f")).toBe("--- f (expected)\n+++ f (actual)\n@@ -1,3 +1,3 @@\n a\n-b\n+x\n c\n");
  });

  it("diffs minimally: as many - and + lines as the texts differ by their longest common subsequence", () => {
    const lcs = (a: string[], b: string[]) => {
      const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
      for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
      return dp[0]![0]!;
    };
    const text = fc.array(fc.constantFrom("a", "b", "c", ""), { maxLength: 12 }).map((xs) => xs.join("\n"));
    fc.assert(
      fc.property(text, text, (x, y) => {
        const body = unifiedDiff(x, y, "f").split("\n").slice(2).filter((l) => !l.startsWith("@@"));
        const a = x.split("\n"), b = y.split("\n"), common = lcs(a, b);
        expect(body.filter((l) => l.startsWith("-")).length).toBe(a.length - common);
        expect(body.filter((l) => l.startsWith("+")).length).toBe(b.length - common);
      }),
      { numRuns: 500 },
    );
  });
});
