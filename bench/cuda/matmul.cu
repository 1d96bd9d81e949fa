// C = A·B for n x n f32 matrices (n a multiple of 32): 32x32 tiles of A and B staged in
// shared memory, a 32x8 block computing a 32x32 tile of C, four outputs per thread. Each
// output is the sum over k in order, one rounding per product and per addition (as
// matmul.mlir), so the results are bit-identical.
#include "common.h"

#define TILE 32
#define ROWS 8

extern "C" __global__ void matmul(const float* __restrict__ a, const float* __restrict__ b,
                                  float* __restrict__ c, int n) {
  __shared__ float a_tile[TILE][TILE + 1];
  __shared__ float b_tile[TILE][TILE];
  int column = blockIdx.x * TILE + threadIdx.x;
  int row = blockIdx.y * TILE + threadIdx.y;
  float sum[TILE / ROWS] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int k0 = 0; k0 < n; k0 += TILE) {
    for (int j = 0; j < TILE; j += ROWS) {
      a_tile[threadIdx.y + j][threadIdx.x] = a[(row + j) * n + k0 + threadIdx.x];
      b_tile[threadIdx.y + j][threadIdx.x] = b[(k0 + threadIdx.y + j) * n + column];
    }
    __syncthreads();
    for (int k = 0; k < TILE; ++k) {
      float y = b_tile[k][threadIdx.x];
#pragma unroll
      for (int r = 0; r < TILE / ROWS; ++r) {
        float product = a_tile[threadIdx.y + r * ROWS][k] * y;
        sum[r] = sum[r] + product;
      }
    }
    __syncthreads();
  }
#pragma unroll
  for (int r = 0; r < TILE / ROWS; ++r) c[(row + r * ROWS) * n + column] = sum[r];
}
