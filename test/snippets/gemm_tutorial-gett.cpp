// media/docs/cpp/cute/0x_gemm_tutorial.md, "GETT as GEMM": gett's launcher values (two m-modes, m0-major A and C) with sgemm_1.cu's gemm_device tiles and partitions, block (3,1), thread 37
using TA = float;
int m0 = 256;
int m1 = 6;
int n = 512;
int k = 64;
int ldAm1 = 256;
int ldAk = 256 * 6;
int ldB = 512;
int ldCm1 = 256;
int ldCn = 256 * 6;
auto M = make_shape(m0, m1);                               // (m0,m1)-multimode M
auto N = int(n);
auto K = int(k);
auto prob_shape = make_shape(M, N, K);                     // (M, N, K)
auto dA = make_stride(make_stride(Int<1>{}, ldAm1), ldAk); // (dM, dK)
auto dB = make_stride(Int<1>{}, ldB);                      // (dN, dK)
auto dC = make_stride(make_stride(Int<1>{}, ldCm1), ldCn); // (dM, dN)
auto bM = Shape<_64, _2>{};    // Take _64 elements from m0 and _2 elements from m1
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)
auto sA = make_layout(make_shape(bM, bK));                 // (m,k) -> smem_idx; m-major
auto sB = make_layout(make_shape(bN, bK));                 // (n,k) -> smem_idx; n-major
auto sC = make_layout(make_shape(bM, bN));                 // (m,n) -> smem_idx; m-major
auto tA = make_layout(make_shape(Int<32>{}, Int< 8>{}));   // (m,k) -> thr_idx
auto tB = make_layout(make_shape(Int<32>{}, Int< 8>{}));   // (n,k) -> thr_idx
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));   // (m,n) -> thr_idx
print(size(tC)); print(" "); print(size(ceil_div(M, bM))); print(" "); print(size(ceil_div(N, bN))); print("\n");
// sgemm_1.cu's gemm_device
auto shape_MNK = prob_shape;
CUTE_STATIC_ASSERT_V(rank(shape_MNK) == Int<3>{});                   // (M, N, K)
CUTE_STATIC_ASSERT_V(congruent(select<0,2>(shape_MNK), dA));         // dA strides for shape MK
CUTE_STATIC_ASSERT_V(congruent(select<1,2>(shape_MNK), dB));         // dB strides for shape NK
CUTE_STATIC_ASSERT_V(congruent(select<0,1>(shape_MNK), dC));         // dC strides for shape MN
CUTE_STATIC_ASSERT_V(size<0>(cta_tiler) % size<0>(tA) == Int<0>{});  // BLK_M / THR_M
Tensor mA = make_tensor(make_gmem_ptr((TA*)0x10000), select<0,2>(shape_MNK), dA); // (M,K)
Tensor mC = make_tensor(make_gmem_ptr((TA*)0x90000), select<0,1>(shape_MNK), dC); // (M,N)
auto cta_coord = make_coord(3, 1, _);                                // (m,n,k)
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
Tensor sAt = make_tensor(make_smem_ptr((TA*)0x0), sA);              // (BLK_M,BLK_K)
Tensor tAgA = local_partition(gA, tA, 37);                           // (THR_M,THR_K,k)
Tensor tAsA = local_partition(sAt, tA, 37);                          // (THR_M,THR_K)
Tensor tCgC = local_partition(gC, tC, 37, Step<_1,_1>{});            // (THR_M,THR_N)
print("mA : "); print(mA); print("\n");
print("gA : "); print(gA); print("\n");
print("gC : "); print(gC); print("\n");
print("sA : "); print(sA); print("\n");
print("tAgA : "); print(tAgA); print("\n");
print("tAsA : "); print(tAsA); print("\n");
print("tCgC : "); print(tCgC); print("\n");
