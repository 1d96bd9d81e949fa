// PolyBench/GPU BICG kernel 2 (bench/kernels/polybench_bicg.mlir) with A's rows padded to a
// pitch of 4128 floats (16 KiB + 128 B): q[i] += A[i*4128 + j]*p[j] for j < ny = 4096, a row
// per thread, 16 blocks of 256. A diagnostic for the time model (issue 35): staged, BICG's
// kernel 2 measured 305 us on the H200 where the model predicts 181 (each 32-column tile's
// fill, 256 rows of 128 B 16 KiB apart, took about 4700 cycles, seven DRAM latencies). If this
// padded copy's staged variant runs much faster, the power-of-two pitch puts a tile's rows in
// few DRAM banks; if not, one block an SM keeps too few bytes in flight.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bicg_kernel2(%nx: i32, %ny: i32, %A: memref<?xf32>, %p: memref<?xf32>,
                           %q: memref<?xf32>) kernel {
      %NY = arith.constant 4128 : index
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
