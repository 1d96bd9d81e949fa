// Flat indices whose rows come from a loop or a block (session 30, real code): NVIDIA's
// matrixMul walks its tiles with `for (a = aBegin, b = bBegin; a <= aEnd; a += aStep, b +=
// bStep)`, aBegin = wA*BLOCK_SIZE*by whole rows of A and bStep whole rows of B; a lone kernel's
// `blockIdx.x * blockDim.x + threadIdx.x` is a product of two values the same for a block.
// Each case runs before and after the pass on the interpreter and must give the same output.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel tile_loop --grid 3,2,1 --block 32,4,1 --arg random:1:4096 --arg random:2:6144 --arg zeros:6144
// RUN: gpu-mem-opt diff %s --kernel column_walk --grid 2,1,1 --block 32,1,1 --arg random:1:4096 --arg zeros:64 --arg 64
// RUN: gpu-mem-opt diff %s --kernel column_walk --grid 3,1,1 --block 16,1,1 --arg random:1:4096 --arg zeros:64 --arg 40
// RUN: gpu-mem-opt diff %s --kernel block_share --grid 4,1,1 --block 4,1,1 --arg random:1:64 --arg zeros:64 --arg 3

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// matrixMul's loads with wA = 64, wB = 96 and BLOCK_SIZE = 32 (4 rows of threads here):
    /// A[a + 64*ty + tx] with a from aBegin = 2048*by by 32, twice: the start is 32 rows of
    /// 64, so the row is ty + 32*by and the column tx + (a - aBegin), at most 31 + 32 = 63
    /// (the loop's last value is its last step below the bound, 32, not 63). B[b + 96*ty + tx]
    /// with b from 32*bx, b += 3072 a trip of 32: 96 per unit of a, whole rows of 96, so the
    /// row is ty + (a - aBegin) and the column tx + 32*bx, below 96 for 3 blocks in x; C's
    /// store after the loop, as written.
    // CHECK-LABEL: gpu.func @tile_loop
    // CHECK-COUNT-3: {gpu_mem_opt.rows_view}
    // REMARK: delinearize: arg 0: arg 0[(tid.y + 32*bid.y)*64 + tid.x + loop0] read as row tid.y + 32*bid.y, column tid.x + loop0 of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + loop0 < 64 by the id and loop ranges
    // REMARK: delinearize: arg 1: arg 1[(tid.y + loop0)*96 + tid.x + 32*bid.x] read as row tid.y + loop0, column tid.x + 32*bid.x of rows of 96 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 96 by the id and loop ranges
    // REMARK: delinearize: arg 2: arg 2[(tid.y + 32*bid.y)*96 + tid.x + 32*bid.x] written as row tid.y + 32*bid.y, column tid.x + 32*bid.x of rows of 96 elements
    gpu.func @tile_loop(%A: memref<?xf32>, %B: memref<?xf32>, %C: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 32, 4, 1>, known_grid_size = array<i32: 3, 2, 1>} {
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %c96 = arith.constant 96 : index
      %c3072 = arith.constant 3072 : index
      %zero = arith.constant 0.0 : f32
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %wA_B = arith.muli %c64, %c32 : index
      %aBegin = arith.muli %wA_B, %by : index
      %aEnd = arith.addi %aBegin, %c64 : index
      %bBegin = arith.muli %c32, %bx : index
      %sums:2 = scf.for %a = %aBegin to %aEnd step %c32
          iter_args(%b = %bBegin, %sum = %zero) -> (index, f32) {
        %wAty = arith.muli %c64, %ty : index
        %a_ty = arith.addi %a, %wAty : index
        %ai = arith.addi %a_ty, %tx : index
        %av = memref.load %A[%ai] : memref<?xf32>
        %wBty = arith.muli %c96, %ty : index
        %b_ty = arith.addi %b, %wBty : index
        %bi = arith.addi %b_ty, %tx : index
        %bv = memref.load %B[%bi] : memref<?xf32>
        %p = arith.mulf %av, %bv : f32
        %s = arith.addf %sum, %p : f32
        %next = arith.addi %b, %c3072 : index
        scf.yield %next, %s : index, f32
      }
      %row = arith.muli %c32, %by : index
      %crow = arith.addi %row, %ty : index
      %cw = arith.muli %crow, %c96 : index
      %col = arith.addi %bBegin, %tx : index
      %ci = arith.addi %cw, %col : index
      memref.store %sums#1, %C[%ci] : memref<?xf32>
      gpu.return
    }

    /// A column walk in a lone kernel: i = blockIdx.x * blockDim.x + threadIdx.x under
    /// `if (i < n)`, A[j*n + i]. The product of the block id and the block size is a symbol of
    /// its own, at least 0 (both factors are), so the column i is proven in its row: at least
    /// 0 by the ranges, below n by the guard.
    // CHECK-LABEL: gpu.func @column_walk
    // CHECK: {gpu_mem_opt.rows_view}
    // REMARK: delinearize: arg 0: arg 0[(loop0)*arg2 + tid.x + bid.x*block_dim.x] read as row loop0, column tid.x + bid.x*block_dim.x of rows of arg2 elements (a 2-D view, the same addresses): tid.x + bid.x*block_dim.x >= 0 by the id and loop ranges, < arg2 by tid.x + bid.x*block_dim.x < arg2
    gpu.func @column_walk(%A: memref<?xf32> {llvm.noalias}, %out: memref<?xf32> {llvm.noalias},
                          %n32: i32) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %n = arith.index_cast %n32 : i32 to index
      %bdx = gpu.block_dim x
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %bdx : index
      %i = arith.addi %base, %tx : index
      %inside = arith.cmpi slt, %i, %n : index
      scf.if %inside {
        %sum = scf.for %j = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
          %row = arith.muli %j, %n : index
          %at = arith.addi %row, %i : index
          %v = memref.load %A[%at] : memref<?xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        memref.store %sum, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    /// Gaussian's b[blockDim.x*blockIdx.x + threadIdx.x + 1 + t] with blocks of 4: bid.x
    /// times 4 is no row of 4 but a block's share of a 1-D vector (its thread id tid.x is in the
    /// "column"): no split, no view, and no remark with advice to guard it below 4.
    // CHECK-LABEL: gpu.func @block_share
    // CHECK-NOT: gpu_mem_opt.rows_view
    // CHECK: gpu.return
    // REMARK-NOT: delinearize: arg 0:
    gpu.func @block_share(%b: memref<?xf32> {llvm.noalias}, %out: memref<?xf32> {llvm.noalias},
                          %t32: i32) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c1 = arith.constant 1 : index
      %t = arith.index_cast %t32 : i32 to index
      %bdx = gpu.block_dim x
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bdx, %bx : index
      %x = arith.addi %base, %tx : index
      %x1 = arith.addi %x, %c1 : index
      %at = arith.addi %x1, %t : index
      %v = memref.load %b[%at] : memref<?xf32>
      memref.store %v, %out[%x] : memref<?xf32>
      gpu.return
    }
  }
}
