// 3DFD-like (the CUDA SDK's FDTD3d): radius-4 cross stencil, a 16x16 block marching through
// z. The z neighbours ride in a register queue (each input element loaded once for the z
// direction, as in the SDK); the x-y tile is staged in shared memory with rows of 48 words
// (stride 16 mod 32 banks: the two rows of a warp never share a bank; the SDK's 24 do). Same
// operations in the same order as fdtd3d.mlir.
#include "common.h"

#define RADIUS 4
#define TILE 16
#define PITCH 48

extern "C" __global__ void fdtd3d(const float* __restrict__ input, float* __restrict__ output,
                                  int n) {
  __shared__ float tile[TILE + 2 * RADIUS][PITCH];
  int m = n + 2 * RADIUS;
  long plane = (long)m * m;
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  int sx = threadIdx.x + RADIUS, sy = threadIdx.y + RADIUS;
  long column = (long)(y + RADIUS) * m + x + RADIUS;
  float behind[RADIUS], infront[RADIUS];
#pragma unroll
  for (int r = 1; r <= RADIUS; ++r) {
    behind[r - 1] = input[(RADIUS - r) * plane + column];
    infront[r - 1] = input[(RADIUS + r) * plane + column];
  }
  float current = input[RADIUS * plane + column];
  for (int z = 0; z < n; ++z) {
    long iz = (long)(z + RADIUS) * plane;
    tile[sy][sx] = current;
    if (threadIdx.y < RADIUS) {
      tile[threadIdx.y][sx] = input[iz + (long)y * m + x + RADIUS];
      tile[threadIdx.y + TILE + RADIUS][sx] = input[iz + (long)(y + TILE + RADIUS) * m + x + RADIUS];
    }
    if (threadIdx.x < RADIUS) {
      tile[sy][threadIdx.x] = input[iz + (long)(y + RADIUS) * m + x];
      tile[sy][threadIdx.x + TILE + RADIUS] = input[iz + (long)(y + RADIUS) * m + x + TILE + RADIUS];
    }
    __syncthreads();
    float value = 0.5f * tile[sy][sx];
    float coefficient = 0.5f;
#pragma unroll
    for (int r = 1; r <= RADIUS; ++r) {
      float sum = tile[sy][sx - r] + tile[sy][sx + r];
      sum = sum + tile[sy - r][sx];
      sum = sum + tile[sy + r][sx];
      sum = sum + behind[r - 1];
      sum = sum + infront[r - 1];
      coefficient = coefficient * 0.5f;
      value = value + coefficient * sum;
    }
    output[((long)z * n + y) * n + x] = value;
    __syncthreads();
#pragma unroll
    for (int r = RADIUS - 1; r > 0; --r) behind[r] = behind[r - 1];
    behind[0] = current;
    current = infront[0];
#pragma unroll
    for (int r = 0; r < RADIUS - 1; ++r) infront[r] = infront[r + 1];
    if (z + 1 < n) infront[RADIUS - 1] = input[iz + (RADIUS + 1) * plane + column];
  }
}
