// PolyBench/GPU GEMM (C = alpha*A*B + beta*C) as its CUDA source writes it, the kernel of
// test/RealCode/gemm.mlir at NI = NJ = NK = 1024: c[i*NJ + j] accumulated in global memory
// under the edge guard, a 32x8 block of outputs.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void gemm_kernel(int ni, int nj, int nk, DATA_TYPE alpha, DATA_TYPE beta,
    //                             DATA_TYPE *a, DATA_TYPE *b, DATA_TYPE *c)
    gpu.func @gemm_kernel(%ni: i32, %nj: i32, %nk: i32, %alpha: f32, %beta: f32,
                          %a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>) kernel {
      %NJ = arith.constant 1024 : index
      %NK = arith.constant 1024 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid_x = gpu.block_id x
      %bdim_x = gpu.block_dim x
      %tid_x = gpu.thread_id x
      %base_x = arith.muli %bid_x, %bdim_x : index
      %j = arith.addi %base_x, %tid_x : index
      // int i = blockIdx.y * blockDim.y + threadIdx.y;
      %bid_y = gpu.block_id y
      %bdim_y = gpu.block_dim y
      %tid_y = gpu.thread_id y
      %base_y = arith.muli %bid_y, %bdim_y : index
      %i = arith.addi %base_y, %tid_y : index
      %ni_idx = arith.index_cast %ni : i32 to index
      %nj_idx = arith.index_cast %nj : i32 to index
      %nk_idx = arith.index_cast %nk : i32 to index
      // if ((i < _PB_NI) && (j < _PB_NJ))
      %in_i = arith.cmpi slt, %i, %ni_idx : index
      %in_j = arith.cmpi slt, %j, %nj_idx : index
      %in = arith.andi %in_i, %in_j : i1
      scf.if %in {
        // c[i * NJ + j] *= beta;
        %row = arith.muli %i, %NJ : index
        %ij = arith.addi %row, %j : index
        %c_ij = memref.load %c[%ij] : memref<?xf32>
        %scaled = arith.mulf %c_ij, %beta : f32
        memref.store %scaled, %c[%ij] : memref<?xf32>
        // for(k=0; k < _PB_NK; k++)
        //   c[i * NJ + j] += alpha * a[i * NK + k] * b[k * NJ + j];
        scf.for %k = %c0 to %nk_idx step %c1 {
          %arow = arith.muli %i, %NK : index
          %ik = arith.addi %arow, %k : index
          %a_ik = memref.load %a[%ik] : memref<?xf32>
          %brow = arith.muli %k, %NJ : index
          %kj = arith.addi %brow, %j : index
          %b_kj = memref.load %b[%kj] : memref<?xf32>
          %t0 = arith.mulf %alpha, %a_ik : f32
          %t1 = arith.mulf %t0, %b_kj : f32
          %crow = arith.muli %i, %NJ : index
          %cij = arith.addi %crow, %j : index
          %cv = memref.load %c[%cij] : memref<?xf32>
          %sum = arith.addf %cv, %t1 : f32
          memref.store %sum, %c[%cij] : memref<?xf32>
        }
      }
      gpu.return
    }
  }
}
