/**
 * A pasted block's printf against glibc's: fixtures/printf/glibc.jsonl holds printf calls and
 * what glibc's printf wrote for each, made by fixtures/printf/generate.mjs (gcc compiles the
 * calls into one C program and runs it). Each call runs here as a block of one statement.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { evaluateProgram } from "../src/eval/block.js";

interface Case {
  fmt: string;
  c: string[];
  block: string[];
  out: string;
}
const cases = readFileSync(new URL("../fixtures/printf/glibc.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "")
  .map((l) => JSON.parse(l) as Case);

describe("printf prints what glibc's printf prints", () => {
  it(`${cases.length} calls: flags, widths, precisions ('*' included), length modifiers, every conversion`, async () => {
    expect(cases.length).toBeGreaterThan(5000);
    const wrong: string[] = [];
    for (const c of cases) {
      const src = `printf(${JSON.stringify(c.fmt)}${c.block.map((a) => ", " + a).join("")});`;
      let got: string;
      try {
        const r = await evaluateProgram(src, false);
        got = r.k === "block" ? (r.printed ?? "") : "(a value)";
      } catch (e) {
        got = `(refused: ${(e as Error).message})`;
      }
      if (got !== c.out) wrong.push(`${src}\n  glibc:   ${JSON.stringify(c.out)}\n  cute-ts: ${JSON.stringify(got)}`);
    }
    expect(`${wrong.length} wrong\n${wrong.slice(0, 20).join("\n")}`).toBe("0 wrong\n");
  }, 120_000);
});
