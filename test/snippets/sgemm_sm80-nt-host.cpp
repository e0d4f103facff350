// examples/cute/tutorial/sgemm_sm80.cu, gemm_nt (float): 3-stage smem layouts, cp.async copies (lines ~370-410)
using TA = float;
using TB = float;
using TC = float;
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)
auto bP = Int<3>{};  // Pipeline
auto sA = make_layout(make_shape(bM, bK, bP));             // (m,k,p) -> smem_idx; m-major
auto sB = make_layout(make_shape(bN, bK, bP));             // (n,k,p) -> smem_idx; n-major
auto sC = make_layout(make_shape(bM, bN));                 // (m,n) -> smem_idx; m-major
TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                  Layout<Shape<_32,_8>>{}, // Thr layout 32x8 m-major
                                  Layout<Shape< _4,_1>>{});// Val layout  4x1 m-major
TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{},
                               Layout<Shape<_16,_16,_1>>{});  // 16x16x1 TiledMMA
print(sA); print("\n"); print(sB); print("\n");
print(copyA);
print(mmaC);
