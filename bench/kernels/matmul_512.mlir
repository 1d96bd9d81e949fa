// matmul.mlir at 512x512 (1024 blocks of 16x16 threads), for register tiles' trade: tiled
// 4x4 the grid is 64 blocks on 132 SMs, which the time model predicts 1.4x slower (88 → 127 µs,
// within its 2x error, so the pass tiles it where the grid is known). The suite measures it
// as written (matmul-512) and tiled (matmul-512-register-tile, coarsen-grid=true).
// Naive matrix multiply C = A·B of 512x512 f32 matrices, one thread per element of C
// (block 16x16), as a DSL compiler emits it before any tiling: A[i][k] is the same address
// for the 16 lanes of a row (a broadcast), B[k][j] is coalesced, and every element of A and
// B is read 512 times from global memory. The sum runs over k in order, one rounding per
// multiply and per add (the CUDA reference sums in the same order).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul_512(%a: memref<512x512xf32>, %b: memref<512x512xf32>, %c: memref<512x512xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      %n = memref.dim %a, %c1 : memref<512x512xf32>
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<512x512xf32>
        %y = memref.load %b[%k, %j] : memref<512x512xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%i, %j] : memref<512x512xf32>
      gpu.return
    }
  }
}
