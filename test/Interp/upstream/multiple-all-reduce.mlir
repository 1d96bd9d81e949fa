// Two gpu.all_reduce ops in one kernel (issue 32, item 4). The CHECK lines are upstream's, from
// mlir/test/Integration/GPU/CUDA/multiple-all-reduce.mlir (llvm/llvm-project at 058ec5f27d5c);
// the program here is written to the same behaviour: a gpu.host_register'ed 2x6 f32 buffer
// holding {0, 1, 2, 4, 8, 16} and {2, 3, 6, 7, 10, 11}, 2 blocks of 6 threads, each thread
// reducing its element of its block's row first with `add` and then with `mul` (both uniform),
// storing each at its row of one of two 2-element results, printed with printMemrefF32.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// SAME: identical

module attributes {gpu.container_module} {
  gpu.module @twice {
    gpu.func @sum_and_product(%m: memref<2x6xf32>, %sums: memref<2xf32>, %products: memref<2xf32>)
        kernel {
      %i = gpu.block_id x
      %j = gpu.thread_id x
      %e = memref.load %m[%i, %j] : memref<2x6xf32>
      %s = gpu.all_reduce add %e uniform {} : (f32) -> (f32)
      memref.store %s, %sums[%i] : memref<2xf32>
      %p = gpu.all_reduce mul %e uniform {} : (f32) -> (f32)
      memref.store %p, %products[%i] : memref<2xf32>
      gpu.return
    }
  }

  memref.global "private" constant @matrix : memref<2x6xf32> =
      dense<[[0.0, 1.0, 2.0, 4.0, 8.0, 16.0], [2.0, 3.0, 6.0, 7.0, 10.0, 11.0]]>

  func.func @main() {
    %one = arith.constant 1 : index
    %two = arith.constant 2 : index
    %six = arith.constant 6 : index
    %m = memref.alloc() : memref<2x6xf32>
    %sums = memref.alloc() : memref<2xf32>
    %products = memref.alloc() : memref<2xf32>
    %m_u = memref.cast %m : memref<2x6xf32> to memref<*xf32>
    %sums_u = memref.cast %sums : memref<2xf32> to memref<*xf32>
    %products_u = memref.cast %products : memref<2xf32> to memref<*xf32>
    gpu.host_register %m_u : memref<*xf32>
    gpu.host_register %sums_u : memref<*xf32>
    gpu.host_register %products_u : memref<*xf32>
    %init = memref.get_global @matrix : memref<2x6xf32>
    memref.copy %init, %m : memref<2x6xf32> to memref<2x6xf32>

    gpu.launch_func @twice::@sum_and_product blocks in (%two, %one, %one)
        threads in (%six, %one, %one)
        args(%m : memref<2x6xf32>, %sums : memref<2xf32>, %products : memref<2xf32>)

    call @printMemrefF32(%sums_u) : (memref<*xf32>) -> ()
    // CHECK: [31, 39]

    call @printMemrefF32(%products_u) : (memref<*xf32>) -> ()
    // CHECK: [0, 27720]

    return
  }

  func.func private @printMemrefF32(memref<*xf32>)
}
