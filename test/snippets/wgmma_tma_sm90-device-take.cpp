// examples/cute/tutorial/hopper/wgmma_tma_sm90.cu, gemm_device (lines ~90-150): TMA tensors, tma_partition, block (1,2), thread 0 -- one stage written take<0,2>(...), as cute-ts asks
using TA = cute::half_t;
using SmemLayoutA = decltype(tile_to_shape(GMMA::Layout_K_SW128_Atom<TA>{}, make_shape(Int<128>{}, Int<64>{}, Int<3>{})));
auto shape_MNK = make_shape(5120, 5120, 4096);
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<64>{});
auto dC = make_stride(Int<1>{}, 5120);
Tensor gmA = make_tensor((TA*)0x10000, make_shape(5120, 4096), make_stride(4096, Int<1>{}));
Copy_Atom tma_a = make_tma_atom(SM90_TMA_LOAD{}, gmA, take<0,2>(SmemLayoutA{}), make_shape(Int<128>{}, Int<64>{}));
TiledMMA mma = make_tiled_mma(SM90_64x64x16_F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>{});
auto [M, N, K] = shape_MNK;
Tensor mA = tma_a.get_tma_tensor(make_shape(M,K));                   // (M,K) TMA Tensor
Tensor mC = make_tensor(make_gmem_ptr((TA*)0x30000), make_shape(M,N), dC);      // (M,N)
auto cta_coord = make_coord(1, 2, _);
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
Tensor sA = make_tensor(make_smem_ptr((TA*)0x400), SmemLayoutA{}); // (BLK_M,BLK_K,PIPE)
auto [tAgA, tAsA] = tma_partition(tma_a, Int<0>{}, Layout<_1>{},
                                  group_modes<0,2>(sA), group_modes<0,2>(gA));  // (TMA,k) and (TMA,PIPE)
auto K_PIPE_MAX = size<1>(tAsA);
int k_tile_count = size<1>(tAgA);
ThrMMA thr_mma = mma.get_thread_slice(0);
Tensor tCsA = thr_mma.partition_A(sA);                               // (MMA,MMA_M,MMA_K,PIPE)
Tensor tCgC = thr_mma.partition_C(gC);                               // (MMA,MMA_M,MMA_N)
Tensor tCrA = thr_mma.make_fragment_A(tCsA);                         // (MMA,MMA_M,MMA_K,PIPE)
print("  mA : "); print(mA); print("\n");
print("  gA : "); print(gA); print("\n");
print("tAgA : "); print(tAgA); print("\n");
print("tAsA : "); print(tAsA); print("\n");
print(K_PIPE_MAX); print(" "); print(k_tile_count); print("\n");
print("tCsA : "); print(tCsA); print("\n");
print("tCgC : "); print(tCgC); print("\n");
print("tCrA : "); print(tCrA); print("\n");
