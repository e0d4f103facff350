/**
 * The front end's one definition of where C++'s lexical pieces end (src/notation/cxx/scan.ts),
 * as the lexer, the preprocessor and check's source reader all read it.
 */
import { describe, expect, it } from "vitest";
import { blockCommentEnd, isDigitSeparator, lineCommentEnd, quotedEnd, rawStringEnd, scan, tokenize } from "../src/notation/cxx/scan.js";
import { preprocess } from "../src/notation/cxx/preprocess.js";
import { parse } from "../src/notation/parse.js";

describe("where each piece ends", () => {
  it("a // comment ends at its line, or a later one when a backslash ends each line before it", () => {
    expect(lineCommentEnd("a // b\nc", 2)).toBe(6);
    const t = "a // b \\\nc \\\r\nd\ne";
    expect(t.slice(2, lineCommentEnd(t, 2))).toBe("// b \\\nc \\\r\nd");
    expect(lineCommentEnd("// last", 0)).toBe(7);
  });
  it("a /* */ comment past its close, -1 unclosed", () => {
    expect(blockCommentEnd("x /* a\n b */ y", 2)).toBe(12);
    expect(blockCommentEnd("x /* a", 2)).toBe(-1);
  });
  it("literals: escapes, an unterminated one at its line's end, a raw string to its delimiter", () => {
    const s = String.raw`"a\"b" x`;
    expect(s.slice(0, quotedEnd(s, 0))).toBe(String.raw`"a\"b"`);
    expect(quotedEnd("'x\ny'", 0)).toBe(2);
    const r = 'R"xy(a)" b)xy" c';
    expect(r.slice(1, rawStringEnd(r, 1))).toBe('"xy(a)" b)xy"');
    // a delimiter with a space is no raw string's
    expect(rawStringEnd('R"a b(x)a b"', 1)).toBe(-1);
  });
  it("a quote between digits of a number is a digit separator, between letters a literal's", () => {
    expect(isDigitSeparator("1'000'000", 1)).toBe(true);
    expect(isDigitSeparator("0xFF'FF", 4)).toBe(true);
    expect(isDigitSeparator("f('a')", 2)).toBe(false);
  });
});

describe("scan and tokenize a whole source", () => {
  it("comments, preprocessor lines and literals' insides are blanked with lines and columns kept", () => {
    const src = ['#include <cute/tensor.hpp>', 'auto s = R"(// not a comment)"; // a note \\', "still the note", "int n = 1'000; char c = '/';"].join("\n");
    const s = scan(src);
    expect(s.code.length).toBe(src.length);
    expect(s.code.split("\n")[0]!.trim()).toBe("");
    expect(s.code.split("\n")[2]!.trim()).toBe("");
    expect(s.masked.split("\n")[1]!.trimEnd()).toBe('auto s = R"' + " ".repeat("(// not a comment)".length) + '";');
    expect([...s.lineComments]).toEqual([[1, { col: src.split("\n")[1]!.indexOf("// a note"), text: " a note \\\nstill the note" }]]);
    const toks = tokenize(s.masked).map((t) => (t.t === "id" ? t.v : t.t));
    expect(toks).toEqual(["auto", "s", "=", "str", ";", "int", "n", "=", "num", ";", "char", "c", "=", "str", ";"]);
  });
  it("a name is a letter or _ then letters, digits and _: the lexer's names, nothing more", () => {
    expect(tokenize("a_1 b$c").map((t) => t.t + (t.v ? ":" + t.v : ""))).toEqual(["id:a_1", "id:b", "$", "id:c"]);
  });
});

describe("the readers that share it", () => {
  it("the preprocessor expands a macro after a number with digit separators", () => {
    const out = preprocess("#define N 4\nint x = 1'000 + N;", { file: "a.cu" }).text;
    expect(out.split("\n")[1]).toBe("int x = 1'000 + 4;");
  });
  it("the preprocessor's comments end where C++'s do: a backslash continues a // comment", () => {
    const out = preprocess("int a; // note \\\nint b;\nint c;", { file: "a.cu" }).text.split("\n");
    expect(out.map((l) => l.trim())).toEqual(["int a;", "", "int c;"]);
  });
  it("the lexer skips a // comment continued by a backslash", () => {
    expect(parse("(4,8) // a shape \\\n:(1,4)")).toMatchObject({ k: "tuple" });
    expect(parse("(4,8) // a shape\n:(1,4)")).toMatchObject({ k: "layout" });
  });
});
