// The CUDA SDK's separable convolution (convolutionRowsKernel, convolutionColumnsKernel),
// radius 8, filter in constant memory (c_kernel, copied by the launch). The rows kernel's
// shared array is padded to 176 words a row (the SDK's 160 puts the two rows of a warp in
// the same banks); the columns kernel keeps the SDK's +1 padding. Same products and sums in
// the same order as convolution_rows.mlir and convolution_columns.mlir.
#include "common.h"

#define RADIUS 8
#define ROWS_X 16
#define ROWS_Y 4
#define COLUMNS_X 16
#define COLUMNS_Y 8
#define STEPS 8
#define HALO 1

__constant__ float c_kernel[2 * RADIUS + 1];

extern "C" __global__ void convolution_rows(const float* __restrict__ source,
                                            float* __restrict__ destination, int width) {
  __shared__ float rows[ROWS_Y][(STEPS + 2 * HALO) * ROWS_X + 16];
  int base_x = (blockIdx.x * STEPS - HALO) * ROWS_X + threadIdx.x;
  int y = blockIdx.y * ROWS_Y + threadIdx.y;
  const float* in = source + (long)y * width + base_x;
#pragma unroll
  for (int i = 0; i < STEPS + 2 * HALO; ++i) {
    int x = base_x + i * ROWS_X;
    rows[threadIdx.y][threadIdx.x + i * ROWS_X] = (x >= 0 && x < width) ? in[i * ROWS_X] : 0.0f;
  }
  __syncthreads();
#pragma unroll
  for (int i = HALO; i < HALO + STEPS; ++i) {
    float sum = 0.0f;
#pragma unroll
    for (int j = -RADIUS; j <= RADIUS; ++j)
      sum = sum + c_kernel[RADIUS - j] * rows[threadIdx.y][threadIdx.x + i * ROWS_X + j];
    destination[(long)y * width + base_x + i * ROWS_X] = sum;
  }
}

extern "C" __global__ void convolution_columns(const float* __restrict__ source,
                                               float* __restrict__ destination, int width,
                                               int height) {
  __shared__ float columns[COLUMNS_X][(STEPS + 2 * HALO) * COLUMNS_Y + 1];
  int x = blockIdx.x * COLUMNS_X + threadIdx.x;
  int base_y = (blockIdx.y * STEPS - HALO) * COLUMNS_Y + threadIdx.y;
#pragma unroll
  for (int i = 0; i < STEPS + 2 * HALO; ++i) {
    int y = base_y + i * COLUMNS_Y;
    columns[threadIdx.x][threadIdx.y + i * COLUMNS_Y] =
        (y >= 0 && y < height) ? source[(long)y * width + x] : 0.0f;
  }
  __syncthreads();
#pragma unroll
  for (int i = HALO; i < HALO + STEPS; ++i) {
    float sum = 0.0f;
#pragma unroll
    for (int j = -RADIUS; j <= RADIUS; ++j)
      sum = sum + c_kernel[RADIUS - j] * columns[threadIdx.x][threadIdx.y + i * COLUMNS_Y + j];
    destination[(long)(base_y + i * COLUMNS_Y) * width + x] = sum;
  }
}
