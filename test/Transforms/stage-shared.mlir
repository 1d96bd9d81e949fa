// stage-shared: route an uncoalesced global access through a workgroup tile
// when Fang's rule NV-C says it pays (seed-003 §4.3, the prior for cached
// NVIDIA GPUs), with the measured sectors per request, the block's footprint
// box and the shared-memory budget. Every global access gets a remark with
// the MAP id, the rule and the numbers. Transformed kernels run before and
// after in the reference interpreter and must give bit-identical results;
// transpose_edges has sizes that are not multiples of the tile.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel transpose --grid 32,128,1
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json remarks=detailed' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "kind": "stage-shared",
// REPORT-NEXT: "target": "arg 0",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "MAP-108: not staged: rule NV-C: coalesced single access
// REPORT: "kind": "stage-shared",
// REPORT-NEXT: "target": "arg 1",
// REPORT-NEXT: "applied": true,
// REPORT-NEXT: "reason": "MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00); staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 256 -> 32",
// RUN: gpu-mem-opt diff %s --kernel transpose_edges --grid 19,125,1
// RUN: gpu-mem-opt diff %s --kernel transpose_edges --grid 19,125,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel transpose_read --grid 32,128,1
// RUN: gpu-mem-opt diff %s --kernel transpose_read_edges --grid 19,125,1
// The three loop kernels compute a value per column x that does not depend on y (block id
// y only picks the output row), so two rows of blocks run every path the whole grid runs:
// all 32 column blocks, all k-tiles including the partial last one, by = 0 and by != 0.
// RUN: gpu-mem-opt diff %s --kernel row_per_thread --grid 32,2,1
// RUN: gpu-mem-opt diff %s --kernel rows_partial_tile --grid 32,2,1
// RUN: gpu-mem-opt diff %s --kernel columns --grid 32,2,1
// The staged kernels lower to PTX (test/Ptx/ptxas.mlir checks that ptxas takes such PTX).
// RUN: gpu-mem-opt ptx %s -o %t.ptx
// Measured after: the copy-out store needs 4 sectors per request.
// RUN: gpu-mem-opt opt %s -o %t.mlir
// RUN: gpu-mem-opt interp %t.mlir --kernel transpose --grid 1,1,1 --arg random:1 --arg zeros --trace | FileCheck %s --check-prefix=MEASURED
// MEASURED: memref.store (shared):
// MEASURED: memref.store (global): requests 8, sectors_per_request 4,
// Switched off, the step is skipped: no tile, no stage-shared remark.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false remarks=detailed' %s 2>&1 | FileCheck %s --check-prefix=OFF
// OFF-NOT: gpu-mem-opt: stage-shared
// OFF-NOT: gpu.barrier

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The naive transpose, 1024x1024 f32, block 32x8 (examples/transpose.mlir).
    /// The read in[y][x] is MAP-108, coalesced (4 sectors/request = the ideal for
    /// 4 B lanes): left alone, a report decision without a remark (nothing to gain). The write out[x][y] is MAP-110: lanes 4 KiB apart,
    /// 32 sectors/request; rule NV-C stages it (uncoalesced, N = 1024 >= 512). The
    /// block's footprint in out is a 32x8 box (1 KiB): thread (tx, ty) writes
    /// tile[tx][ty], barrier, thread L = tx + 32 ty stores tile[L/8][L mod 8] to
    /// out[32 bx + L/8][8 by + L mod 8]: 8 lanes per 32-byte segment, 4 sectors.
    /// The new tile then goes through the layout search: tile[tx][ty] puts lanes
    /// 8 words apart (4.5x the ideal wavefronts); an XOR swizzle makes both sides
    /// conflict-free at no extra bytes.
    // CHECK-LABEL: gpu.func @transpose(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<32x8xf32, #gpu.address_space<workgroup>>)
    // CHECK: memref.store %{{.*}}, %[[TILE]][%{{.*}}, %{{.*}}] : memref<32x8xf32, #gpu.address_space<workgroup>>
    // CHECK-NEXT: gpu.barrier
    // CHECK: %[[VALUE:.*]] = memref.load %[[TILE]][%{{.*}}, %{{.*}}] : memref<32x8xf32, #gpu.address_space<workgroup>>
    // CHECK: memref.store %[[VALUE]], %{{.*}}[%{{.*}}, %{{.*}}] : memref<1024x1024xf32>
    // No copy of the body: the input is read once (readonly-checked.mlir, issue 31).
    // CHECK-NEXT: gpu.return
        // expected-remark @below {{kernel: 'transpose'}}
        // expected-remark @below {{readonly: arg 0}}
        // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 4) mod 8 (+0 B): wavefronts 72 -> 16 (degree 4.50 -> 1), its worst access 8-way -> 1; a swizzle adds no bytes, a pad at least 128 B}}
        gpu.func @transpose(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
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
          // expected-remark @below {{stage-shared: arg 1: MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00); staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
          memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
          gpu.return
        }

    /// The transpose of a 1000x600 array, whose sizes are not multiples of the
    /// tile: the grid overshoots (19x125 blocks cover 608 x 1000) and an scf.if
    /// keeps x < 600, y < 1000. The guard depends on block ids, so the sectors are
    /// those of an interior block: 32 -> 4 as above. The tile write stays under the
    /// guard; the copy-out of cell (r, c) runs under the same guard evaluated for
    /// the thread that owns the cell (tx = r, ty = c), so exactly the elements the
    /// original stores are stored. The tile's accesses sit under the edge guard on
    /// bid.x and bid.y, so the layout search costs an interior block, where the
    /// guard holds for every lane: the same 72 -> 16 wavefronts as transpose. The
    /// swizzle is a bijection, so the edge blocks still store the same elements
    /// (the diff run on the 1000x600 grid checks it).
    // CHECK-LABEL: gpu.func @transpose_edges(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<32x8xf32, #gpu.address_space<workgroup>>)
    // CHECK: scf.if
    // CHECK: %[[SWIZZLED:.*]] = arith.xori
    // CHECK-NEXT: memref.store %{{.*}}, %[[TILE]][%{{.*}}, %[[SWIZZLED]]]
    // CHECK: gpu.barrier
    // CHECK: %[[ROW:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
    // CHECK: %[[COLUMN:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
    // CHECK: %[[BOTH:.*]] = arith.andi %[[ROW]], %[[COLUMN]] : i1
    // CHECK: scf.if %[[BOTH]] {
    // CHECK: %[[SWIZZLED_READ:.*]] = arith.xori
    // CHECK-NEXT: memref.load %[[TILE]][%{{.*}}, %[[SWIZZLED_READ]]]
    // CHECK: memref.store %{{.*}} : memref<600x1000xf32>
        // expected-remark @below {{kernel: 'transpose_edges'}}
        // expected-remark @below {{readonly: arg 0}}
        // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 4) mod 8 (+0 B): wavefronts 72 -> 16 (degree 4.50 -> 1), its worst access 8-way -> 1; a swizzle adds no bytes, a pad at least 128 B; costed for an interior block: the edge guard on bid.x, bid.y holds for every lane}}
        gpu.func @transpose_edges(%in: memref<1000x600xf32>, %out: memref<600x1000xf32>) kernel
            attributes {known_block_size = array<i32: 32, 8, 1>} {
          %tx = gpu.thread_id x
          %ty = gpu.thread_id y
          %bx = gpu.block_id x
          %by = gpu.block_id y
          %c32 = arith.constant 32 : index
          %c8 = arith.constant 8 : index
          %c600 = arith.constant 600 : index
          %c1000 = arith.constant 1000 : index
          %x0 = arith.muli %bx, %c32 : index
          %x = arith.addi %x0, %tx : index
          %y0 = arith.muli %by, %c8 : index
          %y = arith.addi %y0, %ty : index
          %inx = arith.cmpi ult, %x, %c600 : index
          %iny = arith.cmpi slt, %y, %c1000 : index
          %inside = arith.andi %inx, %iny : i1
          scf.if %inside {
            %v = memref.load %in[%y, %x] : memref<1000x600xf32>
            // expected-remark @below {{stage-shared: arg 1: MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00); staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
            memref.store %v, %out[%x, %y] : memref<600x1000xf32>
          }
          gpu.return
        }

    /// The transpose written the other way: out[y][x] = in[x][y]. Now the read is
    /// MAP-110 (32 sectors) and the write MAP-108. The read is staged: thread
    /// L = tx + 32 ty copies in[32 bx + L/8][8 by + L mod 8] into tile[L/8][L mod 8]
    /// (4 sectors), barrier, then thread (tx, ty) reads tile[tx][ty]. The input is
    /// never written, and no store comes before the read.
    // CHECK-LABEL: gpu.func @transpose_read(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<32x8xf32, #gpu.address_space<workgroup>>)
    // The input is read once, so no run-time check versions the body for the read-only
    // path (readonly-checked.mlir, issue 31).
    // CHECK: %[[VALUE:.*]] = memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<1024x1024xf32>
    // CHECK: memref.store %[[VALUE]], %[[TILE]]
    // CHECK-NEXT: gpu.barrier
    // CHECK: memref.load %[[TILE]]
    // expected-remark @below {{kernel: 'transpose_read'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 4) mod 8 (+0 B): wavefronts 72 -> 16 (degree 4.50 -> 1), its worst access 8-way -> 1; a swizzle adds no bytes, a pad at least 128 B}}
    gpu.func @transpose_read(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
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
      // expected-remark @below {{stage-shared: arg 0: MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00); staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
      %v = memref.load %in[%x, %y] : memref<1024x1024xf32>
      memref.store %v, %out[%y, %x] : memref<1024x1024xf32>
      gpu.return
    }
    /// The same on 600x1000 under an scf.if edge guard: the copy-in of cell
    /// (r, c) runs under the guard evaluated for its owner (tx = r, ty = c).
    /// Swizzled for an interior block as transpose_edges (72 -> 16 wavefronts).
    // CHECK-LABEL: gpu.func @transpose_read_edges(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<32x8xf32, #gpu.address_space<workgroup>>)
    // CHECK: scf.if
    // CHECK: memref.store %{{.*}}, %[[TILE]]
    // CHECK: gpu.barrier
    // CHECK: scf.if
    // CHECK: memref.load %[[TILE]]
    // expected-remark @below {{kernel: 'transpose_read_edges'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 4) mod 8 (+0 B): wavefronts 72 -> 16 (degree 4.50 -> 1), its worst access 8-way -> 1; a swizzle adds no bytes, a pad at least 128 B; costed for an interior block: the edge guard on bid.x, bid.y holds for every lane}}
    gpu.func @transpose_read_edges(%in: memref<600x1000xf32>, %out: memref<1000x600xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %c600 = arith.constant 600 : index
      %c1000 = arith.constant 1000 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %inx = arith.cmpi ult, %x, %c600 : index
      %iny = arith.cmpi slt, %y, %c1000 : index
      %inside = arith.andi %inx, %iny : i1
      scf.if %inside {
        // expected-remark @below {{stage-shared: arg 0: MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00); staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
        %v = memref.load %in[%x, %y] : memref<600x1000xf32>
        memref.store %v, %out[%y, %x] : memref<1000x600xf32>
      }
      gpu.return
    }
    /// The same transpose on 64x64: rule NV-C needs N >= 512 for a Single-iMAP
    /// access (the database shows 1.00-1.05 below that): unchanged.
    // CHECK-LABEL: gpu.func @small_transpose(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
        // expected-remark @below {{kernel: 'small_transpose'}}
        // expected-remark @below {{readonly: arg 0}}
        gpu.func @small_transpose(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
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
          %v = memref.load %in[%y, %x] : memref<64x64xf32>
          // expected-remark @below {{stage-shared: arg 1: MAP-110: not staged: rule NV-C: uncoalesced, but the array has 4096 elements < 512x512 (the database shows 1.00-1.05); 32 sectors/request (ideal 4)}}
          memref.store %v, %out[%x, %y] : memref<64x64xf32>
          gpu.return
        }

    /// MAP-204, a row per thread: a[tx][k] for k < 256 (32 sectors/request, lanes
    /// 1 KiB apart). Rule NV-C stages it (a loop walks elements the other 7 warps
    /// also read): per tile of 32 iterations the block reads a 32x32 box (4 KiB)
    /// with reuse 8. Every 32 iterations (k mod 32 == 0, uniform, so the barriers
    /// are reached by all): barrier, 256 threads copy the box in 4 rounds of
    /// consecutive cells (4 sectors/request), barrier; the load reads
    /// tile[tx][k mod 32]. The loop then becomes a tiled nest (strip_mine): the
    /// copy before each tile of 32 iterations, which read tile[tx][k - kk]. That read puts all 32 lanes in one bank; the layout
    /// search then swizzles the tile (degree 28.56 -> 1): seed-003's "S+bcr".
    // CHECK-LABEL: gpu.func @row_per_thread(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
    // CHECK: scf.for %[[KK:.*]] = %{{.*}} to %{{.*}} step %c32
    // CHECK-NOT: scf.if
    // CHECK: gpu.barrier
    // CHECK: scf.for
    // CHECK: } {gpu_mem_opt.in_array}
    // CHECK: memref.store %{{.*}}, %[[TILE]]
    // CHECK: gpu.barrier
    // CHECK-NEXT: scf.for %[[K:.*]] = %[[KK]] to
    // CHECK-NOT: scf.if
    // CHECK: memref.load %[[TILE]]
        // expected-remark @below {{kernel: 'row_per_thread'}}
        // expected-remark @below {{readonly: arg 0}}
        // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 65792 -> 2304 (degree 28.56 -> 1)}}
        gpu.func @row_per_thread(%a: memref<1024x256xf32>, %out: memref<1024x1024xf32>) kernel
            attributes {known_block_size = array<i32: 32, 8, 1>} {
          %tx = gpu.thread_id x
          %ty = gpu.thread_id y
          %bx = gpu.block_id x
          %by = gpu.block_id y
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %c8 = arith.constant 8 : index
          %c32 = arith.constant 32 : index
          %c256 = arith.constant 256 : index
          %x0 = arith.muli %bx, %c32 : index
          %x = arith.addi %x0, %tx : index
          %y0 = arith.muli %by, %c8 : index
          %y = arith.addi %y0, %ty : index
          %zero = arith.constant 0.0 : f32
          // expected-remark @below {{stage-shared: loop strip-mined into 8 tiles of 32 iterations}}
          %sum = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> (f32) {
            // expected-remark @below {{stage-shared: arg 0: MAP-204: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 32 sectors/request (ideal 4), footprint 32x32 (4096 B, reuse 8.00); staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
            %v = memref.load %a[%tx, %k] : memref<1024x256xf32>
            %next = arith.addf %acc, %v : f32
            scf.yield %next : f32
          }
          memref.store %sum, %out[%y, %x] : memref<1024x1024xf32>
          gpu.return
        }


    /// The same on 250 columns: the last k-tile (224..255) runs past the array;
    /// its cells past column 249 are not loaded, and no thread reads them. The
    /// pitch of 1000 B misaligns rows: 4.75 sectors per copy request.
    // CHECK-LABEL: gpu.func @rows_partial_tile(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
    // CHECK: scf.for %[[KK:.*]] = %{{.*}} to %{{.*}} step %c32
    // CHECK-NOT: scf.if
    // CHECK: gpu.barrier
    // CHECK: scf.for
    // CHECK: } {gpu_mem_opt.in_array}
    // CHECK: memref.store %{{.*}}, %[[TILE]]
    // CHECK: gpu.barrier
    // CHECK-NEXT: scf.for %[[K:.*]] = %[[KK]] to
    // CHECK-NOT: scf.if
    // CHECK: memref.load %[[TILE]]
    // expected-remark @below {{kernel: 'rows_partial_tile'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{swizzle: workgroup 0}}
    gpu.func @rows_partial_tile(%a: memref<1024x250xf32>, %out: memref<1024x1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c250 = arith.constant 250 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %zero = arith.constant 0.0 : f32
      // expected-remark @below {{stage-shared: loop strip-mined into 8 tiles of 32 iterations}}
      %sum = scf.for %k = %c0 to %c250 step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @below {{stage-shared: arg 0: MAP-204: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 32 sectors/request (ideal 4), footprint 32x32 (4096 B, reuse 8.00); staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4.75}}
        %v = memref.load %a[%x, %k] : memref<1024x250xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%y, %x] : memref<1024x1024xf32>
      gpu.return
    }
    /// MAP-302, a column walk a[k][x] for 3 <= k < 300: coalesced (4 sectors),
    /// but the 8 warps of a block read the same 32x32 box per k-tile (reuse 8).
    /// Rule NV-C stages it (the database shows a gain on GTX580); the tile reads
    /// tile[j][tx] are conflict-free, so the layout stays.
    // CHECK-LABEL: gpu.func @columns(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
    // CHECK: scf.for %[[KK:.*]] = %{{.*}} to %{{.*}} step %c32
    // CHECK-NOT: scf.if
    // CHECK: gpu.barrier
    // CHECK: scf.for
    // CHECK: } {gpu_mem_opt.in_array}
    // CHECK: memref.store %{{.*}}, %[[TILE]]
    // CHECK: gpu.barrier
    // CHECK-NEXT: scf.for %[[K:.*]] = %[[KK]] to
    // CHECK-NOT: scf.if
    // CHECK: memref.load %[[TILE]]
    // expected-remark @below {{kernel: 'columns'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{pad: workgroup 0}}
    gpu.func @columns(%a: memref<300x1024xf32>, %out: memref<1024x1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c3 = arith.constant 3 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c300 = arith.constant 300 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %zero = arith.constant 0.0 : f32
      // expected-remark @below {{stage-shared: loop strip-mined into 10 tiles of 32 iterations}}
      %sum = scf.for %k = %c3 to %c300 step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @below {{stage-shared: arg 0: MAP-302: stage: rule NV-C: a loop walks elements other threads also read (iMAP Row/Column/Block: stage); 4 sectors/request (ideal 4), footprint 32x32 (4096 B, reuse 8.00); staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 4 -> 4}}
        %v = memref.load %a[%k, %x] : memref<300x1024xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%y, %x] : memref<1024x1024xf32>
      gpu.return
    }
    /// Negative: a data-dependent row (out[index[tx]][ty]) has no footprint box.
    // CHECK-LABEL: gpu.func @data_dependent(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
        // expected-remark @below {{kernel: 'data_dependent'}}
        // expected-remark @below {{readonly: arg 0}}
        gpu.func @data_dependent(%index: memref<1024xindex>, %out: memref<1024x1024xf32>) kernel
            attributes {known_block_size = array<i32: 32, 8, 1>} {
          %tx = gpu.thread_id x
          %ty = gpu.thread_id y
          %row = memref.load %index[%tx] : memref<1024xindex>
          %one = arith.constant 1.0 : f32
          // expected-remark @below {{stage-shared: arg 1: no MAP id: not staged: no footprint box: data-dependent}}
          memref.store %one, %out[%row, %ty] : memref<1024x1024xf32>
          gpu.return
        }

    /// Negative: no block size anywhere: neither sectors nor a footprint.
    // CHECK-LABEL: gpu.func @unknown_block(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
        // expected-remark @below {{kernel: 'unknown_block'}}
        // expected-remark @below {{readonly: arg 0}}
        gpu.func @unknown_block(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel {
          %tx = gpu.thread_id x
          %ty = gpu.thread_id y
          // expected-remark @below {{stage-shared: arg 0: MAP-108: not staged: block size unknown}}
          %v = memref.load %in[%ty, %tx] : memref<1024x1024xf32>
          // expected-remark @below {{stage-shared: arg 1: MAP-110: not staged: block size unknown}}
          memref.store %v, %out[%tx, %ty] : memref<1024x1024xf32>
          gpu.return
        }

    /// Negative: out[x][64 ty] is uncoalesced (32 sectors), but the block's box
    /// is 32 x 449 elements (57472 B), over the 48 KiB budget.
    // CHECK-LABEL: gpu.func @over_budget(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
        // expected-remark @below {{kernel: 'over_budget'}}
        // expected-remark @below {{readonly: arg 0}}
        gpu.func @over_budget(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
            attributes {known_block_size = array<i32: 32, 8, 1>} {
          %tx = gpu.thread_id x
          %ty = gpu.thread_id y
          %bx = gpu.block_id x
          %c32 = arith.constant 32 : index
          %c64 = arith.constant 64 : index
          %x0 = arith.muli %bx, %c32 : index
          %x = arith.addi %x0, %tx : index
          %column = arith.muli %ty, %c64 : index
          %v = memref.load %in[%ty, %x] : memref<1024x1024xf32>
          // expected-remark @below {{stage-shared: arg 1: no MAP id: not staged: its 57472 B tile (32x449) is over the shared-memory budget left (49152 B); rule NV-C fallback would stage (uncoalesced); 32 sectors/request (ideal 4), footprint 32x449 (57472 B, reuse 0.02)}}
          memref.store %v, %out[%x, %column] : memref<1024x1024xf32>
          gpu.return
        }

    /// Negative: a[x][y] = 2 a[x][y]. The read is of a memref the kernel writes:
    /// never staged. The write would be staged, but the buffer has another access.
    // CHECK-LABEL: gpu.func @in_place(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
        // expected-remark @below {{kernel: 'in_place'}}
        // expected-remark @below {{readonly: arg 0}}
        gpu.func @in_place(%a: memref<1024x1024xf32>) kernel
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
          // expected-remark @below {{stage-shared: arg 0: MAP-110: not staged: the kernel also writes this memref, so a staged copy could miss a write by another thread; rule NV-C would stage (uncoalesced single access, N >= 512)}}
          %v = memref.load %a[%x, %y] : memref<1024x1024xf32>
          %w = arith.addf %v, %v : f32
          // expected-remark @below {{stage-shared: arg 0: MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00); not applied: the kernel accesses this buffer elsewhere too}}
          memref.store %w, %a[%x, %y] : memref<1024x1024xf32>
          gpu.return
        }
    /// Negative: out[i] = cells[i][1], one field of 16-byte records. The rule stages the
    /// uncoalesced read (17 sectors/request with the odd record offset), but the tile's copy-in
    /// reads the same field of the same 128 records, as scattered: 64 sectors per block against
    /// 68 natively, 6% fewer, under the 25% (staging::MINIMUM_SECTOR_SAVING) that pays for a
    /// barrier and a shared round trip. Unchanged.
    // CHECK-LABEL: gpu.func @record_field(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
        // expected-remark @below {{kernel: 'record_field'}}
        // expected-remark @below {{readonly: arg 0}}
        // expected-remark @+1 {{relayout: arg 0: would store it as strided<[1, 65536]>}}
        gpu.func @record_field(%cells: memref<65536x4xf32>, %out: memref<65536xf32>) kernel
            attributes {known_block_size = array<i32: 128, 1, 1>} {
          %tx = gpu.thread_id x
          %bx = gpu.block_id x
          %c1 = arith.constant 1 : index
          %c128 = arith.constant 128 : index
          %x0 = arith.muli %bx, %c128 : index
          %x1 = arith.addi %x0, %tx : index
          %i = arith.addi %x1, %c1 : index
          // expected-remark @below {{stage-shared: arg 0: no MAP id: stage: rule NV-C fallback: uncoalesced; 17 sectors/request (ideal 4), footprint 128x1 (512 B, reuse 1.00); not applied: the tile's copy would move 64 global sectors per block and tile against 68 natively (6% fewer, at least 25% fewer needed): the tile is as scattered as the access}}
          %v = memref.load %cells[%i, %c1] : memref<65536x4xf32>
          memref.store %v, %out[%x1] : memref<65536xf32>
          gpu.return
        }
  }
}
