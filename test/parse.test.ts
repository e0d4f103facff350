/**
 * The parser's output (the Node union callers see, whatever class holds it) and the order of
 * its errors: a lexical error anywhere in the input is reported before a grammar error.
 */
import { describe, expect, it } from "vitest";
import { parse } from "../src/notation/parse.js";
import { ParseError } from "../src/core/errors.js";

function parseError(src: string): ParseError {
  try {
    parse(src);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return e as ParseError;
  }
  throw new Error(`parsed: ${src}`);
}

describe("parse: the Node of each kind", () => {
  it("integers, bases, '_' and tuples", () => {
    const n = parse("(_4,-3,_1@0@1,_)");
    expect(n).toMatchObject({ k: "tuple", pos: 0 });
    if (n.k !== "tuple") throw new Error(n.k);
    expect(n.items.map((x) => x.k)).toEqual(["int", "int", "basis", "under"]);
    expect(n.items[0]).toMatchObject({ k: "int", v: 4, s: true, pos: 1 });
    expect(n.items[1]).toMatchObject({ k: "int", v: -3, s: false, pos: 4 });
    // v@i@j is v * E<j,i>: modes are listed outermost first
    expect(n.items[2]).toMatchObject({ k: "basis", v: 1, s: true, modes: [1, 0], pos: 7 });
  });
  it("layouts, calls with template arguments, applications and compositions", () => {
    const n = parse("size<0>((4,8):(1,4))");
    expect(n).toMatchObject({ k: "call", name: "size", targs: [0], pos: 0 });
    if (n.k !== "call") throw new Error(n.k);
    expect(n.args).toHaveLength(1);
    expect(n.args[0]).toMatchObject({ k: "layout", shape: { k: "tuple" }, stride: { k: "tuple" }, pos: 8 });
    const a = parse("(4,8):(1,4)(_,2)");
    if (a.k !== "apply") throw new Error(a.k);
    expect(a).toMatchObject({ pos: 11, target: { k: "layout", pos: 0 } });
    expect(parse("LayoutLeft")).toMatchObject({ k: "name", name: "LayoutLeft", targs: [] });
    expect(a.args.map((x) => x.k)).toEqual(["under", "int"]);
    const c = parse("Sw<3,4,3> o _0 o (8,8):(8,1)");
    if (c.k !== "composed") throw new Error(c.k);
    expect(c.parts[0]).toMatchObject({ k: "swizzle", b: 3, m: 4, s: 3 });
    expect(c.parts.map((x) => x.k)).toEqual(["swizzle", "int", "layout"]);
    expect(parse("smem_ptr[16b](unset)")).toMatchObject({ k: "smem", bits: 16, pos: 0 });
    expect(parse("recast_layout<half_t,cute::array<int,2>>(L)")).toMatchObject({ k: "call", targs: ["half_t", "cute::array<int,2>"] });
  });
});

describe("parse errors", () => {
  it("a bad character later in the input is reported before an earlier grammar error", () => {
    const e = parseError("(1,2)) $");
    expect(e.expected).toBe("unexpected character '$'");
    expect(e.pos).toBe(7);
  });
  it("without a bad character, the grammar error stands", () => {
    const e = parseError("(1,2)) 3");
    expect(e.expected).toBe("expected end of input (or ':' / '(' / ' o '), found ')'");
    expect(e.pos).toBe(5);
  });
  it("the first of several bad characters is the one reported", () => {
    expect(parseError("(1,#,$").pos).toBe(3);
  });
  it("an integer beyond 2^53 is a lexical error, also after a grammar error", () => {
    const e = parseError("(1,,99999999999999999)");
    expect(e.expected).toMatch(/beyond 2\^53/);
  });
  it("a bit width must be written like 16b", () => {
    const e = parseError("smem_ptr[16c](unset)");
    expect(e.expected).toBe("expected a bit width such as 16b, found '16c](unset)'");
    expect(e.pos).toBe(9);
  });
});
