// `gpu-mem-opt wrap` puts a kernel into a whole program the way a DSL's host code launches
// it: a @main that gpu.allocs a copy of each memref argument, copies the data in, launches
// with constant sizes and copies every buffer back (issue 20). The pass then proves from the
// launch site what it would otherwise need assume-* options for.

// RUN: gpu-mem-opt wrap %s --kernel scale_rows --grid 4,1,1 > %t.mlir
// RUN: FileCheck %s < %t.mlir
// CHECK-LABEL: func.func @main(%host0: memref<4x?xf32>, %host1: f32)
// CHECK:      %grid_x = arith.constant 4 : index
// CHECK:      %block_x = arith.constant 64 : index
/// The dynamic size of the device copy is read from the host buffer.
// CHECK:      %device0_size1 = memref.dim %host0, %device0_index1 : memref<4x?xf32>
// CHECK-NEXT: %device0 = gpu.alloc (%device0_size1) : memref<4x?xf32>
// CHECK-NEXT: gpu.memcpy %device0, %host0
// CHECK:      gpu.launch_func @kernels::@scale_rows blocks in (%grid_x, %grid_y, %grid_z) threads in (%block_x, %block_y, %block_z)
// CHECK-NEXT: args(%device0 : memref<4x?xf32>, %host1 : f32)
// CHECK-NEXT: gpu.memcpy %host0, %device0
// CHECK-NEXT: gpu.dealloc %device0

/// The whole program before and after the pass with its default options.
// RUN: gpu-mem-opt diff %t.mlir --entry main --arg random:1:4x64 --arg 2.5 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 1 launch (1 buffer after it), 0 lines of output, 1 argument

/// Errors say what wrap needs.
// RUN: not gpu-mem-opt wrap %t.mlir --kernel scale_rows --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: gpu-mem-opt: the module already has a @main
// RUN: not gpu-mem-opt wrap %s --kernel missing --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: gpu-mem-opt: no kernel named 'missing' (kernels: scale_rows)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale_rows(%rows: memref<4x?xf32>, %factor: f32) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %row = gpu.block_id x
      %v = memref.load %rows[%row, %tx] : memref<4x?xf32>
      %w = arith.mulf %v, %factor : f32
      memref.store %w, %rows[%row, %tx] : memref<4x?xf32>
      gpu.return
    }
  }
}
