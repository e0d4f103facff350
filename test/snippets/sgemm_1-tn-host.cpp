// examples/cute/tutorial/sgemm_1.cu, gemm_tn (lines ~290-325): k-major layouts with LayoutRight
int m = 5120; int n = 5120; int k = 4096;
int ldA = k; int ldB = k; int ldC = m;
auto prob_shape = make_shape(m, n, k);
auto dA = make_stride(ldA, Int<1>{});                      // (dM, dK)
auto dB = make_stride(ldB, Int<1>{});                      // (dN, dK)
auto dC = make_stride(Int<1>{}, ldC);                      // (dM, dN)
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto cta_tiler = make_shape(bM, bN, bK);
auto sA = make_layout(make_shape(bM,bK), LayoutRight{});   // (m,k) -> smem_idx; k-major
auto sB = make_layout(make_shape(bN,bK), LayoutRight{});   // (n,k) -> smem_idx; k-major
auto sC = make_layout(make_shape(bM, bN));
auto tA = make_layout(make_shape(Int<32>{}, Int< 8>{}), LayoutRight{});  // (m,k) -> thr_idx; k-major
auto tB = make_layout(make_shape(Int<32>{}, Int< 8>{}), LayoutRight{});  // (n,k) -> thr_idx; k-major
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));                 // (m,n) -> thr_idx; m-major
print(prob_shape); print("\n");
print(dA); print(" "); print(dB); print(" "); print(dC); print("\n");
print(sA); print("\n"); print(sB); print("\n"); print(sC); print("\n");
print(tA); print("\n"); print(tB); print("\n"); print(tC); print("\n");
