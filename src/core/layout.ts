/**
 * CuTe's Layout and its algebra (layout.hpp), in three parts along CuTe's own seams:
 * ./layout/basics.ts (the Layout, construction, queries, evaluation, slicing, coalesce),
 * ./layout/algebra.ts (composition, complement, inverses), ./layout/products.ts (divides,
 * products, tile_to_shape, recasts). Each operation is written as CuTe defines it;
 * static/dynamic results follow from the integer arithmetic in integer.ts.
 */
export { Layout, isLayout, make_layout, make_layout_left, make_layout_right, concat, concat2, make_ordered_layout, make_layout_like, make_basis_like, make_identity_layout, size, rank, depth, sublayout, coshape, cosize, coprofile, crd2idx, slice, dice, slice_and_offset, offsetOf, flatten, take, select, group, append, prepend, appendN, replace, zipLayouts, coalesce, coalesce_shape, filter_zeros, filter, showTup, showLayout, forEachIndex, fillIndices, compileIndexFn } from "./layout/basics.js";
export type { Tiler } from "./layout/basics.js";
export { compileLayout, type CompiledLayout } from "./layout/compiled.js";
export { composition, complement, right_inverse, left_inverse, domain_offset, nullspace } from "./layout/algebra.js";
export { logical_divide, tile_unzip, zipped_divide, tiled_divide, flat_divide, logical_product, zipped_product, tiled_product, flat_product, blocked_product, raked_product, tile_to_shape, upcast, downcast, recast_layout, recastBy, recastRatio, make_layout_tv, max_alignment, make_fragment_like, max_common_layout, max_common_vector } from "./layout/products.js";
