// A lone kernel specialized under a run-time check (option version, issue 31): where only an
// int argument's value keeps a flat index flat, or only other arguments keep an element from
// a register, the kernel checks that fact at its entry and runs the optimized body where it
// holds, the code as written where it does not. Every case runs before and after the pass on
// the interpreter, on both paths (a size past the width, a negative size, two arguments that
// share a buffer), and must give the same output.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s --check-prefix=SLOW --strict-whitespace
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | gpu-mem-opt-opt --gpu-mem-opt 2>&1 >/dev/null | FileCheck %s --check-prefix=AGAIN
// RUN: gpu-mem-opt diff %s --kernel gesummv --grid 1,1,1 --block 64,1,1 --arg 64 --arg 2.0 --arg 3.0 --arg random:1:4096 --arg random:2:4096 --arg random:3:64 --arg random:4:64 --arg random:5:64
// RUN: gpu-mem-opt diff %s --kernel gesummv --grid 1,1,1 --block 64,1,1 --arg 40 --arg 2.0 --arg 3.0 --arg random:1:4096 --arg random:2:4096 --arg random:3:64 --arg random:4:64 --arg random:5:64
// RUN: gpu-mem-opt diff %s --kernel gesummv --grid 2,1,1 --block 64,1,1 --arg 80 --arg 2.0 --arg 3.0 --arg random:1:5200 --arg random:2:5200 --arg random:3:128 --arg random:4:128 --arg random:5:128
// RUN: gpu-mem-opt diff %s --kernel gesummv --grid 1,1,1 --block 64,1,1 --arg=-3 --arg 2.0 --arg 3.0 --arg random:1:4096 --arg random:2:4096 --arg random:3:64 --arg random:4:64 --arg random:5:64
// RUN: gpu-mem-opt diff %s --kernel gesummv --grid 1,1,1 --block 64,1,1 --arg 64 --arg 2.0 --arg 3.0 --arg random:1:4096 --arg random:2:4096 --arg same:3 --arg random:4:64 --arg random:5:64
// RUN: gpu-mem-opt diff %s --kernel own_shared --grid 1,1,1 --block 64,1,1 --arg random:1:4096 --arg zeros:64 --arg 64
// RUN: gpu-mem-opt diff %s --kernel proven --grid 1,1,1 --block 64,1,1 --arg random:1:4096 --arg zeros:64
// RUN: gpu-mem-opt diff %s --kernel gains_nothing --grid 2,2,1 --arg random:1:1024 --arg zeros:1024 --arg 64
// RUN: gpu-mem-opt diff %s --kernel gains_nothing --grid 2,2,1 --arg random:1:1024 --arg same:0 --arg 64
// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-plan='step=version' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=PLAN

// PLAN-NOT: remark: gpu-mem-opt: promote
// PLAN: version: kernel: the optimized body runs
// PLAN: version: kernel: not specialized under a run-time check
// PLAN: version: kernel: not made: what it enables gains nothing (3 flat indices read as 2-D views, which change no address; the read-only path for arg 0, whose loads no store precedes, so ld.global issues them as early)
// PLAN-NOT: version:

// The optimized output is specialized once: a second run finds the branch and adds no other.
// AGAIN-NOT: version: kernel: the optimized body runs

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// PolyBench GESUMMV as written, at 64 columns: a row per thread, A[i*64 + j] and
    /// B[i*64 + j] for j < n (an int argument), tmp[i] and y[i] accumulated in global memory.
    /// Nothing bounds n, and the five buffers may alias: the kernel checks n >= 0, n <= 64
    /// and the bytes of tmp and y apart from each other and from A, B and x (7 pairs; 52
    /// instructions in all), and on that path A and B are 2-D views staged as 64x32 tiles and
    /// tmp[i], y[i] are registers. n = 80 and n = -3 take the copy as written, as does tmp
    /// sharing A's buffer.
    // CHECK-LABEL: gpu.func @gesummv
    // CHECK: arith.cmpi sle, %c0{{.*}}, %[[N:[0-9]+]] : index
    // CHECK: arith.cmpi sle, %{{[0-9]+}}, %c64 : index
    // CHECK: scf.if
    // CHECK-COUNT-2: memref.reinterpret_cast {{.*}} to memref<?x64xf32>
    // CHECK: gpu.barrier
    // CHECK: memref.load %arg5[
    // CHECK: } {gpu_mem_opt.disjoint = array<i64: {{.*}}>, gpu_mem_opt.specialized}
    // The path as written (the check's else, at the body's indentation, not a staged copy's
    // else of a cell outside the array) has no barrier:
    // SLOW-LABEL: gpu.func @gesummv
    // SLOW: {{^}}      } else {
    // SLOW-NOT: gpu.barrier
    // SLOW: {{^}}      } {gpu_mem_opt.disjoint
    // REMARK: delinearize: arg 3: arg 3[(tid.x + 64*bid.x)*64 + loop0] read as row tid.x + 64*bid.x, column loop0 of rows of 64 elements (a 2-D view, the same addresses): loop0 >= 0 by the id and loop ranges, < 64 by arg0 <= 64 and loop0 < arg0
    // REMARK: promote: arg 5: arg 5[tid.x + 64*bid.x] kept in a register across the loop at {{.*}}: loaded once before it and stored once after it, instead of 2 accesses in each of its (unknown, at least 1 by tid.x + 64*bid.x < arg0) iterations
    // REMARK: stage-shared: arg 3: staged through memref<64x32xf32, #gpu.address_space<workgroup>>
    // REMARK: version: kernel: the optimized body runs where a check at the kernel's entry holds (52 instructions): arg0 >= 0; arg0 <= 64 (for the flat indices at {{[0-9]+}}:16, {{[0-9]+}}:16); the bytes of the arguments it writes (arg 5, arg 7) apart from each other and from those it only reads (arg 3, arg 6, arg 4); elsewhere the code as written runs (a copy of the body)
    gpu.func @gesummv(%n: i32, %alpha: f32, %beta: f32, %A: memref<?xf32>, %B: memref<?xf32>,
                      %tmp: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %N = arith.constant 64 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %n_idx = arith.index_cast %n : i32 to index
      %in = arith.cmpi slt, %i, %n_idx : index
      scf.if %in {
        scf.for %j = %c0 to %n_idx step %c1 {
          %row = arith.muli %i, %N : index
          %ij = arith.addi %row, %j : index
          %a = memref.load %A[%ij] : memref<?xf32>
          %xj = memref.load %x[%j] : memref<?xf32>
          %pa = arith.mulf %a, %xj : f32
          %t = memref.load %tmp[%i] : memref<?xf32>
          %ts = arith.addf %t, %pa : f32
          memref.store %ts, %tmp[%i] : memref<?xf32>
          %b = memref.load %B[%ij] : memref<?xf32>
          %xj2 = memref.load %x[%j] : memref<?xf32>
          %pb = arith.mulf %b, %xj2 : f32
          %yi = memref.load %y[%i] : memref<?xf32>
          %ys = arith.addf %yi, %pb : f32
          memref.store %ys, %y[%i] : memref<?xf32>
        }
        %t2 = memref.load %tmp[%i] : memref<?xf32>
        %at = arith.mulf %alpha, %t2 : f32
        %y2 = memref.load %y[%i] : memref<?xf32>
        %by = arith.mulf %beta, %y2 : f32
        %r = arith.addf %at, %by : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }

    /// The same row sum, but the kernel stages its own rows through shared memory: a later
    /// step could lay that buffer out again in the optimized copy only, so the kernel is not
    /// specialized and says why; the access stays flat.
    // CHECK-LABEL: gpu.func @own_shared
    // CHECK-NOT: gpu_mem_opt.specialized
    // CHECK: gpu.return
    // REMARK: delinearize: arg 0: arg 0[row*W + column] stays flat: no guard or loop bound proves the column loop0 < the width 64
    // REMARK: version: kernel: not specialized under a run-time check of arg2 >= 0; arg2 <= 64 (for the flat indices at [[@LINE+13]]:18): it has shared memory of its own, which later steps may lay out again in one copy only
    gpu.func @own_shared(%a: memref<?xf32>, %sums: memref<?xf32>, %n: i32)
        workgroup(%seen: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %n_index = arith.index_cast %n : i32 to index
      %zero = arith.constant 0.0 : f32
      %total = scf.for %j = %c0 to %n_index step %c1 iter_args(%sum = %zero) -> (f32) {
        %row = arith.muli %tx, %c64 : index
        %at = arith.addi %row, %j : index
        %value = memref.load %a[%at] : memref<?xf32>
        memref.store %value, %seen[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
        %again = memref.load %seen[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
        %next = arith.addf %sum, %again : f32
        scf.yield %next : f32
      }
      memref.store %total, %sums[%tx] : memref<?xf32>
      gpu.return
    }

    /// The bound is a constant and the output is {llvm.noalias}: everything is proven, so
    /// nothing is checked and the body stays one copy.
    // CHECK-LABEL: gpu.func @proven
    // CHECK-NOT: gpu_mem_opt.specialized
    // CHECK: gpu.return
    gpu.func @proven(%a: memref<?xf32>, %sums: memref<?xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %total = scf.for %j = %c0 to %c64 step %c1 iter_args(%sum = %zero) -> (f32) {
        %row = arith.muli %tx, %c64 : index
        %at = arith.addi %row, %j : index
        %value = memref.load %a[%at] : memref<?xf32>
        %next = arith.addf %sum, %value : f32
        scf.yield %next : f32
      }
      memref.store %total, %sums[%tx] : memref<?xf32>
      gpu.return
    }

    /// negative: gains_nothing: out[i*64 + j] = in[i*64 + j] + in[i*64 + j + 1] under
    /// j + 1 < n, as FDTD-2D's step 3 writes it: n <= 64 would let delinearize read both
    /// flat indices as 2-D views, and the check would put the input on the read-only path,
    /// but views change no address, the loads come before the store, and nothing else is
    /// staged or promoted; the check and the copy of the body would only cost (PolyBench
    /// 2DConv and FDTD step 3: 0.96-0.97x of naive with them on the H200). The kernel as
    /// written is put back and the steps run again without the specialization.
    // CHECK-LABEL: gpu.func @gains_nothing
    // CHECK-NOT: gpu_mem_opt.specialized
    // CHECK-NOT: gpu_mem_opt.read_only_path
    // CHECK: scf.if
    // CHECK-NOT: scf.if
    // CHECK: gpu.return
    gpu.func @gains_nothing(%in: memref<?xf32>, %out: memref<?xf32>, %n: i32) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %jb = arith.muli %bx, %c32 : index
      %j = arith.addi %jb, %tx : index
      %ib = arith.muli %by, %c8 : index
      %i = arith.addi %ib, %ty : index
      %bound = arith.index_cast %n : i32 to index
      %j1 = arith.addi %j, %c1 : index
      %inside = arith.cmpi slt, %j1, %bound : index
      scf.if %inside {
        %row = arith.muli %i, %c64 : index
        %at = arith.addi %row, %j : index
        %right = arith.addi %at, %c1 : index
        %a = memref.load %in[%at] : memref<?xf32>
        %b = memref.load %in[%right] : memref<?xf32>
        %sum = arith.addf %a, %b : f32
        memref.store %sum, %out[%at] : memref<?xf32>
      }
      gpu.return
    }
  }
}
