// Two launches, two kernels, one buffer (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/two-modules.mlir (llvm/llvm-project at 14b3fdeb4150); the
// program here is written to the same behaviour: a gpu.host_register'ed 13-element i32 buffer
// whose dynamic size is the block size; two launches of one block of 13 threads, each storing
// its thread id at its index (upstream's two gpu.launch bodies outline to two kernel modules;
// here they are two gpu.modules), and printMemrefI32 prints the buffer.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
// SAME: identical

module attributes {gpu.container_module} {
  gpu.module @first {
    gpu.func @ids(%out: memref<?xi32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  gpu.module @second {
    gpu.func @ids(%out: memref<?xi32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %out[%t] : memref<?xi32>
      gpu.return
    }
  }

  func.func @main() {
    %zero = arith.constant 0 : index
    %one = arith.constant 1 : index
    %buffer = memref.alloc() : memref<13xi32>
    %dynamic = memref.cast %buffer : memref<13xi32> to memref<?xi32>
    %n = memref.dim %dynamic, %zero : memref<?xi32>
    %printable = memref.cast %dynamic : memref<?xi32> to memref<*xi32>
    gpu.host_register %printable : memref<*xi32>
    gpu.launch_func @first::@ids blocks in (%one, %one, %one) threads in (%n, %one, %one)
        args(%dynamic : memref<?xi32>)
    gpu.launch_func @second::@ids blocks in (%one, %one, %one) threads in (%n, %one, %one)
        args(%dynamic : memref<?xi32>)
    call @printMemrefI32(%printable) : (memref<*xi32>) -> ()
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)
}
