/** Golden transcripts: the README's and docs/'s own examples, a deliberate difference, --update. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { scratchDir } from "./support/scratch.js";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./helpers.js";
import { parseTranscript, shellWords, unifiedDiff } from "../src/check/transcript.js";

const readme = fileURLToPath(new URL("../README.md", import.meta.url));
const docs = fileURLToPath(new URL("../docs/", import.meta.url));

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
    expect(parseTranscript(readFileSync(readme, "utf8"), true).length).toBeGreaterThanOrEqual(10);
  });

  it("every docs/ page's console examples hold", async () => {
    const pages = readdirSync(docs).filter((f) => f.endsWith(".md"));
    const cases = pages.reduce((n, f) => n + parseTranscript(readFileSync(join(docs, f), "utf8"), true).length, 0);
    expect(cases).toBeGreaterThan(50);
    const r = await run(["check", docs, "--allow-empty"]);
    expect(r.stdout).toBe(`${cases} passed, 0 failed\n`);
    expect(r.exit).toBe(0);
  }, 300_000);

  it("the README is short and reaches every docs/ page", () => {
    const text = readFileSync(readme, "utf8");
    expect(text.split("\n").length).toBeLessThan(300);
    const linked = new Set([...text.matchAll(/\]\(docs\/([\w.-]+\.md)\)/g)].map((m) => m[1]));
    for (const f of readdirSync(docs).filter((f) => f.endsWith(".md") && f !== "README.md")) expect(linked, f).toContain(f);
    // and each page links back
    for (const f of readdirSync(docs).filter((f) => f.endsWith(".md") && f !== "notation.md")) expect(readFileSync(join(docs, f), "utf8"), f).toContain("](../README.md)");
  });

  it("a deliberate difference exits 1 with a unified diff; --update fixes it", async () => {
    const dir = scratchDir("check");
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

describe("a quoted argument that runs over several lines", () => {
  /** the cases as the first reading found them: the whole command line re-split after each line added */
  function reference(text: string): { line: number; argv: string[] | string; from: number }[] {
    const lines = text.split("\n");
    const out: { line: number; argv: string[] | string; from: number }[] = [];
    const open = (s: string): boolean => {
      try {
        shellWords(s);
        return false;
      } catch (e) {
        return (e as Error).message.startsWith("unterminated");
      }
    };
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i]!;
      if (l === "$ cute-ts" || l.startsWith("$ cute-ts ")) {
        let cmd = l, j = i;
        while (open(cmd) && j + 1 < lines.length) cmd += "\n" + lines[++j];
        let argv: string[] | string;
        try {
          argv = shellWords(cmd.slice("$ cute-ts".length));
        } catch (e) {
          argv = (e as Error).message.slice(0, 14);
        }
        out.push({ line: i + 1, argv, from: j + 1 });
        i = j;
      }
    }
    return out;
  }
  const cases = (text: string) => {
    try {
      return parseTranscript(text, false).map((c) => ({ line: c.line, argv: c.argv, from: c.from }));
    } catch (e) {
      return (e as Error).message.slice(0, 14);
    }
  };
  it("ends where the quote closes, as re-splitting the command line after each line does", () => {
    const piece = fc.constantFrom("'", '"', "\\", " ", "a", "b", "\\\"", "\n", "\n$ cute-ts eval ", "$ cute-ts ");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (ps) => {
        const text = "$ cute-ts eval " + ps.join("");
        const ref = reference(text);
        const got = cases(text);
        // an unterminated quote at the end refuses the transcript in both readings
        if (typeof got === "string") expect(ref.some((c) => typeof c.argv === "string")).toBe(true);
        else expect(got).toEqual(ref);
      }),
      { numRuns: 3000 },
    );
  });
  it("a quote left open over a long file is read once, and refused with its start only (fuzz seed 3023, check #7644)", () => {
    const text = `$ cute-ts eval "x\n${"1".repeat(200_000)}\n` + "$ cute-ts eval 1\n1\n".repeat(2000);
    let message = "";
    try {
      parseTranscript(text, false);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^unterminated " in: ' eval "x\\n1111/);
    expect(message).toMatch(/\(\d+ characters\)$/);
    expect(message.length).toBeLessThan(1000);
  });
});
