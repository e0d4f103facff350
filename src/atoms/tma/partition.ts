/**
 * tma_partition (copy_traits_sm90_tma.hpp, "the VectorCopy partitioner for TMA"): a CTA's view of
 * an smem tensor and a gmem (TMA coordinate) tensor, both (TMATile, Rest...), as the copies of a
 * Copy_Atom built by make_tma_atom: each tile mode becomes ((TMA,TMA_Iter)), TMA the values one
 * instruction moves along the smem's contiguous order, TMA_Iter the instructions; a multicast CTA
 * starts inside the TMA mode at its share.
 */
import { CuteError, Unsupported } from "../../core/errors.js";
import { Int, _0, _1, div, mul } from "../../core/integer.js";
import * as T from "../../core/int-tuple.js";
import { _, type Coord, type IntTuple } from "../../core/int-tuple.js";
import * as L from "../../core/layout.js";
import { Layout, type Tiler } from "../../core/layout.js";
import { ComposedLayout } from "../../core/swizzle.js";
import { get_nonswizzle_portion } from "../../core/composed.js";
import { Tensor } from "../../core/tensor.js";
import { domain_offset, withLayout } from "../../tensor/algorithms.js";
import { show } from "../../print/print.js";

const OP = "tma_partition";

/** the tensor's layout (of a composed one, its innermost layout, which a tiler composes with) */
function innerLayout(t: Tensor): Layout {
  let l: Layout | ComposedLayout = t.layout;
  while (l instanceof ComposedLayout) l = l.b as Layout | ComposedLayout;
  return l;
}

/** get_nonswizzle_portion(layout<0>(stensor)) (core/composed.ts), which here must be a plain layout */
function nonswizzleLayout(l: Layout | ComposedLayout): Layout {
  const b = get_nonswizzle_portion(l);
  if (!(b instanceof Layout)) throw new Unsupported(`${OP} of an smem tensor whose swizzle composes with another composed layout`, ` (${show(l)})`);
  return b;
}

/** layout<0>(x): mode 0, a composed layout keeping its outer function and offset */
function mode0(l: Layout | ComposedLayout): Layout | ComposedLayout {
  if (l instanceof Layout) return L.sublayout(l, [0], "layout<0>");
  if (!(l.b instanceof Layout)) return l;
  return new ComposedLayout(l.a, l.offset, L.sublayout(l.b, [0], "layout<0>"));
}

/** the rank of a tensor's layout (GLayout::rank / SLayout::rank) */
const rankOf = (t: Tensor): number => L.rank(innerLayout(t));

/**
 * tma_partition(copy_atom, cta_coord, cta_layout, stensor, gtensor) -> (gresult, sresult).
 * numValSrc is Copy_Atom::NumValSrc (size<1> of its ValLayoutSrc); cta_layout maps the CTA's
 * coordinate to its logical multicast id.
 */
export function tma_partition(numValSrc: Int, ctaCoord: IntTuple, ctaLayout: Layout, stensor: Tensor, gtensor: Tensor): [Tensor, Tensor] {
  const sSize = T.size(T.get(innerLayout(stensor).shape, 0, "size<0>"));
  const gSize = T.size(T.get(innerLayout(gtensor).shape, 0, "size<0>"));
  const operands = [show(stensor), show(gtensor)];
  if (!sSize.s || !gSize.s) throw new CuteError(OP, "CUTE_STATIC_ASSERT_V(size<0>(stensor) == size<0>(gtensor)): the TMA tile modes' sizes must be static", operands);
  if (sSize.v !== gSize.v) throw new CuteError(OP, "CUTE_STATIC_ASSERT_V(size<0>(stensor) == size<0>(gtensor))", operands);

  // smem index -> smem coordinate of the tile, then covering the whole tile
  const inv = L.right_inverse(nonswizzleLayout(mode0(stensor.layout)));
  const layoutV = L.tile_to_shape(L.make_layout([inv.shape], [inv.stride] as T.Stride), sSize);
  // the single instruction's values, then its iterations
  const tmaLayoutV = L.make_layout(numValSrc);
  const tile = L.logical_divide(layoutV, tmaLayoutV);
  const tilerOf = (t: Tensor): Tiler => T.appendN<unknown>([tile], rankOf(t), _) as Tiler;
  const profile: IntTuple = [[_1, _1]];
  const vectorize = (t: Tensor): Tensor => withLayout(t, (l) => L.coalesce(L.composition(l, tilerOf(t)), profile));
  const gtensorV = vectorize(gtensor); // ((TMA,TMA_Iter), Rest...)
  const stensorV = vectorize(stensor);

  // this CTA's start inside the TMA mode
  const id = L.crd2idx(ctaCoord, ctaLayout);
  if (!(id instanceof Int)) throw new CuteError(OP, "cta_layout(cta_coord) must be an integer (the CTA's multicast id)", [L.showLayout(ctaLayout)]);
  const multicastOffset = mul(id, div(L.size(tmaLayoutV), L.cosize(ctaLayout)));
  const multicastCoord: Coord = [[multicastOffset, _0]];
  const coordOf = (t: Tensor): Coord => T.appendN<unknown>(multicastCoord, rankOf(t), _0) as Coord;
  return [domain_offset(coordOf(gtensor), gtensorV), domain_offset(coordOf(stensor), stensorV)];
}

/** tma_partition(copy_atom, stensor, gtensor): one CTA, cta_coord Int<0>{}, cta_layout Layout<_1,_0>{} */
export const TMA_PARTITION_DEFAULTS = { ctaCoord: _0 as IntTuple, ctaLayout: new Layout(_1, _0) } as const;

/**
 * create_tma_multicast_mask<Modes...>(cta_layout_vmnk, cta_coord_vmnk) (copy_traits_sm90_tma.hpp):
 * the 16-bit mask of the cluster's CTAs a multicast TMA writes to. Each mode of `modes` is freed in
 * the coordinate (replace<Mode>(coord, _)); the layout sliced at that coordinate lists the CTAs, its
 * offset is the elected CTA the mask is shifted by. A dynamic flat rank-1 slice takes CuTe's
 * smear-by-stride path, any other the loop over the slice's CTAs.
 */
export function create_tma_multicast_mask(ctaLayout: Layout, ctaCoord: Coord, modes: readonly number[], op = "create_tma_multicast_mask"): Int {
  let coord = ctaCoord;
  for (const m of modes) coord = T.replace(coord as T.Tup<unknown>, m, _ as unknown as T.Tup<unknown>, op) as Coord;
  const [sliced, elected] = L.slice_and_offset(coord, ctaLayout);
  if (!(elected instanceof Int)) throw new CuteError(op, "the elected CTA (the slice's offset) is an integer: cta_layout's strides are integers", [show(ctaLayout)]);
  const u16 = (x: number) => x & 0xffff;
  let mask = 0;
  const shape = sliced.shape;
  const isStatic = T.isStaticTuple(shape) && T.isStaticTuple(sliced.stride as IntTuple);
  if (Array.isArray(shape) && shape.length === 0) {
    mask = 1;
  } else if (T.rank(shape) === 1 && T.depth(shape) <= 1 && !isStatic) {
    const flat = (t: unknown): Int => (Array.isArray(t) ? (t[0] as Int) : (t as Int));
    const s = flat(sliced.stride).v;
    const n = flat(shape).v;
    mask = 1;
    for (const k of [1, 2, 4, 8]) mask = u16(mask | (mask << (k * s)));
    mask &= 0xffff >>> (16 - n * s);
  } else {
    const size = T.size(shape).v;
    for (let i = 0; i < size; i++) {
      const at = L.crd2idx(new Int(i, false), sliced);
      if (!(at instanceof Int)) throw new CuteError(op, "cta_layout maps CTA coordinates to integer ranks", [show(ctaLayout)]);
      mask = u16(mask | (1 << at.v));
    }
  }
  return new Int(u16(mask << elected.v), false);
}
