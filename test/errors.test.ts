/**
 * Error-message review: each distinct refusal names the operation, the rule and the offending
 * operand; parse errors put a caret under the offending character. Exit 2, no stack trace.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";
import { dispatch } from "../src/cli/run.js";
import { MAX_INPUT } from "../src/notation/parse.js";

const STACK = /\n[ \t]+at /;

async function refuse(argv: string[]): Promise<string> {
  const r = await run(argv);
  expect(r.exit, r.stderr).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr).not.toMatch(STACK);
  expect(r.stderr).not.toContain("internal error");
  return r.stderr;
}
const evalRefusal = (expr: string) => refuse(["eval", expr]);

/** the caret line sits under the character at `col` of the echoed input */
function caretAt(text: string, input: string, col: number): void {
  const lines = text.split("\n");
  const i = lines.findIndex((l) => l === `  ${input}`);
  expect(i, text).toBeGreaterThan(0);
  expect(lines[i + 1]).toBe(" ".repeat(2 + col) + "^");
}

describe("parse errors show a caret", () => {
  it("a missing ')' at end of input", async () => {
    const e = await evalRefusal("(4,8):(1,4");
    expect(e).toContain("cannot parse: expected ',' or ')', found end of input");
    caretAt(e, "(4,8):(1,4", 10);
  });
  it("an unexpected character", async () => {
    const e = await evalRefusal("(4,#)");
    expect(e).toContain("unexpected character '#'");
    caretAt(e, "(4,#)", 3);
  });
  it("an integer beyond 2^53 is refused, not rounded", async () => {
    const e = await evalRefusal("(2,99999999999999999999)");
    expect(e).toContain("integer 99999999999999999999 is beyond 2^53");
    caretAt(e, "(2,99999999999999999999)", 3);
  });
  it("an unknown function, with a suggestion", async () => {
    const e = await evalRefusal("size(compositoin(1:1,2:1))");
    expect(e).toContain("unknown function 'compositoin' (did you mean composition");
    caretAt(e, "size(compositoin(1:1,2:1))", 5);
  });
  it("a stray token after a complete expression", async () => {
    const e = await evalRefusal("(4,8) 3");
    expect(e).toContain("expected end of input");
    caretAt(e, "(4,8) 3", 6);
  });
  it("nesting deeper than the parser's limit (depth 10,000) is a parse error, not a stack overflow", async () => {
    const deep = "(".repeat(10000) + "1" + ")".repeat(10000);
    const e = await evalRefusal(deep);
    expect(e).toMatch(/nesting deeper than \d+ levels/);
  });
  it("a chain of 10,000 applications is a parse error, not a stack overflow", async () => {
    const e = await evalRefusal("(4,8):(1,4)" + "(0)".repeat(10000));
    expect(e).toContain("cannot parse: nesting deeper than 500 levels (applications chained");
  });
  it("input longer than the limit", async () => {
    const e = await evalRefusal("1".repeat(MAX_INPUT + 1));
    expect(e).toContain(`input longer than ${MAX_INPUT} characters`);
  });
});

describe("CuTe's refusals name the operation, the rule and the operands", () => {
  const cases: [string, string, string[]][] = [
    ["(4,8):(1,4,2)", "make_layout: Shape and Stride must be congruent", ["(4,8)", "(1,4,2)"]],
    ["make_layout((2,2),(1,2,3))", "make_layout: Shape and Stride must be congruent", ["(2,2)", "(1,2,3)"]],
    ["complement((16,4):(1,16),_128)", "complement: Dynamic-stride complement only for rank-1 layouts", ["(16,4):(1,16)"]],
    ["complement((_2,_2):(_1,_1),_8)", "complement: Non-injective Layout detected in complement.", ["(_2,_2):(_1,_1)"]],
    ["composition(_4:_1,(_2,_2,_2))", "composition: static assertion failed: rank(tiler) <= rank(layout)", ["_4:_1", "a rank-3 tiler"]],
    ["composition(():(),_4:_1)", "composition: the layout has no modes", ["():()", "_4:_1"]],
    ["logical_divide(_8:_1,(_2,_2))", "logical_divide: logical_divide: Too many modes in tiler.", ["_8:_1", "(_2,_2)"]],
    ["logical_product(_4:_1,(_2,_2))", "logical_product: logical_product: Too many modes in tiler.", ["_4:_1", "(_2,_2)"]],
    ["shape_div(_3,_2)", "shape_div: Static shape_div failure", ["_3", "_2"]],
    ["shape_div(3,0)", "shape_div: integer division by zero", ["3", "0"]],
    ["safe_div(_3,_2)", "safe_div: Static safe_div requires t % u == 0", ["_3", "_2"]],
    ["crd2idx((1,2,3),(4,8),(1,4))", "crd2idx: Mismatched Ranks", ["coordinate of rank 3", "shape of rank 2"]],
    ["(4,8):(1,4)((1,2,3))", "crd2idx: Mismatched Ranks", ["coordinate of rank 3", "shape of rank 2"]],
    ["tile_to_shape((_3,_2):(_1,_3),(_8,_8))", "tile_to_shape: tile_to_shape: block shape does not divide the target shape.", ["(_3,_2):(_1,_3)", "(_8,_8)"]],
    ["tile_to_shape((_2,_2,_2):(_1,_2,_4),(_8,_8))", "tile_to_shape: Rank of layout must be <= rank of target shape.", ["(_2,_2,_2):(_1,_2,_4)", "(_8,_8)"]],
    ["get<5>((1,2))", "get: Index out of range", ["index 5 of a rank-2 tuple"]],
    ["group<2,1>((1,2,3))", "group: static assertion failed: group<B,E> needs 0 <= B <= E <= rank", ["<2,1> of rank 3"]],
    ["take<2,1>((1,2,3))", "take: take: empty range error", ["<2,1>"]],
    ["append<1>((1,2),3)", "append: static assertion failed: append<N> needs N >= rank", ["N=1"]],
    ["idx2crd((1,2),4)", "idx2crd: Invalid parameters", ["a tuple index for an integer shape"]],
    ["shape_div((4,8),(2,2,2))", "shape_div: Mismatched ranks: shape_div of two tuples needs equal ranks", ["(4,8)", "(2,2,2)"]],
    ["ceil_div((4,8),(2,2,2))", "ceil_div: Mismatched ranks: the divisor has more modes than the dividend", ["(4,8)", "(2,2,2)"]],
    ["idx2crd((1,2),(4,8,2))", "idx2crd: Mismatched Ranks of the index and the shape", ["(1,2)", "(4,8,2)"]],
    ["idx2crd(3,(4,8),(1,4,2))", "idx2crd: Mismatched Ranks of the shape and the stride", ["(4,8)", "(1,4,2)"]],
    ["compact_col_major(4,(1,2))", "compact_major: Invalid parameters: a tuple of current strides needs a tuple shape", ["4", "(1,2)"]],
    ["compact_col_major((4,8),(1,2,3))", "compact_major: Mismatched Ranks of the shape and the current strides", ["(4,8)", "(1,2,3)"]],
    ["crd2idx((1,2,3),(4,8))", "crd2idx: Mismatched Ranks: the coordinate is not congruent with the shape", ["(1,2,3)", "(4,8)"]],
    ["idx2crd(3,4,(1,4))", "idx2crd: Mismatched Ranks: a tuple stride for an integer shape", ["4", "(1,4)"]],
    // composition's fold divides by each dynamic mode size: a size 0 before the last mode is CuTe's SIGFPE
    ["composition((0,4):(1,0),_1:_1)", "composition: integer division by zero in ceil_div(_1, 0)", ["(0,4):(1,0)", "_1:_1"]],
    ["composition((_-7,0,28):(_1,-28,7),7:1)", "composition: integer division by zero in ceil_div(1, 0)", ["(_-7,0,28):(_1,-28,7)", "7:1"]],
    // blocked/raked products zip (tile, rest): a rank-1 tuple block against a two-mode rest does not compile
    ["blocked_product(((_2,_2)):((_1,_4)),_4:_1)", "blocked_product: static assertion failed with \"Mismatched Ranks\" (zip)", ["((_2,_2)):((_1,_4))", "(_2,_2):(_2,_8)"]],
    ["raked_product(((_2,_2)):((_1,_4)),_4:_1)", "raked_product: static assertion failed with \"Mismatched Ranks\" (zip)", ["(_2,_2):(_2,_8)", "((_2,_2)):((_1,_4))"]],
    ["max_alignment((_4,_8):(_2,_16))", "max_alignment: no matching gcd", ["(_4,_8):(_2,_16)", "(_2,_16)"]],
    ["max_alignment(12)", "max_alignment: no matching overload", ["12"]],
    ["domain_offset((1,_),make_identity_tensor((4,8)))", "domain_offset: the coordinate holds _", ["(4,8):(_1@0,_1@1)"]],
    // integers: overflow past 2^53 - 1 is refused with the operands that overflowed and the exact result (2^32 * 2^32 = 2^64)
    ["size((4294967296,4294967296))", "operator*: integer overflow: 4294967296 * 4294967296 = 18446744073709551616 is beyond 2^53 - 1 = 9007199254740991", ["4294967296", "4294967296"]],
    ["cosize((4294967296,4294967296):(4294967296,1))", "cosize: integer overflow: the cosize of (4294967296,4294967296):(4294967296,1) is beyond 2^53 - 1 = 9007199254740991", []],
  ];
  for (const [expr, rule, operands] of cases) {
    it(`${expr} -> ${rule}`, async () => {
      const e = await evalRefusal(expr);
      expect(e).toContain(`cute-ts: CuTe rejects ${rule}`);
      if (operands.length) expect(e).toContain(`\n  operands: ${operands.join("  ")}`);
    });
  }

  it("swizzles with out-of-range bits name the swizzle and the rule", async () => {
    expect(await evalRefusal("Sw<-1,2,3>")).toContain("CuTe rejects Swizzle<-1,2,3>: BBits must be positive.");
    expect(await evalRefusal("Sw<1,-2,3>")).toContain("CuTe rejects Swizzle<1,-2,3>: MBase must be positive.");
    expect(await evalRefusal("Sw<3,4,1>")).toContain("CuTe rejects Swizzle<3,4,1>: abs(SShift) must be more than BBits.");
    expect(await evalRefusal("Sw<40,10,40>")).toContain("CuTe rejects Swizzle<40,10,40>: swizzle bits beyond 2^52 are not supported");
  });

  it("composition(Layout, Swizzle) needs the layout's images of the masks at compile time", async () => {
    const e = await evalRefusal("composition((8,8):(8,1),Sw<3,0,3>)");
    expect(e).toContain("CuTe rejects composition: composition(Layout, Swizzle) needs the layout's images of the swizzle masks at compile time; L(56) = 7 and L(7) = 56 are not both static");
    expect(e).toContain("operands: (8,8):(8,1)  Sw<3,0,3>");
    expect(await evalRefusal("composition((_8,_8):(-8,_1),Sw<3,0,3>)")).toContain("L(7) = -56");
  });

  it("the inverses of a swizzled layout invert integral offsets only", async () => {
    expect(await evalRefusal("right_inverse(Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_8):(_8,_1))")).toContain(
      "CuTe rejects right_inverse: no matching overload: right_inverse of a swizzled layout whose offset is smem_ptr[16b](unset) (CuTe inverts only integral offsets)",
    );
    expect(await evalRefusal("left_inverse(Sw<3,0,3> o (1,2) o (_8,_8):(_8,_1))")).toContain("whose offset is the coordinate (1,2)");
    expect(await evalRefusal("right_inverse(Sw<3,0,-3> o 64 o (_16,_8):(_8,_1))(_,1)")).toContain(
      "CuTe rejects operator(): no matching call operator: a layout composed over a swizzle takes one integer",
    );
  });

  it("recast_layout names its two value types and CuTe's limits", async () => {
    expect(await evalRefusal("recast_layout<halff,float>(_8:_1)")).toContain("unknown value type 'halff'; did you mean half_t?");
    expect(await evalRefusal("recast_layout<float>(_8:_1)")).toContain("CuTe rejects recast_layout: recast_layout<OldType, NewType>(layout) takes two value types");
    expect(await evalRefusal("recast_layout<float_e3m2_t,uint8_t>(Sw<3,4,3>)")).toContain("recast_layout of a Swizzle by the ratio 4/3 does not compile");
    expect(await evalRefusal("recast_layout<uint8_t,float_e3m2_t>(Sw<3,4,3> o _0 o (_8,_64):(_64,_1))")).toContain("CuTe rejects upcast<3>: N must be a power of two");
  });

  it("logical_product with a swizzled tiler needs offset _0 and static masks", async () => {
    expect(await evalRefusal("logical_product((_2,_2):(_1,_2),Sw<1,0,1> o _4 o (_2,_2):(_1,_2))")).toContain("CuTe rejects logical_product: Require Swizzle offset == 0.");
    expect(await evalRefusal("logical_product(_4:_1,Sw<3,4,3> o _0 o (_8,_64):(_64,_1))")).toContain("CuTe rejects make_swizzle: Number of bits in Y and Z don't match");
    expect(await evalRefusal("max_common_layout(Sw<3,4,3> o _0 o _8:_1,Sw<3,4,3> o _0 o _8:_1)")).toContain("CuTe rejects max_common_layout: no matching overload for two composed layouts");
  });

  it("integer arithmetic near 2^53 is exact or refused, never rounded", async () => {
    // (2^53 - 1) / 2 truncates exactly; a float quotient would round up to 2^52
    expect((await run(["eval", "shape_div(9007199254740991,2)"])).stdout).toBe("4503599627370495\n");
    expect((await run(["eval", "ceil_div(9007199254740990,2)"])).stdout).toBe("4503599627370495\n");
  });
  it("ceil_div answers when the answer fits, though a + b - 1 does not", async () => {
    // ceil((2^53 - 1) / 2) = 2^52; ceil((2^53 - 1) / (2^53 - 1)) = 1
    expect((await run(["eval", "ceil_div(9007199254740991,2)"])).stdout).toBe("4503599627370496\n");
    expect((await run(["eval", "ceil_div(9007199254740991,9007199254740991)"])).stdout).toBe("1\n");
    expect((await run(["eval", "ceil_div(_9007199254740991,_4)"])).stdout).toBe(`_${2 ** 51}\n`);
  });
  it("the bound is 2^53 - 1, exact at both sides of it, and refusals print exact integers", async () => {
    expect((await run(["eval", "9007199254740991"])).stdout).toBe("9007199254740991\n");
    expect((await run(["eval", "-9007199254740991"])).stdout).toBe("-9007199254740991\n");
    const at = await run(["eval", "9007199254740992"]);
    expect(at.exit).toBe(2);
    expect(at.stderr).toContain("integer 9007199254740992 is beyond 2^53 - 1 = 9007199254740991");
    // lcm of two numbers near 2^53, checked against BigInt arithmetic (gcd by Euclid)
    const [a, b] = [9007199254740881n, 9007199254740847n];
    const gcd = (x: bigint, y: bigint): bigint => (y === 0n ? x : gcd(y, x % y));
    const r = await run(["eval", `lcm(${a},${b})`]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain(`lcm(${a}, ${b}) = ${(a / gcd(a, b)) * b} is beyond`);
    expect(r.stderr).not.toMatch(/\de[+-]?\d/);
    // a sum and a product past the bound print their exact values
    expect((await run(["eval", "sum((9007199254740991,1))"])).stderr).toContain("9007199254740991 + 1 = 9007199254740992 is beyond");
  });
});

describe("limits", () => {
  it("print refuses a 10^9-cell layout instead of attempting it, and says how to force it", async () => {
    const e = await refuse(["print", "(_1000,1000000):(_1,_1000)"]);
    expect(e).toContain("cute-ts: print_layout: the result has 1000000000 cells, more than cute-ts's limit of");
    expect(e).toContain("pass --force");
  });
  it("print_tensor has the same limit", async () => {
    const e = await refuse(["print", "make_tensor(counting_iter(0),(100000,100000))"]);
    expect(e).toContain("cute-ts: print_tensor: the result has 10000000000 cells");
  });
  it("pictures have a limit of their own", async () => {
    const e = await refuse(["print", "(_512,_512):(_1,_512)", "--svg"]);
    expect(e).toContain("cute-ts: print_svg: the picture has 262144 cells, more than cute-ts's limit of");
  });
  it("mma maps and coordinate lists are bounded too", async () => {
    const tile = ["--tile", "(_65536,_65536)"];
    expect(await refuse(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--map", "A", ...tile])).toContain("cute-ts: mma --map: the result has");
    expect(await refuse(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--thread", "0", ...tile])).toContain("cute-ts: mma --thread: the result has");
    expect(await refuse(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--map", "A", "--json", ...tile])).toContain("more than cute-ts's limit of 262144; pass --force");
  });
  it("a counting iterator over basis strides is a refusal, not an internal error", async () => {
    const e = await refuse(["print", "make_tensor(counting_iter(42),_2:_1@0)"]);
    expect(e).toContain("CuTe rejects counting_iterator: a counting iterator advances by integers");
  });
});

describe("batch survives any line", () => {
  it("an unreadable FILE is a usage error", async () => {
    expect(await refuse(["batch", "/nonexistent/cute-ts-batch"])).toContain("batch cannot read '/nonexistent/cute-ts-batch': no such file or directory (ENOENT)");
    expect(await refuse(["batch", "/"])).toContain("batch cannot read '/': it is a directory");
  });
  it("invalid JSON, wrong types, non-string argv, huge and deep lines each get an error record", async () => {
    const { runBatch } = await import("../src/cli/commands/batch.js");
    const lines = [
      "not json",
      "[]",
      "null",
      '{"cmd":1}',
      '{"cmd":["eval",{}]}',
      '{"cmd":["batch","x"]}',
      "[".repeat(100000),
      JSON.stringify({ id: "big", cmd: ["eval", "x".repeat(2_000_000)] }),
      '{"id":"ok","cmd":["eval","size((2,3))"]}',
    ];
    const out: string[] = [];
    await runBatch(lines.join("\n") + "\n", (l) => out.push(l), (argv, io) => dispatch(argv, io, { where: "a batch record" }));
    const recs = out.join("").trim().split("\n").map((l) => JSON.parse(l) as { id: unknown; stdout: string; stderr: string; exit: number });
    expect(recs).toHaveLength(lines.length);
    for (const r of recs.slice(0, -1)) {
      expect(r.exit).toBe(2);
      expect(r.stderr).toMatch(/^cute-ts: /);
      expect(r.stderr).not.toMatch(STACK);
    }
    expect(recs[recs.length - 1]).toEqual({ id: "ok", stdout: "6\n", stderr: "", exit: 0 });
  });
});
