// examples/cute/tutorial/blackwell/01_mma_sm100.cu (line ~245): the accumulator's value type through decltype (the MMA's c_type, float)
TiledMMA tiled_mma = make_tiled_mma(SM100_MMA_F16BF16_SS<half_t, half_t, float, 128, 256, UMMA::Major::K, UMMA::Major::K>{});
Tensor tCtAcc = partition_fragment_C(tiled_mma, make_shape(Int<128>{}, Int<256>{}));
using AccType = typename decltype(tCtAcc)::value_type;
print(make_tensor<AccType>(Shape<_4>{}).layout());
print(" "); print(sizeof(make_tensor<AccType>(Shape<_8>{})));
