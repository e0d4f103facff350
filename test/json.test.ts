/** --json on every command: the documented schema; colour only where it belongs. */
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { run } from "./helpers.js";

const json = async (argv: string[]) => {
  const r = await run([...argv, "--json"]);
  return { ...r, doc: JSON.parse(r.exit === 0 || r.exit === 1 ? r.stdout : r.stderr) as Record<string, any> };
};

describe("--json schema", () => {
  it("eval: a layout is {kind, text, shape, stride, rank, size, cosize}", async () => {
    const { doc, exit } = await json(["eval", "(_2,4):(_12,_1)"]);
    expect(exit).toBe(0);
    expect(doc).toEqual({ kind: "layout", text: "(_2,4):(_12,_1)", shape: ["_2", "4"], stride: ["_12", "_1"], rank: 2, size: 8, cosize: 16 });
  });
  it("eval: integers, tuples, tensors", async () => {
    expect((await json(["eval", "size((2,3))"])).doc).toEqual({ kind: "int", text: "6", value: 6, static: false });
    const t = (await json(["eval", "(_1,2)"])).doc;
    expect(t.kind).toBe("tuple");
    expect(t.items.map((x: any) => x.text)).toEqual(["_1", "2"]);
    const ten = (await json(["eval", "make_tensor(counting_iter(3),(_2,_2))"])).doc;
    expect(ten).toMatchObject({ kind: "tensor", iterator: "counting_iter(3)", layout: { kind: "layout", text: "(_2,_2):(_1,_2)" } });
  });
  it("print: cells of a layout, values of a tensor", async () => {
    expect((await json(["print", "(_2,2):(_1,_2)"])).doc.cells).toEqual([[0, 2], [1, 3]]);
    expect((await json(["print", "make_tensor(counting_iter(10),(_2,_3))"])).doc.values).toEqual([[10, 12, 14], [11, 13, 15]]);
  });
  it("errors: {error: {kind, exit, message, ...}} on stderr, nothing on stdout", async () => {
    const r = await json(["eval", "complement((16,4):(1,16),_128)"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.doc.error).toMatchObject({ kind: "refusal", op: "complement", rule: "Dynamic-stride complement only for rank-1 layouts" });
    const p = await json(["eval", "(4,8"]);
    expect(p.doc.error).toMatchObject({ kind: "parse", input: "(4,8", position: 4 });
  });
  it("mma and copy: CuTe's print as objects with fields and parsed layouts", async () => {
    const m = (await json(["mma", "SM70_8x8x4_F32F16F16F32_NT"])).doc;
    expect(m.objects[0].kind).toBe("MMA_Atom");
    expect(m.objects[0].fields.Shape_MNK).toBe("(_8,_8,_4)");
    expect(m.objects[0].layouts.LayoutA_TV.shape).toEqual([["_4", "_2"], "_4"]);
    expect(m).toMatchObject({ op: "SM70_8x8x4_F32F16F16F32_NT", M: 8, N: 8, K: 4, threads: 8 });
    const c = (await json(["copy", "SM75_U32x4_LDSM_N", "--value", "half_t"])).doc;
    expect(c.objects[0].kind).toBe("Copy_Atom");
    expect(c.objects[0].fields.ValueType).toBe("16b");
    const f = (await json(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--thread", "0", "--operand", "A"])).doc;
    expect(f.fragments.A[0]).toEqual({ thread: 0, coords: [[0, 0], [0, 1], [8, 0], [8, 1]] });
  });
});

describe("colour", () => {
  const bin = fileURLToPath(new URL("../bin/cute-ts", import.meta.url));
  const esc = /\u001b\[/;
  it("no escape codes on a non-TTY stdout or under NO_COLOR", () => {
    for (const env of [{ ...process.env }, { ...process.env, NO_COLOR: "1", FORCE_COLOR: "3" }]) {
      const r = spawnSync(process.execPath, [bin, "mma", "SM80_16x8x8_F16F16F16F16_TN", "--map", "C", "--thread", "3"], { encoding: "utf8", env });
      expect(r.status).toBe(0);
      expect(r.stdout).not.toMatch(esc);
    }
  });
  it("--color forces colour, --no-color wins over it", () => {
    const on = spawnSync(process.execPath, [bin, "mma", "SM80_16x8x8_F16F16F16F16_TN", "--map", "C", "--color"], { encoding: "utf8" });
    expect(on.stdout).toMatch(esc);
    const off = spawnSync(process.execPath, [bin, "mma", "SM80_16x8x8_F16F16F16F16_TN", "--map", "C", "--color", "--no-color"], { encoding: "utf8" });
    expect(off.stdout).not.toMatch(esc);
  });
});
