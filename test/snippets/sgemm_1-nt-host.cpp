// examples/cute/tutorial/sgemm_1.cu, gemm_nt (lines ~245-280): the host's shapes, strides, tiler and layouts
int m = 5120; int n = 5120; int k = 4096;
int ldA = m; int ldB = n; int ldC = m;
auto M = int(m);
auto N = int(n);
auto K = int(k);
auto prob_shape = make_shape(M, N, K);                     // (M, N, K)
auto dA = make_stride(Int<1>{}, ldA);                      // (dM, dK)
auto dB = make_stride(Int<1>{}, ldB);                      // (dN, dK)
auto dC = make_stride(Int<1>{}, ldC);                      // (dM, dN)
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto cta_tiler = make_shape(bM, bN, bK);                   // (BLK_M, BLK_N, BLK_K)
auto sA = make_layout(make_shape(bM, bK));                 // (m,k) -> smem_idx; m-major
auto sB = make_layout(make_shape(bN, bK));                 // (n,k) -> smem_idx; n-major
auto sC = make_layout(make_shape(bM, bN));                 // (m,n) -> smem_idx; m-major
auto tA = make_layout(make_shape(Int<32>{}, Int< 8>{}));   // (m,k) -> thr_idx
auto tB = make_layout(make_shape(Int<32>{}, Int< 8>{}));   // (n,k) -> thr_idx
auto tC = make_layout(make_shape(Int<16>{}, Int<16>{}));   // (m,n) -> thr_idx
print(prob_shape); print("\n");
print(dA); print(" "); print(dB); print(" "); print(dC); print("\n");
print(cta_tiler); print("\n");
print(sA); print("\n"); print(sB); print("\n"); print(sC); print("\n");
print(tA); print("\n"); print(tB); print("\n"); print(tC); print("\n");
print(size(tC)); print("\n");
print(size(ceil_div(M, bM))); print(" "); print(size(ceil_div(N, bN))); print("\n");
