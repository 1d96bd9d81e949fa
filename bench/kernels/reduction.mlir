// A sum reduction of 16777216 f32 values to one partial sum per block (1024 blocks of 256),
// as a DSL compiler emits it: a grid-stride loop (coalesced, each element read once), then a
// shared-memory tree halving the active threads at each of 8 levels, with a barrier between
// levels. Memory-bound: 64 MiB read per launch. The CUDA reference sums in the same order
// (its last five levels are warp shuffles, which pair the same lanes).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduction(%values: memref<16777216xf32>, %partial: memref<1024xf32>)
        workgroup(%sums: memref<256xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %blocks = gpu.grid_dim x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %b0 = arith.muli %bx, %c256 : index
      %start = arith.addi %b0, %tx : index
      %stride = arith.muli %blocks, %c256 : index
      %n = memref.dim %values, %c0 : memref<16777216xf32>
      %own = scf.for %i = %start to %n step %stride iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %values[%i] : memref<16777216xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %own, %sums[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %half = arith.shrui %c128, %level : index
        %active = arith.cmpi ult, %tx, %half : index
        scf.if %active {
          %other = arith.addi %tx, %half : index
          %a = memref.load %sums[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sums[%other] : memref<256xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %a, %b : f32
          memref.store %s, %sums[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %total = memref.load %sums[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %total, %partial[%bx] : memref<1024xf32>
      }
      gpu.return
    }
  }
}
