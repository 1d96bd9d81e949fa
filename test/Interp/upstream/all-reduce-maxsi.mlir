// gpu.all_reduce maxsi, one block per row (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/all-reduce-maxsi.mlir (llvm/llvm-project at 0404b8d2d01e); the
// program here is written to the same behaviour: a gpu.host_register'ed 2x6 i32 buffer holding
// {0, 1, 2, 4, 8, 16} and {2, 3, 6, 7, 10, 11}, 2 blocks of 6 threads, each thread reducing its
// element of its block's row with `maxsi` (uniform) and storing the result at its row, printed
// with printMemrefI32. Here the kernel is an outlined gpu.func launched with gpu.launch_func.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// SAME: identical

module attributes {gpu.container_module} {
  gpu.module @reductions {
    gpu.func @row_max(%in: memref<2x6xi32>, %out: memref<2xi32>) kernel {
      %r = gpu.block_id x
      %c = gpu.thread_id x
      %elem = memref.load %in[%r, %c] : memref<2x6xi32>
      %m = gpu.all_reduce maxsi %elem uniform {} : (i32) -> (i32)
      memref.store %m, %out[%r] : memref<2xi32>
      gpu.return
    }
  }

  memref.global "private" constant @table : memref<2x6xi32> =
      dense<[[0, 1, 2, 4, 8, 16], [2, 3, 6, 7, 10, 11]]>

  func.func @main() {
    %one = arith.constant 1 : index
    %two = arith.constant 2 : index
    %six = arith.constant 6 : index
    %values = memref.alloc() : memref<2x6xi32>
    %maxima = memref.alloc() : memref<2xi32>
    %values_u = memref.cast %values : memref<2x6xi32> to memref<*xi32>
    gpu.host_register %values_u : memref<*xi32>
    %maxima_u = memref.cast %maxima : memref<2xi32> to memref<*xi32>
    gpu.host_register %maxima_u : memref<*xi32>
    %table = memref.get_global @table : memref<2x6xi32>
    memref.copy %table, %values : memref<2x6xi32> to memref<2x6xi32>

    gpu.launch_func @reductions::@row_max blocks in (%two, %one, %one)
        threads in (%six, %one, %one) args(%values : memref<2x6xi32>, %maxima : memref<2xi32>)

    call @printMemrefI32(%maxima_u) : (memref<*xi32>) -> ()
    // CHECK: [16, 11]

    return
  }

  func.func private @printMemrefI32(memref<*xi32>)
}
