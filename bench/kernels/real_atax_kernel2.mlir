// Real code: PolyBench/GPU ATAX kernel 2 (y = A^T tmp), the gpu.func of test/RealCode/atax.mlir,
// ported from GitHub cavazos-lab/PolyBench-ACC, CUDA/linear-algebra/kernels/atax/atax.cu.
// Unchanged from the port except the value of the NY macro: 4096 (the source's size) where the
// port has 100. As people write it: A[i*NY + j] flat on memref<?xf32>, int nx, ny as i32
// arguments, y[j] zeroed and then accumulated with += in global memory, a column of A per
// thread (coalesced), launched with the source's 32x8 block of which only threadIdx.x is used
// (the 8 threadIdx.y copies of a thread write the same y[j]). No known_block_size: the suite
// gives the block.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void atax_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *y, DATA_TYPE *tmp)
    gpu.func @atax_kernel2(%nx: i32, %ny: i32, %A: memref<?xf32>, %y: memref<?xf32>,
                           %tmp: memref<?xf32>) kernel {
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
        // y[j] = 0;
        memref.store %zero, %y[%j] : memref<?xf32>
        // for (i = 0; i < _PB_NX; i++) y[j] += A[i*NY+j] * tmp[i];
        scf.for %i = %c0 to %nx_idx step %c1 {
          %row = arith.muli %i, %NY : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %ti = memref.load %tmp[%i] : memref<?xf32>
          %prod = arith.mulf %a, %ti : f32
          %yj = memref.load %y[%j] : memref<?xf32>
          %sum = arith.addf %yj, %prod : f32
          memref.store %sum, %y[%j] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
