// NVIDIA cuda-samples BlackScholes, ported as its CUDA source writes it: the kernel
// BlackScholesGPU with its device functions BlackScholesBodyGPU and cndGPU, and the host code
// of main (the GPU path). Source: GitHub NVIDIA/cuda-samples,
// Samples/5_Domain_Specific/BlackScholes/BlackScholes_kernel.cuh (commit
// 2e41896e1b2c7e2699b7b7f6689c107900c233bb) and BlackScholes.cu (commit
// 306af8d2755e712ffcb0b16a585da61bd1956303).
// The five float2 *__restrict parameters are memref<?xf32> {llvm.noalias} of the host's float
// arrays (cudaMalloc(OPT_SZ) cast to float2* at the launch), and d[opt].x, d[opt].y are
// d[2*opt], d[2*opt + 1]: the same bytes (this interpreter has no memref of vectors as a
// parameter); make_float2(a, b) stored to d[opt] is the two stores. The __device__ inline
// functions are func.func in the gpu.module, called (BlackScholesBodyGPU's two float&
// results are its two results). __fdividef(a, b) is arith.divf, __expf/__logf math.exp and
// math.log, rsqrtf math.rsqrt, fabsf math.absf; every float operation is f32, evaluated as C
// groups it (RSQRT2PI * __expf(...) * (K * (...)), X * expRT * CNDD2 from the left).
// int opt = blockDim.x * blockIdx.x + threadIdx.x is index arithmetic; optN / 2 is i32.
// Sizes: OPT_N = 4000 (the source has 4000000), NUM_ITERATIONS = 2 (512), block 128 and grid
// DIV_UP(OPT_N / 2, 128) = 16 as the source launches it (2048 threads for 2000 float2, so the
// guard opt < optN / 2 excludes 48). RandFloat(low, high) = (1 - t)*low + t*high with t =
// rand()/RAND_MAX is computed by the host loop as the source does, t being the random argument
// mapped from [-1, 1) to [0, 1); the host arrays h_StockPrice, h_OptionStrike and
// h_OptionYears are the first three arguments, filled in place. The last two arguments are
// h_CallResultGPU and h_PutResultGPU, copied back after the launches.

// RUN: gpu-mem-opt interp %s --entry main --arg random:1:4000 --arg random:2:4000 --arg random:3:4000 --arg zeros:4000 --arg zeros:4000
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:4000 --arg random:2:4000 --arg random:3:4000 --arg zeros:4000 --arg zeros:4000 | FileCheck %s --check-prefix=PROGRAM
// The kernel optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg random:1:4000 --arg random:2:4000 --arg random:3:4000 --arg zeros:4000 --arg zeros:4000 | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --kernel BlackScholesGPU --grid 16,1,1 --block 128,1,1 --arg zeros:4000 --arg zeros:4000 --arg random:1:4000 --arg random:2:4000 --arg random:3:4000 --arg 0.02 --arg 0.3 --arg 4000
// SCOREBOARD: BlackScholesGPU expert/blackscholes.mlir --grid 16,1,1 --block 128,1,1 --arg zeros:4000 --arg zeros:4000 --arg random:1:4000 --arg random:2:4000 --arg random:3:4000 --arg 0.02 --arg 0.3 --arg 4000
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// PROGRAM: identical: 2 launches (10 buffers after them), 0 lines of output, 5 arguments

// What a CUDA expert would do: what the source already does. Each thread prices two options
// (the x and y of a float2: 8-byte loads and stores, ld.global.v2.f32), the three inputs are
// read through the read-only path (const __restrict__: ld.global.nc), and nothing is reused
// between threads: no shared memory. The kernel is compute-heavy (two exp, a log, an rsqrt
// and two polynomials per option) on a streaming access pattern.
// What the pass does with the default options: as the expert. The port reads float* at
// 2*opt and 2*opt + 1; the pass merges each pair into one vector<2xf32> load or store
// (alignment 8: gpu.alloc's 256 B base and an even offset), and reads the three inputs
// through ld.global.nc ({llvm.noalias}, as __restrict). Alone, without the host code, the
// block size is unknown and opt = blockDim.x * blockIdx.x + threadIdx.x has no affine form:
// the pairs are still found (the same SSA index plus 0 and 1, session 29; before, nothing
// was said of them), and they stay scalar for want of the base's alignment, with the advice
// that would unblock them ({llvm.align = 8}: a float2* is 8-byte aligned in CUDA, a float*
// need not be). An 8-byte merge does not get a run-time alignment check (only a 16-byte one
// pays for the body copy). test/Transforms/vectorize-opaque.mlir checks those remarks on
// lone kernels of this form.

// REMARK: gpu-mem-opt: kernel: 'BlackScholesGPU': block 128x1x1 (from gpu.launch_func); 10 memory accesses; the same at every launch here: arg7 = 4000
// REMARK: gpu-mem-opt: vectorize: arg 2: 2 loads of 4 B -> vector<2xf32> (align 8); alignment 8: base 256 B from gpu.alloc at {{.*}}, at every launch in this module, offset (2*tid.x + 256*bid.x) elements a multiple of 8 B
// REMARK: gpu-mem-opt: vectorize: arg 3: 2 loads of 4 B -> vector<2xf32> (align 8)
// REMARK: gpu-mem-opt: vectorize: arg 4: 2 loads of 4 B -> vector<2xf32> (align 8)
// REMARK: gpu-mem-opt: vectorize: arg 0: 2 stores of 4 B -> vector<2xf32> (align 8)
// REMARK: gpu-mem-opt: vectorize: arg 1: 2 stores of 4 B -> vector<2xf32> (align 8)
// REMARK: gpu-mem-opt: readonly: arg 2: ld.global.nc: read-only, not aliased by a write ({llvm.noalias})
// REMARK: gpu-mem-opt: readonly: arg 3: ld.global.nc: read-only, not aliased by a write ({llvm.noalias})
// REMARK: gpu-mem-opt: readonly: arg 4: ld.global.nc: read-only, not aliased by a write ({llvm.noalias})

module attributes {gpu.container_module} {
  func.func @main(%h_StockPrice: memref<?xf32>, %h_OptionStrike: memref<?xf32>,
                  %h_OptionYears: memref<?xf32>, %h_CallResultGPU: memref<?xf32>,
                  %h_PutResultGPU: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // const int OPT_N = 4000; const int NUM_ITERATIONS = 2;
    %OPT_N = arith.constant 4000 : i32
    %OPT_N_index = arith.constant 4000 : index
    %NUM_ITERATIONS = arith.constant 2 : index
    // const float RISKFREE = 0.02f; const float VOLATILITY = 0.30f;
    %RISKFREE = arith.constant 0.02 : f32
    %VOLATILITY = arith.constant 0.3 : f32
    // for (i = 0; i < OPT_N; i++) { h_StockPrice[i] = RandFloat(5.0f, 30.0f);
    //   h_OptionStrike[i] = RandFloat(1.0f, 100.0f); h_OptionYears[i] = RandFloat(0.25f, 10.0f); }
    %one = arith.constant 1.0 : f32
    %half = arith.constant 0.5 : f32
    %low_S = arith.constant 5.0 : f32
    %high_S = arith.constant 30.0 : f32
    %low_X = arith.constant 1.0 : f32
    %high_X = arith.constant 100.0 : f32
    %low_T = arith.constant 0.25 : f32
    %high_T = arith.constant 10.0 : f32
    scf.for %i = %c0 to %OPT_N_index step %c1 {
      // RandFloat(low, high): t = rand()/RAND_MAX; return (1.0f - t) * low + t * high;
      %rS = memref.load %h_StockPrice[%i] : memref<?xf32>
      %rS1 = arith.addf %rS, %one : f32
      %tS = arith.mulf %rS1, %half : f32
      %uS = arith.subf %one, %tS : f32
      %aS = arith.mulf %uS, %low_S : f32
      %bS = arith.mulf %tS, %high_S : f32
      %S = arith.addf %aS, %bS : f32
      memref.store %S, %h_StockPrice[%i] : memref<?xf32>
      %rX = memref.load %h_OptionStrike[%i] : memref<?xf32>
      %rX1 = arith.addf %rX, %one : f32
      %tX = arith.mulf %rX1, %half : f32
      %uX = arith.subf %one, %tX : f32
      %aX = arith.mulf %uX, %low_X : f32
      %bX = arith.mulf %tX, %high_X : f32
      %X = arith.addf %aX, %bX : f32
      memref.store %X, %h_OptionStrike[%i] : memref<?xf32>
      %rT = memref.load %h_OptionYears[%i] : memref<?xf32>
      %rT1 = arith.addf %rT, %one : f32
      %tT = arith.mulf %rT1, %half : f32
      %uT = arith.subf %one, %tT : f32
      %aT = arith.mulf %uT, %low_T : f32
      %bT = arith.mulf %tT, %high_T : f32
      %T = arith.addf %aT, %bT : f32
      memref.store %T, %h_OptionYears[%i] : memref<?xf32>
    }
    // cudaMalloc d_CallResult, d_PutResult, d_StockPrice, d_OptionStrike, d_OptionYears (OPT_SZ)
    %d_CallResult = gpu.alloc (%OPT_N_index) : memref<?xf32>
    %d_PutResult = gpu.alloc (%OPT_N_index) : memref<?xf32>
    %d_StockPrice = gpu.alloc (%OPT_N_index) : memref<?xf32>
    %d_OptionStrike = gpu.alloc (%OPT_N_index) : memref<?xf32>
    %d_OptionYears = gpu.alloc (%OPT_N_index) : memref<?xf32>
    // cudaMemcpy(d_StockPrice, h_StockPrice, OPT_SZ, cudaMemcpyHostToDevice) and the others
    gpu.memcpy %d_StockPrice, %h_StockPrice : memref<?xf32>, memref<?xf32>
    gpu.memcpy %d_OptionStrike, %h_OptionStrike : memref<?xf32>, memref<?xf32>
    gpu.memcpy %d_OptionYears, %h_OptionYears : memref<?xf32>, memref<?xf32>
    // for (i = 0; i < NUM_ITERATIONS; i++)
    //   BlackScholesGPU<<<DIV_UP((OPT_N / 2), 128), 128>>>((float2 *)d_CallResult, ...,
    //       RISKFREE, VOLATILITY, OPT_N);
    %c2_i32 = arith.constant 2 : i32
    %c128 = arith.constant 128 : index
    %c127 = arith.constant 127 : index
    %pairs_i32 = arith.divsi %OPT_N, %c2_i32 : i32
    %pairs = arith.index_cast %pairs_i32 : i32 to index
    %rounded = arith.addi %pairs, %c127 : index
    %grid = arith.divsi %rounded, %c128 : index
    scf.for %iteration = %c0 to %NUM_ITERATIONS step %c1 {
      gpu.launch_func @kernels::@BlackScholesGPU blocks in (%grid, %c1, %c1) threads in (%c128, %c1, %c1)
          args(%d_CallResult : memref<?xf32>, %d_PutResult : memref<?xf32>,
               %d_StockPrice : memref<?xf32>, %d_OptionStrike : memref<?xf32>,
               %d_OptionYears : memref<?xf32>, %RISKFREE : f32, %VOLATILITY : f32, %OPT_N : i32)
    }
    // cudaMemcpy(h_CallResultGPU, d_CallResult, OPT_SZ, cudaMemcpyDeviceToHost) and the puts
    gpu.memcpy %h_CallResultGPU, %d_CallResult : memref<?xf32>, memref<?xf32>
    gpu.memcpy %h_PutResultGPU, %d_PutResult : memref<?xf32>, memref<?xf32>
    gpu.dealloc %d_OptionYears : memref<?xf32>
    gpu.dealloc %d_OptionStrike : memref<?xf32>
    gpu.dealloc %d_StockPrice : memref<?xf32>
    gpu.dealloc %d_PutResult : memref<?xf32>
    gpu.dealloc %d_CallResult : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __device__ inline float cndGPU(float d)
    func.func @cndGPU(%d: f32) -> f32 {
      %A1 = arith.constant 0.31938153 : f32
      %A2 = arith.constant -0.356563782 : f32
      %A3 = arith.constant 1.781477937 : f32
      %A4 = arith.constant -1.821255978 : f32
      %A5 = arith.constant 1.330274429 : f32
      %RSQRT2PI = arith.constant 0.39894228040143267793994605993438 : f32
      %one = arith.constant 1.0 : f32
      %zero = arith.constant 0.0 : f32
      %c0_2316419 = arith.constant 0.2316419 : f32
      %minus_half = arith.constant -0.5 : f32
      // float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
      %abs_d = math.absf %d : f32
      %scaled = arith.mulf %c0_2316419, %abs_d : f32
      %denominator = arith.addf %one, %scaled : f32
      %K = arith.divf %one, %denominator : f32
      // float cnd = RSQRT2PI * __expf(-0.5f * d * d) *
      //             (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
      %half_d = arith.mulf %minus_half, %d : f32
      %exponent = arith.mulf %half_d, %d : f32
      %exp = math.exp %exponent : f32
      %front = arith.mulf %RSQRT2PI, %exp : f32
      %p5 = arith.mulf %K, %A5 : f32
      %p4 = arith.addf %A4, %p5 : f32
      %q4 = arith.mulf %K, %p4 : f32
      %p3 = arith.addf %A3, %q4 : f32
      %q3 = arith.mulf %K, %p3 : f32
      %p2 = arith.addf %A2, %q3 : f32
      %q2 = arith.mulf %K, %p2 : f32
      %p1 = arith.addf %A1, %q2 : f32
      %polynomial = arith.mulf %K, %p1 : f32
      %cnd = arith.mulf %front, %polynomial : f32
      // if (d > 0) cnd = 1.0f - cnd;
      %positive = arith.cmpf ogt, %d, %zero : f32
      %flipped = arith.subf %one, %cnd : f32
      %result = arith.select %positive, %flipped, %cnd : f32
      return %result : f32
    }

    // __device__ inline void BlackScholesBodyGPU(float &CallResult, float &PutResult,
    //     float S, float X, float T, float R, float V)
    func.func @BlackScholesBodyGPU(%S: f32, %X: f32, %T: f32, %R: f32, %V: f32) -> (f32, f32) {
      %one = arith.constant 1.0 : f32
      %half = arith.constant 0.5 : f32
      // sqrtT = __fdividef(1.0F, rsqrtf(T));
      %rsqrt_T = math.rsqrt %T : f32
      %sqrtT = arith.divf %one, %rsqrt_T : f32
      // d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
      %ratio = arith.divf %S, %X : f32
      %log = math.log %ratio : f32
      %half_V = arith.mulf %half, %V : f32
      %half_V2 = arith.mulf %half_V, %V : f32
      %drift = arith.addf %R, %half_V2 : f32
      %drift_T = arith.mulf %drift, %T : f32
      %numerator = arith.addf %log, %drift_T : f32
      %V_sqrtT = arith.mulf %V, %sqrtT : f32
      %d1 = arith.divf %numerator, %V_sqrtT : f32
      // d2 = d1 - V * sqrtT;
      %V_sqrtT2 = arith.mulf %V, %sqrtT : f32
      %d2 = arith.subf %d1, %V_sqrtT2 : f32
      // CNDD1 = cndGPU(d1); CNDD2 = cndGPU(d2);
      %CNDD1 = func.call @cndGPU(%d1) : (f32) -> f32
      %CNDD2 = func.call @cndGPU(%d2) : (f32) -> f32
      // expRT = __expf(-R * T);
      %minus_R = arith.negf %R : f32
      %minus_RT = arith.mulf %minus_R, %T : f32
      %expRT = math.exp %minus_RT : f32
      // CallResult = S * CNDD1 - X * expRT * CNDD2;
      %S_CNDD1 = arith.mulf %S, %CNDD1 : f32
      %X_expRT = arith.mulf %X, %expRT : f32
      %X_expRT_CNDD2 = arith.mulf %X_expRT, %CNDD2 : f32
      %call = arith.subf %S_CNDD1, %X_expRT_CNDD2 : f32
      // PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
      %X_expRT2 = arith.mulf %X, %expRT : f32
      %not_CNDD2 = arith.subf %one, %CNDD2 : f32
      %put_left = arith.mulf %X_expRT2, %not_CNDD2 : f32
      %not_CNDD1 = arith.subf %one, %CNDD1 : f32
      %put_right = arith.mulf %S, %not_CNDD1 : f32
      %put = arith.subf %put_left, %put_right : f32
      return %call, %put : f32, f32
    }

    // __launch_bounds__(128) __global__ void BlackScholesGPU(float2 *__restrict d_CallResult,
    //     float2 *__restrict d_PutResult, float2 *__restrict d_StockPrice,
    //     float2 *__restrict d_OptionStrike, float2 *__restrict d_OptionYears,
    //     float Riskfree, float Volatility, int optN)
    gpu.func @BlackScholesGPU(%d_CallResult: memref<?xf32> {llvm.noalias},
                              %d_PutResult: memref<?xf32> {llvm.noalias},
                              %d_StockPrice: memref<?xf32> {llvm.noalias},
                              %d_OptionStrike: memref<?xf32> {llvm.noalias},
                              %d_OptionYears: memref<?xf32> {llvm.noalias},
                              %Riskfree: f32, %Volatility: f32, %optN: i32) kernel {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c2_i32 = arith.constant 2 : i32
      // const int opt = blockDim.x * blockIdx.x + threadIdx.x;
      %bdx = gpu.block_dim x
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %bdx_bx = arith.muli %bdx, %bx : index
      %opt = arith.addi %bdx_bx, %tx : index
      // if (opt < (optN / 2)) {
      %pairs_i32 = arith.divsi %optN, %c2_i32 : i32
      %pairs = arith.index_cast %pairs_i32 : i32 to index
      %inside = arith.cmpi slt, %opt, %pairs : index
      scf.if %inside {
        // d[opt].x is d[2*opt], d[opt].y is d[2*opt + 1]
        %x = arith.muli %opt, %c2 : index
        %y = arith.addi %x, %c1 : index
        // BlackScholesBodyGPU(callResult1, putResult1, d_StockPrice[opt].x,
        //     d_OptionStrike[opt].x, d_OptionYears[opt].x, Riskfree, Volatility);
        %S1 = memref.load %d_StockPrice[%x] : memref<?xf32>
        %X1 = memref.load %d_OptionStrike[%x] : memref<?xf32>
        %T1 = memref.load %d_OptionYears[%x] : memref<?xf32>
        %call1, %put1 = func.call @BlackScholesBodyGPU(%S1, %X1, %T1, %Riskfree, %Volatility)
            : (f32, f32, f32, f32, f32) -> (f32, f32)
        // BlackScholesBodyGPU(callResult2, putResult2, d_StockPrice[opt].y,
        //     d_OptionStrike[opt].y, d_OptionYears[opt].y, Riskfree, Volatility);
        %S2 = memref.load %d_StockPrice[%y] : memref<?xf32>
        %X2 = memref.load %d_OptionStrike[%y] : memref<?xf32>
        %T2 = memref.load %d_OptionYears[%y] : memref<?xf32>
        %call2, %put2 = func.call @BlackScholesBodyGPU(%S2, %X2, %T2, %Riskfree, %Volatility)
            : (f32, f32, f32, f32, f32) -> (f32, f32)
        // d_CallResult[opt] = make_float2(callResult1, callResult2);
        memref.store %call1, %d_CallResult[%x] : memref<?xf32>
        memref.store %call2, %d_CallResult[%y] : memref<?xf32>
        // d_PutResult[opt] = make_float2(putResult1, putResult2);
        memref.store %put1, %d_PutResult[%x] : memref<?xf32>
        memref.store %put2, %d_PutResult[%y] : memref<?xf32>
      }
      gpu.return
    }
  }
}
