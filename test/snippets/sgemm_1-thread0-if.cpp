// examples/cute/tutorial/sgemm_1.cu (lines ~130-140): the #if 0 print blocks guarded by if(thread0()), true on the host
auto mA = make_tensor(make_gmem_ptr((float*)0x10000), make_shape(5120, 4096), make_stride(Int<1>{}, 5120));
if (thread0()) {
  print("  mA : "); print(  mA); print("\n");
}
