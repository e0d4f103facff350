// examples/cute/tutorial/sgemm_1.cu, gemm_device (lines ~100-150), gemm_nt's arguments, block (2,3), thread 0's prints (#if 0 blocks)
using TA = float;
auto shape_MNK = make_shape(5120, 5120, 4096);
auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
auto dA = make_stride(Int<1>{}, 5120);
auto dB = make_stride(Int<1>{}, 5120);
auto dC = make_stride(Int<1>{}, 5120);
auto sA_layout = make_layout(make_shape(Int<128>{}, Int<8>{}));
auto sB_layout = make_layout(make_shape(Int<128>{}, Int<8>{}));
auto tA = make_layout(make_shape(Int<32>{}, Int< 8>{}));
auto tB = make_layout(make_shape(Int<32>{}, Int< 8>{}));
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));
Tensor mA = make_tensor(make_gmem_ptr((TA*)0x10000), select<0,2>(shape_MNK), dA); // (M,K)
Tensor mB = make_tensor(make_gmem_ptr((TA*)0x20000), select<1,2>(shape_MNK), dB); // (N,K)
Tensor mC = make_tensor(make_gmem_ptr((TA*)0x30000), select<0,1>(shape_MNK), dC); // (M,N)
auto cta_coord = make_coord(2, 3, _);                                // (m,n,k)
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
Tensor sA = make_tensor(make_smem_ptr((TA*)0x400), sA_layout);       // (BLK_M,BLK_K)
Tensor sB = make_tensor(make_smem_ptr((TA*)0x1400), sB_layout);      // (BLK_N,BLK_K)
Tensor tAgA = local_partition(gA, tA, 0);                  // (THR_M,THR_K,k)
Tensor tAsA = local_partition(sA, tA, 0);                  // (THR_M,THR_K)
Tensor tBgB = local_partition(gB, tB, 0);                  // (THR_N,THR_K,k)
Tensor tBsB = local_partition(sB, tB, 0);                  // (THR_N,THR_K)
CUTE_STATIC_ASSERT_V(size<0>(tAgA) == size<0>(tAsA));                // THR_M
CUTE_STATIC_ASSERT_V(size<1>(tAgA) == size<1>(tAsA));                // THR_K
Tensor tCsA = local_partition(sA, tC, 0, Step<_1, X>{});   // (THR_M,BLK_K)
Tensor tCsB = local_partition(sB, tC, 0, Step< X,_1>{});   // (THR_N,BLK_K)
Tensor tCgC = local_partition(gC, tC, 0, Step<_1,_1>{});   // (THR_M,THR_N)
Tensor tCrC = make_tensor_like(tCgC);                      // (THR_M,THR_N)
CUTE_STATIC_ASSERT_V(size<0>(tCrC) == size<0>(tCgC));                // THR_M
CUTE_STATIC_ASSERT_V(size<1>(tCsA) == size<1>(tCsB));                // BLK_K
print("  mA : "); print(  mA); print("\n");
print("  gA : "); print(  gA); print("\n");
print("  sA : "); print(  sA); print("\n");
print("tAgA : "); print(tAgA); print("\n");
print("tAsA : "); print(tAsA); print("\n");
print("  gB : "); print(  gB); print("\n");
print("tBgB : "); print(tBgB); print("\n");
print("  gC : "); print(  gC); print("\n");
print("tCsA : "); print(tCsA); print("\n");
print("tCsB : "); print(tCsB); print("\n");
print("tCgC : "); print(tCgC); print("\n");
print("tCrC : "); print(tCrC.layout()); print("\n");
auto K_TILE_MAX = size<2>(tAgA);
print(K_TILE_MAX); print("\n");
