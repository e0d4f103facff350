// examples/cute/tutorial/sgemm_sm70.cu, gemm_tn's arguments (lines ~330-380) and gemm_device (lines ~50-175) for block (2,3), thread 37: the padded k-major smem, the register pipeline's partitions
using TA = float;
using TB = float;
using TC = float;
auto M = int(5120);
auto N = int(5120);
auto K = int(4096);
auto prob_shape = make_shape(M, N, K);                     // (M, N, K)
auto dA = make_stride(4096, Int<1>{});                     // (dM, dK)
auto dB = make_stride(4096, Int<1>{});                     // (dN, dK)
auto dC = make_stride(Int<1>{}, 5120);                     // (dM, dN)
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)
auto sA_layout = make_layout(make_shape (      bM,          bK),
                             make_stride(Int<1>{}, bM+Int<1>{}));        // (m,k) -> smem_idx; padded m-major
auto sB_layout = make_layout(make_shape (      bN,          bK),
                             make_stride(Int<1>{}, bN+Int<1>{}));        // (n,k) -> smem_idx; padded n-major
auto sC = make_layout(make_shape(bM, bN));                               // (m,n) -> smem_idx
TiledCopy copy_a = make_tiled_copy(Copy_Atom<UniversalCopy<TA>, TA>{},
                                   Layout<Shape<_32,_8>,Stride<_8,_1>>{}, // Thr layout 32x8 k-major
                                   Layout<Shape< _1,_1>>{});              // Val layout  1x1
TiledCopy copy_b = make_tiled_copy(Copy_Atom<UniversalCopy<TB>, TB>{},
                                   Layout<Shape<_32,_8>,Stride<_8,_1>>{}, // Thr layout 32x8 k-major
                                   Layout<Shape< _1,_1>>{});              // Val layout  1x1
TiledMMA mma = make_tiled_mma(UniversalFMA<TC,TA,TB>{},
                              Layout<Shape<_16,_16,_1>>{});  // 16x16x1 TiledMMA
using ASmemLayout = decltype(sA_layout);
using BSmemLayout = decltype(sB_layout);
using CSmemLayout = decltype(sC);
// gemm_device
auto shape_MNK = prob_shape;
CUTE_STATIC_ASSERT_V(rank(shape_MNK) == Int<3>{});                   // (M, N, K)
CUTE_STATIC_ASSERT_V(rank(cta_tiler) == Int<3>{});                   // (BLK_M, BLK_N, BLK_K)
CUTE_STATIC_ASSERT_V(size(copy_a) == size(mma));                     // NumThreads
CUTE_STATIC_ASSERT_V(size(copy_b) == size(mma));                     // NumThreads
static_assert(is_static<ASmemLayout>::value);
static_assert(is_static<BSmemLayout>::value);
static_assert(is_static<CSmemLayout>::value);
CUTE_STATIC_ASSERT_V(size<0>(ASmemLayout{}) == size<0>(cta_tiler));  // BLK_M
CUTE_STATIC_ASSERT_V(size<0>(CSmemLayout{}) == size<0>(cta_tiler));  // BLK_M
CUTE_STATIC_ASSERT_V(size<0>(BSmemLayout{}) == size<1>(cta_tiler));  // BLK_N
CUTE_STATIC_ASSERT_V(size<1>(CSmemLayout{}) == size<1>(cta_tiler));  // BLK_N
CUTE_STATIC_ASSERT_V(size<1>(ASmemLayout{}) == size<2>(cta_tiler));  // BLK_K
CUTE_STATIC_ASSERT_V(size<1>(BSmemLayout{}) == size<2>(cta_tiler));  // BLK_K
CUTE_STATIC_ASSERT_V(congruent(select<0,2>(shape_MNK), dA));         // dA strides for shape MK
CUTE_STATIC_ASSERT_V(congruent(select<1,2>(shape_MNK), dB));         // dB strides for shape NK
CUTE_STATIC_ASSERT_V(congruent(select<0,1>(shape_MNK), dC));         // dC strides for shape MN
Tensor mA = make_tensor(make_gmem_ptr((TA*)0x10000), select<0,2>(shape_MNK), dA); // (M,K)
Tensor mB = make_tensor(make_gmem_ptr((TB*)0x20000), select<1,2>(shape_MNK), dB); // (N,K)
Tensor mC = make_tensor(make_gmem_ptr((TC*)0x30000), select<0,1>(shape_MNK), dC); // (M,N)
auto cta_coord = make_coord(2, 3, _);                                // (m,n,k)
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gB = local_tile(mB, cta_tiler, cta_coord, Step< X,_1,_1>{});  // (BLK_N,BLK_K,k)
Tensor gC = local_tile(mC, cta_tiler, cta_coord, Step<_1,_1, X>{});  // (BLK_M,BLK_N)
Tensor sA = make_tensor(make_smem_ptr((TA*)0x0), sA_layout);         // (BLK_M,BLK_K)
Tensor sB = make_tensor(make_smem_ptr((TB*)0x1400), sB_layout);      // (BLK_N,BLK_K)
ThrCopy thr_copy_a = copy_a.get_slice(37);
Tensor tAgA = thr_copy_a.partition_S(gA);                            // (CPY,CPY_M,CPY_K,k)
Tensor tAsA = thr_copy_a.partition_D(sA);                            // (CPY,CPY_M,CPY_K)
Tensor tArA = make_fragment_like(tAsA);                              // (CPY,CPY_M,CPY_K)
ThrCopy thr_copy_b = copy_b.get_slice(37);
Tensor tBgB = thr_copy_b.partition_S(gB);                            // (CPY,CPY_N,CPY_K,k)
Tensor tBsB = thr_copy_b.partition_D(sB);                            // (CPY,CPY_N,CPY_K)
Tensor tBrB = make_fragment_like(tBsB);                              // (CPY,CPY_N,CPY_K)
CUTE_STATIC_ASSERT_V(size<1>(tAgA) == size<1>(tAsA));                // CPY_M
CUTE_STATIC_ASSERT_V(size<1>(tAgA) == size<1>(tArA));                // CPY_M
CUTE_STATIC_ASSERT_V(size<2>(tAgA) == size<2>(tAsA));                // CPY_K
CUTE_STATIC_ASSERT_V(size<2>(tAgA) == size<2>(tArA));                // CPY_K
CUTE_STATIC_ASSERT_V(size<1>(tBgB) == size<1>(tBsB));                // CPY_N
CUTE_STATIC_ASSERT_V(size<1>(tBgB) == size<1>(tBrB));                // CPY_N
CUTE_STATIC_ASSERT_V(size<2>(tBgB) == size<2>(tBsB));                // CPY_K
CUTE_STATIC_ASSERT_V(size<2>(tBgB) == size<2>(tBrB));                // CPY_K
ThrMMA thr_mma = mma.get_slice(37);
Tensor tCsA = thr_mma.partition_A(sA);                               // (MMA,MMA_M,MMA_K)
Tensor tCsB = thr_mma.partition_B(sB);                               // (MMA,MMA_N,MMA_K)
Tensor tCgC = thr_mma.partition_C(gC);                               // (MMA,MMA_M,MMA_N)
Tensor tCrA = thr_mma.make_fragment_A(tCsA);                         // (MMA,MMA_M,MMA_K)
Tensor tCrB = thr_mma.make_fragment_B(tCsB);                         // (MMA,MMA_N,MMA_K)
Tensor tCrC = thr_mma.make_fragment_C(tCgC);                         // (MMA,MMA_M,MMA_N)
CUTE_STATIC_ASSERT_V(  shape(tCrA) ==   shape(tCsA));                // (MMA,MMA_M,MMA_K)
CUTE_STATIC_ASSERT_V(  shape(tCrB) ==   shape(tCsB));                // (MMA,MMA_N,MMA_K)
CUTE_STATIC_ASSERT_V(  shape(tCrC) ==   shape(tCgC));                // (MMA,MMA_M,MMA_N)
CUTE_STATIC_ASSERT_V(size<1>(tCgC) == size<1>(tCsA));                // MMA_M
CUTE_STATIC_ASSERT_V(size<2>(tCgC) == size<1>(tCsB));                // MMA_N
CUTE_STATIC_ASSERT_V(size<2>(tCsA) == size<2>(tCsB));                // MMA_K
print("  mA : "); print(  mA); print("\n");
print("  gA : "); print(  gA); print("\n");
print("  sA : "); print(  sA); print("\n");
print("tAgA : "); print(tAgA); print("\n");
print("tAsA : "); print(tAsA); print("\n");
print("tArA : "); print(tArA.layout()); print("\n");
print("tBsB : "); print(tBsB); print("\n");
print("tCsA : "); print(tCsA); print("\n");
print("tCsB : "); print(tCsB); print("\n");
print("tCgC : "); print(tCgC); print("\n");
print("tCrA : "); print(tCrA.layout()); print("\n");
print("tCrC : "); print(tCrC.layout()); print("\n");
auto K_TILE_MAX  = size<3>(tAgA);
auto K_BLOCK_MAX = size<2>(tCrA);
int k_block_next = (7 + 1) % K_BLOCK_MAX;
print(K_TILE_MAX); print(" "); print(K_BLOCK_MAX); print(" "); print(k_block_next); print("\n");
print(size(mma)); print(" "); print(size(ceil_div(M, bM))); print(" "); print(size(ceil_div(N, bN))); print("\n");
