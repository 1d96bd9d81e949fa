// Real code: PolyBench/GPU MVT kernel 1 (x1 += A y_1), the gpu.func of test/RealCode/mvt.mlir,
// ported from GitHub cavazos-lab/PolyBench-ACC, CUDA/linear-algebra/kernels/mvt/mvt.cu.
// Unchanged from the port except the value of the N macro: 4096 (the source's size) where the
// port has 100. As people write it: a[i*N + j] flat on memref<?xf32>, int n as an i32 argument,
// x1[i] += in global memory (no zeroing: x1 is read and written), a row of a per thread
// (uncoalesced), launched with the source's 32x8 block of which only threadIdx.x is used (the 8
// threadIdx.y copies of a thread add into the same x1[i]). No known_block_size: the suite gives
// the block.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void mvt_kernel1(int n, DATA_TYPE *a, DATA_TYPE *x1, DATA_TYPE *y_1)
    gpu.func @mvt_kernel1(%n: i32, %a: memref<?xf32>, %x1: memref<?xf32>,
                          %y_1: memref<?xf32>) kernel {
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
        // for(j=0; j < _PB_N; j++) x1[i] += a[i * N + j] * y_1[j];
        scf.for %j = %c0 to %n_idx step %c1 {
          %row = arith.muli %i, %N : index
          %ij = arith.addi %row, %j : index
          %aij = memref.load %a[%ij] : memref<?xf32>
          %yj = memref.load %y_1[%j] : memref<?xf32>
          %prod = arith.mulf %aij, %yj : f32
          %xi = memref.load %x1[%i] : memref<?xf32>
          %sum = arith.addf %xi, %prod : f32
          memref.store %sum, %x1[%i] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
