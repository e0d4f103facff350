// Encode-only probe, run on an H100 (driver 580.159.04): which TMA box sizes does the real
// cuTensorMapEncodeTiled accept? Not part of the test suite (CI has no GPU); its output is kept
// as data in fixtures/hw/tma-box-limit.txt. Build: nvcc -o tma-box-limit tma-box-limit.cu -ldl
#include <cuda.h>
#include <cstdio>
#include <cstdint>
#include <dlfcn.h>
#define LOAD(f) static decltype(&::f) p_##f = (decltype(&::f))dlsym(H, #f)
static void* H = dlopen("libcuda.so.1", RTLD_NOW);
LOAD(cuInit);
LOAD(cuDeviceGet);
LOAD(cuDevicePrimaryCtxRetain);
LOAD(cuCtxSetCurrent);
static auto p_cuMemAlloc = (CUresult(*)(CUdeviceptr*, size_t))dlsym(H, "cuMemAlloc_v2");
LOAD(cuDeviceGetName);
LOAD(cuDriverGetVersion);
LOAD(cuTensorMapEncodeTiled);
int main() {
  if (!H) { printf("no libcuda\n"); return 1; }
  p_cuInit(0);
  CUdevice dev; p_cuDeviceGet(&dev, 0);
  CUcontext ctx; p_cuDevicePrimaryCtxRetain(&ctx, dev); p_cuCtxSetCurrent(ctx);
  void* g; p_cuMemAlloc((CUdeviceptr*)&g, 1 << 26);
  char name[128]; p_cuDeviceGetName(name, 128, dev);
  int drv; p_cuDriverGetVersion(&drv);
  printf("device %s driver %d\n", name, drv);
  struct T { CUtensorMapDataType t; int bytes; const char* n; } types[] = {
    {CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, "u8"}, {CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, "f16"},
    {CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, "f32"}, {CU_TENSOR_MAP_DATA_TYPE_FLOAT64, 8, "f64"}};
  // 2-D and 3-D boxes; report max accepted and min rejected total bytes per type and rank
  for (auto& ty : types) {
    for (int rank = 2; rank <= 3; rank++) {
      long maxOk = 0, minBad = 1L << 40; int bad_below = 0;
      long okList = 0;
      for (int b0 = 16 / ty.bytes; b0 <= 256; b0 += 16 / ty.bytes) {
        for (int b1 = 1; b1 <= 256; b1++) {
          for (int b2 = 1; b2 <= (rank == 3 ? 8 : 1); b2++) {
            long bytes = (long)b0 * b1 * b2 * ty.bytes;
            if (bytes < 200000 || bytes > 300000) continue;
            CUtensorMap m;
            cuuint64_t dims[3] = {4096, 4096, 16};
            cuuint64_t strides[2] = {(cuuint64_t)4096 * ty.bytes, (cuuint64_t)4096 * 4096 * ty.bytes};
            cuuint32_t box[3] = {(cuuint32_t)b0, (cuuint32_t)b1, (cuuint32_t)b2};
            cuuint32_t es[3] = {1, 1, 1};
            CUresult r = p_cuTensorMapEncodeTiled(&m, ty.t, rank, g, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                                CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
            if (r == CUDA_SUCCESS) { if (bytes > maxOk) maxOk = bytes; okList++; }
            else { if (bytes < minBad) minBad = bytes; }
          }
        }
      }
      // monotone check: any accepted box above minBad?
      printf("%s rank %d: max accepted %ld B, min rejected %ld B, threshold-consistent %s\n", ty.n, rank, maxOk, minBad, maxOk < minBad ? "yes" : "no");
    }
  }
  // the same near the limit with a swizzle (128B) and box inner = 128 bytes
  for (int b1 = 200; b1 <= 256; b1++) {
    for (int b2 = 1; b2 <= 8; b2++) {
      CUtensorMap m; cuuint64_t dims[3] = {4096, 4096, 16};
      cuuint64_t strides[2] = {4096 * 2, (cuuint64_t)4096 * 4096 * 2};
      cuuint32_t box[3] = {64, (cuuint32_t)b1, (cuuint32_t)b2}; cuuint32_t es[3] = {1, 1, 1};
      long bytes = 64L * 2 * b1 * b2;
      if (bytes < 225000 || bytes > 240000) continue;
      CUresult r = p_cuTensorMapEncodeTiled(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 3, g, dims, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                          CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_128B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
      printf("sw128 f16 box (64,%d,%d) = %ld B: %d\n", b1, b2, bytes, (int)r);
    }
  }
  return 0;
}
