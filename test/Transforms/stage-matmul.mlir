// stage-shared on naive matrix multiplies C[i][j] = sum_k A[i][k] * B[k][j],
// one thread per element of C (block 16x16), as a DSL emits them
// (bench/kernels/matmul.mlir): A[i][k] is MAP-205 (a row walk, a broadcast
// within each half-warp), B[k][j] MAP-302 (a column walk, coalesced). Rule
// NV-C stages both per tile of 32 k iterations: barrier, cooperative
// coalesced copy of the 16x32 box of A and the 32x16 box of B, barrier,
// compute from the tiles. The tiles then go through the bank-conflict step.
// Every kernel runs before and after in the interpreter with identical
// results, on sizes that are and are not multiples of the tiles.
//
// The IR and remark checks run with version=false, so that they see one copy
// of the body (the defaults add the disjointness check and a fallback copy).
// A's two addresses per warp request no longer make it constant memory: on
// the H200 they cost 45 cycles on the constant cache against 43 on the
// read-only path (CostModel::MEASURED_SM90). The diff runs use the defaults: a
// loop leaves its edge guard only where staging then reads every load of it
// from a tile (matmul_edges).

// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed version=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed version=false' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel matmul --grid 4,4,1
// RUN: gpu-mem-opt diff %s --kernel matmul_partial_k --grid 3,4,1
// RUN: gpu-mem-opt diff %s --kernel matmul_edges --grid 3,4,1
// RUN: gpu-mem-opt diff %s --kernel matmul_edges --grid 3,4,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel matmul_edges_constants_inside --grid 3,4,1
// RUN: gpu-mem-opt diff %s --kernel matmul_gather --grid 3,4,1 --arg random:1 --arg random:2 --arg zeros --arg 'iota'
// RUN: gpu-mem-opt diff %s --kernel matmul_rescaled --grid 3,4,1
// RUN: gpu-mem-opt diff %s --kernel matmul_rescaled_other --grid 3,4,1
// The bench kernel (2048^3) gets the same tiles.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %S/../../bench/kernels/matmul.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=BENCH
// BENCH: stage-shared: arg 0: MAP-205: stage: {{.*}}global sectors per block and tile 512 -> 64
// BENCH: stage-shared: arg 1: MAP-302: stage: {{.*}}global sectors per block and tile 512 -> 64
// BENCH: swizzle: workgroup 0

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// 64x64 times 64x64: multiples of the block and of the k-tile. Per tile of
    /// 32 k a warp reads A as 2 rows of 16 lanes on one word each (2 sectors,
    /// below the ideal 4, but every element is read by the 16 threads of its row
    /// in the block: reuse 16); natively 8 warps x 32 iterations x 2 sectors =
    /// 512 sectors per tile, the copy moves the 512 cells in 2 rounds of 8
    /// coalesced requests: 64. B likewise. The A tile, read tile[ty][k mod 32],
    /// puts the two rows of a warp in one bank (pitch 32 words): the layout
    /// search swizzles it (degree 1.94 -> 1); the B tile is conflict-free.
    // CHECK-LABEL: gpu.func @matmul(
    // CHECK-SAME: workgroup(%[[A:[a-z0-9_]+]] : memref<16x32xf32, #gpu.address_space<workgroup>>, %[[B:[a-z0-9_]+]] : memref<32x16xf32, #gpu.address_space<workgroup>>)
    // Both refills every 32 iterations become one tiled loop nest (strip_mine):
    // per tile a barrier, both copies, a barrier, then 32 iterations that only
    // read the tiles at k - kk, with no check in any of them.
    // CHECK: %[[SUM:.*]] = scf.for %[[KK:.*]] = %{{.*}} to %{{.*}} step %c32
    // CHECK: %[[END:.*]] = arith.addi %[[KK]], %c32
    // CHECK-NOT: scf.if
    // CHECK: gpu.barrier
    // CHECK: memref.store %{{.*}}, %[[A]]
    // CHECK-NOT: gpu.barrier
    // CHECK: memref.store %{{.*}}, %[[B]]
    // CHECK: gpu.barrier
    // CHECK-NEXT: scf.for %[[K:.*]] = %[[KK]] to %[[END]] step
    // CHECK-NOT: scf.if
    // CHECK: arith.subi %[[K]], %[[KK]]
    // CHECK: memref.load %[[A]]
    // CHECK: memref.load %[[B]]
    // CHECK: arith.mulf

    // expected-remark @below {{kernel: 'matmul'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{readonly: arg 1}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 16-byte chunks: chunk ^= row mod 2 (+0 B)}}
    // expected-remark @below {{pad: workgroup 1: unchanged: conflict-free already}}
    gpu.func @matmul(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %rows_c = arith.constant 64 : index
      %columns_c = arith.constant 64 : index
      %depth = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      // expected-remark @below {{stage-shared: loop strip-mined into 2 tiles of 32 iterations}}
      %sum = scf.for %k = %c0 to %depth step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @below {{stage-shared: arg 0: MAP-205: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 2 sectors/request (ideal 4), footprint 16x32 (2048 B, reuse 16.00); staged through memref<16x32xf32, #gpu.address_space<workgroup>>: sectors/request 2 -> 4, global sectors per block and tile 512 -> 64}}
        %x = memref.load %a[%i, %k] : memref<64x64xf32>
        // expected-remark @below {{stage-shared: arg 1: MAP-302: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 2 sectors/request (ideal 4), footprint 32x16 (2048 B, reuse 16.00); staged through memref<32x16xf32, #gpu.address_space<workgroup>>: sectors/request 2 -> 4, global sectors per block and tile 512 -> 64}}
        %y = memref.load %b[%k, %j] : memref<64x64xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%i, %j] : memref<64x64xf32>
      gpu.return
    }

    /// 64x40 times 40x48: k runs 40, not a multiple of the 32-iteration tile. Staged whole
    /// (session 32): one 16x40 and one 40x16 tile copied once before the loop, where tiles of
    /// 32 iterations would end in one of 8 (until then: two tiles, the second's cells past
    /// k = 39 left out). The 160-byte rows of the A tile are conflict-free as they are.
    // CHECK-LABEL: gpu.func @matmul_partial_k(
    // CHECK-SAME: workgroup(%{{.*}} : memref<16x40xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<40x16xf32, #gpu.address_space<workgroup>>)
    // CHECK: } {gpu_mem_opt.in_array}

    // expected-remark @below {{kernel: 'matmul_partial_k'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{readonly: arg 1}}
    // expected-remark @below {{pad: workgroup 0: unchanged: conflict-free already}}
    gpu.func @matmul_partial_k(%a: memref<64x40xf32>, %b: memref<40x48xf32>, %c: memref<64x48xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %rows_c = arith.constant 64 : index
      %columns_c = arith.constant 48 : index
      %depth = arith.constant 40 : index
      %zero = arith.constant 0.0 : f32
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      %sum = scf.for %k = %c0 to %depth step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @below {{stage-shared: arg 0: MAP-205: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 2 sectors/request (ideal 4), footprint 16x40 (2560 B, reuse 16.00); staged through memref<16x40xf32, #gpu.address_space<workgroup>>: sectors/request 2 -> 4, global sectors per block and tile 640 -> 80; one tile holds the loop's 40 iterations, copied in once before it (tiles of 32 would end in one of 8)}}
        %x = memref.load %a[%i, %k] : memref<64x40xf32>
        // expected-remark @below {{stage-shared: arg 1: MAP-302: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 2 sectors/request (ideal 4), footprint 40x16 (2560 B, reuse 16.00); staged through memref<40x16xf32, #gpu.address_space<workgroup>>: sectors/request 2 -> 4, global sectors per block and tile 640 -> 80; one tile holds the loop's 40 iterations, copied in once before it (tiles of 32 would end in one of 8)}}
        %y = memref.load %b[%k, %j] : memref<40x48xf32>
        %p = arith.mulf %x, %y : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%i, %j] : memref<64x48xf32>
      gpu.return
    }

    /// 50x40 times 40x35: neither M nor N is a multiple of 16, so the grid
    /// overshoots and scf.if (i < 50 and j < 35) guards the loop and the store.
    /// The refill barriers must be reached by the whole block, so the loop
    /// leaves the guard: both its loads are staged (the tiles are read in
    /// bounds, the copy-in loads inside the array), the rest is arithmetic; the store stays
    /// guarded. The 140-byte pitch of B misaligns rows: 2.875 sectors natively,
    /// 5.75 per copy request, still 736 -> 92 sectors per tile.
    // CHECK-LABEL: gpu.func @matmul_edges(
    // CHECK-SAME: workgroup(
    // CHECK: %[[ROWS:.*]] = arith.cmpi ult
    // CHECK: %[[COLUMNS:.*]] = arith.cmpi ult
    // CHECK: %[[INSIDE:.*]] = arith.andi %[[ROWS]], %[[COLUMNS]]
    // CHECK: gpu.barrier
    // CHECK: %[[SUM:.*]] = scf.for
    // CHECK-NOT: gpu.barrier
    // CHECK: scf.yield
    // CHECK: scf.if %[[INSIDE]] {
    // CHECK-NEXT: memref.store %[[SUM]]

    // expected-remark @below {{kernel: 'matmul_edges'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{readonly: arg 1}}
    // expected-remark @below {{pad: workgroup 0: unchanged: conflict-free already}}
    gpu.func @matmul_edges(%a: memref<50x40xf32>, %b: memref<40x35xf32>, %c: memref<50x35xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %rows_c = arith.constant 50 : index
      %columns_c = arith.constant 35 : index
      %depth = arith.constant 40 : index
      %zero = arith.constant 0.0 : f32
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      %in_rows = arith.cmpi ult, %i, %rows_c : index
      %in_columns = arith.cmpi ult, %j, %columns_c : index
      %inside = arith.andi %in_rows, %in_columns : i1
      scf.if %inside {
        %sum = scf.for %k = %c0 to %depth step %c1 iter_args(%acc = %zero) -> (f32) {
          // expected-remark @below {{stage-shared: arg 0: MAP-205: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 2 sectors/request (ideal 4), footprint 16x40 (2560 B, reuse 16.00); staged through memref<16x40xf32, #gpu.address_space<workgroup>>: sectors/request 2 -> 4, global sectors per block and tile 640 -> 80; one tile holds the loop's 40 iterations, copied in once before it (tiles of 32 would end in one of 8); the loop left its edge guard (its loads all read tiles; the store stays guarded)}}
          %x = memref.load %a[%i, %k] : memref<50x40xf32>
          // expected-remark @below {{stage-shared: arg 1: MAP-302: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 2.88 sectors/request (ideal 4), footprint 40x16 (2560 B, reuse 16.00); staged through memref<40x16xf32, #gpu.address_space<workgroup>>: sectors/request 2.88 -> 5.75, global sectors per block and tile 920 -> 115; one tile holds the loop's 40 iterations, copied in once before it (tiles of 32 would end in one of 8); the loop left its edge guard (its loads all read tiles; the store stays guarded)}}
          %y = memref.load %b[%k, %j] : memref<40x35xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        memref.store %sum, %c[%i, %j] : memref<50x35xf32>
      }
      gpu.return
    }

    /// matmul_edges as a DSL emits it (examples/arraylang): the sum's 0.0, its
    /// bounds and step are constants defined under the guard, where the sum is.
    /// Constants move out with the loop, so the loop leaves the guard and both
    /// loads are staged as in matmul_edges (before: "the loop's bounds or
    /// initial values are computed under the guard").
    // CHECK-LABEL: gpu.func @matmul_edges_constants_inside(
    // CHECK-SAME: workgroup(
    // CHECK: %[[ROWS:.*]] = arith.cmpi ult
    // CHECK: %[[COLUMNS:.*]] = arith.cmpi ult
    // CHECK: %[[INSIDE:.*]] = arith.andi %[[ROWS]], %[[COLUMNS]]
    // CHECK: arith.constant 0.000000e+00 : f32
    // CHECK: gpu.barrier
    // CHECK: %[[SUM:.*]] = scf.for
    // CHECK-NOT: gpu.barrier
    // CHECK: scf.yield
    // CHECK: scf.if %[[INSIDE]] {
    // CHECK-NEXT: memref.store %[[SUM]]

    // expected-remark @below {{kernel: 'matmul_edges_constants_inside'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{readonly: arg 1}}
    // expected-remark @below {{pad: workgroup 0: unchanged: conflict-free already}}
    gpu.func @matmul_edges_constants_inside(%a: memref<50x40xf32>, %b: memref<40x35xf32>, %c: memref<50x35xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c16 = arith.constant 16 : index
      %rows_c = arith.constant 50 : index
      %columns_c = arith.constant 35 : index
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      %in_rows = arith.cmpi ult, %i, %rows_c : index
      %in_columns = arith.cmpi ult, %j, %columns_c : index
      %inside = arith.andi %in_rows, %in_columns : i1
      scf.if %inside {
        %zero = arith.constant 0.0 : f32
        %c0 = arith.constant 0 : index
        %depth = arith.constant 40 : index
        %c1 = arith.constant 1 : index
        %sum = scf.for %k = %c0 to %depth step %c1 iter_args(%acc = %zero) -> (f32) {
          // expected-remark @below {{stage-shared: arg 0: MAP-205: stage:}}
          %x = memref.load %a[%i, %k] : memref<50x40xf32>
          // expected-remark @below {{stage-shared: arg 1: MAP-302: stage:}}
          %y = memref.load %b[%k, %j] : memref<40x35xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        memref.store %sum, %c[%i, %j] : memref<50x35xf32>
      }
      gpu.return
    }

    /// Negative: A's row comes from memory (A[rows[i]][k]), so A has no
    /// footprint box and stays global; the loop then cannot leave its guard
    /// (a global load would run for threads the guard excludes), and B is not
    /// staged either, with the reason.
    // CHECK-LABEL: gpu.func @matmul_gather(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return

    // expected-remark @below {{kernel: 'matmul_gather'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{readonly: arg 1}}
    // expected-remark @below {{readonly: arg 3}}
    gpu.func @matmul_gather(%a: memref<50x40xf32>, %b: memref<40x35xf32>, %c: memref<50x35xf32>, %rows: memref<64xindex>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %rows_c = arith.constant 50 : index
      %columns_c = arith.constant 35 : index
      %depth = arith.constant 40 : index
      %zero = arith.constant 0.0 : f32
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      %in_rows = arith.cmpi ult, %i, %rows_c : index
      %in_columns = arith.cmpi ult, %j, %columns_c : index
      %inside = arith.andi %in_rows, %in_columns : i1
      scf.if %inside {
        %row = memref.load %rows[%i] : memref<64xindex>
        %sum = scf.for %k = %c0 to %depth step %c1 iter_args(%acc = %zero) -> (f32) {
          // expected-remark @below {{stage-shared: arg 0: no MAP id: not staged: no footprint box: data-dependent: the index comes from memref.load}}
          // expected-remark @below {{vectorize: arg 0}}
          %x = memref.load %a[%row, %k] : memref<50x40xf32>
          // expected-remark @below {{stage-shared: arg 1: MAP-302: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 2.88 sectors/request (ideal 4), footprint 40x16 (2560 B, reuse 16.00); not applied: the loop cannot leave its edge guard: the load at}}
          %y = memref.load %b[%k, %j] : memref<40x35xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        memref.store %sum, %c[%i, %j] : memref<50x35xf32>
      }
      gpu.return
    }

    /// The loop's first value is read after a store under the guard (`c[i][j] *= 2`, then the
    /// sum starts from `c[i][j]`): promote gives that load the stored value, and the final
    /// store overwrites the first (removed), so nothing orders the loop after a store: it
    /// leaves its guard and both tiles are staged (the first value computed under the guard).
    // CHECK-LABEL: gpu.func @matmul_rescaled(
    // CHECK: gpu.barrier
    // CHECK: gpu.return

    // expected-remark @below {{kernel: 'matmul_rescaled'}}
    // expected-remark @below {{pad: workgroup 0: unchanged: conflict-free already}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{readonly: arg 1}}
    // expected-remark @+2 {{readonly: arg 2}}
    gpu.func @matmul_rescaled(%a: memref<50x40xf32> {llvm.noalias}, %b: memref<40x35xf32> {llvm.noalias},
                              %c: memref<50x35xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %rows_c = arith.constant 50 : index
      %columns_c = arith.constant 35 : index
      %depth = arith.constant 40 : index
      %two = arith.constant 2.0 : f32
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      %in_rows = arith.cmpi ult, %i, %rows_c : index
      %in_columns = arith.cmpi ult, %j, %columns_c : index
      %inside = arith.andi %in_rows, %in_columns : i1
      scf.if %inside {
        %old = memref.load %c[%i, %j] : memref<50x35xf32>
        %doubled = arith.mulf %old, %two : f32
        // expected-remark @below {{promote: arg 2: arg 2[tid.y + 16*bid.y, tid.x + 16*bid.x] stored again at}}
        memref.store %doubled, %c[%i, %j] : memref<50x35xf32>
        // expected-remark @below {{promote: arg 2: arg 2[tid.y + 16*bid.y, tid.x + 16*bid.x] read back after this thread stored it at}}
        %first = memref.load %c[%i, %j] : memref<50x35xf32>
        %sum = scf.for %k = %c0 to %depth step %c1 iter_args(%acc = %first) -> (f32) {
          // expected-remark @below {{stage-shared: arg 0: MAP-205: stage:}}
          %x = memref.load %a[%i, %k] : memref<50x40xf32>
          // expected-remark @below {{stage-shared: arg 1: MAP-302: stage:}}
          %y = memref.load %b[%k, %j] : memref<40x35xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        memref.store %sum, %c[%i, %j] : memref<50x35xf32>
      }
      gpu.return
    }

    /// Negative: the loop's first value is read after a store under the guard (`c[i][j] *= 2`,
    /// then the sum starts from `c[i][34 - j]`, another thread's element): moved before the
    /// guard with the loop, that load would run ahead of the store and could read the old
    /// value, so the loop keeps its guard.
    // CHECK-LABEL: gpu.func @matmul_rescaled_other(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return

    // expected-remark @below {{kernel: 'matmul_rescaled_other'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{readonly: arg 1}}
    // expected-remark @+2 {{readonly: arg 2}}
    gpu.func @matmul_rescaled_other(%a: memref<50x40xf32> {llvm.noalias}, %b: memref<40x35xf32> {llvm.noalias},
                              %c: memref<50x35xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %rows_c = arith.constant 50 : index
      %columns_c = arith.constant 35 : index
      %depth = arith.constant 40 : index
      %two = arith.constant 2.0 : f32
      %i0 = arith.muli %by, %c16 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c16 : index
      %j = arith.addi %j0, %tx : index
      %in_rows = arith.cmpi ult, %i, %rows_c : index
      %in_columns = arith.cmpi ult, %j, %columns_c : index
      %inside = arith.andi %in_rows, %in_columns : i1
      scf.if %inside {
        %old = memref.load %c[%i, %j] : memref<50x35xf32>
        %doubled = arith.mulf %old, %two : f32
        memref.store %doubled, %c[%i, %j] : memref<50x35xf32>
        %c34 = arith.constant 34 : index
        %mirror = arith.subi %c34, %j : index
        %first = memref.load %c[%i, %mirror] : memref<50x35xf32>
        %sum = scf.for %k = %c0 to %depth step %c1 iter_args(%acc = %first) -> (f32) {
          // expected-remark @below {{not applied: the loop cannot leave its edge guard: the loop's bounds or initial values are computed under the guard}}
          // expected-remark @below {{vectorize: arg 0}}
          %x = memref.load %a[%i, %k] : memref<50x40xf32>
          // expected-remark @below {{not applied: the loop cannot leave its edge guard: the loop's bounds or initial values are computed under the guard}}
          %y = memref.load %b[%k, %j] : memref<40x35xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        memref.store %sum, %c[%i, %j] : memref<50x35xf32>
      }
      gpu.return
    }
  }
}
