// Register promotion (option promote, issue 31): an element a loop reads and writes at one
// index that does not change with the loop (tmp[i] += A[i][j] * x[j], CUDA's accumulator in
// global memory) lives in a register across the loop. Every case runs before and after the
// pass on the interpreter (diff) and must give the same output.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel accumulate --grid 2,1,1 --block 64,1,1
// RUN: gpu-mem-opt diff %s --kernel two_sums --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg random:3 --arg 7
// RUN: gpu-mem-opt diff %s --kernel two_sums --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg random:3 --arg 0
// RUN: gpu-mem-opt diff %s --kernel may_alias --grid 1,1,1 --block 32,1,1
// RUN: gpu-mem-opt diff %s --kernel may_alias --grid 1,1,1 --block 32,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=CHECKED
// RUN: gpu-mem-opt diff %s --kernel with_barrier --grid 1,1,1 --block 32,1,1
// RUN: gpu-mem-opt diff %s --kernel two_elements --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2
// RUN: gpu-mem-opt diff %s --kernel may_coincide --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg 5
// RUN: gpu-mem-opt diff %s --kernel may_coincide --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg 0
// RUN: gpu-mem-opt diff %s --kernel reloaded --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2
// RUN: gpu-mem-opt diff %s --kernel reloaded_in_loop --grid 1,1,1 --block 32,1,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel triangular --grid 1,1,1 --block 16,1,1 --arg random:1
// RUN: gpu-mem-opt-opt --gpu-mem-opt='promote=false' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=OFF
// RUN: gpu-mem-opt diff %s --kernel block_unknown --grid 2,1,1 --block 32,1,1 --arg random:1:2048 --arg random:2:32 --arg zeros:64
// RUN: gpu-mem-opt diff %s --kernel block_unknown --grid 2,1,1 --block 32,1,1 --arg random:1:2048 --arg random:2:32 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel index_not_followed --grid 1,1,1 --block 32,1,1 --arg random:1:2048 --arg random:2:32 --arg zeros:64 --arg 2
// RUN: gpu-mem-opt diff %s --kernel index_not_followed --grid 1,1,1 --block 32,1,1 --arg random:1:2048 --arg random:2:32 --arg same:0 --arg 2

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// ATAX's first kernel in 2-D form: tmp[i] = 0, then tmp[i] += A[i][j] * x[j] over 64
    /// columns. The arguments are {llvm.noalias}, so nothing else in the loop reaches tmp: it
    /// starts from the 0 stored before the loop, is carried through the loop, stored after it:
    /// 2 accesses in each of 64 iterations become 1 store, and the store of 0 goes (the store
    /// after the loop overwrites it, nothing reads it before).
    // CHECK-LABEL: gpu.func @accumulate
    // CHECK-NOT: memref.store
    // CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %cst) -> (f32)
    // CHECK-NOT: memref.load %arg2
    // CHECK: scf.yield
    // CHECK: memref.store %[[SUM]], %arg2[
    // REMARK: promote: arg 2: arg 2[tid.x + 64*bid.x] kept in a register across the loop at {{.*}}promote.mlir:{{[0-9]+}}:7: starting from the value stored just before it (that store is gone: the one after the loop overwrites it) and stored once after it, instead of 2 accesses in each of its 64 iterations
    gpu.func @accumulate(%A: memref<128x64xf32> {llvm.noalias}, %x: memref<64xf32> {llvm.noalias},
                         %tmp: memref<128xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %base = arith.muli %bx, %c64 : index
      %i = arith.addi %base, %tx : index
      memref.store %zero, %tmp[%i] : memref<128xf32>
      scf.for %j = %c0 to %c64 step %c1 {
        %a = memref.load %A[%i, %j] : memref<128x64xf32>
        %xj = memref.load %x[%j] : memref<64xf32>
        %product = arith.mulf %a, %xj : f32
        %t = memref.load %tmp[%i] : memref<128xf32>
        %sum = arith.addf %t, %product : f32
        memref.store %sum, %tmp[%i] : memref<128xf32>
      }
      gpu.return
    }

    /// Two accumulators in one loop of n iterations, n an argument: both are carried at once
    /// (one loop remade). Nothing is stored before the loop and it may run no iteration (the
    /// second diff passes n = 0), so the first load and the last store are under
    /// `scf.if (0 < n)`: nothing is touched that the loop did not touch.
    // CHECK-LABEL: gpu.func @two_sums
    // CHECK: scf.if %{{.*}} -> (f32)
    // CHECK: scf.if %{{.*}} -> (f32)
    // CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32)
    // REMARK: promote: arg 1: arg 1[tid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its (unknown) iterations
    // REMARK: promote: arg 2: arg 2[tid.x] kept in a register
    gpu.func @two_sums(%v: memref<32xf32> {llvm.noalias}, %sums: memref<32xf32> {llvm.noalias},
                       %squares: memref<32xf32> {llvm.noalias}, %n: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.for %k = %c0 to %n step %c1 {
        %value = memref.load %v[%tx] : memref<32xf32>
        %s = memref.load %sums[%tx] : memref<32xf32>
        %s1 = arith.addf %s, %value : f32
        memref.store %s1, %sums[%tx] : memref<32xf32>
        %q = memref.load %squares[%tx] : memref<32xf32>
        %square = arith.mulf %value, %value : f32
        %q1 = arith.addf %q, %square : f32
        memref.store %q1, %squares[%tx] : memref<32xf32>
      }
      gpu.return
    }

    /// No attribute, no launch site: A may be the same buffer as out, and a load of A in the
    /// loop could read what the loop stored. The kernel checks at its entry that their bytes
    /// lie apart and keeps out[tid.x] in a register there (7 instructions; the diff runs both
    /// paths, the second with out a view of A); the code as written runs elsewhere. With
    /// version=false it stays in memory, and the remark says which access.
    // CHECK-LABEL: gpu.func @may_alias
    // CHECK: scf.if
    // CHECK: scf.for {{.*}} iter_args
    // CHECK: } else {
    // CHECK: memref.load %arg1
    // CHECK: } {gpu_mem_opt.disjoint = array<i64: 0, 1>, gpu_mem_opt.specialized}
    // REMARK: promote: arg 1: arg 1[tid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 32 iterations
    // REMARK: version: kernel: the optimized body runs where a check at the kernel's entry holds (7 instructions): the bytes of arg 1, which it writes, apart from those it only reads (arg 0); elsewhere the code as written runs (a copy of the body)
    // CHECKED: promote: arg 1: arg 1[tid.x] stays in memory, read and written in every iteration: arg 0 (accessed at {{.*}}promote.mlir:{{[0-9]+}}:{{[0-9]+}}) may be the same buffer; unblock: {llvm.noalias} on either, or option assume-noalias
    gpu.func @may_alias(%A: memref<1024xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      scf.for %j = %c0 to %c32 step %c1 {
        %row = arith.muli %j, %c32 : index
        %at = arith.addi %row, %tx : index
        %a = memref.load %A[%at] : memref<1024xf32>
        %o = memref.load %out[%tx] : memref<32xf32>
        %sum = arith.addf %o, %a : f32
        memref.store %sum, %out[%tx] : memref<32xf32>
      }
      gpu.return
    }

    /// ATAX's kernel 1 as CUDA writes it for a lone kernel: i = blockIdx.x * blockDim.x +
    /// threadIdx.x with no block size known; the product of the two is the same for a block, a
    /// symbol of its own (`bid.x*block_dim.x`), so tmp[i] is followed: promoted on the fast path
    /// of the run-time check that tmp lies apart from A and x (the diffs run both paths).
    // CHECK-LABEL: gpu.func @block_unknown
    // CHECK: scf.if
    // CHECK: scf.for {{.*}} iter_args
    // REMARK: promote: arg 2: arg 2[tid.x + bid.x*block_dim.x] kept in a register across the loop
    gpu.func @block_unknown(%A: memref<?xf32>, %x: memref<?xf32>, %tmp: memref<?xf32>) kernel {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      scf.for %j = %c0 to %c32 step %c1 {
        %row = arith.muli %i, %c32 : index
        %ij = arith.addi %row, %j : index
        %a = memref.load %A[%ij] : memref<?xf32>
        %xj = memref.load %x[%j] : memref<?xf32>
        %p = arith.mulf %a, %xj : f32
        %t = memref.load %tmp[%i] : memref<?xf32>
        %s = arith.addf %t, %p : f32
        memref.store %s, %tmp[%i] : memref<?xf32>
      }
      gpu.return
    }

    /// The same with i = threadIdx.x * n, which the model does not follow (a thread's id times
    /// an argument): the load and the store use one index value computed before the loop, so
    /// the element is still one and loop-invariant: promoted, the remark naming the index by
    /// where it is computed.
    // CHECK-LABEL: gpu.func @index_not_followed
    // CHECK: scf.for {{.*}} iter_args
    // REMARK: promote: arg 2: arg 2[the index at [[@LINE+6]]:{{[0-9]+}}] kept in a register across the loop
    gpu.func @index_not_followed(%A: memref<?xf32>, %x: memref<?xf32>, %tmp: memref<?xf32>, %n: index) kernel {
      %tid = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %i = arith.muli %tid, %n : index
      scf.for %j = %c0 to %c32 step %c1 {
        %row = arith.muli %i, %c32 : index
        %ij = arith.addi %row, %j : index
        %a = memref.load %A[%ij] : memref<?xf32>
        %xj = memref.load %x[%j] : memref<?xf32>
        %p = arith.mulf %a, %xj : f32
        %t = memref.load %tmp[%i] : memref<?xf32>
        %s = arith.addf %t, %p : f32
        memref.store %s, %tmp[%i] : memref<?xf32>
      }
      gpu.return
    }

    /// A barrier in the loop: other threads may read the element between iterations, so it
    /// stays in memory.
    // CHECK-LABEL: gpu.func @with_barrier
    // REMARK: promote: arg 1: arg 1[tid.x] stays in memory, read and written in every iteration: the loop has gpu.barrier at {{.*}}, after which other threads may see the element
    gpu.func @with_barrier(%v: memref<32xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %j = %c0 to %c4 step %c1 {
        %value = memref.load %v[%tx] : memref<32xf32>
        %o = memref.load %out[%tx] : memref<32xf32>
        %sum = arith.addf %o, %value : f32
        memref.store %sum, %out[%tx] : memref<32xf32>
        gpu.barrier
      }
      gpu.return
    }

    /// Two elements of one buffer a constant 32 apart, each read and written in every
    /// iteration (a register tile's copies of `c[i][j] += …`): different elements whatever the
    /// thread, so each is kept in a register of its own, 4 accesses a trip become 2 stores.
    // CHECK-LABEL: gpu.func @two_elements
    // CHECK: scf.for {{.*}} -> (f32, f32)
    // CHECK-NOT: memref.load %arg1
    // CHECK: scf.yield
    // REMARK: promote: arg 1: arg 1[tid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 8 iterations; the same for 1 more access, at other offsets: [[@LINE+14]]:20
    gpu.func @two_elements(%v: memref<8xf32> {llvm.noalias}, %out: memref<64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %far = arith.addi %tx, %c32 : index
      scf.for %j = %c0 to %c8 step %c1 {
        %value = memref.load %v[%j] : memref<8xf32>
        %near_sum = memref.load %out[%tx] : memref<64xf32>
        %near_next = arith.addf %near_sum, %value : f32
        memref.store %near_next, %out[%tx] : memref<64xf32>
        %far_sum = memref.load %out[%far] : memref<64xf32>
        %far_next = arith.mulf %far_sum, %value : f32
        memref.store %far_next, %out[%far] : memref<64xf32>
      }
      gpu.return
    }

    /// Why: negative, two elements of one buffer whose indices differ by an argument: they are
    /// one element where it is 0 (the second run), so each stays in memory.
    // CHECK-LABEL: gpu.func @may_coincide
    // REMARK: promote: arg 1: arg 1[tid.x] stays in memory, read and written in every iteration: the loop also accesses it at {{.*}}
    gpu.func @may_coincide(%v: memref<8xf32> {llvm.noalias}, %out: memref<64xf32> {llvm.noalias},
                           %shift: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %other = arith.addi %tx, %shift : index
      scf.for %j = %c0 to %c8 step %c1 {
        %value = memref.load %v[%j] : memref<8xf32>
        %near_sum = memref.load %out[%tx] : memref<64xf32>
        %near_next = arith.addf %near_sum, %value : f32
        memref.store %near_next, %out[%tx] : memref<64xf32>
        %far_sum = memref.load %out[%other] : memref<64xf32>
        %far_next = arith.mulf %far_sum, %value : f32
        memref.store %far_next, %out[%other] : memref<64xf32>
      }
      gpu.return
    }

    /// The sum read back just after its loop (PolyBench covariance's `mean[j] /= n`): that
    /// load reads the register, 1 load a thread fewer. Why the second load stays: a barrier
    /// comes between (another thread's write may be visible after it).
    // CHECK-LABEL: gpu.func @reloaded
    // CHECK: %[[SUM:.*]] = scf.for {{.*}} -> (f32)
    // CHECK: memref.store %[[SUM]], %arg1[
    // CHECK-NEXT: arith.divf %[[SUM]]
    // CHECK-NEXT: gpu.barrier
    // CHECK-NEXT: memref.load %arg1
    // REMARK: promote: arg 1: arg 1[tid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 8 iterations; the load after the loop reads the register
    gpu.func @reloaded(%v: memref<8xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %two = arith.constant 2.0 : f32
      scf.for %j = %c0 to %c8 step %c1 {
        %value = memref.load %v[%j] : memref<8xf32>
        %sum = memref.load %out[%tx] : memref<32xf32>
        %next = arith.addf %sum, %value : f32
        memref.store %next, %out[%tx] : memref<32xf32>
      }
      %total = memref.load %out[%tx] : memref<32xf32>
      %half = arith.divf %total, %two : f32
      gpu.barrier
      %again = memref.load %out[%tx] : memref<32xf32>
      %both = arith.addf %half, %again : f32
      memref.store %both, %out[%tx] : memref<32xf32>
      gpu.return
    }

    /// The sum read in a second loop that writes only another buffer (PolyBench GRAMSCHMIDT's
    /// kernel 3: r[k][j] summed, then a[i][j] -= q[i][k] * r[k][j]): that loop cannot write
    /// the sum's element ({llvm.noalias}), so its load of it reads the register, 8 loads a
    /// thread fewer (session 32; before, the second loop reloaded it every trip).
    // CHECK-LABEL: gpu.func @reloaded_in_loop
    // CHECK: %[[SUM:.*]] = scf.for {{.*}} -> (f32)
    // CHECK: memref.store %[[SUM]], %arg1[
    // CHECK-NEXT: scf.for
    // CHECK-NOT: memref.load %arg1
    // CHECK: arith.mulf %{{.*}}, %[[SUM]]
    // CHECK: gpu.return
    // REMARK: promote: arg 1: arg 1[tid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its 8 iterations; the load after the loop reads the register
    gpu.func @reloaded_in_loop(%v: memref<8xf32> {llvm.noalias}, %out: memref<32xf32> {llvm.noalias},
                               %scaled: memref<8x32xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %j = %c0 to %c8 step %c1 {
        %value = memref.load %v[%j] : memref<8xf32>
        %sum = memref.load %out[%tx] : memref<32xf32>
        %next = arith.addf %sum, %value : f32
        memref.store %next, %out[%tx] : memref<32xf32>
      }
      scf.for %i = %c0 to %c8 step %c1 {
        %value = memref.load %v[%i] : memref<8xf32>
        %total = memref.load %out[%tx] : memref<32xf32>
        %product = arith.mulf %value, %total : f32
        memref.store %product, %scaled[%i, %tx] : memref<8x32xf32>
      }
      gpu.return
    }

    /// LU's forward substitution on a row per thread: for i, for j < i, a[t][i] -= a[t][j] *
    /// a[t][j]. The loop also reads a[t][j], which is another element since j < i (the
    /// triangular loop's guard), so a[t][i] lives in a register across the j loop. At i = 0
    /// the loop runs no trip: the load before it and the store after it are under
    /// scf.if (lower < upper), and its trips are "(unknown)", not the widest range's 15.
    // CHECK-LABEL: gpu.func @triangular
    // CHECK: scf.for
    // CHECK: arith.cmpi slt
    // CHECK-NEXT: scf.if
    // CHECK-NEXT: memref.load %arg0
    // CHECK: scf.for {{.*}} iter_args
    // REMARK: promote: arg 0: arg 0[tid.x, loop0] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its (unknown) iterations
    gpu.func @triangular(%a: memref<16x16xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 16, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      scf.for %i = %c0 to %c16 step %c1 {
        scf.for %j = %c0 to %i step %c1 {
          %left = memref.load %a[%tx, %j] : memref<16x16xf32>
          %sum = memref.load %a[%tx, %i] : memref<16x16xf32>
          %product = arith.mulf %left, %left : f32
          %next = arith.subf %sum, %product : f32
          memref.store %next, %a[%tx, %i] : memref<16x16xf32>
        }
      }
      gpu.return
    }
  }
}

// OFF-NOT: remark: gpu-mem-opt: promote
