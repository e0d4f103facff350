/** The options that describe a make_tma_copy call, shared by `tma` and `tma-coords`. */
import type { OptionSpec } from "../spec.js";

export const TMA_OPTIONS: OptionSpec[] = [
    {
      name: "op",
      value: "OP",
      description:
        "SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST, SM90_TMA_STORE, SM90_TMA_REDUCE_ADD, SM100_TMA_2SM_LOAD or SM100_TMA_2SM_LOAD_MULTICAST; im2col: SM90_TMA_LOAD_IM2COL[_MULTICAST], SM90_TMA_STORE_IM2COL, SM100_TMA_2SM_LOAD_IM2COL[_MULTICAST]",
    },
    { name: "type", value: "T", description: "element type as C++ spells it: float, half_t, bfloat16_t, double, int8_t, uint8_t, ..." },
    { name: "gmem", value: "LAYOUT", description: "the global-memory tensor's layout, e.g. (1024,1024):(1024,_1)" },
    { name: "smem", value: "LAYOUT", description: "the shared-memory layout, plain or swizzled: Sw<3,4,3> o smem_ptr[16b](unset) o L" },
    { name: "cta-tiler", value: "TILER", description: "explicit CTA tiler (make_tma_copy(op, gmem, smem, tiler, cluster))" },
    { name: "cluster", value: "_N", description: "cluster size: the number of CTAs a multicast load is split over" },
    { name: "arch", value: "sm90|sm100", description: "the hardware whose rules the stderr warnings check (default sm90; see verify tma)" },
];
