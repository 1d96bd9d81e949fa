// PolyBench/GPU GESUMMV (y = alpha*A*x + beta*B*x) as its CUDA source writes it, the kernel of
// test/RealCode/gesummv.mlir at the benchmark's size N = 4096 (PolyBench-ACC's default):
// float* as memref<?xf32> indexed flat, n an int argument, tmp[i] and y[i] accumulated in
// global memory, one thread per row (256-thread blocks, 16 blocks).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void gesummv_kernel(int n, DATA_TYPE alpha, DATA_TYPE beta, DATA_TYPE* A,
    //                                DATA_TYPE* B, DATA_TYPE* tmp, DATA_TYPE* x, DATA_TYPE* y)
    gpu.func @gesummv_kernel(%n: i32, %alpha: f32, %beta: f32, %A: memref<?xf32>,
                             %B: memref<?xf32>, %tmp: memref<?xf32>, %x: memref<?xf32>,
                             %y: memref<?xf32>) kernel {
      %N = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // int i = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %n_idx = arith.index_cast %n : i32 to index
      // if (i < _PB_N)
      %in = arith.cmpi slt, %i, %n_idx : index
      scf.if %in {
        scf.for %j = %c0 to %n_idx step %c1 {
          %row = arith.muli %i, %N : index
          %ij = arith.addi %row, %j : index
          // tmp[i] += A[i * N + j] * x[j];
          %a = memref.load %A[%ij] : memref<?xf32>
          %xj = memref.load %x[%j] : memref<?xf32>
          %pa = arith.mulf %a, %xj : f32
          %t = memref.load %tmp[%i] : memref<?xf32>
          %ts = arith.addf %t, %pa : f32
          memref.store %ts, %tmp[%i] : memref<?xf32>
          // y[i] += B[i * N + j] * x[j];
          %b = memref.load %B[%ij] : memref<?xf32>
          %xj2 = memref.load %x[%j] : memref<?xf32>
          %pb = arith.mulf %b, %xj2 : f32
          %yi = memref.load %y[%i] : memref<?xf32>
          %ys = arith.addf %yi, %pb : f32
          memref.store %ys, %y[%i] : memref<?xf32>
        }
        // y[i] = alpha * tmp[i] + beta  * y[i];
        %t2 = memref.load %tmp[%i] : memref<?xf32>
        %at = arith.mulf %alpha, %t2 : f32
        %y2 = memref.load %y[%i] : memref<?xf32>
        %by = arith.mulf %beta, %y2 : f32
        %r = arith.addf %at, %by : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
