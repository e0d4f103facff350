// media/docs/cpp/cute/0z_tma_tensors.md: a tensor of implicit integers over a counting iterator
Tensor A = make_tensor(counting_iterator<int>(42), make_shape(4,5));
print_tensor(A);
