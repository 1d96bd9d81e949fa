// Whole programs the interpreter refuses, each with a clear error at the op's location
// (issue 20): never a wrong run.

/// The entry must be a func.func with a body at the top of the module; the error lists them.
// RUN: not gpu-mem-opt interp %s --entry nothing 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: gpu-mem-opt: no func.func named 'nothing' at the top of the module (functions: dynamic_shared, async_region, printing_kernel)

/// A launch's dynamic shared memory size reaches the kernel (test/Interp/dynamic-shared.mlir);
/// a kernel that does not use it runs as before.
// RUN: gpu-mem-opt interp %s --entry dynamic_shared

/// async.execute regions run in program order (test/Interp/async.mlir).
// RUN: gpu-mem-opt interp %s --entry async_region

/// Printers run in host code only: a kernel calling one is stopped at the call.
// RUN: not gpu-mem-opt interp %s --entry printing_kernel 2>&1 | FileCheck %s --check-prefix=KERNEL
// KERNEL: program-errors.mlir:26:7: func.call in block (0, 0, 0) thread (0, 0, 0): host code (a launch, copy, fill or print) inside a kernel

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @noop(%data: memref<4xf32>) kernel {
      gpu.return
    }
    func.func private @printNewline()
    gpu.func @prints() kernel {
      func.call @printNewline() : () -> ()
      gpu.return
    }
  }
  func.func @dynamic_shared() {
    %c1 = arith.constant 1 : index
    %bytes = arith.constant 128 : i32
    %data = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@noop blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        dynamic_shared_memory_size %bytes args(%data : memref<4xf32>)
    return
  }
  func.func @async_region() {
    %token = async.execute {
      async.yield
    }
    return
  }
  func.func @printing_kernel() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @kernels::@prints blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
    return
  }
}
