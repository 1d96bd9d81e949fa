// The time walker's trips of a loop whose bounds depend on the ids or on an enclosing loop
// (session 29; Rodinia LUD's triangles, a column's `for (j2 = j1; j2 < m; j2++)`): a warp
// makes the trips of its busiest lane, averaged over the enclosing loops' values, the blocks
// and the warps (an enclosing loop's values are its trips', step included).

// RUN: gpu-mem-opt report %s --options stage-shared=false | FileCheck %s

/// for j < i: i = 16 and 48 (middle_pair) or 0 and 64 (outer_pair) make 32 trips on
/// average, and the same 64 together: the same time; i = 16 and 80 (longer_pair), 48 on
/// average: more. (Before session 29 each had "the loop ... has a trip count known only at
/// run time", and no time.)
// CHECK-LABEL: kernel middle_pair
// CHECK: time: predicted [[PAIR:[0-9.]+]] → [[PAIR]] µs a launch
// CHECK-LABEL: kernel outer_pair
// CHECK: time: predicted [[PAIR]] → [[PAIR]] µs a launch
// CHECK-LABEL: kernel longer_pair
// CHECK-NOT: time: predicted [[PAIR]] →
// CHECK: time: predicted

gpu.module @kernels {
  gpu.func @middle_pair(%x: memref<256xf32>, %out: memref<32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 4096, 1, 1>} {
    %tx = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lower = arith.constant 16 : index
    %upper = arith.constant 80 : index
    %step = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %lower to %upper step %step iter_args(%outer = %zero) -> (f32) {
      %inner = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %outer) -> (f32) {
        %v = memref.load %x[%j] : memref<256xf32>
        %s = arith.addf %acc, %v : f32
        scf.yield %s : f32
      }
      scf.yield %inner : f32
    }
    memref.store %sum, %out[%tx] : memref<32xf32>
    gpu.return
  }

  gpu.func @outer_pair(%x: memref<256xf32>, %out: memref<32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 4096, 1, 1>} {
    %tx = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lower = arith.constant 0 : index
    %upper = arith.constant 96 : index
    %step = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %lower to %upper step %step iter_args(%outer = %zero) -> (f32) {
      %inner = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %outer) -> (f32) {
        %v = memref.load %x[%j] : memref<256xf32>
        %s = arith.addf %acc, %v : f32
        scf.yield %s : f32
      }
      scf.yield %inner : f32
    }
    memref.store %sum, %out[%tx] : memref<32xf32>
    gpu.return
  }

  gpu.func @longer_pair(%x: memref<256xf32>, %out: memref<32xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 4096, 1, 1>} {
    %tx = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lower = arith.constant 16 : index
    %upper = arith.constant 81 : index
    %step = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %i = %lower to %upper step %step iter_args(%outer = %zero) -> (f32) {
      %inner = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %outer) -> (f32) {
        %v = memref.load %x[%j] : memref<256xf32>
        %s = arith.addf %acc, %v : f32
        scf.yield %s : f32
      }
      scf.yield %inner : f32
    }
    memref.store %sum, %out[%tx] : memref<32xf32>
    gpu.return
  }
}
