// media/docs/cpp/cute/03_tensor.md (tensor creation, slicing, tiling sections): a gmem tensor, its slices and tiles
Tensor A = make_tensor(make_gmem_ptr((float*)0x1000), make_shape(Int<8>{}, Int<24>{}), LayoutRight{});
print(A); print("\n");
print(A(_,3)); print("\n");
print(A(2,_)); print("\n");
Tensor B = zipped_divide(A, make_shape(Int<2>{}, Int<4>{}));
print(B); print("\n");
print(B(make_coord(0,1), make_coord(_,_))); print("\n");
print(size<0>(B)); print(" "); print(size<1>(B)); print("\n");
Tensor C = local_tile(A, make_shape(Int<4>{}, Int<8>{}), make_coord(1, 2));
print(C); print("\n");
