/**
 * What a TMA copy asks of the hardware, computed on the host from make_tma_copy's result: the
 * descriptor fields in bytes, the box each CTA's instruction moves, where in shared memory every
 * instruction's box starts, and how a swizzle written on element offsets compares with the
 * TMA's byte swizzle. The hardware rules (hw-rules.ts) judge these facts; nothing here decides.
 */
import * as L from "../../core/layout.js";
import * as T from "../../core/int-tuple.js";
import { Swizzle } from "../../core/swizzle.js";
import type { TmaCopy } from "./make-tma-copy.js";

/** the smem byte offset where one TMA instruction's box starts (relative to the smem tile) */
export interface BoxStart {
  /** the CTA (cluster rank) that issues it; 0 without a cluster */
  rank: number;
  /** which of that CTA's instructions, in the order CuTe's copy() issues them */
  box: number;
  byte: number;
}

export interface ElementSwizzleFacts {
  /** the smem layout's swizzle (acting on element offsets) */
  swizzle: Swizzle;
  /** tile elements whose byte address differs when the TMA applies the swizzle to bytes */
  count: number;
  /** elements compared: the tile, or its first MAX_COMPARED */
  total: number;
  /** the tile has more elements than were compared */
  truncated: boolean;
  /** the first element (tile index) whose byte address differs */
  first?: { index: number; layoutByte: number; tmaByte: number };
}

export interface TmaHwFacts {
  copy: TmaCopy;
  /** bytes per element (every TMA value type is a whole number of bytes) */
  elemBytes: number;
  /** the descriptor's swizzle without its CU_TENSOR_MAP_SWIZZLE_ prefix: NONE, 32B, 64B, 128B, 128B_ATOM_32B, ... */
  swizzle: string;
  /** the span the swizzle permutes 16-byte chunks within (0 for NONE) */
  span: number;
  /** boxDim: the box one CTA's instruction moves (after the multicast split) */
  boxDim: number[];
  innerBytes: number;
  /** rows of the box: the product of boxDim[1..] */
  rows: number;
  boxElems: number;
  boxBytes: number;
  /** the CTAs a box is split over (the TiledCopy's threads; the cluster size) */
  ranks: number;
  /** instructions each CTA issues for its smem tile */
  boxesPerCta: number;
  /** every instruction's smem start, rank-major; undefined when the layouts are not plain integer layouts */
  starts?: BoxStart[];
  /** true when only the first MAX_STARTS starts were computed */
  startsTruncated: boolean;
  /** `Sw o offset o L` written on element offsets with elements wider than a byte */
  elementSwizzle?: ElementSwizzleFacts;
  /**
   * the bytes of shared memory one CTA holds the smem tile in: the tile's extent (cosize, from
   * its offset, a swizzle's whole periods) and at least one box; every CTA of a multicast holds
   * the whole tile
   */
  tileBytes: number;
}

/** the most box starts enumerated */
export const MAX_STARTS = 1 << 20;
/** the most tile elements compared for an element-offset swizzle */
export const MAX_COMPARED = 1 << 20;

export const swizzleSpan = (swizzle: string): number => (swizzle === "NONE" ? 0 : Number(/^(\d+)B/.exec(swizzle)?.[1] ?? 0));

/**
 * The smem bytes from the tile's start to past its last element: (offset + cosize) elements, and
 * a swizzle moves an element at most within its period of 2^(B+M) units (bytes for
 * `Sw o smem_ptr o L`, elements for `Sw o offset o L`), so the extent is rounded up to whole periods.
 */
function tileFootprint(copy: TmaCopy, elemBytes: number): number {
  const { smem } = copy.args;
  const elems = (smem.offset ?? 0) + L.cosize(smem.layout).v;
  if (smem.swizzle.b === 0) return elems * elemBytes;
  const period = 2 ** (smem.swizzle.b + smem.swizzle.m);
  const roundUp = (n: number) => Math.ceil(n / period) * period;
  return smem.form === "pi" ? roundUp(elems * elemBytes) : roundUp(elems) * elemBytes;
}

export function hwFacts(copy: TmaCopy): TmaHwFacts {
  const { desc, args } = copy;
  const elemBytes = args.type.bits / 8;
  const swizzle = desc.swizzle.replace("CU_TENSOR_MAP_SWIZZLE_", "");
  const boxDim = desc.boxDim.slice();
  const boxElems = boxDim.reduce((a, b) => a * b, 1);
  const rows = boxDim.slice(1).reduce((a, b) => a * b, 1);

  const tv = copy.layoutTV;
  const ranks = T.size(Array.isArray(tv.shape) ? tv.shape[0]! : tv.shape).v;
  const valuesPerCta = L.size(tv).v / Math.max(ranks, 1);
  const perInstruction = copy.numElems.v;
  const boxesPerCta = Math.max(1, Math.floor(valuesPerCta / perInstruction));

  const facts: TmaHwFacts = {
    copy,
    elemBytes,
    swizzle,
    span: swizzleSpan(swizzle),
    boxDim,
    innerBytes: boxDim[0]! * elemBytes,
    rows,
    boxElems,
    boxBytes: boxElems * elemBytes,
    ranks,
    boxesPerCta,
    startsTruncated: false,
    tileBytes: Math.max(boxElems * elemBytes, tileFootprint(copy, elemBytes)),
  };

  // the smem start of instruction k of CTA r: the smem layout at the tile coordinate the
  // TiledCopy's (thread r, value k * values-per-instruction) names
  const tvIndex = L.compileIndexFn(tv);
  const smemIndex = L.compileIndexFn(args.smem.layout);
  if (tvIndex && smemIndex) {
    const starts: BoxStart[] = [];
    outer: for (let rank = 0; rank < ranks; rank++) {
      for (let box = 0; box < boxesPerCta; box++) {
        if (starts.length >= MAX_STARTS) {
          facts.startsTruncated = true;
          break outer;
        }
        const element = smemIndex(tvIndex(rank + ranks * box * perInstruction)) + (args.smem.offset ?? 0);
        starts.push({ rank, box, byte: element * elemBytes });
      }
    }
    facts.starts = starts;
  }

  if (args.smem.form === "composed" && elemBytes > 1 && args.smem.swizzle.b > 0 && smemIndex) {
    const { b, m, s } = args.smem.swizzle;
    const sw = new Swizzle(b, m, s);
    const total = L.size(args.smem.layout).v;
    const n = Math.min(total, MAX_COMPARED);
    const off = args.smem.offset ?? 0;
    let count = 0;
    let first: ElementSwizzleFacts["first"];
    for (let i = 0; i < n; i++) {
      const u = off + smemIndex(i);
      const layoutByte = sw.apply(u) * elemBytes;
      const tmaByte = sw.apply(u * elemBytes);
      if (layoutByte !== tmaByte) {
        count++;
        first ??= { index: i, layoutByte, tmaByte };
      }
    }
    facts.elementSwizzle = { swizzle: sw, count, total: n, truncated: n < total, ...(first ? { first } : {}) };
  }
  return facts;
}
