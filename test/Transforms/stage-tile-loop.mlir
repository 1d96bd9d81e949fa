// stage-shared on accesses in a loop over one tile, `for k = kk to kk + 32` (hand-tiled
// code): the access model reads k as `kk + j`, j in 0..32 (facts::extract, uniform_start),
// so the tile's cell of an iteration is built from j = k − kk, not from k. Found by the
// suite's tiled-rows entry (session 20): built from k, the staged row sum read column
// kk + k, past the 256-column tile at kk = 32 ("indices [0, 256] outside sizes [32, 256]").
// Both kernels run before and after with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel tiled_rows --grid 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel tiled_store --grid 32,1,1 --arg random:1 --arg zeros

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A row per thread, 32 rows of 256 per block: the 32 KiB tile holds the nest's
    /// whole box (8 tiles of 32 iterations), copied once before it; each load reads cell
    /// [tid.x][kk + (k − kk)] (swizzled: the 32 lanes read one column of 32 rows).
    // CHECK-LABEL: gpu.func @tiled_rows
    // CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x256xf32, #gpu.address_space<workgroup>>)
    // CHECK: gpu.barrier
    // CHECK: scf.for %[[KK:.*]] = %{{.*}} to
    // CHECK: scf.for %[[K:.*]] = %[[KK]] to
    // CHECK: %[[J:.*]] = arith.subi %[[K]], %[[KK]] : index
    // CHECK: %[[COLUMN:.*]] = arith.addi %{{.*}}, %[[J]] : index
    // CHECK: arith.xori %[[COLUMN]]
    // CHECK: memref.load %[[TILE]]
    gpu.func @tiled_rows(%a: memref<1024x256xf32>, %out: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %width = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %first = arith.muli %bx, %c32 : index
      %row = arith.addi %first, %tx : index
      %sum = scf.for %kk = %c0 to %width step %c32 iter_args(%outer = %zero) -> f32 {
        %end = arith.addi %kk, %c32 : index
        %partial = scf.for %k = %kk to %end step %c1 iter_args(%acc = %outer) -> f32 {
          %v = memref.load %a[%row, %k] : memref<1024x256xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        scf.yield %partial : f32
      }
      memref.store %sum, %out[%row] : memref<1024xf32>
      gpu.return
    }

    /// The store side: each thread writes its row, 32 lanes 1 KiB apart (32 sectors a
    /// request); staged through a 32x256 tile and copied out after the nest, row-wise.
    // CHECK-LABEL: gpu.func @tiled_store
    // CHECK: scf.for %[[KK:.*]] = %{{.*}} to
    // CHECK: scf.for %[[K:.*]] = %[[KK]] to
    // CHECK: arith.subi %[[K]], %[[KK]] : index
    gpu.func @tiled_store(%a: memref<256xf32>, %out: memref<1024x256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %width = arith.constant 256 : index
      %first = arith.muli %bx, %c32 : index
      %row = arith.addi %first, %tx : index
      scf.for %kk = %c0 to %width step %c32 {
        %end = arith.addi %kk, %c32 : index
        scf.for %k = %kk to %end step %c1 {
          %v = memref.load %a[%k] : memref<256xf32>
          memref.store %v, %out[%row, %k] : memref<1024x256xf32>
        }
      }
      gpu.return
    }
  }
}
