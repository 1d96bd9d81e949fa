// A naive 1024x1024 f32 transpose, as a DSL compiler emits it: each thread
// reads in[y][x] (coalesced across tid.x) and writes out[x][y] (a stride of
// 1024 elements between neighbouring lanes: 32 sectors per warp request).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
