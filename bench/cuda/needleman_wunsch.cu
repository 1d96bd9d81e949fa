// Needleman-Wunsch-like (Rodinia's needle_cuda_shared_1, every tile from the input borders
// as in needleman_wunsch.mlir): the 17x17 score tile's rows are padded to 18 words, so the
// anti-diagonal reads temp[m - tx][tx], 17·m − 16·tx words in, no longer fall into two banks.
#include "common.h"

#define BLOCK 16
#define PENALTY 10

extern "C" __global__ void needleman_wunsch(const int* __restrict__ scores,
                                            const signed char* __restrict__ reference,
                                            int* __restrict__ result, int columns) {
  __shared__ int tile[BLOCK + 1][BLOCK + 2];
  __shared__ int ref[BLOCK][BLOCK];
  int tx = threadIdx.x;
  int row0 = blockIdx.y * BLOCK, column0 = blockIdx.x * BLOCK;
  if (tx == 0) tile[0][0] = scores[row0 * columns + column0];
  for (int ty = 0; ty < BLOCK; ++ty)
    ref[ty][tx] = reference[(row0 + ty + 1) * columns + column0 + tx + 1];
  tile[tx + 1][0] = scores[(row0 + tx + 1) * columns + column0];
  tile[0][tx + 1] = scores[row0 * columns + column0 + tx + 1];
  __syncthreads();
  for (int m = 0; m < BLOCK; ++m) {
    if (tx <= m) {
      int x = tx + 1, y = m - tx + 1;
      tile[y][x] = max(max(tile[y - 1][x - 1] + ref[y - 1][x - 1], tile[y][x - 1] - PENALTY),
                       tile[y - 1][x] - PENALTY);
    }
    __syncthreads();
  }
  for (int m = BLOCK - 2; m >= 0; --m) {
    if (tx <= m) {
      int x = tx + BLOCK - m, y = BLOCK - tx;
      tile[y][x] = max(max(tile[y - 1][x - 1] + ref[y - 1][x - 1], tile[y][x - 1] - PENALTY),
                       tile[y - 1][x] - PENALTY);
    }
    __syncthreads();
  }
  for (int ty = 0; ty < BLOCK; ++ty)
    result[(row0 + ty + 1) * columns + column0 + tx + 1] = tile[ty + 1][tx + 1];
}
