// The MAP classifier table of Fang & Varbanescu (seed-003 digest §5.2) as
// kernels: each access's MAP id and its sectors per request, derived by hand
// in the /// comments (not copied from a run).
//
// Conventions. Blocks are 16x16 (Fang's work-group, S = 16), so warp w of a
// block holds rows ty = 2w and 2w+1 with tx = 0..15 each. The thread ids are
// global, gx = bid.x*16 + tid.x and gy = bid.y*16 + tid.y, as in Fang's
// model; the MAP id only looks at the tid coefficients. A is row-major f32:
// 256x256 (row pitch 1024 B) or, for windows, 272x272 (pitch 1088 B = 34*32),
// so every row starts on a 32 B sector, and every block-id term moves
// addresses by a multiple of 64 B: sectors per request are the same in every
// block. 16 consecutive floats (64 B) starting s bytes past a sector touch 2
// sectors when s = 0 and 3 otherwise. Metrics are averaged over the 8 warps
// of a block and all loop iterations.
//
// MAP-508 is not supported: Neighbor (iMAP 5) is a property of five
// accesses taken together, and the analysis classifies one access at a time
// (the digest's "reference grouping" is not built), so a 5-point stencil
// gives five MAP-108 accesses; the last kernel pins that down. Likewise a
// 7x7 window written as 49 unrolled loads would be 49 x MAP-108; MAP-408 and
// MAP-407 are written with loops.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @fang {
    /// Single (iMAP 1), one element per thread.
    /// 108 A[gy][gx]: rows 2w, 2w+1, 64 B each from a 64 B multiple: 2 + 2
    ///   = 4 sectors, 32 addresses.
    /// 110 A[gx][gy]: 16 rows (tx); in each, columns 2w and 2w+1 at bytes
    ///   8w, 8w+4 of one sector: 16 sectors, 32 addresses.
    /// 107 A[gx][gx]: both rows of the warp read the same 16 diagonal
    ///   elements, 1028 B apart: 16 sectors, 16 addresses.
    /// 109 A[gy][gy]: 2 diagonal elements 1028 B apart: 2 sectors, 2.
    /// 112 A[gx+gy][gy]: lanes of ty = 2w read rows 2w..2w+15 at column 2w,
    ///   lanes of ty = 2w+1 rows 2w+1..2w+16 at column 2w+1; a row read by
    ///   both has both floats in one sector: 17 rows = 17 sectors, 32
    ///   addresses.
    /// 114 A[gy][gx+gy]: ty = 2w reads 64 B from byte 8w: 2 sectors when
    ///   8w = 0 mod 32 (w = 0, 4), else 3; ty = 2w+1 starts at 8w + 4, never
    ///   aligned: 3. Warps: 5, 6, 6, 6, 5, 6, 6, 6: 46/8 = 5.75; 32 addresses.
    /// 116 A[gx+gy][gx+gy]: tx + ty takes 17 values 2w..2w+16, elements
    ///   1028 B apart: 17 sectors, 17 addresses.
    // CHECK-LABEL: kernel: 'single': block 16x16x1 (from known_block_size); 8 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = tid.x + 16*bid.x]; pattern linear across threads, uniform within a thread, MAP-108; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 16*bid.x, i1 = tid.y + 16*bid.y]; pattern linear across threads, uniform within a thread, MAP-110; sectors/request 16, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 16*bid.x, i1 = tid.x + 16*bid.x]; pattern linear across threads, uniform within a thread, MAP-107; sectors/request 16, distinct addresses 16
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = tid.y + 16*bid.y]; pattern linear across threads, uniform within a thread, MAP-109; sectors/request 2, distinct addresses 2
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + tid.y + 16*bid.x + 16*bid.y, i1 = tid.y + 16*bid.y]; pattern overlapping across threads, uniform within a thread, MAP-112; sectors/request 17, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = tid.x + tid.y + 16*bid.x + 16*bid.y]; pattern overlapping across threads, uniform within a thread, MAP-114; sectors/request 5.75, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + tid.y + 16*bid.x + 16*bid.y, i1 = tid.x + tid.y + 16*bid.x + 16*bid.y]; pattern overlapping across threads, uniform within a thread, MAP-116; sectors/request 17, distinct addresses 17
    // CHECK: access: store arg 1 (global), 4 B x 1; {{.*}}MAP-108; sectors/request 4, distinct addresses 32
    gpu.func @single(%A: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %gxy = arith.addi %gx, %gy : index
      %m108 = memref.load %A[%gy, %gx] : memref<256x256xf32>
      %m110 = memref.load %A[%gx, %gy] : memref<256x256xf32>
      %m107 = memref.load %A[%gx, %gx] : memref<256x256xf32>
      %m109 = memref.load %A[%gy, %gy] : memref<256x256xf32>
      %m112 = memref.load %A[%gxy, %gy] : memref<256x256xf32>
      %m114 = memref.load %A[%gy, %gxy] : memref<256x256xf32>
      %m116 = memref.load %A[%gxy, %gxy] : memref<256x256xf32>
      %s1 = arith.addf %m108, %m110 : f32
      %s2 = arith.addf %s1, %m107 : f32
      %s3 = arith.addf %s2, %m109 : f32
      %s4 = arith.addf %s3, %m112 : f32
      %s5 = arith.addf %s4, %m114 : f32
      %s6 = arith.addf %s5, %m116 : f32
      memref.store %s6, %out[%gy, %gx] : memref<256x256xf32>
      gpu.return
    }

    /// Row (iMAP 2): for k < 256 the thread walks the row its eMAP selects.
    /// 204 A[gx][k]: 16 rows (both rows of the warp read the same), one
    ///   float each: 16 sectors, 16 addresses.
    /// 205 A[gy][k]: rows 2w, 2w+1: 2 sectors, 2 addresses.
    /// 211 A[gx+gy][k]: 17 rows (2w..2w+16): 17 sectors, 17 addresses.
    /// The column k moves every address by 4k within its row: no effect on
    /// single floats.
    // CHECK-LABEL: kernel: 'rows': block 16x16x1 (from known_block_size); 4 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 16*bid.x, i1 = loop0]; pattern linear across threads, linear within a thread, MAP-204; sectors/request 16, distinct addresses 16
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = loop0]; pattern linear across threads, linear within a thread, MAP-205; sectors/request 2, distinct addresses 2
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + tid.y + 16*bid.x + 16*bid.y, i1 = loop0]; pattern overlapping across threads, linear within a thread, MAP-211; sectors/request 17, distinct addresses 17
    // CHECK: access: store arg 1 (global), 4 B x 1; {{.*}}MAP-108; sectors/request 4, distinct addresses 32
    gpu.func @rows(%A: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %gxy = arith.addi %gx, %gy : index
      %sum = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
        %m204 = memref.load %A[%gx, %k] : memref<256x256xf32>
        %m205 = memref.load %A[%gy, %k] : memref<256x256xf32>
        %m211 = memref.load %A[%gxy, %k] : memref<256x256xf32>
        %s1 = arith.addf %m204, %m205 : f32
        %s2 = arith.addf %s1, %m211 : f32
        %next = arith.addf %acc, %s2 : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%gy, %gx] : memref<256x256xf32>
      gpu.return
    }

    /// Column (iMAP 3): for k < 256 the thread walks down the column its
    /// eMAP selects; k moves whole rows (1024 B), so every iteration looks
    /// like the first.
    /// 302 A[k][gx]: 16 consecutive floats from a 64 B multiple: 2 sectors,
    ///   16 addresses.
    /// 303 A[k][gy]: columns 2w, 2w+1, bytes 8w and 8w+4 of one sector: 1
    ///   sector, 2 addresses.
    /// 306 A[k][gx+gy]: 17 columns 2w..2w+16, 68 B from byte 8w mod 32 in
    ///   {0, 8, 16, 24}: at most 24 + 68 = 92 < 96, always 3 sectors; 17
    ///   addresses.
    // CHECK-LABEL: kernel: 'columns': block 16x16x1 (from known_block_size); 4 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.x + 16*bid.x]; pattern linear across threads, linear within a thread, MAP-302; sectors/request 2, distinct addresses 16
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.y + 16*bid.y]; pattern linear across threads, linear within a thread, MAP-303; sectors/request 1, distinct addresses 2
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.x + tid.y + 16*bid.x + 16*bid.y]; pattern overlapping across threads, linear within a thread, MAP-306; sectors/request 3, distinct addresses 17
    // CHECK: access: store arg 1 (global), 4 B x 1; {{.*}}MAP-108; sectors/request 4, distinct addresses 32
    gpu.func @columns(%A: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %gxy = arith.addi %gx, %gy : index
      %sum = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
        %m302 = memref.load %A[%k, %gx] : memref<256x256xf32>
        %m303 = memref.load %A[%k, %gy] : memref<256x256xf32>
        %m306 = memref.load %A[%k, %gxy] : memref<256x256xf32>
        %s1 = arith.addf %m302, %m303 : f32
        %s2 = arith.addf %s1, %m306 : f32
        %next = arith.addf %acc, %s2 : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%gy, %gx] : memref<256x256xf32>
      gpu.return
    }

    /// Block (iMAP 4) on eMAP-01: every thread reads all of A (the digest's
    /// reading of 401): for j < 256, i < 256: A[j][i]. All lanes read one
    /// float: 1 sector, 1 address; uniform across, linear within.
    // CHECK-LABEL: kernel: 'block_401': block 16x16x1 (from known_block_size); 2 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = loop1]; pattern uniform across threads, linear within a thread, MAP-401; sectors/request 1, distinct addresses 1
    gpu.func @block_401(%A: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %sum = scf.for %j = %c0 to %c256 step %c1 iter_args(%outer = %zero) -> f32 {
        %row = scf.for %i = %c0 to %c256 step %c1 iter_args(%acc = %outer) -> f32 {
          %a = memref.load %A[%j, %i] : memref<256x256xf32>
          %next = arith.addf %acc, %a : f32
          scf.yield %next : f32
        }
        scf.yield %row : f32
      }
      memref.store %sum, %out[%gy, %gx] : memref<256x256xf32>
      gpu.return
    }

    /// Block (iMAP 4), R = 3: a 7x7 window, written on a halo-padded A so the
    /// offsets -3..3 become dy, dx = 0..6 (A[gy+3+(dy-3)][gx+3+(dx-3)]).
    /// 408 A[gy+dy][gx+dx]: two rows of 16 floats from byte 4dx past a
    ///   sector (rows start on sectors: pitch 1088 = 34*32): dx = 0: 2 + 2 =
    ///   4, dx = 1..6: 3 + 3 = 6; dy changes nothing: (4 + 6*6)/7 = 40/7 =
    ///   5.714..., printed 5.71; 32 addresses.
    /// 407 A[gx+dy][gx+dx]: 16 distinct elements (tx), 1088 + 4 B apart: 16
    ///   sectors, 16 addresses, every iteration.
    // CHECK-LABEL: kernel: 'windows': block 16x16x1 (from known_block_size); 3 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y + loop0, i1 = tid.x + 16*bid.x + loop1]; pattern linear across threads, linear within a thread, MAP-408; sectors/request 5.71, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 16*bid.x + loop0, i1 = tid.x + 16*bid.x + loop1]; pattern linear across threads, linear within a thread, MAP-407; sectors/request 16, distinct addresses 16
    // CHECK: access: store arg 1 (global), 4 B x 1; {{.*}}MAP-108; sectors/request 4, distinct addresses 32
    gpu.func @windows(%A: memref<272x272xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %zero = arith.constant 0.0 : f32
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %sum = scf.for %dy = %c0 to %c7 step %c1 iter_args(%outer = %zero) -> f32 {
        %row = scf.for %dx = %c0 to %c7 step %c1 iter_args(%acc = %outer) -> f32 {
          %r408 = arith.addi %gy, %dy : index
          %c408 = arith.addi %gx, %dx : index
          %m408 = memref.load %A[%r408, %c408] : memref<272x272xf32>
          %r407 = arith.addi %gx, %dy : index
          %m407 = memref.load %A[%r407, %c408] : memref<272x272xf32>
          %s = arith.addf %m408, %m407 : f32
          %next = arith.addf %acc, %s : f32
          scf.yield %next : f32
        }
        scf.yield %row : f32
      }
      memref.store %sum, %out[%gy, %gx] : memref<256x256xf32>
      gpu.return
    }

    /// Neighbor (iMAP 5) is not supported (see the top): the 5-point
    /// stencil on (gy+1, gx+1) of the padded A is five MAP-108 accesses.
    /// Column offset c = 0: two rows of 64 B from a sector: 4 sectors;
    /// c = 1 or 2: 3 + 3 = 6. Center (1,1), up (0,1), down (2,1): 6; left
    /// (1,0): 4; right (1,2): 6. 32 addresses each.
    // CHECK-LABEL: kernel: 'neighbor_508': block 16x16x1 (from known_block_size); 6 memory accesses
    // CHECK-NOT: MAP-508
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y + 1, i1 = tid.x + 16*bid.x + 1]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 6, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = tid.x + 16*bid.x + 1]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 6, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y + 2, i1 = tid.x + 16*bid.x + 1]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 6, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y + 1, i1 = tid.x + 16*bid.x]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y + 1, i1 = tid.x + 16*bid.x + 2]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 6, distinct addresses 32
    // CHECK-NOT: MAP-508
    // CHECK: access: store arg 1 (global)
    gpu.func @neighbor_508(%A: memref<272x272xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %y1 = arith.addi %gy, %c1 : index
      %y2 = arith.addi %gy, %c2 : index
      %x1 = arith.addi %gx, %c1 : index
      %x2 = arith.addi %gx, %c2 : index
      %center = memref.load %A[%y1, %x1] : memref<272x272xf32>
      %up = memref.load %A[%gy, %x1] : memref<272x272xf32>
      %down = memref.load %A[%y2, %x1] : memref<272x272xf32>
      %left = memref.load %A[%y1, %gx] : memref<272x272xf32>
      %right = memref.load %A[%y1, %x2] : memref<272x272xf32>
      %s1 = arith.addf %center, %up : f32
      %s2 = arith.addf %s1, %down : f32
      %s3 = arith.addf %s2, %left : f32
      %s4 = arith.addf %s3, %right : f32
      memref.store %s4, %out[%gy, %gx] : memref<256x256xf32>
      gpu.return
    }

    /// The table's rows without a MAP id (no ", MAP-" before the metrics).
    /// A[2*gy][gx]: coefficient 2 is outside Fang's 0/1 eMAPs (unclassified,
    ///   strided); rows 4w and 4w+2, 64 B each: 4 sectors, 32 addresses.
    /// A[gy][0]: Single on eMAP-05, invalid per Table 3 (the column index
    ///   does not depend on a thread); rows 2w, 2w+1: 2 sectors, 2 addresses.
    /// A[idx[gx]][gy]: not affine: random, metrics unknown.
    /// idx[gx] (i32): 16 floats from a 64 B multiple: 2 sectors, 16.
    // CHECK-LABEL: kernel: 'unclassified': block 16x16x1 (from known_block_size); 5 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = 2*tid.y + 32*bid.y, i1 = tid.x + 16*bid.x]; pattern strided across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = 0]; pattern linear across threads, uniform within a thread; sectors/request 2, distinct addresses 2
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 16*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 2, distinct addresses 16
    // CHECK: access: load arg 0 (global), 4 B x 1; not affine: data-dependent{{.*}}; pattern random across threads, random within a thread; metrics unknown: data-dependent
    gpu.func @unclassified(%A: memref<256x256xf32>, %idx: memref<256xi32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %gy2 = arith.muli %gy, %c2 : index
      %a = memref.load %A[%gy2, %gx] : memref<256x256xf32>
      %b = memref.load %A[%gy, %c0] : memref<256x256xf32>
      %raw = memref.load %idx[%gx] : memref<256xi32>
      %row = arith.index_cast %raw : i32 to index
      %c = memref.load %A[%row, %gy] : memref<256x256xf32>
      %ab = arith.addf %a, %b : f32
      %abc = arith.addf %ab, %c : f32
      memref.store %abc, %out[%gy, %gx] : memref<256x256xf32>
      gpu.return
    }
  }
}
