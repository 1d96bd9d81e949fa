// A row sum written as hand-tiled code: each thread sums one row of a 1024x4096 f32 matrix,
// `for kk in 0..4096 step 32 { for k in kk..kk+32 { acc += a[row][k] } }`, block 32x1, 32
// blocks. Neighbouring lanes read rows 16 KiB apart (32 sectors a warp request), but each
// thread walks its own row, so 8 consecutive loads share one 32-byte sector. A small grid
// (1024 threads): latency-bound. Relayout (column-major storage) makes each request 4
// sectors but gives every load a new line; the time model predicts it slower, the H200
// measured it 1.14x faster (session 20; issue 35).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiled_rows(%a: memref<1024x4096xf32>, %out: memref<1024xf32>) kernel
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
          %v = memref.load %a[%row, %k] : memref<1024x4096xf32>
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
