// Flat indices read as rows and columns (option delinearize, issue 31): the way CUDA code
// indexes a 2-D array through a float* (A[y*w + x], w an int argument or a constant).
// Each case runs before and after the pass on the interpreter and must give the same output.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel transpose_flat --grid 3,9,1 --block 32,8,1 --arg random:1:4000 --arg zeros:4000 --arg 80 --arg 50
// RUN: gpu-mem-opt diff %s --kernel row_sums --grid 1,1,1 --block 128,1,1 --arg random:1:12800 --arg zeros:128 --arg 100
// RUN: gpu-mem-opt diff %s --kernel row_sums --grid 1,1,1 --block 128,1,1 --arg random:1:12820 --arg zeros:128 --arg 120
// RUN: gpu-mem-opt diff %s --kernel row_sums --grid 1,1,1 --block 128,1,1 --arg random:1:12800 --arg same:0 --arg 100
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=FLAT
// RUN: gpu-mem-opt diff %s --kernel stencil_flat --grid 2,8,1 --block 32,8,1 --arg random:1:3000 --arg zeros:3000 --arg 50 --arg 60
// RUN: gpu-mem-opt diff %s --kernel scale_1d --grid 4,1,1 --block 256,1,1 --arg random:1:1024 --arg zeros:1024
// RUN: gpu-mem-opt-opt --gpu-mem-opt='delinearize=false' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A transpose as CUDA writes it: out[x*h + y] = in[y*w + x] under `if (x < w && y < h)`,
    /// w and h int arguments. Both guards bound both columns, so both accesses get a 2-D view
    /// of dynamic width (strided<[?, 1]>), and staging then sees a 32x8 tile of rows.
    // CHECK-LABEL: gpu.func @transpose_flat
    // CHECK-DAG: memref.reinterpret_cast %arg0 to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%{{.*}}, 1] {gpu_mem_opt.rows_view} : memref<?xf32> to memref<?x?xf32, strided<[?, 1]>>
    // CHECK-DAG: memref.reinterpret_cast %arg1 to offset: [0], sizes: [%{{.*}}, %{{.*}}], strides: [%{{.*}}, 1] {gpu_mem_opt.rows_view} : memref<?xf32> to memref<?x?xf32, strided<[?, 1]>>
    // REMARK: delinearize: arg 0: arg 0[(tid.y + 8*bid.y)*arg2 + tid.x + 32*bid.x] read as row tid.y + 8*bid.y, column tid.x + 32*bid.x of rows of arg2 elements (a 2-D view, the same addresses): tid.x + 32*bid.x >= 0 by the id and loop ranges, < arg2 by tid.x + 32*bid.x < arg2
    // REMARK: delinearize: arg 1: arg 1[(tid.x + 32*bid.x)*arg3 + tid.y + 8*bid.y] written as row tid.x + 32*bid.x, column tid.y + 8*bid.y of rows of arg3 elements (a 2-D view, the same addresses): tid.y + 8*bid.y >= 0 by the id and loop ranges, < arg3 by tid.y + 8*bid.y < arg3
    gpu.func @transpose_flat(%in: memref<?xf32>, %out: memref<?xf32>, %w: i32, %h: i32) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %w_index = arith.index_cast %w : i32 to index
      %h_index = arith.index_cast %h : i32 to index
      %x_in = arith.cmpi slt, %x, %w_index : index
      %y_in = arith.cmpi slt, %y, %h_index : index
      %inside = arith.andi %x_in, %y_in : i1
      scf.if %inside {
        %row = arith.muli %y, %w_index : index
        %from = arith.addi %row, %x : index
        %value = memref.load %in[%from] : memref<?xf32>
        %column = arith.muli %x, %h_index : index
        %to = arith.addi %column, %y : index
        memref.store %value, %out[%to] : memref<?xf32>
      }
      gpu.return
    }

    /// A row per thread over a constant width, the loop bound an argument nothing fixes (a
    /// lone kernel): j < n bounds j below 100 only where n <= 100. The kernel checks that (and
    /// n >= 0, and its two buffers apart) at its entry and runs the 2-D view, with a staged
    /// 128x32 tile, where it holds; the code as written runs elsewhere (the diff runs with
    /// n = 100 and n = 120). With version=false the access stays flat and says why.
    // CHECK-LABEL: gpu.func @row_sums
    // CHECK: arith.cmpi sle, %{{.*}}, %c100
    // CHECK: scf.if
    // CHECK: memref.reinterpret_cast %arg0 {{.*}} : memref<?xf32> to memref<?x100xf32>
    // CHECK: } else {
    // CHECK-NOT: memref.reinterpret_cast
    // CHECK: memref.load %arg0[
    // CHECK: } {gpu_mem_opt.disjoint = array<i64: 0, 1>, gpu_mem_opt.specialized}
    // REMARK: delinearize: arg 0: arg 0[(tid.x)*100 + loop0] read as row tid.x, column loop0 of rows of 100 elements (a 2-D view, the same addresses): loop0 >= 0 by the id and loop ranges, < 100 by arg2 <= 100 and loop0 < arg2
    // REMARK: version: kernel: the optimized body runs where a check at the kernel's entry holds (16 instructions): arg2 >= 0; arg2 <= 100 (for the flat indices at {{[0-9]+}}:18); the bytes of arg 1, which it writes, apart from those it only reads (arg 0); elsewhere the code as written runs (a copy of the body)
    // FLAT: delinearize: arg 0: arg 0[row*W + column] stays flat: no guard or loop bound proves the column loop0 < the width 100; unblock: guard the column below the width (if (j < W)){{$}}
    gpu.func @row_sums(%a: memref<?xf32>, %sums: memref<?xf32>, %n: i32) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c100 = arith.constant 100 : index
      %n_index = arith.index_cast %n : i32 to index
      %zero = arith.constant 0.0 : f32
      %total = scf.for %j = %c0 to %n_index step %c1 iter_args(%sum = %zero) -> (f32) {
        %row = arith.muli %tx, %c100 : index
        %at = arith.addi %row, %j : index
        %value = memref.load %a[%at] : memref<?xf32>
        %next = arith.addf %sum, %value : f32
        scf.yield %next : f32
      }
      memref.store %total, %sums[%tx] : memref<?xf32>
      gpu.return
    }

    /// 2DConv's neighbours, int arithmetic as written (i32 indices cast once): the column
    /// j - 1 and j + 1 stay inside the row by `j > 0` and `j < nj - 1`.
    // CHECK-LABEL: gpu.func @stencil_flat
    // CHECK: memref.reinterpret_cast %arg0
    // CHECK-COUNT-3: memref.load %reinterpret_cast_{{[0-9]+}}[
    // REMARK: delinearize: arg 0: arg 0[(tid.y + 8*bid.y)*arg3 + tid.x + 32*bid.x - 1] read as row tid.y + 8*bid.y, column tid.x + 32*bid.x - 1 of rows of arg3 elements (a 2-D view, the same addresses): tid.x + 32*bid.x - 1 >= 0 by tid.x + 32*bid.x > 0, < arg3 by tid.x + 32*bid.x < arg3 - 1
    gpu.func @stencil_flat(%a: memref<?xf32>, %b: memref<?xf32>, %ni: i32, %nj: i32) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx32 = arith.index_cast %bx : index to i32
      %by32 = arith.index_cast %by : index to i32
      %tx32 = arith.index_cast %tx : index to i32
      %ty32 = arith.index_cast %ty : index to i32
      %c1 = arith.constant 1 : i32
      %c0 = arith.constant 0 : i32
      %c8 = arith.constant 8 : i32
      %c32 = arith.constant 32 : i32
      %j0 = arith.muli %bx32, %c32 : i32
      %j = arith.addi %j0, %tx32 : i32
      %i0 = arith.muli %by32, %c8 : i32
      %i = arith.addi %i0, %ty32 : i32
      %ni1 = arith.subi %ni, %c1 : i32
      %nj1 = arith.subi %nj, %c1 : i32
      %i_high = arith.cmpi slt, %i, %ni1 : i32
      %j_high = arith.cmpi slt, %j, %nj1 : i32
      %i_low = arith.cmpi sgt, %i, %c0 : i32
      %j_low = arith.cmpi sgt, %j, %c0 : i32
      %c_1 = arith.andi %i_high, %j_high : i1
      %c_2 = arith.andi %c_1, %i_low : i1
      %inside = arith.andi %c_2, %j_low : i1
      scf.if %inside {
        %row = arith.muli %i, %nj : i32
        %west_at = arith.addi %row, %j : i32
        %west_at1 = arith.subi %west_at, %c1 : i32
        %centre_at = arith.addi %row, %j : i32
        %east_at = arith.addi %centre_at, %c1 : i32
        %w = arith.index_cast %west_at1 : i32 to index
        %c = arith.index_cast %centre_at : i32 to index
        %e = arith.index_cast %east_at : i32 to index
        %west = memref.load %a[%w] : memref<?xf32>
        %centre = memref.load %a[%c] : memref<?xf32>
        %east = memref.load %a[%e] : memref<?xf32>
        %s1 = arith.addf %west, %centre : f32
        %s2 = arith.addf %s1, %east : f32
        memref.store %s2, %b[%c] : memref<?xf32>
      }
      gpu.return
    }

    /// A block's share of a 1-D array (bid.x * 256 + tid.x): the column holds thread ids only,
    /// so this is no row of a 2-D array and nothing is said.
    // CHECK-LABEL: gpu.func @scale_1d
    // CHECK-NOT: memref.reinterpret_cast
    // CHECK: gpu.return
    // REMARK-NOT: delinearize: arg 0: arg 0[(bid.x)
    gpu.func @scale_1d(%a: memref<?xf32>, %b: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %at = arith.addi %base, %tx : index
      %value = memref.load %a[%at] : memref<?xf32>
      %twice = arith.addf %value, %value : f32
      memref.store %twice, %b[%at] : memref<?xf32>
      gpu.return
    }
  }
}

// OFF-NOT: remark: gpu-mem-opt: delinearize
