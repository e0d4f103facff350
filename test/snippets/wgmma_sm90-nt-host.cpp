// examples/cute/tutorial/hopper/wgmma_sm90.cu, gemm_nt (lines ~330-375): MN-major SW128 smem, cp.async copies, a 64x64x16 GMMA
using TA = cute::half_t;
using TB = cute::half_t;
int m = 5120; int n = 5120;
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int< 64>{};
auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)
auto bP = Int<3>{};  // Pipeline
auto sA = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
auto sB = tile_to_shape(GMMA::Layout_MN_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                  Layout<Shape<_16,_8>>{}, // Thr layout 32x4 m-major
                                  Layout<Shape< _8,_1>>{});// Val layout  8x1 m-major
TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::MN>{});
print(sA); print("\n");
print(sB); print("\n");
print(copyA);
print(tiled_mma);
print(size(tiled_mma)); print("\n");
print(round_up(size(ceil_div(m, bM)), 1)); print("\n");
