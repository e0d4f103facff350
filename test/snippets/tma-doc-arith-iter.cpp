// media/docs/cpp/cute/0z_tma_tensors.md: an ArithmeticTupleIterator offset by a tuple, dereferenced
ArithmeticTupleIterator citer_1 = make_inttuple_iter(42, Int<2>{}, Int<7>{});
ArithmeticTupleIterator citer_2 = citer_1 + make_tuple(Int<0>{}, 5, Int<2>{});
print(*citer_2);
