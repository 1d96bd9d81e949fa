// A float4 sum as a programmer writes it: four scalar loads of a 16-byte record. Nothing
// says where %points starts (a memref argument may be a view at any element), so with the
// default options the pass puts the 16-byte load behind a run-time check of its alignment
// (`make demo`, docs/pass.md, "vectorize").
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @float4_sums(%points: memref<4096xf32>, %sums: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
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
      %s = arith.addf %ab, %cd : f32
      memref.store %s, %sums[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
