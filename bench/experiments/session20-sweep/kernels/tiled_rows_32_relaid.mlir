module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_rows(%a: memref<1024x4096xf32, strided<[1, 1024]>>, %out: memref<1024xf32>) kernel
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
          %v = memref.load %a[%row, %k] : memref<1024x4096xf32, strided<[1, 1024]>>
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
