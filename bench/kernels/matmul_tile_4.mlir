// matmul with a 4x4 register tile per thread (issue 33's register tiles, written by hand to
// measure what they give before the pass makes them): a 16x16 block computes a 64x64 tile
// of C, thread (tx, ty) the outputs C[i0 + ty + 16 r][j0 + tx + 16 c] for r, c < 4 (rows and
// columns 16 apart, so every load and store stays coalesced across tid.x), 16 sums carried
// through the k loop; each sum runs over k in order, as matmul.mlir's does (outputs equal bit
// for bit). Every k reads 4 elements of A and 4 of B for 16 multiply-adds.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_tile_4(%a: memref<2048x2048xf32>, %b: memref<2048x2048xf32>, %c: memref<2048x2048xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %side = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %i0 = arith.muli %by, %side : index
      %i_0 = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %side : index
      %j_0 = arith.addi %j0, %tx : index
      %i_1 = arith.addi %i_0, %c16 : index
      %j_1 = arith.addi %j_0, %c16 : index
      %i_2 = arith.addi %i_1, %c16 : index
      %j_2 = arith.addi %j_1, %c16 : index
      %i_3 = arith.addi %i_2, %c16 : index
      %j_3 = arith.addi %j_2, %c16 : index
      %n = memref.dim %a, %c1 : memref<2048x2048xf32>
      %sums:16 = scf.for %k = %c0 to %n step %c1 iter_args(%acc00 = %zero, %acc01 = %zero, %acc02 = %zero, %acc03 = %zero, %acc10 = %zero, %acc11 = %zero, %acc12 = %zero, %acc13 = %zero, %acc20 = %zero, %acc21 = %zero, %acc22 = %zero, %acc23 = %zero, %acc30 = %zero, %acc31 = %zero, %acc32 = %zero, %acc33 = %zero) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
        %x0 = memref.load %a[%i_0, %k] : memref<2048x2048xf32>
        %x1 = memref.load %a[%i_1, %k] : memref<2048x2048xf32>
        %x2 = memref.load %a[%i_2, %k] : memref<2048x2048xf32>
        %x3 = memref.load %a[%i_3, %k] : memref<2048x2048xf32>
        %y0 = memref.load %b[%k, %j_0] : memref<2048x2048xf32>
        %y1 = memref.load %b[%k, %j_1] : memref<2048x2048xf32>
        %y2 = memref.load %b[%k, %j_2] : memref<2048x2048xf32>
        %y3 = memref.load %b[%k, %j_3] : memref<2048x2048xf32>
        %p00 = arith.mulf %x0, %y0 : f32
        %s00 = arith.addf %acc00, %p00 : f32
        %p01 = arith.mulf %x0, %y1 : f32
        %s01 = arith.addf %acc01, %p01 : f32
        %p02 = arith.mulf %x0, %y2 : f32
        %s02 = arith.addf %acc02, %p02 : f32
        %p03 = arith.mulf %x0, %y3 : f32
        %s03 = arith.addf %acc03, %p03 : f32
        %p10 = arith.mulf %x1, %y0 : f32
        %s10 = arith.addf %acc10, %p10 : f32
        %p11 = arith.mulf %x1, %y1 : f32
        %s11 = arith.addf %acc11, %p11 : f32
        %p12 = arith.mulf %x1, %y2 : f32
        %s12 = arith.addf %acc12, %p12 : f32
        %p13 = arith.mulf %x1, %y3 : f32
        %s13 = arith.addf %acc13, %p13 : f32
        %p20 = arith.mulf %x2, %y0 : f32
        %s20 = arith.addf %acc20, %p20 : f32
        %p21 = arith.mulf %x2, %y1 : f32
        %s21 = arith.addf %acc21, %p21 : f32
        %p22 = arith.mulf %x2, %y2 : f32
        %s22 = arith.addf %acc22, %p22 : f32
        %p23 = arith.mulf %x2, %y3 : f32
        %s23 = arith.addf %acc23, %p23 : f32
        %p30 = arith.mulf %x3, %y0 : f32
        %s30 = arith.addf %acc30, %p30 : f32
        %p31 = arith.mulf %x3, %y1 : f32
        %s31 = arith.addf %acc31, %p31 : f32
        %p32 = arith.mulf %x3, %y2 : f32
        %s32 = arith.addf %acc32, %p32 : f32
        %p33 = arith.mulf %x3, %y3 : f32
        %s33 = arith.addf %acc33, %p33 : f32
        scf.yield %s00, %s01, %s02, %s03, %s10, %s11, %s12, %s13, %s20, %s21, %s22, %s23, %s30, %s31, %s32, %s33 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
      }
      memref.store %sums#0, %c[%i_0, %j_0] : memref<2048x2048xf32>
      memref.store %sums#1, %c[%i_0, %j_1] : memref<2048x2048xf32>
      memref.store %sums#2, %c[%i_0, %j_2] : memref<2048x2048xf32>
      memref.store %sums#3, %c[%i_0, %j_3] : memref<2048x2048xf32>
      memref.store %sums#4, %c[%i_1, %j_0] : memref<2048x2048xf32>
      memref.store %sums#5, %c[%i_1, %j_1] : memref<2048x2048xf32>
      memref.store %sums#6, %c[%i_1, %j_2] : memref<2048x2048xf32>
      memref.store %sums#7, %c[%i_1, %j_3] : memref<2048x2048xf32>
      memref.store %sums#8, %c[%i_2, %j_0] : memref<2048x2048xf32>
      memref.store %sums#9, %c[%i_2, %j_1] : memref<2048x2048xf32>
      memref.store %sums#10, %c[%i_2, %j_2] : memref<2048x2048xf32>
      memref.store %sums#11, %c[%i_2, %j_3] : memref<2048x2048xf32>
      memref.store %sums#12, %c[%i_3, %j_0] : memref<2048x2048xf32>
      memref.store %sums#13, %c[%i_3, %j_1] : memref<2048x2048xf32>
      memref.store %sums#14, %c[%i_3, %j_2] : memref<2048x2048xf32>
      memref.store %sums#15, %c[%i_3, %j_3] : memref<2048x2048xf32>
      gpu.return
    }
  }
}
