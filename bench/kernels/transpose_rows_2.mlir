// transpose-naive with 2 rows per thread (thread coarsening by 2 along y, a factor of
// issue 33's sweep): a 32x8 block transposes a 32x16 tile, each thread the rows
// j = 0, 8, ..., 8 in a loop, reading in[y + j][x] (coalesced) and writing out[x][y + j]
// (32 sectors per warp request unless staged). Factor 4 is transpose-rows; factor 1 is
// transpose-naive. Memory-bound: 128 MiB moved per launch.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose_rows_2(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %rows = arith.constant 16 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %rows : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %rows step %c8 {
        %row = arith.addi %y, %j : index
        %v = memref.load %in[%row, %x] : memref<4096x4096xf32>
        memref.store %v, %out[%x, %row] : memref<4096x4096xf32>
      }
      gpu.return
    }
  }
}
