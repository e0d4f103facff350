// examples/cute/tutorial/blackwell/05_mma_tma_epi_sm100.cu: the host's TMA atoms (lines ~490-590), then gemm_device (lines ~125-420) for block (3,2) of the 4x4 cluster (peer CTA 1 of MMA (1,2)), the TMA epilogue of thread 37
using TypeA = cutlass::half_t;
using TypeB = cutlass::half_t;
using TypeC = float;
Tensor gmA = make_tensor(make_gmem_ptr((TypeA*)0x10000), make_layout(make_shape(512, 256), make_stride(256, Int<1>{})));
Tensor gmB = make_tensor(make_gmem_ptr((TypeB*)0x50000), make_layout(make_shape(1024, 256), make_stride(256, Int<1>{})));
Tensor gmC = make_tensor(make_gmem_ptr((TypeC*)0x90000), make_layout(make_shape(512, 1024), make_stride(1024, Int<1>{})));
Tensor gmD = make_tensor(make_gmem_ptr((TypeC*)0xa0000), make_layout(make_shape(512, 1024), make_stride(1024, Int<1>{})));
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_2x1SM_SS<TypeA, TypeB, TypeC, 256, 256, UMMA::Major::K, UMMA::Major::K>{});
auto mma_tiler = make_shape(tile_size<0>(tiled_mma), tile_size<1>(tiled_mma), tile_size<2>(tiled_mma) * Int<4>{});
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
auto mma_shape_C = partition_shape_C(tiled_mma, make_shape(size<0>(mma_tiler), size<1>(mma_tiler)));
auto epi_tiler = make_tile(size<0,0>(mma_shape_C), size<0,1>(mma_shape_C) / Int<4>{});  // 4 TMA copies per CTA per MMA tile
auto sC_layout = group<0,2>(tile_to_shape(UMMA::Layout_K_SW128_Atom<TypeC>{}, make_shape(size<0>(epi_tiler), size<1>(epi_tiler))));
auto sD_layout = group<0,2>(tile_to_shape(UMMA::Layout_K_SW128_Atom<TypeC>{}, make_shape(size<0>(epi_tiler), size<1>(epi_tiler))));
Copy_Atom tma_atom_C = make_tma_atom(SM90_TMA_LOAD{}, gmC, sC_layout, epi_tiler);
Copy_Atom tma_atom_D = make_tma_atom(SM90_TMA_STORE{}, gmD, sD_layout, epi_tiler);
Tensor mC = tma_atom_C.get_tma_tensor(shape(gmC));   // (Gemm_M, Gemm_N)
Tensor mD = tma_atom_D.get_tma_tensor(shape(gmD));   // (Gemm_M, Gemm_N)
auto cluster_shape = make_shape(Int<4>{}, Int<4>{}, Int<1>{});
Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape),
                                          make_tile(typename decltype(tiled_mma)::AtomThrID{}));
Copy_Atom tma_atom_A = make_tma_atom_A_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, gmA, sA_layout, mma_tiler, tiled_mma, cluster_layout_vmnk);
Copy_Atom tma_atom_B = make_tma_atom_B_sm100(SM100_TMA_2SM_LOAD_MULTICAST{}, gmB, sB_layout, mma_tiler, tiled_mma, cluster_layout_vmnk);
Tensor mA = tma_atom_A.get_tma_tensor(shape(gmA));   // (Gemm_M, Gemm_K)
Tensor mB = tma_atom_B.get_tma_tensor(shape(gmB));   // (Gemm_N, Gemm_K)
// gemm_device
auto mma_coord_vmnk = make_coord(3 % size<0>(cluster_layout_vmnk), // Peer CTA coordinate
                                 3 / size<0>(cluster_layout_vmnk), //    MMA-M coordinate
                                 2,                                //    MMA-N coordinate
                                 _);                               //    MMA-K coordinate
auto mma_coord = select<1,2,3>(mma_coord_vmnk);
Tensor gA = local_tile(mA, mma_tiler, mma_coord, Step<_1, X,_1>{});  // (MmaTile_M, MmaTile_K, Tiles_K)
Tensor gB = local_tile(mB, mma_tiler, mma_coord, Step< X,_1,_1>{});  // (MmaTile_N, MmaTile_K, Tiles_K)
Tensor gC = local_tile(mC, mma_tiler, mma_coord, Step<_1,_1, X>{});  // (MmaTile_M, MmaTile_N)
Tensor gD = local_tile(mD, mma_tiler, mma_coord, Step<_1,_1, X>{});  // (MmaTile_M, MmaTile_N)
print("mA:\t"); print(mA); print("\n");   // mA:   ArithTuple(_0,_0) o (512,256):(_1@1,_1@0)
print("mB:\t"); print(mB); print("\n");   // mB:   ArithTuple(_0,_0) o (1024,256):(_1@1,_1@0)
print("mC:\t"); print(mC); print("\n");   // mC:   gmem_ptr[32b](GMEM_ADDR_C) o (512,1024):(1024,_1)
print("mD:\t"); print(mD); print("\n");   // mD:   gmem_ptr[32b](GMEM_ADDR_D) o (512,1024):(1024,_1)
print("gA:\t"); print(gA); print("\n");   // gA:   ArithTuple(_0,0) o (_128,_64,4):(_1@1,_1@0,_64@0)
print("gB:\t"); print(gB); print("\n");   // gB:   ArithTuple(_0,0) o (_256,_64,4):(_1@1,_1@0,_64@0)
print("gC:\t"); print(gC); print("\n");   // gC:   gmem_ptr[32b](GMEM_ADDR_C + offset_for_mma_tile) o (_128,_256):(256,_1)
print("gD:\t"); print(gD); print("\n");   // gD:   gmem_ptr[32b](GMEM_ADDR_D + offset_for_mma_tile) o (_128,_256):(256,_1)
Tensor tCsA = make_tensor(make_smem_ptr((TypeA*)0x400), sA_layout);     // shared_storage.tensor_sA()
Tensor tCsB = make_tensor(make_smem_ptr((TypeB*)0x4400), sB_layout);    // shared_storage.tensor_sB()
auto mma_v = get<0>(mma_coord_vmnk);
ThrMMA cta_mma = tiled_mma.get_slice(mma_v);   // Use Peer CTA coordinate
Tensor tCgA = cta_mma.partition_A(gA);         // (MmaA, NumMma_M, NumMma_K, Tiles_K)
Tensor tCgB = cta_mma.partition_B(gB);         // (MmaB, NumMma_N, NumMma_K, Tiles_K)
Tensor tCgC = cta_mma.partition_C(gC);         // (MmaC, NumMma_M, NumMma_N)
Tensor tCgD = cta_mma.partition_C(gD);         // (MmaC, NumMma_M, NumMma_N)
print("tCgA:\t"); print(tCgA); print("\n");  // tCgA:   ArithTuple(_0,0) o ((_128,_16),_1,_4,4):((_1@1,_1@0),_0,_16@0,_64@0)
print("tCgB:\t"); print(tCgB); print("\n");  // tCgB:   ArithTuple(_0,0) o ((_256,_16),_1,_4,4):((_1@1,_1@0),_0,_16@0,_64@0)
print("tCgC:\t"); print(tCgC); print("\n");  // tCgC:   gmem_ptr[32b](GMEM_ADDR_C + offset_for_mma_tile + offset_for_mma) o ((_128,_256),_1,_1):((256,_1),_0,_0)
print("tCgD:\t"); print(tCgD); print("\n");  // tCgD:   gmem_ptr[32b](GMEM_ADDR_D + offset_for_mma_tile + offset_for_mma) o ((_128,_256),_1,_1):((256,_1),_0,_0)
Tensor tCrA = cta_mma.make_fragment_A(tCsA);      // (MmaA, NumMma_M, NumMma_K, Tiles_K)
Tensor tCrB = cta_mma.make_fragment_B(tCsB);      // (MmaB, NumMma_M, NumMma_K, Tiles_K)
Tensor tCtAcc = cta_mma.make_fragment_C(tCgC);    // (MmaC, NumMma_M, NumMma_N)
print("tCsA:\t"); print(tCsA); print("\n");     // tCsA:   Sw<3,4,3>_smem_ptr[16b](SMEM_ADDR_A) o ((_128,_16),_1,_4):((_64,_1),_0,_16)
print("tCsB:\t"); print(tCsB); print("\n");     // tCsB:   Sw<3,4,3>_smem_ptr[16b](SMEM_ADDR_B) o ((_256,_16),_1,_4):((_64,_1),_0,_16)
print("tCrA:\t"); print(tCrA); print("\n");     // tCrA:   UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_2)
print("tCrB:\t"); print(tCrB); print("\n");     // tCrB:   UMMA::DescriptorIterator o (_1,_1,_4):(_0,_0,_2)
print("tCtAcc:\t"); print(tCtAcc); print("\n"); // tCtAcc: tmem_[32b](TMEM_ADDR) o ((_128,_256),_1,_1):((_65536,_1),_0,_0)
auto cta_in_cluster_coord_vmnk = cluster_layout_vmnk.get_flat_coord(int(11));   // the tutorial: int(cute::block_rank_in_cluster())
auto elect_one_cta  = get<0>(cta_in_cluster_coord_vmnk) == Int<0>{};
auto [tAgA, tAsA] = tma_partition(tma_atom_A,
                                  get<2>(cta_in_cluster_coord_vmnk),          // The CTA coordinate along N mode of the cluster
                                  make_layout(size<2>(cluster_layout_vmnk)),  // The CTA layout along N mode of the cluster
                                  group_modes<0,3>(tCsA), group_modes<0,3>(tCgA));
auto [tBgB, tBsB] = tma_partition(tma_atom_B,
                                  get<1>(cta_in_cluster_coord_vmnk),          // The CTA coordinate along M mode of the cluster
                                  make_layout(size<1>(cluster_layout_vmnk)),  // The CTA layout along M mode of the cluster
                                  group_modes<0,3>(tCsB), group_modes<0,3>(tCgB));
uint16_t tma_mcast_mask_a = create_tma_multicast_mask<2>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk);
uint16_t tma_mcast_mask_b = create_tma_multicast_mask<1>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk);
uint16_t mma_mcast_mask_c = create_tma_multicast_mask<0,1>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk) |
                            create_tma_multicast_mask<0,2>(cluster_layout_vmnk, cta_in_cluster_coord_vmnk);
print("tAgA:\t"); print(tAgA); print("\n");  // tAgA:   ArithTuple(_0,0) o (((_64,_128),_1),4):(((_1@0,_1@1),_0),_64@0)
print("tAsA:\t"); print(tAsA); print("\n");  // tAsA:   Sw<3,4,3>_smem_ptr[16b](SMEM_ADDR_A) o ((_8192,_1)):((_1,_0))
print("tBgB:\t"); print(tBgB); print("\n");  // tBgB:   ArithTuple(_0,0) o (((_64,_256),_1),4):(((_1@0,_1@1),_0),_64@0)
print("tBsB:\t"); print(tBsB); print("\n");  // tBsB:   Sw<3,4,3>_smem_ptr[16b](SMEM_ADDR_B) o ((_16384,_1)):((_1,_0))
print(size<3>(tCgA)); print(" "); print(size<2>(tCrA)); print("\n");
int tma_transaction_bytes = size<0>(cluster_layout_vmnk) * sizeof(make_tensor_like(tAsA))
                          + size<0>(cluster_layout_vmnk) * sizeof(make_tensor_like(tBsB));
printf("tma_transaction_bytes: %d\n", tma_transaction_bytes);
printf("tma_mcast_mask_a: %x\n", tma_mcast_mask_a);
printf("tma_mcast_mask_b: %x\n", tma_mcast_mask_b);
printf("mma_mcast_mask_c: %x\n", mma_mcast_mask_c);
print("cta_in_cluster_coord_vmnk:\t"); print(cta_in_cluster_coord_vmnk); print("\n");
int num_mcast_participants = size<1>(cluster_layout_vmnk) + size<2>(cluster_layout_vmnk) - 1;
print(num_mcast_participants); print("\n");
auto epi_tiler_mn = epi_tiler;
auto epi_tiler_v = make_tile(epi_tiler_mn);               // (EpiTile)
Tensor tAcc_epi = zipped_divide(tCtAcc, epi_tiler_v);     // (EpiTile,NumTiles)
Tensor gC_epi   = zipped_divide(tCgC,   epi_tiler_v);     // (EpiTile,NumTiles)
Tensor gD_epi   = zipped_divide(tCgD,   epi_tiler_v);     // (EpiTile,NumTiles)
Tensor sC_epi = make_tensor(make_smem_ptr((TypeC*)0x400), sC_layout);   // shared_storage.tensor_sC(): (EpiTile)
Tensor sD_epi = make_tensor(make_smem_ptr((TypeC*)0x400), sD_layout);   // shared_storage.tensor_sD(): (EpiTile)
auto [tGS_gC, tGS_sC] = tma_partition(tma_atom_C, sC_epi, gC_epi); // (GMEM -> SMEM)
auto [tSG_gD, tSG_sD] = tma_partition(tma_atom_D, sD_epi, gD_epi); // (SMEM -> GMEM)
tma_transaction_bytes = sizeof(make_tensor_like(tGS_sC));
TiledCopy t2r_copy = make_tmem_copy(SM100_TMEM_LOAD_32dp32b1x{}, tAcc_epi(_,_0{}));
ThrCopy   thr_t2r  = t2r_copy.get_slice(37);
Tensor tTR_tAcc = thr_t2r.partition_S(tAcc_epi);          // (TmemCpy,NumTmemCpy,NumTiles)
Tensor tTR_sC   = thr_t2r.partition_D(sC_epi);            // (TmemCpy,NumTmemCpy)
Tensor tTR_sD   = thr_t2r.partition_D(sD_epi);            // (TmemCpy,NumTmemCpy)
Tensor tTR_rC = make_tensor_like(tTR_sC);                 // (TmemCpy,NumTmemCpy)
Tensor tTR_rD = make_fragment_like(tTR_sD);               // (TmemCpy,NumTmemCpy)
print("tAcc_epi:\t"); print(tAcc_epi); print("\n");
print("gC_epi:\t"); print(gC_epi); print("\n");
print("sC_epi:\t"); print(sC_epi); print("\n");
print("tGS_gC:\t"); print(tGS_gC); print("\n");
print("tGS_sC:\t"); print(tGS_sC); print("\n");
print("tSG_gD:\t"); print(tSG_gD); print("\n");
print("tSG_sD:\t"); print(tSG_sD); print("\n");
printf("tma_transaction_bytes_C: %d\n", tma_transaction_bytes);
print("tTR_tAcc:\t"); print(tTR_tAcc); print("\n");
print("tTR_sC:\t"); print(tTR_sC); print("\n");
print("tTR_rC:\t"); print(tTR_rC.layout()); print("\n");
print("tTR_rD:\t"); print(tTR_rD.layout()); print("\n");
print(size<2>(tTR_tAcc)); print("\n");
