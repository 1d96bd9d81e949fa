// Loads a loop repeats (option promote, session 33): a load whose address does not move with
// its loop, of memory nothing may write while the loop runs, is loaded once before the loop
// and read from a register in it; a load in a short inner loop whose address moves with the
// inner counter alone is first written out trip by trip (cuda-samples convolutionSeparable's
// taps). Every case runs before and after the pass on the interpreter (diff) and must give
// the same output; the guarded case also with a loop that runs no iteration.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET
// RUN: gpu-mem-opt opt %s --options report=%t.json -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt-opt --gpu-mem-opt='vectorize=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel taps --grid 2,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel row_scale --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg zeros --arg 5
// RUN: gpu-mem-opt diff %s --kernel row_scale --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg zeros --arg 0
// RUN: gpu-mem-opt diff %s --kernel written_in_loop --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel may_alias --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel may_alias --grid 1,1,1 --block 32,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel barrier_in_loop --grid 1,1,1 --block 32,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel taps_checked --grid 2,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel taps_checked --grid 2,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg same:1
// RUN: gpu-mem-opt diff %s --kernel over_registers --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt-opt --gpu-mem-opt='promote=false vectorize=false' %s 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=UNCHECKED

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A 17-tap filter for each of a thread's 8 outputs (convolutionSeparable's rows): the
    /// tap loop is written out and its 17 weights, which do not move with the output loop,
    /// are loaded before it: 136 -> 17 loads a thread.
    // CHECK-LABEL: gpu.func @taps
    // CHECK-COUNT-17: memref.load %arg1
    // CHECK: scf.for
    // CHECK-NOT: memref.load %arg1
    // CHECK: gpu.return
    // REMARK: promote: arg 1: arg 1[-loop1 + 16]: loaded once before the loop at {{.*}}promote-invariant.mlir:{{[0-9]+}}:7 and kept in 17 registers, not in each of its 8 iterations (its inner loop of 17 iterations written out): 136 → 17 loads a thread
    gpu.func @taps(%in: memref<512xf32> {llvm.noalias}, %weights: memref<17xf32> {llvm.noalias},
                   %out: memref<512xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c17 = arith.constant 17 : index
      %c32 = arith.constant 32 : index
      %c256 = arith.constant 256 : index
      %c495 = arith.constant 495 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %block = arith.muli %bx, %c256 : index
      %first = arith.addi %block, %tx : index
      scf.for %o = %c0 to %c8 step %c1 {
        %offset = arith.muli %o, %c32 : index
        %centre = arith.addi %first, %offset : index
        %sum = scf.for %t = %c0 to %c17 step %c1 iter_args(%acc = %zero) -> (f32) {
          %tap = arith.subi %c16, %t : index
          %w = memref.load %weights[%tap] : memref<17xf32>
          %at = arith.addi %centre, %t : index
          %inside = arith.minui %at, %c495 : index
          %x = memref.load %in[%inside] : memref<512xf32>
          %p = arith.mulf %w, %x : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        memref.store %sum, %out[%centre] : memref<512xf32>
      }
      gpu.return
    }

    /// out[i][j] = a[i][j] * scale[i] for j < n, n a kernel argument: scale[i] does not move
    /// with j. Nothing proves that the loop runs (n may be 0), so the load before it is
    /// under `scf.if (0 < n)`: a loop that runs no iteration reads nothing, as written.
    // CHECK-LABEL: gpu.func @row_scale
    // CHECK: %[[RUNS:.*]] = arith.cmpi slt
    // CHECK: %[[SCALE:.*]] = scf.if %[[RUNS]] -> (f32) {
    // CHECK-NEXT: %[[LOADED:.*]] = memref.load %arg1
    // CHECK-NEXT: scf.yield %[[LOADED]]
    // CHECK: scf.for
    // CHECK-NOT: memref.load %arg1
    // CHECK: arith.mulf %{{.*}}, %[[SCALE]]
    // REMARK: promote: arg 1: arg 1[tid.x]: loaded once before the loop at {{.*}} and kept in a register, not in each iteration
    gpu.func @row_scale(%a: memref<32x8xf32> {llvm.noalias}, %scale: memref<32xf32> {llvm.noalias},
                        %out: memref<32x8xf32> {llvm.noalias}, %n: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %tx = gpu.thread_id x
      %end = arith.minui %n, %c8 : index
      scf.for %j = %c0 to %end step %c1 {
        %v = memref.load %a[%tx, %j] : memref<32x8xf32>
        %s = memref.load %scale[%tx] : memref<32xf32>
        %p = arith.mulf %v, %s : f32
        memref.store %p, %out[%tx, %j] : memref<32x8xf32>
      }
      gpu.return
    }

    /// negative: written_in_loop: the loop writes the element it reads (no read-only load: the
    /// report says why, no remark does): each iteration reads it.
    // CHECK-LABEL: gpu.func @written_in_loop
    // CHECK: scf.for
    // CHECK: memref.load %arg0
    // REPORT: "reason": "arg 0[0]: loaded in each of the 4 iterations of the loop at {{.*}}: the kernel writes it (written at {{.*}})"
    gpu.func @written_in_loop(%a: memref<64xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %is_first = arith.cmpi eq, %tx, %c0 : index
      scf.for %k = %c0 to %c4 step %c1 {
        %head = memref.load %a[%c0] : memref<64xf32>
        %at = arith.addi %tx, %c32 : index
        %old = memref.load %out[%tx] : memref<32xf32>
        %sum = arith.addf %old, %head : f32
        memref.store %sum, %out[%tx] : memref<32xf32>
        scf.if %is_first {
          memref.store %sum, %a[%c0] : memref<64xf32>
        }
      }
      gpu.return
    }

    /// No argument is noalias, and the loop writes out, which may be the buffer coefficient[0]
    /// is read from: the lone kernel checks at its entry that the two are apart (version) and
    /// loads coefficient[0] before the loop on that path; without the check (version=false)
    /// each iteration loads it. Diffed with both the same buffer too (same:0).
    // CHECK-LABEL: gpu.func @may_alias
    // REMARK: promote: arg 0: arg 0[0]: loaded once before the loop at {{.*}} and kept in a register, not in each of its 4 iterations: 4 → 1 loads a thread
    // REMARK: version: kernel: the optimized body runs where a check at the kernel's entry holds
    // UNCHECKED: promote: arg 0: arg 0[0]: loaded in each of the 4 iterations of the loop at {{.*}}: arg 1 may be the same buffer (written at {{.*}}); unblock: {llvm.noalias} on either, or option assume-noalias
    gpu.func @may_alias(%coefficient: memref<32xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %tx = gpu.thread_id x
      scf.for %k = %c0 to %c4 step %c1 {
        %c = memref.load %coefficient[%c0] : memref<32xf32>
        %old = memref.load %out[%tx] : memref<32xf32>
        %sum = arith.addf %old, %c : f32
        memref.store %sum, %out[%tx] : memref<32xf32>
      }
      gpu.return
    }

    /// negative: barrier_in_loop: thread 0 writes the shared flag before the loop and the loop
    /// has a barrier, so another thread's load in a later iteration may see what an earlier
    /// load before the loop would not have (the report says so).
    // CHECK-LABEL: gpu.func @barrier_in_loop
    // CHECK: scf.for
    // CHECK: gpu.barrier
    // CHECK: memref.load
    // REPORT: "reason": "workgroup 0[0]: loaded in each of the 4 iterations of the loop at {{.*}}: the kernel writes it (written at {{.*}}), and a barrier in the loop shows other threads' writes"
    gpu.func @barrier_in_loop(%a: memref<32xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias})
        workgroup(%flag: memref<1xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %is_first = arith.cmpi eq, %tx, %c0 : index
      scf.if %is_first {
        %v = memref.load %a[%c0] : memref<32xf32>
        memref.store %v, %flag[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      }
      %total = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
        gpu.barrier
        %f = memref.load %flag[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %acc, %f : f32
        scf.yield %s : f32
      }
      memref.store %total, %out[%tx] : memref<32xf32>
      gpu.return
    }

    /// negative: over_registers: two 32-tap filters in one loop would keep 64 values across it;
    /// the first one's 32 are loaded before it, the second's are not (at most 32 a loop).
    // CHECK-LABEL: gpu.func @over_registers
    // REMARK: promote: arg 0: arg 0[loop1]: loaded once before the loop at {{.*}} and kept in 32 registers, not in each of its 2 iterations (its inner loop of 32 iterations written out): 64 → 32 loads a thread
    // REMARK: promote: arg 1: arg 1[loop1]: loaded in each of the 2 iterations of the loop at {{.*}}: 32 more registers would hold over 32 values across the loop
    gpu.func @over_registers(%first: memref<32xf32> {llvm.noalias}, %second: memref<32xf32> {llvm.noalias},
                             %out: memref<64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      scf.for %o = %c0 to %c2 step %c1 {
        %sum = scf.for %t = %c0 to %c32 step %c1 iter_args(%acc = %zero) -> (f32) {
          %u = memref.load %first[%t] : memref<32xf32>
          %v = memref.load %second[%t] : memref<32xf32>
          %p = arith.mulf %u, %v : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        %row = arith.muli %o, %c32 : index
        %at = arith.addi %row, %tx : index
        memref.store %sum, %out[%at] : memref<64xf32>
      }
      gpu.return
    }

    /// The taps of @taps with no argument noalias, in a kernel with shared memory of its own
    /// (which the version step does not specialize): the output loop is versioned on a check
    /// at the kernel's entry that the weights lie apart from out, the taps loaded before it
    /// on that path (diffed with out and the weights one buffer too: same:1).
    // CHECK-LABEL: gpu.func @taps_checked
    // CHECK: scf.if
    // CHECK-COUNT-17: memref.load %arg1
    // CHECK: scf.for
    // CHECK: } else {
    // REMARK: promote: arg 1: arg 1[-loop1 + 16]: loaded once before the loop at {{.*}} and kept in 17 registers, not in each of its 8 iterations (its inner loop of 17 iterations written out): 136 → 17 loads a thread; on the fast path of a run-time check that its bytes overlap none of arg 2's ({{[0-9]+}} instructions at the kernel's entry; where it fails, the loop as written runs)
    gpu.func @taps_checked(%in: memref<512xf32>, %weights: memref<512xf32>, %out: memref<512xf32>)
        workgroup(%scratch: memref<32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c17 = arith.constant 17 : index
      %c32 = arith.constant 32 : index
      %c256 = arith.constant 256 : index
      %c495 = arith.constant 495 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %block = arith.muli %bx, %c256 : index
      %first = arith.addi %block, %tx : index
      %own = memref.load %in[%first] : memref<512xf32>
      memref.store %own, %scratch[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %o = %c0 to %c8 step %c1 {
        %offset = arith.muli %o, %c32 : index
        %centre = arith.addi %first, %offset : index
        %sum = scf.for %t = %c0 to %c17 step %c1 iter_args(%acc = %zero) -> (f32) {
          %tap = arith.subi %c16, %t : index
          %w = memref.load %weights[%tap] : memref<512xf32>
          %at = arith.addi %centre, %t : index
          %inside = arith.minui %at, %c495 : index
          %x = memref.load %in[%inside] : memref<512xf32>
          %p = arith.mulf %w, %x : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        %mine = memref.load %scratch[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
        %total = arith.addf %sum, %mine : f32
        memref.store %total, %out[%centre] : memref<512xf32>
      }
      gpu.return
    }
  }
}

// QUIET-NOT: the kernel writes it
// With promote=false the tap loop stays, its load in it.
// OFF-LABEL: gpu.func @taps
// OFF: scf.for
// OFF: scf.for
// OFF: memref.load %arg1
