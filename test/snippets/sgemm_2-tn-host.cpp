// examples/cute/tutorial/sgemm_2.cu, gemm_tn (lines ~320-360): padded smem layouts, k-major 1x1 copies
using TA = float;
using TB = float;
using TC = float;
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto sA = make_layout(make_shape (      bM,          bK),
                      make_stride(Int<1>{}, bM+Int<1>{}));        // (m,k) -> smem_idx; padded m-major
auto sB = make_layout(make_shape (      bN,          bK),
                      make_stride(Int<1>{}, bN+Int<1>{}));        // (n,k) -> smem_idx; padded n-major
TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<TA>, TA>{},
                                  Layout<Shape<_32,_8>,Stride<_8,_1>>{}, // Thr layout 32x8 k-major
                                  Layout<Shape< _1,_1>>{});              // Val layout  1x1
TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{},
                               Layout<Shape<_16,_16,_1>>{});
print(sA); print("\n"); print(sB); print("\n");
print(cosize(sA)); print("\n");
print(copyA);
print(mmaC);
