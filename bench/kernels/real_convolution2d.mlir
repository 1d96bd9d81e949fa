// Real code: PolyBench/GPU 2DCONV (a 3x3 stencil), the gpu.func of
// test/RealCode/2DConvolution.mlir, ported from GitHub cavazos-lab/PolyBench-ACC,
// CUDA/stencils/convolution-2d/2DConvolution.cu.
// Unchanged from the port except the value of the NJ macro: 4096 (the source's size) where the
// port has 100. As people write it: A[(i - 1)*NJ + (j - 1)] flat on memref<?xf32> with the
// "+ 0" terms kept, int ni, nj as i32 arguments and _PB_NI-1 computed in int, the 9 loads of A
// straight from global memory, 32x8 blocks. (bench/kernels/polybench_convolution2d.mlir is the
// same kernel, which the main suite runs with the option block=32,8,1; here the options are the
// defaults.) No known_block_size: the suite gives the block.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void convolution2D_kernel(int ni, int nj, DATA_TYPE *A, DATA_TYPE *B)
    gpu.func @convolution2D_kernel(%ni: i32, %nj: i32, %A: memref<?xf32>, %B: memref<?xf32>) kernel {
      %NJ = arith.constant 4096 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i32
      // c11 = +0.2;  c21 = +0.5;  c31 = -0.8;
      // c12 = -0.3;  c22 = +0.6;  c32 = -0.9;
      // c13 = +0.4;  c23 = +0.7;  c33 = +0.10;
      %c11 = arith.constant 0.2 : f32
      %c21 = arith.constant 0.5 : f32
      %c31 = arith.constant -0.8 : f32
      %c12 = arith.constant -0.3 : f32
      %c22 = arith.constant 0.6 : f32
      %c32 = arith.constant -0.9 : f32
      %c13 = arith.constant 0.4 : f32
      %c23 = arith.constant 0.7 : f32
      %c33 = arith.constant 0.10 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bx = gpu.block_id x
      %dx = gpu.block_dim x
      %tx = gpu.thread_id x
      %jbase = arith.muli %bx, %dx : index
      %j = arith.addi %jbase, %tx : index
      // int i = blockIdx.y * blockDim.y + threadIdx.y;
      %by = gpu.block_id y
      %dy = gpu.block_dim y
      %ty = gpu.thread_id y
      %ibase = arith.muli %by, %dy : index
      %i = arith.addi %ibase, %ty : index
      // if ((i < _PB_NI-1) && (j < _PB_NJ-1) && (i > 0) && (j > 0))
      %ni_m1 = arith.subi %ni, %one : i32
      %nj_m1 = arith.subi %nj, %one : i32
      %ni_m1_idx = arith.index_cast %ni_m1 : i32 to index
      %nj_m1_idx = arith.index_cast %nj_m1 : i32 to index
      %i_lt = arith.cmpi slt, %i, %ni_m1_idx : index
      %j_lt = arith.cmpi slt, %j, %nj_m1_idx : index
      %i_gt = arith.cmpi sgt, %i, %c0 : index
      %j_gt = arith.cmpi sgt, %j, %c0 : index
      %in0 = arith.andi %i_lt, %j_lt : i1
      %in1 = arith.andi %in0, %i_gt : i1
      %in = arith.andi %in1, %j_gt : i1
      scf.if %in {
        %im1 = arith.subi %i, %c1 : index
        %ip0 = arith.addi %i, %c0 : index
        %ip1 = arith.addi %i, %c1 : index
        %jm1 = arith.subi %j, %c1 : index
        %jp0 = arith.addi %j, %c0 : index
        %jp1 = arith.addi %j, %c1 : index
        %row_m1 = arith.muli %im1, %NJ : index
        %row_0 = arith.muli %ip0, %NJ : index
        %row_p1 = arith.muli %ip1, %NJ : index
        // c11 * A[(i - 1) * NJ + (j - 1)]  + c21 * A[(i - 1) * NJ + (j + 0)] + c31 * A[(i - 1) * NJ + (j + 1)]
        %o11 = arith.addi %row_m1, %jm1 : index
        %a11 = memref.load %A[%o11] : memref<?xf32>
        %t11 = arith.mulf %c11, %a11 : f32
        %o21 = arith.addi %row_m1, %jp0 : index
        %a21 = memref.load %A[%o21] : memref<?xf32>
        %t21 = arith.mulf %c21, %a21 : f32
        %s1 = arith.addf %t11, %t21 : f32
        %o31 = arith.addi %row_m1, %jp1 : index
        %a31 = memref.load %A[%o31] : memref<?xf32>
        %t31 = arith.mulf %c31, %a31 : f32
        %s2 = arith.addf %s1, %t31 : f32
        // + c12 * A[(i + 0) * NJ + (j - 1)]  + c22 * A[(i + 0) * NJ + (j + 0)] +  c32 * A[(i + 0) * NJ + (j + 1)]
        %o12 = arith.addi %row_0, %jm1 : index
        %a12 = memref.load %A[%o12] : memref<?xf32>
        %t12 = arith.mulf %c12, %a12 : f32
        %s3 = arith.addf %s2, %t12 : f32
        %o22 = arith.addi %row_0, %jp0 : index
        %a22 = memref.load %A[%o22] : memref<?xf32>
        %t22 = arith.mulf %c22, %a22 : f32
        %s4 = arith.addf %s3, %t22 : f32
        %o32 = arith.addi %row_0, %jp1 : index
        %a32 = memref.load %A[%o32] : memref<?xf32>
        %t32 = arith.mulf %c32, %a32 : f32
        %s5 = arith.addf %s4, %t32 : f32
        // + c13 * A[(i + 1) * NJ + (j - 1)]  + c23 * A[(i + 1) * NJ + (j + 0)] +  c33 * A[(i + 1) * NJ + (j + 1)];
        %o13 = arith.addi %row_p1, %jm1 : index
        %a13 = memref.load %A[%o13] : memref<?xf32>
        %t13 = arith.mulf %c13, %a13 : f32
        %s6 = arith.addf %s5, %t13 : f32
        %o23 = arith.addi %row_p1, %jp0 : index
        %a23 = memref.load %A[%o23] : memref<?xf32>
        %t23 = arith.mulf %c23, %a23 : f32
        %s7 = arith.addf %s6, %t23 : f32
        %o33 = arith.addi %row_p1, %jp1 : index
        %a33 = memref.load %A[%o33] : memref<?xf32>
        %t33 = arith.mulf %c33, %a33 : f32
        %s8 = arith.addf %s7, %t33 : f32
        // B[i * NJ + j] = ...
        %irow = arith.muli %i, %NJ : index
        %ij = arith.addi %irow, %j : index
        memref.store %s8, %B[%ij] : memref<?xf32>
      }
      gpu.return
    }
  }
}
