// stage-shared: a load in a loop that also writes another argument. Nothing proves the two
// arguments distinct (no {llvm.noalias}, no assume-noalias), so a write in the loop could
// change what a later iteration reads from a tile filled before: the load used to stay as it
// was. Like a staged store (stage-loop-store.mlir, @may_alias), the loop nest is now versioned
// on a run-time check that the two arguments' bytes are apart: staged (and strip-mined) on the
// fast path, the loop as written on the other. The read-only path reuses the check.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel row_prefix --grid 8,1,1 --arg random:1 --arg zeros
// The fallback, with one buffer for both arguments:
// RUN: gpu-mem-opt diff %s --kernel row_prefix --grid 8,1,1 --arg random:1 --arg same:0
// With the check switched off the load stays:
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// OFF: stage-shared: arg 0: not staged: memref.store at {{.*}} in the loop may write the buffer

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Running sums of each row, a row per thread (lanes 256 B apart: 32 sectors/request),
    /// stored as they go. Staged through a 32x32 tile per 32 iterations (32 -> 4
    /// sectors/request) behind a check of 7 instructions; 64 iterations: 2 tiles.
    // CHECK-LABEL: gpu.func @row_prefix
    // CHECK: %[[APART:.*]] = arith.ori
    // CHECK: scf.if %[[APART]] -> (f32) {
    // CHECK: scf.for %{{.*}} step %c32
    // CHECK: gpu.barrier
    // CHECK: gpu.barrier
    // CHECK: scf.for
    // CHECK: memref.load %arg2
    // CHECK: } else {
    // CHECK: scf.for
    // CHECK-NOT: gpu.barrier
    // CHECK: memref.load %arg0
    // expected-remark @below {{kernel: 'row_prefix'}}
    // expected-remark @below {{readonly: arg 0: ld.global.nc for 1 load on the fast path of the loop nest's run-time check that arg 0's bytes overlap none of arg 1's}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 8256 -> 320 (degree 25.80 -> 1)}}
    gpu.func @row_prefix(%a: memref<256x64xf32>, %sums: memref<256x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %r0 = arith.muli %bx, %c32 : index
      %r = arith.addi %r0, %tx : index
      %first = arith.cmpi eq, %ty, %c0 : index
      // expected-remark @below {{stage-shared: loop strip-mined into 2 tiles of 32 iterations}}
      %total = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @below {{stage-shared: arg 0: staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 4096 -> 128; on the fast path of a run-time check that arg 0's bytes overlap none of arg 1's (7 instructions at the kernel's entry; where it fails, the loop as written runs)}}
        %v = memref.load %a[%r, %k] : memref<256x64xf32>
        %n = arith.addf %acc, %v : f32
        scf.if %first {
          // expected-remark @below {{stage-shared: arg 1: not staged}}
          memref.store %n, %sums[%r, %k] : memref<256x64xf32>
        }
        scf.yield %n : f32
      }
      gpu.return
    }
  }
}
