// examples/cute/tutorial/sgemm_1.cu, the mainloop's slices (lines ~170-180): tAgA(_,_,k_tile) for k_tile = 5
auto mA = make_tensor(make_gmem_ptr((float*)0x10000), make_shape(5120, 4096), make_stride(Int<1>{}, 5120));
auto gA = local_tile(mA, make_shape(Int<128>{}, Int<128>{}, Int<8>{}), make_coord(2, 3, _), Step<_1, X,_1>{});
auto tA = make_layout(make_shape(Int<32>{}, Int<8>{}));
Tensor tAgA = local_partition(gA, tA, 37);
Tensor tAgAk = tAgA(_,_,5);
print(tAgAk); print("\n");
print(size(tAgAk)); print("\n");
