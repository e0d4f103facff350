/**
 * TiledCopy: a Copy_Atom tiled over a (thread, value) -> (m, n) layout (copy_atom.hpp).
 * make_tiled_copy (thread and value layouts), make_tiled_copy_A/B/C (an MMA's operand
 * partitioning), and the partitioners built on tile2thrfrg that pictures and TMA use.
 */
import { CuteError } from "../../core/errors.js";
import { D, Int, S, _0, _1 } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { IntTuple } from "../../core/int-tuple.js";
import { type Idx, ScaledBasis } from "../../core/basis.js";
import {
  Layout,
  type Tiler,
  coalesce,
  composition,
  concat,
  filter,
  left_inverse,
  logical_divide,
  make_identity_layout,
  make_layout,
  raked_product,
  right_inverse,
  showLayout,
  size,
  slice,
  slice_and_offset,
  sublayout,
  zipLayouts,
  zipped_divide,
} from "../../core/layout.js";
import { show } from "../../print/print.js";
import { Value } from "../../core/value.js";
import { CopyAtom, formatCopyAtom, modeSize } from "./atom.js";

export class TiledCopy {
  constructor(
    readonly atom: CopyAtom,
    /** TiledLayout_TV: (tid, vid) -> coordinate in the tile (need not be 2-D) */
    readonly layoutTV: Layout,
    /** Tiler_MN: the tile the TiledCopy covers (a shape, or a tuple of layouts as TMA makes) */
    readonly tiler: Tiler,
  ) {}

  /** size<0>(TiledLayout_TV): threads */
  get tiledNumThr(): Int {
    return modeSize(this.layoutTV, 0);
  }
  /** size<1>(TiledLayout_TV): values per thread */
  get tiledNumVal(): Int {
    return modeSize(this.layoutTV, 1);
  }
}

/** `layout.with_shape(shape)`: composition(layout, make_layout(shape)) */
export function with_shape(l: Layout, shape: IntTuple): Layout {
  return composition(l, make_layout(shape));
}

/** make_tiled_copy_impl: the TiledCopy type's static assertions */
export function make_tiled_copy_impl(atom: CopyAtom, layoutTV: Layout, tiler: Tiler): TiledCopy {
  const tc = new TiledCopy(atom, layoutTV, tiler);
  const check = (tiled: Int, per: Int, what: "thrs" | "vals") => {
    const kind = what === "thrs" ? "Thr" : "Val";
    // CUTE_STATIC_ASSERT_V(TiledNum % AtomNum == Int<0>{}) is a static_assert on the type of that test
    if (!tiled.s) {
      throw new CuteError("TiledCopy", `static assertion failed: TiledNum${kind} % AtomNum${kind} == Int<0>{} must be known at compile time, and this TiledLayout_TV has a dynamic number of ${what === "thrs" ? "threads" : "values"}`, [
        `TiledLayout_TV = ${showLayout(layoutTV)}`,
      ]);
    }
    if (per.v === 0 || tiled.v % per.v !== 0) {
      throw new CuteError("TiledCopy", `TiledCopy uses too few ${what} for selected CopyAtom`, [
        `TiledNum${kind} = ${tiled.v}`,
        `AtomNum${kind} = ${per.v}`,
        `TiledLayout_TV = ${showLayout(layoutTV)}`,
      ]);
    }
  };
  check(tc.tiledNumThr, atom.atomNumThr, "thrs");
  check(tc.tiledNumVal, atom.atomNumVal, "vals");
  return tc;
}

/**
 * make_tiled_copy(atom, thr_layout, val_layout): (m,n) -> thr_idx and (m,n) -> val_idx,
 * raked together; the TV layout is the right inverse of that product.
 */
export function make_tiled_copy(atom: CopyAtom, thr: Layout, val: Layout = make_layout(_1)): TiledCopy {
  const layoutMN = raked_product(thr, val);
  const layoutTV = with_shape(right_inverse(layoutMN), [size(thr), size(val)]);
  const tiler = T.product_each(layoutMN.shape);
  return make_tiled_copy_impl(atom, layoutTV, tiler);
}

/** What make_tiled_copy_A/B/C need from a TiledMMA. */
export interface TiledMmaLike {
  get_layoutA_TV(): Layout;
  get_layoutB_TV(): Layout;
  get_layoutC_TV(): Layout;
  /** tile_size<i>(mma), i = 0 (M), 1 (N), 2 (K) */
  tile_size(i: 0 | 1 | 2): Int;
}

export function make_tiled_copy_A(atom: CopyAtom, mma: TiledMmaLike): TiledCopy {
  return make_tiled_copy_impl(atom, mma.get_layoutA_TV(), [mma.tile_size(0), mma.tile_size(2)]);
}
export function make_tiled_copy_B(atom: CopyAtom, mma: TiledMmaLike): TiledCopy {
  return make_tiled_copy_impl(atom, mma.get_layoutB_TV(), [mma.tile_size(1), mma.tile_size(2)]);
}
export function make_tiled_copy_C(atom: CopyAtom, mma: TiledMmaLike): TiledCopy {
  return make_tiled_copy_impl(atom, mma.get_layoutC_TV(), [mma.tile_size(0), mma.tile_size(1)]);
}

/** make_tiled_copy_S/D: another atom over the Src/Dst partitioning of a TiledCopy */
export function make_tiled_copy_S(atom: CopyAtom, tc: TiledCopy): TiledCopy {
  return make_tiled_copy_impl(atom, get_layoutS_TV(tc), tc.tiler);
}
export function make_tiled_copy_D(atom: CopyAtom, tc: TiledCopy): TiledCopy {
  return make_tiled_copy_impl(atom, get_layoutD_TV(tc), tc.tiler);
}

// ------------------------------------------------------------------------ partitioning

/** (src-thr, src-val) -> (ref-thr, ref-val): right_inverse(AtomLayoutRef) o AtomLayoutSrc */
export function ref2src(tc: TiledCopy): Layout {
  return composition(right_inverse(tc.atom.valLayoutRef), tc.atom.valLayoutSrc);
}
export function ref2dst(tc: TiledCopy): Layout {
  return composition(right_inverse(tc.atom.valLayoutRef), tc.atom.valLayoutDst);
}

/**
 * tile2thrfrg: a layout of shape ((TileM,TileN,...),(RestM,RestN,...)) to
 * ((thr),(val),(RestM,RestN,...)) -- CuTe returns `tv_tensor(make_coord(_,_), _)`.
 */
export function tile2thrfrg(tc: TiledCopy, tiled: Layout, ref2trg: Layout): Layout {
  // ((atom_tid,atom_val),(rest_tid,rest_val)) -> (m,n)
  const atomLayoutTV = zipped_divide(tc.layoutTV, [tc.atom.atomNumThr, tc.atom.atomNumVal]);
  // ((trg_tid,trg_val),(rest_tid,rest_val)) -> (m,n)
  const trgLayoutTV = composition(atomLayoutTV, [ref2trg, T._]);
  // ((trg_tid,rest_tid),(trg_val,rest_val)) -> (m,n)
  const zipped = zipLayouts(sublayout(trgLayoutTV, [0]), sublayout(trgLayoutTV, [1]));
  const thrval2mn = coalesce(zipped, [_1, [_1, _1]]);
  const tvTensor = composition(tiled, [thrval2mn, T._]);
  return slice([[T._, T._], T._], tvTensor);
}

/** tidfrg_S: a layout (M,N,...) to ((thr),(val),(RestM,RestN,...)) for the source side */
export function tidfrg_S(tc: TiledCopy, l: Layout): Layout {
  checkRank(tc, l, "tidfrg_S");
  return tile2thrfrg(tc, zipped_divide(l, tc.tiler), ref2src(tc));
}
export function tidfrg_D(tc: TiledCopy, l: Layout): Layout {
  checkRank(tc, l, "tidfrg_D");
  return tile2thrfrg(tc, zipped_divide(l, tc.tiler), ref2dst(tc));
}

function checkRank(tc: TiledCopy, l: Layout, op: string): void {
  if (T.rank(l.shape) < (Array.isArray(tc.tiler) ? tc.tiler.length : 1)) {
    throw new CuteError(op, "Rank of tensor to be partitioned too small.", [showLayout(l), show(tc.tiler as Value)]);
  }
}

/** shape(Tiler_MN): a layout stands for its shape, an integer or tuple for itself */
export function tiler_shape(t: Tiler): IntTuple {
  if (t instanceof Layout) return t.shape;
  if (Array.isArray(t)) return t.map(tiler_shape);
  if (t instanceof Int) return t;
  throw new CuteError("shape", "a tiler with `_` has no shape");
}

/** get_layoutS_TV: (thr_idx, val_idx) -> (m, n) of the source partitioning */
export function get_layoutS_TV(tc: TiledCopy): Layout {
  return layoutTVOf(tc, ref2src(tc));
}
export function get_layoutD_TV(tc: TiledCopy): Layout {
  return layoutTVOf(tc, ref2dst(tc));
}
function layoutTVOf(tc: TiledCopy, ref2trg: Layout): Layout {
  // (M,N) -> (M,N), with a trivial rest mode
  const ref = make_layout([tiler_shape(tc.tiler), S(1)]);
  return slice([T._, T._, _0], tile2thrfrg(tc, ref, ref2trg));
}

/** get_layoutS_MN: ((m, n) -> (thr_idx, val_idx) flattened, thr id -> thr_idx) */
export function get_layoutS_MN(tc: TiledCopy): [Layout, Layout] {
  return layoutMNOf(tc, get_layoutS_TV(tc));
}
export function get_layoutD_MN(tc: TiledCopy): [Layout, Layout] {
  return layoutMNOf(tc, get_layoutD_TV(tc));
}
function layoutMNOf(tc: TiledCopy, layoutTV: Layout): [Layout, Layout] {
  const mk = with_shape(right_inverse(layoutTV), tiler_shape(tc.tiler));
  return [mk, make_layout(tc.tiledNumThr)];
}

/**
 * print(TiledCopy): CuTe prints `typename Copy::Tiler_MN{}` and `TiledLayout_TV{}`, objects
 * default-constructed from the types, so every dynamic integer in them prints as 0
 */
export function formatTiledCopy(tc: TiledCopy): string {
  return (
    "TiledCopy\n" +
    `  Tiler_MN:       ${show(defaultConstructed(tc.tiler as Value))}\n` +
    `  TiledLayout_TV: ${show(defaultConstructed(tc.layoutTV))}\n` +
    formatCopyAtom(tc.atom)
  );
}

/** the value a default-constructed object of this value's type holds: dynamic integers are 0 */
function defaultConstructed(v: Value): Value {
  if (v instanceof Int) return v.s ? v : D(0);
  if (v instanceof Layout) return new Layout(defaultConstructed(v.shape) as IntTuple, defaultConstructed(v.stride as Value) as Layout["stride"]);
  if (v instanceof ScaledBasis) return new ScaledBasis(defaultConstructed(v.value) as Int, v.modes);
  if (Array.isArray(v)) return v.map((x) => defaultConstructed(x as Value)) as Value;
  return v;
}

/**
 * The tile shape print_latex draws: product_each(shape(logical_divide(_1:_0 by mode, Tiler_MN))).
 */
export function tile_shape_mn(tc: TiledCopy): IntTuple {
  const unit = make_layout([S(1), S(1)]);
  return T.product_each(logical_divide(unit, tc.tiler).shape);
}

/**
 * (thr_idx, val_idx) -> (m, n) coordinate layouts of the source and destination partitioning,
 * as print_latex(TiledCopy) takes them: tidfrg_S/D of the identity layout over the tile, rest 0.
 * The identity tensor's iterator is ArithTuple(_0,_0); only the layout is returned here.
 */
export function layoutS_TV_coords(tc: TiledCopy): Layout {
  return slice([T._, T._, _0], tidfrg_S(tc, make_identity_layout(tile_shape_mn(tc))));
}
export function layoutD_TV_coords(tc: TiledCopy): Layout {
  return slice([T._, T._, _0], tidfrg_D(tc, make_identity_layout(tile_shape_mn(tc))));
}

// ------------------------------------------------------------------------ by-mode tilers

/**
 * The "awkward by-mode tiler" CuTe builds from a (tid,vid) -> flat index layout over a
 * shape: per mode, the filtered part of the TV layout that moves along that mode; then the
 * TV layout re-expressed over that tiler.
 */
function byModeTiler(flatShape: Int[], layoutTVData: Layout): [Layout, Tiler] {
  const zeros = flatShape.map(() => _0);
  const tiler: Layout[] = flatShape.map((_s, i) =>
    filter(composition(make_layout(flatShape, T.replace(zeros, i, _1) as Int[]), layoutTVData)),
  );
  // tile_coord -> data_coord, then (tid,vid) -> tile_coord
  const tile2data = composition(make_layout(flatShape), tiler);
  return [composition(left_inverse(tile2data), layoutTVData), tiler];
}

/**
 * make_cotiled_copy(atom, atom_tv_layout, data_layout): a TiledCopy from (thr,val) -> data
 * address and coordinate -> data address; the addresses must exist in the data layout.
 */
export function make_cotiled_copy(atom: CopyAtom, atomTVLayout: Layout, dataLayout: Layout): TiledCopy {
  const invData = concat(left_inverse(dataLayout), new Layout(_1, _0));
  const layoutTVData = composition(invData, atomTVLayout);
  const lhs = coalesce(composition(dataLayout, sublayout(layoutTVData, [1])));
  const rhs = coalesce(sublayout(atomTVLayout, [1]));
  if (show(lhs) !== show(rhs)) {
    throw new CuteError("make_cotiled_copy", "The memory pointed to by AtomTVLayout does not exist in the DataLayout.", [
      showLayout(atomTVLayout),
      showLayout(dataLayout),
    ]);
  }
  const flat = T.wrap(T.product_each(dataLayout.shape)) as Int[];
  const [layoutTV, tiler] = byModeTiler(flat, layoutTVData);
  return make_tiled_copy_impl(atom, layoutTV, tiler);
}

/**
 * make_tiled_copy_C_atom(atom, mma): the smallest TiledCopy that retiles the MMA's C
 * partitioning, keeping only as many values per thread as one copy atom takes.
 */
export function make_tiled_copy_C_atom(atom: CopyAtom, mma: TiledMmaLike): TiledCopy {
  const layoutC_TV = mma.get_layoutC_TV();
  const copyV = atom.numValSrc;
  if (copyV.v > modeSize(layoutC_TV, 1).v) {
    throw new CuteError("make_tiled_copy_C_atom", "copy_V <= size<1>(layoutC_TV)", [`${copyV.v}`, showLayout(layoutC_TV)]);
  }
  const layoutTV = composition(layoutC_TV, make_layout([modeSize(layoutC_TV, 0), copyV]));
  const [tv, tiler] = byModeTiler([mma.tile_size(0), mma.tile_size(1)], layoutTV);
  return make_tiled_copy_impl(atom, tv, tiler);
}

// ------------------------------------------------------------------------ ThrCopy

/**
 * ThrCopy::partition_S / partition_D on a layout: tidfrg_S/D(l)(thr_idx, _, repeat<R>(_)),
 * returned as the thread's (CPY, CPY_M, CPY_N, ...) layout and its offset (add it to a
 * tensor's iterator).
 */
export function partition_S(tc: TiledCopy, thrIdx: Int, l: Layout): [Layout, Idx] {
  return thrSlice(tidfrg_S(tc, l), thrIdx, l);
}
export function partition_D(tc: TiledCopy, thrIdx: Int, l: Layout): [Layout, Idx] {
  return thrSlice(tidfrg_D(tc, l), thrIdx, l);
}
function thrSlice(tv: Layout, thrIdx: Int, l: Layout): [Layout, Idx] {
  const r = T.rank(l.shape);
  const rest: T.Coord = r === 1 ? T._ : Array.from({ length: r }, () => T._);
  return slice_and_offset([thrIdx, T._, rest], tv);
}
