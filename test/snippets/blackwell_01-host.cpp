// examples/cute/tutorial/blackwell/01_mma_sm100.cu, gemm_host_f16xf16_f32_f32_tnt and main (lines ~390-470, ~530-560); its comments quote the prints
using TypeA = cutlass::half_t;
using TypeB = cutlass::half_t;
using TypeC = float;
int Gemm_M = 512;
int Gemm_N = 1024;
int Gemm_K = 256;
Layout layout_A = make_layout(make_shape (Gemm_M,   Gemm_K),
                              make_stride(Gemm_K, Int<1>{}));   // (Gemm_M,Gemm_K):(Gemm_K,_1)
Layout layout_B = make_layout(make_shape (Gemm_N,   Gemm_K),
                              make_stride(Gemm_K, Int<1>{}));   // (Gemm_N,Gemm_K):(Gemm_K,_1)
Layout layout_C = make_layout(make_shape (Gemm_M,   Gemm_N),
                              make_stride(Gemm_N, Int<1>{}));   // (Gemm_M,Gemm_N):(Gemm_N,_1)
assert(shape<0>(layout_A) == shape<0>(layout_C));  // Gemm_M
assert(shape<0>(layout_B) == shape<1>(layout_C));  // Gemm_N
assert(shape<1>(layout_A) == shape<1>(layout_B));  // Gemm_K
Tensor host_tensor_A = make_tensor((TypeA*)0x10000, layout_A);
print("host_tensor_A:\t"); print(host_tensor_A); print("\n"); // host_tensor_A:	ptr[16b](ADDR_A) o (512,256):(256,_1)
Tensor host_tensor_C = make_tensor((TypeC*)0x90000, layout_C);
print("host_tensor_C:\t"); print(host_tensor_C); print("\n"); // host_tensor_C:	ptr[32b](ADDR_C) o (512,1024):(1024,_1)
auto Gemm_M_ = shape<0>(layout_A);
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_SS<TypeA, TypeB, TypeC,
                                                         128, 256,
                                                         UMMA::Major::K, UMMA::Major::K>{});
print(tiled_mma);
auto bM = tile_size<0>(tiled_mma);
auto bN = tile_size<1>(tiled_mma);
auto bK = tile_size<2>(tiled_mma) * Int<4>{};
auto mma_tiler = make_shape(bM, bN, bK);       // (MMA_M, MMA_N, MMA_K)
print(evenly_divides(shape(mma_tiler), tile_shape(tiled_mma))); print("\n");
print(evenly_divides(make_shape(Gemm_M, Gemm_N, Gemm_K), mma_tiler)); print("\n");
auto mma_shape_A = partition_shape_A(tiled_mma, make_shape(size<0>(mma_tiler), size<2>(mma_tiler)));
auto mma_shape_B = partition_shape_B(tiled_mma, make_shape(size<1>(mma_tiler), size<2>(mma_tiler)));
print("mma_shape_A:\t"); print(mma_shape_A); print("\n");  // mma_shape_A:  ((_128,_16),_1,_4)
print("mma_shape_B:\t"); print(mma_shape_B); print("\n");  // mma_shape_B:  ((_256,_16),_1,_4)
auto sA_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeA>{}, mma_shape_A);
auto sB_layout = UMMA::tile_to_mma_shape(UMMA::Layout_K_SW128_Atom<TypeB>{}, mma_shape_B);
print("sA_layout:\t"); print(sA_layout); print("\n");      // sA_layout:   Sw<3,4,3> o smem_ptr[16b](unset) o ((_128,_16),_1,_4):((_64,_1),_0,_16)
print("sB_layout:\t"); print(sB_layout); print("\n");      // sB_layout:   Sw<3,4,3> o smem_ptr[16b](unset) o ((_256,_16),_1,_4):((_64,_1),_0,_16)
auto cluster_shape = make_shape(Int<1>{}, Int<1>{}, Int<1>{});
Layout cluster_layout_vmnk = tiled_divide(make_layout(cluster_shape),
                                          make_tile(typename decltype(tiled_mma)::AtomThrID{}));
print(cluster_layout_vmnk); print("\n");
print(round_up(size(ceil_div(Gemm_M, bM)), size<0>(cluster_shape))); print(" "); print(round_up(size(ceil_div(Gemm_N, bN)), size<1>(cluster_shape))); print("\n");
