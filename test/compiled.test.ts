/**
 * Compiled layouts (src/core/layout/compiled.ts) against the generic, checked evaluation they
 * stand in for: every answer crd2idx's (value, static marks, errors), and every table the printers
 * write by a tensor's affine form byte-identical to the cell-by-cell path.
 */
import { describe, expect, it, afterEach } from "vitest";
import fc from "fast-check";
import { S, D, Int } from "../src/core/integer.js";
import { ScaledBasis, type Idx } from "../src/core/basis.js";
import * as L from "../src/core/layout.js";
import { Layout, compileLayout } from "../src/core/layout.js";
import type { IntTuple, Stride } from "../src/core/int-tuple.js";
import { Tensor, CountingIter, ArithIter } from "../src/core/tensor.js";
import { at } from "../src/tensor/algorithms.js";
import { show } from "../src/print/print.js";
import { writePrintTensor, writeTensorValuesJson, forEachEntries, useGenericCells } from "../src/print/layout.js";
import { collect } from "../src/print/stream.js";
import { idxEntries } from "../src/core/layout/compiled.js";
import type { Value } from "../src/core/value.js";
import { breathe, readGolden, run } from "./helpers.js";

const int = (v: number, s: boolean) => (s ? S(v) : D(v));

/** a leaf extent: mostly small positive, sometimes 1 (static or not), rarely 0 or negative */
const extent = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 0 }) });
const leafArb = (strideArb: fc.Arbitrary<Idx>) => fc.record({ s: extent, ss: fc.boolean(), d: strideArb });
const intStride: fc.Arbitrary<Idx> = fc.record({ v: fc.integer({ min: -40, max: 40 }), s: fc.boolean() }).map(({ v, s }) => int(v, s));
/** basis strides into a coordinate of rank 1..3 (some nested, some plain integers that are static zeros) */
const basisStride: fc.Arbitrary<Idx> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ v: fc.integer({ min: -8, max: 40 }), s: fc.boolean(), m: fc.integer({ min: 0, max: 2 }) }).map(({ v, s, m }) => new ScaledBasis(int(v, s), [m])) },
  { weight: 1, arbitrary: fc.record({ v: fc.integer({ min: 1, max: 9 }), m: fc.integer({ min: 0, max: 1 }) }).map(({ v, m }) => new ScaledBasis(S(v), [1, m])) },
  { weight: 1, arbitrary: fc.constant(S(0)) },
);

/** a layout of rank 1..3 whose modes are leaves or tuples of leaves */
function layoutOf(strideArb: fc.Arbitrary<Idx>, minRank = 1, maxRank = 3): fc.Arbitrary<Layout> {
  const modeArb = fc.oneof(
    leafArb(strideArb).map((x) => ({ s: int(x.s, x.ss) as IntTuple, d: x.d as Stride })),
    fc.array(leafArb(strideArb), { minLength: 1, maxLength: 3 }).map((xs) => ({ s: xs.map((x) => int(x.s, x.ss)) as IntTuple, d: xs.map((x) => x.d as Stride) as Stride })),
  );
  return fc.array(modeArb, { minLength: minRank, maxLength: maxRank }).chain((ms) =>
    fc.boolean().map((flat) =>
      ms.length === 1 && flat ? new Layout(ms[0]!.s, ms[0]!.d) : new Layout(ms.map((m) => m.s), ms.map((m) => m.d)),
    ),
  );
}

/** f(), or its error's message: the compiled path must fail where the generic one does, and with the same words */
function outcome<T>(f: () => T): T | { error: string } {
  try {
    return f();
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}
const showIdx = (x: Idx) => show(x as Value);

describe("compileLayout: L(i) exactly as crd2idx gives it", () => {
  it("integer strides: index, coord, value, fill and forEach for every i in the domain and some outside it", () => {
    fc.assert(
      fc.property(layoutOf(intStride), fc.array(fc.integer({ min: -50, max: 400 }), { maxLength: 6 }), (l, extra) => {
        const c = compileLayout(l);
        expect(compileLayout(l)).toBe(c);
        const n = Math.max(0, Math.min(c.size, 2000));
        const is = [...Array.from({ length: n }, (_x, i) => i), ...extra];
        for (const i of is) {
          const ref = outcome(() => L.crd2idx(D(i), l));
          if (ref instanceof Int) {
            expect(c.index(i)).toBe(ref.v);
            expect(showIdx(c.value(i))).toBe(showIdx(ref));
            expect(c.coord(i)).toEqual([ref.v]);
          } else {
            expect(outcome(() => c.index(i))).toEqual(ref);
          }
        }
        if (c.size >= 0 && c.size <= 2000 && L.size(l).v > 0) {
          const ok = outcome(() => L.crd2idx(D(0), l));
          if (ok instanceof Int && is.slice(0, n).every((i) => L.crd2idx(D(i), l) instanceof Int)) {
            const out = c.fill();
            const seen: number[] = [];
            c.forEach((i, v) => (seen[i] = v));
            for (let i = 0; i < n; i++) {
              expect(out[i]).toBe(c.index(i));
              expect(seen[i]).toBe(c.index(i));
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("basis strides: value(i) prints as crd2idx's (static marks included), coord(i) lists its integers, index(i) is refused", () => {
    fc.assert(
      fc.property(layoutOf(basisStride), (l) => {
        const c = compileLayout(l);
        const n = Math.max(0, Math.min(c.size, 600));
        for (let i = 0; i < n; i++) {
          const ref = outcome(() => L.crd2idx(D(i), l));
          if ("error" in (ref as object) && !(ref instanceof Int) && !(ref instanceof ScaledBasis) && !Array.isArray(ref)) {
            expect(outcome(() => c.value(i))).toEqual(ref);
            continue;
          }
          const v = ref as Idx;
          expect(showIdx(c.value(i))).toBe(showIdx(v));
          expect(c.coord(i)).toEqual(idxEntries(v).map((x) => x.v));
          if (!(v instanceof Int)) expect(outcome(() => c.index(i))).toMatchObject({ error: expect.stringContaining("compileLayout") });
        }
        const ok = n > 0 && Array.from({ length: n }, (_x, i) => outcome(() => L.crd2idx(D(i), l))).every((v) => !("error" in (v as object)) || v instanceof Int);
        if (ok && c.width > 0 && n === c.size) {
          const out = c.fill();
          for (let i = 0; i < n; i++) expect(Array.from(out.subarray(i * c.width, (i + 1) * c.width))).toEqual(c.coord(i));
        }
      }),
      { numRuns: 400 },
    );
  });

  it("the issue's layout ((4,8),(16,32),8):((1,4),(32,512),16384): fill and index equal crd2idx at every coordinate", () => {
    const l = new Layout([[D(4), D(8)], [D(16), D(32)], D(8)], [[D(1), D(4)], [D(32), D(512)], D(16384)]);
    const c = compileLayout(l);
    expect(c.size).toBe(131072);
    const out = c.fill();
    for (let i = 0; i < c.size; i++) {
      const ref = (L.crd2idx(D(i), l) as Int).v;
      if (out[i] !== ref || c.index(i) !== ref) expect([i, out[i], c.index(i)]).toEqual([i, ref, ref]);
    }
  });

  it("values past 2^53 are left to the checked path, which refuses them as crd2idx does", () => {
    const l = new Layout([S(4), D(3)], [S(1), D(2 ** 52)]);
    const c = compileLayout(l);
    expect(c.index(1)).toBe(1);
    expect(outcome(() => c.index(4 * 2))).toEqual(outcome(() => L.crd2idx(D(8), l)));
    expect((outcome(() => c.index(8)) as { error: string }).error).toMatch(/overflow/);
  });
});

/** the tensors print_tensor draws: counting iterators and arithmetic-tuple iterators over random layouts, ranks 1 to 4 */
const iterCoord: fc.Arbitrary<Idx> = fc.oneof(
  fc.array(fc.record({ v: fc.integer({ min: -5, max: 99 }), s: fc.boolean() }), { minLength: 1, maxLength: 3 }).map((xs) => xs.map(({ v, s }) => int(v, s)) as Idx),
  fc.constant(S(0)),
);
const tensorArb: fc.Arbitrary<Tensor> = fc.oneof(
  fc.tuple(fc.oneof(fc.integer({ min: -9, max: 9 }), fc.constant(2 ** 50)), layoutOf(intStride, 1, 4)).map(([b, l]) => new Tensor(new CountingIter(D(b)), l)),
  fc.tuple(iterCoord, layoutOf(basisStride, 1, 4)).map(([c, l]) => new Tensor(new ArithIter(c), l)),
);

describe("print_tensor by affine forms: byte for byte the cell-by-cell path", () => {
  afterEach(() => useGenericCells(false));
  const text = (t: Tensor, generic: boolean) => outcome(() => collect((w) => writePrintTensor(t, w, { force: true, generic })));
  const json = (t: Tensor, generic: boolean) => outcome(() => collect((w) => writeTensorValuesJson(t, w, { force: true, generic })));

  it("random tensors: the table, its --json values and each cell's integers", () => {
    fc.assert(
      fc.property(tensorArb, (t) => {
        expect(text(t, false)).toEqual(text(t, true));
        expect(json(t, false)).toEqual(json(t, true));
        const fast: number[][] = [];
        const slow: number[][] = [];
        const a = outcome(() => forEachEntries(t, (e) => fast.push(Array.from(e))));
        useGenericCells(true);
        const b = outcome(() => forEachEntries(t, (e) => slow.push(Array.from(e))));
        useGenericCells(false);
        expect(a).toEqual(b);
        expect(fast).toEqual(slow);
      }),
      { numRuns: 500 },
    );
    // half a second alone; a generous limit for a loaded machine running every file at once
  }, 600_000);

  it("every cell a static integer, a dynamic one, or a coordinate: the text is pretty_print's", () => {
    // brute force from at(): %5d for a dynamic integer, two blanks and print() otherwise
    fc.assert(
      fc.property(tensorArb, (t) => {
        const l = t.layout as Layout;
        if (!Array.isArray(l.shape) || l.shape.length !== 2) return;
        const M = L.size(L.sublayout(l, [0])).v, N = L.size(L.sublayout(l, [1])).v;
        if (!(M > 0 && N > 0)) return;
        const cells = outcome(() => {
          let s = show(t) + ":\n";
          for (let m = 0; m < M; m++) {
            for (let n = 0; n < N; n++) {
              const x = at(t, [D(m), D(n)]);
              s += x instanceof Int && !x.s ? String(x.v).padStart(5) : "  " + show(x as Value);
            }
            s += "\n";
          }
          return s;
        });
        expect(text(t, false)).toEqual(cells);
      }),
      { numRuns: 300 },
    );
  });
});

describe("tma-coords through the affine path: byte-identical to the generic path", () => {
  afterEach(() => useGenericCells(false));
  const both = async (argv: string[]) => {
    useGenericCells(false);
    const fast = await run(argv);
    useGenericCells(true);
    const slow = await run(argv);
    useGenericCells(false);
    return { fast, slow };
  };
  it("every tma-coords record of the TMA goldens, as text and as --json", async () => {
    const records = readGolden("../fixtures/golden/tma.jsonl").filter((r) => r.cmd[0] === "tma-coords");
    expect(records.length).toBeGreaterThan(900);
    for (const [i, r] of records.entries()) {
      if (i % 20 === 0) await breathe();
      for (const argv of [r.cmd, ["--json", ...r.cmd]]) {
        const { fast, slow } = await both(argv);
        expect(fast, argv.join(" ")).toEqual(slow);
      }
    }
  }, 600_000);
  it("random tiles, blocks and partitions of random TMA copies", async () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) % n;
    const pick = <X>(xs: X[]) => xs[rnd(xs.length)]!;
    let printed = 0;
    for (let k = 0; k < 60; k++) {
      if (k % 5 === 0) await breathe();
      const gm = pick(["(1024,1024):(1024,_1)", "(512,256):(_1,512)", "(64,32,8):(_1,64,2048)", "(300,200):(200,_1)", "((8,16),64):((_1,8),128)"]);
      const sm = gm.startsWith("(64,32,8)") ? pick(["(_16,_8,_2):(_1,_16,_128)", "(_32,_8,_1):(_1,_32,_0)"]) : gm.startsWith("((8") ? "((_8,_2),_16):((_1,_8),_16)" : pick(["(_16,_16):(_16,_1)", "(_32,_8):(_1,_32)", "(_64,_32):(_32,_1)"]);
      const rank = gm.startsWith("(64,32,8)") ? 3 : 2;
      const tile = rank === 3 ? pick(["(_16,_8,_2)", "(_32,_8,_4)"]) : gm.startsWith("((8") ? pick(["(_16,_16)", "(_8,_32)"]) : pick(["(_16,_16)", "(_32,_8)", "(_64,_32)", "(_48,_24)"]);
      const block = rank === 3 ? `(${rnd(3)},${rnd(4)},${rnd(3)})` : `(${rnd(5)},${rnd(5)})`;
      const op = pick(["SM90_TMA_LOAD", "SM90_TMA_STORE", "SM90_TMA_LOAD_MULTICAST"]);
      const argv = ["tma-coords", "--op", op, "--type", pick(["float", "half_t", "int8_t"]), "--gmem", gm, "--smem", sm, "--tile", tile, "--block", block];
      if (op === "SM90_TMA_LOAD_MULTICAST") argv.push("--cluster", pick(["_2", "_4"]), "--partition", pick(["S", "D"]), "--rank", String(rnd(2)));
      for (const a of [argv, ["--json", ...argv]]) {
        const { fast, slow } = await both(a);
        expect(fast, a.join(" ")).toEqual(slow);
        if (fast.exit === 0) printed++;
      }
    }
    // most of them are tables, not refusals
    expect(printed).toBeGreaterThan(60);
  }, 600_000);
});
