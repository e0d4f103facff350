// examples/cute/tutorial/hopper/wgmma_tma_sm90.cu, gemm_tn (lines ~440-470): TMA atoms over the gmem tensors
using TA = cute::half_t;
using TB = cute::half_t;
int m = 5120; int n = 5120; int k = 4096;
int ldA = k; int ldB = k;
auto M = int(m);
auto N = int(n);
auto K = int(k);
auto dA = make_stride(ldA, Int<1>{});                      // (dM, dK)
auto dB = make_stride(ldB, Int<1>{});                      // (dN, dK)
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int< 64>{};
auto bP = Int<3>{};  // Pipeline
auto sA = tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(bM,bK,bP));
auto sB = tile_to_shape(GMMA::Layout_K_SW128_Atom<TB>{}, make_shape(bN,bK,bP));
TiledMMA tiled_mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
Tensor mA = make_tensor((TA*)0x10000, make_shape(M,K), dA);
Tensor mB = make_tensor((TB*)0x20000, make_shape(N,K), dB);
Copy_Atom tmaA = make_tma_atom(SM90_TMA_LOAD{}, mA, sA(_,_,0), make_shape(bM,bK));
Copy_Atom tmaB = make_tma_atom(SM90_TMA_LOAD{}, mB, sB(_,_,0), make_shape(bN,bK));
print(tmaA);
print(tmaB);
print(size(tiled_mma)); print("\n");
