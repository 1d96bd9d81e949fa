// The D2Q4 collide-and-stream step of lbm_aos.mlir on the same array-of-structures layout:
// each thread reads its cell's four populations with one 16-byte vector load (instead of
// four 4-byte loads that each touch four times the sectors they need) and streams them to
// its neighbours. Same operations in the same order.
#include "common.h"

extern "C" __global__ void lbm(const float4* __restrict__ cells, float* __restrict__ next,
                               int nx) {
  int i = 1 + blockIdx.x * blockDim.x + threadIdx.x;
  int j = 1 + blockIdx.y;
  if (i >= nx - 1) return;
  float4 cell = __ldg(&cells[j * nx + i]);
  float sum = cell.x + cell.y;
  sum = sum + cell.z;
  sum = sum + cell.w;
  float mean = sum * 0.25f;
  float east = cell.x + 0.5f * (mean - cell.x);
  float west = cell.y + 0.5f * (mean - cell.y);
  float north = cell.z + 0.5f * (mean - cell.z);
  float south = cell.w + 0.5f * (mean - cell.w);
  next[(j * nx + i + 1) * 4 + 0] = east;
  next[(j * nx + i - 1) * 4 + 1] = west;
  next[((j - 1) * nx + i) * 4 + 2] = north;
  next[((j + 1) * nx + i) * 4 + 3] = south;
}
