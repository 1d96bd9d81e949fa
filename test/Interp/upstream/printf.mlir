// gpu.printf of an index, an i8 and an f32 (issue 32, item 4). The CHECK lines are upstream's,
// from mlir/test/Integration/GPU/CUDA/printf.mlir (llvm/llvm-project at 11ee48215123); the
// program here is written to the same behaviour: one block of 2 threads of a gpu.func launched
// with gpu.launch_func, each printing "Hello from %lld, %d, %f\n" with its thread id (index),
// the i8 2 and the f32 3.0.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: Hello from 0, 2, 3.000000
// CHECK: Hello from 1, 2, 3.000000
// SAME: identical

module attributes {gpu.container_module} {
  gpu.module @greet {
    gpu.func @say() kernel {
      %who = gpu.thread_id x
      %small = arith.constant 2 : i8
      %real = arith.constant 3.0 : f32
      gpu.printf "Hello from %lld, %d, %f\n", %who, %small, %real : index, i8, f32
      gpu.return
    }
  }

  func.func @main() {
    %n1 = arith.constant 1 : index
    %n2 = arith.constant 2 : index
    gpu.launch_func @greet::@say blocks in (%n1, %n1, %n1) threads in (%n2, %n1, %n1)
    return
  }
}
