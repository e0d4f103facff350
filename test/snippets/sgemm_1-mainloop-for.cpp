// examples/cute/tutorial/sgemm_1.cu (lines ~165-175): the mainloop over k-tiles (its copies and gemm left out: device calls)
auto mA = make_tensor(make_gmem_ptr((float*)0x10000), make_shape(5120, 4096), make_stride(Int<1>{}, 5120));
auto K_TILE_MAX = size<1>(mA) / 8;
for (int k_tile = 0; k_tile < K_TILE_MAX; ++k_tile) {
  print(k_tile);
}
