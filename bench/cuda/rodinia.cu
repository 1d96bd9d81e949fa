// Rodinia kernels as their authors wrote them (GitHub yuhc/gpu-rodinia, commit
// 9c10d3ea16ddba2ba057cc3951a9efc4c2cc18a4, Rodinia 3.1, cuda/): the references for the
// suite's Rodinia real-* entries (bench/kernels/real_hotspot.mlir, real_srad_cuda_1.mlir,
// real_invert_mapping.mlir, ports of the same sources) are the original code compiled by nvcc,
// not a hand-optimized version, as bench/cuda/polybench.cu does for PolyBench/GPU. The sizes
// are the kernels' own int parameters (no size macro in these kernels); BLOCK_SIZE is the
// sources' default, 16, as in the MLIR ports. C's float/double mix is kept as written (the
// MLIR ports extend to f64 where C promotes), so outputs compare bit for bit with -fmad=false.
#include "common.h"

#define BLOCK_SIZE 16

// hotspot.cu (cuda/hotspot/hotspot.cu): IN_RANGE as the source defines it.
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))

// hotspot.cu, calculate_temp: a pyramid of `iteration` 5-point stencil steps on three
// __shared__ BLOCK_SIZE x BLOCK_SIZE tiles; each block writes its (BLOCK_SIZE - 2*iteration)^2
// inner outputs.
extern "C" __global__ void calculate_temp(int iteration,      // number of iteration
                                          float* power,       // power input
                                          float* temp_src,    // temperature input/output
                                          float* temp_dst,    // temperature input/output
                                          int grid_cols,      // Col of grid
                                          int grid_rows,      // Row of grid
                                          int border_cols,    // border offset
                                          int border_rows,    // border offset
                                          float Cap,          // Capacitance
                                          float Rx, float Ry, float Rz, float step,
                                          float time_elapsed) {
  __shared__ float temp_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float power_on_cuda[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float temp_t[BLOCK_SIZE][BLOCK_SIZE];  // saving temparary temperature result

  float amb_temp = 80.0;
  float step_div_Cap;
  float Rx_1, Ry_1, Rz_1;

  int bx = blockIdx.x;
  int by = blockIdx.y;

  int tx = threadIdx.x;
  int ty = threadIdx.y;

  step_div_Cap = step / Cap;

  Rx_1 = 1 / Rx;
  Ry_1 = 1 / Ry;
  Rz_1 = 1 / Rz;

  // each block finally computes result for a small block after N iterations.
  // it is the non-overlapping small blocks that cover all the input data

  // calculate the small block size
  int small_block_rows = BLOCK_SIZE - iteration * 2;  // EXPAND_RATE
  int small_block_cols = BLOCK_SIZE - iteration * 2;  // EXPAND_RATE

  // calculate the boundary for the block according to the boundary of its small block
  int blkY = small_block_rows * by - border_rows;
  int blkX = small_block_cols * bx - border_cols;
  int blkYmax = blkY + BLOCK_SIZE - 1;
  int blkXmax = blkX + BLOCK_SIZE - 1;

  // calculate the global thread coordination
  int yidx = blkY + ty;
  int xidx = blkX + tx;

  // load data if it is within the valid input range
  int loadYidx = yidx, loadXidx = xidx;
  int index = grid_cols * loadYidx + loadXidx;

  if (IN_RANGE(loadYidx, 0, grid_rows - 1) && IN_RANGE(loadXidx, 0, grid_cols - 1)) {
    temp_on_cuda[ty][tx] = temp_src[index];  // Load the temperature data from global memory to shared memory
    power_on_cuda[ty][tx] = power[index];    // Load the power data from global memory to shared memory
  }
  __syncthreads();

  // effective range within this block that falls within the valid range of the input data
  // used to rule out computation outside the boundary.
  int validYmin = (blkY < 0) ? -blkY : 0;
  int validYmax = (blkYmax > grid_rows - 1) ? BLOCK_SIZE - 1 - (blkYmax - grid_rows + 1)
                                            : BLOCK_SIZE - 1;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > grid_cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - grid_cols + 1)
                                            : BLOCK_SIZE - 1;

  int N = ty - 1;
  int S = ty + 1;
  int W = tx - 1;
  int E = tx + 1;

  N = (N < validYmin) ? validYmin : N;
  S = (S > validYmax) ? validYmax : S;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;

  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && IN_RANGE(ty, i + 1, BLOCK_SIZE - i - 2) &&
        IN_RANGE(tx, validXmin, validXmax) && IN_RANGE(ty, validYmin, validYmax)) {
      computed = true;
      temp_t[ty][tx] =
          temp_on_cuda[ty][tx] +
          step_div_Cap *
              (power_on_cuda[ty][tx] +
               (temp_on_cuda[S][tx] + temp_on_cuda[N][tx] - 2.0 * temp_on_cuda[ty][tx]) * Ry_1 +
               (temp_on_cuda[ty][E] + temp_on_cuda[ty][W] - 2.0 * temp_on_cuda[ty][tx]) * Rx_1 +
               (amb_temp - temp_on_cuda[ty][tx]) * Rz_1);
    }
    __syncthreads();
    if (i == iteration - 1)
      break;
    if (computed)  // Assign the computation range
      temp_on_cuda[ty][tx] = temp_t[ty][tx];
    __syncthreads();
  }

  // update the global memory
  // after the last iteration, only threads coordinated within the
  // small block perform the calculation and switch on ``computed''
  if (computed) {
    temp_dst[index] = temp_t[ty][tx];
  }
}

// srad_kernel.cu (cuda/srad/srad_v2/srad_kernel.cu), srad_cuda_1: the directional derivatives
// and the diffusion coefficient through six __shared__ BLOCK_SIZE x BLOCK_SIZE tiles (cols and
// rows multiples of BLOCK_SIZE, as the source demands). One construct is re-expressed, as the
// MLIR port (test/RealCode/srad.mlir) does: the source's unconditional
// `north[ty][tx] = J_cuda[index_n]; south[ty][tx] = J_cuda[index_s];` (and west/east with
// index_w/index_e) before the `if (by == 0) ... else if (by == gridDim.y - 1) ...` that
// overwrites them reads J_cuda out of bounds at the grid's edges (index_n < 0 in the first row
// of blocks, index_s past the end in the last, index_w = -1, index_e = rows*cols) and throws
// the value away; here each overwritten load is the else branch of the `if` that overwrites it,
// so every load is in bounds and every tile gets the value the source leaves in it.
extern "C" __global__ void srad_cuda_1(float* E_C, float* W_C, float* N_C, float* S_C,
                                       float* J_cuda, float* C_cuda, int cols, int rows,
                                       float q0sqr) {
  // block id
  int bx = blockIdx.x;
  int by = blockIdx.y;

  // thread id
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  // indices
  int index = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + tx;
  int index_n = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + tx - cols;
  int index_s = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * BLOCK_SIZE + tx;
  int index_w = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty - 1;
  int index_e = cols * BLOCK_SIZE * by + BLOCK_SIZE * bx + cols * ty + BLOCK_SIZE;

  float n, w, e, s, jc, g2, l, num, den, qsqr, c;

  // shared memory allocation
  __shared__ float temp[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float temp_result[BLOCK_SIZE][BLOCK_SIZE];

  __shared__ float north[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float south[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float east[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float west[BLOCK_SIZE][BLOCK_SIZE];

  // load data to shared memory
  if (by == 0) {
    north[ty][tx] = J_cuda[BLOCK_SIZE * bx + tx];
    south[ty][tx] = J_cuda[index_s];
  } else {
    north[ty][tx] = J_cuda[index_n];
    if (by == gridDim.y - 1) {
      south[ty][tx] = J_cuda[cols * BLOCK_SIZE * (gridDim.y - 1) + BLOCK_SIZE * bx +
                             cols * (BLOCK_SIZE - 1) + tx];
    } else {
      south[ty][tx] = J_cuda[index_s];
    }
  }
  __syncthreads();

  if (bx == 0) {
    west[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + cols * ty];
    east[ty][tx] = J_cuda[index_e];
  } else {
    west[ty][tx] = J_cuda[index_w];
    if (bx == gridDim.x - 1) {
      east[ty][tx] = J_cuda[cols * BLOCK_SIZE * by + BLOCK_SIZE * (gridDim.x - 1) + cols * ty +
                            BLOCK_SIZE - 1];
    } else {
      east[ty][tx] = J_cuda[index_e];
    }
  }

  __syncthreads();

  temp[ty][tx] = J_cuda[index];

  __syncthreads();

  jc = temp[ty][tx];

  if (ty == 0 && tx == 0) {  // nw
    n = north[ty][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = west[ty][tx] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (ty == 0 && tx == BLOCK_SIZE - 1) {  // ne
    n = north[ty][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = east[ty][tx] - jc;
  } else if (ty == BLOCK_SIZE - 1 && tx == BLOCK_SIZE - 1) {  // se
    n = temp[ty - 1][tx] - jc;
    s = south[ty][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = east[ty][tx] - jc;
  } else if (ty == BLOCK_SIZE - 1 && tx == 0) {  // sw
    n = temp[ty - 1][tx] - jc;
    s = south[ty][tx] - jc;
    w = west[ty][tx] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (ty == 0) {  // n
    n = north[ty][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (tx == BLOCK_SIZE - 1) {  // e
    n = temp[ty - 1][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = east[ty][tx] - jc;
  } else if (ty == BLOCK_SIZE - 1) {  // s
    n = temp[ty - 1][tx] - jc;
    s = south[ty][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = temp[ty][tx + 1] - jc;
  } else if (tx == 0) {  // w
    n = temp[ty - 1][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = west[ty][tx] - jc;
    e = temp[ty][tx + 1] - jc;
  } else {  // the data elements which are not on the borders
    n = temp[ty - 1][tx] - jc;
    s = temp[ty + 1][tx] - jc;
    w = temp[ty][tx - 1] - jc;
    e = temp[ty][tx + 1] - jc;
  }

  g2 = (n * n + s * s + w * w + e * e) / (jc * jc);

  l = (n + s + w + e) / jc;

  num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
  den = 1 + (.25 * l);
  qsqr = num / (den * den);

  // diffusion coefficent (equ 33)
  den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
  c = 1.0 / (1.0 + den);

  // saturate diffusion coefficent
  if (c < 0) {
    temp_result[ty][tx] = 0;
  } else if (c > 1) {
    temp_result[ty][tx] = 1;
  } else {
    temp_result[ty][tx] = c;
  }

  __syncthreads();

  C_cuda[index] = temp_result[ty][tx];
  E_C[index] = e;
  W_C[index] = w;
  S_C[index] = s;
  N_C[index] = n;
}

// kmeans_cuda_kernel.cu (cuda/kmeans/kmeans_cuda_kernel.cu), invert_mapping: the feature array
// from a row of nfeatures floats per point to a row of npoints floats per feature.
extern "C" __global__ void invert_mapping(float* input,   /* original */
                                          float* output,  /* inverted */
                                          int npoints,    /* npoints */
                                          int nfeatures)  /* nfeatures */
{
  int point_id = threadIdx.x + blockDim.x * blockIdx.x; /* id of thread */
  int i;

  if (point_id < npoints) {
    for (i = 0; i < nfeatures; i++)
      output[point_id + npoints * i] = input[point_id * nfeatures + i];
  }
  return;
}
