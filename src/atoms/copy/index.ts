/** Copy atoms and tiled copies (CuTe's copy_atom.hpp / copy_traits*.hpp) as a library. */
export { copyTraits, copyOpNames, splitTemplate, type CopyTraits } from "./catalog.js";
export { parseValueType, findValueType, valueTypeNames, type ValueType } from "../../core/value-types.js";
export {
  CopyAtom,
  make_copy_atom,
  make_copy_atom_from_traits,
  bitTraits,
  formatCopyAtom,
  type BitTraits,
} from "./atom.js";
export {
  TiledCopy,
  make_tiled_copy,
  make_tiled_copy_impl,
  make_tiled_copy_A,
  make_tiled_copy_B,
  make_tiled_copy_C,
  make_tiled_copy_S,
  make_tiled_copy_D,
  make_cotiled_copy,
  make_tiled_copy_C_atom,
  tile2thrfrg,
  tidfrg_S,
  tidfrg_D,
  partition_S,
  partition_D,
  ref2src,
  ref2dst,
  get_layoutS_TV,
  get_layoutD_TV,
  get_layoutS_MN,
  get_layoutD_MN,
  with_shape,
  tiler_shape,
  tile_shape_mn,
  layoutS_TV_coords,
  layoutD_TV_coords,
  formatTiledCopy,
  type TiledMmaLike,
} from "./tiled.js";
export { layoutArg, parseOperand, make_tiled_copy_for_mma } from "./args.js";
