// Real code: PolyBench/GPU COVARIANCE covar_kernel (symmat = data^T data, upper triangle and its
// mirror), the gpu.func of test/RealCode/covariance.mlir, ported from GitHub cavazos-lab/PolyBench-ACC,
// commit 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7, CUDA/datamining/covariance/covariance.cu.
// Unchanged from the port except the value of the M macro: 512 where the port has 260 (the
// source has 2048; 512 columns and n = 128 rows keep the O(M*M*N) kernel and the interpreter's
// run of its first block short). As people write it: data[i*M + j] and symmat[j1*M + j2] flat on
// memref<?xf32>, int m, n as i32 arguments, symmat[j1*M + j2] zeroed and accumulated with += in
// global memory across the i loop, a triangular j2 loop per thread (j2 = j1 .. m), the mirror
// store symmat[j2*M + j1] uncoalesced, 256x1 blocks (the source's block3). No known_block_size.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void covar_kernel(int m, int n, DATA_TYPE *symmat, DATA_TYPE *data)
    gpu.func @covar_kernel(%m: i32, %n: i32, %symmat: memref<?xf32>, %data: memref<?xf32>) kernel {
      %M = arith.constant 512 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      // int j1 = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %j1 = arith.addi %base, %tid : index
      %m_idx = arith.index_cast %m : i32 to index
      %n_idx = arith.index_cast %n : i32 to index
      // if (j1 < _PB_M)
      %in = arith.cmpi slt, %j1, %m_idx : index
      scf.if %in {
        // for (j2 = j1; j2 < _PB_M; j2++)
        scf.for %j2 = %j1 to %m_idx step %c1 {
          // symmat[j1*M + j2] = 0.0;
          %r0 = arith.muli %j1, %M : index
          %s0 = arith.addi %r0, %j2 : index
          memref.store %zero, %symmat[%s0] : memref<?xf32>
          // for(i = 0; i < _PB_N; i++)
          //   symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
          scf.for %i = %c0 to %n_idx step %c1 {
            %drow = arith.muli %i, %M : index
            %ij1 = arith.addi %drow, %j1 : index
            %d1 = memref.load %data[%ij1] : memref<?xf32>
            %drow2 = arith.muli %i, %M : index
            %ij2 = arith.addi %drow2, %j2 : index
            %d2 = memref.load %data[%ij2] : memref<?xf32>
            %prod = arith.mulf %d1, %d2 : f32
            %r1 = arith.muli %j1, %M : index
            %s1 = arith.addi %r1, %j2 : index
            %sv = memref.load %symmat[%s1] : memref<?xf32>
            %sum = arith.addf %sv, %prod : f32
            memref.store %sum, %symmat[%s1] : memref<?xf32>
          }
          // symmat[j2 * M + j1] = symmat[j1 * M + j2];
          %r2 = arith.muli %j1, %M : index
          %s2 = arith.addi %r2, %j2 : index
          %v = memref.load %symmat[%s2] : memref<?xf32>
          %r3 = arith.muli %j2, %M : index
          %s3 = arith.addi %r3, %j1 : index
          memref.store %v, %symmat[%s3] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
