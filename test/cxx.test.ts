/**
 * CuTe's C++ spelling as input: the grammar (one parser for both spellings), CuTe's integer
 * operators and their static-ness, C++ types as values, the GMMA/UMMA smem atoms, MMA and copy
 * atoms as values, and the refusals (CuTe's reason, or what cute-ts does not support, with a
 * caret where the text is at fault).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { run } from "./helpers.js";
import { parse } from "../src/notation/parse.js";
import { ParseError } from "../src/core/errors.js";
import { evaluate, evaluateAny, showValue } from "../src/eval/evaluate.js";
import { show } from "../src/print/print.js";
import { Int } from "../src/core/integer.js";

const ev = (s: string) => show(evaluate(s));
async function evAny(s: string): Promise<string> {
  return showValue(await evaluateAny(s));
}
async function refusal(argv: string[]): Promise<string> {
  const r = await run(argv);
  expect(r.exit, r.stdout).toBe(2);
  expect(r.stdout).toBe("");
  expect(r.stderr).not.toMatch(/internal error|\n[ \t]+at /);
  return r.stderr;
}
/** the caret line sits under column `col` of the echoed line */
function caretUnder(stderr: string, echoed: string, col: number): void {
  const lines = stderr.split("\n");
  const i = lines.findIndex((l) => l.endsWith(echoed));
  expect(i, stderr).toBeGreaterThan(0);
  const prefix = lines[i]!.length - echoed.length;
  expect(lines[i + 1]).toBe(" ".repeat(prefix + col) + "^");
}

describe("one grammar, two spellings", () => {
  it("the print notation parses as before: (x) is a rank-1 tuple, -1 a literal, 8:-1 a layout", () => {
    expect(ev("(-1)")).toBe("(-1)");
    expect(ev("((6),((1,1))):((-1),((_-1,-6)))")).toBe("((6),((1,1))):((-1),((_-1,-6)))");
    expect(ev("8:-1")).toBe("8:-1");
    expect(ev("(4,-3)")).toBe("(4,-3)");
  });
  it("in a C++ expression (x) groups, as C++ does", () => {
    expect(ev("make_tuple((-1), 2)")).toBe("(-1,2)");
    expect(ev("make_layout(make_shape(Int<4>{}), make_stride((-2)))")).toBe("(_4):(-2)");
    // a C++ construct after the parentheses decides as well
    expect(ev("((-1), Int<2>{})")).toBe("(-1,_2)");
    // before an argument list and as an operand, parentheses group in both spellings
    expect(ev("((4,8):(8,1))(3)")).toBe("24");
    expect(ev("(Int<2>{} + Int<2>{}) * Int<3>{}")).toBe("_12");
  });
  it("C++ operators bind as in C++", () => {
    expect(ev("Int<2>{} + Int<3>{} * Int<4>{}")).toBe("_14");
    expect(ev("Int<20>{} - Int<6>{} - Int<4>{}")).toBe("_10");
    expect(ev("Int<1>{} << Int<3>{} + Int<1>{}")).toBe("_16");
    expect(ev("Int<1>{} + Int<2>{} == Int<3>{}")).toBe("_1");
    expect(ev("Int<6>{} & Int<3>{} | Int<8>{}")).toBe("_10");
    expect(ev("-Int<2>{} * Int<3>{}")).toBe("_-6");
    expect(ev("!Int<0>{} && Int<5>{} > Int<4>{}")).toBe("_1");
  });
  it("'>' closes template arguments; parenthesised, it compares", () => {
    expect(ev("Int<(3 > 2)>{}")).toBe("_1");
    expect(ev("Layout<Shape<_8,_4>>{}")).toBe("(_8,_4):(_1,_8)");
    expect(ev("Int<8 * 4 - 1>{}")).toBe("_31");
  });
  it("cute:: and ::cute:: prefixes, comments, white space and newlines anywhere, trailing ';'", () => {
    expect(ev("::cute::make_layout(cute::make_shape(cute::Int<4>{}, cute::_2{}), cute::LayoutRight{})")).toBe("(_4,_2):(_2,_1)");
    expect(ev("make_shape( // rows\n  Int < 8 > { } , /* cols */ 4\n) ;;")).toBe("(_8,4)");
  });
  it("32_c and hexadecimal literals", () => {
    expect(ev("32_c")).toBe("_32");
    expect(ev("make_shape(0x10, 0x1f, 2_c)")).toBe("(16,31,_2)");
  });
  it("names keep their template arguments for the registry: size<0>, recast_layout<half_t, cute::array<int,2>>", () => {
    expect(parse("size<0>(L)")).toMatchObject({ k: "call", name: "size", targs: [0] });
    expect(parse("recast_layout<half_t, cute::array<int,2>>(L)")).toMatchObject({ k: "call", targs: ["half_t", "cute::array<int,2>"] });
    expect(parse("SM90_64x8x16_F16F16F16_SS<GMMA::Major::K, GMMA::Major::MN>{}")).toMatchObject({ k: "init", targs: ["GMMA::Major::K", "GMMA::Major::MN"] });
  });
});

describe("CuTe's integer operators (integral_constant.hpp)", () => {
  const small = fc.integer({ min: -40, max: 40 });
  /** C++ on ints: truncating division, remainder with the dividend's sign, booleans as 0/1 */
  const cxx: Record<string, (a: number, b: number) => number> = {
    "*": (a, b) => a * b,
    "+": (a, b) => a + b,
    "-": (a, b) => a - b,
    "/": (a, b) => Math.trunc(a / b),
    "%": (a, b) => a % b,
    "<": (a, b) => +(a < b),
    "<=": (a, b) => +(a <= b),
    ">": (a, b) => +(a > b),
    ">=": (a, b) => +(a >= b),
    "==": (a, b) => +(a === b),
    "!=": (a, b) => +(a !== b),
    "&": (a, b) => a & b,
    "|": (a, b) => a | b,
    "^": (a, b) => a ^ b,
    "&&": (a, b) => +(a !== 0 && b !== 0),
    "||": (a, b) => +(a !== 0 || b !== 0),
  };
  const write = (v: number, s: boolean) => (s ? `Int<${v}>{}` : `int{${v}}`);
  /** where CuTe's mixed overloads keep a static result: the operator, which side is static, its values, the result */
  const mixedStatic = (op: string, a: number, as: boolean, b: number, bs: boolean): number | undefined => {
    if (as === bs) return undefined; // both static or both dynamic: not a mixed case
    const sv = as ? a : b;
    if (op === "*" && sv === 0) return 0;
    if (op === "/" && as && a === 0) return 0;
    if (op === "%" && bs && (b === 1 || b === -1)) return 0;
    if (op === "%" && as && a === 0) return 0;
    if (op === "&" && sv === 0) return 0;
    if (op === "&&" && sv === 0) return 0;
    if (op === "||" && sv !== 0) return 1;
    return undefined;
  };
  it("static op static is static, a dynamic operand makes it dynamic, but for CuTe's mixed special cases", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(cxx)), small, fc.boolean(), small, fc.boolean(), (op, a, as, b, bs) => {
        if ((op === "/" || op === "%") && b === 0) return;
        const got = evaluate(`${write(a, as)} ${op} ${write(b, bs)}`) as Int;
        const special = mixedStatic(op, a, as, b, bs);
        if (special !== undefined) {
          expect(got).toMatchObject({ v: special, s: true });
          return;
        }
        expect(got.v).toBe(cxx[op]!(a, b) || 0);
        expect(got.s).toBe(as && bs);
      }),
      { numRuns: 2000 },
    );
  });
  it("unary -, +, !, ~ keep the operand's static-ness", () => {
    fc.assert(
      fc.property(small, fc.boolean(), (a, s) => {
        expect(evaluate(`-${write(a, s)}`)).toMatchObject({ v: -a || 0, s });
        expect(evaluate(`!${write(a, s)}`)).toMatchObject({ v: +(a === 0), s });
        expect(evaluate(`~${write(a, s)}`)).toMatchObject({ v: ~a, s });
      }),
    );
  });
  it("integers scale basis elements (arithmetic_tuple.hpp): _2@1, 5@1", () => {
    expect(ev("Int<2>{} * E<1>{}")).toBe("_2@1");
    expect(ev("(5)*E<1>{}")).toBe("5@1");
    expect(ev("E<0>{} * 3")).toBe("3@0");
    // and add up to arithmetic tuples, (_0,...,_0,v) per basis element; only _0 adds to one
    expect(ev("E<0>{} + Int<2>{} * E<1>{}")).toBe("(_1,_2)");
    expect(ev("Int<0>{} + E<1>{}")).toBe("_1@1");
  });
  it("an integer other than _0 plus a basis element is CuTe's static_assert", async () => {
    expect(await refusal(["eval", "Int<1>{} + E<1>{}"])).toContain("ScaledBasis op+ error!");
  });
  it("static division by zero is refused, not computed", async () => {
    expect(await refusal(["eval", "Int<1>{} / Int<0>{}"])).toContain("division by zero");
  });
  it("operators on what they do not apply to say so", async () => {
    expect(await refusal(["eval", "make_shape(1,2) * 2"])).toContain("CuTe defines no operator* on tuples");
    expect(await refusal(["eval", "make_shape(1,2) / 2"])).toContain("cute-ts does not support operator/ on a tuple and an integer");
  });
});

describe("tuple builders of tuple_algorithms.hpp and int_tuple.hpp", () => {
  it("repeat_like(t, x) is x in the profile of t, for any x (an integer, _, a tuple)", () => {
    expect(ev("repeat_like(make_shape(1, make_shape(2, 3)), Int<0>{})")).toBe("(_0,(_0,_0))");
    expect(ev("repeat_like(make_shape(4, 8), _)")).toBe("(_,_)");
    expect(ev("repeat_like(Int<4>{}, 7)")).toBe("7");
    expect(ev("repeat_like(make_shape(4, make_shape(2)), make_shape(_1{}, 2))")).toBe("((_1,2),((_1,2)))");
  });
  it("repeat / tuple_repeat, wrap / unwrap, front / back, replace_front / replace_back, insert, remove, flatten_to_tuple", () => {
    expect(ev("repeat<3>(_)")).toBe("(_,_,_)");
    expect(ev("repeat<1>(Int<2>{})")).toBe("_2");
    expect(ev("tuple_repeat<1>(Int<2>{})")).toBe("(_2)");
    expect(ev("wrap(Int<4>{})")).toBe("(_4)");
    expect(ev("wrap(make_shape(1,2))")).toBe("(1,2)");
    expect(ev("unwrap(make_shape(make_shape(make_shape(4))))")).toBe("4");
    expect(ev("unwrap(make_shape(make_shape(4, 2)))")).toBe("(4,2)");
    expect(ev("front(make_shape(make_shape(Int<3>{},2),4))")).toBe("_3");
    expect(ev("back(make_shape(1,make_shape(2,Int<5>{})))")).toBe("_5");
    expect(ev("replace_front(make_shape(1,2,3), Int<9>{})")).toBe("(_9,2,3)");
    expect(ev("replace_back(4, Int<9>{})")).toBe("_9");
    expect(ev("insert<1>(make_shape(1,2,3), Int<9>{})")).toBe("(1,_9,2,3)");
    expect(ev("remove<1>(make_shape(1,2,3))")).toBe("(1,3)");
    expect(ev("remove<0,2>(make_shape(1,2,3))")).toBe("(3)");
    expect(ev("flatten_to_tuple(make_shape(1,make_shape(2,3)))")).toBe("(1,2,3)");
    expect(ev("flatten_to_tuple(Int<4>{})")).toBe("(_4)");
    expect(() => evaluate("insert<5>(make_shape(1,2), 3)")).toThrow(/past its end/);
  });
  it("conditional_return(cond, t, f) and conditional_return<b>(t, f): t where the condition holds, else f", () => {
    expect(ev("conditional_return(true_type{}, Int<4>{}, make_shape(1,2))")).toBe("_4");
    expect(ev("conditional_return(Int<2>{} == Int<3>{}, Int<4>{}, make_shape(1,2))")).toBe("(1,2)");
    expect(ev("conditional_return(true, 5, 6)")).toBe("5");
    expect(ev("conditional_return<false>(Int<4>{}, Int<8>{})")).toBe("_8");
  });
  it("compact_order and compact_major (stride.hpp) agree with make_ordered_layout and the compact majors", () => {
    expect(ev("compact_order(make_shape(Int<2>{},Int<3>{},Int<4>{}), make_shape(Int<1>{},Int<2>{},Int<0>{}))")).toBe(ev("stride(make_ordered_layout(make_shape(Int<2>{},Int<3>{},Int<4>{}), make_shape(Int<1>{},Int<2>{},Int<0>{})))"));
    expect(ev("compact_order(make_shape(Int<2>{},Int<3>{}), GenRowMajor{})")).toBe("(_3,_1)");
    expect(ev("compact_major<LayoutRight>(make_shape(Int<2>{},Int<3>{}))")).toBe("(_3,_1)");
    expect(ev("compact_major<LayoutLeft>(make_shape(Int<2>{},Int<3>{}), Int<4>{})")).toBe("(_4,_8)");
  });
  it("tile_unzip is zipped_divide's last step: tile_unzip(logical_divide(L, T), T) = zipped_divide(L, T)", () => {
    for (const [l, t] of [["make_layout(make_shape(Int<16>{},Int<32>{}))", "make_shape(Int<4>{},Int<8>{})"], ["(_12,(_4,_8)):(_59,(_13,_1))", "(_3:_3,(_2,_4):(_1,_8))"]] as const) {
      expect(ev(`tile_unzip(logical_divide(${l}, ${t}), ${t})`)).toBe(ev(`zipped_divide(${l}, ${t})`));
    }
  });
  it("get_1d_coord / get_hier_coord / get_flat_coord of a layout and of a tensor (its layout's), from a linear index only", () => {
    const L = "make_layout(make_shape(Int<4>{},make_shape(Int<2>{},Int<4>{})), LayoutRight{})";
    expect(ev(`${L}.get_hier_coord(13)`)).toBe("(1,(1,1))");
    expect(ev(`${L}.get_1d_coord(13)`)).toBe("13");
    const t = "make_tensor(counting_iter(0), make_layout(make_shape(Int<4>{},Int<8>{}), LayoutRight{}))";
    expect(ev(`${t}.get_hier_coord(13)`)).toBe("(1,5)");
    expect(ev(`${t}.get_1d_coord(13)`)).toBe("21"); // (1,5) as a column-major index of (4,8)
    expect(ev(`make_tensor(counting_iter(0), ${L}).get_flat_coord(13)`)).toBe("(1,3)");
    expect(() => evaluate(`${L}.get_1d_coord(make_coord(1,make_coord(1,2)))`)).toThrow(/linear index/);
  });
  it("make_int_tuple is a tuple of its arguments, their static-ness kept; make_int_tuple<N>(t, n, init) takes t[i] for i < n, then init", () => {
    expect(ev("make_int_tuple(1, Int<2>{}, 3)")).toBe("(1,_2,3)");
    // int_tuple.hpp's own example: make_int_tuple<5>(a, a.size(), 0) of {6,3,4} is (6,3,4,0,0)
    expect(ev("make_int_tuple<5>(make_shape(6,3,4), 3, 0)")).toBe("(6,3,4,0,0)");
    expect(ev("make_int_tuple<3>(make_shape(1,2,3), 2, 0)")).toBe("(1,2,0)");
    expect(ev("make_int_tuple<1>(make_shape(6,3,4), 3, 0)")).toBe("6");
    expect(ev("make_int_tuple<2>(make_shape(_1{},_1{}), 1, _1{})")).toBe("(_1,_1)");
    expect(() => evaluate("make_int_tuple<0>(make_shape(1), 1, 0)")).toThrow(/N > 0/);
  });
});

describe("C++ types as values", () => {
  it("integers: Int, C, _N, constants and booleans; int and friends are dynamic", () => {
    expect(ev("(Int<8>{}, C<8>{}, _8{}, _m2{}, true_type{}, false_type{}, bool_constant<true>{}, integral_constant<int,3>{})")).toBe("(_8,_8,_8,_-2,_1,_0,_1,_3)");
    expect(ev("(int{}, int{5}, int(6), uint32_t{7}, size_t{Int<8>{}})")).toBe("(0,5,6,7,8)");
    // T() value-initialises as T{} does
    expect(ev("make_shape(_8(), Int<2>(), Shape<_1,int>(), X())")).toBe("(_8,_2,(_1,0),_)");
  });
  it("tuples of every CuTe name, value-initialised or from values", () => {
    expect(ev("(Shape<_8,int>{}, Stride<_1,_8>{}, Coord<int>{}, Tile<_32,_16>{}, tuple<>{}, cute::tuple<_1,Shape<_2,_3>>{})")).toBe("((_8,0),(_1,_8),(0),(_32,_16),(),(_1,(_2,_3)))");
    expect(ev("Shape<int,int>{8, 4}")).toBe("(8,4)");
    expect(ev("Stride<int,_1>{128, {}}")).toBe("(128,_1)");
    expect(ev("Step<_1,X>{}")).toBe("(_1,_)");
    expect(ev("make_step(_2{}, Underscore{})")).toBe("(_2,_)");
  });
  it("a static part of a type holds only its own value", async () => {
    expect(await refusal(["eval", "Shape<_8,int>{4, 4}"])).toContain("no conversion from 4");
  });
  it("layouts: Layout<Shape> is compact column-major in the shape's type; Layout<Shape,Stride>", () => {
    expect(ev("Layout<Shape<_4,int,_2>>{}")).toBe("(_4,0,_2):(_1,_4,0)");
    expect(ev("Layout<Shape<_2,_2>, Stride<_4,_1>>{}")).toBe("(_2,_2):(_4,_1)");
    expect(ev("Layout<_4,_1>{}")).toBe("_4:_1");
    // the stride of a layout made from a shape alone is the stride type's value, as CuTe's constructor leaves it
    expect(ev("Layout<Shape<int,int>>{make_shape(8,4)}")).toBe("(8,4):(_1,0)");
  });
  it("make_layout's generators and ordered layouts", () => {
    expect(ev("make_layout(make_shape(Int<4>{}, Int<8>{}), GenRowMajor{})")).toBe("(_4,_8):(_8,_1)");
    expect(ev("make_layout(make_shape(Int<4>{}, Int<8>{}), GenColMajor{})")).toBe("(_4,_8):(_1,_4)");
    expect(ev("make_ordered_layout(make_shape(Int<4>{}, Int<8>{}, Int<2>{}), Step<_1,_0,_2>{})")).toBe("(_4,_8,_2):(_8,_1,_32)");
  });
  it("basis elements: E<...>, ScaledBasis<T, N...>", () => {
    expect(ev("(E<1>{}, E<0,1>{}, ScaledBasis<Int<2>,1>{}, ScaledBasis<int,0>{5})")).toBe("(_1@1,_1@1@0,_2@1,5@0)");
  });
  it("swizzles and composed layouts: Swizzle<B,M,S>{}, ComposedLayout<...>{}, smem_ptr_flag_bits", () => {
    expect(ev("composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_64>,Stride<_64,_1>>{})")).toBe("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)");
    expect(ev("ComposedLayout<Swizzle<2,4,3>, smem_ptr_flag_bits<16>, Layout<Shape<_8,_32>,Stride<_32,_1>>>{}")).toBe("Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)");
  });
  it("iterators and identity tensors", () => {
    expect(ev("make_tensor(counting_iterator<int>(3), Layout<Shape<_2,_2>>{})")).toBe("counting_iter(3) o (_2,_2):(_1,_2)");
    expect(ev("make_identity_tensor(make_shape(Int<4>{}, 8))")).toBe("ArithTuple(_0,_0) o (_4,8):(_1@0,_1@1)");
    expect(ev("make_identity_layout(Shape<_4,_8>{})")).toBe("(_4,_8):(_1@0,_1@1)");
  });
  it("CuTe's own aliases only: _11 is not one", async () => {
    const e = await refusal(["eval", "_11{}"]);
    expect(e).toContain("CuTe defines no alias _11");
    expect(e).toContain("write Int<11>{}");
  });
  it("an unknown type is named, with the nearest known ones", async () => {
    const e = await refusal(["eval", "make_layout(Shape<_8,_4>{}, LayoutRigth{})"]);
    expect(e).toContain("cute-ts does not know the C++ type 'LayoutRigth' (did you mean");
    caretUnder(e, "make_layout(Shape<_8,_4>{}, LayoutRigth{})", 28);
  });
});

describe("GMMA and UMMA shared-memory atoms (mma_traits_sm90_gmma.hpp, mma_traits_sm100.hpp)", () => {
  // the atoms in bits, as the headers declare them: rows of 128 << B bits, swizzle Sw<B,4,3>
  const bitsAtom = (major: string, b: number) => {
    const row = 128 << b;
    return major === "K" ? `Sw<${b},4,3> o smem_ptr[1b](unset) o (_8,_${row}):(_${row},_1)` : `Sw<${b},4,3> o smem_ptr[1b](unset) o (_${row},_8):(_1,_${row})`;
  };
  const SW = ["INTER", "SW32", "SW64", "SW128"];
  it("the bit atoms", () => {
    for (const major of ["K", "MN"]) SW.forEach((sw, b) => expect(ev(`GMMA::Layout_${major}_${sw}_Atom_Bits{}`)).toBe(bitsAtom(major, b)));
    expect(ev("UMMA::Layout_MN_SW128_32B_Atom_Bits{}")).toBe("Sw<2,5,2> o smem_ptr[1b](unset) o (_1024,_4):(_1,_1024)");
  });
  it("an atom of T is upcast<sizeof_bits<T>> of its bit atom, in GMMA and UMMA alike", () => {
    for (const ns of ["GMMA", "UMMA", "cute::GMMA"]) {
      for (const major of ["K", "MN"]) {
        SW.forEach((sw, b) => {
          for (const [t, bits] of [["half_t", 16], ["float", 32], ["int8_t", 8], ["double", 64]] as const) {
            expect(ev(`${ns}::Layout_${major}_${sw}_Atom<${t}>{}`)).toBe(ev(`upcast<${bits}>(${bitsAtom(major, b)})`));
          }
        });
      }
    }
    expect(ev("UMMA::Layout_MN_SW128_32B_Atom<half_t>{}")).toBe(ev("upcast<16>(UMMA::Layout_MN_SW128_32B_Atom_Bits{})"));
  });
  it("GMMA's Layout_<sw>_Atom<T, Major> picks the K or MN atom", () => {
    expect(ev("GMMA::Layout_SW64_Atom<half_t, GMMA::Major::MN>{}")).toBe(ev("GMMA::Layout_MN_SW64_Atom<half_t>{}"));
    expect(ev("GMMA::Layout_INTER_Atom<float, GMMA::Major::K>{}")).toBe(ev("GMMA::Layout_K_INTER_Atom<float>{}"));
  });
  it("what CuTe does not declare is refused", async () => {
    expect(await refusal(["eval", "GMMA::Layout_MN_SW128_32B_Atom<half_t>{}"])).toContain("CuTe declares no GMMA::Layout_MN_SW128_32B_Atom");
    expect(await refusal(["eval", "UMMA::Layout_K_SW128_32B_Atom<half_t>{}"])).toContain("CuTe declares no");
    expect(await refusal(["eval", "UMMA::Layout_K_SW128_Atom_Bits{}"])).toContain("CuTe declares no");
  });
  it("tile_to_shape with a Step orders the tiles; verify gmma-smem recognises the result", async () => {
    expect(ev("tile_to_shape(GMMA::Layout_MN_SW128_Atom<half_t>{}, Shape<_128,_64>{}, Step<_2,_1>{})")).toBe(
      "Sw<3,4,3> o smem_ptr[16b](unset) o ((_64,_2),(_8,_8)):((_1,_4096),(_64,_512))",
    );
    const r = await run(["verify", "gmma-smem", "tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128,_64>{})", "--type", "half_t", "--major", "K"]);
    expect(r.exit, r.stderr + r.stdout).toBe(0);
  });
});

describe("MMA and copy atoms as values", () => {
  it("print(MMA_Atom<OP>{}) and a TiledMMA print what cute-ts mma prints", async () => {
    const atom = await run(["mma", "SM80_16x8x16_F32F16F16F32_TN"]);
    expect(await evAny("MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}")).toBe(atom.stdout);
    const tiled = await run(["mma", "SM80_16x8x16_F32F16F16F32_TN", "--atoms", "(_2,_2,_1)", "--tile", "(_32,_32,_16)"]);
    expect(await evAny("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{})")).toBe(tiled.stdout);
    expect(await evAny("make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}, Layout<Shape<_2,_2,_1>>{}, Tile<_32,_32,_16>{})")).toBe(tiled.stdout);
  });
  it("Copy_Atom and make_tiled_copy print what cute-ts copy prints", async () => {
    const tc = await run(["copy", "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", "--value", "half_t", "--thr", "(_16,_8):(_8,_1)", "--val", "(_1,_8)"]);
    expect(await evAny("make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape<_1,_8>>{})")).toBe(tc.stdout);
    const forA = await run(["copy", "SM75_U32x4_LDSM_N", "--value", "half_t", "--for-mma", "SM80_16x8x16_F32F16F16F32_TN", "--operand", "A"]);
    expect(await evAny("make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}))")).toBe(forA.stdout);
  });
  it("eval and print take them; print --latex draws them as cute-ts mma --latex does", async () => {
    const e = await run(["eval", "MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>{}"]);
    expect(e.exit).toBe(0);
    const latex = await run(["print", "MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>{}", "--latex"]);
    const mmaLatex = await run(["mma", "SM70_8x8x4_F32F16F16F32_NT", "--latex"]);
    expect(latex.stdout).toBe(mmaLatex.stdout);
    const json = await run(["eval", "--json", "Copy_Atom<UniversalCopy<uint32_t>, float>{}"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: "objects", objects: [{ kind: "Copy_Atom" }] });
  });
  it("CuTe has no print for an operation alone, and make_tiled_copy takes a Copy_Atom", async () => {
    expect(await refusal(["eval", "SM80_16x8x16_F32F16F16F32_TN{}"])).toContain("print MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>{}");
    expect(await refusal(["eval", "make_tiled_copy(UniversalCopy<uint32_t>{}, Layout<_32>{})"])).toContain("not the operation alone");
  });
  it("core functions do not take atoms: cute-ts says it does not support them", async () => {
    expect(await refusal(["eval", "cosize(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}))"])).toContain("cute-ts does not support cosize(...) of a TiledMMA yet");
    expect(await refusal(["eval", "(MMA_Atom<SM61_DP4A>{}, 1)"])).toContain("does not support tuples holding an MMA_Atom");
  });
  it("an option reading a layout does not take atoms, and says where they go", async () => {
    const e = await refusal(["copy", "UniversalCopy<uint32_t>", "--value", "float", "--thr", "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})"]);
    expect(e).toContain("'SM80_16x8x16_F32F16F16F32_TN' is an MMA or copy atom");
    const f = await refusal(["copy", "UniversalCopy<uint32_t>", "--value", "float", "--thr", "make_tiled_mma(Layout<_2>{})"]);
    expect(f).toContain("'make_tiled_mma' makes an MMA or copy atom");
  });
});

describe("cute-ts mma and copy take the C++ spelling of OP", () => {
  it("OP{}, MMA_Atom<OP>{}, cute:: and a trailing ';' name the same atom", async () => {
    const plain = await run(["mma", "SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"]);
    for (const op of ["SM90_64x128x16_F16F16F16_SS<GMMA::Major::K, GMMA::Major::MN>{}", "cute::MMA_Atom<cute::SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>>{};"]) {
      const r = await run(["mma", op]);
      expect(r.stdout).toBe(plain.stdout);
    }
  });
  it("Copy_Atom<OP, T>{} gives the value type; a different --value is refused", async () => {
    const plain = await run(["copy", "SM75_U32x4_LDSM_N", "--value", "half_t"]);
    expect((await run(["copy", "Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}"])).stdout).toBe(plain.stdout);
    expect((await run(["copy", "SM75_U32x4_LDSM_N{}", "--value", "half_t"])).stdout).toBe(plain.stdout);
    expect(await refusal(["copy", "Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}", "--value", "float"])).toContain("differs from the value type half_t");
  });
});

describe("C++ parse errors point at the token and say what was expected", () => {
  const cases: Array<[string, number, string]> = [
    ["make_layout(make_shape(Int<8>{}, 8), LayoutRight{}", 50, "expected ',' or ')', found end of input"],
    ["Layout<Shape<_8,_4>{}", 19, "expected ',' or '>' in the template arguments, found '{}'"],
    ["Int<8>", 6, "expected '{}' (a value of the type Int<...>), '(' (a call) or '::value', found end of input"],
    ["Int<8>{", 7, "expected '}', found end of input"],
    ["Int<int>{}", 4, "expected an integer constant in Int<N>"],
    ["Shape<8>{}", 6, "expected a type here, found the integer 8"],
    ["make_shape(Int<8>{} Int<4>{})", 20, "expected ',' or ')', found 'Int<4>{})'"],
    ["make_tensor(make_gmem_ptr((flot*)0x100), Shape<_8>{})", 26, "unknown value type 'flot' in a cast (T*) (did you mean float"],
    ["make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}).get_slice", 46, "expected '(' after .get_slice: cute-ts reads member function calls"],
    ["make_shape(auto x = 3)", 11, "a statement (auto ...) cannot stand inside an expression"],
    ["make_shape(print(Int<8>{}))", 11, "print(...) has no value: write it as a statement of its own"],
  ];
  for (const [input, col, expected] of cases) {
    it(input, async () => {
      const e = await refusal(["eval", input]);
      expect(e).toContain(expected);
      caretUnder(e, input, col);
    });
  }
  it("in a multi-line paste, the caret sits under the token on its own line", async () => {
    const input = "make_layout(\n  make_shape(Int<8>{}, 8),\n  make_stride(_1{} _8{}))";
    const e = await refusal(["eval", input]);
    expect(e).toContain("expected ',' or ')'");
    expect(e).toContain("  line 3:   make_stride(_1{} _8{}))");
    caretUnder(e, "make_stride(_1{} _8{}))", 17);
  });
  it("template arguments nested hundreds deep parse; past the nesting bound they are refused where it is passed", async () => {
    const deep = "Shape<".repeat(400) + "_1" + ">".repeat(400) + "{}";
    expect(ev(deep)).toBe("(".repeat(400) + "_1" + ")".repeat(400));
    // the work is bounded by the depth read, not by the input's length: the refusal comes at the 501st level
    const deeper = "Shape<".repeat(10_000) + "_1" + ">".repeat(10_000) + "{}";
    const e = await refusal(["eval", deeper]);
    expect(e).toContain(`nesting deeper than 500 levels (at character ${501 * "Shape<".length} of an input of ${deeper.length} characters)`);
  });
  it("a ParseError keeps the input and the position for --json", () => {
    try {
      parse("Shape<_8,_4{}");
      throw new Error("parsed");
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      expect((e as ParseError).pos).toBe(11);
    }
  });
});

describe("round trip: a layout written in C++ is the layout", () => {
  /** CuTe's C++ type of a printed integer tuple: _4 -> _4, 4 -> int; values for the dynamic ones */
  const cxxType = (t: unknown): string => (Array.isArray(t) ? `Shape<${t.map(cxxType).join(",")}>` : (t as Int).s ? `_${(t as Int).v}` : "int");
  const cxxValue = (t: unknown): string => (Array.isArray(t) ? `make_shape(${t.map(cxxValue).join(", ")})` : (t as Int).s ? `Int<${(t as Int).v}>{}` : `${(t as Int).v}`);
  const tuple: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
    leaf: fc.tuple(fc.integer({ min: 1, max: 9 }), fc.boolean()).map(([v, s]) => (s ? `_${v}` : `${v}`)),
    node: fc.oneof({ depthSize: "small" }, tie("leaf"), fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((xs) => `(${xs.join(",")})`)),
  })).node;
  it("make_layout(shape, stride) spelled in C++ evaluates to the print notation's layout", () => {
    fc.assert(
      fc.property(tuple, (shapeText) => {
        const l = evaluate(`make_layout(${shapeText as string})`) as { shape: unknown; stride: unknown };
        const stride = Array.isArray(l.stride) ? `make_stride(${(l.stride as unknown[]).map(cxxValue).join(", ")})` : cxxValue(l.stride);
        const cxx = `make_layout(${cxxValue(l.shape)}, ${stride})`;
        expect(ev(cxx)).toBe(ev(`make_layout(${shapeText as string})`));
        // the value-initialised type: static parts as written, dynamic parts 0
        const typed = ev(`${cxxType(l.shape)}{}`);
        expect(typed.replace(/\d+/g, "n")).toBe(show(l.shape as never).replace(/\d+/g, "n"));
      }),
      { numRuns: 300 },
    );
  });
});

describe("transcripts take a C++ expression pasted over several lines", () => {
  it("a quoted argument goes on over the next lines, as in a shell", async () => {
    const { parseTranscript } = await import("../src/check/transcript.js");
    const text = "```console\n$ cute-ts eval 'make_layout(make_shape(Int<8>{}, 4),\n                 LayoutRight{});'\n(_8,4):(4,_1)\n```\n";
    const cases = parseTranscript(text, true);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.argv).toEqual(["eval", "make_layout(make_shape(Int<8>{}, 4),\n                 LayoutRight{});"]);
    expect(cases[0]!.expected).toBe("(_8,4):(4,_1)");
    expect((await run(cases[0]!.argv)).stdout).toBe("(_8,4):(4,_1)\n");
  });
});

describe("std::min / std::max: one T deduced from both arguments", () => {
  it("two ints are an int, the same Int<N> twice is Int<N>", async () => {
    expect((await run(["eval", "std::max(3, 4)"])).stdout).toBe("4\n");
    expect((await run(["eval", "std::min(-3, 4)"])).stdout).toBe("-3\n");
    expect((await run(["eval", "std::min(Int<4>{}, _4{})"])).stdout).toBe("_4\n");
    expect((await run(["eval", "auto k = 5; auto n = std::min(k, 8); print(n);"])).stdout).toBe("5");
  });
  it("conflicting types do not compile (cute::max takes them)", async () => {
    for (const e of ["std::max(Int<3>{}, 4)", "std::max(_3{}, _4{})"]) {
      const r = await run(["eval", e]);
      expect(r.exit).toBe(2);
      expect(r.stderr).toMatch(/^cute-ts: CuTe rejects std::max: no matching function: template argument T deduced as conflicting types/);
    }
    expect((await run(["eval", "cute::max(Int<3>{}, 4)"])).stdout).toBe("4\n");
    expect((await run(["eval", "std::min(make_shape(1,2), 3)"])).stderr).toMatch(/std::min\/std::max take two integers of one type/);
  });
});
