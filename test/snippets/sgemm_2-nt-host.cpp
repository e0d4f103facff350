// examples/cute/tutorial/sgemm_2.cu, gemm_nt (lines ~260-300): the TiledCopy and TiledMMA of the NT GEMM, printed (the #if 0 block)
using TA = float;
using TB = float;
using TC = float;
TiledCopy copyA = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{},
                                  Layout<Shape<_32,_8>>{},  // Thr layout 32x8 m-major
                                  Layout<Shape< _4,_1>>{}); // Val layout  4x1 m-major
TiledCopy copyB = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TB>{},
                                  Layout<Shape<_32,_8>>{},  // Thr layout 32x8 n-major
                                  Layout<Shape< _4,_1>>{}); // Val layout  4x1 n-major
TiledMMA mmaC = make_tiled_mma(UniversalFMA<TC,TA,TB>{},
                               Layout<Shape<_16,_16,_1>>{});  // 16x16x1 UniversalFMA
print(copyA);
print(copyB);
print(mmaC);
print(size(mmaC)); print("\n");
