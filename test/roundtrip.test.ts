/**
 * What CuTe prints parses back: evaluating the text of any printed value gives the same value,
 * so a line pasted from a kernel's log means what CuTe meant by it. That includes the forms
 * NOTATION.md calls output-only: a tensor (`counting_iter(0) o L`, `ArithTuple_0 o L`) and a
 * swizzled layout whose offset is mixed bits (`Sw<2,2,2> o M_0|(4&4)=4 o L`).
 */
import { describe, expect, it } from "vitest";
import { readGolden, run } from "./helpers.js";

const printed = readGolden("../fixtures/golden/algebra.jsonl").filter((r) => r.cmd[0] === "eval" && r.out !== undefined && !r.out.replace(/\n$/, "").includes("\n"));

// `Sw<0,M,S> o _0 o L` is read as composition(Swizzle<0,M,S>{}, Int<0>{}, L), which CuTe itself
// reduces to L (an upcast can leave such a swizzle in place, and CuTe prints it as it is)
const identitySwizzle = /^Sw<0,\d+,-?\d+> o _0 o /;

describe("printed values parse back to themselves", () => {
  it("every single-line eval golden, evaluated again, prints the same", async () => {
    expect(printed.length).toBeGreaterThan(1500);
    const differ: string[] = [];
    let mixed = 0, tensors = 0;
    for (const r of printed) {
      const text = r.out!.replace(/\n$/, "");
      if (identitySwizzle.test(text)) continue;
      if (text.includes(" o M_")) mixed++;
      if (/^(counting_iter|ArithTuple)/.test(text)) tensors++;
      const again = await run(["eval", text]);
      if (again.stdout !== r.out) differ.push(`${r.id}: ${text} -> ${again.stdout || again.stderr}`);
    }
    expect(differ).toEqual([]);
    expect(mixed).toBeGreaterThan(0);
    expect(tensors).toBeGreaterThan(0);
  });
  it("an identity swizzle at offset _0 is the layout, as CuTe's composition makes it", async () => {
    expect((await run(["eval", "Sw<0,0,1> o _0 o (_2,_64):(_1,_2)"])).stdout).toBe("(_2,_64):(_1,_2)\n");
  });
});

describe("tensors as CuTe prints them", () => {
  it("are the tensors make_tensor builds", async () => {
    for (const [printedForm, made] of [
      ["counting_iter(5) o (4,8):(1,4)", "make_tensor(counting_iter(5),(4,8):(1,4))"],
      ["ArithTuple(0,_0) o (4,8):(_1@0,_1@1)", "make_tensor(ArithTuple(0,_0),(4,8):(_1@0,_1@1))"],
      ["counting_iter(0) o Sw<3,0,3> o _0 o (_8,_8):(_8,_1)", "make_tensor(counting_iter(0),Sw<3,0,3> o _0 o (_8,_8):(_8,_1))"],
    ]) {
      const a = await run(["print", printedForm!]);
      const b = await run(["print", made!]);
      expect(a.exit).toBe(0);
      expect(a.stdout).toBe(b.stdout);
    }
  });
  it("an ArithTuple iterator at one integer is ArithTuple_0 / ArithTuple5", async () => {
    expect((await run(["eval", "ArithTuple_0 o _2:_1"])).stdout).toBe("ArithTuple_0 o _2:_1\n");
    // tile (1,1) of (_2,_2) tiles starts at coordinate (2,2): 5 + 2*_1 + 2*_4 = 15
    expect((await run(["eval", "local_tile(ArithTuple5 o (_4,_8):(_1,_4),(_2,_2),(1,1))"])).stdout).toBe("ArithTuple15 o (_2,_2):(_1,_4)\n");
  });
  it("something other than a layout after the iterator is refused", async () => {
    const r = await run(["eval", "counting_iter(0) o 3"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toContain("a tensor is written as CuTe prints it");
  });
});

describe("the inverse of a swizzled layout with an offset, L o k o Sw", () => {
  it("reads back as what right_inverse printed", async () => {
    const inv = await run(["eval", "right_inverse(Sw<2,0,2> o 3 o (4,4):(1,4))"]);
    expect(inv.stdout).toMatch(/ o -3 o Sw<2,0,2>\n$/);
    expect((await run(["eval", inv.stdout.trim()])).stdout).toBe(inv.stdout);
  });
});

describe("mixed-bits offsets", () => {
  it("slice a swizzled layout to mixed bits, and read the printed result back", async () => {
    const sliced = await run(["eval", "composition(Sw<2,2,2>,(_64,_8):(_8,_1))(_,7)"]);
    expect(sliced.stdout).toBe("Sw<2,2,2> o M_0|(4&4)=4 o (_64):(_8)\n");
    const back = await run(["eval", sliced.stdout.trim()]);
    expect(back.stdout).toBe(sliced.stdout);
  });
  it("a tensor over such a layout reads back too", async () => {
    const sliced = await run(["eval", "make_tensor(counting_iter(0),Sw<2,2,2> o _0 o (_64,_8):(_8,_1))(_,7)"]);
    expect(sliced.stdout).toMatch(/^counting_iter\(\d+\) o Sw<2,2,2> o M_0\|\(4&4\)=4 o \(_64\):\(_8\)\n$/);
    expect((await run(["eval", sliced.stdout.trim()])).stdout).toBe(sliced.stdout);
    expect((await run(["print", sliced.stdout.trim()])).stdout).toBe((await run(["print", "make_tensor(counting_iter(0),Sw<2,2,2> o _0 o (_64,_8):(_8,_1))(_,7)"])).stdout);
    expect((await run(["eval", "counting_iter(0) o M_0|(4&4)=4 o (_64):(_8)"])).exit).toBe(2);
  });
  it("refuse bits CuTe's make_mixed_bits would never build, saying which rule fails", async () => {
    for (const [text, why] of [
      ["Sw<2,2,2> o M_0|(5&4)=5 o (_64):(_8)", "a dynamic bit lies outside the mask"],
      ["Sw<2,2,2> o M_4|(4&4)=4 o (_64):(_8)", "a static bit lies under the dynamic mask"],
      ["Sw<2,2,2> o M_1|(4&4)=4 o (_64):(_8)", "the value is s|d = 5"],
      ["Sw<2,2,2> o M_4|(0&0)=4 o (_64):(_8)", "the mask has no dynamic bit"],
      ["Sw<2,2,2> o M_0|(4&4 o (_64):(_8)", "expected ')=' in mixed bits"],
    ] as const) {
      const r = await run(["eval", text]);
      expect(r.exit, text).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr, text).toContain(why);
      expect(r.stderr).toContain("^");
    }
  });
  it("are an offset of a swizzled layout, nothing else", async () => {
    expect((await run(["eval", "M_0|(4&4)=4"])).stderr).toContain("only the offset of a swizzled layout");
    expect((await run(["eval", "(4,8):(1,4) o M_0|(4&4)=4 o (4):(1)"])).stderr).toContain("the offset of a swizzled layout only");
  });
});
