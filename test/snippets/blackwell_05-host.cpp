// examples/cute/tutorial/blackwell/05_mma_tma_epi_sm100.cu, gemm_host_f16xf16_f32_f32_tnt (lines ~440-600): 04's mainloop setup plus the TMA epilogue: epi_tiler, sC/sD layouts, make_tma_atom for C (SM90_TMA_LOAD) and D (SM90_TMA_STORE); its comments quote the prints
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
using TypeD = float;
Layout layout_C = make_layout(make_shape (Gemm_M,   Gemm_N), make_stride(Gemm_N, Int<1>{}));   // (Gemm_M,Gemm_N):(Gemm_N,_1)
Layout layout_D = make_layout(make_shape (Gemm_M,   Gemm_N), make_stride(Gemm_N, Int<1>{}));   // (Gemm_M,Gemm_N):(Gemm_N,_1)
Tensor mC = make_tensor(make_gmem_ptr((TypeC*)0x90000), layout_C);      // (Gemm_M, Gemm_N)
Tensor mD = make_tensor(make_gmem_ptr((TypeD*)0xa0000), layout_D);      // (Gemm_M, Gemm_N)
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
auto mma_shape_C = partition_shape_C(tiled_mma, make_shape(size<0>(mma_tiler), size<1>(mma_tiler)));
auto epi_tiler = make_tile(size<0,0>(mma_shape_C), size<0,1>(mma_shape_C) / Int<4>{});  // 4 TMA copies per CTA per MMA tile
auto sC_layout_mn = tile_to_shape(UMMA::Layout_K_SW128_Atom<TypeC>{}, // MMA K-major is equivalent to epilogue N-major
                                  make_shape(size<0>(epi_tiler), size<1>(epi_tiler)));
auto sC_layout = group<0,2>(sC_layout_mn); // Group modes for tma_partition
auto sD_layout_mn = tile_to_shape(UMMA::Layout_K_SW128_Atom<TypeD>{}, // MMA K-major is equivalent to epilogue N-major
                                  make_shape(size<0>(epi_tiler), size<1>(epi_tiler)));
auto sD_layout = group<0,2>(sD_layout_mn); // Group modes for tma_partition
print("mma_shape_C:\t"); print(mma_shape_C); print("\n");
print("epi_tiler:\t"); print(epi_tiler); print("\n");
print("sC_layout_mn:\t"); print(sC_layout_mn); print("\n");
print("sC_layout:\t"); print(sC_layout); print("\n");      // sC_layout:   Sw<3,4,3> o smem_ptr[32b](unset) o ((_8,_16),(_32,_2)):((_32,_256),(_1,_4096))
print("sD_layout:\t"); print(sD_layout); print("\n");      // sD_layout:   Sw<3,4,3> o smem_ptr[32b](unset) o ((_8,_16),(_32,_2)):((_32,_256),(_1,_4096))
Copy_Atom tma_atom_C = make_tma_atom(
      SM90_TMA_LOAD{},            // TMA load operation
      mC,                         // Source GMEM tensor
      sC_layout,                  // Destination SMEM layout
      epi_tiler);                 // MN Tiler for epilogue
Tensor mC_tma = tma_atom_C.get_tma_tensor(shape(mC));   // (Gemm_M, Gemm_N)
print("tma_atom_C:\t"); print(tma_atom_C); print("\n");
// tma_atom_C:     Copy_Atom
//   ThrID:        _1:_0
//   ValLayoutSrc: (_1,_4096):(_0,_1)
//   ValLayoutDst: (_1,_4096):(_0,_1)
//   ValLayoutRef: (_1,_4096):(_0,_1)
//   ValueType:    32b
Copy_Atom tma_atom_D = make_tma_atom(
      SM90_TMA_STORE{},           // TMA store operation
      mD,                         // Destination GMEM tensor
      sD_layout,                  // Source SMEM layout
      epi_tiler);                 // MN Tiler for epilogue
Tensor mD_tma = tma_atom_D.get_tma_tensor(shape(mD));   // (Gemm_M, Gemm_N)
print("tma_atom_D:\t"); print(tma_atom_D); print("\n");
// tma_atom_D:     Copy_Atom
//   ThrID:        _1:_0
//   ValLayoutSrc: (_1,_4096):(_0,_1)
//   ValLayoutDst: (_1,_4096):(_0,_1)
//   ValLayoutRef: (_1,_4096):(_0,_1)
//   ValueType:    32b
print("mC_tma:\t"); print(mC_tma); print("\n");
print("grid:\t"); print(round_up(size(ceil_div(Gemm_M, bM)), size<0>(cluster_shape))); print(" "); print(round_up(size(ceil_div(Gemm_N, bN)), size<1>(cluster_shape))); print("\n");
