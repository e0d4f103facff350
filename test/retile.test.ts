/**
 * ThrCopy::retile_S / retile_D (copy_atom.hpp's TiledCopy::retile): a thread's fragment regrouped
 * for a copy atom, as sgemm_sm80's `s2r_thr_copy_a.retile_D(tCrA)` does. What must hold whatever
 * the atoms: the retiled tensor is the same registers (same iterator, the same offsets, each once),
 * its mode 0 is (AtomNumVal, rest_vals), and the modes after it keep the fragment's rank. And for
 * SM75's LDSM x4 over an SM80 16x8x16 A fragment: ldmatrix.x4 moves all 8 halves a thread holds
 * (its (2,2,2) values, in register order), so the atom mode is (_8,_1):(_1,_0).
 */
import { describe, expect, it } from "vitest";
import { evaluateAny } from "../src/eval/evaluate.js";
import { Tensor } from "../src/core/tensor.js";
import { Layout, crd2idx, size } from "../src/core/layout.js";
import { D } from "../src/core/integer.js";
import * as T from "../src/core/int-tuple.js";
import { show } from "../src/print/print.js";

const value = async (src: string) => (await evaluateAny(src)) as unknown as Tensor;
const offsets = (t: Tensor): number[] => {
  const l = t.layout as Layout;
  return Array.from({ length: size(l).v }, (_x, i) => (crd2idx(D(i), l) as { v: number }).v).sort((a, b) => a - b);
};

const MMA = "make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN{}, Layout<Shape<_2,_2>>{}, Tile<_32,_32,_16>{})";
const SA = "make_tensor(make_smem_ptr((half_t*)0x0), make_layout(make_shape(Int<128>{}, Int<64>{}), LayoutRight{}))";
const SB = "make_tensor(make_smem_ptr((half_t*)0x0), make_layout(make_shape(Int<128>{}, Int<64>{}), LayoutRight{}))";
const C = "make_identity_tensor(make_shape(Int<128>{}, Int<128>{}))";

const CASES: Array<{ what: string; frag: (t: number) => string; copy: string; side: "S" | "D"; atomVals: number }> = [
  { what: "A by SM75_U32x4_LDSM_N (retile_D)", frag: (t) => `${MMA}.get_slice(${t}).partition_fragment_A(${SA})`, copy: `make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, ${MMA})`, side: "D", atomVals: 8 },
  { what: "B by SM75_U32x2_LDSM_N (retile_D)", frag: (t) => `${MMA}.get_slice(${t}).partition_fragment_B(${SB})`, copy: `make_tiled_copy_B(Copy_Atom<SM75_U32x2_LDSM_N, half_t>{}, ${MMA})`, side: "D", atomVals: 4 },
  { what: "C by UniversalCopy<uint32_t> (retile_S)", frag: (t) => `${MMA}.get_slice(${t}).partition_fragment_C(${C})`, copy: `make_tiled_copy_C(Copy_Atom<UniversalCopy<uint32_t>, half_t>{}, ${MMA})`, side: "S", atomVals: 2 },
];

describe("retile_S / retile_D regroup a fragment, keeping its registers", () => {
  for (const c of CASES) {
    it(c.what, async () => {
      for (const t of [0, 37, 127]) {
        const frag = await value(c.frag(t));
        const re = await value(`${c.copy}.get_slice(${t}).retile_${c.side}(${c.frag(t)})`);
        expect(show(re.iter as never)).toBe(show(frag.iter as never));
        expect(offsets(re)).toEqual(offsets(frag));
        const l = re.layout as Layout;
        expect(T.rank(l.shape)).toBe(T.rank((frag.layout as Layout).shape));
        expect(T.size(T.get(T.get(l.shape, 0), 0)).v).toBe(c.atomVals);
      }
    });
  }
  it("SM75_U32x4_LDSM_N over an SM80 16x8x16 A fragment: the atom takes the thread's 8 halves in register order", async () => {
    const re = await value(`make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, ${MMA}).get_slice(5).retile_D(${MMA}.get_slice(5).partition_fragment_A(${SA}))`);
    expect(show(re.layout as never)).toMatch(/^\(\(_8,_1\),_4,_4\):\(\(_1,_0\),/);
  });
});
