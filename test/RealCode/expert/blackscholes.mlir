// Expert rewrite of BlackScholesGPU in test/RealCode/blackscholes.mlir (cuda-samples
// BlackScholes, as cited there), for the same launch (grid 16, block 128, optN = 4000) and
// signature.
//
// What the expert changed and why: nothing but what the CUDA source itself has. The sample
// reads and writes float2 (each thread two options a step: 8-byte accesses), which the port
// writes as two scalar accesses of each array (4-byte, two requests where the source makes
// one); the expert keeps the source's float2 as vector<2xf32> loads and stores (8-byte
// aligned: every index is even). Each option's arithmetic is the original's, in its order.
//
// Global sectors under the test launch (interp --trace): as written 5000 (5 arrays x 2
// requests of 4-byte lanes per thread pair), this rewrite 2500 (one 8-byte request each).

// RUN: gpu-mem-opt diff %S/../blackscholes.mlir --kernel BlackScholesGPU --grid 16,1,1 --block 128,1,1 --arg zeros:4000 --arg zeros:4000 --arg random:1:4000 --arg random:2:4000 --arg random:3:4000 --arg 0.02 --arg 0.3 --arg 4000 --against %s

module attributes {gpu.container_module} {
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
        %Sv = vector.load %d_StockPrice[%x] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
        %Xv = vector.load %d_OptionStrike[%x] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
        %Tv = vector.load %d_OptionYears[%x] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
        %S1 = vector.extract %Sv[0] : f32 from vector<2xf32>
        %X1 = vector.extract %Xv[0] : f32 from vector<2xf32>
        %T1 = vector.extract %Tv[0] : f32 from vector<2xf32>
        %call1, %put1 = func.call @BlackScholesBodyGPU(%S1, %X1, %T1, %Riskfree, %Volatility)
            : (f32, f32, f32, f32, f32) -> (f32, f32)
        // BlackScholesBodyGPU(callResult2, putResult2, d_StockPrice[opt].y,
        //     d_OptionStrike[opt].y, d_OptionYears[opt].y, Riskfree, Volatility);
        %S2 = vector.extract %Sv[1] : f32 from vector<2xf32>
        %X2 = vector.extract %Xv[1] : f32 from vector<2xf32>
        %T2 = vector.extract %Tv[1] : f32 from vector<2xf32>
        %call2, %put2 = func.call @BlackScholesBodyGPU(%S2, %X2, %T2, %Riskfree, %Volatility)
            : (f32, f32, f32, f32, f32) -> (f32, f32)
        // d_CallResult[opt] = make_float2(callResult1, callResult2);
        %cv0 = vector.broadcast %call1 : f32 to vector<2xf32>
        %cv = vector.insert %call2, %cv0 [1] : f32 into vector<2xf32>
        vector.store %cv, %d_CallResult[%x] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
        // d_PutResult[opt] = make_float2(putResult1, putResult2);
        %pv0 = vector.broadcast %put1 : f32 to vector<2xf32>
        %pv = vector.insert %put2, %pv0 [1] : f32 into vector<2xf32>
        vector.store %pv, %d_PutResult[%x] {alignment = 8 : i64} : memref<?xf32>, vector<2xf32>
      }
      gpu.return
    }
  }
}
