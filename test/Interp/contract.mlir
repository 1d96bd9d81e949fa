// A launch contract nobody fulfils is a difference the whole-program diff sees (issue 20).
// Before issue 20, with assume-noalias=true, the pass moved the coefficients of @scale to
// constant memory (Inputs/contract-bound.mlir) although the host code below launches it
// without copying them into the symbol. `interp --kernel` fills the symbol itself, as the
// documented contract asks of a launcher, so a kernel-only diff cannot see the bug; a program
// runs its own launches, which bind nothing, so the kernel reads the symbol's zeros.

/// The program as written, and as the pass leaves it today (the coefficients stay global):
/// identical.
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=TODAY
// TODAY: identical: 1 launch (2 buffers after it), 0 lines of output, 2 arguments

/// Against the old rewrite: the launch leaves different data (every element became 0).
// RUN: not gpu-mem-opt diff %s --entry main --against %S/Inputs/contract-bound.mlir | FileCheck %s --check-prefix=BROKEN
// BROKEN: launch 0 (@scale) differs at argument 1: its elements after the launch are not bit-identical

/// The kernel alone cannot show it: its launcher binds the symbol.
// RUN: gpu-mem-opt diff %s --kernel scale --grid 8,1,1 --against %S/Inputs/contract-bound.mlir | FileCheck %s --check-prefix=KERNEL
// KERNEL: identical: 2 arguments, 1028 elements

module attributes {gpu.container_module} {
  func.func @main(%host_coefficients: memref<4xf32>, %host_data: memref<1024xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %coefficients = gpu.alloc () : memref<4xf32>
    %data = gpu.alloc () : memref<1024xf32>
    gpu.memcpy %coefficients, %host_coefficients : memref<4xf32>, memref<4xf32>
    gpu.memcpy %data, %host_data : memref<1024xf32>, memref<1024xf32>
    gpu.launch_func @kernels::@scale blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%coefficients : memref<4xf32>, %data : memref<1024xf32>)
    gpu.memcpy %host_data, %data : memref<1024xf32>, memref<1024xf32>
    return
  }
  gpu.module @kernels {
    gpu.func @scale(%coefficients: memref<4xf32>, %data: memref<1024xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %c0 = arith.constant 0 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %w = memref.load %coefficients[%c0] : memref<4xf32>
      %v = memref.load %data[%i] : memref<1024xf32>
      %p = arith.mulf %w, %v : f32
      memref.store %p, %data[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
