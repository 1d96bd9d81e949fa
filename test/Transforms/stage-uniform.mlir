// stage-shared puts barriers only where every thread of the block reaches
// them equally often (pass/src/facts/uniform.rs, issue 21): every loop around a
// per-tile refill or flush runs the same iterations in every thread, every
// guard around it takes the same branch. A loop whose trip count differs
// between threads (a triangular sum, a row length read per thread, a bound
// from the thread id y of a 2-D block) is left alone, and the remark names
// the loop and what its bound depends on. Before issue 21 the refill went
// into such loops, and threads that left early missed the barrier (the
// interpreter stopped with "barrier divergence"). A bound loaded at a
// block-uniform index of a buffer nothing writes is proven uniform and
// staged; a guard on tid.x around a loop is left by the loop (its barrier
// then sits outside the guard) only when the loop's own bounds are uniform.
// Every kernel runs before and after with identical results, with the
// default options.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s 2>/dev/null | FileCheck %s
// Only stage-shared's remarks are expected (the test pass shows that step's alone).
// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{step=stage-shared remarks=detailed})' %s -verify-diagnostics -o /dev/null
// The remarks name the loop and the value its bound depends on, with locations.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: stage-uniform.mlir:{{[0-9]+}}:14: remark: gpu-mem-opt: stage-shared: arg 0: {{.*}}; not applied: the tile's refill would put a barrier where not every thread reaches it: scf.for at {{.*}}stage-uniform.mlir:{{[0-9]+}}:14 runs a different number of iterations in different threads of a block: its upper bound depends on the thread id x ({{.*}}stage-uniform.mlir:{{[0-9]+}}:13)
// REMARK: its upper bound depends on memref.load at {{.*}}stage-uniform.mlir:{{[0-9]+}}:12 whose index depends on the thread id x
// REMARK: its upper bound depends on memref.load at {{.*}}stage-uniform.mlir:{{[0-9]+}}:12 of arg 1, which memref.store at {{.*}}stage-uniform.mlir:{{[0-9]+}}:9 may write
// RUN: gpu-mem-opt diff %s --kernel triangular --grid 8,1,1
// RUN: gpu-mem-opt diff %s --kernel ell_rows --grid 8,1,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel row_of_block --grid 8,1,1
// RUN: gpu-mem-opt diff %s --kernel block_rows --grid 8,1,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel block_rows_written --grid 8,1,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel guarded_row --grid 8,1,1 --arg random:1 --arg random:2
// RUN: gpu-mem-opt diff %s --kernel guarded_triangle --grid 8,1,1 --arg random:1 --arg random:2

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// for k = 0 to tx: thread 0 runs no iteration, thread 31 runs 31. A
    /// refill at k mod 32 == 0 would be met by 31 of 32 threads. Unchanged.
    // CHECK-LABEL: gpu.func @triangular
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    gpu.func @triangular(%a: memref<256x64xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %sum = scf.for %k = %c0 to %tx step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @+1 {{runs a different number of iterations in different threads of a block: its upper bound depends on the thread id x}}
        %v = memref.load %a[%x, %k] : memref<256x64xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%x] : memref<256xf32>
      gpu.return
    }

    /// ELL-style rows: each thread's row length comes from len[x] (read per
    /// thread, so different in each). Unchanged; the remark follows the bound
    /// back to the load and its index.
    // CHECK-LABEL: gpu.func @ell_rows
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    gpu.func @ell_rows(%a: memref<256x64xf32>, %len: memref<256xi32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %l = memref.load %len[%x] : memref<256xi32>
      %li = arith.index_castui %l : i32 to index
      %n = arith.remui %li, %c64 : index
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @+1 {{runs a different number of iterations in different threads of a block: its upper bound depends on memref.load at}}
        %v = memref.load %a[%x, %k] : memref<256x64xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%x] : memref<256xf32>
      gpu.return
    }

    /// 32x8 block, for k = 0 to 8·ty + 8: uniform in each warp (one ty per
    /// warp), not in the block: warp-uniform is not enough. Unchanged.
    // CHECK-LABEL: gpu.func @row_of_block
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    gpu.func @row_of_block(%a: memref<256x64xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %ty8 = arith.muli %ty, %c8 : index
      %n = arith.addi %ty8, %c8 : index
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @+1 {{its upper bound depends on the thread id y}}
        %v = memref.load %a[%x, %k] : memref<256x64xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      %first = arith.cmpi eq, %ty, %c0 : index
      scf.if %first {
        memref.store %sum, %out[%x] : memref<256xf32>
      }
      gpu.return
    }

    /// A row length per block: len[bx] (+ thread id z, one value in a
    /// 32x1x1 block), a buffer nothing in the kernel writes (llvm.noalias):
    /// every thread reads the same bound, so the loop is refilled per tile of
    /// 32 iterations: 32 -> 4 sectors/request. The same bound lets the loop
    /// become a tiled nest whose last tile ends at it (strip_mine).
    // CHECK-LABEL: gpu.func @block_rows
    // CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
    // CHECK: scf.for %[[KK:.*]] = %{{.*}} to %[[N:.*]] step %c32
    // CHECK: %[[END:.*]] = arith.minsi %{{.*}}, %[[N]]
    // CHECK-NOT: scf.if
    // CHECK: gpu.barrier
    // CHECK: scf.for %{{.*}} = %[[KK]] to %[[END]]
    // CHECK: memref.load %[[TILE]]
    gpu.func @block_rows(%a: memref<256x64xf32> {llvm.noalias}, %len: memref<8xi32> {llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %tz = gpu.thread_id z
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c65 = arith.constant 65 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %l = memref.load %len[%bx] : memref<8xi32>
      %li = arith.index_castui %l : i32 to index
      %lz = arith.addi %li, %tz : index
      %n = arith.remui %lz, %c65 : index
      // expected-remark @below {{stage-shared: loop strip-mined into tiles of 32 iterations}}
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128}}
        %v = memref.load %a[%x, %k] : memref<256x64xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%x] : memref<256xf32>
      gpu.return
    }

    /// The same row length per block, but thread 0 resets len[bx] at the end:
    /// another block's thread may do so before this block's threads read it,
    /// so they may see different bounds. Unchanged; the remark names the store.
    // CHECK-LABEL: gpu.func @block_rows_written
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    gpu.func @block_rows_written(%a: memref<256x64xf32> {llvm.noalias}, %len: memref<8xi32> {llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c65 = arith.constant 65 : index
      %zero = arith.constant 0.0 : f32
      %zero_i = arith.constant 0 : i32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %l = memref.load %len[%bx] : memref<8xi32>
      %li = arith.index_castui %l : i32 to index
      %n = arith.remui %li, %c65 : index
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @+1 {{its upper bound depends on memref.load at}}
        %v = memref.load %a[%x, %k] : memref<256x64xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%x] : memref<256xf32>
      %last = arith.cmpi eq, %tx, %c0 : index
      scf.if %last {
        memref.store %zero_i, %len[%bx] : memref<8xi32>
      }
      gpu.return
    }

    /// A guard on tid.x (< 16) around a loop of 64 iterations: the loop
    /// leaves the guard (its bounds are constants), its refill barrier is
    /// outside the guard, and the store stays under it. 16 -> 4 sectors/request.
    // CHECK-LABEL: gpu.func @guarded_row
    // CHECK: scf.for
    // CHECK: gpu.barrier
    // CHECK: scf.if
    // CHECK: memref.store
    gpu.func @guarded_row(%a: memref<256x64xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %half = arith.cmpi ult, %tx, %c16 : index
      scf.if %half {
        // expected-remark @below {{stage-shared: loop strip-mined into 2 tiles of 32 iterations}}
        %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
          // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128; the loop left its edge guard}}
          %v = memref.load %a[%x, %k] : memref<256x64xf32>
          %next = arith.addf %acc, %v : f32
          scf.yield %next : f32
        }
        memref.store %sum, %out[%x] : memref<256xf32>
      }
      gpu.return
    }

    /// The same guard around a loop to tx + 32: out of the guard its
    /// barriers would still be met by some threads fewer times. It stays
    /// guarded, unstaged.
    // CHECK-LABEL: gpu.func @guarded_triangle
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    gpu.func @guarded_triangle(%a: memref<256x64xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %n = arith.addi %tx, %c32 : index
      %half = arith.cmpi ult, %tx, %c16 : index
      scf.if %half {
        %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
          // expected-remark @+1 {{not applied: the loop cannot leave its edge guard: scf.for at}}
          %v = memref.load %a[%x, %k] : memref<256x64xf32>
          %next = arith.addf %acc, %v : f32
          scf.yield %next : f32
        }
        memref.store %sum, %out[%x] : memref<256xf32>
      }
      gpu.return
    }
  }
}
