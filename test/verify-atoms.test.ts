/**
 * Every MMA atom and every copy atom of the catalogs verifies clean; hand-broken layouts fail
 * with the right counterexample.
 */
import { describe, expect, it } from "vitest";
import { CuteError } from "../src/core/errors.js";
import { evaluate } from "../src/eval/evaluate.js";
import { Layout } from "../src/core/layout.js";
import { listMma, resolveMma } from "../src/atoms/mma/catalog.js";
import { copyOpNames, make_copy_atom, make_tiled_copy } from "../src/atoms/copy/index.js";
import { layoutArg, verifyCopyAtom, verifyMma, verifyTV, verifyTiledCopy } from "../src/verify/index.js";
import { CopyAtom } from "../src/atoms/copy/atom.js";

const L = (s: string) => evaluate(s) as Layout;

/** atoms whose catalog layouts CuTe itself cannot partition (a rank mismatch in LayoutA_TV) */
const REFUSED = new Set(["SM80_16x8x128_S32U1U1S32_TN_XORPOPC", "SM80_16x8x128_S32U1U1S32_TN_ANDPOPC"]);

describe("verify mma: every atom of the catalog", () => {
  const all = listMma();
  it("lists the catalog", () => expect(all.length).toBeGreaterThan(2000));
  it("every atom's A, B, C partition their tiles and agree on threads", () => {
    const bad: string[] = [];
    for (const e of all) {
      if (REFUSED.has(e.spelling)) {
        expect(() => verifyMma(e.traits)).toThrow(CuteError);
        continue;
      }
      const v = verifyMma(e.traits);
      if (!v.holds) bad.push(e.spelling);
    }
    expect(bad).toEqual([]);
  }, 600_000);
  it("tiled MMAs verify clean", () => {
    for (const [op, atoms, tile] of [
      ["SM80_16x8x16_F32F16F16F32_TN", "(_2,_2,_1)", "(_32,_32,_16)"],
      ["SM80_16x8x8_F16F16F16F16_TN", "(_2,_4,_1)", undefined],
      ["SM70_8x8x4_F32F16F16F32_NT", "(_2,_2,_1)", undefined],
      ["SM90_64x128x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::MN>", "(_2,_1,_1)", undefined],
    ] as const) {
      const v = verifyMma(resolveMma(op), atoms, tile);
      expect(v.holds, op).toBe(true);
      expect(v.threadsAgree).toBe(true);
    }
  });
  it("a broken A layout fails with the element owned twice and its owners", () => {
    const t = resolveMma("SM80_16x8x8_F16F16F16F16_TN");
    // A's value stride 8 (rows 8..15) replaced by 1: rows 1 and 8 clash
    const broken = { ...t, layoutA: "((_4,_8),(_2,_2)):((_32,_1),(_16,_1))" };
    const v = verifyMma(broken);
    expect(v.holds).toBe(false);
    const a = v.operands.find((o) => o.operand === "A")!.verdict;
    expect(a.holds).toBe(false);
    expect(a.holeCount).toBeGreaterThan(0);
    expect(a.overOwned[0]).toMatchObject({ index: 1, coord: [1, 0], count: 2, owners: [{ t: 4, v: 0 }, { t: 0, v: 2 }] });
    expect(v.operands.find((o) => o.operand === "C")!.verdict.holds).toBe(true);
  });
  it("a broken C layout leaves holes at the right (m,n)", () => {
    const t = resolveMma("SM80_16x8x16_F32F16F16F32_TN");
    const v = verifyMma({ ...t, layoutC: "((_4,_8),(_2,_2)):((_32,_1),(_16,_16))" });
    const c = v.operands.find((o) => o.operand === "C")!.verdict;
    expect(c.holds).toBe(false);
    // rows 8..15 are never owned
    expect(c.holes[0]).toMatchObject({ index: 8, coord: [8, 0] });
    expect(c.overOwned[0]!.coord).toEqual([0, 1]);
  });
  it("a GMMA C layout with a wrong stride fails; its A from smem is a 128-fold broadcast", () => {
    const t = resolveMma("SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>");
    const ok = verifyMma(t);
    expect(ok.holds).toBe(true);
    expect(ok.operands[0]!.verdict.broadcast).toMatchObject({ allowed: true, factor: 128 });
    const v = verifyMma({ ...t, layoutC: "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_32),(_64,_8,_512))" });
    expect(v.holds).toBe(false);
    const c = v.operands[2]!.verdict;
    expect(c.outsideCount).toBeGreaterThan(0);
  });
});

describe("verify copy: every copy atom of the catalog", () => {
  const types = ["half_t", "uint8_t", "float", "uint64_t", "uint128_t"];
  it("source and destination partition the atom's tile", () => {
    const bad: string[] = [];
    let checked = 0;
    for (const op of copyOpNames()) {
      let atom: CopyAtom | undefined;
      for (const t of types) {
        try {
          atom = make_copy_atom(op, t);
          break;
        } catch {
          /* the next type */
        }
      }
      expect(atom, op).toBeDefined();
      const v = verifyCopyAtom(atom!);
      checked++;
      if (!v.holds) bad.push(`${op}<${atom!.valueType.name}>`);
    }
    expect(checked).toBeGreaterThan(200);
    expect(bad).toEqual([]);
  }, 600_000);
  it("LDSM's source is a broadcast over the threads that do not supply addresses", () => {
    const v = verifyCopyAtom(make_copy_atom("SM75_U32x1_LDSM_N", "half_t"));
    expect(v.holds).toBe(true);
    expect(v.sides[0]!.verdict.broadcast.factor).toBe(4);
  });
  it("a broken atom fails with the element moved twice", () => {
    const a = make_copy_atom("SM75_U32x4_LDSM_N", "half_t");
    const broken = new CopyAtom(a.traits, a.valueType, a.thrID, a.valLayoutSrc, L("(_32,(_2,_4)):(_2,(_1,_32))"), a.valLayoutRef);
    const v = verifyCopyAtom(broken);
    expect(v.holds).toBe(false);
    const d = v.sides[1]!.verdict;
    expect(d.overOwned[0]).toMatchObject({ index: 32, count: 2, owners: [{ t: 16, v: 0 }, { t: 0, v: 2 }] });
    expect(d.holeCount).toBe(96);
    expect(d.overOwnedCount).toBe(96);
  });
  it("tiled copies verify clean", () => {
    const tc = make_tiled_copy(make_copy_atom("UniversalCopy<uint128_t>", "half_t"), layoutArg("(_16,_8):(_8,_1)", "thr"), layoutArg("(_1,_8)", "val"));
    expect(verifyTiledCopy(tc).holds).toBe(true);
  });
});

describe("verify tv on hand-written layouts", () => {
  it("reports holes, elements owned twice and pairs outside the tile", () => {
    const v = verifyTV(L("(_8,_4):(_2,_8)"), evaluate("(_8,_4)") as never);
    expect(v.holds).toBe(false);
    expect(v.holes[0]).toMatchObject({ index: 1, coord: [1, 0] });
    expect(v.overOwned[0]).toMatchObject({ index: 8, coord: [0, 1], count: 2 });
    expect(v.outside[0]).toMatchObject({ t: 4, v: 3, index: 32 });
  });
});
