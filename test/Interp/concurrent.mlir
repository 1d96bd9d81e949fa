// Kernels that wait for each other (issue 32), as upstream's
// mlir/test/Integration/GPU/CUDA/concurrent-kernels.mlir (llvm/llvm-project at 1e66a9b5a7b5)
// has them; the program here is written to the same behaviour. Two launches on two streams
// each add 1 to a counter, then wait until it reaches 2, which needs the other kernel to run
// at the same time. The interpreter runs launches one after another, so the first launch
// would wait forever: a round of its scf.while changes no memory (an atomic add of 0) and no
// carried value, and the interpreter says so and stops instead of running into its iteration
// limit. Upstream's test has no CHECK lines (it passes by finishing); here the refusal is the
// expected result.

// RUN: not gpu-mem-opt interp %s --entry main 2>&1 | FileCheck %s
// CHECK: concurrent.mlir:[[#@LINE+10]]:7: this scf.while spins: a round changed no memory and no carried value, so it waits for a write by another block or kernel running at the same time; the interpreter runs blocks and launches one after another, so it cannot run this program

module attributes {gpu.container_module} {
  gpu.module @device {
    gpu.func @arrive_and_wait(%arrived: memref<1xi32>) kernel {
      %first = arith.constant 0 : index
      %none = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %everyone = arith.constant 2 : i32
      %before = memref.atomic_rmw addi %one, %arrived[%first] : (i32, memref<1xi32>) -> i32
      scf.while : () -> () {
        %seen = memref.atomic_rmw addi %none, %arrived[%first] : (i32, memref<1xi32>) -> i32
        %waiting = arith.cmpi slt, %seen, %everyone : i32
        scf.condition(%waiting)
      } do {
        scf.yield
      }
      gpu.return
    }
  }

  func.func @main() {
    %arrived = gpu.alloc host_shared () : memref<1xi32>
    %first = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    memref.store %zero, %arrived[%first] : memref<1xi32>
    %one = arith.constant 1 : index
    %stream_a = gpu.wait async
    %stream_b = gpu.wait async
    %done_a = gpu.launch_func async [%stream_a] @device::@arrive_and_wait
        blocks in (%one, %one, %one) threads in (%one, %one, %one) args(%arrived : memref<1xi32>)
    %done_b = gpu.launch_func async [%stream_b] @device::@arrive_and_wait
        blocks in (%one, %one, %one) threads in (%one, %one, %one) args(%arrived : memref<1xi32>)
    gpu.wait [%done_a, %done_b]
    return
  }
}
