// stage-shared: which earlier stores keep a load from its tile (pass/src/steps/stage_shared/alias.rs,
// `movable`). A staged load is read by other threads in the copy-in, before
// the load's own position; that is only the same read when no store that may
// write the loaded buffer comes first, or, for a load in loops, is in a loop.
// A store to a workgroup buffer, or to an argument that cannot alias the
// loaded one (llvm.noalias, option assume-noalias; effects::may_alias), does
// not count. Likewise a staged store waits only for later accesses that may
// touch its memory. Every memory effect counts, atomics and calls included. Every kernel runs before and after with identical results.
// The IR and remark checks run with version=false: these cases are about the rule itself.
// With the defaults a store to another argument is shown apart at run time instead, and the
// load staged on the fast path (stage-loop-load-check.mlir); the diff runs use the defaults.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false version=false remarks=detailed' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false version=false remarks=detailed' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false version=false remarks=detailed' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt diff %s --kernel after_scratch --grid 4,4,1
// RUN: gpu-mem-opt diff %s --kernel after_clear --grid 4,4,1
// RUN: gpu-mem-opt diff %s --kernel after_clear_noalias --grid 4,4,1
// RUN: gpu-mem-opt diff %s --kernel partial_sums --grid 4,4,1
// RUN: gpu-mem-opt diff %s --kernel then_scratch --grid 4,4,1

// CHECK-LABEL: gpu.func @after_scratch
// CHECK-SAME: memref<8x8xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store {{.*}}, %arg2
// CHECK: gpu.barrier
// CHECK: scf.for

// CHECK-LABEL: gpu.func @after_clear
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @after_clear_noalias
// CHECK-SAME: memref<8x8xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.for

// CHECK-LABEL: gpu.func @partial_sums
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @then_scratch
// CHECK-SAME: memref<32x8xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier

// CHECK-LABEL: gpu.func @then_atomic
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The broadcast read current[8*bid.y + r][8*bid.x + c] of an 8x8 nest (1
    /// sector per request, every element read by all 256 threads) after each
    /// thread clears a workgroup scratch cell: a workgroup store can never
    /// write a global buffer, so the copy-in may run after it: staged, 512 ->
    /// 8 global sectors per block.
    /// Both shared buffers are conflict-free already, with their own wavefront counts: one
    /// remark names both, the report has each count.
    // expected-remark @+2 {{kernel: 'after_scratch': block 16x16x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 8, degree 1); the same for workgroup 1 (each with its own wavefront count in the report)}}
    gpu.func @after_scratch(%current: memref<32x32xf32>, %sums: memref<16x256xf32>) workgroup(%scratch: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel
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
      %macroblock0 = arith.muli %by, %c4 : index
      %macroblock = arith.addi %macroblock0, %bx : index
      %d0 = arith.muli %ty, %c16 : index
      %thread = arith.addi %d0, %tx : index
      memref.store %zero, %scratch[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%outer = %zero) -> (f32) {
        %cy = arith.addi %y0, %r : index
        %row = scf.for %c = %c0 to %c8 step %c1 iter_args(%inner = %outer) -> (f32) {
          %cx = arith.addi %x0, %c : index
          // expected-remark @+1 {{global sectors per block and tile 512 -> 8}}
          %a = memref.load %current[%cy, %cx] : memref<32x32xf32>
          %s = arith.addf %inner, %a : f32
          scf.yield %s : f32
        }
        scf.yield %row : f32
      }
      memref.store %total, %sums[%macroblock, %thread] : memref<16x256xf32>
      gpu.return
    }
    /// The same nest after each thread clears its output cell in %sums, an
    /// argument that may alias %current: the copy-in (by other threads) would
    /// read before that store, so the load stays, and the remark names the store.
    // expected-remark @+1 {{kernel: 'after_clear': block 16x16x1 (from known_block_size); 3 memory accesses}}
    gpu.func @after_clear(%current: memref<32x32xf32>, %sums: memref<16x256xf32>) kernel
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
      %macroblock0 = arith.muli %by, %c4 : index
      %macroblock = arith.addi %macroblock0, %bx : index
      %d0 = arith.muli %ty, %c16 : index
      %thread = arith.addi %d0, %tx : index
      // REMARK: stage-shared: arg 0: {{.*}}not applied: memref.store at {{.*}}stage-alias.mlir:[[@LINE+1]]:7 may write the buffer before the load
      memref.store %zero, %sums[%macroblock, %thread] : memref<16x256xf32>
      %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%outer = %zero) -> (f32) {
        %cy = arith.addi %y0, %r : index
        %row = scf.for %c = %c0 to %c8 step %c1 iter_args(%inner = %outer) -> (f32) {
          %cx = arith.addi %x0, %c : index
          // expected-remark @+1 {{may write the buffer before the load, and the copy-in would read before it}}
          %a = memref.load %current[%cy, %cx] : memref<32x32xf32>
          %s = arith.addf %inner, %a : f32
          scf.yield %s : f32
        }
        scf.yield %row : f32
      }
      memref.store %total, %sums[%macroblock, %thread] : memref<16x256xf32>
      gpu.return
    }
    /// The same with {llvm.noalias} on %current: the clearing store cannot
    /// write it, so the load is staged as in @after_scratch (and the clearing store, which the
    /// store after the nest overwrites with nothing reading it between, is removed: promote).
    // expected-remark @+2 {{kernel: 'after_clear_noalias': block 16x16x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 514, degree 1)}}
    gpu.func @after_clear_noalias(%current: memref<32x32xf32> {llvm.noalias}, %sums: memref<16x256xf32>) kernel
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
      %macroblock0 = arith.muli %by, %c4 : index
      %macroblock = arith.addi %macroblock0, %bx : index
      %d0 = arith.muli %ty, %c16 : index
      %thread = arith.addi %d0, %tx : index
      // expected-remark @+1 {{promote: arg 1: arg 1[bid.x + 4*bid.y, tid.x + 16*tid.y] stored again at}}
      memref.store %zero, %sums[%macroblock, %thread] : memref<16x256xf32>
      %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%outer = %zero) -> (f32) {
        %cy = arith.addi %y0, %r : index
        %row = scf.for %c = %c0 to %c8 step %c1 iter_args(%inner = %outer) -> (f32) {
          %cx = arith.addi %x0, %c : index
          // expected-remark @+1 {{global sectors per block and tile 512 -> 8}}
          %a = memref.load %current[%cy, %cx] : memref<32x32xf32>
          %s = arith.addf %inner, %a : f32
          scf.yield %s : f32
        }
        scf.yield %row : f32
      }
      memref.store %total, %sums[%macroblock, %thread] : memref<16x256xf32>
      gpu.return
    }
    /// A store to %sums inside the nest's outer loop, after the inner loop: a
    /// later iteration could read what it wrote from a tile filled before the
    /// nest, so the load stays, and the remark names the store.
    // expected-remark @+1 {{kernel: 'partial_sums': block 16x16x1 (from known_block_size); 3 memory accesses}}
    gpu.func @partial_sums(%current: memref<32x32xf32>, %sums: memref<16x256xf32>) kernel
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
      %macroblock0 = arith.muli %by, %c4 : index
      %macroblock = arith.addi %macroblock0, %bx : index
      %d0 = arith.muli %ty, %c16 : index
      %thread = arith.addi %d0, %tx : index
      %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%outer = %zero) -> (f32) {
        %cy = arith.addi %y0, %r : index
        %row = scf.for %c = %c0 to %c8 step %c1 iter_args(%inner = %outer) -> (f32) {
          %cx = arith.addi %x0, %c : index
          // expected-remark @+1 {{in the loop may write the buffer, and a later iteration could read it from a tile filled before}}
          %a = memref.load %current[%cy, %cx] : memref<32x32xf32>
          %s = arith.addf %inner, %a : f32
          scf.yield %s : f32
        }
        // REMARK: stage-shared: arg 0: {{.*}}not applied: memref.store at {{.*}}stage-alias.mlir:[[@LINE+1]]:9 in the loop may write the buffer
        memref.store %row, %sums[%macroblock, %thread] : memref<16x256xf32>
        scf.yield %row : f32
      }
      memref.store %total, %sums[%macroblock, %thread] : memref<16x256xf32>
      gpu.return
    }

    /// A staged store waits only for later accesses that may touch its memory:
    /// the transpose's out[x][y] (32 sectors per request) followed by a store
    /// to a workgroup scratch buffer, which cannot be %out, is staged (32 -> 4).
    // expected-remark @+3 {{kernel: 'then_scratch': block 32x8x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+2 {{swizzle: workgroup 1: swizzle 4-byte chunks: chunk ^= (row / 4) mod 8 (+0 B): wavefronts 72 -> 16 (degree 4.50 -> 1)}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 8, degree 1)}}
    gpu.func @then_scratch(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>)
        workgroup(%scratch: memref<8x32xf32, #gpu.address_space<workgroup>>) kernel
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
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      // expected-remark @+1 {{staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      memref.store %v, %scratch[%ty, %tx] : memref<8x32xf32, #gpu.address_space<workgroup>>
      gpu.return
    }

    /// The transpose's store followed by an atomic add to the same element: the
    /// atomic is no access the analysis models, but its memory effect counts
    /// (effects::effects), so the store stays (a staged write would land after
    /// the atomic). The interpreter has no atomics: no diff run for it.
    // expected-remark @+1 {{kernel: 'then_atomic': block 32x8x1 (from known_block_size); 2 memory accesses}}
    gpu.func @then_atomic(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
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
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      // expected-remark @+1 {{not applied: memref.atomic_rmw at}}
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      %one = arith.constant 1.0 : f32
      %old = memref.atomic_rmw addf %one, %out[%x, %y] : (f32, memref<1024x1024xf32>) -> f32
      gpu.return
    }
  }
}
