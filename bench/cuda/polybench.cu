// PolyBench/GPU kernels as their authors wrote them (GitHub cavazos-lab/PolyBench-ACC, CUDA/):
// the references for the suite's polybench-* and PolyBench real-* entries are the original
// code compiled by nvcc, not a hand-optimized version, so the suite measures what the pass
// gains over what a user of these benchmarks runs today. One change: the row widths the
// sources take from macros (N, M, NY, NI, NJ) are the int size parameters, which PolyBench's
// _PB_ macros equal by default (and which equal the MLIR kernels' width constants at both
// sizes), so that one PTX serves both the bench and the check size. DATA_TYPE is float.
#include "common.h"

// gesummv.cu: one thread per row; tmp[i] and y[i] accumulated in global memory.
extern "C" __global__ void gesummv_kernel(int n, float alpha, float beta, float* A, float* B,
                                          float* tmp, float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int j;
    for (j = 0; j < n; j++) {
      tmp[i] += A[i * n + j] * x[j];
      y[i] += B[i * n + j] * x[j];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

// bicg.cu, kernel 2: q = A p, one thread per row.
extern "C" __global__ void bicg_kernel2(int nx, int ny, float* A, float* p, float* q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nx) {
    q[i] = 0.0f;
    int j;
    for (j = 0; j < ny; j++) {
      q[i] += A[i * ny + j] * p[j];
    }
  }
}

// syrk.cu: c[i][j] = beta c[i][j] + alpha sum_k a[i][k] a[j][k], one thread per output.
extern "C" __global__ void syrk_kernel(int ni, int nj, float alpha, float beta, float* a,
                                       float* c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < ni) && (j < ni)) {
    c[i * ni + j] *= beta;
    int k;
    for (k = 0; k < nj; k++) {
      c[i * ni + j] += alpha * a[i * nj + k] * a[j * nj + k];
    }
  }
}

// gemm.cu: c[i][j] = beta c[i][j] + alpha sum_k a[i][k] b[k][j], one thread per output.
extern "C" __global__ void gemm_kernel(int ni, int nj, int nk, float alpha, float beta, float* a,
                                       float* b, float* c) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < ni) && (j < nj)) {
    c[i * nj + j] *= beta;
    int k;
    for (k = 0; k < nk; k++) {
      c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj + j];
    }
  }
}

// 2DConvolution.cu (CUDA/stencils/convolution-2d/2DConvolution.cu): a 3x3 stencil, one thread
// per output. The reference of polybench-convolution2d, real-convolution2d and their -block twin.
extern "C" __global__ void convolution2D_kernel(int ni, int nj, float* A, float* B) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  float c11, c12, c13, c21, c22, c23, c31, c32, c33;
  c11 = +0.2f;  c21 = +0.5f;  c31 = -0.8f;
  c12 = -0.3f;  c22 = +0.6f;  c32 = -0.9f;
  c13 = +0.4f;  c23 = +0.7f;  c33 = +0.10f;
  if ((i < ni - 1) && (j < nj - 1) && (i > 0) && (j > 0)) {
    B[i * nj + j] = c11 * A[(i - 1) * nj + (j - 1)] + c21 * A[(i - 1) * nj + (j + 0)] +
                    c31 * A[(i - 1) * nj + (j + 1)] + c12 * A[(i + 0) * nj + (j - 1)] +
                    c22 * A[(i + 0) * nj + (j + 0)] + c32 * A[(i + 0) * nj + (j + 1)] +
                    c13 * A[(i + 1) * nj + (j - 1)] + c23 * A[(i + 1) * nj + (j + 0)] +
                    c33 * A[(i + 1) * nj + (j + 1)];
  }
}

// The kernels below are the references of the suite's real-* entries (bench/kernels/real_*.mlir,
// ports of the same sources; each entry's -block twin shares its reference).

// atax.cu (CUDA/linear-algebra/kernels/atax/atax.cu), kernel 1: tmp = A x, one thread per row
// of A (NX = NY = 4096; the x dimension of the source's 32x8 block only).
extern "C" __global__ void atax_kernel1(int nx, int ny, float* A, float* x, float* tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nx) {
    tmp[i] = 0;
    int j;
    for (j = 0; j < ny; j++) {
      tmp[i] += A[i * ny + j] * x[j];
    }
  }
}

// atax.cu, kernel 2: y = A^T tmp, one thread per column of A.
extern "C" __global__ void atax_kernel2(int nx, int ny, float* A, float* y, float* tmp) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < ny) {
    y[j] = 0;
    int i;
    for (i = 0; i < nx; i++) {
      y[j] += A[i * ny + j] * tmp[i];
    }
  }
}

// mvt.cu (CUDA/linear-algebra/kernels/mvt/mvt.cu), kernel 1: x1 += a y_1, one thread per row of
// a (N = 4096).
extern "C" __global__ void mvt_kernel1(int n, float* a, float* x1, float* y_1) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int j;
    for (j = 0; j < n; j++) {
      x1[i] += a[i * n + j] * y_1[j];
    }
  }
}

// covariance.cu (CUDA/datamining/covariance/covariance.cu), covar_kernel: the upper triangle
// of symmat = data^T data and its mirror, one thread per column j1 (M = 512 as the MLIR port
// has it; the source's default is 2048).
extern "C" __global__ void covar_kernel(int m, int n, float* symmat, float* data) {
  int j1 = blockIdx.x * blockDim.x + threadIdx.x;
  int i, j2;
  if (j1 < m) {
    for (j2 = j1; j2 < m; j2++) {
      symmat[j1 * m + j2] = 0.0;
      for (i = 0; i < n; i++) {
        symmat[j1 * m + j2] += data[i * m + j1] * data[i * m + j2];
      }
      symmat[j2 * m + j1] = symmat[j1 * m + j2];
    }
  }
}

// fdtd2d.cu (CUDA/stencils/fdtd-2d/fdtd2d.cu), fdtd_step3_kernel: the hz update (NY = 4096 as
// the MLIR port has it; t is unused by this step).
extern "C" __global__ void fdtd_step3_kernel(int nx, int ny, float* ex, float* ey, float* hz,
                                             int t) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  if ((i < (nx - 1)) && (j < (ny - 1))) {
    hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * ny + (j + 1)] - ex[i * ny + j] +
                                              ey[(i + 1) * ny + j] - ey[i * ny + j]);
  }
}
