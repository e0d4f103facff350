// media/docs/cpp/cute/0y_predication.md (the "predication" section): an identity tensor partitioned like the data, the predicate tensor
auto mA = make_tensor(make_gmem_ptr((float*)0x10000), make_shape(1000, 500), make_stride(Int<1>{}, 1000));
Tensor cA = make_identity_tensor(shape(mA));                                   // (M,K) -> (m,k)
Tensor gA = local_tile(mA, make_shape(Int<128>{}, Int<8>{}), make_coord(7, _));   // (BLK_M,BLK_K,k)
Tensor cta_cA = local_tile(cA, make_shape(Int<128>{}, Int<8>{}), make_coord(7, _)); // (BLK_M,BLK_K,k) -> (m,k)
auto tA = make_layout(make_shape(Int<32>{}, Int<8>{}));
Tensor tAgA = local_partition(gA, tA, 37);
Tensor tAcA = local_partition(cta_cA, tA, 37);
Tensor tApA = make_tensor<bool>(make_shape(size<0>(tAcA), size<1>(tAcA)), make_stride(Int<1>{}, Int<0>{}));
print(cta_cA); print("\n");
print(tAcA); print("\n");
print(tApA.layout()); print("\n");
print(elem_less(tAcA(3,0,0), shape(mA))); print(" "); print(elem_less(tAcA(3,0,0), make_shape(900, 500))); print("\n");
