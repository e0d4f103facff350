/**
 * CuTe's make_tma_copy on the host (copy_traits_sm90_tma.hpp): from a gmem tensor layout, an smem
 * layout (plain or swizzled), a CTA tiler and a cluster size, compute
 *  - the TMA box basis (which gmem modes each TMA dimension walks, and the box extents),
 *  - the descriptor parameters that cuTensorMapEncodeTiled would receive,
 *  - the strides of the TMA coordinate tensor (get_tma_tensor),
 *  - the TiledCopy (Tiler_MN, TiledLayout_TV) and its Copy_Atom.
 *
 * Refusals: what CuTe rejects at compile time (static_assert) or at run time (assert) is a
 * CuteError naming the hardware rule.
 */
import { CuteError } from "../../core/errors.js";
import { safeDiv } from "../../core/integer.js";
import { Int, S, D, _0, _1, isConst } from "../../core/integer.js";
import { ScaledBasis, type Idx } from "../../core/basis.js";
import { type IntTuple, group, isTuple, leaves, product, product_each, rank, tupText, wrap } from "../../core/int-tuple.js";
import { Layout, type Tiler, coalesce, composition, concat, cosize, make_basis_like, make_identity_layout, make_layout, right_inverse, showLayout, size, take, tile_to_shape } from "../../core/layout.js";
import { basis, basis_get, basis_value, coalesce_256, staticEq } from "./algebra.js";
import { type SmemLayout, type Swz } from "./types.js";
import { TiledCopy, CopyAtom, make_copy_atom_from_traits, make_tiled_copy_impl, formatTiledCopy, formatCopyAtom, type BitTraits } from "../copy/index.js";
import { type TmaOp, type TmaValueType, tmaThreads } from "./types.js";

export interface TmaArgs {
  op: TmaOp;
  type: TmaValueType;
  gmem: Layout;
  smem: SmemLayout;
  /** explicit CTA tiler (make_tma_copy(op, g, s, tiler, cluster)); default product_each(shape(smem)) */
  ctaTiler?: Tiler;
  /** cluster size (multicast CTAs); default _1 */
  cluster?: Int;
}

export interface TmaDescriptor {
  format: string;
  dim: number;
  globalDim: number[];
  /** byte strides of dims 1..dim-1 */
  globalStrides: number[];
  boxDim: number[];
  elementStrides: number[];
  interleave: string;
  swizzle: string;
  l2Promotion: string;
  oobFill: string;
}

/** make_tma_copy_atom's result: the Copy_Atom with its descriptor and coordinate strides */
export interface TmaAtom {
  args: TmaArgs;
  /** TMA mode -> gmem mode(s): box shape : gmem basis */
  tmaGbasis: Layout;
  desc: TmaDescriptor;
  /** gmem mode -> TMA coordinate strides (AuxParams::g_stride_) */
  gStride: Idx;
  /** values per TMA instruction (size of the box, before multicast slicing) */
  numElems: Int;
  /** the CTAs the box is cut over (1 without multicast) */
  numMulticast: number;
  /** Copy_Atom<Copy_Traits<OP, C<NumBitsPerTMA>, Aux>, T> */
  atom: CopyAtom;
}

/** make_tma_copy's result: the atom tiled over the CTA's smem */
export interface TmaCopy extends TmaAtom {
  tilerMN: IntTuple;
  layoutTV: Layout;
  /** the Copy_Atom's (thr,val) layouts, in values */
  atomRef: Layout;
  swizzle: Swz;
  /** the TiledCopy<Copy_Atom<Copy_Traits<OP,NumBits,Aux>,T>, Layout_TV, Tiler_MN> */
  tiled: TiledCopy;
}

const fail = (rule: string, ...operands: string[]): never => {
  throw new CuteError("make_tma_copy", rule, operands);
};

// ------------------------------------------------------------------------------------------
// swizzle -> CUtensorMapSwizzle (copy_traits_sm90_tma_swizzle.hpp, copy_sm90_desc.hpp)

type SwizzleBits = "DISABLE" | "B32" | "B64" | "B128";
type SwizzleBase = "16B" | "32B" | "64B";

function tmaSwizzleBits(sw: Swz): SwizzleBits {
  const { b, m } = sw;
  if (m === 4) {
    if (b < 0 || b > 3) fail(`Expected B = 0,1,2, or 3 when M == 4. Unsupported layout swizzle (Sw<${b},${m},${sw.s}>).`);
    return (["DISABLE", "B32", "B64", "B128"] as const)[b]!;
  }
  if (m === 5 || m === 6) {
    if (b !== 2) fail(`Expected B = 2 when M == 5 or 6. Unsupported layout swizzle (Sw<${b},${m},${sw.s}>).`);
    return "B128";
  }
  return fail(`Unsupported layout swizzle Sw<${b},${m},${sw.s}>: TMA swizzles 16-byte units (M = 4) or 32/64-byte atoms (M = 5, 6).`);
}
function tmaSwizzleBase(sw: Swz): SwizzleBase {
  const { b, m, s } = sw;
  if (m === 4) {
    if (s !== 3) fail(`Expected S = 3 when M == 4. Unsupported layout swizzle (Sw<${b},${m},${s}>).`);
    return "16B";
  }
  if (m === 5) {
    if (b !== 2) fail(`Expected B = 2 when M == 5. Unsupported layout swizzle (Sw<${b},${m},${s}>).`);
    if (s !== 2) fail(`Expected S = 2 when M == 5. Unsupported layout swizzle (Sw<${b},${m},${s}>).`);
    return "32B";
  }
  if (m === 6) {
    if (b !== 2) fail(`Expected B = 2 when M == 6. Unsupported layout swizzle (Sw<${b},${m},${s}>).`);
    return "64B";
  }
  return fail(`Expected 128b=16B=(2^4)B to 512b=64B=(2^6)B base swizzle (Sw<${b},${m},${s}>).`);
}
/** the CUtensorMapSwizzle of an smem swizzle (get_tma_swizzle_bits / _base, to_CUtensorMapSwizzle), refusing as CuTe does */
export function cuSwizzleOf(sw: Swz): string {
  return cuSwizzle(tmaSwizzleBits(sw), tmaSwizzleBase(sw));
}
function cuSwizzle(bits: SwizzleBits, base: SwizzleBase): string {
  const P = "CU_TENSOR_MAP_SWIZZLE_";
  if (bits !== "B128" && base !== "16B") fail(`Expected 16B swizzle base for ${bits} swizzle bits.`);
  if (bits === "DISABLE") return P + "NONE";
  if (bits === "B32") return P + "32B";
  if (bits === "B64") return P + "64B";
  return base === "16B" ? P + "128B" : P + `128B_ATOM_${base}`;
}

// ------------------------------------------------------------------------------------------
// construct_tma_gbasis

export interface DeferredFailure {
  rule: string;
  operands: string[];
}

function constructTmaGbasis(gmem: Layout, slayout: Layout, ctaVMap: Layout): Layout {
  const ss = size(slayout);
  const sv = size(ctaVMap);
  if (!(ss.s && sv.s) || ss.v !== sv.v) {
    fail(
      "smem incompatible with the gmem tile: TMA requires CTA_Tile and SLayout top-level size equivalence." +
        (!(ss.s && sv.s) ? " (the CTA tile's size is not a compile-time constant)" : ` (smem has ${ss.v} elements, the CTA tile ${sv.v})`),
      `size(smem) = ${ss.s ? "_" : ""}${ss.v}`,
      `size(cta tile) = ${sv.s ? "_" : ""}${sv.v}`,
      `cta tile = ${showLayout(ctaVMap)}`,
    );
  }
  // smem idx -> smem coord
  const invSmem = right_inverse(slayout);
  // smem idx -> gmem mode
  const sidx2gmodeFull = coalesce(composition(ctaVMap, invSmem));
  const fullStrides = wrap(sidx2gmodeFull.stride as Idx | Idx[]) as Idx[];
  let smemRank = fullStrides.findIndex((e) => !isConst(basis_value(e), 1));
  if (smemRank < 0) smemRank = fullStrides.length;
  if (smemRank === 0) {
    fail(
      "smem incompatible with the gmem tile: Could not find a common tile-gmem vectorization. " +
        "Does the Tile select out major GMEM modes? " +
        "(the smem layout's contiguous direction does not run along a unit-stride mode of the CTA tile)",
      `smem index -> gmem mode: ${showLayout(sidx2gmodeFull)}`,
    );
  }
  const sidx2gmode = rank(sidx2gmodeFull.shape) === 1 ? sidx2gmodeFull : take(sidx2gmodeFull, 0, smemRank);

  // tma_val_idx : gmem strides (TmaInternalType is the value type: no recast)
  const tileGstride = composition(gmem, sidx2gmode);
  // coalesce up to 256 elements (the maximum box extent)
  const tmaGstride = coalesce_256(tileGstride);

  const gbasis = make_identity_layout(gmem.shape);
  const tileGbasisTmp = composition(gbasis, sidx2gmode);
  const tileGbasis = new Layout(tileGstride.shape, tileGbasisTmp.stride);
  const tmaGbasisTile = composition(tileGbasis, make_layout(wrap(tmaGstride.shape)));

  // gmem bases the box does not walk: size-1 TMA modes so the descriptor covers the whole tensor
  const tileStrides = leaves<Idx>(tmaGbasisTile.stride);
  const gs = leaves<Int>(gmem.shape);
  const gd = leaves<Idx>(gmem.stride);
  const ge = leaves<Idx>(gbasis.stride);
  const remaining: Idx[] = [];
  gs.forEach((s, i) => {
    const d = gd[i]!;
    if (isConst(s, 1) || (d instanceof Int && isConst(d, 0))) return;
    const e = ge[i]!;
    if (tileStrides.some((tb) => staticEq(tb, e))) return;
    remaining.push(e);
  });
  const fullShape: IntTuple[] = [...wrap(tmaGbasisTile.shape), ...remaining.map(() => _1)];
  const fullStride: Idx[] = [...(wrap(tmaGbasisTile.stride as Idx | Idx[]) as Idx[]), ...remaining];
  // TMA has at most 5 dimensions: group the trailing modes
  const g = Math.min(fullShape.length, 4);
  return new Layout(group(fullShape, g, -1), group(fullStride, g, -1));
}

// ------------------------------------------------------------------------------------------
// make_tma_copy_desc

const U64 = (x: Int | IntTuple): number => {
  if (isTuple(x)) throw new CuteError("make_tma_copy", "a TMA dimension points at a nested gmem mode");
  return x.v;
};
function gcdNum(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * CuTe's fill_tma_gmem_shape_stride: each TMA dimension's extent and stride in elements. `big` holds
 * a merged dimension's extent exactly where it passes 2^53 (`shape` then holds the nearest number),
 * for the refusal to name it
 */
function fillGmemShapeStride(gmem: Layout, tmaStride: Idx[]): { shape: number[]; stride: number[]; big: (bigint | undefined)[] } {
  const shape = [1, 1, 1, 1, 1];
  const stride = [0, 0, 0, 0, 0];
  const big: (bigint | undefined)[] = [undefined, undefined, undefined, undefined, undefined];
  tmaStride.forEach((si, i) => {
    if (!Array.isArray(si)) {
      shape[i] = U64(basis_get<IntTuple>(si, gmem.shape) as IntTuple);
      stride[i] = U64(basis_get<Idx>(si, gmem.stride as any) as IntTuple);
      return;
    }
    if (si.length === 1 && !Array.isArray(si[0])) {
      shape[i] = U64(basis_get<IntTuple>(si[0]!, gmem.shape) as IntTuple);
      stride[i] = U64(basis_get<Idx>(si[0]!, gmem.stride as any) as IntTuple);
      return;
    }
    for (const ej of si) {
      const shapeJ = U64(basis_get<IntTuple>(ej, gmem.shape) as IntTuple);
      const strideJ = U64(basis_get<Idx>(ej, gmem.stride as any) as IntTuple);
      const old = stride[i]!;
      stride[i] = gcdNum(stride[i]!, strideJ);
      if (stride[i] !== 0) {
        const prev = shape[i]!;
        shape[i] = (prev - 1) * Math.trunc(old / stride[i]!) + (shapeJ - 1) * Math.trunc(strideJ / stride[i]!) + 1;
        // past 2^53 the products are not exact: again on big integers, for the refusal to name the extent exactly
        const ins = [old, stride[i]!, shapeJ, strideJ];
        if (!Number.isSafeInteger(shape[i]) && Number.isFinite(shape[i]) && ins.every((x) => Number.isSafeInteger(x)) && (big[i] !== undefined || Number.isSafeInteger(prev))) {
          const d = BigInt(stride[i]!);
          big[i] = ((big[i] ?? BigInt(prev)) - 1n) * (BigInt(old) / d) + BigInt(shapeJ - 1) * (BigInt(strideJ) / d) + 1n;
        } else big[i] = undefined;
      } else {
        shape[i] = shapeJ;
        big[i] = undefined;
      }
    }
  });
  return { shape, stride, big };
}

function makeTmaCopyDesc(
  args: TmaArgs,
  tmaGbasis: Layout,
  numMulticast: number,
  deferred: DeferredFailure[],
): { desc: TmaDescriptor; gStride: Idx } {
  const { gmem, type } = args;
  const runtime = (rule: string, ...operands: string[]): void => {
    deferred.push({ rule, operands });
  };
  const tmaStrides = wrap(tmaGbasis.stride as Idx | Idx[]) as Idx[];
  const tmaShapes = wrap(tmaGbasis.shape);
  const tmaDim = tmaStrides.length;

  const { shape: gShape, stride: gStrideEl, big: gShapeBig } = fillGmemShapeStride(gmem, tmaStrides);

  for (let i = 0; i < 5; i++) {
    const dim = String(gShapeBig[i] ?? gShape[i]);
    if (gShape[i]! < 1) runtime(`TMA globalDim[${i}] = ${dim} must be at least 1 (Size must be min 1)`);
    if (gShape[i]! > 2 ** 32) {
      runtime(`TMA globalDim[${i}] = ${dim} exceeds 2^32 elements (Size must be max 2^32)`, `gmem ${showLayout(gmem)}`);
    }
  }
  if (gStrideEl[0] !== 1) {
    runtime(
      "no stride-1 mode: TMA dimension 0 must be contiguous in gmem (its stride is implicitly one element), " +
        `but the smem layout's contiguous direction walks gmem with stride ${gStrideEl[0]} ` +
        "(Majorness of smem doesn't match majorness of gmem)",
      `gmem ${showLayout(gmem)}`,
      `smem ${showLayout(args.smem.layout)}`,
    );
  }
  const gStrideBytes = gStrideEl.map((s) => Math.trunc((s * type.bits) / 8));
  // a message prints the exact byte count, not the float product (inexact past 2^53)
  const bytesText = (i: number): string => (Number.isSafeInteger(gStrideEl[i]!) ? String((BigInt(gStrideEl[i]!) * BigInt(type.bits)) / 8n) : String(gStrideBytes[i]));
  for (let i = 1; i < 5; i++) {
    if (gStrideBytes[i]! >= 2 ** 40) runtime(`TMA globalStrides[${i - 1}] = ${bytesText(i)} bytes exceeds 2^40 (Stride must be max 2^40)`);
    if (gStrideBytes[i]! % 16 !== 0) {
      runtime(
        `global stride not a multiple of 16 bytes: TMA dimension ${i} steps ${gStrideEl[i]} elements = ${bytesText(i)} bytes ` +
          "(Stride must be multiple of 16B (128b))",
        `gmem ${showLayout(gmem)}`,
      );
    }
  }

  const box = [1, 1, 1, 1, 1];
  for (let i = 0; i < tmaDim; i++) box[i] = product(tmaShapes[i]!).v;
  for (let i = tmaDim - 1, mc = numMulticast; mc > 1; --i) {
    if (i < 0) {
      runtime(`multicast over ${numMulticast} CTAs does not divide the box (${box.slice(0, tmaDim).join(",")})`);
      break;
    }
    if (!(box[i]! % mc === 0 || mc % box[i]! === 0)) {
      runtime(
        `multicast not dividing the box: ${mc} CTAs cannot split box dimension ${i} of extent ${box[i]} ` +
          "(smem_box_shape[i] % multicast == 0 || multicast % smem_box_shape[i] == 0)",
      );
      break;
    }
    const newMult = Math.ceil(mc / box[i]!);
    box[i] = Math.ceil(box[i]! / mc);
    mc = newMult;
  }
  for (let i = 0; i < 5; i++) {
    if (box[i]! > 256) {
      runtime(
        `box dimension over 256: TMA box dimension ${i} has ${box[i]} elements (Size must be max 2^8 = 256)`,
        `smem ${showLayout(args.smem.layout)}`,
      );
    }
    if (box[i]! < 1) runtime(`TMA box dimension ${i} is empty (Size must be min 1)`);
  }

  const swizzle = cuSwizzle(tmaSwizzleBits(args.smem.swizzle), tmaSwizzleBase(args.smem.swizzle));

  const desc: TmaDescriptor = {
    format: type.format,
    dim: tmaDim,
    globalDim: gShape.slice(0, tmaDim),
    globalStrides: gStrideBytes.slice(1, tmaDim),
    boxDim: box.slice(0, tmaDim),
    elementStrides: new Array(tmaDim).fill(1),
    interleave: "CU_TENSOR_MAP_INTERLEAVE_NONE",
    swizzle,
    l2Promotion: "CU_TENSOR_MAP_L2_PROMOTION_L2_128B",
    oobFill: "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE",
  };

  // The TMA coordinate strides: gmem mode i -> E<j> scaled
  const gbasis = make_basis_like(gmem.shape);
  const mapLeaf = (ei: Idx): Idx => {
    const si = basis_get<IntTuple>(ei, gmem.shape) as IntTuple;
    const di = basis_get<Idx>(ei, gmem.stride as any) as Idx;
    if ((si instanceof Int && isConst(si, 1)) || (di instanceof Int && isConst(di, 0))) return _0;
    const j = tmaStrides.findIndex((sj) => (Array.isArray(sj) ? sj : [sj]).some((dj) => staticEq(dj, ei)));
    if (j < 0) return _0;
    if (j === 0) return new ScaledBasis(di as Int, [0]);
    if (!Array.isArray(tmaStrides[j]) || (tmaStrides[j] as Idx[]).length === 1) return basis([j]);
    const num = Math.trunc(((di as Int).v * type.bits) / Math.max(gStrideBytes[j]!, 16));
    return new ScaledBasis(D(Math.ceil(num / 8)), [j]);
  };
  const transformLeaf = (t: Idx): Idx => (Array.isArray(t) ? t.map(transformLeaf) : mapLeaf(t));
  const gStride = transformLeaf(gbasis);
  return { desc, gStride };
}

// ------------------------------------------------------------------------------------------
// make_tma_copy_atom, make_tma_copy_tiled, make_tma_copy

/**
 * A TMA op's Copy_Traits<OP, C<NumBitsPerTMA>, ...>: (thr, bit) layouts of one TMA instruction
 * (tiled and im2col alike). SM90: one thread moves the whole box, Layout<Shape<_1,NumBits>>; SM100
 * 2SM: two peer CTAs, each with the box's bits, Layout<Shape<_2,NumBits>,Stride<NumBits,_1>>.
 */
export function tmaBitTraits(name: string, thr: number, numBits: number): BitTraits {
  const bits = thr === 1 ? new Layout([_1, S(numBits)], [_0, _1]) : new Layout([S(thr), S(numBits)], [S(numBits), _1]);
  return { name, thrID: new Layout(S(thr), thr === 1 ? _0 : _1), src: bits, dst: bits, ref: bits };
}

/**
 * detail::make_tma_copy_atom: the TMA basis, the descriptor (its box cut by `numMulticast`), the
 * coordinate strides and the Copy_Atom. Run-time failures (asserts in make_tma_copy_desc) are
 * returned in `deferred`: a caller that also builds compile-time objects raises them after those.
 */
export function makeTmaCopyAtom(args: TmaArgs, numMulticast: number, ctaVMap: Layout, deferred: DeferredFailure[]): TmaAtom {
  const smem = args.smem.layout;
  // swizzle checks are compile-time in CuTe: do them first
  tmaSwizzleBits(args.smem.swizzle);
  tmaSwizzleBase(args.smem.swizzle);

  const tmaGbasis = constructTmaGbasis(args.gmem, smem, ctaVMap);
  const { desc, gStride } = makeTmaCopyDesc(args, tmaGbasis, numMulticast, deferred);

  const numElems = size(tmaGbasis);
  if (!numElems.s) fail("the TMA box size is not a compile-time constant");
  const atom = make_copy_atom_from_traits(tmaBitTraits(args.op, tmaThreads(args.op), numElems.v * args.type.bits), {
    name: args.type.name,
    bits: args.type.bits,
  });
  return { args, tmaGbasis, desc, gStride, numElems, numMulticast, atom };
}

/**
 * detail::make_tma_copy_tiled: the Copy_Atom for `cosize(ctaTMap)` multicast CTAs, tiled over the
 * CTA's smem: layout_V walks the smem vector box by box, layout_T gives each CTA (thread of the
 * TiledCopy) its slice of a box.
 */
export function makeTmaCopyTiled(args: TmaArgs, ctaTMap: Layout, ctaVMap: Layout): TmaCopy {
  const smem = args.smem.layout;
  const deferred: DeferredFailure[] = [];
  const cs = cosize(ctaTMap);
  const a = makeTmaCopyAtom(args, cs.v, ctaVMap, deferred);
  const { numElems } = a;

  const tilerMN = product_each(ctaVMap.shape);
  const invSmem = right_inverse(smem);
  const layoutV1 = composition(invSmem, numElems);
  const layoutV = tile_to_shape(concat(layoutV1), size(ctaVMap));
  let layoutT: Layout;
  try {
    const layoutT1 = make_layout(cs, safeDiv(numElems, cs));
    layoutT = composition(invSmem, composition(layoutT1, ctaTMap));
  } catch (e) {
    if (!(e instanceof CuteError) || cs.v === 1) throw e;
    return fail(
      `multicast not dividing the box: the ${numElems.v}-element box cannot be cut into ${cs.v} equal per-CTA slices ` +
        `of ${Math.trunc(numElems.v / cs.v)} elements along the smem layout (CuTe: ${e.rule})`,
      `smem ${showLayout(smem)}`,
      `cluster _${cs.v}`,
    );
  }
  const layoutTV = concat(layoutT, layoutV);
  const atomRef = new Layout([_1, numElems], [_0, _1]);
  const tiled = make_tiled_copy_impl(a.atom, layoutTV, tilerMN);

  if (deferred.length) fail(deferred[0]!.rule, ...deferred[0]!.operands);

  return { ...a, tilerMN, layoutTV, atomRef, swizzle: args.smem.swizzle, tiled };
}

/** make_tma_copy(op, gmem, smem[, cta_tiler[, cluster_size]]) */
export function makeTmaCopy(args: TmaArgs): TmaCopy {
  const cluster = args.cluster ?? _1;
  if (!cluster.s) fail("the cluster size must be a compile-time integer (write _2, not 2)");
  const ctaVMap = ctaVTile(args);
  return makeTmaCopyTiled(args, make_layout(cluster), ctaVMap);
}

/**
 * make_tma_atom(op, gmem, smem, cta_tiler[, cluster_size]): only the Copy_Atom (the descriptor's box
 * cut by size(cluster_size)), as the SM100 tutorials build it; no TiledCopy.
 */
export function makeTmaAtom(args: TmaArgs): TmaAtom {
  const cluster = args.cluster ?? _1;
  if (!cluster.s) fail("the cluster size must be a compile-time integer (write _2, not 2)");
  const deferred: DeferredFailure[] = [];
  const a = makeTmaCopyAtom(args, cluster.v, ctaVTile(args), deferred);
  if (deferred.length) fail(deferred[0]!.rule, ...deferred[0]!.operands);
  return a;
}

/** cta_v_tile = make_identity_layout(shape(gmem)).compose(cta_tiler); the tiler defaults to product_each(shape(smem)) */
function ctaVTile(args: TmaArgs): Layout {
  const ctaTiler: Tiler = args.ctaTiler ?? wrap(product_each(args.smem.layout.shape));
  if (Array.isArray(ctaTiler) && ctaTiler.length > rank(args.gmem.shape)) {
    throw new CuteError(
      "make_tma_copy",
      "static_assert(tuple_size<Tiler>::value <= Layout::rank): the CTA tile has more modes than the gmem tensor",
      [`gmem ${showLayout(args.gmem)}`, `tile ${Array.isArray(ctaTiler) ? showTiler(ctaTiler) : ""}`],
    );
  }
  return composition(make_identity_layout(args.gmem.shape), ctaTiler);
}

export function showTiler(t: Tiler): string {
  if (t instanceof Layout) return showLayout(t);
  if (t instanceof Int) return tupText(t);
  if (Array.isArray(t)) return `(${t.map(showTiler).join(",")})`;
  return "_";
}

// ------------------------------------------------------------------------------------------
// printers

/** print(tma): the TiledCopy then its Copy_Atom, as CuTe prints them */
export function printTiledCopy(t: TmaCopy): string {
  return formatTiledCopy(t.tiled);
}

/** print(tma_atom): the Copy_Atom make_tma_atom returns */
export function printTmaAtom(t: TmaAtom): string {
  return formatCopyAtom(t.atom);
}

/** the cuTensorMapEncodeTiled arguments, in the goldens' fixed text form */
export function printDesc(d: TmaDescriptor): string {
  const tup = (xs: number[]) => `(${xs.join(",")})`;
  return (
    `format         ${d.format}\n` +
    `dim            ${d.dim}\n` +
    `globalDim      ${tup(d.globalDim)}\n` +
    `globalStrides  ${tup(d.globalStrides)}\n` +
    `boxDim         ${tup(d.boxDim)}\n` +
    `elementStrides ${tup(d.elementStrides)}\n` +
    `interleave     ${d.interleave}\n` +
    `swizzle        ${d.swizzle}\n` +
    `l2Promotion    ${d.l2Promotion}\n` +
    `oobFill        ${d.oobFill}\n`
  );
}

