// NVIDIA's transposeNaive of a 4096x4096 f32 matrix, as a DSL compiler emits it: a 32x8 block
// transposes a 32x32 tile, each thread four rows (j = 0, 8, 16, 24): it reads in[y + j][x]
// (coalesced across tid.x) and writes out[x][y + j] (neighbouring lanes 4096 elements apart:
// 32 sectors per warp request). The same launch as the CUDA reference (bench/cuda/transpose.cu,
// transposeCoalesced), which is what staging the store through a 32x32 tile makes of it.
// Memory-bound: 128 MiB moved per launch.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose_rows(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %y, %j : index
        %v = memref.load %in[%row, %x] : memref<4096x4096xf32>
        memref.store %v, %out[%x, %row] : memref<4096x4096xf32>
      }
      gpu.return
    }
  }
}
