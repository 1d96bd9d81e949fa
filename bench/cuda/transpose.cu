// Transpose of an n x n f32 matrix (n a multiple of 32): the CUDA SDK's
// transposeNoBankConflicts. A 32x8 block moves a 32x32 tile through shared memory whose
// rows are padded by one word, so reading the tile down a column hits 32 different banks.
// The reference of both transpose_naive.mlir and transpose_tiled.mlir.
#include "common.h"

#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose(const float* __restrict__ in, float* __restrict__ out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
