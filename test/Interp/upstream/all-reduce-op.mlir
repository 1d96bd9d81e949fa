// gpu.all_reduce add over a 3-D block (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/all-reduce-op.mlir (llvm/llvm-project at 28978ed7dabc); the
// program here is written to the same behaviour: a gpu.host_register'ed 2x4x13 f32 buffer whose
// dynamic sizes give one block of 13x4x2 threads; each thread converts its linear id
// (tz * 4 + ty) * 13 + tx to f32, sums it over the block with `add` (uniform), and stores the
// sum at its own [tz, ty, tx]; printMemrefF32 prints the buffer: 8 rows of 13 times
// 0 + 1 + ... + 103 = 5356. Here the kernel is an outlined gpu.func reading gpu.block_dim.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK-COUNT-8: [{{(5356, ){12}5356}}]
// SAME: identical

module attributes {gpu.container_module} {
  gpu.module @block_sum {
    gpu.func @everyone(%out: memref<?x?x?xf32>) kernel {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %z = gpu.thread_id z
      %nx = gpu.block_dim x
      %ny = gpu.block_dim y
      %plane = arith.muli %z, %ny : index
      %row = arith.addi %plane, %y : index
      %row_start = arith.muli %row, %nx : index
      %linear = arith.addi %row_start, %x : index
      %as_int = arith.index_cast %linear : index to i32
      %as_float = arith.sitofp %as_int : i32 to f32
      %total = gpu.all_reduce add %as_float uniform {} : (f32) -> (f32)
      memref.store %total, %out[%z, %y, %x] : memref<?x?x?xf32>
      gpu.return
    }
  }

  func.func @main() {
    %d0 = arith.constant 0 : index
    %d1 = arith.constant 1 : index
    %d2 = arith.constant 2 : index
    %storage = memref.alloc() : memref<2x4x13xf32>
    %dyn = memref.cast %storage : memref<2x4x13xf32> to memref<?x?x?xf32>
    %depth = memref.dim %dyn, %d0 : memref<?x?x?xf32>
    %height = memref.dim %dyn, %d1 : memref<?x?x?xf32>
    %width = memref.dim %dyn, %d2 : memref<?x?x?xf32>
    %unranked = memref.cast %dyn : memref<?x?x?xf32> to memref<*xf32>
    gpu.host_register %unranked : memref<*xf32>
    gpu.launch_func @block_sum::@everyone blocks in (%d1, %d1, %d1)
        threads in (%width, %height, %depth) args(%dyn : memref<?x?x?xf32>)
    call @printMemrefF32(%unranked) : (memref<*xf32>) -> ()
    return
  }

  func.func private @printMemrefF32(memref<*xf32>)
}
