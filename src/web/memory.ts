/**
 * Memory behaviour drawn over the shared-memory tile: `verify banks SMEM --tv TV --type T` as a
 * bank map, each cell of the smem layout its 4-byte bank (the byte address the verify library
 * computes for it, bitAddressFn, swizzle included), the accesses of the worst phase the verdict
 * names framed, a frame per thread. The verdict is the library's own (verifyBanks); nothing
 * about conflicts is computed again here.
 */
import { Layout } from "../core/layout.js";
import * as T from "../core/int-tuple.js";
import { S } from "../core/integer.js";
import { ComposedLayout, innermostLayout } from "../core/swizzle.js";
import { BANKS, BANK_BYTES, type BanksVerdict } from "../verify/banks.js";
import type { Panel, Picture } from "./picture.js";

const PAGE_CELLS = 1 << 18;

export async function banksPicture(smemText: string, tvText: string, typeText: string | undefined): Promise<Picture | undefined> {
  const V = await import("../verify/index.js");
  const smem = V.layoutLikeArg(smemText, "SMEM_LAYOUT");
  const type = V.typeArg(typeText);
  const verdict: BanksVerdict = V.verifyBanks(smem, V.layoutArg(tvText, "--tv"), type);
  const base = smem instanceof Layout ? smem : smem instanceof ComposedLayout ? innermostLayout(smem) : undefined;
  if (!base) return undefined;
  const r = T.rank(base.shape);
  if (r < 1 || r > 2) return undefined;
  const M = T.size(T.get(base.shape, 0)).v, N = r === 2 ? T.size(T.get(base.shape, 1)).v : 1;
  if (M * N > PAGE_CELLS || M <= 0 || N <= 0) return undefined;
  const bit = V.bitAddressFn(smem, type.bits, "SMEM_LAYOUT");
  const byte = new Float64Array(M * N);
  const texts: string[] = new Array(M * N);
  const owner = new Int32Array(M * N);
  const regions = new Int32Array(M * N);
  // the worst phase's accesses: [byte, byte + accessBytes) of each of its threads
  const worst = verdict.worst.threads.map((t) => ({ t: t.thread, from: t.byte, to: t.byte + verdict.accessBytes }));
  for (let m = 0; m < M; m++) {
    for (let n = 0; n < N; n++) {
      const i = m * N + n;
      const b = Math.floor(bit(m + n * M) / 8);
      byte[i] = b;
      const bank = Math.floor(b / BANK_BYTES) % BANKS;
      texts[i] = String(bank);
      owner[i] = bank;
      const w = worst.find((x) => b >= x.from && b < x.to);
      regions[i] = w ? w.t + 1 : 0;
    }
  }
  const W = verdict.worst;
  const panel: Panel = {
    name: "banks",
    title: `banks of ${verdict.smem} (${verdict.type}): a colour per bank mod 8, the number its bank; framed: warp ${W.warp}, access ${W.access}, phase ${W.phase} (T${W.firstThread}-${W.lastThread}), bank ${W.worstBank} serves ${W.wavefronts} word${W.wavefronts === 1 ? "" : "s"}`,
    x: 1,
    y: 1,
    rows: M,
    cols: N,
    rowLabelX: 0,
    colLabelY: 0,
    rowLabel: String,
    colLabel: String,
    kind: "value",
    texts,
    owner,
    regions,
    describe: (m, n) => {
      const i = m * N + n;
      const lines = [`smem (${m},${n}), element ${m + n * M}: byte ${byte[i]}, bank ${texts[i]}, word ${Math.floor(byte[i]! / 4)}`];
      if (regions[i]! > 0) lines.push(`thread ${regions[i]! - 1} in the worst phase (phase ${W.phase} of warp ${W.warp}, access ${W.access})`);
      return lines;
    },
  };
  return { kind: "layout", panels: [panel], width: N + 1, height: M + 1, cellW: 1, notes: [`${verdict.holds ? "no conflicts" : `${verdict.conflictedPhases} of ${verdict.phases} phases conflict`}: ${verdict.wavefronts} wavefronts where ${verdict.ideal} would do`] };
}

/** bytes of a memory sector (the unit a global or shared access is served in) */
export const SECTOR_BYTES = 32;

/** a side of a copy drawn: its grid, each element's byte, and the sectors of each access */
interface Side {
  name: "src" | "dst";
  text: string;
  M: number;
  N: number;
  byte: Float64Array;
  /** sectors each access touches on this side */
  sectors: Int32Array;
}

/**
 * `verify vector SRC DST --type T` drawn over both tiles: the copy's accesses as CuTe vectorizes
 * it (each access `accessElements` elements of the verdict's common vector: the vector is
 * max_common_layout, the destination's contiguous run read back through right_inverse, and its
 * complement enumerates the vectors), each cell coloured by its access with a heavy line between
 * accesses, its number the 32-byte sector its byte falls in (swizzle included: bitAddressFn);
 * the title counts the sectors each access touches on that side. Hovering a cell frames its
 * access in both tiles.
 */
export async function vectorPicture(srcText: string, dstText: string, typeText: string | undefined): Promise<Picture | undefined> {
  const V = await import("../verify/index.js");
  const L = await import("../core/layout.js");
  const src = V.layoutLikeArg(srcText, "SRC"), dst = V.layoutLikeArg(dstText, "DST");
  const type = V.typeArg(typeText);
  const verdict = V.verifyVector(src, dst, type);
  const inner = (x: Layout | ComposedLayout) => (x instanceof Layout ? x : innermostLayout(x));
  const size = T.size(inner(src).shape).v;
  if (size <= 0 || size > PAGE_CELLS || T.size(inner(dst).shape).v !== size) return undefined;
  // the vectors: element e of vector r is coordinate C(e) + R(r) (logical_divide by the common layout)
  const E = verdict.elements, per = verdict.accessElements;
  let cf: (e: number) => number = () => 0, rf: (r: number) => number = (r) => r, vectors = size;
  if (E > 1) {
    const common = L.composition(L.right_inverse(inner(dst)), new Layout(S(E), S(1)));
    const rest = L.complement(common, S(size));
    const c = L.compileIndexFn(common), r = L.compileIndexFn(rest);
    if (!c || !r) return undefined;
    cf = c;
    rf = r;
    vectors = Math.floor(size / E);
  }
  const perVector = Math.ceil(E / per);
  const accesses = vectors * perVector;
  const access = new Int32Array(size).fill(-1);
  for (let v = 0; v < vectors; v++) for (let e = 0; e < E; e++) access[cf(e) + rf(v)] = v * perVector + Math.floor(e / per);
  if (access.some((a) => a < 0)) return undefined;
  const elemBits = type.bits;
  const side = (name: "src" | "dst", x: Layout | ComposedLayout, text: string): Side | undefined => {
    const base = inner(x);
    const r = T.rank(base.shape);
    if (r < 1 || r > 2) return undefined;
    const M = T.size(T.get(base.shape, 0)).v, N = r === 2 ? T.size(T.get(base.shape, 1)).v : 1;
    const bit = V.bitAddressFn(x, elemBits, name.toUpperCase());
    const byte = new Float64Array(size);
    const lo = new Float64Array(accesses).fill(Infinity), hi = new Float64Array(accesses).fill(-Infinity);
    for (let i = 0; i < size; i++) {
      const b = bit(i);
      byte[i] = Math.floor(b / 8);
      const a = access[i]!;
      lo[a] = Math.min(lo[a]!, b);
      hi[a] = Math.max(hi[a]!, b + elemBits - 1);
    }
    const sectors = new Int32Array(accesses);
    for (let a = 0; a < accesses; a++) sectors[a] = Math.floor(hi[a]! / 8 / SECTOR_BYTES) - Math.floor(lo[a]! / 8 / SECTOR_BYTES) + 1;
    return { name, text, M, N, byte, sectors };
  };
  const s = side("src", src, verdict.src), d = side("dst", dst, verdict.dst);
  if (!s || !d) return undefined;
  const bytes = (per * elemBits) / 8;
  const counts = (x: Side) => {
    const tally = new Map<number, number>();
    for (const k of x.sectors) tally.set(k, (tally.get(k) ?? 0) + 1);
    const all = [...tally].sort((a, b) => a[0] - b[0]);
    if (all.length === 1) return `each touches ${all[0]![0]} sector${all[0]![0] === 1 ? "" : "s"} of ${SECTOR_BYTES} bytes`;
    return `${all.map(([k, n]) => `${n} touch ${k}`).join(", ")} sectors of ${SECTOR_BYTES} bytes`;
  };
  const total = (x: Side) => x.sectors.reduce((a, b) => a + b, 0);
  const panels: Panel[] = [s, d].map((x, k) => {
    const texts: string[] = new Array(size), owner = new Int32Array(size), regions = new Int32Array(size);
    for (let m = 0; m < x.M; m++) {
      for (let n = 0; n < x.N; n++) {
        const i = m + n * x.M, cell = m * x.N + n;
        texts[cell] = String(Math.floor(x.byte[i]! / SECTOR_BYTES));
        owner[cell] = access[i]!;
        regions[cell] = access[i]! + 1;
      }
    }
    const other = k === 0 ? d : s;
    return {
      name: x.name,
      title: `${x.name} ${x.text}: ${accesses} access${accesses === 1 ? "" : "es"} of ${bytes} byte${bytes === 1 ? "" : "s"} (${per} x ${type.name}): ${counts(x)}`,
      x: k === 0 ? 1 : s.N + 3,
      y: 1,
      rows: x.M,
      cols: x.N,
      rowLabelX: k === 0 ? 0 : s.N + 2,
      colLabelY: 0,
      rowLabel: String,
      colLabel: String,
      kind: "value",
      texts,
      owner,
      regions,
      describe: (m: number, n: number) => {
        const i = m + n * x.M, a = access[i]!;
        return [
          `${x.name} (${m},${n}), element ${i}: byte ${x.byte[i]}, sector ${Math.floor(x.byte[i]! / SECTOR_BYTES)} (${SECTOR_BYTES} bytes)`,
          `access ${a}: ${bytes} bytes, ${x.sectors[a]} sector${x.sectors[a] === 1 ? "" : "s"} in ${x.name}, ${other.sectors[a]} in ${other.name}`,
        ];
      },
    } satisfies Panel;
  });
  /** the cells of an access, in both tiles */
  const cellsOf = (a: number) => {
    const out: Array<{ panel: number; r: number; c: number }> = [];
    [s, d].forEach((x, k) => {
      for (let i = 0; i < size; i++) if (access[i] === a) out.push({ panel: k, r: i % x.M, c: Math.floor(i / x.M) });
    });
    return out;
  };
  return {
    kind: "layout",
    panels,
    width: s.N + d.N + 3,
    height: Math.max(s.M, d.M) + 1,
    cellW: Math.max(1, Math.ceil((String(Math.floor(Math.max(...s.byte, ...d.byte) / SECTOR_BYTES)).length * 10) / 4) / 10),
    linkLabel: "its access",
    links: (c) => {
      const x = c.panel === 0 ? s : d;
      return cellsOf(access[c.r + c.c * x.M]!).filter((o) => !(o.panel === c.panel && o.r === c.r && o.c === c.c));
    },
    notes: [`the copy's ${SECTOR_BYTES}-byte sectors: ${total(s)} in src and ${total(d)} in dst for ${accesses} accesses of ${bytes} bytes (at least ${Math.ceil((size * elemBits) / 8 / SECTOR_BYTES)} on each side); each cell's number is its sector, a colour and a frame per access`],
  };
}
