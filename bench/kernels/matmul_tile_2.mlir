// matmul with a 2x2 register tile per thread (issue 33's register tiles, written by hand to
// measure what they give before the pass makes them): a 16x16 block computes a 32x32 tile
// of C, thread (tx, ty) the outputs C[i0 + ty + 16 r][j0 + tx + 16 c] for r, c < 2 (rows and
// columns 16 apart, so every load and store stays coalesced across tid.x), 4 sums carried
// through the k loop; each sum runs over k in order, as matmul.mlir's does (outputs equal bit
// for bit). Every k reads 2 elements of A and 2 of B for 4 multiply-adds.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_tile_2(%a: memref<2048x2048xf32>, %b: memref<2048x2048xf32>, %c: memref<2048x2048xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %side = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      %i0 = arith.muli %by, %side : index
      %i_0 = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %side : index
      %j_0 = arith.addi %j0, %tx : index
      %i_1 = arith.addi %i_0, %c16 : index
      %j_1 = arith.addi %j_0, %c16 : index
      %n = memref.dim %a, %c1 : memref<2048x2048xf32>
      %sums:4 = scf.for %k = %c0 to %n step %c1 iter_args(%acc00 = %zero, %acc01 = %zero, %acc10 = %zero, %acc11 = %zero) -> (f32, f32, f32, f32) {
        %x0 = memref.load %a[%i_0, %k] : memref<2048x2048xf32>
        %x1 = memref.load %a[%i_1, %k] : memref<2048x2048xf32>
        %y0 = memref.load %b[%k, %j_0] : memref<2048x2048xf32>
        %y1 = memref.load %b[%k, %j_1] : memref<2048x2048xf32>
        %p00 = arith.mulf %x0, %y0 : f32
        %s00 = arith.addf %acc00, %p00 : f32
        %p01 = arith.mulf %x0, %y1 : f32
        %s01 = arith.addf %acc01, %p01 : f32
        %p10 = arith.mulf %x1, %y0 : f32
        %s10 = arith.addf %acc10, %p10 : f32
        %p11 = arith.mulf %x1, %y1 : f32
        %s11 = arith.addf %acc11, %p11 : f32
        scf.yield %s00, %s01, %s10, %s11 : f32, f32, f32, f32
      }
      memref.store %sums#0, %c[%i_0, %j_0] : memref<2048x2048xf32>
      memref.store %sums#1, %c[%i_0, %j_1] : memref<2048x2048xf32>
      memref.store %sums#2, %c[%i_1, %j_0] : memref<2048x2048xf32>
      memref.store %sums#3, %c[%i_1, %j_1] : memref<2048x2048xf32>
      gpu.return
    }
  }
}
