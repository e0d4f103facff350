// examples/cute/tutorial/blackwell/01_mma_sm100.cu, the epilogue (lines ~240-255): make_tmem_copy of the TMEM accumulator, block (0,0), thread 0
using TypeA = cutlass::half_t;
using TypeC = float;
Tensor mA = make_tensor(make_gmem_ptr((TypeA*)0x10000), make_layout(make_shape(512, 256), make_stride(256, Int<1>{})));
Tensor mB = make_tensor(make_gmem_ptr((TypeA*)0x50000), make_layout(make_shape(1024, 256), make_stride(256, Int<1>{})));
Tensor mC = make_tensor(make_gmem_ptr((TypeC*)0x90000), make_layout(make_shape(512, 1024), make_stride(1024, Int<1>{})));
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_SS<TypeA, TypeA, TypeC, 128, 256, UMMA::Major::K, UMMA::Major::K>{});
auto mma_tiler = make_shape(tile_size<0>(tiled_mma), tile_size<1>(tiled_mma), tile_size<2>(tiled_mma) * Int<4>{});
auto cluster_shape = make_shape(Int<1>{}, Int<1>{}, Int<1>{});
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
auto mma_v = get<0>(mma_coord_vmnk);
ThrMMA cta_mma = tiled_mma.get_slice(mma_v);   // Use Peer CTA coordinate
Tensor tCgA = cta_mma.partition_A(gA);         // (MmaA, NumMma_M, NumMma_K, Tiles_K)
Tensor tCgB = cta_mma.partition_B(gB);         // (MmaB, NumMma_N, NumMma_K, Tiles_K)
Tensor tCgC = cta_mma.partition_C(gC);         // (MmaC, NumMma_M, NumMma_N)
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
Tensor tCsA = make_tensor(make_smem_ptr((TypeA*)0x400), sA_layout);   // (MmaA, NumMma_M, NumMma_K)
Tensor tCrA = cta_mma.make_fragment_A(tCsA);      // (MmaA, NumMma_M, NumMma_K)
Tensor tCtAcc = cta_mma.make_fragment_C(tCgC);    // (MmaC, NumMma_M, NumMma_N)
TiledCopy tiled_t2r_copy = make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, tCtAcc);
ThrCopy   thr_t2r_copy   = tiled_t2r_copy.get_slice(0);
Tensor tDgC = thr_t2r_copy.partition_D(tCgC);                   // (CpyD, NumCpy_M, NumCpy_N)
Tensor tDrC = make_fragment_like(tDgC);                         // (CpyD, NumCpy_M, NumCpy_N)
Tensor tDtAcc = thr_t2r_copy.partition_S(tCtAcc);               // (CpyS, NumCpy_M, NumCpy_N)
using AccType = typename decltype(tCtAcc)::value_type;
Tensor tDrAcc = make_tensor<AccType>(shape(tDgC));              // (CpyD, NumCpy_M, NumCpy_N)
print("tDgC:\t"); print(tDgC); print("\n");
print("tDtAcc:\t"); print(tDtAcc); print("\n");
print("tDrAcc:\t"); print(tDrAcc.layout()); print("\n");
