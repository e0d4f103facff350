// Evaluation knows what it needs before it starts: modulesFor reads a parsed tree's calls and
// values of types and names the modules (atoms, TMA, pictures) to load before the one run.
import { describe, expect, it } from "vitest";
import { modulesFor, evaluateAny, showValue } from "../src/eval/evaluate.js";
import { parse } from "../src/notation/parse.js";
import { parseProgram } from "../src/notation/parse.js";

const needs = (src: string) => modulesFor(parse(src));

describe("modulesFor", () => {
  it("a core expression needs nothing", () => {
    expect(needs("logical_divide(make_layout(make_shape(16,32)), make_shape(4,8))")).toEqual({ atoms: false, tma: false, pictures: false });
    expect(needs("Layout<Shape<_32,_8>>{}")).toEqual({ atoms: false, tma: false, pictures: false });
  });
  it("an MMA or copy atom needs the atoms, a TMA builder the TMA module too", () => {
    expect(needs("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{})")).toEqual({ atoms: true, tma: false, pictures: false });
    expect(needs("Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}")).toEqual({ atoms: true, tma: false, pictures: false });
    expect(needs("SM90_TMA_LOAD{}")).toEqual({ atoms: true, tma: true, pictures: false });
  });
  it("a block's print_latex needs the picture modules, wherever it stands", () => {
    const prog = parseProgram("auto L = make_layout(make_shape(2,4));\nif (true) { print_latex(L); }");
    expect(modulesFor(prog).pictures).toBe(true);
  });
  it("with them loaded first an atom expression is answered", async () => {
    expect(showValue(await evaluateAny("MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>{}"))).toContain("ThrID:      (_4,_2):(_1,_16)");
  });
});
