// Transposes: naive, and tiled through workgroup memory with gpu.barrier.
//
// small: in is 4x8 (iota: in[r][c] = 8r + c), thread (tx, ty) copies in[ty][tx] to
// out[tx][ty], so out (8x4, row-major) lists 8r + c for c = 0..7, r = 0..3.
// RUN: gpu-mem-opt interp %s --kernel small --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s --check-prefix=SMALL
// SMALL: 0 8 16 24 1 9 17 25 2 10 18 26 3 11 19 27 4 12 20 28 5 13 21 29 6 14 22 30 7 15 23 31 {{$}}

// naive: 64x64 f32, block 32x8, grid 2x8: 16 blocks of 8 warps, 128 requests per op.
// A warp reads in[y][x..x+31] (128 contiguous bytes: 4 sectors) and writes
// out[x..x+31][y] (lanes 256 B apart: 32 sectors); 32 distinct addresses each.
// RUN: gpu-mem-opt interp %s --kernel naive --grid 2,8,1 --arg random:1 --arg zeros --trace --check-static | FileCheck %s --check-prefix=NAIVE
// NAIVE: memref.load (global): requests 128, sectors_per_request 4, distinct_addresses 32
// NAIVE: memref.store (global): requests 128, sectors_per_request 32, distinct_addresses 32
// NAIVE: static check: 4 metrics agree, 0 differ

// tiled32 / tiled33: out[i][j] = in[j][i] for 64x64 i32 through a 32x32 (or 32x33) tile;
// expected out[r][c] = 64c + r for iota input, computed here by Python.
// RUN: python3 -c "print(*(64 * c + r for r in range(64) for c in range(64)), sep=chr(10))" > %t.expected
// RUN: gpu-mem-opt interp %s --kernel tiled32 --grid 2,2,1 --arg iota --arg zeros --print-arg 1 > %t.tiled32
// RUN: diff %t.expected %t.tiled32
// RUN: gpu-mem-opt interp %s --kernel tiled33 --grid 2,2,1 --arg iota --arg zeros --print-arg 1 > %t.tiled33
// RUN: diff %t.expected %t.tiled33

// The tile write tile[r][tx] is row-wise (one bank per lane: degree 1); the read
// tile[tx][r] is column-wise: rows of 32 words put all 32 lanes in one bank (degree
// 32), rows of 33 words in 32 different banks (degree 1). Global accesses: 4 sectors.
// 4 blocks x 8 warps x 4 iterations = 128 requests per op.
// RUN: gpu-mem-opt interp %s --kernel tiled32 --grid 2,2,1 --arg iota --arg zeros --trace --check-static | FileCheck %s --check-prefix=T32
// T32: memref.load (global): requests 128, sectors_per_request 4, distinct_addresses 32
// T32-NEXT: memref.store (shared): requests 128, bank_conflict_degree 1, distinct_addresses 32
// T32-NEXT: memref.load (shared): requests 128, bank_conflict_degree 32, distinct_addresses 32
// T32-NEXT: memref.store (global): requests 128, sectors_per_request 4, distinct_addresses 32
// T32: static check: 8 metrics agree, 0 differ
// RUN: gpu-mem-opt interp %s --kernel tiled33 --grid 2,2,1 --arg iota --arg zeros --trace --check-static | FileCheck %s --check-prefix=T33
// T33: memref.load (shared): requests 128, bank_conflict_degree 1, distinct_addresses 32
// T33: static check: 8 metrics agree, 0 differ

// The pass does not rewrite these kernels yet: results are bit-identical.
// RUN: gpu-mem-opt diff %s --kernel tiled32 --grid 2,2,1 | FileCheck %s --check-prefix=DIFF
// RUN: gpu-mem-opt diff %s --kernel naive --grid 2,8,1 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 2 arguments, 8192 elements

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @small(%in: memref<4x8xi32>, %out: memref<8x4xi32>) kernel
        attributes {known_block_size = array<i32: 8, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%ty, %tx] : memref<4x8xi32>
      memref.store %v, %out[%tx, %ty] : memref<8x4xi32>
      gpu.return
    }

    gpu.func @naive(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<64x64xf32>
      memref.store %v, %out[%x, %y] : memref<64x64xf32>
      gpu.return
    }

    gpu.func @tiled32(%in: memref<64x64xi32>, %out: memref<64x64xi32>)
        workgroup(%tile: memref<32x32xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %bx32 = arith.muli %bx, %c32 : index
      %by32 = arith.muli %by, %c32 : index
      %xin = arith.addi %bx32, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %r = arith.addi %ty, %j : index
        %yin = arith.addi %by32, %r : index
        %v = memref.load %in[%yin, %xin] : memref<64x64xi32>
        memref.store %v, %tile[%r, %tx] : memref<32x32xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %xout = arith.addi %by32, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %r = arith.addi %ty, %j : index
        %yout = arith.addi %bx32, %r : index
        %v = memref.load %tile[%tx, %r] : memref<32x32xi32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%yout, %xout] : memref<64x64xi32>
      }
      gpu.return
    }

    gpu.func @tiled33(%in: memref<64x64xi32>, %out: memref<64x64xi32>)
        workgroup(%tile: memref<32x33xi32, 3>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %bx32 = arith.muli %bx, %c32 : index
      %by32 = arith.muli %by, %c32 : index
      %xin = arith.addi %bx32, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %r = arith.addi %ty, %j : index
        %yin = arith.addi %by32, %r : index
        %v = memref.load %in[%yin, %xin] : memref<64x64xi32>
        memref.store %v, %tile[%r, %tx] : memref<32x33xi32, 3>
      }
      gpu.barrier
      %xout = arith.addi %by32, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %r = arith.addi %ty, %j : index
        %yout = arith.addi %bx32, %r : index
        %v = memref.load %tile[%tx, %r] : memref<32x33xi32, 3>
        memref.store %v, %out[%yout, %xout] : memref<64x64xi32>
      }
      gpu.return
    }
  }
}
