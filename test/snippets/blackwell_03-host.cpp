// examples/cute/tutorial/blackwell/03_mma_tma_multicast_sm100.cu, gemm_host_f16xf16_f32_f32_tnt (lines ~420-490): a 4x4 cluster, SM90_TMA_LOAD_MULTICAST atoms over the cluster's N (A) and M (B) modes; its comments quote the atoms' prints
using TypeA = cutlass::half_t;
using TypeB = cutlass::half_t;
using TypeC = float;
int Gemm_M = 512;
int Gemm_N = 1024;
int Gemm_K = 256;
Layout layout_A = make_layout(make_shape (Gemm_M,   Gemm_K), make_stride(Gemm_K, Int<1>{}));   // (Gemm_M,Gemm_K):(Gemm_K,_1)
Layout layout_B = make_layout(make_shape (Gemm_N,   Gemm_K), make_stride(Gemm_K, Int<1>{}));   // (Gemm_N,Gemm_K):(Gemm_K,_1)
Tensor mA = make_tensor(make_gmem_ptr((TypeA*)0x10000), layout_A);      // (Gemm_M, Gemm_K)
Tensor mB = make_tensor(make_gmem_ptr((TypeB*)0x50000), layout_B);      // (Gemm_N, Gemm_K)
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_SS<TypeA, TypeB, TypeC,
                                                         128, 256,
                                                         UMMA::Major::K, UMMA::Major::K>{});
auto bM = tile_size<0>(tiled_mma);
auto bN = tile_size<1>(tiled_mma);
auto bK = tile_size<2>(tiled_mma) * Int<4>{};
auto mma_tiler = make_shape(bM, bN, bK);       // (MMA_M, MMA_N, MMA_K)
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
auto cluster_shape = make_shape(Int<4>{}, Int<4>{}, Int<1>{});
Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape),
                                          make_tile(typename decltype(tiled_mma)::AtomThrID{}));
Copy_Atom tma_atom_A = make_tma_atom(
  SM90_TMA_LOAD_MULTICAST{},       // TMA load operation with multicast
  mA,                     // Source GMEM tensor
  sA_layout,              // Destination SMEM layout
  select<0,2>(mma_tiler),          // MK Tiler for TMA operation
  size<2>(cluster_layout_vmnk)     // The number of CTAs in the N-mode for multicasting
);
Tensor mA_tma = tma_atom_A.get_tma_tensor(shape(mA));   // (Gemm_M, Gemm_K)
print("tma_atom_A:\t"); print(tma_atom_A); print("\n");
// tma_atom_A:     Copy_Atom
//  ThrID:        _1:_0
//  ValLayoutSrc: (_1,_8192):(_0,_1)
//  ValLayoutDst: (_1,_8192):(_0,_1)
//  ValLayoutRef: (_1,_8192):(_0,_1)
//  ValueType:    16b
Copy_Atom tma_atom_B = make_tma_atom(
    SM90_TMA_LOAD_MULTICAST{},       // TMA load operation with multicast
    mB,                     // Source GMEM tensor
    sB_layout,              // Destination SMEM layout
    select<1,2>(mma_tiler),         // NK Tiler for TMA operation
    size<1>(cluster_layout_vmnk)    // The number of CTAs in the M-mode for multicasting
  );
Tensor mB_tma = tma_atom_B.get_tma_tensor(shape(mB));   // (Gemm_N, Gemm_K)
print("tma_atom_B:\t"); print(tma_atom_B); print("\n");
// tma_atom_B:     Copy_Atom
//  ThrID:        _1:_0
//  ValLayoutSrc: (_1,_16384):(_0,_1)
//  ValLayoutDst: (_1,_16384):(_0,_1)
//  ValLayoutRef: (_1,_16384):(_0,_1)
//  ValueType:    16b
print("mA_tma:\t"); print(mA_tma); print("\n");
print("mB_tma:\t"); print(mB_tma); print("\n");
print("grid:\t"); print(size(ceil_div(Gemm_M, bM * size<1>(cluster_layout_vmnk))) * size<0>(cluster_shape)); print(" "); print(size(ceil_div(Gemm_N, bN * size<2>(cluster_layout_vmnk))) * size<1>(cluster_shape)); print("\n");
