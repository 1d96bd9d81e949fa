// Staging's copy of a tile in rounds (stage_shared::copy): a copy of more than 16 whole rounds
// is written out round by round with every load before the first store, so that a thread has
// all its loads in flight (ptxas does this itself up to 16 rounds; on the H200 a 32-round loop
// made PolyBench BICG 2.6x slower than the naive kernel). Each case runs before and after the
// pass on the interpreter.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel rows_64 --grid 1,1,1 --block 64,1,1
// RUN: gpu-mem-opt diff %s --kernel rows_16 --grid 1,1,1 --block 64,1,1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A row per thread of a 64x128 matrix, 64 threads: a 64x32 tile, 2048 cells, 32 rounds
    /// of 64 threads, written out: 32 loads, then 32 stores into the tile.
    // CHECK-LABEL: gpu.func @rows_64
    // CHECK-COUNT-32: memref.load %arg0[
    // CHECK-NOT: memref.load %arg0[
    // CHECK-COUNT-32: memref.store {{.*}} : memref<64x32xf32, #gpu.address_space<workgroup>>
    gpu.func @rows_64(%a: memref<64x128xf32>, %x: memref<128xf32> {llvm.noalias}, %y: memref<64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %j = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %a[%tx, %j] : memref<64x128xf32>
        %w = memref.load %x[%j] : memref<128xf32>
        %p = arith.mulf %v, %w : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %y[%tx] : memref<64xf32>
      gpu.return
    }

    /// The same over 16 columns: a 64x16 tile, 16 rounds, which stay a loop.
    // CHECK-LABEL: gpu.func @rows_16
    // CHECK: scf.for
    // CHECK: memref.load %arg0[
    // CHECK-NOT: memref.load %arg0[
    // CHECK: gpu.return
    gpu.func @rows_16(%a: memref<64x16xf32>, %x: memref<16xf32> {llvm.noalias}, %y: memref<64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %j = %c0 to %c128 step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %a[%tx, %j] : memref<64x16xf32>
        %w = memref.load %x[%j] : memref<16xf32>
        %p = arith.mulf %v, %w : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %y[%tx] : memref<64xf32>
      gpu.return
    }
  }
}
