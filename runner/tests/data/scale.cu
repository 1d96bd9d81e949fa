// Test input of the runner's parameter checks: bare pointers, a scalar, constant memory.
__constant__ float c_factor[4];
extern "C" __global__ void scale(const float* __restrict__ in, float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * c_factor[i % 4];
}
