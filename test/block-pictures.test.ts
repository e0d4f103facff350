/**
 * print_latex / print_svg as statements of a pasted block (src/eval/block.ts): what each writes
 * is the picture `cute-ts print X --latex|--svg` draws (itself checked against CuTe's pictures in
 * fixtures/golden/pictures.jsonl), here for the blocks of CuTe's MMA atom document
 * (0t_mma_atom.md: an MMA_Atom and four TiledMMAs), a layout, a shape and a TiledCopy.
 */
import { describe, expect, it } from "vitest";
import { ok, refused } from "./helpers.js";

const SM70 = "SM70_8x8x4_F32F16F16F32_NT";
const DOC: Array<[string, string]> = [
  ["the MMA_Atom", `MMA_Atom<${SM70}>{}`],
  ["one atom, an 8x8x4 tiler", `make_tiled_mma(${SM70}{}, Layout<Shape<_1,_1,_1>>{}, Tile<_8,_8,_4>{})`],
  ["2x2 n-major atoms", `make_tiled_mma(${SM70}{}, Layout<Shape <_2,_2>, Stride<_2,_1>>{})`],
  ["2x2 n-major atoms, a 32x32x4 tiler", `make_tiled_mma(${SM70}{}, Layout<Shape <_2,_2>, Stride<_2,_1>>{}, Tile<_32,_32,_4>{})`],
  ["2x2 atoms, M permuted", `make_tiled_mma(${SM70}{}, Layout<Shape <_2,_2>, Stride<_2,_1>>{}, Tile<Layout<Shape <_4,_4,_2>, Stride<_1,_8,_4>>, _32, _4>{})`],
];

describe("print_latex(mma) in a block is print --latex of the value", () => {
  for (const [what, expr] of DOC) {
    it(what, async () => {
      const decl = expr.startsWith("MMA_Atom") ? `MMA_Atom mma = ${expr};` : `TiledMMA mma = ${expr};`;
      const picture = await ok(["print", expr, "--latex"]);
      expect(picture).toMatch(/^% LayoutC: /);
      expect(await ok(["eval", `${decl}\nprint_latex(mma);`])).toBe(picture);
    });
  }
  it("print_svg too, and a picture between other prints", async () => {
    const expr = DOC[2]![1];
    const svg = await ok(["print", expr, "--svg"]);
    expect(await ok(["eval", `TiledMMA mma = ${expr};\nprint("<!-- -->\\n");\nprint_svg(mma);\nprint("end\\n");`])).toBe(`<!-- -->\n${svg}end\n`);
  });
});

describe("layouts, shapes and TiledCopies", () => {
  it("a layout, and a shape drawn as its compact layout", async () => {
    const l = "(2,(2,2)):(4,(2,1))";
    expect(await ok(["eval", `auto L = make_layout(make_shape(2, make_shape(2, 2)), make_stride(4, make_stride(2, 1)));\nprint_latex(L);`])).toBe(await ok(["print", l, "--latex"]));
    expect(await ok(["eval", "print_latex(make_shape(Int<2>{}, Int<3>{}));"])).toBe(await ok(["print", "(_2,_3):(_1,_2)", "--latex"]));
  });
  it("a TiledCopy", async () => {
    const tc = "make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, Layout<Shape<_4,_8>>{}, Layout<Shape<_2,_1>>{})";
    expect(await ok(["eval", `auto tc = ${tc};\nprint_latex(tc);`])).toBe(await ok(["print", tc, "--latex"]));
  });
  it("what CuTe does not draw is refused: a bare Copy_Atom, a tensor", async () => {
    expect(await refused(["eval", "auto a = Copy_Atom<UniversalCopy<uint32_t>, half_t>{};\nprint_latex(a);"])).toMatch(/CuTe draws TiledCopies, not bare atoms/);
    expect(await refused(["eval", "auto t = make_tensor(counting_iter(0), make_shape(2, 2));\nprint_latex(t);"])).toMatch(/draws a layout, a TiledMMA or a TiledCopy/);
  });
});
