// Facts from the module (issue 31): launch sizes and arguments that are arithmetic of
// constants (what --canonicalize would fold, and what linalg's path to gpu emits as
// affine.apply) are constants to the pass. The block size of this launch is 8 * 4 = 32 and its
// grid 100 / 32 + (100 % 32 == 0 ? 0 : 1) = 4 blocks (a comparison and a select of constants:
// Rodinia's grids; session 27), so the launch has a predicted time; the width 50 + 50 = 100
// every launch passes makes the flat index A[i * w + j] a 2-D access of rows of 100.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main --arg random:1:10000 --arg zeros:100 | FileCheck %s --check-prefix=PROGRAM

// CHECK: kernel: 'row_sums': block 32x1x1 (from gpu.launch_func); 2 memory accesses; the same at every launch here: arg2 = 100
// CHECK: delinearize: arg 0: arg 0[(tid.x + 32*bid.x)*100 + loop0] read as row tid.x + 32*bid.x, column loop0 of rows of 100 elements
// CHECK: time: predicted 7.2 → 3.6 µs a launch
// PROGRAM: identical: 1 launch

module attributes {gpu.container_module} {
  func.func @main(%a: memref<?xf32>, %sums: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %n = arith.constant 100 : index
    %c50 = arith.constant 50 : i32
    %w = arith.addi %c50, %c50 : i32
    %block = affine.apply affine_map<()[s0] -> (s0 * 4)>()[%c8]
    // As Rodinia writes a grid: n / 32 + ((n % 32 == 0) ? 0 : 1).
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %whole = arith.divui %n, %c32 : index
    %rest = arith.remui %n, %c32 : index
    %even = arith.cmpi eq, %rest, %c0 : index
    %extra = arith.select %even, %c0, %c1 : index
    %grid = arith.addi %whole, %extra : index
    %nn = arith.muli %n, %n : index
    %a_gpu = gpu.alloc (%nn) : memref<?xf32>
    %sums_gpu = gpu.alloc (%n) : memref<?xf32>
    gpu.memcpy %a_gpu, %a : memref<?xf32>, memref<?xf32>
    gpu.launch_func @kernels::@row_sums blocks in (%grid, %c1, %c1) threads in (%block, %c1, %c1)
        args(%a_gpu : memref<?xf32>, %sums_gpu : memref<?xf32>, %w : i32)
    gpu.memcpy %sums, %sums_gpu : memref<?xf32>, memref<?xf32>
    gpu.dealloc %a_gpu : memref<?xf32>
    gpu.dealloc %sums_gpu : memref<?xf32>
    return
  }

  gpu.module @kernels {
    gpu.func @row_sums(%a: memref<?xf32>, %sums: memref<?xf32>, %w: i32) kernel {
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %base = arith.muli %bx, %bd : index
      %i = arith.addi %base, %tx : index
      %width = arith.index_cast %w : i32 to index
      %inside = arith.cmpi slt, %i, %width : index
      scf.if %inside {
        %total = scf.for %j = %c0 to %width step %c1 iter_args(%sum = %zero) -> (f32) {
          %row = arith.muli %i, %width : index
          %at = arith.addi %row, %j : index
          %value = memref.load %a[%at] : memref<?xf32>
          %next = arith.addf %sum, %value : f32
          scf.yield %next : f32
        }
        memref.store %total, %sums[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
