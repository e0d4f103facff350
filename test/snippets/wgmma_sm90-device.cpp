// examples/cute/tutorial/hopper/wgmma_sm90.cu, gemm_device (lines ~95-160): thread 0 of block (1,2), TN half arguments
using TA = cute::half_t;
using ASmemLayout = decltype(tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(Int<128>{}, Int<64>{}, Int<3>{})));
using BSmemLayout = decltype(tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(Int<128>{}, Int<64>{}, Int<3>{})));
auto shape_MNK = make_shape(5120, 5120, 4096);
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<64>{});
auto dA = make_stride(4096, Int<1>{});
auto dB = make_stride(4096, Int<1>{});
auto dC = make_stride(Int<1>{}, 5120);
static_assert(is_static<ASmemLayout>::value);
static_assert(is_static<BSmemLayout>::value);
CUTE_STATIC_ASSERT_V(size<0>(ASmemLayout{}) == size<0>(cta_tiler));  // BLK_M
CUTE_STATIC_ASSERT_V(size<1>(ASmemLayout{}) == size<2>(cta_tiler));  // BLK_K
CUTE_STATIC_ASSERT_V(congruent(select<0,2>(shape_MNK), dA));         // dA strides for shape MK
TiledCopy copy_a = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{},
                                   Layout<Shape<_16,_8>,Stride<_8,_1>>{}, Layout<Shape< _1,_8>>{});
TiledMMA mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
CUTE_STATIC_ASSERT_V(size(copy_a) == size(mma));                     // NumThreads
Tensor mA = make_tensor(make_gmem_ptr((TA*)0x10000), select<0,2>(shape_MNK), dA); // (M,K)
Tensor mC = make_tensor(make_gmem_ptr((TA*)0x30000), select<0,1>(shape_MNK), dC); // (M,N)
auto cta_coord = make_coord(1, 2, _);
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
Tensor sA = make_tensor(make_smem_ptr((TA*)0x400), ASmemLayout{});   // (BLK_M,BLK_K,PIPE)
ThrCopy thr_copy_a = copy_a.get_slice(0);
Tensor tAgA = thr_copy_a.partition_S(gA);                            // (CPY,CPY_M,CPY_K,k)
Tensor sA_ = as_position_independent_swizzle_tensor(sA);
Tensor tAsA = thr_copy_a.partition_D(sA_);                           // (CPY,CPY_M,CPY_K,PIPE)
CUTE_STATIC_ASSERT_V(size<1>(tAgA) == size<1>(tAsA));                // CPY_M
ThrMMA thr_mma = mma.get_slice(0);
Tensor tCsA = thr_mma.partition_A(sA);                               // (MMA,MMA_M,MMA_K,PIPE)
Tensor tCgC = thr_mma.partition_C(gC);                               // (MMA,MMA_M,MMA_N)
Tensor tCrA = thr_mma.make_fragment_A(tCsA);                         // (MMA,MMA_M,MMA_K,PIPE)
Tensor tCrC = thr_mma.make_fragment_C(tCgC);                         // (MMA,MMA_M,MMA_N)
CUTE_STATIC_ASSERT_V((size<1>(tCgC) == size<1>(tCsA)));              // MMA_M
auto K_TILE_MAX  = size<3>(tAgA);
auto K_PIPE_MAX  = size<3>(tAsA);
int k_pipe_write = K_PIPE_MAX-1;
print("  gA : "); print(  gA); print("\n");
print("  sA : "); print(  sA); print("\n");
print("tAgA : "); print(tAgA); print("\n");
print("tAsA : "); print(tAsA); print("\n");
print("tCsA : "); print(tCsA); print("\n");
print("tCgC : "); print(tCgC); print("\n");
print("tCrA : "); print(tCrA); print("\n");
print("tCrC : "); print(tCrC.layout()); print("\n");
print(K_TILE_MAX); print(" "); print(K_PIPE_MAX); print(" "); print(k_pipe_write); print("\n");
