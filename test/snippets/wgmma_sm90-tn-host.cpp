// examples/cute/tutorial/hopper/wgmma_sm90.cu, gemm_tn (lines ~420-445): K-major SW128 smem, k-major copies
using TA = cute::half_t;
using TB = cute::half_t;
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int< 64>{};
auto bP = Int<3>{};  // Pipeline
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                  Layout<Shape<_16,_8>,Stride<_8,_1>>{}, // Thr layout 16x8 k-major
                                  Layout<Shape< _1,_8>>{});              // Val layout  1x8
TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
print(sA); print("\n");
print(cosize(sA)); print("\n");
print(copyA);
print(tiled_mma);
