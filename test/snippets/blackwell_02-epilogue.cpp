// examples/cute/tutorial/blackwell/02_mma_tma_sm100.cu, the epilogue (lines ~395-420) after the device code of blackwell_02-device.cpp: make_tmem_copy of the TMEM accumulator, thread 37
using TypeA = cutlass::half_t;
using TypeB = cutlass::half_t;
using TypeC = float;
Tensor gmA = make_tensor(make_gmem_ptr((TypeA*)0x10000), make_layout(make_shape(512, 256), make_stride(256, Int<1>{})));
Tensor gmB = make_tensor(make_gmem_ptr((TypeB*)0x50000), make_layout(make_shape(1024, 256), make_stride(256, Int<1>{})));
Tensor mC = make_tensor(make_gmem_ptr((TypeC*)0x90000), make_layout(make_shape(512, 1024), make_stride(1024, Int<1>{})));
Tensor mD = make_tensor(make_gmem_ptr((TypeC*)0xa0000), make_layout(make_shape(512, 1024), make_stride(1024, Int<1>{})));
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_SS<TypeA, TypeB, TypeC, 128, 256, UMMA::Major::K, UMMA::Major::K>{});
auto mma_tiler = make_shape(tile_size<0>(tiled_mma), tile_size<1>(tiled_mma), tile_size<2>(tiled_mma) * Int<4>{});
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
Copy_Atom tma_atom_A = make_tma_atom(SM90_TMA_LOAD{}, gmA, sA_layout, select<0,2>(mma_tiler));
Copy_Atom tma_atom_B = make_tma_atom(SM90_TMA_LOAD{}, gmB, sB_layout, select<1,2>(mma_tiler));
Tensor mA = tma_atom_A.get_tma_tensor(shape(gmA));   // (Gemm_M, Gemm_K)
Tensor mB = tma_atom_B.get_tma_tensor(shape(gmB));   // (Gemm_N, Gemm_K)
auto cluster_shape = make_shape(Int<1>{}, Int<1>{}, Int<1>{});
// gemm_device
Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape),
                                          make_tile(typename decltype(tiled_mma)::AtomThrID{}));
auto mma_coord_vmnk = make_coord(0 % size<0>(cluster_layout_vmnk), // Peer CTA coordinate
                                 0 / size<0>(cluster_layout_vmnk), //    MMA-M coordinate
                                 0,                                //    MMA-N coordinate
                                 _);                               //    MMA-K coordinate
auto mma_coord = select<1,2,3>(mma_coord_vmnk);
Tensor gA = local_tile(mA, mma_tiler, mma_coord, Step<_1, X,_1>{});  // (MmaTile_M, MmaTile_K, Tiles_K)
Tensor gB = local_tile(mB, mma_tiler, mma_coord, Step< X,_1,_1>{});  // (MmaTile_N, MmaTile_K, Tiles_K)
Tensor gC = local_tile(mC, mma_tiler, mma_coord, Step<_1,_1, X>{});  // (MmaTile_M, MmaTile_N)
Tensor gD = local_tile(mD, mma_tiler, mma_coord, Step<_1,_1, X>{});  // (MmaTile_M, MmaTile_N)
Tensor tCsA = make_tensor(make_smem_ptr((TypeA*)0x400), sA_layout);     // shared_storage.tensor_sA()
Tensor tCsB = make_tensor(make_smem_ptr((TypeB*)0x4400), sB_layout);    // shared_storage.tensor_sB()
auto mma_v = get<0>(mma_coord_vmnk);
ThrMMA cta_mma = tiled_mma.get_slice(mma_v);   // Use Peer CTA coordinate
Tensor tCgA = cta_mma.partition_A(gA);         // (MmaA, NumMma_M, NumMma_K, Tiles_K)
Tensor tCgB = cta_mma.partition_B(gB);         // (MmaB, NumMma_N, NumMma_K, Tiles_K)
Tensor tCgC = cta_mma.partition_C(gC);         // (MmaC, NumMma_M, NumMma_N)
Tensor tCgD = cta_mma.partition_C(gD);         // (MmaC, NumMma_M, NumMma_N)
Tensor tCrA = cta_mma.make_fragment_A(tCsA);      // (MmaA, NumMma_M, NumMma_K, Tiles_K)
Tensor tCrB = cta_mma.make_fragment_B(tCsB);      // (MmaB, NumMma_M, NumMma_K, Tiles_K)
Tensor tCtAcc = cta_mma.make_fragment_C(tCgC);    // (MmaC, NumMma_M, NumMma_N)
auto [tAgA, tAsA] = tma_partition(tma_atom_A,
                                  Int<0>{}, Layout<_1>{},
                                  group_modes<0,3>(tCsA), group_modes<0,3>(tCgA));
auto [tBgB, tBsB] = tma_partition(tma_atom_B,
                                  Int<0>{}, Layout<_1>{},
                                  group_modes<0,3>(tCsB), group_modes<0,3>(tCgB));
TiledCopy tiled_t2r_copy = make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, tCtAcc);
ThrCopy   thr_t2r_copy   = tiled_t2r_copy.get_slice(37);
Tensor tDgC = thr_t2r_copy.partition_D(tCgC);                   // (CpyD, NumCpy_M, NumCpy_N)
Tensor tDrC = make_fragment_like(tDgC);                         // (CpyD, NumCpy_M, NumCpy_N)
Tensor tDtAcc = thr_t2r_copy.partition_S(tCtAcc);               // (CpyS, NumCpy_M, NumCpy_N)
Tensor tDgD   = thr_t2r_copy.partition_D(tCgD);                 // (CpyD, NumCpy_M, NumCpy_N)
using AccType = typename decltype(tCtAcc)::value_type;
Tensor tDrAcc = make_tensor<AccType>(shape(tDgD));              // (CpyD, NumCpy_M, NumCpy_N)
print(tiled_t2r_copy);
print("tDgC:\t"); print(tDgC); print("\n");
print("tDrC:\t"); print(tDrC.layout()); print("\n");
print("tDtAcc:\t"); print(tDtAcc); print("\n");
print("tDgD:\t"); print(tDgD); print("\n");
