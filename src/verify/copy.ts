/**
 * verify copy: a copy atom's source and destination (thread, value) layouts — or a tiled
 * copy's get_layoutS_TV / get_layoutD_TV — each partition the tile they move, and agree on
 * the number of threads. An atom's tile is the values its reference layout reaches (cosize), one dimension.
 */
import { S } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import type { IntTuple } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { show } from "../print/print.js";
import type { CopyAtom } from "../atoms/copy/atom.js";
import { type TiledCopy, get_layoutD_TV, get_layoutS_TV, tiler_shape } from "../atoms/copy/tiled.js";
import { type TvVerdict, verifyTV } from "./tv.js";
import { capCells, indexFn } from "./common.js";

export interface CopySideVerdict {
  side: "src" | "dst";
  tv: string;
  threads: number;
  verdict: TvVerdict;
}

export interface CopyVerdict {
  kind: "copy";
  holds: boolean;
  /** "atom" or "tiled" */
  object: "atom" | "tiled";
  op: string;
  type: string;
  tile: string;
  /** size(ThrID) for an atom, size<0>(TiledLayout_TV) for a tiled copy */
  threads: number;
  sides: CopySideVerdict[];
  threadsAgree: boolean;
}

function sides(src: Layout, dst: Layout, tile: IntTuple, threads: number, allowBroadcast: boolean, universe?: Uint8Array) {
  const out: CopySideVerdict[] = [];
  for (const [side, l] of [["src", src], ["dst", dst]] as const) {
    const verdict = verifyTV(l, tile, { allowBroadcast, multicast: true, ...(universe ? { universe } : {}) });
    out.push({ side, tv: show(l), threads: T.size(T.get(l.shape, 0)).v, verdict });
  }
  return { out, agree: out.every((s) => s.threads === threads) };
}

export function verifyCopyAtom(atom: CopyAtom, opts: { allowBroadcast?: boolean } = {}): CopyVerdict {
  const ref = atom.valLayoutRef;
  const cos = L.cosize(ref).v;
  capCells(cos, "the atom's reference layout");
  const tile: IntTuple = S(cos);
  // the reference layout's image is the tile (sparse for the UTCCP atoms' datapath patterns)
  const universe = new Uint8Array(cos);
  const f = indexFn(ref, "ValLayoutRef");
  for (let i = 0, n = L.size(ref).v; i < n; i++) universe[f(i)] = 1;
  const threads = L.size(atom.thrID).v;
  const { out, agree } = sides(atom.valLayoutSrc, atom.valLayoutDst, tile, threads, opts.allowBroadcast ?? true, universe.every((x) => x === 1) ? undefined : universe);
  return {
    kind: "copy",
    holds: agree && out.every((s) => s.verdict.holds),
    object: "atom",
    op: atom.name,
    type: atom.valueType.name,
    tile: L.showTup(tile),
    threads,
    sides: out,
    threadsAgree: agree,
  };
}

export function verifyTiledCopy(tc: TiledCopy, opts: { allowBroadcast?: boolean } = {}): CopyVerdict {
  const tile = tiler_shape(tc.tiler);
  const threads = tc.tiledNumThr.v;
  const { out, agree } = sides(get_layoutS_TV(tc), get_layoutD_TV(tc), tile, threads, opts.allowBroadcast ?? true);
  return {
    kind: "copy",
    holds: agree && out.every((s) => s.verdict.holds),
    object: "tiled",
    op: tc.atom.name,
    type: tc.atom.valueType.name,
    tile: L.showTup(tile),
    threads,
    sides: out,
    threadsAgree: agree,
  };
}
