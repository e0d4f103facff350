// examples/cute/tutorial/sgemm_sm80.cu, gemm_device (lines ~100-200): pipe-mode partitions of thread 0, block (2,3), NT float arguments
using TA = float;
auto shape_MNK = make_shape(5120, 5120, 4096);
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
Tensor mA = make_tensor(make_gmem_ptr((TA*)0x10000), select<0,2>(shape_MNK), make_stride(Int<1>{}, 5120));
Tensor mC = make_tensor(make_gmem_ptr((TA*)0x30000), select<0,1>(shape_MNK), make_stride(Int<1>{}, 5120));
auto cta_coord = make_coord(2, 3, _);
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
Tensor sA = make_tensor(make_smem_ptr((TA*)0x0), make_layout(make_shape(Int<128>{}, Int<8>{}, Int<3>{})));  // (BLK_M,BLK_K,PIPE)
TiledCopy copy_a = make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, TA>{}, Layout<Shape<_32,_8>>{}, Layout<Shape< _4,_1>>{});
TiledMMA mma = make_tiled_mma(UniversalFMA<TA,TA,TA>{}, Layout<Shape<_16,_16,_1>>{});
ThrCopy thr_copy_a = copy_a.get_slice(0);
Tensor tAgA = thr_copy_a.partition_S(gA);                            // (CPY,CPY_M,CPY_K,k)
Tensor tAsA = thr_copy_a.partition_D(sA);                            // (CPY,CPY_M,CPY_K,PIPE)
auto K_PIPE_MAX = size<3>(tAsA);
int k_tile_count = size<3>(tAgA);
int k_tile_next = 0;
ThrMMA thr_mma = mma.get_slice(0);
Tensor tCsA = thr_mma.partition_A(sA);                               // (MMA,MMA_M,MMA_K,PIPE)
Tensor tCgC = thr_mma.partition_C(gC);                               // (MMA,MMA_M,MMA_N)
Tensor tCrA = thr_mma.make_fragment_A(tCsA(_,_,_,0));                // (MMA,MMA_M,MMA_K)
Tensor tCrC = thr_mma.make_fragment_C(tCgC);                         // (MMA,MMA_M,MMA_N)
CUTE_STATIC_ASSERT_V(  shape(tCrA) ==   shape(tCsA(_,_,_,0)));
int smem_pipe_read  = 0;
int smem_pipe_write = K_PIPE_MAX-1;
Tensor tCsA_p = tCsA(_,_,_,smem_pipe_read);
auto K_BLOCK_MAX = size<2>(tCrA);
auto k_block_next = (0 + Int<1>{}) % K_BLOCK_MAX;
print(K_PIPE_MAX); print(" "); print(k_tile_count); print(" "); print(smem_pipe_write); print(" "); print(K_BLOCK_MAX); print(" "); print(k_block_next); print("\n");
print("tAgA : "); print(tAgA); print("\n");
print("tAsA : "); print(tAsA); print("\n");
print("tCsA : "); print(tCsA); print("\n");
print("tCrA : "); print(tCrA.layout()); print("\n");
print("tCsA_p : "); print(tCsA_p(_,_,Int<0>{})); print("\n");
print("tAgA(_,_,_,k_tile_next) : "); print(tAgA(_,_,_,k_tile_next)); print("\n");
