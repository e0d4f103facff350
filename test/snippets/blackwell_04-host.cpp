// examples/cute/tutorial/blackwell/04_mma_tma_2sm_sm100.cu, gemm_host_f16xf16_f32_f32_tnt (lines ~420-520): the 2x1SM TiledMMA, a 4x4 cluster, make_tma_atom_A/B_sm100 with SM100_TMA_2SM_LOAD_MULTICAST; its comments quote the prints
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
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<TypeA, TypeB, TypeC,                 // Mma's A, B, and Accumulator types
                                                               256, 256,                            // Mma M and N dimensions
                                                               UMMA::Major::K, UMMA::Major::K>{});  // A and B layouts
print(tiled_mma);
// TiledMMA
//   ThrLayoutVMNK:  (_2,_1,_1,_1):(_1,_0,_0,_0)
//   PermutationMNK: (_,_,_)
// MMA_Atom
//   ThrID:      _2:_1
//   Shape_MNK:  (_256,_256,_16)                      // MmaM, MmaN, MmaK (MmaK is constant for each instr.)
//   LayoutA_TV: (_2,(_128,_16)):(_128,(_1,_256))     // TV -> MmaCoordinate mapping for A matrix
//   LayoutB_TV: (_2,(_128,_16)):(_128,(_1,_256))     // TV -> MmaCoordinate mapping for B matrix
//   LayoutC_TV: (_2,(_128,_256)):(_128,(_1,_256))    // TV -> MmaCoordinate mapping for B matrix
auto bM = tile_size<0>(tiled_mma);             // MMA Tile M. We'll use 1 MMAs per MMA Tile M.
auto bN = tile_size<1>(tiled_mma);             // MMA Tile N. We'll use 1 MMAs per MMA Tile M.
auto bK = tile_size<2>(tiled_mma) * Int<4>{};  // MMA Tile K. We'll use 4 MMAs per MMA Tile K. For 16b types, tcgen05.mma has K16.
auto mma_tiler = make_shape(bM, bN, bK);       // (MMA_M, MMA_N, MMA_K)
print(evenly_divides(shape(mma_tiler), tile_shape(tiled_mma))); print(" "); print(evenly_divides(make_shape(Gemm_M, Gemm_N, Gemm_K), mma_tiler)); print("\n");
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
print("mma_shape_A:\t"); print(mma_shape_A); print("\n");  // mma_shape_A:  ((_128,_16),_1,_4)
print("mma_shape_B:\t"); print(mma_shape_B); print("\n");  // mma_shape_B:  ((_256,_16),_1,_4)
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
print("sA_layout:\t"); print(sA_layout); print("\n");      // sA_layout:   Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)
print("sB_layout:\t"); print(sB_layout); print("\n");      // sB_layout:   Sw<3,4,3> o smem_ptr[16b](unset) o ((_256,_16),_1,_4):((_64,_1),_0,_16)
auto cluster_shape = make_shape(Int<4>{}, Int<4>{}, Int<1>{});
Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape),
                                          make_tile(typename decltype(tiled_mma)::AtomThrID{}));
print("cluster_layout_vmnk:\t"); print(cluster_layout_vmnk); print("\n");
Copy_Atom tma_atom_A = make_tma_atom_A_sm100(
    SM100_TMA_2SM_LOAD_MULTICAST{}, // TMA load operation -- Multicasting 2SM instruction.
    mA,                             // Source GMEM tensor
    sA_layout,                      // Destination SMEM layout
    mma_tiler,                      // MmaTiler_MNK. Unlike Sm90 interface where the tiler only included M and K modes.
    tiled_mma,                      // Sm100 also requires the TiledMma to perform CTA-level partitioning.
    cluster_layout_vmnk);           // ClusterLayout_VMNK. Unlike Sm90 interface where only the multicasting mode is passed.
Tensor mA_tma = tma_atom_A.get_tma_tensor(shape(mA));   // (Gemm_M, Gemm_K)
print("tma_atom_A:\t"); print(tma_atom_A); print("\n");
// tma_atom_A:     Copy_Atom
//  ThrID:        _2:_1
//  ValLayoutSrc: (_2,_8192):(_8192,_1)
//  ValLayoutDst: (_2,_8192):(_8192,_1)
//  ValLayoutRef: (_2,_8192):(_8192,_1)
//  ValueType:    16b
Copy_Atom tma_atom_B = make_tma_atom_B_sm100(
  SM100_TMA_2SM_LOAD_MULTICAST{}, // TMA load operation -- Multicasting 2SM instruction.
  mB,                             // Source GMEM tensor
  sB_layout,                      // Destination SMEM layout
  mma_tiler,                      // MmaTiler_MNK. Unlike Sm90 interface where the tiler only included M and K modes.
  tiled_mma,                      // Sm100 also requires the TiledMma to perform CTA-level partitioning.
  cluster_layout_vmnk);           // ClusterLayout_VMNK. Unlike Sm90 interface where only the multicasting mode is passed.
Tensor mB_tma = tma_atom_B.get_tma_tensor(shape(mB));   // (Gemm_N, Gemm_K)
print("tma_atom_B:\t"); print(tma_atom_B); print("\n");
// tma_atom_B:     Copy_Atom
// ThrID:        _2:_1
// ValLayoutSrc: (_2,_8192):(_8192,_1)
// ValLayoutDst: (_2,_8192):(_8192,_1)
// ValLayoutRef: (_2,_8192):(_8192,_1)
// ValueType:    16b
print("mA_tma:\t"); print(mA_tma); print("\n");
print("mB_tma:\t"); print(mB_tma); print("\n");
print("grid:\t"); print(size(ceil_div(Gemm_M, bM * size<1>(cluster_layout_vmnk))) * size<0>(cluster_shape)); print(" "); print(size(ceil_div(Gemm_N, bN * size<2>(cluster_layout_vmnk))) * size<1>(cluster_shape)); print("\n");
