// Colfax's TMA tutorial (the Chinese translation in the seeds): tma_load_kernel's coordinate tensors, written as host code for block 7
using T = float;
constexpr int CTA_M = 16;
constexpr int CTA_N = 16;
auto gmem_layout = make_layout(make_shape(1024, 1024), LayoutRight{});
auto gmem_tensor = make_tensor(make_gmem_ptr((T*)0x10000), gmem_layout);
auto smem_layout = make_layout(make_shape(Int<CTA_M>{}, Int<CTA_N>{}), LayoutRight{});
auto tma_load = make_tma_copy(SM90_TMA_LOAD{}, gmem_tensor, smem_layout);
auto gmem_tensor_coord = tma_load.get_tma_tensor(shape(gmem_tensor));
if (cute::thread(0)) { cute::print(gmem_tensor_coord); }
print("\n");
auto gmem_tensor_coord_cta = local_tile(gmem_tensor_coord, Tile<Int<CTA_M>, Int<CTA_N>>{}, make_coord(7, 0));
if (cute::block(7)) { cute::print_tensor(gmem_tensor_coord_cta); }
