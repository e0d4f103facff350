import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { boundedEditDistance, nearest, suggestion } from "../src/core/suggest.js";

/** the textbook Levenshtein table, for reference */
function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) dp[i]![j] = Math.min(dp[i - 1]![j]! + 1, dp[i]![j - 1]! + 1, dp[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return dp[a.length]![b.length]!;
}

describe("suggestions", () => {
  it("boundedEditDistance is Levenshtein up to the cap, cap + 1 beyond it", () => {
    const word = fc.stringOf(fc.constantFrom("a", "b", "c", "_", "1"), { maxLength: 14 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 8 }), (a, b, cap) => {
        const d = levenshtein(a, b);
        expect(boundedEditDistance(a, b, cap)).toBe(d <= cap ? d : cap + 1);
      }),
      { numRuns: 3000 },
    );
  });

  it("a truncated name suggests its completions, a typo its fix", () => {
    expect(nearest("SM75_U32x4_LDSM", ["SM75_U32x4_LDSM_N", "SM75_U16x8_LDSM_T", "SM90_U32x4_STSM_N"])[0]).toBe("SM75_U32x4_LDSM_N");
    expect(suggestion("floot", ["float", "double", "half_t"])).toBe("; did you mean float?");
    expect(suggestion("zzzzzzzz", ["float", "double"])).toBe("");
  });
});
