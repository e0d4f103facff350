/**
 * Shared-memory descriptors: make_gmma_desc<Major> (mma_traits_sm90_gmma.hpp, printed by
 * mma_sm90_desc.hpp's print(GmmaDescriptor)) and make_umma_desc<Major> (mma_traits_sm100.hpp,
 * UMMA::SmemDescriptor of mma_sm100_desc.hpp).
 *
 * Expected values come from:
 * - CuTe's own prints in a public write-up of make_gmma_desc ("wgmma 矩阵描述符", 2026-06): for
 *   a 128x64 half_t smem tile at smem address 0x400, the per-MMA (64x16) tensors handed to
 *   make_gmma_desc, their uint128_t recasts, canonical layouts and printed descriptors, K- and
 *   MN-major, for INTERLEAVE and the 32/64/128-byte swizzles;
 * - the headers' rules worked by hand: the atoms Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom_Bits
 *   upcast to T, tiled column-major, recast to uint128_t (T elements each), divided by the
 *   swizzle's width W and by 8 (or 2) core-matrix rows; LBO and SBO are the strides of the
 *   remainder modes, 0 where a remainder has one element (a complement of size 1 has stride 0,
 *   as CuTe's prints above show);
 * - a property: the canonical form each header comment documents, rebuilt from the descriptor's
 *   LBO, SBO and layout type, addresses the same bits as the given layout over the core matrices
 *   the descriptor covers.
 */
import { describe, expect, it } from "vitest";
import { run } from "./helpers.js";
import { evaluate } from "../src/eval/evaluate.js";
import { Layout, compileIndexFn } from "../src/core/layout.js";
import { ComposedLayout } from "../src/core/swizzle.js";
import * as T from "../src/core/int-tuple.js";
import { parseValueType } from "../src/core/value-types.js";
import { CuteError } from "../src/core/errors.js";
import { make_gmma_desc, make_umma_desc, formatGmmaDescriptor, formatUmmaDescriptor, type SmemDescriptor, type DescMajor } from "../src/atoms/mma/smem-desc.js";

const half = parseValueType("half_t");
const L = (text: string) => evaluate(text) as Layout | ComposedLayout;

function gmmaPrint(desc: string, start: number, lbo: number, sbo: number, type: number, name: string): string {
  const h = (v: number, w: number) => v.toString(16).padStart(w, "0");
  return (
    `GmmaDescriptor: ${desc}\n  start_addr :  0x${h(start, 4)}\n  leading_off:  0x${h(lbo, 4)} (${lbo})\n` +
    `  stride_off :  0x${h(sbo, 4)} (${sbo})\n  base_offset:  0x0\n  layout_type:  0x${type} (${name})\n`
  );
}

describe("make_gmma_desc against CuTe's prints (128x64 half_t tile at 0x400, one 64x16 MMA block)", () => {
  // [major, the tensor's layout as passed to make_gmma_desc, uint128_t layout, canonical layout, printed descriptor fields]
  const cases: Array<[DescMajor, string, string, string, string, number, number, number, string]> = [
    ["K", "(_64,(_8,_2)):(_8,(_1,_1024))", "(_64,(_1,_2)):(_1,(_1,_128))", "((_8,_8),(_2,_1)):((_1,_8),(_128,_0))", "0x0000000800800040", 128, 8, 0, "INTERLEAVE"],
    ["K", "Sw<1,4,3> o smem_ptr[16b](unset) o (_64,_16):(_16,_1)", "(_64,_2):(_2,_1)", "((_8,_8),(_2,_1)):((_2,_16),(_1,_0))", "0xc000001000010040", 1, 16, 3, "B32"],
    ["K", "Sw<2,4,3> o smem_ptr[16b](unset) o (_64,_16):(_32,_1)", "(_64,_2):(_4,_1)", "((_8,_8),(_2,_1)):((_4,_32),(_1,_0))", "0x8000002000010040", 1, 32, 2, "B64"],
    ["K", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)", "(_64,_2):(_8,_1)", "((_8,_8),(_2,_1)):((_8,_64),(_1,_0))", "0x4000004000010040", 1, 64, 1, "B128"],
    ["MN", "((_8,_8),(_8,_2)):((_1,_64),(_8,_1024))", "((_1,_8),(_8,_2)):((_1,_8),(_1,_128))", "((_1,_8),(_8,_2)):((_8,_8),(_1,_128))", "0x0000000800800040", 128, 8, 0, "INTERLEAVE"],
    ["MN", "Sw<1,4,3> o smem_ptr[16b](unset) o ((_16,_4),(_8,_2)):((_1,_128),(_16,_1024))", "((_2,_4),(_8,_2)):((_1,_16),(_2,_128))", "((_2,_4),(_8,_2)):((_1,_16),(_2,_128))", "0xc000008000100040", 16, 128, 3, "B32"],
    ["MN", "Sw<2,4,3> o smem_ptr[16b](unset) o ((_32,_2),(_8,_2)):((_1,_256),(_32,_1024))", "((_4,_2),(_8,_2)):((_1,_32),(_4,_128))", "((_4,_2),(_8,_2)):((_1,_32),(_4,_128))", "0x8000008000200040", 32, 128, 2, "B64"],
    ["MN", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,(_8,_2)):(_1,(_64,_1024))", "(_8,(_8,_2)):(_1,(_8,_128))", "((_8,_1),(_8,_2)):((_1,_0),(_8,_128))", "0x4000008000000040", 0, 128, 1, "B128"],
  ];
  for (const [major, layout, u128, canonical, desc, lbo, sbo, type, name] of cases) {
    it(`${major}-major ${name}: ${layout}`, () => {
      const d = make_gmma_desc(major, L(layout), half, 0x400);
      expect(T.tupText(d.u128.shape) + ":" + T.tupText(d.u128.stride)).toBe(u128);
      expect(T.tupText(d.canonical.shape) + ":" + T.tupText(d.canonical.stride)).toBe(canonical);
      expect(formatGmmaDescriptor(d)).toBe(gmmaPrint(desc, 0x40, lbo, sbo, type, name));
    });
  }
  it("the CLI prints exactly CuTe's print(GmmaDescriptor)", async () => {
    const r = await run(["mma", "--desc-smem", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)", "--type", "half_t", "--major", "K", "--start", "0x400"]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(gmmaPrint("0x4000004000010040", 0x40, 1, 64, 1, "B128"));
  });
});

// ---------------------------------------------------------------- the header's rules, by hand

const SWIZZLES = [
  { b: 0, name: "INTER", gmma: [0, "INTERLEAVE"], umma: [0, "SWIZZLE_NONE"] },
  { b: 1, name: "SW32", gmma: [3, "B32"], umma: [6, "SWIZZLE_32B"] },
  { b: 2, name: "SW64", gmma: [2, "B64"], umma: [4, "SWIZZLE_64B"] },
  { b: 3, name: "SW128", gmma: [1, "B128"], umma: [2, "SWIZZLE_128B"] },
] as const;
const TYPES = [
  { name: "float_e4m3_t", bits: 8 },
  { name: "half_t", bits: 16 },
  { name: "tfloat32_t", bits: 32 },
] as const;

/** Layout_<major>_<sw>_Atom<T>: the bit atom (8 rows of 128·2^B bits) upcast to T, by hand */
function atom(major: DescMajor, b: number, bits: number): string {
  const row = (128 << b) / bits;
  return major === "K" ? `Sw<${b},4,3> o smem_ptr[${bits}b](unset) o (_8,_${row}):(_${row},_1)` : `Sw<${b},4,3> o smem_ptr[${bits}b](unset) o (_${row},_8):(_1,_${row})`;
}

interface Expect {
  lbo: number;
  sbo: number;
}
/**
 * K-major, column-major tiling of the atom over MN rows, one K-block of two uint128_t (2T
 * elements): T = 128/bits, W = 2^B. Swizzled: the K-block lies in one atom row, LBO = 1, and the
 * next 8 rows are one atom (8W uint128_t) further: SBO = 8W. INTERLEAVE: rows are one uint128_t,
 * SBO = 8 (an 8x1 core matrix), and the K-block's second uint128_t is the next atom along K,
 * MN rows further: LBO = MN.
 */
function expectK(b: number, mn: number): Expect {
  const W = 1 << b;
  return b === 0 ? { lbo: mn, sbo: 8 } : { lbo: 1, sbo: 8 * W };
}
/**
 * MN-major, tile_to_shape(atom, (MN, K)) column-major: ((WT, n),(8, k)):((1, 8WT),(WT, 8MN)) in
 * elements, ((W, n),(8, k)):((1, 8W),(W, 8MN/T)) in uint128_t. Swizzled: LBO = 8W (next atom along
 * MN), SBO = 8MN/T (next 8 K columns); INTERLEAVE swaps the two roles: SBO = 8, LBO = 8MN/T. A
 * remainder of one (n = 1 or k = 1) has stride 0.
 */
function expectMN(b: number, bits: number, mn: number, k: number): Expect {
  const W = 1 << b, Tn = 128 / bits;
  const n = mn / (W * Tn), kk = k / 8;
  const alongMN = n > 1 ? 8 * W : 0, alongK = kk > 1 ? (8 * mn) / Tn : 0;
  return b === 0 ? { lbo: alongK, sbo: n > 1 ? 8 : 0 } : { lbo: alongMN, sbo: alongK };
}

/** the K-block of a K-major atom tiled over MN rows, written out (the atom's rows are WT elements) */
function kBlock(b: number, bits: number, mn: number): string {
  const W = 1 << b, Tn = 128 / bits;
  if (b === 0) return `tile_to_shape(${atom("K", 0, bits)}, (_${mn},_${2 * Tn}))`;
  return `Sw<${b},4,3> o smem_ptr[${bits}b](unset) o ((_8,_${mn / 8}),_${2 * Tn}):((_${W * Tn},_${8 * W * Tn}),_1)`;
}

const descBits = (d: SmemDescriptor, lo: number, width: number) => Number((d.desc >> BigInt(lo)) & ((1n << BigInt(width)) - 1n));

describe("make_gmma_desc: the canonical cases worked by hand", () => {
  for (const t of TYPES) {
    const type = parseValueType(t.name);
    for (const sw of SWIZZLES) {
      it(`K-major ${sw.name} ${t.name}`, () => {
        const d = make_gmma_desc("K", L(kBlock(sw.b, t.bits, 64)), type, 0x1230);
        const e = expectK(sw.b, 64);
        expect([d.fields.leading_byte_offset, d.fields.stride_byte_offset, d.fields.layout_type, d.layoutTypeName]).toEqual([e.lbo, e.sbo, sw.gmma[0], sw.gmma[1]]);
        expect([descBits(d, 0, 14), descBits(d, 16, 14), descBits(d, 32, 14), descBits(d, 49, 3), descBits(d, 62, 2)]).toEqual([0x123, e.lbo, e.sbo, 0, sw.gmma[0]]);
      });
      it(`MN-major ${sw.name} ${t.name}`, () => {
        // a GMMA block is 256 bits of K: 2T elements; MN = 128 elements covers 1 to 8 atoms
        const k = 256 / t.bits;
        const d = make_gmma_desc("MN", L(`tile_to_shape(${atom("MN", sw.b, t.bits)}, (_128,_${k}))`), type);
        const e = expectMN(sw.b, t.bits, 128, k);
        expect([d.fields.leading_byte_offset, d.fields.stride_byte_offset, d.fields.layout_type]).toEqual([e.lbo, e.sbo, sw.gmma[0]]);
        expect(d.desc).toBe((BigInt(e.lbo) << 16n) | (BigInt(e.sbo) << 32n) | (BigInt(sw.gmma[0]) << 62n));
      });
    }
  }
});

describe("make_umma_desc: the canonical cases worked by hand", () => {
  for (const t of TYPES) {
    const type = parseValueType(t.name);
    for (const sw of SWIZZLES) {
      it(`K-major ${sw.name} ${t.name}`, () => {
        const d = make_umma_desc("K", L(kBlock(sw.b, t.bits, 128)), type, 0x2000);
        const e = expectK(sw.b, 128);
        expect([d.fields.leading_byte_offset, d.fields.stride_byte_offset, d.fields.layout_type, d.layoutTypeName]).toEqual([e.lbo, e.sbo, sw.umma[0], sw.umma[1]]);
        // UMMA: version 1 at bit 46, lbo_mode 0 at bit 52, layout type in bits [61,64)
        expect([descBits(d, 0, 14), descBits(d, 16, 14), descBits(d, 32, 14), descBits(d, 46, 2), descBits(d, 49, 3), descBits(d, 52, 1), descBits(d, 61, 3)]).toEqual([0x200, e.lbo, e.sbo, 1, 0, 0, sw.umma[0]]);
      });
      it(`MN-major ${sw.name} ${t.name}`, () => {
        const d = make_umma_desc("MN", L(`tile_to_shape(${atom("MN", sw.b, t.bits)}, (_256,_32))`), type);
        const e = expectMN(sw.b, t.bits, 256, 32);
        expect([d.fields.leading_byte_offset, d.fields.stride_byte_offset, d.fields.layout_type]).toEqual([e.lbo, e.sbo, sw.umma[0]]);
        expect(d.desc).toBe((BigInt(e.lbo) << 16n) | (BigInt(e.sbo) << 32n) | (1n << 46n) | (BigInt(sw.umma[0]) << 61n));
      });
    }
  }
  it("K-major takes the whole K of the tile (no K-size assert): SW128 half_t (64,64), as tile_to_shape(Layout_K_SW128_Atom<half_t>, (64,64)) builds it", () => {
    const d = make_umma_desc("K", L(`tile_to_shape(${atom("K", 3, 16)}, (_64,_64))`), half);
    expect([d.fields.leading_byte_offset, d.fields.stride_byte_offset, d.fields.layout_type]).toEqual([1, 64, 2]);
  });
  it("MN-major SWIZZLE_128B_BASE32B (Layout_MN_SW128_32B_Atom: Sw<2,5,2> over 1024-bit columns, 4 deep): W = 8, K tile 4", () => {
    // tfloat32_t: atom (32,4):(1,32); tiled to (64,8): ((32,2),(4,2)):((1,128),(32,256)) -> uint128_t ((8,2),(4,2)):((1,32),(8,64))
    const d = make_umma_desc("MN", L("tile_to_shape(Sw<2,5,2> o smem_ptr[32b](unset) o (_32,_4):(_1,_32), (_64,_8))"), parseValueType("tfloat32_t"));
    expect([d.fields.leading_byte_offset, d.fields.stride_byte_offset, d.fields.layout_type, d.layoutTypeName]).toEqual([32, 64, 1, "SWIZZLE_128B_BASE32B"]);
  });
  it("prints its fields in print(GmmaDescriptor)'s format, version and lbo_mode in bit order", () => {
    const d = make_umma_desc("K", L(kBlock(3, 16, 128)), half, 0x400);
    // 0x40 | 1 << 16 | 64 << 32 | 1 << 46 | 2 << 61
    expect(formatUmmaDescriptor(d)).toBe(
      "UMMA::SmemDescriptor: 0x4000404000010040\n  start_addr :  0x0040\n  leading_off:  0x0001 (1)\n  stride_off :  0x0040 (64)\n" +
        "  version    :  0x1\n  base_offset:  0x0\n  lbo_mode   :  0x0\n  layout_type:  0x2 (SWIZZLE_128B)\n",
    );
  });
});

// ---------------------------------------------------------------- property: the documented canonical form

/**
 * The canonical layouts of the header comments, in uint128_t units:
 *   K-major   INTERLEAVE ((8,n),2):((1,SBO),LBO); SWx ((8,n),2):((W,SBO),1)
 *   MN-major  INTERLEAVE ((1,n),(8,k)):((X,SBO),(1,LBO)); SWx ((W,n),(8,k)):((1,LBO),(W,SBO));
 *             UMMA 128B_BASE32B ((8,n),(4,k)):((1,LBO),(8,SBO))
 * as a function of the (row, column) of a uint128_t: MN-major rows run along MN, K-major along K.
 */
function canonicalOffset(d: SmemDescriptor, mnU: number, kU: number): number {
  const lbo = d.fields.leading_byte_offset!, sbo = d.fields.stride_byte_offset!, W = d.width;
  const none = d.fields.layout_type === 0;
  if (d.major === "K") {
    const [i, n] = [mnU % 8, Math.floor(mnU / 8)];
    return none ? i + n * sbo + kU * lbo : i * W + n * sbo + kU;
  }
  const kAtom = d.layoutTypeName === "SWIZZLE_128B_BASE32B" ? 4 : 8;
  const [j, k] = [kU % kAtom, Math.floor(kU / kAtom)];
  if (none) return mnU * sbo + j + k * lbo;
  return (mnU % W) + Math.floor(mnU / W) * lbo + j * W + k * sbo;
}

/** the first element of the covered core matrices that is not where the canonical form puts it ("" when none) */
function firstMismatch(d: SmemDescriptor): [string, number] {
  const bits = d.type.bits, Tn = 128 / bits;
  const f = compileIndexFn(d.layout)!;
  const m0 = T.size(T.get(d.layout.shape, 0)).v, m1 = T.size(T.get(d.layout.shape, 1)).v;
  // K-major: one K-block of two uint128_t; MN-major: the whole tile
  const kMax = d.major === "K" ? Math.min(m1, 2 * Tn) : m1;
  const base = (d.start * 8) - (d.u128Start * 8); // the recast moves the pointer only over negative strides
  let checked = 0;
  let first = "";
  for (let k = 0; k < kMax; k++) {
    for (let mn = 0; mn < m0; mn++) {
      const got = f(mn + m0 * k) * bits + base;
      const [mnU, kU, r] = d.major === "K" ? [mn, Math.floor(k / Tn), k % Tn] : [Math.floor(mn / Tn), k, mn % Tn];
      const want = canonicalOffset(d, mnU, kU) * 128 + r * bits;
      if (got !== want && !first) first = `element (${mn},${k}) of ${T.tupText(d.layout.shape)}:${T.tupText(d.layout.stride)}: bit ${got}, canonical form ${want}`;
      checked++;
    }
  }
  return [first, checked];
}

/** every element of the core matrices the descriptor covers lies where the canonical form puts it */
function checkCanonical(d: SmemDescriptor): number {
  const [first, checked] = firstMismatch(d);
  expect(first).toBe("");
  return checked;
}

describe("the descriptor's canonical form addresses the same bits as the layout", () => {
  const orders = ["", ", (_2,_1)"];
  for (const arch of ["sm90", "sm100"] as const) {
    for (const t of TYPES) {
      const type = parseValueType(t.name);
      for (const sw of SWIZZLES) {
        it(`${arch} ${t.name} ${sw.name}: every K- and MN-major tiling of the atom`, () => {
          const make = arch === "sm90" ? make_gmma_desc : make_umma_desc;
          let cases = 0;
          for (const mn of arch === "sm90" ? [64, 128, 256] : [64, 256]) {
            // MN-major: tile the atom over (MN, K) in both orders; K = one GMMA block, or several for UMMA
            const Tn = 128 / t.bits, W = 1 << sw.b;
            if (mn % (W * Tn) === 0) {
              for (const k of arch === "sm90" ? [256 / t.bits] : [8, 64]) {
                if (k % 8) continue;
                for (const o of orders) {
                  const d = make("MN", L(`tile_to_shape(${atom("MN", sw.b, t.bits)}, (_${mn},_${k})${o})`), type, 0x800);
                  expect(checkCanonical(d)).toBe(mn * k);
                  cases++;
                }
              }
            }
            const dk = make("K", L(kBlock(sw.b, t.bits, mn)), type, 0x800);
            expect(checkCanonical(dk)).toBe(mn * 2 * Tn);
            cases++;
          }
          expect(cases).toBeGreaterThan(2);
        });
      }
    }
  }
  it("a static negative stride moves the uint128_t tensor's pointer back (recast) and the start address with it", () => {
    // K-major INTERLEAVE with its K core-matrix column reversed: the leaf 8:-1 recasts to 1:-1 and
    // CuTe's recast moves data() by (8 - 1) * -1 = -7 half_t = -14 bytes: 0x400 -> 0x3f2, field 0x3f
    const d = make_gmma_desc("K", L("((_8,_8),(_8,_2)):((_8,_64),(_-1,_512))"), half, 0x400);
    expect([d.u128Start, d.fields.start_address, d.fields.leading_byte_offset, d.fields.stride_byte_offset]).toEqual([0x3f2, 0x3f, 64, 8]);
  });
  it("the start address field keeps 14 bits of address >> 4", () => {
    const lay = L("Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)");
    expect(make_gmma_desc("K", lay, half, 0x3fff0).fields.start_address).toBe(0x3fff);
    expect(make_gmma_desc("K", lay, half, 0x40000).fields.start_address).toBe(0);
    expect(make_gmma_desc("K", lay, half, 0x40410).fields.start_address).toBe(0x41);
  });
  it("the check sees a wrong LBO or SBO", () => {
    const d = make_umma_desc("MN", L(`tile_to_shape(${atom("MN", 2, 16)}, (_128,_32))`), half);
    const f = d.fields;
    expect(firstMismatch(d)[0]).toBe("");
    expect(firstMismatch({ ...d, fields: { ...f, stride_byte_offset: f.stride_byte_offset! + 1 } })[0]).not.toBe("");
    expect(firstMismatch({ ...d, fields: { ...f, leading_byte_offset: f.leading_byte_offset! * 2 } })[0]).not.toBe("");
  });
});

// ---------------------------------------------------------------- refusals: CuTe's static_assert texts

function refusal(f: () => unknown): CuteError {
  try {
    f();
  } catch (e) {
    if (e instanceof CuteError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("refusals", () => {
  const sw128K = "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)";
  it("rank-2 tensors only", () => {
    expect(refusal(() => make_gmma_desc("K", L("Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16,_2):(_64,_1,_4096)"), half)).rule).toBe("GMMA Descriptors can only be constructed on rank-2 tensors.");
    expect(refusal(() => make_umma_desc("K", L("(_64,_16,_2):(_16,_1,_1024)"), half)).rule).toBe("UMMA Descriptors can only be constructed on rank-2 tensors.");
  });
  it("the smem_ptr flag's width must be the element type's (make_tensor)", () => {
    expect(refusal(() => make_gmma_desc("K", L(sw128K), parseValueType("float"))).rule).toBe("Expected a B-bit pointer type.");
  });
  it("GMMA K-major: one K-block of 2 uint128_t (4 sparse); the whole (64,64) half_t tile is 8", () => {
    const e = refusal(() => make_gmma_desc("K", L(`tile_to_shape(${atom("K", 3, 16)}, (_64,_64))`), half));
    expect(e.rule).toBe("Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t).");
  });
  it("GMMA K-major: MN a multiple of 8 uint128_t rows", () => {
    expect(refusal(() => make_gmma_desc("K", L("(_4,_16):(_16,_1)"), half)).rule).toBe("Not a canonical GMMA_K Layout: Expected MN-size multiple of 8.");
    expect(refusal(() => make_umma_desc("K", L("(_4,_16):(_16,_1)"), half)).rule).toBe("Not a canonical UMMA_K Layout: Expected MN-size multiple of 8.");
  });
  it("GMMA MN-major: K of 256 bits (dense) or 128/512 (sparse)", () => {
    const e = refusal(() => make_gmma_desc("MN", L(`tile_to_shape(${atom("MN", 3, 16)}, (_64,_24))`), half));
    expect(e.rule).toBe("Not a canonical GMMA_MN Layout: Expected K-size 256/sizeof_bits<T> for dense or (128|512)/sizeof_bits<T> for sparse.");
    // 8 (A sparse) and 32 (B sparse) half_t pass the size check
    expect(make_gmma_desc("MN", L(`tile_to_shape(${atom("MN", 3, 16)}, (_64,_32))`), half).fields.layout_type).toBe(1);
  });
  it("a K-major layout read as MN-major fails the stride check", () => {
    expect(refusal(() => make_umma_desc("MN", L(sw128K), half)).rule).toBe("Not a canonical UMMA_MN Layout: Expected stride failure.");
    // GMMA checks the K-size first: the MN-major tile's K mode is 16 elements, not 2 uint128_t
    expect(refusal(() => make_gmma_desc("K", L(`tile_to_shape(${atom("MN", 3, 16)}, (_64,_16))`), half)).rule).toBe("Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t).");
    expect(refusal(() => make_umma_desc("K", L(`tile_to_shape(${atom("MN", 3, 16)}, (_64,_16))`), half)).rule).toBe("Not a canonical UMMA_K Layout: Expected stride failure.");
  });
  it("a 128-byte layout without its swizzle is not INTERLEAVE-canonical", () => {
    expect(refusal(() => make_gmma_desc("K", L("(_64,_16):(_64,_1)"), half)).rule).toBe("Not a canonical GMMA_K Layout: Expected stride failure.");
  });
  it("layout_type's swizzle asserts", () => {
    expect(refusal(() => make_gmma_desc("K", L("Sw<3,3,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)"), half)).rule).toBe("Unsupported layout swizzle");
    expect(refusal(() => make_gmma_desc("MN", L("tile_to_shape(Sw<2,5,2> o smem_ptr[32b](unset) o (_32,_4):(_1,_32), (_64,_8))"), parseValueType("tfloat32_t"))).rule).toBe("Unsupported layout swizzle");
    expect(refusal(() => make_umma_desc("K", L("Sw<3,3,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)"), half)).rule).toBe("Only 16B and 32B Atoms are supported for UMMA. Unsupported layout swizzle.");
    expect(refusal(() => make_umma_desc("K", L("Sw<3,4,4> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)"), half)).rule).toBe("Expected S = 3 when M == 4. Unsupported layout swizzle.");
    // (B > 3 with S = 3 is no Swizzle at all: Swizzle<B,M,S> asserts abs(S) >= B)
    expect(refusal(() => make_umma_desc("MN", L("Sw<3,5,3> o smem_ptr[16b](unset) o (_64,_16):(_1,_64)"), half)).rule).toBe("Expected B = 2 when M == 5. Unsupported layout swizzle.");
    expect(refusal(() => make_umma_desc("MN", L("Sw<2,5,3> o smem_ptr[16b](unset) o (_64,_16):(_1,_64)"), half)).rule).toBe("Expected S = 2 when M == 5. Unsupported layout swizzle.");
    expect(refusal(() => make_umma_desc("K", L("tile_to_shape(Sw<2,5,2> o smem_ptr[32b](unset) o (_32,_4):(_1,_32), (_64,_8))"), parseValueType("tfloat32_t"))).rule).toBe("SWIZZLE_128B_BASE32B is invalid for Major-K");
  });
  it("a swizzle with B = 0 decays to the plain pointer (make_swizzle_ptr's Swizzle<0,M,S> overload)", () => {
    const d = make_umma_desc("K", L(`Sw<0,5,2> o smem_ptr[16b](unset) o ${"((_8,_8),(_8,_2)):((_8,_64),(_1,_512))"}`), half);
    expect([d.swizzle, d.layoutTypeName]).toEqual([undefined, "SWIZZLE_NONE"]);
  });
  it("a swizzle on element offsets (not in the pointer) has no layout_type overload", () => {
    expect(refusal(() => make_gmma_desc("K", L("Sw<3,3,3> o _0 o (_64,_16):(_64,_1)"), half)).rule).toMatch(/^no matching layout_type/);
  });
  it("the strides CuTe reads as constexpr must be static", () => {
    expect(refusal(() => make_gmma_desc("K", L("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),_16):((_64,512),_1)"), half)).rule).toMatch(/stride<0,1> = 64 is dynamic/);
    expect(refusal(() => make_gmma_desc("K", L("(64,_16):(_64,_1)"), half)).rule).toMatch(/size<0> .* is dynamic/);
  });
});

describe("mma --desc-smem (CLI)", () => {
  it("--json gives the fields", async () => {
    const r = await run(["mma", "--desc-smem", "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_16):(_64,_1)", "--type", "half_t", "--major", "GMMA::Major::K", "--arch", "sm100", "--start", "1024", "--json"]);
    expect(r.stderr).toBe("");
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      kind: "smem_desc",
      function: "make_umma_desc<UMMA::Major::K>",
      arch: "sm100",
      desc: "0x4000404000010040",
      words32: ["0x00010040", "0x40004040"],
      fields: { start_address: 64, leading_byte_offset: 1, stride_byte_offset: 64, version: 1, base_offset: 0, lbo_mode: 0, layout_type: 2, layout_type_name: "SWIZZLE_128B" },
      bytes: { start: 1024, leading_byte_offset: 16, stride_byte_offset: 1024 },
      canonical: "((_8,_8),(_2,_1)):((_8,_64),(_1,_0))",
    });
  });
  it("--explain shows the uint128_t tensor and the canonical layout", async () => {
    const r = await run(["mma", "--desc-smem", "(_64,(_8,_2)):(_8,(_1,_1024))", "--type", "half_t", "--major", "K", "--start", "0x400", "--explain"]);
    expect(r.exit).toBe(0);
    expect(r.stdout).toContain("uint128_t tensor  smem_ptr[128b](0x400) o (_64,(_1,_2)):(_1,(_1,_128))");
    expect(r.stdout).toContain("canonical layout  ((_8,_8),(_2,_1)):((_1,_8),(_128,_0))");
  });
  it("refusals exit 2 with CuTe's text and nothing on stdout", async () => {
    const r = await run(["mma", "--desc-smem", `tile_to_shape(${atom("K", 3, 16)}, (_64,_64))`, "--type", "half_t", "--major", "K"]);
    expect([r.exit, r.stdout]).toEqual([2, ""]);
    expect(r.stderr).toContain("CuTe rejects make_gmma_desc<GMMA::Major::K>: Not a canonical GMMA_K Layout: Expected K-size 2 for dense or 4 for sparse (in units of uint128_t).");
  });
  it("usage errors", async () => {
    const base = ["mma", "--desc-smem", "(_64,_16):(_16,_1)", "--type", "half_t"];
    for (const [extra, msg] of [
      [[], /--major K\|MN is required/],
      [["--major", "N"], /--major expects K or MN/],
      [["--major", "K", "--arch", "sm80"], /--arch for --desc-smem is sm90/],
      [["--major", "K", "--start", "-4"], /--start expects an smem byte address/],
      [["--major", "K", "--map", "A"], /--desc-smem takes no --map/],
    ] as Array<[string[], RegExp]>) {
      const r = await run([...base, ...extra]);
      expect(r.exit).toBe(2);
      expect(r.stderr).toMatch(msg);
    }
    const r = await run(["mma", "SM80_16x8x8_F16F16F16F16_TN", "--major", "K"]);
    expect(r.stderr).toMatch(/--major only applies to --desc-smem/);
  });
});
