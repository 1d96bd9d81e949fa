// tiled-rows with each row padded by 32 floats (rows 4128 floats, 16 KiB + 128 B apart): the same
// sums over the first 4096 columns, the same requests (32 sectors each, 8 consecutive loads of a
// thread in one sector), one warp on each of 32 SMs. A diagnostic for the time model (issue 35):
// tiled-rows measured 105 cycles a load on the H200 (218 us), where the model's L1 hits on the
// shared sectors predict 22. If this padded copy runs much faster, the 16 KiB stride makes the
// 32 lines of a request fall in one L1 set and evict each other (the hits do not happen); if it
// runs as slowly, a lone warp's 32-line request costs its lines in latency whatever the set.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_rows(%a: memref<1024x4128xf32>, %out: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %zero_index = arith.constant 0 : index
      %one = arith.constant 1 : index
      %tile = arith.constant 32 : index
      %width = arith.constant 4096 : index
      %zero = arith.constant 0.0 : f32
      %first = arith.muli %bx, %tile : index
      %row = arith.addi %first, %tx : index
      %sum = scf.for %kk = %zero_index to %width step %tile iter_args(%outer = %zero) -> f32 {
        %end = arith.addi %kk, %tile : index
        %partial = scf.for %k = %kk to %end step %one iter_args(%acc = %outer) -> f32 {
          %v = memref.load %a[%row, %k] : memref<1024x4128xf32>
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
