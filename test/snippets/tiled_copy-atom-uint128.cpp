// examples/cute/tutorial/tiled_copy.cu (lines ~170-185): the copy atom spelled with a 16-byte access type, as uint_byte_t<16> names it
using Element = float;
Layout thr_layout = make_layout(make_shape(Int<32>{}, Int<8>{}));
Layout val_layout = make_layout(make_shape(Int<4>{}, Int<1>{}));
using CopyOp = UniversalCopy<uint128_t>;
using Atom = Copy_Atom<CopyOp, Element>;
TiledCopy tiled_copy = make_tiled_copy(Atom{}, thr_layout, val_layout);
print(tiled_copy);
