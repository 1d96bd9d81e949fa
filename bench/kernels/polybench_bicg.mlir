// PolyBench/GPU BICG as its CUDA source writes it, both kernels of test/RealCode/bicg.mlir at
// the benchmark's size NX = NY = 4096 (PolyBench-ACC's default); the suite times
// bicg_kernel2, q = A*p with one thread per row (256-thread blocks, 16 blocks): q[i]
// accumulated in global memory, A[i*NY + j] read with a stride of a row across a warp.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void bicg_kernel1(int nx, int ny, DATA_TYPE *A, DATA_TYPE *r, DATA_TYPE *s)
    gpu.func @bicg_kernel1(%nx: i32, %ny: i32, %A: memref<?xf32>, %r: memref<?xf32>,
                           %s: memref<?xf32>) kernel {
      %NY = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j = arith.addi %base, %tid : index
      %nx_idx = arith.index_cast %nx : i32 to index
      %ny_idx = arith.index_cast %ny : i32 to index
      // if (j < _PB_NY)
      %in = arith.cmpi slt, %j, %ny_idx : index
      scf.if %in {
        // s[j] = 0.0f;
        memref.store %zero, %s[%j] : memref<?xf32>
        // for(i = 0; i < _PB_NX; i++) s[j] += r[i] * A[i * NY + j];
        scf.for %i = %c0 to %nx_idx step %c1 {
          %ri = memref.load %r[%i] : memref<?xf32>
          %row = arith.muli %i, %NY : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %prod = arith.mulf %ri, %a : f32
          %sj = memref.load %s[%j] : memref<?xf32>
          %sum = arith.addf %sj, %prod : f32
          memref.store %sum, %s[%j] : memref<?xf32>
        }
      }
      gpu.return
    }

    // __global__ void bicg_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *p, DATA_TYPE *q)
    gpu.func @bicg_kernel2(%nx: i32, %ny: i32, %A: memref<?xf32>, %p: memref<?xf32>,
                           %q: memref<?xf32>) kernel {
      %NY = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // int i = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %nx_idx = arith.index_cast %nx : i32 to index
      %ny_idx = arith.index_cast %ny : i32 to index
      // if (i < _PB_NX)
      %in = arith.cmpi slt, %i, %nx_idx : index
      scf.if %in {
        // q[i] = 0.0f;
        memref.store %zero, %q[%i] : memref<?xf32>
        // for(j=0; j < _PB_NY; j++) q[i] += A[i * NY + j] * p[j];
        scf.for %j = %c0 to %ny_idx step %c1 {
          %row = arith.muli %i, %NY : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %pj = memref.load %p[%j] : memref<?xf32>
          %prod = arith.mulf %a, %pj : f32
          %qi = memref.load %q[%i] : memref<?xf32>
          %sum = arith.addf %qi, %prod : f32
          memref.store %sum, %q[%i] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
