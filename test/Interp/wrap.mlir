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

/// A scalar size the host code fixes: `--constant N=V` passes V as parameter N, so the pass
/// sees the loop's trip count (the time model's validation passes the suite's sizes so).
// RUN: gpu-mem-opt wrap %s --kernel count_up --grid 1,1,1 --constant 1=48 | FileCheck %s --check-prefix=CONSTANT
// CONSTANT-LABEL: func.func @main(%host0: memref<64xi32>, %host1: i32)
// CONSTANT:      %constant1 = arith.constant 48 : i32
// CONSTANT:      args(%device0 : memref<64xi32>, %constant1 : i32)
// RUN: gpu-mem-opt wrap %s --kernel count_up --grid 1,1,1 --constant 1=48 > %t.count.mlir
// RUN: gpu-mem-opt diff %t.count.mlir --entry main --arg zeros --arg 0 | FileCheck %s --check-prefix=COUNT-DIFF
// COUNT-DIFF: identical: 1 launch (1 buffer after it)
// RUN: not gpu-mem-opt wrap %s --kernel scale_rows --grid 4,1,1 --constant 1=2 2>&1 | FileCheck %s --check-prefix=FLOAT
// FLOAT: gpu-mem-opt: --constant 1=…: parameter 1 is f32, not an integer
// RUN: not gpu-mem-opt wrap %s --kernel count_up --grid 1,1,1 --constant 1:48 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: '1:48': expected N=V, e.g. 0=4096

/// Errors say what wrap needs.
// RUN: not gpu-mem-opt wrap %t.mlir --kernel scale_rows --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: gpu-mem-opt: the module already has a @main
// RUN: not gpu-mem-opt wrap %s --kernel missing --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: gpu-mem-opt: no kernel named 'missing' (kernels: scale_rows, count_up)

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

    /// Writes 0..n-1 to the first n lanes' cells, n a scalar argument.
    gpu.func @count_up(%out: memref<64xi32>, %n: i32) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %limit = arith.index_cast %n : i32 to index
      %inside = arith.cmpi slt, %tx, %limit : index
      scf.if %inside {
        %value = arith.index_cast %tx : index to i32
        memref.store %value, %out[%tx] : memref<64xi32>
      }
      gpu.return
    }
  }
}
