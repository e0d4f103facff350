/**
 * The `cute-ts run` examples of the README and docs/run.md: a transcript may not run `run` (it reads
 * the file it names), so `check` skips these blocks (plain ``` fences); here each `$ cute-ts run ...`
 * line of them runs from the project root and must print what the block shows after it.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { run } from "./helpers.js";
import { shellWords } from "../src/check/transcript.js";

const root = fileURLToPath(new URL("..", import.meta.url));

/** each fenced block's `$ cute-ts run` command and the lines after it up to the fence */
function runExamples(text: string): { argv: string[]; out: string }[] {
  const found: { argv: string[]; out: string }[] = [];
  for (const m of text.matchAll(/^```[^\n]*\n\$ cute-ts (run [^\n]*)\n([\s\S]*?)^```/gm)) {
    found.push({ argv: shellWords(m[1]!), out: m[2]! });
  }
  return found;
}

describe("the run examples of the README and docs/run.md", () => {
  for (const page of ["README.md", "docs/run.md"]) {
    const examples = runExamples(readFileSync(new URL(`../${page}`, import.meta.url), "utf8"));
    it(`${page} shows at least one`, () => expect(examples.length).toBeGreaterThan(0));
    for (const ex of examples) {
      it(`${page}: cute-ts ${ex.argv.join(" ").slice(0, 80)}`, async () => {
        const cwd = process.cwd();
        process.chdir(root);
        try {
          const r = await run(ex.argv);
          expect(r.exit).toBe(0);
          expect(r.stdout).toBe(ex.out);
        } finally {
          process.chdir(cwd);
        }
      }, 300_000);
    }
  }
});
