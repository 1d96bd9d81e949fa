// MRI-Q ComputeQ-like (Parboil's computeQ_GPU): the k-space samples live in constant memory
// (every thread of a warp reads the same sample: one broadcast), the voxel in registers.
// The launch copies the samples into c_k (cuModuleGetGlobal). Same operations in the same
// order as mriq.mlir.
#include "common.h"

#define SAMPLES 512

__constant__ float4 c_k[SAMPLES];

extern "C" __global__ void mriq(const float* __restrict__ x, const float* __restrict__ y,
                                const float* __restrict__ z, float* __restrict__ qr,
                                float* __restrict__ qi) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  float px = x[v], py = y[v], pz = z[v];
  float real_sum = 0.0f, imaginary_sum = 0.0f;
  for (int s = 0; s < SAMPLES; ++s) {
    float4 k = c_k[s];
    float dot = k.x * px + k.y * py;
    dot = dot + k.z * pz;
    float angle = 6.2831855f * dot;
    float square = angle * angle;
    float cube = square * angle;
    float cosine = 1.0f - square * 0.5f;
    float sine = angle - cube * 0.16666667f;
    real_sum = real_sum + k.w * cosine;
    imaginary_sum = imaginary_sum + k.w * sine;
  }
  qr[v] = real_sum;
  qi[v] = imaginary_sum;
}
