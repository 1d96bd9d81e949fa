// Naive transpose of a 4096x4096 f32 matrix, as a DSL compiler emits it: each thread
// reads in[y][x] (coalesced across tid.x) and writes out[x][y] (neighbouring lanes 4096
// elements apart: 32 sectors per warp request). Memory-bound: 128 MiB moved per launch.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose_naive(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>) kernel
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
      %v = memref.load %in[%y, %x] : memref<4096x4096xf32>
      memref.store %v, %out[%x, %y] : memref<4096x4096xf32>
      gpu.return
    }
  }
}
