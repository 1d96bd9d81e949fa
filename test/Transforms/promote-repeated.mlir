// Repeated loads (option promote, session 33): a load of the same memref at the same index
// values as a load before it, with no write to memory, barrier or call between them, takes
// that load's value, as LLVM's GVN would (PolyBench GRAMSCHMIDT's a[i*NJ + k] * a[i*NJ + k]).
// Every case runs before and after the pass on the interpreter (diff) and must give the same
// output.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel squares --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel stored_between --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel stored_between --grid 1,1,1 --block 32,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel inside_loop --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The sum of squares of a column, each element read twice as the source writes it
    /// (a[i][k] * a[i][k]): one load an iteration, its value squared.
    // CHECK-LABEL: gpu.func @squares
    // CHECK: scf.for
    // CHECK: %[[V:.*]] = memref.load %arg0
    // CHECK-NOT: memref.load %arg0
    // CHECK: arith.mulf %[[V]], %[[V]]
    // REMARK: promote: arg 0: arg 0[loop0, tid.x] read again with no write between: this load takes the value of the one at {{[0-9]+}}:14 (one load fewer each time it runs)
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
    /// noalias; diffed with same:0) comes between the two loads: both stay.
    // CHECK-LABEL: gpu.func @stored_between
    // CHECK-COUNT-2: memref.load %arg0
    // REMARK-NOT: promote: arg 0: arg 0[tid.x] read again
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
  }
}
