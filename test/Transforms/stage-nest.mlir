// stage-shared on a load in a nest of loops (SAD, Parboil; Jang et al.'s
// sad kernels; bench/kernels/sad.mlir): when every loop of the nest has a
// constant trip count of at most 32 (what a tile of iterations holds), the
// tile holds the box the whole nest reads, and the block copies it once,
// before the nest (origin: the index with thread ids 0 and every loop at its
// lower bound): cooperative coalesced copy, barrier; the loops only read.
// Only the stage-shared and pad remarks are checked here (other steps have
// their own tests). Both kernels run before and after with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false remarks=detailed' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false remarks=detailed' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel window --grid 4,4,1
// RUN: gpu-mem-opt diff %s --kernel long_rows --grid 4,4,1
// The bench kernel (2048x2048 frames) gets the same tiles.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %S/../../bench/kernels/sad.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=BENCH
// BENCH: stage-shared: arg 0: MAP-401: stage: {{.*}}global sectors per block and tile 512 -> 8
// BENCH: stage-shared: arg 1: MAP-408: stage: {{.*}}global sectors per block and tile 2944 -> 83

// CHECK-LABEL: gpu.func @window
// CHECK-SAME: workgroup(%[[CURRENT:.*]] : memref<8x8xf32, #gpu.address_space<workgroup>>, %[[WINDOW:.*]] : memref<23x48xf32, #gpu.address_space<workgroup>>)
// CHECK: gpu.block_id y
// CHECK: memref.load %arg0
// CHECK: memref.store {{.*}}, %[[CURRENT]]
// CHECK: gpu.barrier
// CHECK: memref.load %arg1
// CHECK: gpu.barrier
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[C:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[CURRENT]]
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %{{.*}} : memref<23x23xf32, strided<[48, 1]>, #gpu.address_space<workgroup>>

// CHECK-LABEL: gpu.func @long_rows
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A SAD-like search: thread (tx, ty) compares the block's 8x8 macroblock
    /// of `current` (every thread the same element: a broadcast, 1 sector per
    /// request) with the 8x8 window of `reference` displaced by (tx, ty): 5.75
    /// sectors per request, and every element read by up to 64 threads (reuse
    /// 30.97). Both loops run 8 iterations, so one tile holds what the whole
    /// nest reads: 8x8 of `current`, 23x23 (16 + 8 - 1) of `reference`, copied
    /// once before the nest: global sectors per block 512 -> 8 and 2944 -> 83. A warp reads
    /// two tile rows of 16 lanes: a row of 48 (23 + 25) puts them in opposite
    /// bank halves (degree 1.97 -> 1.03).
    // expected-remark @+3 {{kernel: 'window': block 16x16x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+2 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 514, degree 1)}}
    // expected-remark @+1 {{pad: workgroup 1: pad 25 elements (+2300 B): wavefronts 1041 -> 545 (degree 1.97 -> 1.03)}}
    gpu.func @window(%current: memref<32x32xf32>, %reference: memref<48x48xf32>, %sads: memref<16x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c8 : index
      %y0 = arith.muli %by, %c8 : index
      %rx = arith.addi %x0, %tx : index
      %ry = arith.addi %y0, %ty : index
      %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%outer = %zero) -> (f32) {
        %cy = arith.addi %y0, %r : index
        %qy = arith.addi %ry, %r : index
        %row = scf.for %c = %c0 to %c8 step %c1 iter_args(%inner = %outer) -> (f32) {
          %cx = arith.addi %x0, %c : index
          %qx = arith.addi %rx, %c : index
          // expected-remark @+1 {{footprint 8x8 (256 B, reuse 256.00); staged through memref<8x8xf32, #gpu.address_space<workgroup>>: sectors/request 1 -> 4, global sectors per block and tile 512 -> 8}}
          %a = memref.load %current[%cy, %cx] : memref<32x32xf32>
          // expected-remark @+1 {{footprint 23x23 (2116 B, reuse 30.97); staged through memref<23x23xf32, #gpu.address_space<workgroup>>: sectors/request 5.75 -> 4.88, global sectors per block and tile 2944 -> 83}}
          %b = memref.load %reference[%qy, %qx] : memref<48x48xf32>
          %d = arith.subf %a, %b : f32
          %m = math.absf %d : f32
          %s = arith.addf %inner, %m : f32
          scf.yield %s : f32
        }
        scf.yield %row : f32
      }
      %macroblock0 = arith.muli %by, %c4 : index
      %macroblock = arith.addi %macroblock0, %bx : index
      %d0 = arith.muli %ty, %c16 : index
      %displacement = arith.addi %d0, %tx : index
      memref.store %total, %sads[%macroblock, %displacement] : memref<16x256xf32>
      gpu.return
    }

    /// The same search over 8x40 windows: the inner loop's 40 iterations are
    /// more than the 32 a tile holds, so the nest is not staged (a nest is
    /// staged whole; per-tile refills are for a single loop).
    // expected-remark @+1 {{kernel: 'long_rows': block 16x16x1 (from known_block_size); 3 memory accesses}}
    gpu.func @long_rows(%current: memref<64x64xf32>, %reference: memref<80x80xf32>, %sads: memref<16x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c40 = arith.constant 40 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c8 : index
      %y0 = arith.muli %by, %c8 : index
      %rx = arith.addi %x0, %tx : index
      %ry = arith.addi %y0, %ty : index
      %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%outer = %zero) -> (f32) {
        %cy = arith.addi %y0, %r : index
        %qy = arith.addi %ry, %r : index
        %row = scf.for %c = %c0 to %c40 step %c1 iter_args(%inner = %outer) -> (f32) {
          %cx = arith.addi %x0, %c : index
          %qx = arith.addi %rx, %c : index
          // expected-remark @+1 {{not applied: loop1 of the nest runs 40 iterations, more than the 32 a tile holds (a nest is staged whole)}}
          %a = memref.load %current[%cy, %cx] : memref<64x64xf32>
          // expected-remark @+1 {{not applied: loop1 of the nest runs 40 iterations}}
          %b = memref.load %reference[%qy, %qx] : memref<80x80xf32>
          %d = arith.subf %a, %b : f32
          %m = math.absf %d : f32
          %s = arith.addf %inner, %m : f32
          scf.yield %s : f32
        }
        scf.yield %row : f32
      }
      %macroblock0 = arith.muli %by, %c4 : index
      %macroblock = arith.addi %macroblock0, %bx : index
      %d0 = arith.muli %ty, %c16 : index
      %displacement = arith.addi %d0, %tx : index
      memref.store %total, %sads[%macroblock, %displacement] : memref<16x256xf32>
      gpu.return
    }
  }
}
