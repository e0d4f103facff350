/** Golden transcripts: the README's own examples, a deliberate difference, --update. */
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./helpers.js";
import { parseTranscript, shellWords, unifiedDiff } from "../src/check/transcript.js";

const readme = fileURLToPath(new URL("../README.md", import.meta.url));

describe("cute-ts check", () => {
  it("the README's console examples hold", async () => {
    const r = await run(["check", readme]);
    expect(r.stdout).toBe("");
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
});
