// A row term that is a multiple of the width (Rodinia SRAD's index form,
// `cols*BLOCK_SIZE*by + BLOCK_SIZE*bx + cols*ty + tx`): cols*16*by is 16 rows of cols, so it
// belongs to the row (16*bid.y + tid.y), not to the column. @split is SRAD's index as written,
// compiled apart from any launcher (cols is an argument): the column is tid.x + 16*bid.x, and
// nothing bounds bid.x, so the index stays flat and the remark names that column (it used to
// name `tid.x + 16*bid.x + 16*arg2*bid.y`). @guarded adds SRAD's own kind of edge guard on the
// column, and the split is made: row tid.y + 16*bid.y (the view's row index multiplies the
// factor by 16), column tid.x + 16*bid.x. @next_row reads the row below at a constant width,
// `in[r*64 + column + 64]` (SRAD's `index_s`): the constant 64 is a whole row, so the split is
// row r + 1, column tid.x + 16*bid.x (it used to stay flat, the column past the width).

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: gpu-mem-opt diff %s --kernel guarded --grid 5,3,1 --block 16,16,1 --arg random:1:3072 --arg zeros:3072 --arg 64
// RUN: gpu-mem-opt diff %s --kernel next_row --grid 5,3,1 --block 16,16,1 --arg random:1:3136 --arg zeros:3072

// REMARK: delinearize: arg 0: arg 0[row*W + column] stays flat: no guard or loop bound proves the column tid.x + 16*bid.x < the width arg2; unblock: guard the column below the width (if (j < W)), or pass the width as the same constant at every launch in the module
// REMARK: delinearize: arg 0: arg 0[(tid.y + 16*bid.y)*arg2 + tid.x + 16*bid.x] read as row tid.y + 16*bid.y, column tid.x + 16*bid.x of rows of arg2 elements
// REMARK: delinearize: arg 0: arg 0[(tid.y + 16*bid.y + 1)*64 + tid.x + 16*bid.x] read as row tid.y + 16*bid.y + 1, column tid.x + 16*bid.x of rows of 64 elements

// CHECK-LABEL: gpu.func @guarded(
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %arg0 {{.*}} {gpu_mem_opt.rows_view}
// CHECK: scf.if
// CHECK: %[[SIXTEEN:.*]] = arith.constant 16 : index
// CHECK: %[[ROWS:.*]] = arith.muli %{{.*}}block_id_y, %[[SIXTEEN]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[ROWS]], %{{.*}}thread_id_y : index
// CHECK: memref.load %[[VIEW]][%[[ROW]], %{{.*}}] : memref<?x?xf32, strided<[?, 1]>>
// CHECK-LABEL: gpu.func @next_row(
// CHECK: %[[ROWS:.*]] = memref.reinterpret_cast %arg0 {{.*}} {gpu_mem_opt.rows_view}
// CHECK: %[[BELOW:.*]] = arith.addi %{{.*}}, %c1{{.*}} : index
// CHECK: memref.load %[[ROWS]][%[[BELOW]], %{{.*}}] : memref<?x64xf32>

gpu.module @k {
  gpu.func @split(%in: memref<?xf32>, %out: memref<?xf32>, %cols: i32) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>} {
    %c16 = arith.constant 16 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %w = arith.index_cast %cols : i32 to index
    %block_rows = arith.muli %w, %c16 : index
    %tile = arith.muli %block_rows, %by : index
    %left = arith.muli %c16, %bx : index
    %row = arith.muli %w, %ty : index
    %s0 = arith.addi %tile, %left : index
    %s1 = arith.addi %s0, %row : index
    %i = arith.addi %s1, %tx : index
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<?xf32>
    gpu.return
  }

  gpu.func @guarded(%in: memref<?xf32>, %out: memref<?xf32>, %cols: i32) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>} {
    %c16 = arith.constant 16 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %w = arith.index_cast %cols : i32 to index
    %block_rows = arith.muli %w, %c16 : index
    %tile = arith.muli %block_rows, %by : index
    %left = arith.muli %c16, %bx : index
    %column = arith.addi %left, %tx : index
    %inside = arith.cmpi ult, %column, %w : index
    scf.if %inside {
      %row = arith.muli %w, %ty : index
      %s0 = arith.addi %tile, %row : index
      %i = arith.addi %s0, %column : index
      %v = memref.load %in[%i] : memref<?xf32>
      memref.store %v, %out[%column] : memref<?xf32>
    }
    gpu.return
  }

  gpu.func @next_row(%in: memref<?xf32>, %out: memref<?xf32>) kernel
      attributes {known_block_size = array<i32: 16, 16, 1>} {
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %left = arith.muli %c16, %bx : index
    %column = arith.addi %left, %tx : index
    %inside = arith.cmpi ult, %column, %c64 : index
    scf.if %inside {
      %top = arith.muli %c16, %by : index
      %r = arith.addi %top, %ty : index
      %start = arith.muli %r, %c64 : index
      %at = arith.addi %start, %column : index
      %below = arith.addi %at, %c64 : index
      %v = memref.load %in[%below] : memref<?xf32>
      memref.store %v, %out[%at] : memref<?xf32>
    }
    gpu.return
  }
}
