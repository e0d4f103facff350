/**
 * The parser's output (the Node union: plain objects whose own fields are the ones the union
 * names, every node with one set of fields in one order) and the order of its errors: a lexical error anywhere in the input is reported before a grammar error.
 */
import { describe, expect, it } from "vitest";
import { type Node, forEachChild, parse } from "../src/notation/parse.js";
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

describe("parse: nodes are what their types say", () => {
  const all = (n: Node, out: Node[] = []): Node[] => {
    out.push(n);
    forEachChild(n, (c) => all(c, out));
    if ("types" in n && n.types !== null) for (const t of n.types) all(t, out);
    return out;
  };
  const inputs = [
    "(_4,-3,_1@0@1,_)",
    "size<0>((4,8):(1,4))",
    "(4,8):(1,4)(_,2)",
    "Sw<3,4,3> o _0 o (8,8):(8,1)",
    "smem_ptr[16b](unset)",
    "gmem_ptr[32b](0x10000)",
    "M_0|(3&3)=3",
    "make_tensor(make_gmem_ptr((float*)0x10000), Layout<Shape<_8,Int<sizeof(float) * 2>>>{})",
    "tiled_mma.get_slice(3).partition_A(T)[2] + -x * 1.5f",
    "is_static<Layout<_4>>::value",
  ];
  it("every node is a plain object with one set of own data fields, in one order", () => {
    const nodes = inputs.flatMap((s) => all(parse(s)));
    const kinds = new Set(nodes.map((n) => n.k));
    for (const k of ["int", "float", "basis", "under", "tuple", "layout", "name", "call", "init", "member", "op", "apply", "composed", "swizzle", "smem", "ptr", "cast", "texpr", "mixed"]) expect(kinds, k).toContain(k);
    const order = Object.keys(nodes[0]!);
    for (const n of nodes) {
      expect(Object.getPrototypeOf(n)).toBe(Object.prototype);
      expect(Object.keys(n)).toEqual(order);
      for (const key of order) expect(Object.getOwnPropertyDescriptor(n, key), `${n.k}.${key}`).toHaveProperty("value");
    }
  });
  it("each kind's fields hold what its type names: an application's target and arguments, a member's target", () => {
    const a = parse("tiled_mma.get_slice(3).partition_A(T)[2]");
    if (a.k !== "apply") throw new Error(a.k);
    expect(a.subscript).toBe(true);
    expect(a.args.map((x) => x.k)).toEqual(["int"]);
    expect(a.target).toMatchObject({ k: "member", name: "partition_A", field: false, target: { k: "member", name: "get_slice" } });
    const t = parse("Layout<Shape<_8,Int<sizeof(float) * 2>>>{}");
    if (t.k !== "init") throw new Error(t.k);
    const shape = t.types![0]!;
    if (shape.k !== "name") throw new Error(shape.k);
    expect(shape.types![1]).toMatchObject({ k: "name", name: "Int", types: [{ k: "texpr", e: { k: "op", name: "*" } }] });
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
