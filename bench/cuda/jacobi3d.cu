// One sweep of the seven-point Jacobi (heat) stencil on an n^3 f32 grid: a 32x4 block
// marches up k keeping the k-1, k and k+1 values of its column in registers (2.5-D
// blocking), so each element is loaded once for the z direction; x-y neighbours through the
// read-only cache. Same operations in the same order as jacobi3d.mlir.
#include "common.h"

extern "C" __global__ void jacobi3d(const float* __restrict__ a, float* __restrict__ b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = blockIdx.y * blockDim.y + threadIdx.y;
  if (i == 0 || i >= n - 1 || j == 0 || j >= n - 1) return;
  long plane = (long)n * n;
  long at = (long)j * n + i;
  float down = __ldg(&a[at]);
  float centre = __ldg(&a[plane + at]);
  for (int k = 1; k < n - 1; ++k) {
    long here = k * plane + at;
    float up = __ldg(&a[here + plane]);
    float sum = __ldg(&a[here - 1]) + __ldg(&a[here + 1]);
    sum = sum + __ldg(&a[here - n]);
    sum = sum + __ldg(&a[here + n]);
    sum = sum + down;
    sum = sum + up;
    float weighted = 0.1f * sum;
    float own = 0.4f * centre;
    b[here] = own + weighted;
    down = centre;
    centre = up;
  }
}
