/** `cute-ts verify`: each check holds (exit 0), fails with its counterexample (exit 1), or refuses bad input (exit 2). */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { run } from "./helpers.js";
import { MAX_LISTED } from "../src/verify/common.js";
import { evaluate } from "../src/eval/evaluate.js";
import type { Layout } from "../src/core/layout.js";
import type { ComposedLayout } from "../src/core/swizzle.js";
import { parseValueType } from "../src/core/value-types.js";
import { verifyBanks, verifyEqual, verifyGmmaSmem, verifyProperty, verifyVector, gmmaAtom } from "../src/verify/index.js";
import { elementFn, fillElements } from "../src/verify/common.js";
import { tile_to_shape } from "../src/core/composed.js";
import { S } from "../src/core/integer.js";
import { show } from "../src/print/print.js";

const L = (s: string) => evaluate(s) as Layout;
const half = parseValueType("half_t");
const float = parseValueType("float");

describe("verify tv", () => {
  it("holds for an SM80 C layout", async () => {
    const r = await run(["verify", "tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", "--tile", "(_16,_8)"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toMatch(/^holds: .* partitions the tile \(_16,_8\)/);
  });
  it("fails with holes, doubly-owned elements and their (t,v) owners, and a grid", async () => {
    const r = await run(["verify", "tv", "(_8,_4):(_2,_8)", "--tile", "(_8,_4)"]);
    expect(r.exit).toBe(1);
    expect(r.stdout).toMatch(/^FAILS/);
    expect(r.stdout).toContain("(m,n)=(1,0) (index 1)");
    expect(r.stdout).toContain("(m,n)=(0,1) (index 8) owned 2x by T4V0 T0V1");
    expect(r.stdout).toContain("T4V3 -> index 32");
    expect(r.stdout).toContain("ownership (rows m, columns n");
  });
  it("stride-0 replication fails without --allow-broadcast and holds with it", async () => {
    const tv = "(_128,(_64,_16)):(_0,(_1,_64))";
    const no = await run(["verify", "tv", tv, "--tile", "(_64,_16)"]);
    expect(no.exit).toBe(1);
    expect(no.stdout).toContain("--allow-broadcast");
    const yes = await run(["verify", "tv", tv, "--tile", "(_64,_16)", "--allow-broadcast"]);
    expect(yes.exit).toBe(0);
    expect(yes.stdout).toContain("128-fold broadcast");
  });
  it("--allow-broadcast does not excuse a duplicate without a stride-0 mode", async () => {
    const r = await run(["verify", "tv", "((_4,_8),(_2,_2)):((_32,_1),(_16,_16))", "--tile", "(_16,_8)", "--allow-broadcast"]);
    expect(r.exit).toBe(1);
  });
  it("bad input exits 2", async () => {
    expect((await run(["verify", "tv", "(_4,_8):(_1,_4)"])).exit).toBe(2);
    expect((await run(["verify", "tv", "_32:_1", "--tile", "_32"])).exit).toBe(2);
    expect((await run(["verify", "tv", "(_4,_8", "--tile", "(_4,_8)"])).exit).toBe(2);
    expect((await run(["verify", "nonsense"])).exit).toBe(2);
    expect((await run(["verify"])).exit).toBe(2);
    expect((await run(["verify", "equal", "_4:_1", "_4:_1", "--tile", "_4"])).exit).toBe(2);
  });
});

describe("verify mma / copy (CLI)", () => {
  it("an atom and a tiled MMA hold", async () => {
    const r = await run(["verify", "mma", "SM80_16x8x16_F32F16F16F32_TN", "--atoms", "(_2,_2,_1)"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toMatch(/A \(m,k\) tile \(_32,_16\): ok/);
    expect((await run(["verify", "mma", "SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>"])).exit).toBe(0);
    expect((await run(["verify", "mma", "SM70_8x8x4_F32F16F16F32_NT"])).stdout).toContain("8 of 32 threads");
  });
  it("unknown op exits 2", async () => {
    expect((await run(["verify", "mma", "SM80_NOPE"])).exit).toBe(2);
    expect((await run(["verify", "copy", "SM75_NOPE", "--value", "half_t"])).exit).toBe(2);
  });
  it("copy atoms and tiled copies hold", async () => {
    expect((await run(["verify", "copy", "SM75_U32x4_LDSM_N", "--value", "half_t"])).exit).toBe(0);
    expect((await run(["verify", "copy", "UniversalCopy<uint128_t>", "--value", "half_t", "--thr", "(_16,_8):(_8,_1)", "--val", "(_1,_8)"])).exit).toBe(0);
    const r = await run(["verify", "copy", "SM75_U32x4_LDSM_N", "--value", "half_t", "--for-mma", "SM80_16x8x16_F32F16F16F32_TN", "--atoms", "(_2,_2,_1)", "--tile", "(_32,_32,_16)", "--operand", "A"]);
    expect(r.stderr).toBe("");
    expect(r.exit).toBe(0);
    expect(r.stdout).toMatch(/^holds: TiledCopy/);
  });
  it("copy needs --value", async () => {
    expect((await run(["verify", "copy", "SM75_U32x4_LDSM_N"])).exit).toBe(2);
  });
});

describe("verify equal", () => {
  it("same function, different shapes", async () => {
    const r = await run(["verify", "equal", "(2,(_4,_7,16)):(_1,(2,8,_56))", "(2,_4,_7,16):(_1,2,8,_56)"]);
    expect(r.exit).toBe(0);
  });
  it("first differing coordinate and both values", async () => {
    const v = verifyEqual(L("(2,4,6):(1,2,9)"), L("(_2,_4,_6):(_1,_2,_8)"));
    expect(v.holds).toBe(false);
    expect(v.difference).toEqual({ index: 8, coordA: "(0,0,1)", coordB: "(0,0,1)", valueA: 9, valueB: 8 });
    const r = await run(["verify", "equal", "(2,4,6):(1,2,9)", "(_2,_4,_6):(_1,_2,_8)"]);
    expect(r.exit).toBe(1);
    expect(r.stdout).toContain("first difference at 1-D index 8");
  });
  it("different domain sizes", async () => {
    const v = verifyEqual(L("_12:_1"), L("_16:_1"));
    expect(v).toMatchObject({ holds: false, method: "size", sizeA: 12, sizeB: 16 });
  });
  it("swizzled layouts compare through the swizzle", () => {
    const sw = evaluate("Sw<2,0,2> o _0 o (_4,_4):(_4,_1)") as ComposedLayout;
    expect(verifyEqual(sw, sw).holds).toBe(true);
    const v = verifyEqual(sw, L("(_4,_4):(_4,_1)"));
    expect(v.holds).toBe(false);
    expect(v.difference).toMatchObject({ index: 1, valueA: 5, valueB: 4 });
  });
});

describe("verify injective / bijective / compact", () => {
  it("injective", async () => {
    expect((await run(["verify", "injective", "(_4,_8):(_1,_8)"])).exit).toBe(0);
    const v = verifyProperty(L("(_4,_8):(_1,_2)"), "injective");
    expect(v.collision).toEqual({ value: 2, first: { index: 2, coord: "(2,0)" }, second: { index: 4, coord: "(0,1)" } });
    expect((await run(["verify", "injective", "(_4,_2):(_1,_0)"])).exit).toBe(1);
  });
  it("bijective", async () => {
    expect((await run(["verify", "bijective", "(_4,_8):(_8,_1)"])).exit).toBe(0);
    const v = verifyProperty(L("(_4,_8):(_1,_8)"), "bijective");
    expect(v.holds).toBe(false);
    expect(v.outside).toEqual({ index: 16, coord: "(0,4)", value: 32 });
    expect(v.holes.slice(0, 2)).toEqual([4, 5]);
  });
  it("negative extents after the first mode (CuTe's truncating idx2crd): the compact strides of those extents are bijective", async () => {
    // strides built as compact column-major over (2,-5,-4,3): 1, 2, -10, 40
    const v = verifyProperty(L("(_2,(_-5,-4),3):(_1,(2,-10),40)"), "bijective");
    expect(v.holds).toBe(true);
    expect(v.size).toBe(120);
  });
  it("compact", async () => {
    expect((await run(["verify", "compact", "(_4,_2):(_2,_1)"])).exit).toBe(0);
    expect((await run(["verify", "compact", "(_4,_2):(_0,_1)"])).exit).toBe(0); // no holes, not injective
    const v = verifyProperty(L("(_4,_8):(_2,_8)"), "compact");
    expect(v).toMatchObject({ holds: false, holeCount: 31, min: 0, max: 62 });
    expect(v.holes[0]).toBe(1);
  });
});

describe("verify properties of sparse layouts (values spread far beyond the size)", () => {
  // the reference: a plain Map of first occurrences over brute-force values
  function reference(shape: number[], stride: number[]) {
    const n = shape.reduce((a, b) => a * b, 1);
    const vals: number[] = [];
    for (let i = 0; i < n; i++) {
      let r = i, v = 0;
      shape.forEach((s, k) => {
        v += (r % s) * stride[k]!;
        r = Math.floor(r / s);
      });
      vals.push(v);
    }
    const first = new Map<number, number>();
    let collision: [number, number] | undefined;
    vals.forEach((v, i) => {
      const p = first.get(v);
      if (p === undefined) first.set(v, i);
      else collision ??= [p, i];
    });
    const inRange = [...first.keys()].filter((v) => v >= 0 && v < n).length;
    // the first holes of each range, listed the way verify lists them
    const holesFrom = (lo: number, hi: number) => {
      const out: number[] = [];
      for (let v = lo; v <= hi && out.length < MAX_LISTED; v++) if (!first.has(v)) out.push(v);
      return out;
    };
    const min = Math.min(...vals), max = Math.max(...vals);
    return { distinct: first.size, collision, bijectiveHoles: n - inRange, bijectiveList: holesFrom(0, n - 1), compactHoles: max - min + 1 - first.size, compactList: holesFrom(min, max) };
  }
  it("agrees with a Map of first occurrences", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: 1000, max: 2 ** 40 }), fc.constantFrom(4096, 2 ** 33))), { minLength: 1, maxLength: 4 }),
        (modes) => {
          const shape = modes.map(([s]) => s), stride = modes.map(([, d]) => d);
          const text = `(${shape.join(",")}):(${stride.join(",")})`;
          const want = reference(shape, stride);
          const inj = verifyProperty(L(text), "injective");
          expect(inj.distinct).toBe(want.distinct);
          expect(inj.collision && [inj.collision.first.index, inj.collision.second.index]).toEqual(want.collision);
          const bij = verifyProperty(L(text), "bijective");
          expect(bij.holeCount).toBe(want.bijectiveHoles);
          expect(bij.holes).toEqual(want.bijectiveList);
          const com = verifyProperty(L(text), "compact");
          expect(com.holeCount).toBe(want.compactHoles);
          expect(com.holes).toEqual(want.compactList);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("element values", () => {
  it("fillElements (leaf odometer, then the swizzle) agrees with elementFn element by element", () => {
    const mode = fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: -40, max: 40 }));
    fc.assert(
      fc.property(fc.array(mode, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 64 }), (modes, b, m, sh, off) => {
        const text = `Sw<${b},${m},${sh}> o ${off} o (${modes.map(([s]) => s).join(",")}):(${modes.map(([, d]) => d).join(",")})`;
        let x: Layout | ComposedLayout;
        try {
          x = evaluate(text) as ComposedLayout;
        } catch {
          return; // a swizzle CuTe refuses
        }
        const n = modes.reduce((p, [s]) => p * s, 1);
        const got = new Float64Array(n);
        fillElements(x, got, n, "x");
        const f = elementFn(x, "x");
        for (let i = 0; i < n; i++) expect(got[i]).toBe(f(i));
      }),
      { numRuns: 300 },
    );
  });
});

describe("verify vector", () => {
  it("contiguous in both: the whole layout", () => {
    const v = verifyVector(L("(_8,_4):(_1,_8)"), L("(_8,_4):(_1,_8)"), half);
    expect(v).toMatchObject({ elements: 32, bits: 512, accessBits: 128, accessElements: 8, limit: { kind: "size" } });
  });
  it("limited by the source", () => {
    const v = verifyVector(L("(_8,_4):(_1,_16)"), L("(_8,_4):(_1,_8)"), half);
    expect(v.elements).toBe(8);
    expect(v.limit).toEqual({ kind: "src-disagrees", dstOffset: 8, index: 8, coordSrc: "(0,1)", coordDst: "(0,1)", srcOffset: 16 });
  });
  it("limited by the destination's run", () => {
    const v = verifyVector(L("(_64,_4):(_1,_64)"), L("(_64,_4):(_1,_128)"), half);
    expect(v).toMatchObject({ elements: 64, limit: { kind: "dst-run", run: 64 } });
  });
  it("no vectorization: transposed", async () => {
    const v = verifyVector(L("(_8,_4):(_1,_8)"), L("(_8,_4):(_4,_1)"), float);
    expect(v).toMatchObject({ elements: 1, limit: { kind: "no-unit-stride", srcOffset: 8 } });
    const r = await run(["verify", "vector", "(_8,_4):(_1,_8)", "(_8,_4):(_4,_1)", "--type", "float", "--min", "4"]);
    expect(r.exit).toBe(1);
    expect(r.stdout).toContain("limited by src");
    expect((await run(["verify", "vector", "(_8,_4):(_1,_8)", "(_8,_4):(_1,_8)", "--type", "float", "--min", "4"])).exit).toBe(0);
  });
  it("needs --type", async () => {
    expect((await run(["verify", "vector", "_8:_1", "_8:_1"])).exit).toBe(2);
  });
  it("a swizzled smem side: CuTe's max_common_vector (the inner layouts', at most 2^M elements), checked by brute force", async () => {
    const dstText = "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)";
    const r = await run(["verify", "vector", "(_128,_64):(4096,_1)", dstText, "--type", "half_t", "--json"]);
    expect(r.exit).toBe(0);
    const v = JSON.parse(r.stdout) as { elements: number; limit: { kind: string; side: string; base: number } };
    expect((await run(["eval", `max_common_vector(make_layout(make_shape(Int<128>{}, Int<64>{}), make_stride(4096, Int<1>{})), ${dstText})`])).stdout).toBe(`_${v.elements}\n`);
    expect(v.limit).toEqual({ kind: "swizzle", side: "dst", swizzle: "Sw<3,3,3>", base: 8 });
    // every aligned run of v.elements along k is consecutive in the swizzled dst; a run twice as long is not
    const dst = evaluate(dstText) as ComposedLayout;
    const at = elementFn(dst, "dst");
    const runs = (n: number) => {
      for (let m = 0; m < 128; m++)
        for (let k = 0; k < 64; k += n) for (let i = 1; i < n; i++) if (at(m + 128 * (k + i)) !== at(m + 128 * k) + i) return false;
      return true;
    };
    expect(runs(v.elements)).toBe(true);
    expect(runs(2 * v.elements)).toBe(false);
    const text = (await run(["verify", "vector", "(_128,_64):(4096,_1)", dstText, "--type", "half_t", "--min", "16"])).stdout;
    expect(text).toMatch(/^FAILS: max_common_vector = 8 half_t \(16 bytes\); required at least 16/);
    expect(text).toContain("limited by dst's swizzle Sw<3,3,3>: it keeps runs of 2^M = 8 elements together");
  });
  it("a swizzle over a flagged smem pointer swizzles bytes: said in a note", async () => {
    const r = await run(["verify", "vector", "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)", "(_8,_64):(_64,_1)", "--type", "half_t"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("note: src's Sw<3,4,3> sits over smem_ptr[16b]: it swizzles byte addresses, so 16 bytes (8 elements) stay together");
  });
});

describe("verify banks", () => {
  const tv = L("(_32,_32):(_1,_32)"); // thread t reads row t
  it("row-per-thread on a row-major tile: 8-way conflicts in every phase", () => {
    const v = verifyBanks(L("(_32,_32):(_32,_1)"), tv, float);
    expect(v.holds).toBe(false);
    expect(v).toMatchObject({ vector: 4, accessBytes: 16, threadsPerPhase: 8, phases: 32, wavefronts: 256 });
    expect(v.worst).toMatchObject({ wavefronts: 8, worstBank: 0, firstThread: 0, lastThread: 7 });
    expect(v.worst.threads.map((t) => t.thread)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
  it("the swizzle removes them (element-unit swizzle)", async () => {
    expect(verifyBanks(evaluate("Sw<3,2,3> o _0 o (_32,_32):(_32,_1)") as ComposedLayout, tv, float).holds).toBe(true);
    const r = await run(["verify", "banks", "Sw<3,2,3> o _0 o (_32,_32):(_32,_1)", "--tv", "(_32,_32):(_1,_32)", "--type", "float"]);
    expect(r.exit).toBe(0);
  });
  it("a smem_ptr swizzle acts on byte addresses", () => {
    const sw = evaluate("Sw<3,4,3> o smem_ptr[32b](unset) o (_32,_32):(_32,_1)") as ComposedLayout;
    expect(verifyBanks(sw, tv, float)).toMatchObject({ holds: true, swizzleOn: "bytes" });
  });
  it("padding removes them too (scalar accesses)", () => {
    const v = verifyBanks(L("(_32,_32):(_33,_1)"), tv, float);
    expect(v).toMatchObject({ holds: true, vector: 1, threadsPerPhase: 32 });
  });
  it("column-per-thread with scalar accesses: a 32-way conflict, and --vector", async () => {
    const v = verifyBanks(L("(_32,_32):(_32,_1)"), L("(_32,_32):(_32,_1)"), float, { vector: 1 });
    expect(v.holds).toBe(true);
    const bad = verifyBanks(L("(_32,_32):(_32,_1)"), tv, float, { vector: 1 });
    expect(bad.worst.wavefronts).toBe(32);
    const r = await run(["verify", "banks", "(_32,_32):(_32,_1)", "--tv", "(_32,_32):(_1,_32)", "--type", "float", "--vector", "1"]);
    expect(r.exit).toBe(1);
    expect(r.stdout).toContain("bank 0 serves 32 different words");
  });
  it("threads sharing a word do not conflict", () => {
    expect(verifyBanks(L("_64:_1"), L("(_32,_2):(_0,_1)"), half).holds).toBe(true);
  });
  it("bad input exits 2", async () => {
    expect((await run(["verify", "banks", "(_8,_8):(_8,_1)", "--tv", "(_32,_4):(_4,_1)", "--type", "float"])).exit).toBe(2);
    expect((await run(["verify", "banks", "(_8,_8):(_8,_1)", "--type", "float"])).exit).toBe(2);
  });
});

describe("verify gmma-smem", () => {
  it("recognizes every atom tiled to shape, for K and MN majors and several types", () => {
    for (const [type, bits] of [["half_t", 16], ["float", 32], ["uint8_t", 8]] as const) {
      for (const major of ["K", "MN"] as const) {
        for (const sw of ["INTER", "SW32", "SW64", "SW128"] as const) {
          const atom = gmmaAtom(sw, major, bits);
          const l = tile_to_shape(atom, [S(128), S(major === "K" ? 1024 / bits : 64)]);
          const v = verifyGmmaSmem(l, parseValueType(type), major);
          expect(v.holds, `${type} ${major} ${sw} ${show(l)}`).toBe(true);
          expect(v.match!.swizzle).toBe(sw);
        }
      }
    }
  });
  it("matches the element-unit spelling of the same swizzle", async () => {
    const r = await run(["verify", "gmma-smem", "Sw<3,3,3> o _0 o (_128,_64):(_64,_1)", "--type", "half_t", "--major", "K"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, (_128,_64))");
  });
  it("a wrong swizzle or a plain column-major layout is not canonical", async () => {
    const v = verifyGmmaSmem(evaluate("Sw<2,4,3> o smem_ptr[16b](unset) o (_128,_64):(_64,_1)") as ComposedLayout, half, "K");
    expect(v.holds).toBe(false);
    expect(v.swizzle).toBe("Sw<2,4,3>");
    expect(v.nearest).toBeDefined();
    const r = await run(["verify", "gmma-smem", "(_64,_64):(_1,_64)", "--type", "half_t", "--major", "MN"]);
    expect(r.exit).toBe(1);
    expect(r.stdout).toContain("differs at (8,0)");
  });
  it("the wrong major fails", () => {
    const l = tile_to_shape(gmmaAtom("SW128", "K", 16), [S(64), S(64)]);
    expect(verifyGmmaSmem(l, half, "MN").holds).toBe(false);
  });
  it("needs --major and --type", async () => {
    expect((await run(["verify", "gmma-smem", "(_64,_64):(_1,_64)", "--type", "half_t"])).exit).toBe(2);
    expect((await run(["verify", "gmma-smem", "(_64,_64):(_1,_64)", "--major", "K"])).exit).toBe(2);
  });
  it("reads --major as mma --desc-smem does (one parser, in src/eval/args)", async () => {
    const missing = await run(["verify", "gmma-smem", "(_64,_64):(_1,_64)", "--type", "half_t"]);
    expect(missing.stderr).toBe("cute-ts: --major K|MN is required (which mode of the operand is contiguous: K, or M/N)\n");
    const bad = await run(["verify", "gmma-smem", "(_64,_64):(_1,_64)", "--type", "half_t", "--major", "N"]);
    expect(bad.stderr).toMatch(/^cute-ts: --major expects K or MN \(or GMMA::Major::K, UMMA::Major::MN\), got 'N'/);
    const spelled = await run(["verify", "gmma-smem", "(_64,_64):(_1,_64)", "--type", "half_t", "--major", "GMMA::Major::MN"]);
    const plain = await run(["verify", "gmma-smem", "(_64,_64):(_1,_64)", "--type", "half_t", "--major", "MN"]);
    expect(spelled.exit).toBe(plain.exit);
    expect(spelled.stdout).toBe(plain.stdout);
  });
});

describe("verify --json", () => {
  it("writes the verdict as one JSON document with the exit code unchanged", async () => {
    const r = await run(["verify", "tv", "(_8,_4):(_2,_8)", "--tile", "(_8,_4)", "--json"]);
    expect(r.exit).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ kind: "tv", holds: false, holeCount: expect.any(Number) });
  });
});
