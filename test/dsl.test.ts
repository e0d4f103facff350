/**
 * The CuTe DSL dialect (--dialect dsl / dsl-printf). Expected texts come from what NVIDIA's CuTe
 * DSL printed: fixtures/golden/dsl.jsonl and the saved outputs of the DSL's notebooks
 * (examples/python/CuTeDSL/notebooks/cute_layout_algebra.ipynb, tensor.ipynb, print.ipynb), the
 * DSL's printed IR (`?{div=128}`, `?{i64}`), and DSL prints published in CUTLASS issues and DSL
 * examples (atoms). The properties check the dialect against cute-ts's own C++ print.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readGolden, run, trimEnd } from "./helpers.js";
import { D, S, type Int } from "../src/core/integer.js";
import { ScaledBasis } from "../src/core/basis.js";
import { Layout } from "../src/core/layout.js";
import type { Value } from "../src/core/value.js";
import { show } from "../src/print/print.js";
import { evaluateDsl } from "../src/eval/dsl.js";
import { parseDsl } from "../src/notation/dsl.js";

const dsl = async (expr: string) => trimEnd((await run(["eval", "--dialect", "dsl", expr])).stdout);
const printf = async (expr: string) => trimEnd((await run(["eval", "--dialect", "dsl-printf", expr])).stdout);

describe("dsl.jsonl: what the DSL's notebooks printed", () => {
  for (const r of readGolden("../fixtures/golden/dsl.jsonl")) {
    it(`${r.id}: ${r.cmd.join(" ")}`, async () => {
      const res = await run(r.cmd);
      expect(res.stderr).toBe("");
      expect(res.exit).toBe(0);
      expect(trimEnd(res.stdout)).toBe(trimEnd(r.out!));
    });
  }
});

describe("the layout algebra notebook's other cells (cute_layout_algebra.ipynb saved outputs)", () => {
  const A = "cute.make_layout((cutlass.Int32(12), (cutlass.Int32(4), cutlass.Int32(8))), stride=(cutlass.Int32(59), (cutlass.Int32(13), cutlass.Int32(1))))";
  const L9 = "cute.make_layout((9, (4, 8)), stride=(59, (13, 1)))";
  const T9 = "(cute.make_layout(3, stride=3), cute.make_layout((2, 4), stride=(1, 8)))";
  const P = "cute.make_layout((2, 5), stride=(5, 1))";
  const PT = "cute.make_layout((3, 4), stride=(1, 3))";
  it("composition of dynamic layouts keeps the size-1 modes (R_dynamic)", async () => {
    const a = "cute.make_layout((cutlass.Int32(10), cutlass.Int32(2)), stride=(cutlass.Int32(16), cutlass.Int32(4)))";
    const b = "cute.make_layout((cutlass.Int32(5), cutlass.Int32(4)), stride=(cutlass.Int32(1), cutlass.Int32(5)))";
    expect(await printf(a)).toBe("(10,2):(16,4)");
    expect(await printf(b)).toBe("(5,4):(1,5)");
    expect(await printf(`cute.composition(${a}, ${b})`)).toBe("((5,1),(2,2)):((16,4),(80,4))");
    expect(await dsl("cute.make_layout((10, 2), stride=(16, 4))")).toBe("(10,2):(16,4)");
  });
  it("by-mode composition with a tiler (3, 8)", async () => {
    expect(await dsl(A)).toBe("(?,(?,?)):(?,(?,?))");
    expect(await printf(A)).toBe("(12,(4,8)):(59,(13,1))");
    expect(await dsl("(3, 8)")).toBe("(3, 8)");
    expect(await printf("(3, 8)")).toBe("(3,8)");
    expect(await dsl(`cute.composition(${A}, (3, 8))`)).toBe("(3,(?,?)):(?,(?,?))");
    expect(await printf(`cute.composition(${A}, (3, 8))`)).toBe("(3,(4,2)):(59,(13,1))");
  });
  it("the divides and products", async () => {
    expect(await dsl(`cute.logical_divide(${L9}, tiler=${T9})`)).toBe("((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
    expect(await dsl(`cute.zipped_divide(${L9}, tiler=${T9})`)).toBe("((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))");
    expect(await dsl(`cute.tiled_divide(${L9}, tiler=${T9})`)).toBe("((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))");
    expect(await printf(`cute.flat_divide(${L9}, tiler=${T9})`)).toBe("(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))");
    expect(await dsl("cute.logical_product(cute.make_layout((2, 2), stride=(4, 1)), tiler=cute.make_layout(6, stride=1))")).toBe("((2,2),(2,3)):((4,1),(2,8))");
    expect(await dsl(`cute.zipped_product(${P}, tiler=${PT})`)).toBe("((2,5),(3,4)):((5,1),(10,30))");
    expect(await dsl(`cute.tiled_product(${P}, tiler=${PT})`)).toBe("((2,5),3,4):((5,1),10,30)");
    expect(await printf(`cute.flat_product(${P}, tiler=${PT})`)).toBe("(2,5,3,4):(5,1,10,30)");
    expect(await dsl(PT)).toBe("(3,4):(1,3)");
  });
  it("the coalesce post-conditions cell: depth, size and the layout as a function", async () => {
    const L = "cute.make_layout(((2, (3, 4)), (3, 2), 1), stride=((4, (8, 24)), (2, 6), 12))";
    expect(await dsl(`cute.depth(cute.coalesce(${L}))`)).toBe("1");
    expect(await dsl(`cute.size(cute.coalesce(${L}))`)).toBe("144");
    // Index 24: original 2, Index 143: original 102, Index 71: original 96
    expect(await dsl(`${L}(24)`)).toBe("2");
    expect(await dsl(`${L}(143)`)).toBe("102");
    expect(await dsl(`cute.coalesce(${L})(71)`)).toBe("96");
  });
});

describe("tensors (tensor.ipynb saved outputs)", () => {
  it("a coordinate tensor prints tensor<(0,0) o L>", async () => {
    expect(await dsl("cute.make_identity_tensor((8, 4))")).toBe("tensor<(0,0) o (8,4):(1@0,1@1)>");
  });
  it("its elements are coordinates: a[2] is a[(2,0)], a[9] is a[(1,1)] in an (8,5) tensor", async () => {
    expect(await printf("cute.make_identity_tensor((8, 5))[2]")).toBe("(2,0)");
    expect(await printf("cute.make_identity_tensor((8, 5))[9]")).toBe("(1,1)");
  });
  it("reads the printed tensor back", async () => {
    expect(await dsl("tensor<(0,0) o (8,4):(1@0,1@1)>")).toBe("tensor<(0,0) o (8,4):(1@0,1@1)>");
  });
});

describe("static and dynamic integers (print.ipynb)", () => {
  it("a Python int is static, cutlass.Int32(8) dynamic", async () => {
    expect(await dsl("2")).toBe("2");
    expect(await dsl("cutlass.Int32(8)")).toBe("?");
    expect(await printf("cutlass.Int32(8)")).toBe("8");
    expect(await dsl("cute.make_layout((cutlass.Int32(8), 2))")).toBe("(?,2):(1,?)");
    expect(await printf("cute.make_layout((cutlass.Int32(8), 2))")).toBe("(8,2):(1,8)");
  });
  it("the same expression in CuTe's C++ notation reads plain integers as dynamic", async () => {
    expect(trimEnd((await run(["eval", "composition((10,2):(16,4),(5,4):(1,5))"])).stdout)).toBe("((5,1),(2,2)):((16,4),(80,4))");
    expect(await dsl("cute.composition(cute.make_layout((10, 2), stride=(16, 4)), cute.make_layout((5, 4), stride=(1, 5)))")).toBe("(5,(2,2)):(16,(80,4))");
  });
});

describe("what the DSL's types know of a dynamic integer", () => {
  it("a dynamic stride times a static 3 is ?{div=3} (the issue's rule; the composition golden)", async () => {
    expect(await dsl("cute.make_layout((4, 2), stride=(cutlass.Int32(8) * 3, 1))")).toBe("(4,2):(?{div=3},1)");
  });
  it("crd2idx of a dynamic coordinate by stride 128 is ?{div=128} (the DSL's printed IR)", async () => {
    expect(await dsl("cute.crd2idx(cutlass.Int32(5), cute.make_layout(1, stride=128))")).toBe("?{div=128}");
    expect(await dsl("cute.crd2idx((cutlass.Int32(5), 0), cute.make_layout((128, 8), stride=(8, 1)))")).toBe("?{div=8}");
  });
  it("cute.assume gives a divisibility, products multiply it", async () => {
    expect(await dsl("cute.make_layout((4, 8), stride=(cute.assume(cutlass.Int32(64), divby=16), 1))")).toBe("(4,8):(?{div=16},1)");
    expect(await dsl("cute.size((cute.assume(cutlass.Int32(64), divby=16), 4))")).toBe("?{div=64}");
  });
  it("an Int64 is ?{i64} inside a layout; a scalar prints as IntValue.__str__ does", async () => {
    expect(await dsl("cute.make_layout((4, 8), stride=(cutlass.Int64(16), 1))")).toBe("(4,8):(?{i64},1)");
    expect(await dsl("cute.size((cutlass.Int64(16), 2))")).toBe("?{i64 div=2}");
    expect(await dsl("cutlass.Int64(16)")).toBe("?");
  });
  it("reads what it prints: ?, ?{div=N}, ?{i64}, ?{i64 div=N}", async () => {
    for (const p of ["(?,2):(1,?)", "(?,?{div=64}):(?{i64 div=64},1)", "((2,2),3):((?{div=3},2),?)", "(4,8):(?{i64},1)"]) expect(await dsl(p)).toBe(p);
  });
  it("cute.printf refuses a ? the result depends on, naming it; not one it does not", async () => {
    const r = await run(["eval", "--dialect", "dsl-printf", "(4,?):(1,8)"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/'\?' \(column 4\) has no value/);
    expect(await printf("cute.rank((4,?):(1,8))")).toBe("2");
  });
});

describe("the DSL's spelling", () => {
  it("keyword arguments, None, 1-tuples, composed layouts, swizzles, slices", async () => {
    expect(await dsl("cute.slice_(cute.make_layout((4, 8)), (None, 3))")).toBe("(4):(1)");
    expect(await dsl("cute.make_layout((4), stride=(3))")).toBe("4:3");
    expect(await dsl("(4):(3)")).toBe("(4):(3)");
    expect(await dsl("cute.make_layout((4,))")).toBe("(4):(1)");
    expect(await dsl("cute.size(cute.make_layout((4, 8)), mode=[1])")).toBe("8");
    expect(await dsl("cute.make_layout((4, 8))[1]")).toBe("8:4");
    expect(await dsl("cute.make_layout((4, 8)).shape")).toBe("(4, 8)");
    expect(await dsl("cute.make_composed_layout(cute.make_swizzle(3, 4, 3), 0, cute.make_layout((8, 64), stride=(64, 1)))")).toBe("S<3,4,3> o 0 o (8,64):(64,1)");
    expect(await dsl("S<3,4,3> o 0 o (8,64):(64,1)")).toBe("S<3,4,3> o 0 o (8,64):(64,1)");
    // core.py: make_swizzle canonicalizes the identity swizzle to S<0,4,3>
    expect(await dsl("cute.make_swizzle(0, 2, 3)")).toBe("S<0,4,3>");
    expect(await dsl("cute.make_layout((2, 4), stride=(cute.E(0), 2 * cute.E(1)))")).toBe("(2,4):(1@0,2@1)");
    expect(await dsl("cute.make_ordered_layout((4, 8, 2), order=(2, 0, 1))")).toBe("(4,8,2):(16,1,8)");
  });
  it("print.ipynb's print_example: type(a) of a cutlass.Int32 prints Int32, of a Python int <class 'int'>", async () => {
    const program = ["a = cutlass.Int32(8)", "b = 2", 'print(">>>", b)', 'print(">>>", a)', 'print(">>>", type(a))', 'print(">>>", type(b))', "layout = cute.make_layout((a, b))", 'print(">>>", layout)'].join("\n");
    expect(await dsl(program)).toBe([">>> 2", ">>> ?", ">>> Int32", ">>> <class 'int'>", ">>> (?,2):(1,?)"].join("\n"));
    expect(await dsl("type(cutlass.Int64(8))")).toBe("Int64");
    expect((await run(["eval", "--dialect", "dsl", "type(cute.make_layout(4))"])).exit).toBe(2);
  });
  it("an assignment runs where it stands, as Python runs it: what CuTe rejects is refused even if nothing prints it; what cute-ts lacks waits for a print that needs it", async () => {
    const r = await run(["eval", "--dialect", "dsl", "x = cute.make_layout((4, 8), stride=(1,))\nprint(1)"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("congruent");
    expect(await dsl("x = cute.nvgpu.make_tiled_tma_atom_A(1)\nprint(1)")).toBe("1");
    const needed = await run(["eval", "--dialect", "dsl", "x = cute.nvgpu.make_tiled_tma_atom_A(1)\nprint(x)"]);
    expect(needed.exit).toBe(2);
    expect(needed.stderr).toContain("make_tiled_tma_atom_A");
    expect(await dsl("x = cute.make_layout((4, 8))\ny = cute.size(x)\nprint(y)")).toBe("32");
  });
  it("what the DSL knows divides a floor division or modulo by a dynamic value: nothing (8 // ? is 8, 4, 2, 1, 0 as ? grows)", async () => {
    expect(await dsl("8 // ?")).toBe("?");
    expect(await dsl("8 % ?")).toBe("?");
    expect(await dsl("?{div=16} // 8")).toBe("?{div=2}");
    expect(await dsl("?{div=4} - ?{div=4}")).toBe("?{div=4}");
  });
  it("a backslash at a line's end continues the line (the layout notebook's asserts)", async () => {
    const program = ["a = cute.make_layout((4, 8))", "assert cute.size(a) == \\", "    32, \\", '    "size"', "print(a)"].join("\n");
    expect(await dsl(program)).toBe("(4,8):(1,4)");
    expect(await dsl("cute.make_layout((4, 8), \\\n    stride=(8, 1))")).toBe("(4,8):(8,1)");
  });
  it("a pointer prints its type as a tensor over it does (core.py's _Pointer.__str__); cute.printf of one is refused", async () => {
    expect(await dsl("cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.generic)")).toBe("ptr<f32, generic>");
    expect(await dsl("cute.make_ptr(cutlass.Float16, 0x1000, cute.AddressSpace.gmem, assumed_align=16)")).toBe("ptr<f16, gmem, align<16>>");
    expect((await run(["eval", "--dialect", "dsl-printf", "cute.make_ptr(cutlass.Float32, 0, cute.AddressSpace.generic)"])).exit).toBe(2);
  });
  it("repeat_like(x, target) as core.py's docstring shows it: x in the profile of target", async () => {
    expect(await dsl("cute.repeat_like(0, (1, 2, 3))")).toBe("(0, 0, 0)");
    expect(await dsl("cute.repeat_like(1, ((1, 2), 3))")).toBe("((1, 1), 1)");
    expect(await dsl("cute.repeat_like(2, 5)")).toBe("2");
  });
  it("append and prepend as core.py's docstring shows them for tuples: one element, or up_to_rank", async () => {
    expect(await dsl("cute.append((4, 4), 2)")).toBe("(4, 4, 2)");
    expect(await dsl("cute.prepend((4, 4), 2)")).toBe("(2, 4, 4)");
    expect(await dsl("cute.append((1, 1), 0, up_to_rank=4)")).toBe("(1, 1, 0, 0)");
    expect(await dsl("cute.prepend((1, 1), 0, up_to_rank=4)")).toBe("(0, 0, 1, 1)");
  });
  it("make_layout_tv returns (tiler_mn, layout_tv) as a Python tuple", async () => {
    expect(await dsl("cute.make_layout_tv(cute.make_layout((32,), stride=(1,)), cute.make_layout((1,), stride=(1,)))")).toBe("((32,), (32,1):(1,0))");
  });
  it("refusals point into the DSL text", async () => {
    const r = await run(["eval", "--dialect", "dsl", "cute.logical_divide(cute.make_layout((4, 8)), tilr=2)"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("cute.logical_divide has no parameter 'tilr' (parameters: target, tiler)");
    expect(r.stderr).toContain("\n" + " ".repeat(2 + "cute.logical_divide(cute.make_layout((4, 8)), ".length) + "^");
    const u = await run(["eval", "--dialect", "dsl", "cute.make_layot((4, 8))"]);
    expect(u.stderr).toContain("did you mean cute.make_layout");
    const c = await run(["eval", "--dialect", "dsl", "make_layout(make_shape(Int<8>{}, 4))"]);
    expect(c.exit).toBe(2);
    expect(c.stderr).toContain("CuTe's C++ is read without --dialect");
  });
});

describe("the table of DSL names: each is the CuTe function it names (dsl-printf of the DSL call = CuTe's print of the C++ call without underscores)", () => {
  const pairs: [string, string][] = [
    ["cute.group_modes(cute.make_layout((2, 3, 4, 5)), 1, 3)", "group<1,3>(make_layout((_2,_3,_4,_5)))"],
    ["cute.group_modes(cute.make_identity_tensor((2, 3, 4)), 0, 2)", "group_modes<0,2>(make_identity_tensor((_2,_3,_4)))"],
    ["cute.select(cute.make_layout((2, 3, 4)), mode=[0, 2])", "select<0,2>(make_layout((_2,_3,_4)))"],
    ["cute.get(cute.make_layout(((2, 3), 4)), mode=[0, 1])", "get<0,1>(make_layout(((_2,_3),_4)))"],
    ["cute.complement(cute.make_layout(4, stride=2), 24)", "complement(_4:_2,_24)"],
    ["cute.right_inverse(cute.make_layout((4, 8), stride=(8, 1)))", "right_inverse((_4,_8):(_8,_1))"],
    ["cute.left_inverse(cute.make_layout((4, 8), stride=(8, 1)))", "left_inverse((_4,_8):(_8,_1))"],
    ["cute.tile_to_shape(cute.make_layout((2, 2)), (8, 8), (1, 0))", "tile_to_shape(make_layout((_2,_2)),(_8,_8),(_1,_0))"],
    ["cute.local_tile(cute.make_identity_tensor((128, 64)), (32, 16), (1, None))", "local_tile(make_identity_tensor((_128,_64)),(_32,_16),(_1,_))"],
    ["cute.local_partition(cute.make_identity_tensor((8, 8)), cute.make_layout((2, 4)), 3)", "local_partition(make_identity_tensor((_8,_8)),make_layout((_2,_4)),_3)"],
    ["cute.filter(cute.make_layout((4, 2, 3), stride=(1, 0, 4)))", "filter((_4,_2,_3):(_1,_0,_4))"],
    ["cute.filter_zeros(cute.make_layout((4, 2, 3), stride=(1, 0, 4)))", "filter_zeros((_4,_2,_3):(_1,_0,_4))"],
    ["cute.flatten(cute.make_layout(((4, 2), 3)))", "flatten(make_layout(((_4,_2),_3)))"],
    ["cute.dice(cute.make_layout((4, 8)), (1, None))", "dice((_1,_),make_layout((_4,_8)))"],
    ["cute.crd2idx((1, 2), cute.make_layout((4, 8)))", "crd2idx((_1,_2),make_layout((_4,_8)))"],
    ["cute.idx2crd(13, (4, 8))", "idx2crd(_13,(_4,_8))"],
    ["cute.shape_div((12, 8), 4)", "shape_div((_12,_8),_4)"],
    ["cute.ceil_div((13, 8), (4, 3))", "ceil_div((_13,_8),(_4,_3))"],
    ["cute.cosize(cute.make_layout((4, 8), stride=(8, 1)))", "cosize((_4,_8):(_8,_1))"],
    ["cute.rank(cute.make_layout(((4, 2), 3)), mode=[0])", "rank<0>(make_layout(((_4,_2),_3)))"],
    ["cute.max_common_vector(cute.make_layout((4, 8)), cute.make_layout((4, 8)))", "max_common_vector(make_layout((_4,_8)),make_layout((_4,_8)))"],
    ["cute.make_identity_layout((4, 8))", "make_identity_layout((_4,_8))"],
    ["cute.coalesce(cute.make_layout((2, (1, 6)), stride=(1, (6, 2))), target_profile=(1, 1))", "coalesce((_2,(_1,_6)):(_1,(_6,_2)),(_1,_1))"],
    ["cute.append(cute.make_layout((8, 8)), cute.make_layout((2,)))", "append(make_layout((_8,_8)),make_layout(make_shape(_2{})))"],
    ["cute.prepend(cute.make_layout((8, 8)), cute.make_layout(1), up_to_rank=4)", "prepend<4>(make_layout((_8,_8)),make_layout(_1))"],
    ["cute.recast_layout(32, 16, cute.make_layout((4, 8), stride=(8, 1)))", "recast_layout<uint16_t,uint32_t>((_4,_8):(_8,_1))"],
    ["cute.recast_layout(8, 32, cute.make_layout((4, 8), stride=(8, 1)))", "recast_layout<float,uint8_t>((_4,_8):(_8,_1))"],
  ];
  for (const [d, c] of pairs) {
    it(d, async () => {
      const cxx = await run(["eval", c]);
      expect(cxx.exit).toBe(0);
      // CuTe prints a coordinate tensor ArithTuple(_0,_0) o L, the DSL tensor<(0,0) o L>
      const text = trimEnd(cxx.stdout).replaceAll("_", "");
      expect(await printf(d)).toBe(text.startsWith("ArithTuple") ? `tensor<${text.slice("ArithTuple".length)}>` : text);
    });
  }
});

describe("--dialect on the command line", () => {
  it("is a global option, before or after the command, and --dialect=X", async () => {
    for (const argv of [
      ["--dialect", "dsl", "eval", "cute.make_layout((4, 8))"],
      ["eval", "--dialect", "dsl", "cute.make_layout((4, 8))"],
      ["eval", "cute.make_layout((4, 8))", "--dialect=dsl"],
    ]) {
      const r = await run(argv);
      expect(r.stdout).toBe("(4,8):(1,4)\n");
      expect(r.exit).toBe(0);
    }
  });
  it("refuses an unknown dialect", async () => {
    const r = await run(["eval", "--dialect", "python", "1"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/--dialect takes cxx .* dsl .* dsl-printf/);
  });
  it("the default stays CuTe's C++ notation; a cute. input gets a one-line hint, never a reinterpretation", async () => {
    const r = await run(["eval", "cute.make_layout((4, 8))"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.split("\n").filter((l) => /hint/.test(l));
    expect(lines).toEqual(["cute-ts: hint: this looks like the CuTe DSL's Python spelling; give --dialect dsl (or dsl-printf) to read it as the DSL"]);
    expect((await run(["eval", "(4,8):(1,4)"])).stdout).toBe("(4,8):(1,4)\n");
    expect((await run(["eval", "--dialect", "cxx", "(4,8):(1,4)"])).stdout).toBe("(4,8):(1,4)\n");
  });
  it("is a per-record choice in batch, and nested batch stays refused behind it", async () => {
    const { runBatch } = await import("../src/cli/commands/batch.js");
    const { dispatch } = await import("../src/cli/run.js");
    const lines: string[] = [];
    await runBatch(
      [
        JSON.stringify({ id: 1, cmd: ["eval", "--dialect", "dsl", "cute.make_layout((4, 8))"] }),
        JSON.stringify({ id: 2, cmd: ["eval", "make_layout((4,8))"] }),
        JSON.stringify({ id: 3, cmd: ["--dialect", "dsl", "batch"] }),
      ].join("\n"),
      (l) => lines.push(l),
      (argv, io) => dispatch(argv, io, { where: "a batch record" }),
    );
    const out = lines.map((l) => JSON.parse(l) as { stdout: string; exit: number; stderr: string });
    expect(out[0]!.stdout).toBe("(4,8):(1,4)\n");
    expect(out[1]!.stdout).toBe("(4,8):(_1,4)\n");
    expect(out[2]!.exit).toBe(2);
    expect(out[2]!.stderr).toContain("a batch record cannot run 'batch'");
  });
  it("is a per-case choice in transcripts", async () => {
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { scratchDir } = await import("./support/scratch.js");
    const dir = scratchDir("dsl");
    const f = join(dir, "dsl.cute");
    writeFileSync(f, "$ cute-ts eval --dialect dsl 'cute.make_layout((cutlass.Int32(8), 2))'\n(?,2):(1,?)\n$ cute-ts --dialect dsl-printf eval 'cute.make_layout((cutlass.Int32(8), 2))'\n(8,2):(1,8)\n");
    const r = await run(["check", f]);
    expect(r.exit).toBe(0);
  });
});

describe("atoms with the DSL's labels (prints published with the DSL's examples and issues)", () => {
  const op16 = "cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float16, (16, 8, 16))";
  const atomLines = [
    "MMA Atom",
    "  ThrID:           32:1",
    "  Shape MNK:       (16,8,16)",
    "  TV Layout A:     ((4,8),(2,2,2)):((32,1),(16,8,128))",
    "  TV Layout B:     ((4,8),(2,2)):((16,1),(8,64))",
    "  TV Layout C:     ((4,8),(2,2)):((32,1),(16,8))",
  ];
  it("Tiled MMA of the SM80 16x8x16 warp MMA", async () => {
    expect(await dsl(`cute.make_tiled_mma(${op16})`)).toBe(["Tiled MMA", "  Thr Layout VMNK: (32,1,1,1):(1,0,0,0)", "  Permutation MNK: (_,_,_)", ...atomLines].join("\n"));
    expect(await dsl(`cute.make_tiled_mma(${op16}, cute.make_layout((1, 1, 1)), permutation_mnk=(16, 8, 16))`)).toBe(
      ["Tiled MMA", "  Thr Layout VMNK: (32,1,1,1):(1,0,0,0)", "  Permutation MNK: (16:1,8:1,16:1)", ...atomLines].join("\n"),
    );
  });
  it("Tiled Copy of a cp.async atom and of ldmatrix for a TiledMMA's A", async () => {
    const g2s = "cute.make_copy_atom(cute.nvgpu.cpasync.CopyG2SOp(cache_mode=cute.nvgpu.cpasync.LoadCacheMode.GLOBAL), cutlass.Float16, num_bits_per_copy=128)";
    expect(await dsl(`cute.make_tiled_copy_tv(${g2s}, cute.make_layout((32, 4), stride=(4, 1)), cute.make_layout((1, 8)))`)).toBe(
      ["Tiled Copy", "  Tiler MN:        (32:1,32:1)", "  TV Layout tiled: ((4,32),8):((256,1),32)", "Copy Atom", "  ThrID:           1:0", "  TV Layout Src:   (1,8):(0,1)", "  TV Layout Dst:   (1,8):(0,1)", "  Value type:      f16"].join("\n"),
    );
    const ldsm = "cute.make_copy_atom(cute.nvgpu.warp.LdMatrix8x8x16bOp(False, 4), cutlass.Float16)";
    expect(await dsl(`cute.make_tiled_copy_A(${ldsm}, cute.make_tiled_mma(${op16}, cute.make_layout((2, 2, 1)), permutation_mnk=(32, 32, 16)))`)).toBe(
      [
        "Tiled Copy",
        "  Tiler MN:        (32:1,16:1)",
        "  TV Layout tiled: ((4,8,2,2),((2,2,2),(1,1))):((64,1,16,0),((32,8,256),(0,0)))",
        "Copy Atom",
        "  ThrID:           32:1",
        "  TV Layout Src:   (32,8):(8,1)",
        "  TV Layout Dst:   (32,(2,4)):(2,(1,64))",
        "  Value type:      f16",
      ].join("\n"),
    );
  });
  it("mma and copy take --dialect dsl: the SM90 64x8x16 atom (CUTLASS issue, the right TV Layout C) and stmatrix", async () => {
    const r = await run(["mma", "SM90_64x8x16_F32F16F16_SS", "--atoms", "(1, 1, 1)", "--dialect", "dsl"]);
    expect(trimEnd(r.stdout)).toBe(
      [
        "Tiled MMA",
        "  Thr Layout VMNK: (128,1,1,1):(1,0,0,0)",
        "  Permutation MNK: (_,_,_)",
        "MMA Atom",
        "  ThrID:           128:1",
        "  Shape MNK:       (64,8,16)",
        "  TV Layout A:     (128,(64,16)):(0,(1,64))",
        "  TV Layout B:     (128,(8,16)):(0,(1,8))",
        "  TV Layout C:     ((4,8,4),(2,2,1)):((128,1,16),(64,8,512))",
      ].join("\n"),
    );
    const c = await run(["copy", "SM90_U32x4_STSM_N", "--value", "Float16", "--dialect", "dsl"]);
    expect(trimEnd(c.stdout)).toBe(["Copy Atom", "  ThrID:         32:1", "  TV Layout Src: (32,(2,4)):(2,(1,64))", "  TV Layout Dst: (32,8):(8,1)", "  Value type:    f16"].join("\n"));
    const p = await run(["mma", "SM80_16x8x16_F32F16F16F32_TN", "--dialect", "dsl-printf"]);
    expect(p.exit).toBe(2);
  });
});

// ------------------------------------------------------------------------------ properties

interface Leaf {
  v: number;
  s: boolean;
}
type Tree = Leaf | Tree[];

const leafShape = fc.record({ v: fc.integer({ min: 1, max: 9 }), s: fc.boolean() });
const leafStride = fc.record({ v: fc.integer({ min: 0, max: 40 }), s: fc.boolean() });
/** a shape tree and a congruent stride tree */
const layoutTrees: fc.Arbitrary<[Tree, Tree]> = fc.letrec<{ node: [Tree, Tree] }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.tuple(leafShape, leafStride),
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((xs) => [xs.map((x) => x[0]), xs.map((x) => x[1])] as [Tree, Tree]),
  ),
})).node;

const toValue = (t: Tree): Value => (Array.isArray(t) ? t.map(toValue) : t.s ? S(t.v) : D(t.v));
/** a Python value: a static int plain, a dynamic one cutlass.Int32(v), a 1-tuple (x,) */
const toPython = (t: Tree): string => (Array.isArray(t) ? (t.length === 1 ? `(${toPython(t[0]!)},)` : `(${t.map(toPython).join(", ")})`) : t.s ? `${t.v}` : `cutlass.Int32(${t.v})`);
const allStatic = (t: Tree): boolean => (Array.isArray(t) ? t.every(allStatic) : t.s);

describe("properties", () => {
  it("dsl-printf of a layout's DSL spelling is its C++ print without the underscores", async () => {
    await fc.assert(
      fc.asyncProperty(layoutTrees, async ([sh, st]) => {
        const l = new Layout(toValue(sh) as never, toValue(st) as never);
        const expr = `cute.make_layout(${toPython(sh)}, stride=${toPython(st)})`;
        const r = await run(["eval", "--dialect", "dsl-printf", expr]);
        expect(r.stderr).toBe("");
        expect(r.stdout).toBe(show(l).replaceAll("_", "") + "\n");
      }),
      { numRuns: 250, seed: 23 },
    );
  });
  it("with basis strides too (v * cute.E(i))", async () => {
    const basis = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 3 }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(leafShape, basis), { minLength: 1, maxLength: 4 }), async (modes) => {
        const l = new Layout(modes.map(([s]) => (s.s ? S(s.v) : D(s.v))), modes.map(([, [v, m]]) => new ScaledBasis(S(v), [m])));
        const expr = `cute.make_layout((${modes.map(([s]) => toPython(s)).join(", ")},), stride=(${modes.map(([, [v, m]]) => `${v} * cute.E(${m})`).join(", ")},))`;
        expect(await printf(expr)).toBe(show(l).replaceAll("_", ""));
      }),
      { numRuns: 100, seed: 24 },
    );
  });
  it("reading a --dialect dsl print back gives the same layout wherever it has no ?", async () => {
    await fc.assert(
      fc.asyncProperty(layoutTrees, async ([sh, st]) => {
        fc.pre(allStatic(sh) && allStatic(st));
        const l = new Layout(toValue(sh) as never, toValue(st) as never);
        const printed = await dsl(`cute.make_layout(${toPython(sh)}, stride=${toPython(st)})`);
        expect(printed).not.toContain("?");
        const back = await evaluateDsl(printed, "dsl");
        expect(show(back.value as Value)).toBe(show(l));
        expect(await dsl(printed)).toBe(printed);
      }),
      { numRuns: 250, seed: 25 },
    );
  });
  it("a print with ? reads back to the same print (what the types know survives the round trip)", async () => {
    await fc.assert(
      fc.asyncProperty(layoutTrees, fc.integer({ min: 1, max: 3 }), async ([sh, st], k) => {
        const printed = await dsl(`cute.composition(cute.make_layout(${toPython(sh)}, stride=${toPython(st)}), cute.make_layout(${k}, stride=${k}))`);
        fc.pre(printed !== "" && printed.includes("?"));
        expect(await dsl(printed)).toBe(printed);
      }),
      { numRuns: 150, seed: 26 },
    );
  });
  it("never an internal error on mangled DSL text", async () => {
    const pieces = ["cute.make_layout(", "(", ")", ",", "stride=", "cutlass.Int32(", "?", "?{div=4}", "None", "4", "0", "-3", ":", " o ", "S<3,4,3>", "[", "]", ".shape", "1@0", "tensor<", ">", "//", "*", "cute.size(", "mode=[0]", "cute.composition(", "x="];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), async (ps) => {
        for (const dialect of ["dsl", "dsl-printf"]) {
          const r = await run(["eval", "--dialect", dialect, ps.join("")]);
          expect(r.exit).not.toBe(3);
          if (r.exit !== 0) expect(r.stdout).toBe("");
        }
      }),
      { numRuns: 400, seed: 27 },
    );
  });
});

describe("the reader keeps every dynamic integer of the input as a slot", () => {
  it("cutlass.Int32(8), ?, and ?{i64 div=16}", () => {
    const p = parseDsl("cute.make_layout((cutlass.Int32(8), ?), stride=(1, ?{i64 div=16}))");
    const slots = p.slots.map((s) => ({ given: s.given, div: s.div, width: s.width, text: s.text }));
    expect(slots).toContainEqual({ given: 8, div: 1, width: 32, text: "cutlass.Int32(8)" });
    expect(slots).toContainEqual({ given: undefined, div: 1, width: 32, text: "?" });
    expect(slots).toContainEqual({ given: undefined, div: 16, width: 64, text: "?{i64 div=16}" });
  });
  it("Int values are plain numbers (no Int objects leak into the slots)", () => {
    const p = parseDsl("cutlass.Int32(5)");
    expect((p.slots[0]!.node as unknown as Int).v).toBe(5);
  });
});

/**
 * The saved outputs of NVIDIA's CuTe DSL notebooks (examples/python/CuTeDSL/notebooks/ and
 * cute/notebooks/), cell by cell: each expected text is the notebook's, the line after its
 * `>>> ` / `>?? ` label (print at trace time / cute.printf at run time). Cells whose output is
 * run-time data (random tensors, host arrays, device addresses, Python object reprs) are not here.
 */
describe("the DSL notebooks' saved outputs, cell by cell", () => {
  const L = "cute.make_layout(((2, (3, 4)), (3, 2), 1), stride=((4, (8, 24)), (2, 6), 12))";
  it("cute_layout_algebra.ipynb, coalesce_post_conditions: every 'Index i: original X, coalesced X' line", async () => {
    // the notebook's 144 lines, X for i = 0..143
    const saved = (
      "0 4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 " +
      "4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 96 6 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 98 " +
      "8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 96 100 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 98 102"
    ).split(" ");
    expect(saved).toHaveLength(144);
    const all = (f: string) => `(${saved.map((_, i) => `${f}(${i})`).join(", ")})`;
    expect(await dsl(all(L))).toBe(`(${saved.join(", ")})`);
    expect(await dsl(all(`cute.coalesce(${L})`))).toBe(`(${saved.join(", ")})`);
    // Original size: 144, Coalesced size: 144 / Depth of coalesced layout: 1
    expect(await dsl(`cute.size(${L})`)).toBe("144");
    expect(await dsl(`cute.size(cute.coalesce(${L}))`)).toBe("144");
    expect(await dsl(`cute.depth(cute.coalesce(${L}))`)).toBe("1");
  });
  it("cute_layout_algebra.ipynb, composition_example: Layout B and its printf", async () => {
    expect(await dsl("cute.make_layout((4, 3), stride=(3, 1))")).toBe("(4,3):(3,1)");
    expect(await printf("cute.make_layout((4, 3), stride=(3, 1))")).toBe("(4,3):(3,1)");
  });
  it("cute_layout_algebra.ipynb, composition_static_vs_dynamic_layout: B_static", async () => {
    expect(await dsl("cute.make_layout((5, 4), stride=(1, 5))")).toBe("(5,4):(1,5)");
  });
  it("cute_layout_algebra.ipynb, logical_divide_1d_example: Layout, Tiler and both prints of the result", async () => {
    const R = "cute.logical_divide(cute.make_layout((4, 2, 3), stride=(2, 1, 8)), tiler=cute.make_layout(4, stride=2))";
    expect(await dsl("cute.make_layout((4, 2, 3), stride=(2, 1, 8))")).toBe("(4,2,3):(2,1,8)");
    expect(await dsl("cute.make_layout(4, stride=2)")).toBe("4:2");
    expect(await dsl(R)).toBe("((2,2),(2,3)):((4,1),(2,8))");
    expect(await printf(R)).toBe("((2,2),(2,3)):((4,1),(2,8))");
  });
  it("cute_layout_algebra.ipynb, logical/zipped/tiled/flat_divide_example: Layout and both prints of each result", async () => {
    const L9 = "cute.make_layout((9, (4, 8)), stride=(59, (13, 1)))";
    const T9 = "(cute.make_layout(3, stride=3), cute.make_layout((2, 4), stride=(1, 8)))";
    expect(await dsl(L9)).toBe("(9,(4,8)):(59,(13,1))");
    const saved: [string, string][] = [
      ["logical_divide", "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))"],
      ["zipped_divide", "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))"],
      ["tiled_divide", "((3,(2,4)),3,(2,2)):((177,(13,2)),59,(26,1))"],
      ["flat_divide", "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))"],
    ];
    for (const [f, out] of saved) {
      expect(await dsl(`cute.${f}(${L9}, tiler=${T9})`)).toBe(out);
      expect(await printf(`cute.${f}(${L9}, tiler=${T9})`)).toBe(out);
    }
  });
  it("cute_layout_algebra.ipynb, logical_product_1d_example: Layout, Tiler and both prints of the result", async () => {
    const R = "cute.logical_product(cute.make_layout((2, 2), stride=(4, 1)), tiler=cute.make_layout(6, stride=1))";
    expect(await dsl("cute.make_layout((2, 2), stride=(4, 1))")).toBe("(2,2):(4,1)");
    expect(await dsl("cute.make_layout(6, stride=1)")).toBe("6:1");
    expect(await dsl(R)).toBe("((2,2),(2,3)):((4,1),(2,8))");
    expect(await printf(R)).toBe("((2,2),(2,3)):((4,1),(2,8))");
  });
  it("cute_layout_algebra.ipynb, blocked_raked_product_example and zipped_tiled_flat_product_example: Layout, Tiler, both prints", async () => {
    const P = "cute.make_layout((2, 5), stride=(5, 1))";
    const PT = "cute.make_layout((3, 4), stride=(1, 3))";
    expect(await dsl(P)).toBe("(2,5):(5,1)");
    expect(await dsl(PT)).toBe("(3,4):(1,3)");
    const saved: [string, string][] = [
      ["blocked_product", "((2,3),(5,4)):((5,10),(1,30))"],
      ["raked_product", "((3,2),(4,5)):((10,5),(30,1))"],
      ["zipped_product", "((2,5),(3,4)):((5,1),(10,30))"],
      ["tiled_product", "((2,5),3,4):((5,1),10,30)"],
      ["flat_product", "(2,5,3,4):(5,1,10,30)"],
    ];
    for (const [f, out] of saved) {
      expect(await dsl(`cute.${f}(${P}, tiler=${PT})`)).toBe(out);
      expect(await printf(`cute.${f}(${P}, tiler=${PT})`)).toBe(out);
    }
  });
  it("cute_layout_algebra.ipynb, bymode_coalesce_example: Original", async () => {
    expect(await dsl("cute.make_layout((2, (1, 6)), stride=(1, (6, 2)))")).toBe("(2,(1,6)):(1,(6,2))");
  });
  it("print.ipynb, format_string_example: 'a: ?, b: 2' and 'layout: (?,2):(1,?)'", async () => {
    expect(await dsl("cutlass.Int32(8)")).toBe("?");
    expect(await dsl("2")).toBe("2");
    expect(await dsl("cute.make_layout((cutlass.Int32(8), 2))")).toBe("(?,2):(1,?)");
  });
  it("tensor.ipynb (notebooks/), print_tensor_dlpack: print(from_dlpack(a)) of a float32 8x5 and 8x8 host array", async () => {
    // from_dlpack of a row-major float32 host array: a generic pointer aligned to its element, a static row-major layout
    const t = (shape: string, stride: string) => `cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x7559340, cute.AddressSpace.generic), cute.make_layout(${shape}, stride=${stride}))`;
    expect(await dsl(t("(8, 5)", "(5, 1)"))).toBe("tensor<ptr<f32, generic> o (8,5):(5,1)>");
    expect(await dsl(t("(8, 8)", "(8, 1)"))).toBe("tensor<ptr<f32, generic> o (8,8):(8,1)>");
    expect(await dsl("tensor<ptr<f32, generic> o (8,5):(5,1)>")).toBe("tensor<ptr<f32, generic> o (8,5):(5,1)>");
  });
  it("tensorssa.ipynb, load_and_store and apply_slice: a TensorSSA's type, a slice of it, an element", async () => {
    const a = "cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x6cff170), cute.make_layout((3, 4), stride=(4, 1)))";
    expect(await dsl(`${a}.load()`)).toBe("tensor_value<vector<12xf32> o (3, 4)>");
    const src = "cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x71acaf0), cute.make_layout((4, 2, 3), stride=(6, 3, 1)))";
    // slice_1: tensor_value<vector<24xf32> o (4, 2, 3)> -> tensor_value<vector<12xf32> o (4, 3)>
    expect(await dsl(`${src}.load()`)).toBe("tensor_value<vector<24xf32> o (4, 2, 3)>");
    expect(await dsl(`${src}.load()[(None, 1, None)]`)).toBe("tensor_value<vector<12xf32> o (4, 3)>");
    // slice_2: ... -> ?
    expect(await dsl(`${src}.load()[10]`)).toBe("?");
  });
  it("data_types.ipynb, bar and operator_demo: Int32 values at trace time and run time", async () => {
    // b(static) = ? / b(dynamic) = 5
    expect(await dsl("cutlass.Int32(5)")).toBe("?");
    expect(await printf("cutlass.Int32(5)")).toBe("5");
    const a = "cutlass.Int32(10)", b = "cutlass.Int32(3)";
    // a: Int32(10), b: Int32(3)
    expect(await printf(a)).toBe("10");
    expect(await printf(b)).toBe("3");
    expect(await printf(`${a} + ${b}`)).toBe("13");
    expect(await printf(`${a} > ${b}`)).toBe("1");
    expect(await printf(`${a} & ${b}`)).toBe("2");
    expect(await printf(`-${a}`)).toBe("-10");
    expect(await printf(`~${a}`)).toBe("-11");
  });
});

describe("pointers and tensors over them in the DSL's spelling", () => {
  const gmem = (align: number, shape: string, stride: string, dtype = "cutlass.Float32") =>
    `cute.make_tensor(cute.runtime.make_ptr(${dtype}, 0x10000, cute.AddressSpace.gmem, assumed_align=${align}), cute.make_layout(${shape}, stride=${stride}))`;
  it("the alignment shows where it is more than the element's size", async () => {
    expect(await dsl(gmem(16, "(16, 32)", "(32, 1)", "cutlass.Float16"))).toBe("tensor<ptr<f16, gmem, align<16>> o (16,32):(32,1)>");
    expect(await dsl(gmem(4, "(16, 32)", "(32, 1)"))).toBe("tensor<ptr<f32, gmem> o (16,32):(32,1)>");
  });
  it("slicing moves the pointer: the alignment left is what the byte offset allows (brute force over offsets)", async () => {
    for (let j = 0; j < 8; j++) {
      const bytes = j * 4;
      let align = 16;
      while (align > 4 && bytes % align !== 0) align /= 2;
      const text = align > 4 ? `ptr<f32, gmem, align<${align}>>` : "ptr<f32, gmem>";
      expect(await dsl(`${gmem(16, "(16, 32)", "(32, 1)")}[(None, ${j})]`)).toBe(`tensor<${text} o (16):(32)>`);
    }
  });
  it("a divided tensor keeps the layout algebra's answer: dsl-printf of the layout is CuTe's print without underscores", async () => {
    const t = gmem(16, "(16, 32)", "(32, 1)");
    const z = await dsl(`cute.zipped_divide(${t}, (2, 4))`);
    const cxx = trimEnd((await run(["eval", "zipped_divide(make_layout(make_shape(_16{},_32{}),make_stride(_32{},_1{})),make_shape(_2{},_4{}))"])).stdout).replaceAll("_", "");
    expect(z).toBe(`tensor<ptr<f32, gmem, align<16>> o ${cxx}>`);
  });
  it("make_fragment / make_rmem_tensor: a register tensor keeps the layout it is given (print.ipynb: f32, rmem, align<32>, (4):(3))", async () => {
    expect(await dsl("cute.make_fragment(cute.make_layout((4,), stride=(3,)), cutlass.Float32)")).toBe("tensor<ptr<f32, rmem, align<32>> o (4):(3)>");
    expect(await dsl("cute.make_rmem_tensor((4, 8), cutlass.Float16)")).toBe("tensor<ptr<f16, rmem, align<32>> o (4,8):(1,4)>");
  });
  it("refusals: cute.printf of a tensor over memory, a misaligned address, an unknown address space", async () => {
    const p = await run(["eval", "--dialect", "dsl-printf", gmem(16, "(4, 4)", "(4, 1)")]);
    expect(p.exit).toBe(2);
    expect(p.stderr).toContain("does not support cute.printf of a tensor over memory");
    const m = await run(["eval", "--dialect", "dsl", "cute.runtime.make_ptr(cutlass.Float32, 0x1004, cute.AddressSpace.gmem, assumed_align=16)"]);
    expect(m.exit).toBe(2);
    expect(m.stderr).toContain("not aligned to the assumed 16 bytes");
    const s = await run(["eval", "--dialect", "dsl", "cute.runtime.make_ptr(cutlass.Float32, 0, cute.AddressSpace.lmem)"]);
    expect(s.exit).toBe(2);
  });
});

describe("Python's integer operators on DSL integers agree with Python on static ints (dsl-printf of the dynamic form)", () => {
  it("& | ^ << >> and comparisons", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), async (a, b) => {
        const d = (x: number) => `cutlass.Int32(${x})`;
        expect(await printf(`${d(a)} & ${d(b)}`)).toBe(String(a & b));
        expect(await printf(`${d(a)} | ${d(b)}`)).toBe(String(a | b));
        expect(await printf(`${d(a)} ^ ${d(b)}`)).toBe(String(a ^ b));
        expect(await printf(`${d(a)} << ${d(b % 8)}`)).toBe(String(a << b % 8));
        expect(await printf(`${d(a)} >> ${d(b % 8)}`)).toBe(String(a >> b % 8));
        expect(await printf(`${d(a)} < ${d(b)}`)).toBe(a < b ? "1" : "0");
        expect(await printf(`${d(a)} == ${d(b)}`)).toBe(a === b ? "1" : "0");
        // the static forms fold as Python does
        expect(await dsl(`${a} & ${b} | ${b} ^ ${a}`)).toBe(String((a & b) | (b ^ a)));
      }),
      { numRuns: 40 },
    );
  });
});

/**
 * Whole notebook cells: the body of the cell's @cute.jit function (and the prints around its call),
 * pasted as a program; the expected text is the cell's saved output, byte for byte. `print` lines
 * come at trace time, then the `cute.printf` lines when the compiled function runs.
 */
describe("whole notebook cells run as programs (--dialect dsl)", () => {
  const cell = async (body: string) => {
    const r = await run(["eval", "--dialect", "dsl", body]);
    expect(r.stderr).toBe("");
    expect(r.exit).toBe(0);
    return r.stdout;
  };
  it("cute_layout_algebra.ipynb, coalesce_example", async () => {
    const body = `layout = cute.make_layout(
    (2, (1, 6)), stride=(1, (cutlass.Int32(6), 2))
)  # Dynamic stride
result = cute.coalesce(layout)

print(">>> Original:", layout)
cute.printf(">?? Original: {}", layout)
print(">>> Coalesced:", result)
cute.printf(">?? Coalesced: {}", result)`;
    expect(await cell(body)).toBe(">>> Original: (2,(1,6)):(1,(?,2))\n>>> Coalesced: 12:1\n>?? Original: (2,(1,6)):(1,(6,2))\n>?? Coalesced: 12:1\n");
  });
  it("cute_layout_algebra.ipynb, bymode_coalesce_example", async () => {
    const body = `layout = cute.make_layout((2, (1, 6)), stride=(1, (6, 2)))

# Coalesce with mode-wise profile (1,1) = coalesce both modes
result = cute.coalesce(layout, target_profile=(1, 1))

# Print results
print(">>> Original: ", layout)
print(">>> Coalesced Result: ", result)`;
    expect(await cell(body)).toBe(">>> Original:  (2,(1,6)):(1,(6,2))\n>>> Coalesced Result:  (2,6):(1,2)\n");
  });
  it("cute_layout_algebra.ipynb, composition_example", async () => {
    const body = `A = cute.make_layout((6, 2), stride=(cutlass.Int32(8), 2))  # Dynamic stride
B = cute.make_layout((4, 3), stride=(3, 1))
R = cute.composition(A, B)

# Print static and dynamic information
print(">>> Layout A:", A)
cute.printf(">?? Layout A: {}", A)
print(">>> Layout B:", B)
cute.printf(">?? Layout B: {}", B)
print(">>> Composition R = A ◦ B:", R)
cute.printf(">?? Composition R: {}", R)`;
    expect(await cell(body)).toBe(
      ">>> Layout A: (6,2):(?,2)\n>>> Layout B: (4,3):(3,1)\n>>> Composition R = A ◦ B: ((2,2),3):((?{div=3},2),?)\n" +
        ">?? Layout A: (6,2):(8,2)\n>?? Layout B: (4,3):(3,1)\n>?? Composition R: ((2,2),3):((24,2),8)\n",
    );
  });
  it("cute_layout_algebra.ipynb, composition_static_vs_dynamic_layout", async () => {
    const body = `# Static version - using compile-time values
A_static = cute.make_layout((10, 2), stride=(16, 4))
B_static = cute.make_layout((5, 4), stride=(1, 5))
R_static = cute.composition(A_static, B_static)

# Static print shows compile-time info
print(">>> Static composition:")
print(">>> A_static: ", A_static)
print(">>> B_static: ", B_static)
print(">>> R_static: ", R_static)

# Dynamic version - using runtime Int32 values
A_dynamic = cute.make_layout(
    (cutlass.Int32(10), cutlass.Int32(2)),
    stride=(cutlass.Int32(16), cutlass.Int32(4)),
)
B_dynamic = cute.make_layout(
    (cutlass.Int32(5), cutlass.Int32(4)),
    stride=(cutlass.Int32(1), cutlass.Int32(5)),
)
R_dynamic = cute.composition(A_dynamic, B_dynamic)

# Dynamic printf shows runtime values
cute.printf(">?? Dynamic composition:")
cute.printf(">?? A_dynamic: {}", A_dynamic)
cute.printf(">?? B_dynamic: {}", B_dynamic)
cute.printf(">?? R_dynamic: {}", R_dynamic)`;
    expect(await cell(body)).toBe(
      ">>> Static composition:\n>>> A_static:  (10,2):(16,4)\n>>> B_static:  (5,4):(1,5)\n>>> R_static:  (5,(2,2)):(16,(80,4))\n" +
        ">?? Dynamic composition:\n>?? A_dynamic: (10,2):(16,4)\n>?? B_dynamic: (5,4):(1,5)\n>?? R_dynamic: ((5,1),(2,2)):((16,4),(80,4))\n",
    );
  });
  it("cute_layout_algebra.ipynb, bymode_composition_example", async () => {
    const body = `# Define the original layout A
A = cute.make_layout(
    (cutlass.Int32(12), (cutlass.Int32(4), cutlass.Int32(8))),
    stride=(cutlass.Int32(59), (cutlass.Int32(13), cutlass.Int32(1))),
)

# Define the tiler for by-mode composition
tiler = (3, 8)  # Apply 3:1 to mode-0 and 8:1 to mode-1

# Apply by-mode composition
result = cute.composition(A, tiler)

# Print static and dynamic information
print(">>> Layout A:", A)
cute.printf(">?? Layout A: {}", A)
print(">>> Tiler:", tiler)
cute.printf(">?? Tiler: {}", tiler)
print(">>> By-mode Composition Result:", result)
cute.printf(">?? By-mode Composition Result: {}", result)`;
    expect(await cell(body)).toBe(
      ">>> Layout A: (?,(?,?)):(?,(?,?))\n>>> Tiler: (3, 8)\n>>> By-mode Composition Result: (3,(?,?)):(?,(?,?))\n" +
        ">?? Layout A: (12,(4,8)):(59,(13,1))\n>?? Tiler: (3,8)\n>?? By-mode Composition Result: (3,(4,2)):(59,(13,1))\n",
    );
  });
  it("cute_layout_algebra.ipynb, logical_divide_1d_example", async () => {
    const body = `# Define the original layout
layout = cute.make_layout((4, 2, 3), stride=(2, 1, 8))  # (4,2,3):(2,1,8)

# Define the tiler
tiler = cute.make_layout(4, stride=2)  # Apply to layout 4:2

# Apply logical divide
result = cute.logical_divide(layout, tiler=tiler)

# Print results
print(">>> Layout:", layout)
print(">>> Tiler :", tiler)
print(">>> Logical Divide Result:", result)
cute.printf(">?? Logical Divide Result: {}", result)`;
    expect(await cell(body)).toBe(
      ">>> Layout: (4,2,3):(2,1,8)\n>>> Tiler : 4:2\n>>> Logical Divide Result: ((2,2),(2,3)):((4,1),(2,8))\n>?? Logical Divide Result: ((2,2),(2,3)):((4,1),(2,8))\n",
    );
  });
  it("cute_layout_algebra.ipynb, logical_product_1d_example", async () => {
    const body = `# Define the original layout
layout = cute.make_layout((2, 2), stride=(4, 1))  # (2,2):(4,1)

# Define the tiler
tiler = cute.make_layout(6, stride=1)  # Apply to layout 6:1

# Apply logical product
result = cute.logical_product(layout, tiler=tiler)

# Print results
print(">>> Layout:", layout)
print(">>> Tiler :", tiler)
print(">>> Logical Product Result:", result)
cute.printf(">?? Logical Product Result: {}", result)`;
    expect(await cell(body)).toBe(
      ">>> Layout: (2,2):(4,1)\n>>> Tiler : 6:1\n>>> Logical Product Result: ((2,2),(2,3)):((4,1),(2,8))\n>?? Logical Product Result: ((2,2),(2,3)):((4,1),(2,8))\n",
    );
  });
  it("cute_layout_algebra.ipynb, blocked_raked_product_example", async () => {
    const body = `# Define the original layout
layout = cute.make_layout((2, 5), stride=(5, 1))

# Define the tiler
tiler = cute.make_layout((3, 4), stride=(1, 3))

# Apply blocked product
blocked_result = cute.blocked_product(layout, tiler=tiler)

# Apply raked product
raked_result = cute.raked_product(layout, tiler=tiler)

# Print results
print(">>> Layout:", layout)
print(">>> Tiler :", tiler)
print(">>> Blocked Product Result:", blocked_result)
print(">>> Raked Product Result:", raked_result)
cute.printf(">?? Blocked Product Result: {}", blocked_result)
cute.printf(">?? Raked Product Result: {}", raked_result)`;
    expect(await cell(body)).toBe(
      ">>> Layout: (2,5):(5,1)\n>>> Tiler : (3,4):(1,3)\n>>> Blocked Product Result: ((2,3),(5,4)):((5,10),(1,30))\n>>> Raked Product Result: ((3,2),(4,5)):((10,5),(30,1))\n" +
        ">?? Blocked Product Result: ((2,3),(5,4)):((5,10),(1,30))\n>?? Raked Product Result: ((3,2),(4,5)):((10,5),(30,1))\n",
    );
  });
  it("cute_layout_algebra.ipynb, zipped_tiled_flat_product_example", async () => {
    const body = `"""
Demonstrates zipped, tiled, and flat products
"""
# Define the original layout
layout = cute.make_layout((2, 5), stride=(5, 1))

# Define the tiler
tiler = cute.make_layout((3, 4), stride=(1, 3))

# Apply zipped product
zipped_result = cute.zipped_product(layout, tiler=tiler)

# Apply tiled product
tiled_result = cute.tiled_product(layout, tiler=tiler)

# Apply flat product
flat_result = cute.flat_product(layout, tiler=tiler)

# Print results
print(">>> Layout:", layout)
print(">>> Tiler :", tiler)
print(">>> Zipped Product Result:", zipped_result)
print(">>> Tiled Product Result:", tiled_result)
print(">>> Flat Product Result:", flat_result)
cute.printf(">?? Zipped Product Result: {}", zipped_result)
cute.printf(">?? Tiled Product Result: {}", tiled_result)
cute.printf(">?? Flat Product Result: {}", flat_result)`;
    expect(await cell(body)).toBe(
      ">>> Layout: (2,5):(5,1)\n>>> Tiler : (3,4):(1,3)\n>>> Zipped Product Result: ((2,5),(3,4)):((5,1),(10,30))\n>>> Tiled Product Result: ((2,5),3,4):((5,1),10,30)\n>>> Flat Product Result: (2,5,3,4):(5,1,10,30)\n" +
        ">?? Zipped Product Result: ((2,5),(3,4)):((5,1),(10,30))\n>?? Tiled Product Result: ((2,5),3,4):((5,1),10,30)\n>?? Flat Product Result: (2,5,3,4):(5,1,10,30)\n",
    );
  });
  it("print.ipynb, format_string_example (its arguments a = cutlass.Int32(8), b = 2 bound first)", async () => {
    const body = `print("Direct run output:")
a = cutlass.Int32(8)
b = 2
print(f"a: {a}, b: {b}")

layout = cute.make_layout((a, b))
print(f"layout: {layout}")`;
    expect(await cell(body)).toBe("Direct run output:\na: ?, b: 2\nlayout: (?,2):(1,?)\n");
  });
  it("print.ipynb, print_example without its type() lines; print_example_compiled(...) prints the printfs only (dsl-printf)", async () => {
    const body = `a = cutlass.Int32(8)
b = 2
print(">>>", b)
print(">>>", a)
cute.printf(">?? {}", a)
cute.printf(">?? {}", b)
layout = cute.make_layout((a, b))
print(">>>", layout)
cute.printf(">?? {}", layout)`;
    expect(await cell(body)).toBe(">>> 2\n>>> ?\n>>> (?,2):(1,?)\n>?? 8\n>?? 2\n>?? (8,2):(1,8)\n");
    expect((await run(["eval", "--dialect", "dsl-printf", body])).stdout).toBe(">?? 8\n>?? 2\n>?? (8,2):(1,8)\n");
  });
  it("tensorssa.ipynb, load_and_store: the trace-time prints (a, b as from_dlpack makes them)", async () => {
    const body = `a = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x6cff170), cute.make_layout((3, 4), stride=(4, 1)))
b = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x6cff1a0), cute.make_layout((3, 4), stride=(4, 1)))
a_vec = a.load()
print(f"a_vec: {a_vec}")      # prints \`a_vec: vector<12xf32> o (3, 4)\`
b_vec = b.load()
print(f"b_vec: {b_vec}")      # prints \`b_vec: vector<12xf32> o (3, 4)\``;
    expect(await cell(body)).toBe("a_vec: tensor_value<vector<12xf32> o (3, 4)>\nb_vec: tensor_value<vector<12xf32> o (3, 4)>\n");
  });
  it("tensorssa.ipynb, apply_slice (slice_1 and slice_2): the trace-time print", async () => {
    const src = "cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x71acaf0), cute.make_layout((4, 2, 3), stride=(6, 3, 1)))";
    expect(await cell(`src = ${src}\nsrc_vec = src.load()\ndst_vec = src_vec[(None, 1, None)]\nprint(f"{src_vec} -> {dst_vec}")`)).toBe(
      "tensor_value<vector<24xf32> o (4, 2, 3)> -> tensor_value<vector<12xf32> o (4, 3)>\n",
    );
    expect(await cell(`src = ${src}\nsrc_vec = src.load()\ndst_vec = src_vec[10]\nprint(f"{src_vec} -> {dst_vec}")`)).toBe("tensor_value<vector<24xf32> o (4, 2, 3)> -> ?\n");
  });
  it("data_types.ipynb, operator_demo: the integer lines", async () => {
    const body = `a = cutlass.Int32(10)
b = cutlass.Int32(3)
cute.printf("a: Int32({}), b: Int32({})", a, b)
sum_result = a + b
cute.printf("a + b = {}", sum_result)
is_greater = a > b
cute.printf("a > b = {}", is_greater)
bit_and = a & b
cute.printf("a & b = {}", bit_and)
neg_a = -a
cute.printf("-a = {}", neg_a)
not_a = ~a
cute.printf("~a = {}", not_a)`;
    expect(await cell(body)).toBe("a: Int32(10), b: Int32(3)\na + b = 13\na > b = 1\na & b = 2\n-a = -10\n~a = -11\n");
  });
  it("cute_layout_algebra.ipynb, coalesce_post_conditions: its 152 lines (a meta loop over range_constexpr, asserts)", async () => {
    const body = `"""
Demonstrates coalesce operation's 3 post-conditions:
1. size(@a result) == size(@a layout)
2. depth(@a result) <= 1
3. for all i, 0 <= i < size(@a layout), @a result(i) == @a layout(i)
"""
layout = cute.make_layout(
    ((2, (3, 4)), (3, 2), 1), stride=((4, (8, 24)), (2, 6), 12)
)
result = cute.coalesce(layout)

print(">>> Original:", layout)
print(">>> Coalesced:", result)

print(">>> Checking post-conditions:")
print(">>> 1. Checking size remains the same after the coalesce operation:")
original_size = cute.size(layout)
coalesced_size = cute.size(result)
print(f"Original size: {original_size}, Coalesced size: {coalesced_size}")
assert coalesced_size == original_size, (
    f"Size mismatch: original {original_size}, coalesced {coalesced_size}"
)

print(">>> 2. Checking depth of coalesced layout <= 1:")
depth = cute.depth(result)
print(f"Depth of coalesced layout: {depth}")
assert depth <= 1, f"Depth of coalesced layout should be <= 1, got {depth}"

print(
    ">>> 3. Checking layout functionality remains the same after the coalesce operation:"
)
for i in cutlass.range_constexpr(original_size):
    original_value = layout(i)
    coalesced_value = result(i)
    print(f"Index {i}: original {original_value}, coalesced {coalesced_value}")
    assert coalesced_value == original_value, (
        f"Value mismatch at index {i}: original {original_value}, coalesced {coalesced_value}"
    )`;
    // the notebook's 144 values X of 'Index i: original X, coalesced X'
    const saved = (
      "0 4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 2 6 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 " +
      "4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 96 6 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 98 " +
      "8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 96 100 10 14 18 22 26 30 34 38 42 46 50 54 58 62 66 70 74 78 82 86 90 94 98 102"
    ).split(" ");
    const head =
      ">>> Original: ((2,(3,4)),(3,2),1):((4,(8,24)),(2,6),12)\n>>> Coalesced: (24,6):(4,2)\n>>> Checking post-conditions:\n" +
      ">>> 1. Checking size remains the same after the coalesce operation:\nOriginal size: 144, Coalesced size: 144\n" +
      ">>> 2. Checking depth of coalesced layout <= 1:\nDepth of coalesced layout: 1\n" +
      ">>> 3. Checking layout functionality remains the same after the coalesce operation:\n";
    expect(await cell(body)).toBe(head + saved.map((x, i) => `Index ${i}: original ${x}, coalesced ${x}\n`).join(""));
  });
  it("an assert that fails stops the program as Python does; loops are bounded", async () => {
    const r = await run(["eval", "--dialect", "dsl", 'L = cute.make_layout((4, 2))\nassert cute.size(L) == 9, f"size is {cute.size(L)}"\nprint(L)']);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("AssertionError: size is 8");
    const big = await run(["eval", "--dialect", "dsl", "for i in range(1000000):\n    print(i)"]);
    expect(big.exit).toBe(2);
    expect(big.stderr).toContain("more than 100000 iterations");
    const staged = await run(["eval", "--dialect", "dsl", "for i in cutlass.range(3):\n    print(i)"]);
    expect(staged.exit).toBe(2);
    expect(staged.stderr).toContain("cutlass.range is a loop on the device");
  });
  it("Python's bare tuple on an assignment's right side: a, b = 3, 4 and t = 1, 2 (and 5,)", async () => {
    const r = await run(["eval", "--dialect", "dsl", "a, b = 3, 4\nprint(a, b)\nt = 1, 2\nprint(t)\nx = 5,\nprint(x)\nprint(cute.make_layout((a, b)))"]);
    // Python: 3 4 / (1, 2) / (5,); the layout of static extents (3,4) is compact column-major
    expect(r.stdout).toBe("3 4\n(1, 2)\n(5,)\n(3,4):(1,3)\n");
  });
  it("a loop body's assignments: names new to the body are evaluated per iteration; a value carried between iterations is refused, not miscomputed", async () => {
    // Python: y = (x + i) * 2 for i = 0, 1, 2 with x = 0
    const r = await run(["eval", "--dialect", "dsl", "x = 0\nfor i in range(3):\n    y = x + i\n    y = y * 2\n    print(y)\nprint(x)"]);
    expect(r.stdout).toBe("0\n2\n4\n0\n");
    // nested loops: z = 2i + j
    const n = await run(["eval", "--dialect", "dsl", "for i in range(2):\n    for j in range(2):\n        z = i * 2 + j\n        print(z)"]);
    expect(n.stdout).toBe("0\n1\n2\n3\n");
    // an accumulator (Python prints 3) is refused
    const acc = await run(["eval", "--dialect", "dsl", "x = 0\nfor i in range(3):\n    x = x + i\nprint(x)"]);
    expect(acc.exit).toBe(2);
    expect(acc.stdout).toBe("");
    expect(acc.stderr).toContain("a loop body assigning x, a variable from before the loop");
    // and so is one an inner loop carries from the outer body
    const inner = await run(["eval", "--dialect", "dsl", "for i in range(2):\n    s = i\n    for j in range(2):\n        s = s + j\n    print(s)"]);
    expect(inner.exit).toBe(2);
    expect(inner.stderr).toContain("a loop body assigning s");
  });
  it("refusals: statements cute-ts does not run, printf's {} count, strings in arithmetic", async () => {
    const r1 = await run(["eval", "--dialect", "dsl", "x = 2\nwhile x:\n  print(x)"]);
    expect(r1.exit).toBe(2);
    const r2 = await run(["eval", "--dialect", "dsl", 'cute.printf("{} {}", 1)']);
    expect(r2.exit).toBe(2);
    expect(r2.stderr).toContain("cute.printf's format has 2 {} for 1 value");
    const r3 = await run(["eval", "--dialect", "dsl", 'x = "a" + 2\nprint(x)']);
    expect(r3.exit).toBe(2);
    expect(r3.stderr).toContain("a string is printed");
  });
});

/**
 * cute.print_tensor of a tensor over memory the program wrote (t.fill). Expected texts are the
 * notebooks' saved outputs: whole where the notebook's data is a constant (its address given to
 * make_ptr), else with every value replaced by the constant written (the layout of the text is
 * the notebook's).
 */
describe("cute.print_tensor (the notebooks' print_tensor outputs)", () => {
  const prog = async (body: string) => {
    const r = await run(["eval", "--dialect", "dsl", body]);
    expect(r.stderr).toBe("");
    expect(r.exit).toBe(0);
    return r.stdout;
  };
  it("tensor.ipynb (notebooks/), create_tensor_from_ptr: an 8x5 tensor filled with 1 (rows 4 and 5 left out)", async () => {
    const body = `ptr = cute.runtime.make_ptr(cutlass.Float32, 0x000000000736b0c0)
layout = cute.make_layout((8, 5), stride=(5, 1))
tensor = cute.make_tensor(ptr, layout)
tensor.fill(1)
cute.print_tensor(tensor)`;
    const row = "[ 1.000000,  1.000000,  1.000000,  1.000000,  1.000000, ]";
    expect(await prog(body)).toBe(
      "tensor(raw_ptr(0x000000000736b0c0: f32, generic, align<4>) o (8,5):(5,1), data=\n" +
        `       [${row},\n        ${row},\n        ${row},\n        ...\n        ${row},\n        ${row},\n        ${row}])\n`,
    );
  });
  it("tensorssa.ipynb, load_and_store: the 3x4 result, all 2.0", async () => {
    const body = "res = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x0000000006cff170), cute.make_layout((3, 4), stride=(4, 1)))\nres.fill(2)\ncute.print_tensor(res)";
    expect(await prog(body)).toBe(
      "tensor(raw_ptr(0x0000000006cff170: f32, generic, align<4>) o (3,4):(4,1), data=\n" +
        "       [[ 2.000000,  2.000000,  2.000000,  2.000000, ],\n" +
        "        [ 2.000000,  2.000000,  2.000000,  2.000000, ],\n" +
        "        [ 2.000000,  2.000000,  2.000000,  2.000000, ]])\n",
    );
  });
  it("tensorssa.ipynb, binary_op_1: a rank-1 (3):(1) tensor holding 3.0, then -1.0, then 2.0", async () => {
    const body = (v: number) => `res = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x00000000074f0e70), cute.make_layout((3,), stride=(1,)))\nres.fill(${v})\ncute.print_tensor(res)`;
    const head = "tensor(raw_ptr(0x00000000074f0e70: f32, generic, align<4>) o (3):(1), data=\n";
    expect(await prog(body(3))).toBe(head + "       [ 3.000000, ],\n       [ 3.000000, ],\n       [ 3.000000, ])\n");
    expect(await prog(body(-1))).toBe(head + "       [-1.000000, ],\n       [-1.000000, ],\n       [-1.000000, ])\n");
    expect(await prog(body(2))).toBe(head + "       [ 2.000000, ],\n       [ 2.000000, ],\n       [ 2.000000, ])\n");
  });
  it("print.ipynb, tensor_print_example1: a (4,3,2):(6,2,1) tensor, its values replaced by the 7 written", async () => {
    const saved =
      "tensor(raw_ptr(0x000000000a5f1d50: f32, generic, align<4>) o (4,3,2):(6,2,1), data=\n" +
      "       [[[ 0.000000,  2.000000,  4.000000, ],\n" +
      "         [ 6.000000,  8.000000,  10.000000, ],\n" +
      "         [ 12.000000,  14.000000,  16.000000, ],\n" +
      "         [ 18.000000,  20.000000,  22.000000, ]],\n" +
      "\n" +
      "        [[ 1.000000,  3.000000,  5.000000, ],\n" +
      "         [ 7.000000,  9.000000,  11.000000, ],\n" +
      "         [ 13.000000,  15.000000,  17.000000, ],\n" +
      "         [ 19.000000,  21.000000,  23.000000, ]]])\n";
    const body = "x = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0xa5f1d50), cute.make_layout((4, 3, 2), stride=(6, 2, 1)))\nx.fill(7)\ncute.print_tensor(x)";
    expect(await prog(body)).toBe(saved.replace(/\d+\.\d{6}/g, "7.000000"));
  });
  it("print.ipynb, tensor_print_example2 (verbose=True): a (4,3):(3,1) tensor, its values replaced by the 5 written", async () => {
    const coords = ["(0,0)", "(0,1)", "(0,2)", "(1,0)", "(1,1)", "(1,2)", "(2,0)", "(2,1)", "(2,2)", "(3,0)", "(3,1)", "(3,2)"];
    const saved = "tensor(raw_ptr(0x000000000a814cc0: f32, generic, align<4>) o (4,3):(3,1), data= (\n" + coords.map((c, i) => `\t${c}= ${i}.000000\n`).join("") + ")\n";
    const body = "x = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0xa814cc0), cute.make_layout((4, 3), stride=(3, 1)))\nx.fill(5)\ncute.print_tensor(x, verbose=True)";
    expect(await prog(body)).toBe(saved.replace(/\d+\.\d{6}/g, "5.000000"));
  });
  it("tensor.ipynb (notebooks/), print_tensor_dlpack: an 8x8 tensor shows 3 ... 3 columns too (values replaced by the 1 written)", async () => {
    const body = "x = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x7979da0), cute.make_layout((8, 8), stride=(8, 1)))\nx.fill(1)\ncute.print_tensor(x)";
    // the notebook's first and last rows and its '...' line, each value (its sign place included) replaced by the 1 written
    const one = (t: string) => t.replace(/[ -]\d+\.\d{6}/g, " 1.000000");
    const first = one("       [[ 0.122739, -0.605744, -1.442022, ..., -0.356501, -0.993329, -0.091110, ],");
    const last = one("        [ 1.188619,  1.519662,  1.270734, ...,  0.404082,  0.173200,  0.093476, ]])");
    const out = await prog(body);
    const lines = out.split("\n");
    expect(lines[0]).toBe("tensor(raw_ptr(0x0000000007979da0: f32, generic, align<4>) o (8,8):(8,1), data=");
    expect(lines[1]).toBe(first);
    expect(lines[4]).toBe("        ...");
    expect(lines[7]).toBe(last);
  });
  it("refusals: memory the program did not write, element types and shapes whose print the notebooks do not show", async () => {
    const r = await run(["eval", "--dialect", "dsl", "x = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x1000), cute.make_layout((4, 3)))\ncute.print_tensor(x)"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("which the program did not write");
    const h = await run(["eval", "--dialect", "dsl", "x = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float16, 0x1000), cute.make_layout((4, 3)))\nx.fill(1)\ncute.print_tensor(x)"]);
    expect(h.exit).toBe(2);
    expect(h.stderr).toContain("does not support cute.print_tensor of f16 elements");
    const six = await run(["eval", "--dialect", "dsl", "x = cute.make_tensor(cute.runtime.make_ptr(cutlass.Float32, 0x1000), cute.make_layout((6, 3)))\nx.fill(1)\ncute.print_tensor(x)"]);
    expect(six.exit).toBe(2);
  });
});
