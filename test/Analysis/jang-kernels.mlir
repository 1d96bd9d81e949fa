// The test kernels of Jang et al. (seed-000 digest §7.2, T1-T20) written as
// naive GPU kernels, with the patterns and warp metrics the access analysis
// finds. Every number on a CHECK line is derived by hand in the /// comment
// above its kernel, not copied from a run.
//
// Conventions. A 1-D kernel runs blocks of 128 threads (4 warps) and its
// thread is the global id gid = bid.x*128 + tid.x. Elements are f32 (4 B)
// unless said otherwise. Metrics are per block, averaged over all warps and
// all loop iterations. The block id only moves a warp's addresses by a
// multiple of 32 B in every kernel below (checked per kernel), so sectors
// per request are known. A 32-lane request of 32 consecutive floats that
// starts s bytes past a 32 B sector boundary touches 4 sectors when s = 0
// and 5 otherwise; 16 consecutive floats (64 B) touch 2 or 3.
//
// Jang's memory-space choices (constant, texture, shared, global), Q_V and
// the (T, t) rules are planner decisions, not printed by this test pass; the
// comments say what the analysis gives the planner for them. Patterns are
// per part: Jang's interthread columns (tid.*) and intrathread columns
// (loops). A row driven by a thread and a loop (`A[tid + j]`, Jang's
// "overlap row [1,1]") is therefore linear across threads and linear within
// a thread; only a part with two variables on one row is overlapping.
// Every T-case could be written as a GPU kernel; none is skipped.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @jang {
    /// T1 matmul, threads i1 -> y, i2 -> x (global ids), loop i3; 64x64
    /// floats (row pitch 256 B); block 16x16, so warp w holds rows ty = 2w and
    /// 2w+1 with tx = 0..15. bid.y moves rows by 16 (4 KiB), bid.x columns by
    /// 16 (64 B): multiples of 32 B.
    /// A[i1][i3] (M = [[1,0,0],[0,0,1]]): the two rows' element i3, 256 B
    ///   apart: 2 sectors, 2 addresses. Across threads only tid.y moves it:
    ///   linear; within a thread i3 walks the row: linear; Fang's Row walk on
    ///   eMAP-05: MAP-205.
    /// B[i3][i2] (M = [[0,0,1],[0,1,0]]): 16 consecutive floats (64 B at a
    ///   64 B multiple), both rows of the warp read the same: 2 sectors, 16
    ///   addresses; linear, linear; MAP-302.
    /// C[i1][i2] read and written (one instance, identical m; intrathread
    ///   [0,0]): two rows of 64 B aligned: 4 sectors, 32 addresses; linear
    ///   across, uniform within; MAP-108.
    // CHECK-LABEL: kernel: 't1_matmul': block 16x16x1 (from known_block_size); 4 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = loop0]; pattern linear across threads, linear within a thread, MAP-205; sectors/request 2, distinct addresses 2
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.x + 16*bid.x]; pattern linear across threads, linear within a thread, MAP-302; sectors/request 2, distinct addresses 16
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = tid.x + 16*bid.x]; pattern linear across threads, uniform within a thread, MAP-108; sectors/request 4, distinct addresses 32
    // CHECK: access: store arg 2 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = tid.x + 16*bid.x]; pattern linear across threads, uniform within a thread, MAP-108; sectors/request 4, distinct addresses 32
    gpu.func @t1_matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %oy = arith.muli %by, %bdy : index
      %i1 = arith.addi %oy, %ty : index
      %ox = arith.muli %bx, %bdx : index
      %i2 = arith.addi %ox, %tx : index
      scf.for %i3 = %c0 to %c64 step %c1 {
        %a = memref.load %A[%i1, %i3] : memref<64x64xf32>
        %b = memref.load %B[%i3, %i2] : memref<64x64xf32>
        %c = memref.load %C[%i1, %i2] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        memref.store %s, %C[%i1, %i2] : memref<64x64xf32>
      }
      gpu.return
    }

    /// T1 staged through shared memory (Jang: A and B are read-only with
    /// reuse, so Shared when chunkable), block 16x16 as above, tiles of 16.
    /// B is staged transposed, Bt[j][k] = B[k][j], once with pitch 16 and once
    /// padded to 17, to test the bank model (seed-000 §7.1 item 11 says stride
    /// s words gives gcd(s, 32); that assumes 32 distinct words, a 16-wide
    /// block has 16 lanes per row).
    /// A[row][t + tx], B[t + ty][col]: two rows of 16 floats each at 64 B
    ///   multiples (t steps by 16 = 64 B): 4 sectors, 32 addresses.
    /// As[ty][tx] store: words 16ty + tx = 32w .. 32w+31, one per bank:
    ///   degree 1, 32 addresses.
    /// Bt[tx][ty] store, pitch 16: words 16tx + ty; tx even lands in bank
    ///   ty, tx odd in bank ty+16: 8 distinct words in each of 4 banks:
    ///   degree 8, 32 addresses.
    /// Btp[tx][ty] store, pitch 17: words 17tx + ty. 17tx mod 32 for tx =
    ///   0..15 is 0,17,2,19,...,14,31 (16 distinct banks) plus ty = 2w; the
    ///   ty = 2w+1 row adds 1. Bank 2w gets tx = 0 (ty = 2w) and tx = 15
    ///   (17*15 + 1 = 256 = 0 mod 32): degree 2, not 1; 32 addresses.
    /// As[ty][k]: words 32w + k and 32w + 16 + k, banks k and k+16, each
    ///   word read by 16 lanes (broadcast): degree 1, 2 addresses.
    /// Bt[tx][k], pitch 16: words 16tx + k, 16 distinct (both rows of the
    ///   warp read the same), 8 in bank k and 8 in bank k+16: degree 8
    ///   (Fang's "8-way at pitch 16, 16x16 WG"; gcd(16, 32) = 16 would be
    ///   wrong), 16 addresses.
    /// Btp[tx][k], pitch 17: 17tx + k hits 16 distinct banks: degree 1, 16.
    /// C[row][col]: 4 sectors, 32 addresses.
    // CHECK-LABEL: kernel: 't1_matmul_tiled': block 16x16x1 (from known_block_size); 9 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.y + 16*bid.y, i1 = tid.x + loop0]; pattern linear across threads, linear within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: store workgroup 0 (shared), 4 B x 1; indices [i0 = tid.y, i1 = tid.x]; {{.*}}; bank conflict degree 1, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + loop0, i1 = tid.x + 16*bid.x]; {{.*}}; sectors/request 4, distinct addresses 32
    // CHECK: access: store workgroup 1 (shared), 4 B x 1; indices [i0 = tid.x, i1 = tid.y]; pattern linear across threads, uniform within a thread, MAP-110; bank conflict degree 8, distinct addresses 32
    // CHECK: access: store workgroup 2 (shared), 4 B x 1; indices [i0 = tid.x, i1 = tid.y]; {{.*}}; bank conflict degree 2, distinct addresses 32
    // CHECK: access: load workgroup 0 (shared), 4 B x 1; indices [i0 = tid.y, i1 = loop1]; {{.*}}; bank conflict degree 1, distinct addresses 2
    // CHECK: access: load workgroup 1 (shared), 4 B x 1; indices [i0 = tid.x, i1 = loop1]; pattern linear across threads, linear within a thread, MAP-204; bank conflict degree 8, distinct addresses 16
    // CHECK: access: load workgroup 2 (shared), 4 B x 1; indices [i0 = tid.x, i1 = loop1]; {{.*}}; bank conflict degree 1, distinct addresses 16
    // CHECK: access: store arg 2 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t1_matmul_tiled(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>)
        workgroup(%As: memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %Bt: memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %Btp: memref<16x17xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %oy = arith.muli %by, %bdy : index
      %row = arith.addi %oy, %ty : index
      %ox = arith.muli %bx, %bdx : index
      %col = arith.addi %ox, %tx : index
      %sum = scf.for %t = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> f32 {
        %acol = arith.addi %tx, %t : index
        %a = memref.load %A[%row, %acol] : memref<64x64xf32>
        memref.store %a, %As[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        %brow = arith.addi %ty, %t : index
        %b = memref.load %B[%brow, %col] : memref<64x64xf32>
        memref.store %b, %Bt[%tx, %ty] : memref<16x16xf32, #gpu.address_space<workgroup>>
        memref.store %b, %Btp[%tx, %ty] : memref<16x17xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %part = scf.for %k = %c0 to %c16 step %c1 iter_args(%inner = %acc) -> f32 {
          %x = memref.load %As[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %y = memref.load %Bt[%tx, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %z = memref.load %Btp[%tx, %k] : memref<16x17xf32, #gpu.address_space<workgroup>>
          %yz = arith.addf %y, %z : f32
          %p = arith.mulf %x, %yz : f32
          %n = arith.addf %inner, %p : f32
          scf.yield %n : f32
        }
        gpu.barrier
        scf.yield %part : f32
      }
      memref.store %sum, %C[%row, %col] : memref<64x64xf32>
      gpu.return
    }

    /// T2 constant broadcast (Fig. 7): for j: tmp += Y[j]; X[tid] = tmp.
    /// Y[j] (inter [0], intra [1]): every lane reads the same float: 1
    /// sector, 1 address; uniform across, linear within: Jang's same-address
    /// read. The same read of a 128 KiB Ybig has the same metrics; only the
    /// size (64 KiB constant limit) tells Constant from Shared/Texture.
    /// X[gid] (inter [1], intra [0]): 32 consecutive floats at a 128 B
    /// multiple: 4 sectors, 32 addresses; linear, uniform.
    // CHECK-LABEL: kernel: 't2_constant_broadcast': block 128x1x1 (from known_block_size); 3 memory accesses
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = loop0]; pattern uniform across threads, linear within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = loop0]; pattern uniform across threads, linear within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    gpu.func @t2_constant_broadcast(%X: memref<4096xf32>, %Y: memref<1024xf32>, %Ybig: memref<32768xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c1024 = arith.constant 1024 : index
      %zero = arith.constant 0.0 : f32
      %tmp = scf.for %j = %c0 to %c1024 step %c1 iter_args(%acc = %zero) -> f32 {
        %y = memref.load %Y[%j] : memref<1024xf32>
        %z = memref.load %Ybig[%j] : memref<32768xf32>
        %s = arith.addf %acc, %y : f32
        %t = arith.addf %s, %z : f32
        scf.yield %t : f32
      }
      memref.store %tmp, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T3 shifted copy (Fig. 8), X[tid] = Y[tid + s], s = 0, 16, 32.
    /// Warp w of block b starts at element 128b + 32w + s, byte 512b + 128w
    /// + 4s. s = 0: offset 0, 4 sectors, linear. s = 16: 64 B, a sector
    /// boundary: 4 sectors; s = 32: 128 B: 4 sectors; both shifted. (Jang
    /// needs s = 0 mod 16 for a half-warp; 32 B sectors only need s = 0
    /// mod 8.) 32 addresses each; the store X[gid]: 4 sectors.
    // CHECK-LABEL: kernel: 't3_shifted_aligned'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 16]; pattern shifted across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 32]; pattern shifted across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t3_shifted_aligned(%X: memref<4096xf32>, %Y: memref<4160xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %g16 = arith.addi %gid, %c16 : index
      %g32 = arith.addi %gid, %c32 : index
      %a = memref.load %Y[%gid] : memref<4160xf32>
      %b = memref.load %Y[%g16] : memref<4160xf32>
      %c = memref.load %Y[%g32] : memref<4160xf32>
      %ab = arith.addf %a, %b : f32
      %abc = arith.addf %ab, %c : f32
      memref.store %abc, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T4 shifted copy with s = 1, 5, 17 and a symbolic s (kernel argument).
    /// Bytes of warp w, relative to its 128 B-aligned base: s = 1: 4..131,
    /// sectors 0..4 = 5; s = 5: 20..147, sectors 0..4 = 5; s = 17: 68..195,
    /// sectors 2..6 = 5. Symbolic s: the start moves by an unknown multiple
    /// of 4 B, so sectors are 4 or 5: unknown, with the reason; addresses
    /// stay 32. All shifted across threads (a symbol is an offset).
    // CHECK-LABEL: kernel: 't4_shifted_misaligned'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 1]; pattern shifted across threads, uniform within a thread; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 5]; pattern shifted across threads, uniform within a thread; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 17]; pattern shifted across threads, uniform within a thread; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + arg2]; pattern shifted across threads, uniform within a thread; sectors/request unknown (sectors depends on the unknown value of arg2{{.*}}), distinct addresses 32
    gpu.func @t4_shifted_misaligned(%X: memref<4096xf32>, %Y: memref<8192xf32>, %s: index) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c17 = arith.constant 17 : index
      %g1 = arith.addi %gid, %c1 : index
      %g5 = arith.addi %gid, %c5 : index
      %g17 = arith.addi %gid, %c17 : index
      %gs = arith.addi %gid, %s : index
      %a = memref.load %Y[%g1] : memref<8192xf32>
      %b = memref.load %Y[%g5] : memref<8192xf32>
      %c = memref.load %Y[%g17] : memref<8192xf32>
      %d = memref.load %Y[%gs] : memref<8192xf32>
      %ab = arith.addf %a, %b : f32
      %cd = arith.addf %c, %d : f32
      %abcd = arith.addf %ab, %cd : f32
      memref.store %abcd, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T5 reverse, X[tid] = Y[N-1-tid]: M = [-1], o = [N-1], reverse and
    /// shifted: compound (the digest's erratum). Warp w of block b reads
    /// elements N-1-128b-32w-31 .. N-1-128b-32w (b moves by 512 B).
    /// N = 4096 (N-1 = 31 mod 32): lowest element 4064 - 32w, byte 16256 -
    ///   128w, a 128 B multiple: 4 sectors.
    /// N = 4080 (N-1 = 15 mod 16, Jang's condition): lowest 4048 - 32w,
    ///   byte 16192 - 128w = 32*506 - 128w: 4 sectors.
    /// N = 4095 (N-1 = 14 mod 16, the alignment caveat): lowest 4063 - 32w,
    ///   byte 16252 - 128w = 28 mod 32: bytes 28..155: 5 sectors.
    /// Unknown N (memref<?xf32>, N an argument): sectors unknown.
    // CHECK-LABEL: kernel: 't5_reverse'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = -tid.x - 128*bid.x + 4095]; pattern compound across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = -tid.x - 128*bid.x + 4079]; pattern compound across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 3 (global), 4 B x 1; indices [i0 = -tid.x - 128*bid.x + 4094]; pattern compound across threads, uniform within a thread; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 4 (global), 4 B x 1; indices [i0 = -tid.x - 128*bid.x + arg5 - 1]; pattern compound across threads, uniform within a thread; sectors/request unknown (sectors depends on the unknown value of {{.*}}arg5{{.*}}), distinct addresses 32
    gpu.func @t5_reverse(%X: memref<4096xf32>, %Y: memref<4096xf32>, %Y15: memref<4080xf32>, %Y14: memref<4095xf32>,
                         %Yn: memref<?xf32>, %n: index) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c1 = arith.constant 1 : index
      %c4095 = arith.constant 4095 : index
      %c4079 = arith.constant 4079 : index
      %c4094 = arith.constant 4094 : index
      %r0 = arith.subi %c4095, %gid : index
      %r1 = arith.subi %c4079, %gid : index
      %r2 = arith.subi %c4094, %gid : index
      %nm1 = arith.subi %n, %c1 : index
      %r3 = arith.subi %nm1, %gid : index
      %a = memref.load %Y[%r0] : memref<4096xf32>
      %b = memref.load %Y15[%r1] : memref<4080xf32>
      %c = memref.load %Y14[%r2] : memref<4095xf32>
      %d = memref.load %Yn[%r3] : memref<?xf32>
      %ab = arith.addf %a, %b : f32
      %cd = arith.addf %c, %d : f32
      %abcd = arith.addf %ab, %cd : f32
      memref.store %abcd, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T6 non-unit stride read, X[tid] = Y[2*tid]: lanes 8 B apart, a warp
    /// spans 256 B from a 256 B multiple (block b moves by 1 KiB): 8 sectors,
    /// 32 addresses; strided. X: 4 sectors.
    // CHECK-LABEL: kernel: 't6_stride_read'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = 2*tid.x + 256*bid.x]; pattern strided across threads, uniform within a thread; sectors/request 8, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    gpu.func @t6_stride_read(%X: memref<4096xf32>, %Y: memref<8192xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c2 = arith.constant 2 : index
      %g2 = arith.muli %gid, %c2 : index
      %y = memref.load %Y[%g2] : memref<8192xf32>
      memref.store %y, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T7 non-unit stride write (cpuenergy-like): for j: acc += C[j];
    /// X[2*tid] = acc. C[j] (inter 0, intra 1): 1 sector, 1 address; uniform
    /// across, linear within. X[2*gid]: 256 B per warp: 8 sectors, 32
    /// addresses; strided.
    // CHECK-LABEL: kernel: 't7_stride_write'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = loop0]; pattern uniform across threads, linear within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = 2*tid.x + 256*bid.x]; pattern strided across threads, uniform within a thread; sectors/request 8, distinct addresses 32
    gpu.func @t7_stride_write(%X: memref<8192xf32>, %C: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %acc = scf.for %j = %c0 to %c256 step %c1 iter_args(%a = %zero) -> f32 {
        %v = memref.load %C[%j] : memref<256xf32>
        %n = arith.addf %a, %v : f32
        scf.yield %n : f32
      }
      %g2 = arith.muli %gid, %c2 : index
      memref.store %acc, %X[%g2] : memref<8192xf32>
      gpu.return
    }

    /// T8 overlap, X[i][j] = Y[i][i+j] + 1, i = global y, j = global x,
    /// block 32x8 (a warp is one row ty, tx = 0..31). Y is 256x512: element
    /// (i, i+j) is at 513i + j; bid.y moves it by 8*513*4 = 32*513 B, bid.x
    /// by 128 B. Row ty starts at element 513ty = ty mod 8 past a sector:
    /// ty = 0: 4 sectors, ty = 1..7: 5; mean 39/8 = 4.875 (printed 4.88).
    /// Across threads row 1 has tid.y and tid.x: overlapping; eMAP-14, MAP-114.
    /// Jang: coalesced only if the i coefficient is a multiple of 16:
    /// Z[i][16i + j] with pitch 4096: element 4112i + j, 4112 = 0 mod 8:
    /// 4 sectors; overlapping and strided: compound, no MAP (coefficient 16).
    /// X[i][j]: 4 sectors, MAP-108.
    // CHECK-LABEL: kernel: 't8_overlap': block 32x8x1
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + tid.y + 32*bid.x + 8*bid.y]; pattern overlapping across threads, uniform within a thread, MAP-114; sectors/request 4.88, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 16*tid.y + 32*bid.x + 128*bid.y]; pattern compound across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x]; pattern linear across threads, uniform within a thread, MAP-108; sectors/request 4, distinct addresses 32
    gpu.func @t8_overlap(%X: memref<256x512xf32>, %Y: memref<256x512xf32>, %Z: memref<256x4096xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c16 = arith.constant 16 : index
      %one = arith.constant 1.0 : f32
      %oy = arith.muli %by, %bdy : index
      %i = arith.addi %oy, %ty : index
      %ox = arith.muli %bx, %bdx : index
      %j = arith.addi %ox, %tx : index
      %ij = arith.addi %i, %j : index
      %y = memref.load %Y[%i, %ij] : memref<256x512xf32>
      %i16 = arith.muli %i, %c16 : index
      %i16j = arith.addi %i16, %j : index
      %z = memref.load %Z[%i, %i16j] : memref<256x4096xf32>
      %y1 = arith.addf %y, %one : f32
      %yz = arith.addf %y1, %z : f32
      memref.store %yz, %X[%i, %j] : memref<256x512xf32>
      gpu.return
    }

    /// T9 Livermore 1 (Hydro): X[k] = q + Y[k]*(r*Z[k+10] + t*Z[k+11]).
    /// Y[k], X[k]: 4 sectors, linear. Z[k+10]: bytes 40..167 past the warp's
    /// 128 B multiple: sectors 1..5 = 5; Z[k+11]: bytes 44..171: 5. Both
    /// shifted (Jang: neither shift is 16-aligned). 32 addresses each.
    // CHECK-LABEL: kernel: 't9_livermore1'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 10]; pattern shifted across threads, uniform within a thread; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 11]; pattern shifted across threads, uniform within a thread; sectors/request 5, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    gpu.func @t9_livermore1(%X: memref<4096xf32>, %Y: memref<4096xf32>, %Z: memref<4107xf32>,
                            %q: f32, %r: f32, %t: f32) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %k = arith.addi %base, %tx : index
      %c10 = arith.constant 10 : index
      %c11 = arith.constant 11 : index
      %k10 = arith.addi %k, %c10 : index
      %k11 = arith.addi %k, %c11 : index
      %y = memref.load %Y[%k] : memref<4096xf32>
      %z10 = memref.load %Z[%k10] : memref<4107xf32>
      %z11 = memref.load %Z[%k11] : memref<4107xf32>
      %rz = arith.mulf %r, %z10 : f32
      %tz = arith.mulf %t, %z11 : f32
      %sum = arith.addf %rz, %tz : f32
      %prod = arith.mulf %y, %sum : f32
      %x = arith.addf %q, %prod : f32
      memref.store %x, %X[%k] : memref<4096xf32>
      gpu.return
    }

    /// T10 reverse + linear, Livermore 19 style: X[k] = A[k] + B[n-k]*C[k+kb]
    /// with n = 4095, kb = 3. A[k], X[k]: 4 sectors, linear. B[4095-k]:
    /// reverse and shifted, compound; lowest element 4064 - 32w - 128b, a
    /// 128 B multiple: 4 sectors. C[k+3]: bytes 12..139: 5 sectors, shifted.
    // CHECK-LABEL: kernel: 't10_livermore19'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = -tid.x - 128*bid.x + 4095]; pattern compound across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 3 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + 3]; pattern shifted across threads, uniform within a thread; sectors/request 5, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t10_livermore19(%X: memref<4096xf32>, %A: memref<4096xf32>, %B: memref<4096xf32>, %C: memref<4099xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %k = arith.addi %base, %tx : index
      %c3 = arith.constant 3 : index
      %c4095 = arith.constant 4095 : index
      %nk = arith.subi %c4095, %k : index
      %kb = arith.addi %k, %c3 : index
      %a = memref.load %A[%k] : memref<4096xf32>
      %b = memref.load %B[%nk] : memref<4096xf32>
      %c = memref.load %C[%kb] : memref<4099xf32>
      %bc = arith.mulf %b, %c : f32
      %x = arith.addf %a, %bc : f32
      memref.store %x, %X[%k] : memref<4096xf32>
      gpu.return
    }

    /// T11 dimension switch in 3-D (NAS Cholesky-like): a[i][j][k] read with
    /// b[k][j][i]; threads k -> x, j -> y (block 32x8, one block), loop i.
    /// a (8x8x32): a warp is one j, k = 0..31: 128 B aligned: 4 sectors.
    /// b (32x8x8): lanes k are 8*8 floats = 256 B apart: 32 sectors. Both
    /// are linear across and within (a permutation is not a pattern class;
    /// the metrics show the switch is needed). out[i][j][k]: 4 sectors. No
    /// MAP id: rank 3.
    // CHECK-LABEL: kernel: 't11_dimension_switch': block 32x8x1
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.y, i2 = tid.x]; pattern linear across threads, linear within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x, i1 = tid.y, i2 = loop0]; pattern linear across threads, linear within a thread; sectors/request 32, distinct addresses 32
    // CHECK: access: store arg 2 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.y, i2 = tid.x]; pattern linear across threads, linear within a thread; sectors/request 4, distinct addresses 32
    gpu.func @t11_dimension_switch(%a: memref<8x8x32xf32>, %b: memref<32x8x8xf32>, %out: memref<8x8x32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %k = gpu.thread_id x
      %j = gpu.thread_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c8 step %c1 {
        %x = memref.load %a[%i, %j, %k] : memref<8x8x32xf32>
        %y = memref.load %b[%k, %j, %i] : memref<32x8x8xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %out[%i, %j, %k] : memref<8x8x32xf32>
      }
      gpu.return
    }

    /// T12 random read (ClampParticle-like): out[tid] = sum_n w[n]*pos[nbr[tid][n]].
    /// nbr (4096x8 i32, rows of 32 B): lane l reads byte 32l + 4n: one sector
    ///   per lane: 32 sectors, 32 addresses; linear across (tid on row 0) and
    ///   within (n on row 1); Fang's Row walk on eMAP-04: MAP-204.
    /// w[n]: 1 sector, 1 address; uniform across, linear within.
    /// pos[nbr[..]]: random, metrics unknown (data-dependent).
    /// out[gid]: 4 sectors.
    // CHECK-LABEL: kernel: 't12_random_read'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x, i1 = loop0]; pattern linear across threads, linear within a thread, MAP-204; sectors/request 32, distinct addresses 32
    // CHECK: access: load arg 3 (global), 4 B x 1; indices [i0 = loop0]; pattern uniform across threads, linear within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: load arg 2 (global), 4 B x 1; not affine: data-dependent: the index comes from memref.load at {{.*}}jang-kernels.mlir{{.*}}; pattern random across threads, random within a thread; metrics unknown: data-dependent
    // CHECK: access: store arg 0 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t12_random_read(%out: memref<4096xf32>, %nbr: memref<4096x8xi32>, %pos: memref<4096xf32>, %w: memref<8xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %n = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> f32 {
        %raw = memref.load %nbr[%gid, %n] : memref<4096x8xi32>
        %weight = memref.load %w[%n] : memref<8xf32>
        %idx = arith.index_cast %raw : i32 to index
        %p = memref.load %pos[%idx] : memref<4096xf32>
        %wp = arith.mulf %weight, %p : f32
        %next = arith.addf %acc, %wp : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T13 random read-write (larger_sads-like): H[idx[tid]] += v[tid].
    /// idx[gid] (i32), v[gid]: 4 sectors each. H load and store: random,
    /// metrics unknown (data-dependent); Jang: read-write random -> Global.
    // CHECK-LABEL: kernel: 't13_random_read_write'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; {{.*}}; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; {{.*}}; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; not affine: data-dependent{{.*}}; pattern random across threads, random within a thread; metrics unknown: data-dependent
    // CHECK: access: store arg 0 (global), 4 B x 1; not affine: data-dependent{{.*}}; pattern random across threads, random within a thread; metrics unknown: data-dependent
    gpu.func @t13_random_read_write(%H: memref<1024xf32>, %idx: memref<4096xi32>, %v: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %raw = memref.load %idx[%gid] : memref<4096xi32>
      %x = memref.load %v[%gid] : memref<4096xf32>
      %i = arith.index_cast %raw : i32 to index
      %h = memref.load %H[%i] : memref<1024xf32>
      %s = arith.addf %h, %x : f32
      memref.store %s, %H[%i] : memref<1024xf32>
      gpu.return
    }

    /// T14 multi-instance priority: read-only A read as A[tid] and A[idx[tid]].
    /// A[gid]: linear, 4 sectors (instance 1: Global). idx[gid]: 4 sectors.
    /// A[idx[gid]]: random, unknown (instance 2: Texture; the planner
    /// resolves Texture by Jang's read-only priority).
    // CHECK-LABEL: kernel: 't14_multi_instance'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x]; pattern linear across threads, uniform within a thread; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; not affine: data-dependent{{.*}}; metrics unknown: data-dependent
    // CHECK: access: store arg 0 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t14_multi_instance(%X: memref<4096xf32>, %A: memref<4096xf32>, %idx: memref<4096xi32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %a = memref.load %A[%gid] : memref<4096xf32>
      %raw = memref.load %idx[%gid] : memref<4096xi32>
      %i = arith.index_cast %raw : i32 to index
      %b = memref.load %A[%i] : memref<4096xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T15 read-only, reuse, chunkable vs not: for j < 4: s += A[tid + j],
    /// once on a static memref, once on a dynamic one (memref<?xf32>: the
    /// identity layout still gives stride 1, offset 0, so the metrics are
    /// the same; only chunkability differs). Iteration j starts at byte 4j
    /// past the warp's 128 B multiple: j = 0: 4 sectors, j = 1, 2, 3: 5;
    /// mean 19/4 = 4.75, 32 addresses. Linear across, linear within.
    // CHECK-LABEL: kernel: 't15_window'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + loop0]; pattern linear across threads, linear within a thread; sectors/request 4.75, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.x + 128*bid.x + loop0]; pattern linear across threads, linear within a thread; sectors/request 4.75, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t15_window(%X: memref<4096xf32>, %A: memref<4100xf32>, %Ad: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
        %i = arith.addi %gid, %j : index
        %a = memref.load %A[%i] : memref<4100xf32>
        %b = memref.load %Ad[%i] : memref<?xf32>
        %ab = arith.addf %a, %b : f32
        %next = arith.addf %acc, %ab : f32
        scf.yield %next : f32
      }
      memref.store %sum, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T16 intervening write: for i: { a = Y[i+1]; Y[i] = 2a; b = Y[i]; }.
    /// As a kernel each thread walks its own column (Y[i][gid], so no race):
    /// instances o = 1 and o = 0 with a store between them (the planner must
    /// refuse duplication). Each is a row of 32 floats at a 128 B multiple:
    /// 4 sectors, 32 addresses; linear across; within a thread Y[i+1] is
    /// shifted, Y[i] linear; Fang's Column walk on eMAP-02: MAP-302.
    // CHECK-LABEL: kernel: 't16_write_hazard'
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0 + 1, i1 = tid.x + 128*bid.x]; pattern linear across threads, shifted within a thread, MAP-302; sectors/request 4, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.x + 128*bid.x]; pattern linear across threads, linear within a thread, MAP-302; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.x + 128*bid.x]; pattern linear across threads, linear within a thread, MAP-302; sectors/request 4, distinct addresses 32
    // CHECK: access: store arg 1 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t16_write_hazard(%Y: memref<65x4096xf32>, %X: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %two = arith.constant 2.0 : f32
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> f32 {
        %i1 = arith.addi %i, %c1 : index
        %a = memref.load %Y[%i1, %gid] : memref<65x4096xf32>
        %a2 = arith.mulf %a, %two : f32
        memref.store %a2, %Y[%i, %gid] : memref<65x4096xf32>
        %b = memref.load %Y[%i, %gid] : memref<65x4096xf32>
        %next = arith.addf %acc, %b : f32
        scf.yield %next : f32
      }
      memref.store %sum, %X[%gid] : memref<4096xf32>
      gpu.return
    }

    /// T17 singular M: Y[i+j][i+j] (M = [[1,1],[1,1]]).
    /// With (i, j) as global (y, x) ids, block 32x8: element 257(i+j) of a
    /// 256x256 Y, lanes tx 1028 B apart: 32 sectors, 32 addresses (bid.y
    /// moves by 8*1028 B, bid.x by 32*1028 B: multiples of 32). Both rows
    /// have tid.x and tid.y: overlapping; eMAP-16: MAP-116.
    /// With (i, j) as an in-kernel 4x4 loop nest on Z (8x8): every lane
    /// reads the same element: 1 sector, 1 address; uniform across,
    /// overlapping within; no MAP id (two loops on one index).
    // CHECK-LABEL: kernel: 't17_singular'
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + tid.y + 32*bid.x + 8*bid.y, i1 = tid.x + tid.y + 32*bid.x + 8*bid.y]; pattern overlapping across threads, uniform within a thread, MAP-116; sectors/request 32, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = loop0 + loop1, i1 = loop0 + loop1]; pattern uniform across threads, overlapping within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: store arg 2 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t17_singular(%Y: memref<256x256xf32>, %Z: memref<8x8xf32>, %X: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %oy = arith.muli %by, %bdy : index
      %i = arith.addi %oy, %ty : index
      %ox = arith.muli %bx, %bdx : index
      %j = arith.addi %ox, %tx : index
      %ij = arith.addi %i, %j : index
      %y = memref.load %Y[%ij, %ij] : memref<256x256xf32>
      %sum = scf.for %li = %c0 to %c4 step %c1 iter_args(%outer = %y) -> f32 {
        %inner = scf.for %lj = %c0 to %c4 step %c1 iter_args(%acc = %outer) -> f32 {
          %l = arith.addi %li, %lj : index
          %z = memref.load %Z[%l, %l] : memref<8x8xf32>
          %next = arith.addf %acc, %z : f32
          scf.yield %next : f32
        }
        scf.yield %inner : f32
      }
      memref.store %sum, %X[%i, %j] : memref<256x256xf32>
      gpu.return
    }

    /// T18 fully coalesced 2-D copy with row length 1000 (not a multiple of
    /// 16), block 32x8, global ids. Y[y][x] at byte 4000y + 4x; 4000 =
    /// 125*32, so every row starts on a sector: 4 sectors (the 32 B sector
    /// removes Jang's pitch concern; bid.y moves by 32000 B, bid.x by 128).
    /// For contrast a pitch of 1001 (W): row ty starts 4004ty = 4ty mod 32
    /// bytes past a sector: ty = 0: 4 sectors, ty = 1..7: 5; 39/8 = 4.875,
    /// printed 4.88 (bid.y moves by 8*4004 = 32*1001 B).
    /// The store X[y][x] is guarded by x < 1000 (1000 is not a multiple of
    /// the block width); the guard depends on bid.x, so block 0's metrics
    /// are unknowable, and those of an interior block (where the guard holds
    /// for every lane: 4 sectors, 32 addresses) are given, named as such.
    // CHECK-LABEL: kernel: 't18_pitch'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x]; pattern linear across threads, uniform within a thread, MAP-108; sectors/request 4, distinct addresses 32
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x]; pattern linear across threads, uniform within a thread, MAP-108; sectors/request 4.88, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; {{.*}}MAP-108; sectors/request 4, distinct addresses 32 (for an interior block: the edge guard on bid.x holds for every lane)
    gpu.func @t18_pitch(%X: memref<1000x1000xf32>, %Y: memref<1000x1000xf32>, %W: memref<1000x1001xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c1000 = arith.constant 1000 : index
      %oy = arith.muli %by, %bdy : index
      %y = arith.addi %oy, %ty : index
      %ox = arith.muli %bx, %bdx : index
      %x = arith.addi %ox, %tx : index
      %a = memref.load %Y[%y, %x] : memref<1000x1000xf32>
      %b = memref.load %W[%y, %x] : memref<1000x1001xf32>
      %inside = arith.cmpi ult, %x, %c1000 : index
      scf.if %inside {
        %s = arith.addf %a, %b : f32
        memref.store %s, %X[%y, %x] : memref<1000x1000xf32>
      }
      gpu.return
    }

    /// T19 9-point stencil: X[i][j] = sum Y[i+a][j+b], a, b in {-1,0,1}, on
    /// interior points i = gy+1, j = gx+1 of 258x258 arrays (pitch 1032 B =
    /// 32*32 + 8), block 32x8. bid.y moves by 8*1032 = 32*258 B, bid.x by
    /// 128 B. The warp of row ty reads 128 B starting at 1032(ty+1+a) +
    /// 4(1+b) = 8(ty+1+a) + 4(1+b) mod 32:
    /// b = 0: 8(..) + 4 is never 0 mod 32: 5 sectors for every ty: 5.
    /// b = -1: 0 mod 32 iff ty+1+a = 0 mod 4: 2 of the 8 rows: (2*4 + 6*5)/8
    ///   = 4.75. b = +1: 8(ty+2+a) iff ty+2+a = 0 mod 4: also 4.75.
    /// The store X[i][j] (b = 0 position): 5. Y[i-1][j-1] has no offset:
    /// linear; the other 8 loads and the store are shifted. Every access is
    /// Single on eMAP-08: MAP-108 (grouping the nine into one Block
    /// reference is not done; the 9 instances are what trips Jang's
    /// duplication cap).
    // CHECK-LABEL: kernel: 't19_stencil9': block 32x8x1 (from known_block_size); 10 memory accesses
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x]; pattern linear across threads, uniform within a thread, MAP-108; sectors/request 4.75, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x + 1]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y, i1 = tid.x + 32*bid.x + 2]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 4.75, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y + 1, i1 = tid.x + 32*bid.x]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 4.75, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y + 1, i1 = tid.x + 32*bid.x + 1]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y + 1, i1 = tid.x + 32*bid.x + 2]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 4.75, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y + 2, i1 = tid.x + 32*bid.x]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 4.75, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y + 2, i1 = tid.x + 32*bid.x + 1]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 5, distinct addresses 32
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y + 2, i1 = tid.x + 32*bid.x + 2]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 4.75, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = tid.y + 8*bid.y + 1, i1 = tid.x + 32*bid.x + 1]; pattern shifted across threads, uniform within a thread, MAP-108; sectors/request 5, distinct addresses 32
    gpu.func @t19_stencil9(%X: memref<258x258xf32>, %Y: memref<258x258xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bdx = gpu.block_dim x
      %bdy = gpu.block_dim y
      %c1 = arith.constant 1 : index
      %oy = arith.muli %by, %bdy : index
      %gy = arith.addi %oy, %ty : index
      %ox = arith.muli %bx, %bdx : index
      %gx = arith.addi %ox, %tx : index
      %i = arith.addi %gy, %c1 : index
      %j = arith.addi %gx, %c1 : index
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %v0 = memref.load %Y[%im, %jm] : memref<258x258xf32>
      %v1 = memref.load %Y[%im, %j] : memref<258x258xf32>
      %v2 = memref.load %Y[%im, %jp] : memref<258x258xf32>
      %v3 = memref.load %Y[%i, %jm] : memref<258x258xf32>
      %v4 = memref.load %Y[%i, %j] : memref<258x258xf32>
      %v5 = memref.load %Y[%i, %jp] : memref<258x258xf32>
      %v6 = memref.load %Y[%ip, %jm] : memref<258x258xf32>
      %v7 = memref.load %Y[%ip, %j] : memref<258x258xf32>
      %v8 = memref.load %Y[%ip, %jp] : memref<258x258xf32>
      %s1 = arith.addf %v0, %v1 : f32
      %s2 = arith.addf %s1, %v2 : f32
      %s3 = arith.addf %s2, %v3 : f32
      %s4 = arith.addf %s3, %v4 : f32
      %s5 = arith.addf %s4, %v5 : f32
      %s6 = arith.addf %s5, %v6 : f32
      %s7 = arith.addf %s6, %v7 : f32
      %s8 = arith.addf %s7, %v8 : f32
      memref.store %s8, %X[%i, %j] : memref<258x258xf32>
      gpu.return
    }

    /// T20 invariant index: X[tid] = Y[0] + Y[k], k a kernel argument (all
    /// zero row; not Jang's same-address rule, which needs intrathread != 0:
    /// our deviation, a broadcast candidate). Y[0]: 1 sector, 1 address.
    /// Y[k]: the unknown k moves the one 4-byte address, which never
    /// straddles a sector: 1 sector, 1 address, known for every k. Both
    /// uniform across and within (a symbol alone is not a shift of anything
    /// that moves). X[gid]: 4 sectors.
    // CHECK-LABEL: kernel: 't20_invariant'
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = 0]; pattern uniform across threads, uniform within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: load arg 1 (global), 4 B x 1; indices [i0 = arg2]; pattern uniform across threads, uniform within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: store arg 0 (global), 4 B x 1; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @t20_invariant(%X: memref<4096xf32>, %Y: memref<1024xf32>, %k: index) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %gid = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %a = memref.load %Y[%c0] : memref<1024xf32>
      %b = memref.load %Y[%k] : memref<1024xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %X[%gid] : memref<4096xf32>
      gpu.return
    }
  }
}
