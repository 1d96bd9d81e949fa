// stage-shared on a store in a nest of loops (pass/src/steps/stage_shared/loop_store.rs):
// when every loop runs at most 32 iterations and the block's threads and the
// iterations write each cell of the box once (staging::covers_box_once), the
// threads write a workgroup tile in the loops and the block copies it out,
// coalesced, after them; a single loop of a multiple of 32 iterations is
// copied out after every 32. A guard whose tests bound the store's indices
// (edge tests) goes with the copy-out, cell by cell. NVIDIA's transposeNaive becomes its
// transposeCoalesced. Only the stage-shared, pad and swizzle remarks are
// checked here. Every kernel runs before and after with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false remarks=detailed' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false vectorize=false remarks=detailed' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel transpose_rows --grid 8,8,1
// RUN: gpu-mem-opt diff %s --kernel transpose_nest --grid 8,8,1
// RUN: gpu-mem-opt diff %s --kernel may_alias --grid 8,8,1
// RUN: gpu-mem-opt diff %s --kernel may_alias --grid 8,8,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel may_alias_unknown_span --grid 8,8,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel two_outputs --grid 2,2,1
// RUN: gpu-mem-opt diff %s --kernel running_totals_may_alias --grid 4,1,1
// RUN: gpu-mem-opt diff %s --kernel running_totals_may_alias --grid 4,1,1 --arg random:1 --arg same:0 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel running_totals_may_alias --grid 4,1,1 --arg random:1 --arg zeros --arg same:1
// RUN: gpu-mem-opt diff %s --kernel two_outputs --grid 2,2,1 --arg random:1 --arg same:0 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel two_outputs --grid 2,2,1 --arg random:1 --arg zeros --arg same:0
// RUN: gpu-mem-opt diff %s --kernel two_outputs --grid 2,2,1 --arg random:1 --arg zeros --arg same:1
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// REPORT: "name": "may_alias",
// REPORT: "kind": "stage-shared",
// REPORT: "kind": "stage-shared",
// REPORT-NEXT: "target": "arg 1",
// REPORT-NEXT: "applied": true,
// REPORT: "checked_against": [
// REPORT-NEXT: 0
// REPORT-NEXT: ],
// REPORT-NEXT: "check_instructions": 7
// With the check off (option version=false) the store stays where it is.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false remarks=detailed' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: stage-shared: arg 1: {{.*}}not applied: memref.load at {{.*}} may access the buffer too, and the staged write would reach memory later
// RUN: gpu-mem-opt diff %s --kernel holes --grid 8,8,1
// RUN: gpu-mem-opt diff %s --kernel holes_may_alias --grid 8,8,1
// RUN: gpu-mem-opt diff %s --kernel long_loop --grid 8,4,1
// RUN: gpu-mem-opt diff %s --kernel odd_trips --grid 8,4,1
// RUN: gpu-mem-opt diff %s --kernel running_sums --grid 4,1,1
// Outputs start random: a copy-out of a cell the guard left out would show.
// RUN: gpu-mem-opt diff %s --kernel rows_edges --grid 19,32,1 --arg random:1 --arg random:2
// RUN: gpu-mem-opt diff %s --kernel long_edges --grid 4,1,1 --arg random:1 --arg random:2 --arg 70
// RUN: gpu-mem-opt diff %s --kernel long_edges --grid 4,1,1 --arg random:1 --arg random:2 --arg 100
// RUN: gpu-mem-opt diff %s --kernel thread_guard --grid 19,32,1 --arg random:1 --arg random:2
// RUN: gpu-mem-opt diff %s --kernel guarded_rows --grid 4,1,1 --arg random:1 --arg random:2 --arg 70
// RUN: gpu-mem-opt diff %s --kernel stepped_sums --grid 4,1,1 --arg random:1 --arg random:2

// CHECK-LABEL: gpu.func @transpose_rows
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: memref.load %arg0
// CHECK: memref.store {{.*}}, %[[TILE]]
// CHECK-NOT: gpu.barrier
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK: scf.for
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store {{.*}}, %arg1
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @transpose_nest
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.store {{.*}}, %[[TILE]]
// CHECK: gpu.barrier
// CHECK: memref.store {{.*}}, %arg1

// CHECK-LABEL: gpu.func @may_alias(
// CHECK: %[[APART:.*]] = arith.ori
// CHECK: scf.if %[[APART]] {
// CHECK: scf.for
// CHECK: memref.store {{.*}}, %arg2[
// CHECK: gpu.barrier
// CHECK: memref.store {{.*}}, %arg1[
// CHECK: } else {
// CHECK-NEXT: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: } {gpu_mem_opt.disjoint = array<i64: 0, 1>}
// CHECK-NEXT: gpu.return

// CHECK-LABEL: gpu.func @two_outputs(
// CHECK: scf.if
// CHECK: scf.if
// CHECK: gpu.barrier
// CHECK: } {gpu_mem_opt.disjoint = array<i64: 0, 2>}
// CHECK: gpu.barrier
// CHECK: } {gpu_mem_opt.disjoint = array<i64: 0, 1, 2, 1>}
// CHECK-NEXT: gpu.return

// The load is staged behind its own check (arg 0 apart from arg 1, which the loop writes),
// the store behind a second one inside it (arg 1 apart from arg 2, which the total after the
// loop writes; arg 0 the first check covers): each versioned nest yields the loop's result.
// CHECK-LABEL: gpu.func @running_totals_may_alias(
// CHECK: %[[TOTAL:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK: gpu.barrier
// CHECK: %[[STORED:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK: %[[FAST:.*]] = scf.for
// CHECK: gpu.barrier
// CHECK: scf.yield %[[FAST]] : f32
// CHECK: } else {
// CHECK: %[[SLOW:.*]] = scf.for
// CHECK: scf.yield %[[SLOW]] : f32
// CHECK: } {gpu_mem_opt.disjoint = array<i64: 2, 1>}
// CHECK: scf.yield %[[STORED]] : f32
// CHECK: } else {
// CHECK: %[[ASIS:.*]] = scf.for
// CHECK: scf.yield %[[ASIS]] : f32
// CHECK: } {gpu_mem_opt.disjoint = array<i64: 1, 0>}
// CHECK-NEXT: memref.store %[[TOTAL]], %arg2

// CHECK-LABEL: gpu.func @may_alias_unknown_span
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @holes
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @holes_may_alias
// CHECK-NOT: extract_aligned_pointer
// CHECK-NOT: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @long_loop
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: memref.store {{.*}}, %[[TILE]]
// CHECK: arith.cmpi eq
// CHECK-NEXT: scf.if
// CHECK-NEXT: gpu.barrier
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store {{.*}}, %arg1
// CHECK: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @odd_trips
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x48xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: memref.store {{.*}}, %[[TILE]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[TILE]]
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @running_sums
// CHECK-SAME: workgroup(%[[IN:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>, %[[OUT:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: memref.store {{.*}}, %[[IN]]
// CHECK: memref.load %[[IN]]
// CHECK: memref.store {{.*}}, %[[OUT]]
// CHECK: memref.load %[[OUT]]
// CHECK: memref.store {{.*}}, %arg1

// CHECK-LABEL: gpu.func @rows_edges
// CHECK: scf.for
// CHECK: scf.if
// CHECK: memref.store {{.*}}, %[[TILE:arg[0-9]+]]
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
// CHECK: scf.if
// CHECK: memref.load %[[TILE]]
// CHECK: memref.store {{.*}}, %arg1

// CHECK-LABEL: gpu.func @long_edges
// CHECK: scf.for
// CHECK: scf.if
// CHECK: memref.store {{.*}}, %[[TILE:arg[0-9]+]]
// CHECK: arith.cmpi eq
// CHECK-NEXT: scf.if
// CHECK-NEXT: gpu.barrier
// CHECK: arith.cmpi slt
// CHECK: memref.store {{.*}}, %arg1
// CHECK: gpu.barrier

// CHECK-LABEL: gpu.func @thread_guard
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @guarded_rows
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult
// CHECK: scf.for
// CHECK: scf.if %[[INSIDE]] {
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK: memref.store {{.*}}, %arg1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// NVIDIA's transposeNaive: a 32x8 block transposes a 32x32 tile, each
    /// thread 4 rows (j = 0, 8, 16, 24). The store out[x][y + j] has lanes 256
    /// elements apart: 32 sectors per request. The 256 threads x 4 iterations
    /// write the 32x32 box once, so the tile is written in the loop and copied
    /// out after it, rows of 32 lanes: 1024 -> 128 global sectors per block.
    /// The tile's column writes then collide 32-way: swizzled (16.50 -> 1).
    // expected-remark @+2 {{kernel: 'transpose_rows': block 32x8x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B}}
    gpu.func @transpose_rows(%in: memref<256x256xf32> {llvm.noalias}, %out: memref<256x256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %y, %j : index
        %column = arith.addi %x, %c0 : index
        %v = memref.load %in[%row, %column] : memref<256x256xf32>
        // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128}}
        memref.store %v, %out[%column, %row] : memref<256x256xf32>
      }
      gpu.return
    }
    /// The same tile by a 16x8 block in a nest: j = 0, 8, 16, 24 and i = 0, 1
    /// (columns x + 16 i). 128 threads x 8 iterations write the 1024 cells once.
    // expected-remark @+2 {{kernel: 'transpose_nest': block 16x8x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 8-byte chunks: chunk ^= row mod 16 (+0 B): wavefronts 544 -> 64 (degree 8.50 -> 1)}}
    gpu.func @transpose_nest(%in: memref<256x256xf32> {llvm.noalias}, %out: memref<256x256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 16, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c8 {
        scf.for %i = %c0 to %c2 step %c1 {
          %row = arith.addi %y, %j : index
          %i16 = arith.muli %i, %c16 : index
          %column = arith.addi %x, %i16 : index
          %v = memref.load %in[%row, %column] : memref<256x256xf32>
          // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 16 -> 4, global sectors per block and tile 512 -> 128}}
          memref.store %v, %out[%column, %row] : memref<256x256xf32>
        }
      }
      gpu.return
    }
    /// Without llvm.noalias the load of %in may read %out: the staged writes,
    /// reaching memory after the loop, could change what a later iteration
    /// reads. Both are 256 KiB of static layout, so a check at the kernel's
    /// entry shows them apart (7 instructions): the loop is versioned on it,
    /// `scf.if apart { staged loop, barrier, copy-out } else { the loop as
    /// written }`, the branch tagged with the pair (in, out) it shows apart.
    /// Both paths run in `diff` (distinct buffers, and `same:0`).
    // expected-remark @+2 {{kernel: 'may_alias': block 32x8x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B}}
    gpu.func @may_alias(%in: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %y, %j : index
        %column = arith.addi %x, %c0 : index
        %v = memref.load %in[%row, %column] : memref<256x256xf32>
        // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128; on the fast path of a run-time check that arg 1's bytes overlap none of arg 0's (7 instructions at the kernel's entry; where it fails, the loop as written runs)}}
        memref.store %v, %out[%column, %row] : memref<256x256xf32>
      }
      gpu.return
    }
    /// Two transposed outputs written in one loop, neither {llvm.noalias}: the
    /// first store's nest is versioned on out being apart from in and out2
    /// (13 instructions), the second's, inside it, on out2 being apart from in
    /// only (7 instructions): on the first check's fast path out is apart from
    /// out2 already, and its fallback copy is never run by a thread that runs
    /// the fast path, so neither counts against the second store.
    /// The read-only path of in needs no check of its own: the two checks show
    /// it apart from both outputs. All aliasings run in `diff`. Each tile is costed on the
    /// path an ordinary launch runs: 1056 -> 64 wavefronts each (out's tile was 2080 -> 96
    /// while the second check's fallback copy of the loop was counted too).
    // expected-remark @+2 {{kernel: 'two_outputs': block 32x8x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B; the same for workgroup 1}}
    gpu.func @two_outputs(%in: memref<64x64xf32>, %out: memref<64x64xf32>, %out2: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %y, %j : index
        %v = memref.load %in[%row, %x] : memref<64x64xf32>
        // expected-remark @+1 {{on the fast path of a run-time check that arg 1's bytes overlap none of arg 0's, arg 2's (13 instructions at the kernel's entry; where it fails, the loop as written runs)}}
        memref.store %v, %out[%x, %row] : memref<64x64xf32>
        %w = arith.addf %v, %v : f32
        // expected-remark @+1 {{on the fast path of a run-time check that arg 2's bytes overlap none of arg 0's (7 instructions at the kernel's entry; where it fails, the loop as written runs)}}
        memref.store %w, %out2[%x, %row] : memref<64x64xf32>
      }
      gpu.return
    }
    /// A loop whose result is used after it (the row's total), no
    /// {llvm.noalias}: the versioned nest yields the loop's result from both
    /// branches (it used to stay the loop's, used where the loop no longer
    /// dominates: IR that did not verify).
    // expected-remark @+2 {{kernel: 'running_totals_may_alias': block 32x1x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B)}}
    gpu.func @running_totals_may_alias(%in: memref<128x96xf32>, %out: memref<128x96xf32>, %totals: memref<128xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %zero = arith.constant 0.0 : f32
      %total = scf.for %k = %c0 to %c32 step %c1 iter_args(%sum = %zero) -> (f32) {
        // expected-remark @+1 {{on the fast path of a run-time check that arg 0's bytes overlap none of arg 1's (7 instructions}}
        %v = memref.load %in[%x, %k] : memref<128x96xf32>
        %next = arith.addf %sum, %v : f32
        // expected-remark @+1 {{on the fast path of a run-time check that arg 1's bytes overlap none of arg 2's (7 instructions}}
        memref.store %next, %out[%x, %k] : memref<128x96xf32>
        scf.yield %next : f32
      }
      memref.store %total, %totals[%x] : memref<128xf32>
      gpu.return
    }
    /// The same with %out a view of dynamic offset: its bytes are not known
    /// from its type, so no check shows the two apart. Unchanged; the remark
    /// names the load.
    // expected-remark @+1 {{kernel: 'may_alias_unknown_span': block 32x8x1 (from known_block_size); 2 memory accesses}}
    gpu.func @may_alias_unknown_span(%in: memref<256x256xf32>, %out: memref<256x256xf32, strided<[256, 1], offset: ?>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %y, %j : index
        %v = memref.load %in[%row, %x] : memref<256x256xf32>
        // expected-remark @+1 {{may access the buffer too, and the staged write would reach memory later}}
        memref.store %v, %out[%x, %row] : memref<256x256xf32, strided<[256, 1], offset: ?>>
      }
      gpu.return
    }
    /// Step 16 with 8 rows of threads: rows 8..15 of each 16 are never
    /// written, and the copy-out would write them. 512 writes for 32x24 cells.
    // expected-remark @+1 {{kernel: 'holes': block 32x8x1 (from known_block_size); 2 memory accesses}}
    gpu.func @holes(%in: memref<256x256xf32> {llvm.noalias}, %out: memref<256x256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c16 {
        %row = arith.addi %y, %j : index
        %column = arith.addi %x, %c0 : index
        %v = memref.load %in[%row, %column] : memref<256x256xf32>
        // expected-remark @+1 {{not applied: the nest does not write its box once: 512 writes (threads x iterations) for the 768 cells of the box}}
        memref.store %v, %out[%column, %row] : memref<256x256xf32>
      }
      gpu.return
    }
    /// holes without {llvm.noalias}: the loop is versioned on the check first,
    /// then the staging finds the holes, and the versioning is undone: the
    /// kernel as written, no check left behind.
    // expected-remark @+1 {{kernel: 'holes_may_alias': block 32x8x1 (from known_block_size); 2 memory accesses}}
    gpu.func @holes_may_alias(%in: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c32 step %c16 {
        %row = arith.addi %y, %j : index
        %column = arith.addi %x, %c0 : index
        %v = memref.load %in[%row, %column] : memref<256x256xf32>
        // expected-remark @+1 {{not applied: the nest does not write its box once: 512 writes (threads x iterations) for the 768 cells of the box}}
        memref.store %v, %out[%column, %row] : memref<256x256xf32>
      }
      gpu.return
    }
    /// 64 iterations of one loop, more than the 32 a tile holds: the tile is
    /// copied out after every 32 iterations (when (j - 0) mod 32 == 31, the
    /// same for all threads: barrier, copy-out, barrier), from the origin of
    /// that tile. 32 threads x 32 iterations write each 32x32 box once.
    // expected-remark @+2 {{kernel: 'long_loop': block 32x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 2112 -> 128 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B}}
    gpu.func @long_loop(%in: memref<256x256xf32> {llvm.noalias}, %out: memref<256x256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c64 step %c1 {
        %row = arith.addi %y, %j : index
        %column = arith.addi %x, %c0 : index
        %v = memref.load %in[%row, %column] : memref<256x256xf32>
        // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128}}
        memref.store %v, %out[%column, %row] : memref<256x256xf32>
      }
      gpu.return
    }
    /// 48 iterations: a second tile of 32 would be copied out half written, so one tile of
    /// 32x48 holds the whole loop and is copied out once after it (session 32; until then it
    /// was refused: "not a multiple of the 32 a tile holds").
    // expected-remark @+2 {{kernel: 'odd_trips': block 32x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 2) mod 16 (+0 B): wavefronts 816 -> 96 (degree 8.50 -> 1), its worst access 16-way -> 1; a swizzle adds no bytes, a pad at least 128 B}}
    gpu.func @odd_trips(%in: memref<256x256xf32> {llvm.noalias}, %out: memref<256x256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c48 = arith.constant 48 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      scf.for %j = %c0 to %c48 step %c1 {
        %row = arith.addi %y, %j : index
        %column = arith.addi %x, %c0 : index
        %v = memref.load %in[%row, %column] : memref<256x256xf32>
        // expected-remark @+1 {{staged through memref<32x48xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1536 -> 192; one tile holds the loop's 48 iterations, copied out once after it (tiles of 32 would end in one of 16)}}
        memref.store %v, %out[%column, %row] : memref<256x256xf32>
      }
      gpu.return
    }
    /// Running sums along each thread's row (MAP-204 both ways: lanes 96
    /// elements apart, 32 sectors per request): the load is refilled and the
    /// store flushed per tile of 32 iterations, in the same loop. The load's
    /// tile may be filled before the loop's stores, which cannot write %in
    /// (llvm.noalias).
    /// The two tiles are swizzled alike: one remark names both.
    // expected-remark @+2 {{kernel: 'running_sums': block 32x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 3168 -> 192 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B; the same for workgroup 1}}
    gpu.func @running_sums(%in: memref<128x96xf32> {llvm.noalias}, %out: memref<128x96xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c96 = arith.constant 96 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %zero = arith.constant 0.0 : f32
      // expected-remark @below {{stage-shared: loop strip-mined into 3 tiles of 32 iterations}}
      %total = scf.for %k = %c0 to %c96 step %c1 iter_args(%sum = %zero) -> (f32) {
        // expected-remark @+1 {{stage-shared: arg 0: MAP-204: stage}}
        %v = memref.load %in[%x, %k] : memref<128x96xf32>
        %next = arith.addf %sum, %v : f32
        // expected-remark @+1 {{stage-shared: arg 1: MAP-204: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 32 sectors/request (ideal 4), footprint 32x32 (4096 B, reuse 1.00); staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128}}
        memref.store %next, %out[%x, %k] : memref<128x96xf32>
        scf.yield %next : f32
      }
      gpu.return
    }
    /// transposeNaive on a 1000x600 input with edge tests (the last blocks
    /// are partial): `if x < 600 && row < 1000` around the copy. Each test bounds
    /// one of the store's indices by a constant, so the copy-out tests each cell
    /// by its global index and leaves out what the guard left out.
    // expected-remark @+2 {{kernel: 'rows_edges': block 32x8x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B; costed for an interior block: the edge guard on bid.x, bid.y holds for every lane}}
    gpu.func @rows_edges(%in: memref<1000x600xf32> {llvm.noalias}, %out: memref<600x1000xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c600 = arith.constant 600 : index
      %c1000 = arith.constant 1000 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      %column_inside = arith.cmpi ult, %x, %c600 : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %y, %j : index
        %row_inside = arith.cmpi ult, %row, %c1000 : index
        %inside = arith.andi %column_inside, %row_inside : i1
        scf.if %inside {
          %v = memref.load %in[%row, %x] : memref<1000x600xf32>
          // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128}}
          memref.store %v, %out[%x, %row] : memref<600x1000xf32>
        }
      }
      gpu.return
    }
    /// 64 iterations under `x < n`, n a kernel argument: flushed per tile of 32,
    /// each flush leaving out the rows at or beyond n (the load, under the same
    /// guard inside the loop, is not staged: it is not directly in the loop).
    // expected-remark @+2 {{kernel: 'long_edges': block 32x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 2112 -> 128 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B; costed for an interior block: the edge guard on bid.x, arg2 holds for every lane}}
    gpu.func @long_edges(%in: memref<100x96xf32> {llvm.noalias}, %out: memref<100x96xf32> {llvm.noalias}, %n: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      scf.for %k = %c0 to %c64 step %c1 {
        %inside = arith.cmpi ult, %x, %n : index
        scf.if %inside {
          // expected-remark @+1 {{not applied: the load is not directly in an scf.for}}
          %v = memref.load %in[%x, %k] : memref<100x96xf32>
          // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128}}
          memref.store %v, %out[%x, %k] : memref<100x96xf32>
        }
      }
      gpu.return
    }
    /// Only lanes tid.x < 16 copy: a test on a thread id, not a bound on an
    /// index, which the copy-out could not apply cell by cell. Unchanged.
    // expected-remark @+1 {{kernel: 'thread_guard': block 32x8x1 (from known_block_size); 2 memory accesses}}
    gpu.func @thread_guard(%in: memref<1000x600xf32> {llvm.noalias}, %out: memref<600x1000xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c600 = arith.constant 600 : index
      %c1000 = arith.constant 1000 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c32 : index
      %y = arith.addi %y0, %ty : index
      %column_inside = arith.cmpi ult, %tx, %c16 : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %y, %j : index
        %row_inside = arith.cmpi ult, %row, %c1000 : index
        %inside = arith.andi %column_inside, %row_inside : i1
        scf.if %inside {
          %v = memref.load %in[%row, %x] : memref<1000x600xf32>
          // expected-remark @+1 {{not applied: test 1 of the guard does not bound one of the store's indices by a value the same for the whole block}}
          memref.store %v, %out[%x, %row] : memref<600x1000xf32>
        }
      }
      gpu.return
    }
    /// A row-per-thread copy under an edge guard around the loop: `if x < n {
    /// for k < 64 { out[x][k] = 2 in[x][k] } }`. The load is staged per tile,
    /// so the loop leaves the guard (stage_shared::guard), its store going under the
    /// guard's condition again inside the loop; the store is then flushed per
    /// tile, the copy-out testing x < n cell by cell.
    // expected-remark @+3 {{kernel: 'guarded_rows': block 32x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+2 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 2112 -> 128 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B}}
    // expected-remark @+1 {{swizzle: workgroup 1: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 2112 -> 128 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B; costed for an interior block: the edge guard on bid.x, arg2 holds for every lane}}
    gpu.func @guarded_rows(%in: memref<100x96xf32> {llvm.noalias}, %out: memref<100x96xf32> {llvm.noalias}, %n: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %inside = arith.cmpi ult, %x, %n : index
      scf.if %inside {
        // expected-remark @below {{stage-shared: loop strip-mined into 2 tiles of 32 iterations}}
        scf.for %k = %c0 to %c64 step %c1 {
          // expected-remark @+1 {{the loop left its edge guard (its loads all read tiles; the store stays guarded)}}
          %v = memref.load %in[%x, %k] : memref<100x96xf32>
          %w = arith.addf %v, %v : f32
          // expected-remark @+1 {{staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128}}
          memref.store %w, %out[%x, %k] : memref<100x96xf32>
        }
      }
      gpu.return
    }
    /// Running sums over every other element (k = 0, 2, ..., 62): one tile
    /// holds the loop, so its load is staged although the step is 2 (the box,
    /// 32x63, holds the elements between as well: reuse 0.51, still 1024 -> 311
    /// sectors). The store's box has those holes too: 1024 writes for 2016
    /// cells, so it stays.
    // expected-remark @+2 {{kernel: 'stepped_sums': block 32x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 95, degree 1)}}
    gpu.func @stepped_sums(%in: memref<128x96xf32> {llvm.noalias}, %out: memref<128x96xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      %c96 = arith.constant 96 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %zero = arith.constant 0.0 : f32
      %total = scf.for %k = %c0 to %c64 step %c2 iter_args(%sum = %zero) -> (f32) {
        // expected-remark @+1 {{staged through memref<32x63xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4.94, global sectors per block and tile 1024 -> 311}}
        %v = memref.load %in[%x, %k] : memref<128x96xf32>
        %next = arith.addf %sum, %v : f32
        // expected-remark @+1 {{not applied: the nest does not write its box once: 1024 writes (threads x iterations) for the 2016 cells of the box}}
        memref.store %next, %out[%x, %k] : memref<128x96xf32>
        scf.yield %next : f32
      }
      gpu.return
    }
  }
}
