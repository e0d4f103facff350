/**
 * Parser-level findings of issue 34, each read as C++ reads it: a failed static_assert, the 2^53
 * bound's wording, a redefinition in one scope, a double literal of many digits, a character
 * outside the BMP in a message.
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";

describe("issue 34's parser findings", () => {
  it("static_assert(false) is a failed static assertion, not a dynamic condition", async () => {
    const err = await refused(["eval", "static_assert(false);"]);
    expect(err).toContain("static assertion failed");
    expect(err).not.toContain("not a constant expression");
    expect(await refused(["eval", 'static_assert(1 == 2, "boom");'])).toContain("static assertion failed: boom");
    expect(await ok(["eval", "static_assert(true); print(1);"])).toBe("1");
  });
  it("an overflow past the bound names the bound itself (2^53 - 1), not 2^53", async () => {
    const err = await refused(["eval", "auto a = 1 << 53; print(a);"]);
    expect(err).toContain("2^53 - 1");
    expect(err).not.toContain("exceeds 2^53");
  });
  it("a second declaration of a name in one scope is a redefinition; an inner scope may shadow it", async () => {
    const err = await refused(["eval", "auto x = 3; auto x = 4;"]);
    expect(err).toContain("redefinition of 'x'");
    // the caret stands under the second x
    const lines = err.split("\n");
    const i = lines.findIndex((l) => l.includes("auto x = 3; auto x = 4;"));
    expect(lines[i + 1]!.indexOf("^")).toBe(lines[i]!.lastIndexOf("x"));
    expect(await ok(["eval", "auto x = 3; { auto x = 4; print(x); } print(x);"])).toBe("43");
  });
  it("a double literal of more than 15 digits is a double, rounded as C++ rounds it", async () => {
    // 9007199254740993 is not a double: the nearest one is 2^53
    expect(await ok(["eval", 'auto d = 9007199254740993.0; printf("%.1f", d);'])).toBe(`${2 ** 53}.0`);
    expect(await ok(["eval", 'auto d = 90071992547409930e-1; printf("%.1f", d);'])).toBe(`${2 ** 53}.0`);
    // an integer literal past the bound is still refused
    expect(await refused(["eval", "print(9007199254740993);"])).toContain("beyond 2^53 - 1");
  });
  it("a character outside the BMP is reported whole", async () => {
    const err = await refused(["eval", "auto 😀 = 3;"]);
    expect(err).toContain("unexpected character '😀'");
    expect(err).not.toContain("\ufffd");
  });

  describe("input nested too deeply is refused with a caret where the nesting passed the bound", () => {
    /** the refusal names the bound, echoes the input and stands its caret under `at` (the character where the bound was passed) */
    function atBound(err: string, bound: number, at: string): void {
      expect(err).toContain(`nesting deeper than ${bound} levels`);
      expect(err).not.toContain("nested too deeply to evaluate");
      const lines = err.split("\n");
      const caret = lines.findIndex((l) => /^\s*\^$/.test(l));
      expect(caret).toBeGreaterThan(0);
      const echo = lines[caret - 1]!;
      expect(echo[lines[caret]!.indexOf("^")]).toBe(at);
    }
    const n = 3000;
    it("C++: parentheses, template arguments, braces, unary operators, print's tuples", async () => {
      atBound(await refused(["eval", "(".repeat(n) + "1" + ")".repeat(n)]), 500, "(");
      atBound(await refused(["eval", `auto x = ${"Int<".repeat(1000)}1${">".repeat(1000)}{}; print(x);`]), 500, "<");
      atBound(await refused(["eval", `auto x = make_shape${"{".repeat(n)}1${"}".repeat(n)}; print(x);`]), 500, "{");
      atBound(await refused(["eval", `print(${"-".repeat(n)}1);`]), 500, "-");
      atBound(await refused(["eval", `print(${"~".repeat(n)}1);`]), 500, "~");
      atBound(await refused(["print", "(".repeat(n) + "1" + ",1)".repeat(n)]), 500, "(");
    }, 120_000);
    it("C++: a long chain of binary operators (a+a+a+... 100,000 long) counts as nesting", async () => {
      atBound(await refused(["eval", `auto a = 1; print(a${"+a".repeat(100_000)});`]), 500, "+");
      atBound(await refused(["eval", "1" + "+1".repeat(100_000)]), 500, "+");
      atBound(await refused(["eval", `print(1${"*1".repeat(100_000)});`]), 500, "*");
      atBound(await refused(["eval", `print(1${"&&1".repeat(100_000)});`]), 500, "&");
      atBound(await refused(["eval", `print(1${"<<0".repeat(100_000)});`]), 500, "<");
      // a chain within the bound still evaluates
      expect(await ok(["eval", `print(1${"+1".repeat(497)});`])).toBe("498");
    }, 120_000);
    it("DSL: parentheses, tuples, operator chains, subscript chains, a statement's expression", async () => {
      atBound(await refused(["--dialect", "dsl", "eval", "(".repeat(n) + "1" + ")".repeat(n)]), 200, "(");
      atBound(await refused(["--dialect", "dsl", "eval", "(".repeat(499) + "1" + ")".repeat(499)]), 200, "(");
      atBound(await refused(["--dialect", "dsl", "eval", "(".repeat(n) + "1," + ")".repeat(n)]), 200, "(");
      atBound(await refused(["--dialect", "dsl", "eval", "1" + "+1".repeat(100_000)]), 200, "+");
      atBound(await refused(["--dialect", "dsl", "eval", "1" + "|1".repeat(100_000)]), 200, "|");
      atBound(await refused(["--dialect", "dsl", "eval", "x" + "[0]".repeat(100_000)]), 200, "[");
      atBound(await refused(["--dialect", "dsl", "eval", `x = 1\nprint(x${"+x".repeat(100_000)})\n`]), 200, "+");
      // within the bound it evaluates
      expect(await ok(["--dialect", "dsl", "eval", "(".repeat(190) + "1" + "+1".repeat(8) + ")".repeat(190)])).toBe("9\n");
    }, 120_000);
  });
});
