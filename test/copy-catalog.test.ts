import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { copyOpNames, copyTraits } from "../src/atoms/copy/catalog.js";
import { parseValueType } from "../src/core/value-types.js";
import { make_copy_atom } from "../src/atoms/copy/atom.js";

/** size of mode i (or all) of a static notation layout "shape:stride" */
function modeSize(layout: string, mode?: number): number {
  const shape = layout.slice(0, layout.indexOf(":"));
  const nest = JSON.parse(shape.replace(/_/g, "").replace(/\(/g, "[").replace(/\)/g, "]")) as unknown;
  const prod = (x: unknown): number => (Array.isArray(x) ? x.reduce((a: number, y) => a * prod(y), 1) : (x as number));
  if (mode === undefined) return prod(nest);
  return prod(Array.isArray(nest) ? nest[mode] : nest);
}

const ATOMS = readFileSync(new URL("../fixtures/golden/ATOMS.md", import.meta.url), "utf8");
const section = ATOMS.slice(ATOMS.indexOf("## Copy ops"));
const rows = section
  .split("\n")
  .filter((l) => l.startsWith("| ") && !l.startsWith("| op ") && !l.startsWith("| ---"))
  .map((l) => l.split("|").map((c) => c.trim()).slice(1, -1));

describe("copy catalog covers ATOMS.md", () => {
  it("has rows", () => expect(rows.length).toBeGreaterThan(200));
  for (const [op, header, threads, srcBits, dstBits, types] of rows) {
    it(op!, () => {
      const t = copyTraits(op!);
      expect(t.header).toBe(header);
      expect(modeSize(t.thrID)).toBe(Number(threads));
      expect(modeSize(t.src, 0)).toBe(Number(threads));
      expect(modeSize(t.src, 1)).toBe(Number(srcBits));
      expect(modeSize(t.dst, 1)).toBe(Number(dstBits));
      expect([t.src, t.dst]).toContain(t.ref);
      for (const ty of types!.split(",").map((x) => x.trim())) {
        if (ty.includes("(rejected)")) expect(() => make_copy_atom(op!, ty.replace("(rejected)", "").trim())).toThrow();
        else expect(make_copy_atom(op!, ty).valueType.name).toBe(ty);
      }
    });
  }
});

describe("names", () => {
  it("every listed name resolves", () => {
    for (const n of copyOpNames()) expect(copyTraits(n).name).toBe(n);
  });
  it("suggests near names", () => {
    expect(() => copyTraits("SM75_U32x4_LDSM")).toThrow(/did you mean SM75_U32x4_LDSM_N/);
    expect(() => copyTraits("UniversalCopy<uint127_t>")).toThrow(/did you mean uint128_t/);
    expect(() => copyTraits("SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>")).toThrow(/not supported/);
  });
  it("accepts namespaces and spaces", () => {
    expect(copyTraits("cute::UniversalCopy< cute::uint128_t >").src).toBe("(_1,_128):(_0,_1)");
  });
  it("value types", () => {
    expect(parseValueType("half_t").bits).toBe(16);
    expect(parseValueType("cutlass::float_e4m3_t").bits).toBe(8);
    expect(() => parseValueType("halft")).toThrow(/did you mean half_t/);
  });
});
