// A loop over one tile of an outer loop, `for k = kk to kk + 32` (hand-tiled code, and the
// pass's own strip-mined loops): its start changes with the outer loop but is the same for
// every lane, and it runs a constant 32 trips, so the access model reads its variable as
// `kk + j`, j in 0..32 (pass/src/facts/extract/enclosing.rs, uniform_start), and the
// metrics of what it reads are known. An inner loop whose span is not a constant keeps them
// unknown, and so the time of a launch (issue 35), with the reason.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt wrap %s --kernel tiled_rows --grid 32,1,1 > %t.tiled.mlir
// RUN: gpu-mem-opt report %t.tiled.mlir | FileCheck %s --check-prefix=TILED
// RUN: gpu-mem-opt wrap %s --kernel growing_span --grid 32,1,1 > %t.growing.mlir
// RUN: gpu-mem-opt report %t.growing.mlir | FileCheck %s --check-prefix=GROWING

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A row per thread, `a[32*bid.x + tid.x][k]`, block 32x1, k over 128 tiles of 32: the
    /// column is `kk + j` (loop0 + loop1), and the 32 lanes read 32 rows 16 KiB apart, 32
    /// sectors a request. Its requests are known, so a launch has a predicted time.
    // CHECK-LABEL: kernel: 'tiled_rows'
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 32*bid.x, i1 = loop0 + loop1]; {{.*}}; sectors/request 32, distinct addresses 32
    // TILED-LABEL: kernel tiled_rows
    // TILED: time: predicted {{[0-9.]+}} → {{[0-9.]+}} µs a launch
    gpu.func @tiled_rows(%a: memref<1024x4096xf32>, %out: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c4096 = arith.constant 4096 : index
      %zero = arith.constant 0.0 : f32
      %r0 = arith.muli %bx, %c32 : index
      %row = arith.addi %r0, %tx : index
      %sum = scf.for %kk = %c0 to %c4096 step %c32 iter_args(%outer = %zero) -> f32 {
        %end = arith.addi %kk, %c32 : index
        %tile = scf.for %k = %kk to %end step %c1 iter_args(%acc = %outer) -> f32 {
          %v = memref.load %a[%row, %k] : memref<1024x4096xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        scf.yield %tile : f32
      }
      memref.store %sum, %out[%row] : memref<1024xf32>
      gpu.return
    }

    /// The same with the tile's end at `2*kk`: the span changes with kk, so the column stays
    /// the inner loop's opaque variable (loop1), whose trips, and so the requests, are unknown.
    /// Sectors per request need only the lanes' addresses: still 32.
    // CHECK-LABEL: kernel: 'growing_span'
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 32*bid.x, i1 = loop1]; {{.*}}; sectors/request 32
    // GROWING-LABEL: kernel growing_span
    // GROWING: time: no predicted time: the requests of the memref.load at {{.*}} are unknown (the trip count of loop1 is unknown)
    gpu.func @growing_span(%a: memref<1024x4096xf32>, %out: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %c2048 = arith.constant 2048 : index
      %zero = arith.constant 0.0 : f32
      %r0 = arith.muli %bx, %c32 : index
      %row = arith.addi %r0, %tx : index
      %sum = scf.for %kk = %c0 to %c2048 step %c32 iter_args(%outer = %zero) -> f32 {
        %end = arith.muli %kk, %c2 : index
        %tile = scf.for %k = %kk to %end step %c1 iter_args(%acc = %outer) -> f32 {
          %v = memref.load %a[%row, %k] : memref<1024x4096xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        scf.yield %tile : f32
      }
      memref.store %sum, %out[%row] : memref<1024xf32>
      gpu.return
    }
  }
}
