// examples/cute/tutorial/sgemm_1.cu (lines ~125-150): the accumulators tCrC = make_tensor_like(tCgC), printed as thread0() would
auto mC = make_tensor(make_gmem_ptr((float*)0x30000), make_shape(5120, 5120), make_stride(Int<1>{}, 5120));
Tensor gC = local_tile(mC, make_shape(Int<128>{}, Int<128>{}, Int<8>{}), make_coord(0, 0, _), Step<_1,_1, X>{});
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));
Tensor tCgC = local_partition(gC, tC, 0, Step<_1,_1>{});
Tensor tCrC = make_tensor_like(tCgC);
print("tCrC : "); print(tCrC); print("\n");
