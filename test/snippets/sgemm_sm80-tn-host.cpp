// examples/cute/tutorial/sgemm_sm80.cu, gemm_tn (float): padded atoms tiled over the pipeline (lines ~440-470)
using TA = float;
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto bP = Int<3>{};  // Pipeline
auto sA_atom = make_layout(make_shape (      bM,          bK),
                           make_stride(Int<1>{}, bM+Int<1>{}));   // (m,k) -> smem_idx; padded m-major
auto sB_atom = make_layout(make_shape (      bN,          bK),
                           make_stride(Int<1>{}, bN+Int<1>{}));   // (n,k) -> smem_idx; padded n-major
auto sA = tile_to_shape(sA_atom, make_shape(bM, bK, bP));
auto sB = tile_to_shape(sA_atom, make_shape(bN, bK, bP));
TiledCopy copyA = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<TA>, TA>{},
                                  Layout<Shape<_32,_8>,Stride<_8,_1>>{}, // Thr layout 32x8 k-major
                                  Layout<Shape< _1,_1>>{});              // Val layout  1x1
print(sA_atom); print("\n");
print(sA); print("\n");
print(sB); print("\n");
print(cosize(sA)); print("\n");
print(copyA);
