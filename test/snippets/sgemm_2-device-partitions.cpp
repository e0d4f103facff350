// examples/cute/tutorial/sgemm_2.cu, gemm_device (lines ~100-150): TiledCopy/TiledMMA partitions of thread 0, block (2,3), NT arguments
using TA = float;
auto shape_MNK = make_shape(5120, 5120, 4096);
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
Tensor mA = make_tensor(make_gmem_ptr((TA*)0x10000), select<0,2>(shape_MNK), make_stride(Int<1>{}, 5120));
Tensor mB = make_tensor(make_gmem_ptr((TA*)0x20000), select<1,2>(shape_MNK), make_stride(Int<1>{}, 5120));
Tensor mC = make_tensor(make_gmem_ptr((TA*)0x30000), select<0,1>(shape_MNK), make_stride(Int<1>{}, 5120));
auto cta_coord = make_coord(2, 3, _);
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
Tensor sA = make_tensor(make_smem_ptr((TA*)0x0), make_layout(make_shape(Int<128>{}, Int<8>{})));
Tensor sB = make_tensor(make_smem_ptr((TA*)0x1000), make_layout(make_shape(Int<128>{}, Int<8>{})));
TiledCopy copy_a = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, TA>{}, Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});
TiledMMA mma = make_tiled_mma(UniversalFMA<TA,TA,TA>{}, Layout<Shape<_16,_16,_1>>{});
ThrCopy thr_copy_a = copy_a.get_slice(0);
Tensor tAgA = thr_copy_a.partition_S(gA);                            // (CPY,CPY_M,CPY_K,k)
Tensor tAsA = thr_copy_a.partition_D(sA);                            // (CPY,CPY_M,CPY_K)
Tensor tArA = make_fragment_like(tAsA);                              // (CPY,CPY_M,CPY_K)
CUTE_STATIC_ASSERT_V(size<1>(tAgA) == size<1>(tAsA));                // CPY_M
CUTE_STATIC_ASSERT_V(size<1>(tAgA) == size<1>(tArA));                // CPY_M
CUTE_STATIC_ASSERT_V(size<2>(tAgA) == size<2>(tAsA));                // CPY_K
ThrMMA thr_mma = mma.get_slice(0);
Tensor tCsA = thr_mma.partition_A(sA);                               // (MMA,MMA_M,MMA_K)
Tensor tCsB = thr_mma.partition_B(sB);                               // (MMA,MMA_N,MMA_K)
Tensor tCgC = thr_mma.partition_C(gC);                               // (MMA,MMA_M,MMA_N)
Tensor tCrC = thr_mma.make_fragment_C(tCgC);                         // (MMA,MMA_M,MMA_N)
CUTE_STATIC_ASSERT_V(  shape(tCrC) ==   shape(tCgC));                // (MMA,MMA_M,MMA_N)
CUTE_STATIC_ASSERT_V(size<1>(tCgC) == size<1>(tCsA));                // MMA_M
CUTE_STATIC_ASSERT_V(size<2>(tCgC) == size<1>(tCsB));                // MMA_N
CUTE_STATIC_ASSERT_V(size<2>(tCsA) == size<2>(tCsB));                // MMA_K
print("tAgA : "); print(tAgA); print("\n");
print("tAsA : "); print(tAsA); print("\n");
print("tArA : "); print(tArA.layout()); print("\n");
print("tCsA : "); print(tCsA); print("\n");
print("tCsB : "); print(tCsB); print("\n");
print("tCgC : "); print(tCgC); print("\n");
print("tCrC : "); print(tCrC.layout()); print("\n");
auto K_TILE_MAX = size<3>(tAgA);
print(K_TILE_MAX); print("\n");
