// Values the thread already holds (option promote, session 33): a load of an element an
// earlier load read, or that the thread stored, with no write that may reach it between, takes
// that value (PolyBench GRAMSCHMIDT's a[i*NJ + k] * a[i*NJ + k]; correlation's data[i][j] -=
// mean; data[i][j] /= std), and a store overwritten before anything may read it is removed, as
// LLVM's GVN and DSE would. Every case runs before and after the pass on the interpreter
// (diff) and must give the same output; those with possibly aliased buffers also aliased.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel squares --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel stored_between --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel stored_between --grid 1,1,1 --block 32,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel inside_loop --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel scaled_twice --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg random:3
// RUN: gpu-mem-opt diff %s --kernel other_buffer_between --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel barrier_between --grid 1,1,1 --block 32,1,1 --arg zeros

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The sum of squares of a column, each element read twice as the source writes it
    /// (a[i][k] * a[i][k]): one load an iteration, its value squared.
    // CHECK-LABEL: gpu.func @squares
    // CHECK: scf.for
    // CHECK: %[[V:.*]] = memref.load %arg0
    // CHECK-NOT: memref.load %arg0
    // CHECK: arith.mulf %[[V]], %[[V]]
    // REMARK: promote: arg 0: arg 0[loop0, tid.x] read again with no write that may reach it between: this load takes the value of the one at {{[0-9]+}}:14 (one load fewer each time it runs)
    gpu.func @squares(%a: memref<8x32xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %sum = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i, %tx] : memref<8x32xf32>
        %y = memref.load %a[%i, %tx] : memref<8x32xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %out[%tx] : memref<32xf32>
      gpu.return
    }

    /// negative: stored_between: a store to another buffer (which may be the same memory: no
    /// noalias; diffed with same:0) comes between the two loads: both stay, and the first
    /// store, which the second load may read, stays too.
    // CHECK-LABEL: gpu.func @stored_between
    // CHECK-COUNT-2: memref.load %arg0
    // REMARK-NOT: promote: arg 0: arg 0[tid.x] read again
    // REMARK-NOT: stored again
    gpu.func @stored_between(%a: memref<32xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<32xf32>
      %twice = arith.addf %x, %x : f32
      memref.store %twice, %out[%tx] : memref<32xf32>
      %y = memref.load %a[%tx] : memref<32xf32>
      %s = arith.addf %twice, %y : f32
      memref.store %s, %out[%tx] : memref<32xf32>
      gpu.return
    }

    /// negative: inside_loop: the second load is in a loop, a region of its own (a loop's next
    /// trip may follow its stores): not a repeat of the load before the loop. (The loop's
    /// invariant load is promote's loaded-before-the-loop case instead.)
    // CHECK-LABEL: gpu.func @inside_loop
    // REMARK-NOT: promote: arg 0: arg 0[tid.x] read again
    // REMARK: promote: arg 0: arg 0[tid.x]: loaded once before the loop at {{.*}} and kept in a register, not in each of its 4 iterations: 4 → 1 loads a thread
    gpu.func @inside_loop(%a: memref<32xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<32xf32>
      %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (f32) {
        %y = memref.load %a[%tx] : memref<32xf32>
        %s = arith.addf %acc, %y : f32
        scf.yield %s : f32
      }
      memref.store %sum, %out[%tx] : memref<32xf32>
      gpu.return
    }

    /// data[i] -= mean; data[i] /= std (correlation's reduce_kernel): the second load takes the
    /// value the thread just stored, and the first store, overwritten with nothing reading it
    /// between (mean and std are other buffers: noalias), is removed: 1 load and 1 store.
    // CHECK-LABEL: gpu.func @scaled_twice
    // CHECK: memref.load %arg0
    // CHECK-NOT: memref.load %arg0
    // CHECK: memref.store
    // CHECK-NOT: memref.store
    // CHECK: gpu.return
    // REMARK: promote: arg 0: arg 0[tid.x] read back after this thread stored it at {{[0-9]+}}:7, with no write that may reach it between: this load takes the stored value (one load fewer each time it runs)
    // REMARK: promote: arg 0: arg 0[tid.x] stored again at {{[0-9]+}}:7 with no read or barrier between: this store is removed (one store fewer each time it runs)
    gpu.func @scaled_twice(%data: memref<32xf32> {llvm.noalias}, %mean: memref<32xf32> {llvm.noalias},
                           %std: memref<32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %d = memref.load %data[%tx] : memref<32xf32>
      %m = memref.load %mean[%tx] : memref<32xf32>
      %centred = arith.subf %d, %m : f32
      memref.store %centred, %data[%tx] : memref<32xf32>
      %again = memref.load %data[%tx] : memref<32xf32>
      %s = memref.load %std[%tx] : memref<32xf32>
      %scaled = arith.divf %again, %s : f32
      memref.store %scaled, %data[%tx] : memref<32xf32>
      gpu.return
    }

    /// A store to a buffer that cannot be the loaded one (noalias) between two loads of an
    /// element: the second takes the first's value (backprop's delta and ly, read again after
    /// the store to w).
    // CHECK-LABEL: gpu.func @other_buffer_between
    // CHECK-COUNT-1: memref.load %arg0
    // CHECK-NOT: memref.load %arg0
    // REMARK: promote: arg 0: arg 0[tid.x] read again with no write that may reach it between
    gpu.func @other_buffer_between(%a: memref<32xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<32xf32>
      memref.store %x, %out[%tx] : memref<32xf32>
      %y = memref.load %a[%tx] : memref<32xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%tx] : memref<32xf32>
      gpu.return
    }

    /// negative: barrier_between: each thread stores its shared element, the block waits and
    /// reads its neighbour's, then each stores its own again: the first store is read by
    /// another thread after the barrier, so it stays.
    // CHECK-LABEL: gpu.func @barrier_between
    // CHECK-COUNT-2: memref.store %{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>
    // REMARK-NOT: workgroup 0[tid.x] stored again
    gpu.func @barrier_between(%out: memref<32xf32> {llvm.noalias})
        workgroup(%cells: memref<32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %one = arith.constant 1.0 : f32
      %tx = gpu.thread_id x
      %value = arith.index_cast %tx : index to i32
      %own = arith.sitofp %value : i32 to f32
      memref.store %own, %cells[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %next0 = arith.addi %tx, %c1 : index
      %next = arith.remui %next0, %c32 : index
      %seen = memref.load %cells[%next] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %bumped = arith.addf %own, %one : f32
      memref.store %bumped, %cells[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %seen, %bumped : f32
      memref.store %s, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
