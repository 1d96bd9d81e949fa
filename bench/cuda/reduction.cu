// Sum reduction to one partial sum per block (reduction.mlir): a grid-stride loop, a
// shared-memory tree down to one warp, then warp shuffles (no shared memory, no barriers).
// __shfl_down_sync(v, s) adds lane t + s to lane t: the same pairs as the shared tree.
#include "common.h"

#define THREADS 256

extern "C" __global__ void reduction(const float* __restrict__ values, float* __restrict__ partial,
                                     int n) {
  __shared__ float sums[THREADS];
  int tx = threadIdx.x;
  float own = 0.0f;
  for (int i = blockIdx.x * THREADS + tx; i < n; i += gridDim.x * THREADS) own = own + values[i];
  sums[tx] = own;
  __syncthreads();
  for (int half = THREADS / 2; half >= 32; half /= 2) {
    if (tx < half) sums[tx] = sums[tx] + sums[tx + half];
    __syncthreads();
  }
  if (tx < 32) {
    float v = sums[tx];
    for (int half = 16; half >= 1; half /= 2) v = v + __shfl_down_sync(FULL_WARP, v, half);
    if (tx == 0) partial[blockIdx.x] = v;
  }
}
