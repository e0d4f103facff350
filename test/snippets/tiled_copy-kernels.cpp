// examples/cute/tutorial/tiled_copy.cu, copy_kernel and copy_kernel_vectorized (lines ~75-120), block (1,2), thread 37
using Element = float;
Tensor tensor_S = make_tensor(make_gmem_ptr((Element*)0x10000), make_layout(make_shape(256, 512)));
Tensor S = tiled_divide(tensor_S, make_shape(Int<128>{}, Int<64>{}));
Tensor tile_S = S(make_coord(_,_), 1, 2);   // (BlockShape_M, BlockShape_N)
using ThreadLayout = Layout<Shape<_32,_8>>;
Tensor thr_tile_S = local_partition(tile_S, ThreadLayout{}, 37);  // (ThrValM, ThrValN)
Tensor fragment = make_tensor_like(thr_tile_S);               // (ThrValM, ThrValN)
TiledCopy tiled_copy = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, Element>{}, Layout<Shape<_32,_8>>{}, Layout<Shape<_4,_1>>{});
ThrCopy thr_copy = tiled_copy.get_thread_slice(37);
Tensor thr_tile_S2 = thr_copy.partition_S(tile_S);             // (CopyOp, CopyM, CopyN)
Tensor fragment2 = make_fragment_like(thr_tile_S2);            // (CopyOp, CopyM, CopyN)
print(tile_S); print("\n");
print(thr_tile_S); print("\n");
print(fragment.layout()); print("\n");
print(thr_tile_S2); print("\n");
print(fragment2.layout()); print("\n");
