// tiled-rows (bench/kernels/tiled_rows.mlir) over 1024x16384 f32: 64 MB, more than the H200's
// L2 keeps between launches (bandwidth falls to DRAM's between 44 and 83 MB), so the time
// model charges DRAM's latency and bandwidth where tiled-rows' 16 MB stay in L2 (issue 35).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_rows(%a: memref<1024x16384xf32>, %out: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %zero_index = arith.constant 0 : index
      %one = arith.constant 1 : index
      %tile = arith.constant 32 : index
      %width = arith.constant 16384 : index
      %zero = arith.constant 0.0 : f32
      %first = arith.muli %bx, %tile : index
      %row = arith.addi %first, %tx : index
      %sum = scf.for %kk = %zero_index to %width step %tile iter_args(%outer = %zero) -> f32 {
        %end = arith.addi %kk, %tile : index
        %partial = scf.for %k = %kk to %end step %one iter_args(%acc = %outer) -> f32 {
          %v = memref.load %a[%row, %k] : memref<1024x16384xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        scf.yield %partial : f32
      }
      memref.store %sum, %out[%row] : memref<1024xf32>
      gpu.return
    }
  }
}
