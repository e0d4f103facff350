/** Every command's --help examples run, and --help shows them. */
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../src/cli/run.js";
import { shellWords } from "../src/check/transcript.js";
import { run } from "./helpers.js";

describe("--help examples are real", async () => {
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const spec = await entry.load().catch(() => undefined);
    if (!spec) continue;
    it(`${name} --help lists its examples`, async () => {
      const { runHelp } = await import("../src/cli/help.js");
      let out = "";
      const code = await runHelp([name, "--help"], { out: (s) => (out += s), err: (s) => (out += s), color: false });
      expect(code).toBe(0);
      for (const ex of spec.examples) expect(out).toContain(`$ cute-ts ${ex}`);
    });
    for (const ex of spec.examples) {
      if (name === "batch" || name === "check" || name === "web") continue; // they read files; web serves until stopped
      it(`${name}: cute-ts ${ex}`, async () => {
        const r = await run(shellWords(ex));
        expect(r.stderr).toBe("");
        expect([0, 1]).toContain(r.exit);
        expect(r.stdout.length).toBeGreaterThan(0);
      });
    }
  }
});
