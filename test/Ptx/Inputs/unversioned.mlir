// The kernel of ../versioned-alignment.mlir without the check: four scalar loads.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @versioned(%points: memref<4096xf32>, %sums: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c15 = arith.constant 15 : index
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c32 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      %a = memref.load %points[%base] : memref<4096xf32>
      %bb = memref.load %points[%i1] : memref<4096xf32>
      %c = memref.load %points[%i2] : memref<4096xf32>
      %d = memref.load %points[%i3] : memref<4096xf32>
      %ab = arith.addf %a, %bb : f32
      %cd = arith.addf %c, %d : f32
      %sum = arith.addf %ab, %cd : f32
      memref.store %sum, %sums[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
