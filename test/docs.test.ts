/**
 * docs/notation.md: every form its tables show reads, and what it prints reads back to the
 * same print (the page promises both).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { evaluate } from "../src/eval/evaluate.js";
import { show } from "../src/print/print.js";

const doc = readFileSync(new URL("../docs/notation.md", import.meta.url), "utf8");
/** the code spans of each table row's first cell (`\|` is a literal bar inside a cell) */
const forms = doc
  .split("\n")
  .filter((l) => /^\| `/.test(l))
  .flatMap((l) => {
    const first = l.replace(/\\\|/g, "\u0000").split("|")[1]!.replace(/\u0000/g, "|");
    return [...first.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  });

describe("docs/notation.md", () => {
  it("shows forms to test", () => {
    expect(forms.length).toBeGreaterThan(20);
  });
  for (const f of forms) {
    it(`reads ${f} and reads back what it prints`, () => {
      const printed = show(evaluate(f));
      expect(show(evaluate(printed))).toBe(printed);
    });
  }
});
