// examples/cute/tutorial/tiled_copy.cu, main (lines ~130-200): tensors, tiled_divide, the vectorized TiledCopy
using Element = float;
auto tensor_shape = make_shape(256, 512);
Tensor tensor_S = make_tensor(make_gmem_ptr((Element*)0x10000), make_layout(tensor_shape));
Tensor tensor_D = make_tensor(make_gmem_ptr((Element*)0x90000), make_layout(tensor_shape));
auto block_shape = make_shape(Int<128>{}, Int<64>{});
print(evenly_divides(tensor_shape, block_shape)); print("\n");
print((size<0>(tensor_shape) % size<0>(block_shape)) || (size<1>(tensor_shape) % size<1>(block_shape))); print("\n");
Tensor tiled_tensor_S = tiled_divide(tensor_S, block_shape);      // ((M, N), m', n')
Tensor tiled_tensor_D = tiled_divide(tensor_D, block_shape);      // ((M, N), m', n')
Layout thr_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));  // (32,8) -> thr_idx
Layout val_layout = make_layout(make_shape(Int<4>{}, Int<1>{}));   // (4,1) -> val_idx
using CopyOp = UniversalCopy<uint_byte_t<sizeof(Element) * size(val_layout)>>;
using Atom = Copy_Atom<CopyOp, Element>;
TiledCopy tiled_copy = make_tiled_copy(Atom{},             // Access strategy
                                       thr_layout,         // thread layout (e.g. 32x4 Col-Major)
                                       val_layout);        // value layout (e.g. 4x1)
print(tiled_tensor_S); print("\n");
print(tiled_tensor_D); print("\n");
print(size<1>(tiled_tensor_D)); print(" "); print(size<2>(tiled_tensor_D)); print(" "); print(size(thr_layout)); print("\n");
print(tiled_copy);
