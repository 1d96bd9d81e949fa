// SAD-like motion search (sad.mlir): each 16x16 block stages its 8x8 current macroblock and
// the 23x23 reference window all 256 displacements read in shared memory (one global load
// per element instead of 64 overlapping ones per thread), then every thread sums its
// displacement's absolute differences, rows then columns in order, as sad.mlir does.
#include "common.h"

#define BLOCK 8
#define RANGE 16
#define WINDOW (BLOCK + RANGE - 1)

extern "C" __global__ void sad(const float* __restrict__ current, const float* __restrict__ reference,
                               float* __restrict__ sads, int width, int reference_width) {
  __shared__ float block[BLOCK][BLOCK];
  __shared__ float window[WINDOW][WINDOW + 1];
  int x0 = blockIdx.x * BLOCK, y0 = blockIdx.y * BLOCK;
  int thread = threadIdx.y * RANGE + threadIdx.x;
  if (thread < BLOCK * BLOCK)
    block[thread / BLOCK][thread % BLOCK] = current[(y0 + thread / BLOCK) * width + x0 + thread % BLOCK];
  for (int e = thread; e < WINDOW * WINDOW; e += RANGE * RANGE)
    window[e / WINDOW][e % WINDOW] = reference[(y0 + e / WINDOW) * reference_width + x0 + e % WINDOW];
  __syncthreads();
  float total = 0.0f;
  for (int r = 0; r < BLOCK; ++r)
    for (int c = 0; c < BLOCK; ++c)
      total = total + fabsf(block[r][c] - window[threadIdx.y + r][threadIdx.x + c]);
  int macroblock = blockIdx.y * gridDim.x + blockIdx.x;
  sads[macroblock * RANGE * RANGE + thread] = total;
}
