// One sweep of the five-point Jacobi stencil on an n x n f32 grid: coalesced, read-only
// loads through the non-coherent cache (__restrict__ const, __ldg), the boundary copied.
// Same additions in the same order as jacobi2d.mlir.
#include "common.h"

extern "C" __global__ void jacobi2d(const float* __restrict__ in, float* __restrict__ out, int n) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  float centre = __ldg(&in[y * n + x]);
  float value = centre;
  if (y > 0 && y < n - 1 && x > 0 && x < n - 1) {
    float sum = centre + __ldg(&in[(y - 1) * n + x]);
    sum = sum + __ldg(&in[(y + 1) * n + x]);
    sum = sum + __ldg(&in[y * n + x - 1]);
    sum = sum + __ldg(&in[y * n + x + 1]);
    value = sum * 0.2f;
  }
  out[y * n + x] = value;
}
