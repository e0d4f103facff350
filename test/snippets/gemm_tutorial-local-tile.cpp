// media/docs/cpp/cute/0x_gemm_tutorial.md, "CTA Partitioning": local_tile with a Step projection is shorthand for select<0,2> of tiler and coord, and for zipped_divide then slicing the rest mode; block (2,3) of gemm_nt's A
using TA = float;
auto shape_MNK = make_shape(5120, 5120, 4096);
auto dA = make_stride(Int<1>{}, 5120);
Tensor mA = make_tensor(make_gmem_ptr((TA*)0x10000), select<0,2>(shape_MNK), dA);  // (M,K)
auto bM = Int<128>{};
auto bN = Int<128>{};
auto bK = Int<  8>{};
auto cta_tiler = make_shape(bM, bN, bK);  // (BLK_M, BLK_N, BLK_K)
auto cta_coord = make_coord(2, 3, _);              // (m,n,k)
Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X,_1>{});  // (BLK_M,BLK_K,k)
Tensor gA_select = local_tile(mA, select<0,2>(cta_tiler), select<0,2>(cta_coord));
// ((BLK_M,BLK_K),(m,k))
Tensor gA_mk = zipped_divide(mA, select<0,2>(cta_tiler));
// (BLK_M,BLK_K,k)
Tensor gA_zd = gA_mk(make_coord(_,_), select<0,2>(cta_coord));
print(gA); print("\n");
print(gA_select); print("\n");
print(gA_zd); print("\n");
print(gA_mk); print("\n");
