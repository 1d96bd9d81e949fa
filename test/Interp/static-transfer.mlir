// Transfers the static analysis does not model are reported as unknown, with
// the reason, instead of being counted as one full vector per lane (which
// --check-static caught as wrong: measured 5 sectors and 10 addresses versus a
// claimed 16 and 32 for `outside`; 4 sectors per element request versus 5 for
// `column`):
//  * `outside`: a vector.transfer_read that is not in_bounds masks off elements past the
//    end of the transfer dimension. Lanes 10..31 read row 0 at columns 40..127 of a 40-column
//    memref: entirely out of bounds, they access nothing.
//  * `column`: a transfer along dimension 0 (permutation map (d0, d1) -> (d0)) reads 4
//    elements 160 bytes apart per lane.
// An in-bounds minor-identity transfer (`inside`) is modelled and agrees with the measurement
// (sectors and distinct addresses: 32 lanes x 16 B = 512 contiguous bytes, 16 sectors).
// RUN: gpu-mem-opt interp %s --kernel outside --grid 1,1,1 --arg iota --check-static | FileCheck %s --check-prefix=OUTSIDE
// RUN: gpu-mem-opt interp %s --kernel column --grid 1,1,1 --arg iota --check-static | FileCheck %s --check-prefix=COLUMN
// RUN: gpu-mem-opt interp %s --kernel inside --grid 1,1,1 --arg iota --check-static | FileCheck %s --check-prefix=INSIDE

// OUTSIDE: vector.transfer_read: static metrics unknown (vector.transfer_read is not marked in_bounds
// OUTSIDE: static check: 0 metrics agree, 0 differ
// COLUMN: vector.transfer_read: static metrics unknown (vector.transfer_read with permutation map affine_map<(d0, d1) -> (d0)> reads along a non-innermost dimension
// INSIDE: static check: 2 metrics agree, 0 differ

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @outside(%in: memref<40x40xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %pad = arith.constant 0.0 : f32
      %col = arith.muli %tx, %c4 : index
      %v = vector.transfer_read %in[%c0, %col], %pad : memref<40x40xf32>, vector<4xf32>
      gpu.return
    }

    gpu.func @column(%in: memref<40x40xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %pad = arith.constant 0.0 : f32
      %v = vector.transfer_read %in[%c0, %tx], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<40x40xf32>, vector<4xf32>
      gpu.return
    }

    gpu.func @inside(%in: memref<40x128xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %pad = arith.constant 0.0 : f32
      %col = arith.muli %tx, %c4 : index
      %v = vector.transfer_read %in[%c0, %col], %pad {in_bounds = [true]} : memref<40x128xf32>, vector<4xf32>
      gpu.return
    }
  }
}
