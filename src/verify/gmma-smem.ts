/**
 * verify gmma-smem: is a shared-memory layout one of the canonical GMMA layouts — one of
 * CuTe's GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> tiled to the layout's shape
 * (tile_to_shape, column-major or with the first two modes swapped) — which make_gmma_desc
 * accepts, and which one. The comparison is by function: the bit address of every coordinate,
 * with a smem_ptr swizzle acting on byte addresses and any other swizzle on element offsets.
 */
import { CuteError, UsageError } from "../core/errors.js";
import { S } from "../core/integer.js";
import * as T from "../core/int-tuple.js";
import type { IntTuple } from "../core/int-tuple.js";
import * as L from "../core/layout.js";
import { Layout } from "../core/layout.js";
import { ComposedLayout, SmemPtrFlag, Swizzle } from "../core/swizzle.js";
import { tile_to_shape as tileComposed } from "../core/composed.js";
import { show } from "../print/print.js";
import type { ValueType } from "../core/value-types.js";
import { type LayoutLike, bitAddressFn, byteSwizzle, capCells, coordOf, fmtCoord, innerLayout, sizeOf } from "./common.js";

export type GmmaMajor = "K" | "MN";
export type GmmaSwizzle = "INTER" | "SW32" | "SW64" | "SW128";
export const GMMA_SWIZZLES: GmmaSwizzle[] = ["INTER", "SW32", "SW64", "SW128"];
const SWIZZLE_BITS: Record<GmmaSwizzle, number> = { INTER: 0, SW32: 1, SW64: 2, SW128: 3 };

/** GMMA::Layout_<major>_<sw>_Atom<T>: upcast of the bit atom, 8 rows of (1,2,4,8) x 16 bytes */
export function gmmaAtom(sw: GmmaSwizzle, major: GmmaMajor, bits: number): ComposedLayout {
  const rowBits = 128 << SWIZZLE_BITS[sw];
  if (rowBits % bits !== 0) {
    throw new CuteError(`GMMA::Layout_${major}_${sw}_Atom`, `upcast<${bits}>: the atom's ${rowBits}-bit rows are not a whole number of elements`);
  }
  const row = rowBits / bits;
  const inner = major === "K" ? new Layout([S(8), S(row)], [S(row), S(1)]) : new Layout([S(row), S(8)], [S(1), S(row)]);
  return new ComposedLayout(new Swizzle(SWIZZLE_BITS[sw], 4, 3), new SmemPtrFlag(bits), inner);
}

export const atomName = (sw: GmmaSwizzle, major: GmmaMajor, type: string) => `GMMA::Layout_${major}_${sw}_Atom<${type}>`;

export interface GmmaCandidate {
  swizzle: GmmaSwizzle;
  /** "col" = tile_to_shape's default order; "swapped" = Step<_2,_1,...> (mode 1 first) */
  order: "col" | "swapped";
  expression: string;
  /** the tiled layout, when tile_to_shape accepts the shape */
  layout?: string;
  refusal?: string;
  /** first coordinate where the layout and this candidate differ */
  difference?: { index: number; coord: string; byte: number; expectedByte: number };
}

export interface GmmaVerdict {
  kind: "gmma-smem";
  holds: boolean;
  layout: string;
  type: string;
  typeBits: number;
  major: GmmaMajor;
  /** the layout's swizzle as it acts on byte addresses ("none", "Sw<3,4,3>", ...) */
  swizzle: string;
  match?: GmmaCandidate;
  /** the candidate that agrees longest, when none matches */
  nearest?: GmmaCandidate;
  candidates: GmmaCandidate[];
}

function orders(shape: IntTuple): Array<{ order: "col" | "swapped"; tuple?: IntTuple; step: string }> {
  const r = T.rank(shape);
  const out: Array<{ order: "col" | "swapped"; tuple?: IntTuple; step: string }> = [{ order: "col", step: "" }];
  if (r >= 2) {
    const tuple = Array.from({ length: r }, (_x, i) => S(i === 0 ? 2 : i === 1 ? 1 : i + 1));
    out.push({ order: "swapped", tuple, step: `, Step<${tuple.map((x) => `_${x.v}`).join(",")}>{}` });
  }
  return out;
}

export function verifyGmmaSmem(x: LayoutLike, type: ValueType, major: GmmaMajor): GmmaVerdict {
  const inner = innerLayout(x);
  const shape = inner.shape;
  if (T.rank(shape) < 2) throw new UsageError(`a GMMA shared-memory layout has (MN,K) modes; ${show(x)} has ${T.rank(shape)}`);
  const n = sizeOf(x);
  capCells(n, "the layout");
  const bits = type.bits;
  const got = bitAddressFn(x, bits, "the layout");
  const gotBits = new Float64Array(n);
  for (let i = 0; i < n; i++) gotBits[i] = got(i);
  const sw = byteSwizzle(x, bits);
  const swText = sw === undefined ? "none" : sw === "not-bytewise" ? "not expressible on byte addresses" : `Sw<${sw.b},${sw.m},${sw.s}>`;
  // the target of tile_to_shape: the layout's top-level mode sizes
  const target = T.product_each(shape);
  const shapeText = L.showTup(target);
  const candidates: GmmaCandidate[] = [];
  let match: GmmaCandidate | undefined;
  for (const s of GMMA_SWIZZLES) {
    let atom: ComposedLayout;
    try {
      atom = gmmaAtom(s, major, bits);
    } catch (e) {
      if (!(e instanceof CuteError)) throw e;
      candidates.push({ swizzle: s, order: "col", expression: atomName(s, major, type.name), refusal: e.rule });
      continue;
    }
    for (const o of orders(shape)) {
      const expression = `tile_to_shape(${atomName(s, major, type.name)}{}, ${shapeText}${o.step})`;
      const c: GmmaCandidate = { swizzle: s, order: o.order, expression };
      candidates.push(c);
      let tiled: LayoutLike;
      try {
        tiled = tileComposed(atom, target, o.tuple);
      } catch (e) {
        if (!(e instanceof CuteError)) throw e;
        c.refusal = `${e.op}: ${e.rule}`;
        continue;
      }
      c.layout = show(tiled);
      const want = bitAddressFn(tiled, bits, "the GMMA atom");
      for (let i = 0; i < n; i++) {
        const w = want(i);
        if (w !== gotBits[i]) {
          c.difference = { index: i, coord: fmtCoord(coordOf(i, shape)), byte: gotBits[i]! / 8, expectedByte: w / 8 };
          break;
        }
      }
      if (!c.difference && !match) match = c;
    }
  }
  const verdict: GmmaVerdict = {
    kind: "gmma-smem",
    holds: match !== undefined,
    layout: show(x),
    type: type.name,
    typeBits: bits,
    major,
    swizzle: swText,
    candidates,
  };
  if (match) verdict.match = match;
  else {
    const tried = candidates.filter((c) => c.difference);
    if (tried.length) verdict.nearest = tried.reduce((a, b) => (b.difference!.index > a.difference!.index ? b : a));
  }
  return verdict;
}

