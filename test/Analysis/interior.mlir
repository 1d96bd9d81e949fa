// Metrics of edge-guarded accesses (analysis/src/interior.rs, pass/src/facts/findings.rs): an
// edge guard on block ids (`32*bid.x + tid.x < n`) removes lanes only in the grid's last
// blocks, but which lanes depends on the block ids, so block 0's metrics are unknowable.
// Those of an interior block, where the guard holds for every lane, are given instead,
// named as such in the remark and in the report's `costed_for`. A guard the interior block
// cannot settle (data-dependent, or over a loop of unknown trip count) keeps the metrics
// unknown, with the reason.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='assume-noalias=true report=%t.json remarks=detailed' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A guarded 5-point stencil (bench/kernels/jacobi2d.mlir, 64x64, block
    /// 32x8): the neighbour loads run under y > 0, y < 63, x > 0, x < 63, with
    /// x = 32*bid.x + tid.x and y = 8*bid.y + tid.y. In an interior block every
    /// lane is active: the north row y - 1 is 32 consecutive floats, 128-byte
    /// aligned: 4 sectors, 32 addresses; the west x - 1 starts 4 B before the
    /// row: 5 sectors. Algorithm 3 then sees affine reads, not random ones:
    /// the 16 KiB input, whose rows the block reads twice (north of one row is
    /// the row above), is chunkable and reused, so shared.
    // CHECK-LABEL: kernel: 'guarded_stencil': block 32x8x1 (from known_block_size); 3 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y - 1, i1 = tid.x + 32*bid.x]; {{.*}}; sectors/request 4, distinct addresses 32 (for an interior block: the edge guard on bid.x, bid.y holds for every lane)
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x - 1]; {{.*}}; sectors/request 5, distinct addresses 32 (for an interior block: the edge guard on bid.x, bid.y holds for every lane)
    // SPACE: readonly: arg 0: {{.*}}Algorithm 3 picks shared: {{.*}}(reused and chunkable;
    // SPACE-NOT: addresses unknown
    gpu.func @guarded_stencil(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %c63 = arith.constant 63 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %top = arith.cmpi ugt, %y, %c0 : index
      %bottom = arith.cmpi ult, %y, %c63 : index
      %left = arith.cmpi ugt, %x, %c0 : index
      %right = arith.cmpi ult, %x, %c63 : index
      %rows = arith.andi %top, %bottom : i1
      %columns = arith.andi %left, %right : i1
      %inside = arith.andi %rows, %columns : i1
      scf.if %inside {
        %yn = arith.subi %y, %c1 : index
        %xw = arith.subi %x, %c1 : index
        %north = memref.load %in[%yn, %x] : memref<64x64xf32>
        %west = memref.load %in[%y, %xw] : memref<64x64xf32>
        %sum = arith.addf %north, %west : f32
        memref.store %sum, %out[%y, %x] : memref<64x64xf32>
      }
      gpu.return
    }

    /// A gather under a data-dependent guard (mask[gid] != 0): no interior
    /// block settles it, so the load's metrics stay unknown with the reason,
    /// and Algorithm 3 says so instead of "random".
    // CHECK-LABEL: kernel: 'masked'
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.x + 64*bid.x]; {{.*}}metrics unknown: {{.*}}
    // SPACE: readonly: arg 2: {{.*}}addresses unknown (
    // SPACE-NOT: random or data-dependent
    gpu.func @masked(%mask: memref<256xi32>, %out: memref<256xf32>, %in: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0 : i32
      %base = arith.muli %bx, %c64 : index
      %gid = arith.addi %base, %tx : index
      %m = memref.load %mask[%gid] : memref<256xi32>
      %on = arith.cmpi ne, %m, %zero : i32
      scf.if %on {
        %v = memref.load %in[%gid] : memref<256xf32>
        memref.store %v, %out[%gid] : memref<256xf32>
      }
      gpu.return
    }

    /// The row filter's halo copy (bench/kernels/convolution_rows.mlir, block
    /// 16x4): x = 128*bid.x + tid.x - 16 + 16*i for i < 10, guarded by
    /// 0 <= x < 256. The guard mentions the loop variable, but the loop's
    /// constant trip count bounds its reach (144 elements), so every block
    /// but the edge ones passes it for every i: each row of 16 floats is
    /// 64-byte aligned, 2 rows per warp: 4 sectors, 32 addresses. The second
    /// loop runs %trips times, unknown: its guard stays, and so does "unknown".
    // CHECK-LABEL: kernel: 'row_halo'
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 4*bid.y, i1 = tid.x + 128*bid.x + 16*loop0 - 16]; {{.*}}; sectors/request 4, distinct addresses 32 (for an interior block: the edge guard on bid.x holds for every lane)
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 4*bid.y, i1 = tid.x + 128*bid.x + 16*loop0 - 16]; {{.*}}; metrics unknown: the guard depends on bid.x, whose value is unknown
    gpu.func @row_halo(%source: memref<64x256xf32>, %out: memref<4x160xf32>, %trips: index) kernel
        attributes {known_block_size = array<i32: 16, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c10 = arith.constant 10 : index
      %c16 = arith.constant 16 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %x0 = arith.muli %bx, %c128 : index
      %x1 = arith.addi %x0, %tx : index
      %base_x = arith.subi %x1, %c16 : index
      %y0 = arith.muli %by, %c4 : index
      %y = arith.addi %y0, %ty : index
      scf.for %i = %c0 to %c10 step %c1 {
        %offset = arith.muli %i, %c16 : index
        %x = arith.addi %base_x, %offset : index
        %column = arith.addi %tx, %offset : index
        %after_start = arith.cmpi sge, %x, %c0 : index
        %before_end = arith.cmpi slt, %x, %c256 : index
        %inside = arith.andi %after_start, %before_end : i1
        scf.if %inside {
          %loaded = memref.load %source[%y, %x] : memref<64x256xf32>
          memref.store %loaded, %out[%ty, %column] : memref<4x160xf32>
        }
      }
      scf.for %i = %c0 to %trips step %c1 {
        %offset = arith.muli %i, %c16 : index
        %x = arith.addi %base_x, %offset : index
        %after_start = arith.cmpi sge, %x, %c0 : index
        scf.if %after_start {
          %loaded = memref.load %source[%y, %x] : memref<64x256xf32>
          memref.store %loaded, %out[%ty, %tx] : memref<4x160xf32>
        }
      }
      gpu.return
    }
  }
}

// JSON: "name": "guarded_stencil",
// JSON: "pattern_within_thread": "uniform",
// JSON: "costed_for": "an interior block: the edge guard on bid.x, bid.y holds for every lane",
// JSON-NEXT: "before": {
// JSON-NEXT: "sectors_per_request": 4.0,
