// Calibration micro-benchmarks (seed-002 §6.2, B1–B3, B5–B7, B9; B10 for issue 35) for the cost model's sm_90
// constants. Built here by `make bench` (nvcc -ptx, no GPU needed) and run on the GPU machine
// by `gpu-mem-opt-runner calibrate run` (runner/src/calibrate/), which fills the tables,
// launches every case, and fits the constants.
//
// Conventions. Latency kernels run one warp (or one thread) and time a chain of dependent
// loads with clock64(): each load's address comes from the previous load's value, so the
// loads cannot overlap and cycles / steps is the latency of one. The tables they chase hold
// either the next index (`next[i] = (i + stride) % n`) or the identity (`table[x] == x`, so a
// lane keeps reading its own address). Loads that must keep their cache operator are inline
// PTX. Throughput kernels (gather, copy) are timed by the runner with CUDA events.
// Kernels are extern "C" so their .entry names are the function names.

#define DEVICE_INLINE __device__ __forceinline__

// Words of the constant chase table and of the constant identity table (together 48 KiB of
// the 64 KiB of constant memory).
#define CONSTANT_CHASE_WORDS 4096
#define CONSTANT_IDENTITY_WORDS 8192
// Words of the shared table of the shared-memory benchmarks (32 KiB, under the 48 KiB of
// static shared memory).
#define SHARED_WORDS 8192

extern "C" {
__constant__ unsigned constant_chase[CONSTANT_CHASE_WORDS];
__constant__ unsigned constant_identity[CONSTANT_IDENTITY_WORDS];
}

DEVICE_INLINE unsigned load_ca(const unsigned *pointer) {
  unsigned value;
  asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(value) : "l"(pointer));
  return value;
}

DEVICE_INLINE unsigned load_cg(const unsigned *pointer) {
  unsigned value;
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(value) : "l"(pointer));
  return value;
}

DEVICE_INLINE unsigned load_nc(const unsigned *pointer) {
  unsigned value;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(value) : "l"(pointer));
  return value;
}

DEVICE_INLINE unsigned load_shared(unsigned address) {
  unsigned value;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(value) : "r"(address));
  return value;
}

// An identity table gives consecutive words; the result is the first, and the others take
// part so that the compiler keeps the vector load.
DEVICE_INLINE unsigned load_shared_v2(unsigned address) {
  unsigned first, second;
  asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(first), "=r"(second) : "r"(address));
  return first ^ (second - first - 1);
}

DEVICE_INLINE unsigned load_shared_v4(unsigned address) {
  unsigned first, second, third, fourth;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(first), "=r"(second), "=r"(third), "=r"(fourth)
               : "r"(address));
  return first ^ (second - first - 1) ^ (fourth - third - 1);
}

// Ends a single-thread measurement begun at `start`: the cycles, and the chain's last value so
// that the loads stay.
DEVICE_INLINE void record(long long start, unsigned value, long long *cycles, unsigned *sink) {
  long long stop = clock64();
  cycles[0] = stop - start;
  sink[0] = value;
}

template <unsigned (*Load)(const unsigned *)>
DEVICE_INLINE void chase(const unsigned *next, int steps, int warmup, long long *cycles,
                         unsigned *sink) {
  unsigned index = 0;
  for (int step = 0; step < warmup; ++step) // warm-up: the start of the same chain
    index = Load(next + index);
  index = 0;
  long long start = clock64();
  for (int step = 0; step < steps; ++step)
    index = Load(next + index);
  record(start, index, cycles, sink);
}

extern "C" {

// next[i] = (i + stride) % n over the whole buffer (any grid).
__global__ void chase_init(unsigned *next, unsigned n, unsigned stride) {
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
       i += (unsigned long long)gridDim.x * blockDim.x)
    next[i] = (unsigned)((i + stride) % n);
}

// table[i] = i (any grid).
__global__ void identity_init(unsigned *table, unsigned n) {
  for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
       i += (unsigned long long)gridDim.x * blockDim.x)
    table[i] = (unsigned)i;
}

// B1: one thread chases `steps` dependent loads through global memory, after `warmup` of
// them untimed (0 for the DRAM case, whose L2 the runner evicts first).
__global__ void chase_global_ca(const unsigned *next, int steps, int warmup,
                                long long *cycles, unsigned *sink) {
  chase<load_ca>(next, steps, warmup, cycles, sink);
}

__global__ void chase_global_cg(const unsigned *next, int steps, int warmup,
                                long long *cycles, unsigned *sink) {
  chase<load_cg>(next, steps, warmup, cycles, sink);
}

__global__ void chase_global_nc(const unsigned *next, int steps, int warmup,
                                long long *cycles, unsigned *sink) {
  chase<load_nc>(next, steps, warmup, cycles, sink);
}

// B1: the chase through shared memory (the first n words of `next` copied in).
__global__ void chase_shared(const unsigned *next, int n, int steps, long long *cycles,
                             unsigned *sink) {
  __shared__ unsigned table[SHARED_WORDS];
  for (int i = 0; i < n && i < SHARED_WORDS; ++i)
    table[i] = next[i];
  unsigned base = (unsigned)__cvta_generic_to_shared(table);
  unsigned index = 0;
  long long start = clock64();
  for (int step = 0; step < steps; ++step)
    index = load_shared(base + 4 * index);
  record(start, index, cycles, sink);
}

// B1: the chase through constant memory (`constant_chase`, filled by the runner).
__global__ void chase_constant(int steps, long long *cycles, unsigned *sink) {
  unsigned index = 0;
  for (int step = 0; step < steps; ++step) // warm-up: the constant cache
    index = constant_chase[index];
  index = 0;
  long long start = clock64();
  for (int step = 0; step < steps; ++step)
    index = constant_chase[index];
  record(start, index, cycles, sink);
}

// B1: the chase through a per-thread array that dynamic indexing keeps in local memory.
__global__ void chase_local(int n, int stride, int steps, long long *cycles, unsigned *sink) {
  unsigned table[1024];
  for (int i = 0; i < 1024; ++i)
    table[i] = (unsigned)((i + stride) % n);
  unsigned index = 0;
  long long start = clock64();
  for (int step = 0; step < steps; ++step)
    index = table[index];
  record(start, index, cycles, sink);
}

// B2: one warp; lane l reads constant_identity[(l % distinct) * spread] `repeats` times.
__global__ void constant_distinct(int distinct, int spread, int repeats, long long *cycles,
                                  unsigned *sink) {
  unsigned lane = threadIdx.x;
  unsigned index = (lane % distinct) * spread;
  index = constant_identity[index]; // warm-up
  __syncwarp();
  long long start = clock64();
  for (int repeat = 0; repeat < repeats; ++repeat)
    index = constant_identity[index];
  __syncwarp();
  long long stop = clock64();
  if (lane == 0)
    cycles[0] = stop - start;
  sink[lane] = index;
}

// B3: one warp; lane l reads `width` words (1, 2 or 4) at word
// ((l % ways) * stride + l / ways) * width of an identity table in shared memory.
__global__ void shared_conflict(int ways, int stride, int width, int repeats, long long *cycles,
                                unsigned *sink) {
  __shared__ unsigned table[SHARED_WORDS];
  unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < SHARED_WORDS; i += blockDim.x)
    table[i] = i;
  __syncthreads();
  unsigned base = (unsigned)__cvta_generic_to_shared(table);
  unsigned word = ((lane % ways) * stride + lane / ways) * width;
  long long start = clock64();
  if (width == 4) {
    for (int repeat = 0; repeat < repeats; ++repeat)
      word = load_shared_v4(base + 4 * word);
  } else if (width == 2) {
    for (int repeat = 0; repeat < repeats; ++repeat)
      word = load_shared_v2(base + 4 * word);
  } else {
    for (int repeat = 0; repeat < repeats; ++repeat)
      word = load_shared(base + 4 * word);
  }
  __syncwarp();
  long long stop = clock64();
  if (lane == 0)
    cycles[0] = stop - start;
  sink[lane] = word;
}

// B5: one warp; lane l reads word l * stride + offset of an identity table `repeats` times
// (after the first, from L1 with .ca, from L2 with .cg, through the read-only path with .nc).
#define GLOBAL_STRIDE(NAME, LOAD)                                                              \
  __global__ void NAME(const unsigned *table, int stride, int offset, int repeats,              \
                       long long *cycles, unsigned *sink) {                                     \
    unsigned lane = threadIdx.x;                                                                \
    unsigned index = lane * stride + offset;                                                    \
    index = LOAD(table + index);                                                                \
    __syncwarp();                                                                               \
    long long start = clock64();                                                                \
    for (int repeat = 0; repeat < repeats; ++repeat)                                            \
      index = LOAD(table + index);                                                              \
    __syncwarp();                                                                               \
    long long stop = clock64();                                                                 \
    if (lane == 0)                                                                              \
      cycles[0] = stop - start;                                                                 \
    sink[lane] = index;                                                                         \
  }
GLOBAL_STRIDE(global_stride_ca, load_ca)
GLOBAL_STRIDE(global_stride_cg, load_cg)
GLOBAL_STRIDE(global_stride_nc, load_nc)

// B6: out[i] = data[hash(i)] over a power-of-two n (the hash is a bijection modulo n), through
// the cached global path or the read-only path; timed by the runner.
#define GATHER(NAME, LOAD)                                                                     \
  __global__ void NAME(const unsigned *data, unsigned *out, unsigned n) {                      \
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;                                         \
    if (i < n)                                                                                  \
      out[i] = LOAD(data + ((i * 2654435761u) & (n - 1)));                                     \
  }
GATHER(gather_ca, load_ca)
GATHER(gather_nc, load_nc)

// B9: `repeats` barriers of the whole block, timed by thread 0.
__global__ void barrier(int repeats, long long *cycles) {
  __syncthreads();
  long long start = clock64();
  for (int repeat = 0; repeat < repeats; ++repeat)
    __syncthreads();
  long long stop = clock64();
  if (threadIdx.x == 0)
    cycles[0] = stop - start;
}

// B7: grid-stride copies of `count` elements of 1, 2, 4, 8 and 16 bytes; timed by the runner.
#define COPY(NAME, TYPE)                                                                       \
  __global__ void NAME(const TYPE *__restrict__ in, TYPE *__restrict__ out,                    \
                       unsigned long long count) {                                             \
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;      \
         i < count; i += (unsigned long long)gridDim.x * blockDim.x)                            \
      out[i] = in[i];                                                                           \
  }
COPY(copy_1, unsigned char)
COPY(copy_2, unsigned short)
COPY(copy_4, unsigned)
COPY(copy_8, uint2)
COPY(copy_16, uint4)

// B10: bytes in flight on an SM. Each warp of a block loads `LOADS` 128-byte lines at once,
// lines `stride` words apart (32: consecutive lines; 4096: rows of 16 KiB, as a staged
// matrix-vector kernel fills its tile), then sums them; the next round's addresses wait for
// the sum, so exactly LOADS lines a warp are in flight. Rows wrap at `row_mask` + 1. Timed by
// the runner: the bandwidth one SM (or all) reaches with so many bytes in flight (Little's
// law: bytes in flight / latency).
#define IN_FLIGHT(LOADS)                                                                       \
  __global__ void in_flight_##LOADS(const unsigned *table, unsigned stride, unsigned row_mask, \
                                    int rounds, unsigned *sink) {                              \
    unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;       \
    unsigned first = blockIdx.x * (unsigned)rounds * LOADS * warps;                            \
    unsigned sum = 0;                                                                          \
    for (int round = 0; round < rounds; ++round) {                                             \
      unsigned skew = sum == 0xffffffffu;                                                      \
      unsigned values[LOADS];                                                                  \
      _Pragma("unroll") for (int load = 0; load < LOADS; ++load) {                             \
        unsigned row = (first + ((unsigned)round * LOADS + load) * warps + warp + skew) &      \
                       row_mask;                                                               \
        values[load] = load_ca(table + (unsigned long long)row * stride + lane);               \
      }                                                                                        \
      _Pragma("unroll") for (int load = 0; load < LOADS; ++load) sum += values[load];          \
    }                                                                                          \
    sink[threadIdx.x] = sum;                                                                   \
  }
IN_FLIGHT(1)
IN_FLIGHT(2)
IN_FLIGHT(4)
IN_FLIGHT(8)
IN_FLIGHT(16)
IN_FLIGHT(32)

} // extern "C"
