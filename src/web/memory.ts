/**
 * Memory behaviour drawn over the shared-memory tile: `verify banks SMEM --tv TV --type T` as a
 * bank map, each cell of the smem layout its 4-byte bank (the byte address the verify library
 * computes for it, bitAddressFn, swizzle included), the accesses of the worst phase the verdict
 * names framed, a frame per thread. The verdict is the library's own (verifyBanks); nothing
 * about conflicts is computed again here.
 */
import { Layout } from "../core/layout.js";
import * as T from "../core/int-tuple.js";
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
