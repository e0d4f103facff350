// examples/cute/tutorial/hopper/wgmma_tma_sm90.cu, gemm_nt/gemm_tn (line ~370): one pipeline stage of a flagged swizzled smem layout, sA(_,_,0)
using TA = cute::half_t;
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(Int<128>{}, Int<64>{}, Int<3>{}));
print(sA(_,_,0)); print("\n");
