// Expert rewrite of mm2_kernel1 and mm2_kernel2 in test/RealCode/2mm.mlir (PolyBench/GPU 2MM;
// source: GitHub sgrauerg/polybenchGpu, commit 5584aaa7d0be810ff5eb0b61c49fb64ecc81ba4c,
// CUDA/2MM/2mm.cu), as a CUDA expert would change their memory accesses, for the same launches
// (block 32x8; grid 3x13 for kernel 1, 4x13 for kernel 2; ni, nj, nk, nl = 100, 90, 60, 110;
// NJ = 90, NK = 60, NL = 110 in the kernels) and the same signatures.
//
// What the expert changed and why (both kernels are GEMMs, the k loop tiled by 32):
// - The output (tmp[i * NJ + j], D[i * NL + j]) stays in a register across the k loop: kernel 1
//   starts from 0 (the source's `tmp[..] = 0`) and stores once; kernel 2 loads D once, scales it
//   by beta and stores once. The source loads and stores it in every iteration (2 of its 4
//   accesses a trip).
// - A[i * NK + k] (tmp[i * NJ + k]) is one broadcast per warp request (the 32 lanes share i and
//   k), re-read by the 3 (4) blocks of a block row and by every k: the block's 8 rows are staged
//   per 32-k tile as an 8x32 slab, warp ty loading row i's 32 consecutive k (one coalesced
//   request), read back as As[ty][kk], a broadcast (1 wavefront).
// - B[k * NJ + j] (C[k * NL + j]) is a coalesced row, but each element is read by all 8 warps of
//   the block: staged per tile as a 32x32 slab (warp ty loads rows ty, ty+8, ty+16, ty+24),
//   read back as Bs[kk][tx], 32 consecutive words in 32 banks: no padding needed.
// Loads are guarded by the array bounds (rows < ni, k < nk, columns < nj; zero-filled outside,
// never used by a thread inside the guard); every thread takes part in the copies and the two
// barriers of a tile, and only the guarded store is conditional. The last tile runs
// min(32, nk - k0) iterations. Each sum is the source's: the same terms in the same order (k
// ascending, (alpha * A) * B in kernel 1, from 0 and from D * beta), so the bits are the same.
// Register tiles (several outputs a thread) would cut the shared-memory reads per
// multiply-add, but the source's grid and block fix each thread's one output (and 39 or 52
// blocks leave the launch latency-bound).
//
// Global sectors under the test launch (hand count; interp --trace agrees). Rows of 90 floats
// (360 B) start 0, 8, 16, 24 B past a sector (i mod 4), rows of 110 (440 B) 0, 24, 16, 8 B, rows
// of 60 (240 B) 0 or 16 B; a 32-float chunk costs 4 sectors where it starts on a sector, else 5.
// mm2_kernel1 (300 of the 312 warps have an i < 100: the last block row's ty = 4..7 have none):
// - as written: the tmp = 0 store 1350 (per row 4.75 + 4.75 + 4 for the 26-float last
//   block: 100 x 13.5); in the loop A 300 x 60 x 1 = 18000, B 300 x 60 x 4.5 = 81000, tmp
//   load and store 2 x 81000: 262350.
// - this rewrite: A 3 blocks of columns x 100 rows x (4 or 5 + 4 for k 32..59) = 3 x 850 =
//   2550; B 13 block rows x (285 + 285 + 240) = 10530 (a block's 60 rows: 15 x 4 + 45 x 5, the
//   last block's 26 floats 60 x 4); tmp one store 1350: 14430.
// mm2_kernel2 (400 of the 416 warps have an i < 100):
// - as written: D load and store before the loop 2 x 1675 (per 4 rows 3 x (4+5+5+5) + the
//   14-float last block 2+3+3+2 = 67; 25 x 67); in the loop tmp 400 x 90 x 1 = 36000, C 100
//   rows i x (427 + 427 + 427 + 225) = 150600, D load and store 2 x 90 x 1675 = 301500: 491450.
// - this rewrite: D 1675 + 1675; tmp 4 blocks of columns x 100 rows x (4 or 5, 4 or 5, 4) =
//   4 x 1350 = 5400; C 13 block rows x (427 + 427 + 427 + 225) = 19578 (a block's 90 rows:
//   23 x 4 + 67 x 5, the last block's 14 floats 23 x 2 + 23 x 3 + 22 x 3 + 22 x 2): 28328.

// RUN: gpu-mem-opt diff %S/../2mm.mlir --kernel mm2_kernel1 --grid 3,13,1 --block 32,8,1 --arg 100 --arg 90 --arg 60 --arg 110 --arg 32412.0 --arg 2123.0 --arg random:1:9000 --arg random:2:6000 --arg random:3:5400 --against %s
// RUN: gpu-mem-opt diff %S/../2mm.mlir --kernel mm2_kernel2 --grid 4,13,1 --block 32,8,1 --arg 100 --arg 90 --arg 60 --arg 110 --arg 32412.0 --arg 2123.0 --arg random:1:9000 --arg random:4:9900 --arg random:5:11000 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // mm2_kernel1 with tmp[i * NJ + j] in a register and the k loop tiled by 32 through shared
    // slabs of A (the block's 8 rows) and B (the block's 32 columns).
    // __global__ void mm2_kernel1(int ni, int nj, int nk, int nl, DATA_TYPE alpha,
    //                             DATA_TYPE beta, DATA_TYPE *tmp, DATA_TYPE *A, DATA_TYPE *B)
    gpu.func @mm2_kernel1(%ni: i32, %nj: i32, %nk: i32, %nl: i32, %alpha: f32, %beta: f32,
                          %tmp: memref<?xf32>, %A: memref<?xf32>, %B: memref<?xf32>)
        // __shared__ float As[8][32];   (rows i of the block, a k tile)
        // __shared__ float Bs[32][32];  (a k tile, columns j of the block)
        workgroup(%As : memref<8x32xf32, #gpu.address_space<workgroup>>,
                  %Bs : memref<32x32xf32, #gpu.address_space<workgroup>>)
        kernel {
      %NJ = arith.constant 90 : index
      %NK = arith.constant 60 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid_x = gpu.block_id x
      %bdim_x = gpu.block_dim x
      %tid_x = gpu.thread_id x
      %base_x = arith.muli %bid_x, %bdim_x : index
      %j = arith.addi %base_x, %tid_x : index
      // int i = blockIdx.y * blockDim.y + threadIdx.y;
      %bid_y = gpu.block_id y
      %bdim_y = gpu.block_dim y
      %tid_y = gpu.thread_id y
      %base_y = arith.muli %bid_y, %bdim_y : index
      %i = arith.addi %base_y, %tid_y : index
      %ni_idx = arith.index_cast %ni : i32 to index
      %nj_idx = arith.index_cast %nj : i32 to index
      %nk_idx = arith.index_cast %nk : i32 to index
      %in_i = arith.cmpi slt, %i, %ni_idx : index
      %in_j = arith.cmpi slt, %j, %nj_idx : index
      %in = arith.andi %in_i, %in_j : i1
      %arow = arith.muli %i, %NK : index
      // float sum = 0;  (tmp[i * NJ + j] = 0)
      // for (k0 = 0; k0 < nk; k0 += 32) {
      %sum = scf.for %k0 = %c0 to %nk_idx step %c32 iter_args(%acc = %zero) -> (f32) {
        // As[ty][tx] = (i < ni && k0 + tx < nk) ? A[i * NK + k0 + tx] : 0;
        %ka = arith.addi %k0, %tid_x : index
        %ka_in = arith.cmpi slt, %ka, %nk_idx : index
        %a_in = arith.andi %in_i, %ka_in : i1
        %av = scf.if %a_in -> (f32) {
          %ik = arith.addi %arow, %ka : index
          %v = memref.load %A[%ik] : memref<?xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %av, %As[%tid_y, %tid_x] : memref<8x32xf32, #gpu.address_space<workgroup>>
        // for (r = 0; r < 4; r++)
        //   Bs[ty + 8r][tx] = (k0 + ty + 8r < nk && j < nj) ? B[(k0 + ty + 8r) * NJ + j] : 0;
        scf.for %r = %c0 to %c4 step %c1 {
          %r8 = arith.muli %r, %c8 : index
          %kr = arith.addi %tid_y, %r8 : index
          %kb = arith.addi %k0, %kr : index
          %kb_in = arith.cmpi slt, %kb, %nk_idx : index
          %b_in = arith.andi %kb_in, %in_j : i1
          %bv = scf.if %b_in -> (f32) {
            %brow = arith.muli %kb, %NJ : index
            %kj = arith.addi %brow, %j : index
            %v = memref.load %B[%kj] : memref<?xf32>
            scf.yield %v : f32
          } else {
            scf.yield %zero : f32
          }
          memref.store %bv, %Bs[%kr, %tid_x] : memref<32x32xf32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
        // for (kk = 0; kk < min(32, nk - k0); kk++) sum += alpha * As[ty][kk] * Bs[kk][tx];
        %left = arith.subi %nk_idx, %k0 : index
        %kn = arith.minsi %left, %c32 : index
        %next = scf.for %kk = %c0 to %kn step %c1 iter_args(%s = %acc) -> (f32) {
          %a_ik = memref.load %As[%tid_y, %kk] : memref<8x32xf32, #gpu.address_space<workgroup>>
          %b_kj = memref.load %Bs[%kk, %tid_x] : memref<32x32xf32, #gpu.address_space<workgroup>>
          %t0 = arith.mulf %alpha, %a_ik : f32
          %t1 = arith.mulf %t0, %b_kj : f32
          %s1 = arith.addf %s, %t1 : f32
          scf.yield %s1 : f32
        }
        // __syncthreads();
        gpu.barrier
        scf.yield %next : f32
      }
      // if ((i < _PB_NI) && (j < _PB_NJ)) tmp[i * NJ + j] = sum;
      scf.if %in {
        %row = arith.muli %i, %NJ : index
        %ij = arith.addi %row, %j : index
        memref.store %sum, %tmp[%ij] : memref<?xf32>
      }
      gpu.return
    }

    // mm2_kernel2 with D[i * NL + j] in a register and the k loop tiled by 32 through shared
    // slabs of tmp (the block's 8 rows) and C (the block's 32 columns).
    // __global__ void mm2_kernel2(int ni, int nj, int nk, int nl, DATA_TYPE alpha,
    //                             DATA_TYPE beta, DATA_TYPE *tmp, DATA_TYPE *C, DATA_TYPE *D)
    gpu.func @mm2_kernel2(%ni: i32, %nj: i32, %nk: i32, %nl: i32, %alpha: f32, %beta: f32,
                          %tmp: memref<?xf32>, %C: memref<?xf32>, %D: memref<?xf32>)
        // __shared__ float Ts[8][32];   (rows i of the block, a k tile)
        // __shared__ float Cs[32][32];  (a k tile, columns j of the block)
        workgroup(%Ts : memref<8x32xf32, #gpu.address_space<workgroup>>,
                  %Cs : memref<32x32xf32, #gpu.address_space<workgroup>>)
        kernel {
      %NJ = arith.constant 90 : index
      %NL = arith.constant 110 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid_x = gpu.block_id x
      %bdim_x = gpu.block_dim x
      %tid_x = gpu.thread_id x
      %base_x = arith.muli %bid_x, %bdim_x : index
      %j = arith.addi %base_x, %tid_x : index
      // int i = blockIdx.y * blockDim.y + threadIdx.y;
      %bid_y = gpu.block_id y
      %bdim_y = gpu.block_dim y
      %tid_y = gpu.thread_id y
      %base_y = arith.muli %bid_y, %bdim_y : index
      %i = arith.addi %base_y, %tid_y : index
      %ni_idx = arith.index_cast %ni : i32 to index
      %nj_idx = arith.index_cast %nj : i32 to index
      %nl_idx = arith.index_cast %nl : i32 to index
      %in_i = arith.cmpi slt, %i, %ni_idx : index
      %in_j = arith.cmpi slt, %j, %nl_idx : index
      %in = arith.andi %in_i, %in_j : i1
      %row = arith.muli %i, %NL : index
      %ij = arith.addi %row, %j : index
      // float sum = (i < ni && j < nl) ? D[i * NL + j] * beta : 0;
      %init = scf.if %in -> (f32) {
        %d_ij = memref.load %D[%ij] : memref<?xf32>
        %scaled = arith.mulf %d_ij, %beta : f32
        scf.yield %scaled : f32
      } else {
        scf.yield %zero : f32
      }
      %trow = arith.muli %i, %NJ : index
      // for (k0 = 0; k0 < nj; k0 += 32) {
      %sum = scf.for %k0 = %c0 to %nj_idx step %c32 iter_args(%acc = %init) -> (f32) {
        // Ts[ty][tx] = (i < ni && k0 + tx < nj) ? tmp[i * NJ + k0 + tx] : 0;
        %kt = arith.addi %k0, %tid_x : index
        %kt_in = arith.cmpi slt, %kt, %nj_idx : index
        %t_in = arith.andi %in_i, %kt_in : i1
        %tv = scf.if %t_in -> (f32) {
          %ik = arith.addi %trow, %kt : index
          %v = memref.load %tmp[%ik] : memref<?xf32>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %tv, %Ts[%tid_y, %tid_x] : memref<8x32xf32, #gpu.address_space<workgroup>>
        // for (r = 0; r < 4; r++)
        //   Cs[ty + 8r][tx] = (k0 + ty + 8r < nj && j < nl) ? C[(k0 + ty + 8r) * NL + j] : 0;
        scf.for %r = %c0 to %c4 step %c1 {
          %r8 = arith.muli %r, %c8 : index
          %kr = arith.addi %tid_y, %r8 : index
          %kc = arith.addi %k0, %kr : index
          %kc_in = arith.cmpi slt, %kc, %nj_idx : index
          %c_in = arith.andi %kc_in, %in_j : i1
          %cv = scf.if %c_in -> (f32) {
            %crow = arith.muli %kc, %NL : index
            %kj = arith.addi %crow, %j : index
            %v = memref.load %C[%kj] : memref<?xf32>
            scf.yield %v : f32
          } else {
            scf.yield %zero : f32
          }
          memref.store %cv, %Cs[%kr, %tid_x] : memref<32x32xf32, #gpu.address_space<workgroup>>
        }
        // __syncthreads();
        gpu.barrier
        // for (kk = 0; kk < min(32, nj - k0); kk++) sum += Ts[ty][kk] * Cs[kk][tx];
        %left = arith.subi %nj_idx, %k0 : index
        %kn = arith.minsi %left, %c32 : index
        %next = scf.for %kk = %c0 to %kn step %c1 iter_args(%s = %acc) -> (f32) {
          %t_ik = memref.load %Ts[%tid_y, %kk] : memref<8x32xf32, #gpu.address_space<workgroup>>
          %c_kj = memref.load %Cs[%kk, %tid_x] : memref<32x32xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %t_ik, %c_kj : f32
          %s1 = arith.addf %s, %p : f32
          scf.yield %s1 : f32
        }
        // __syncthreads();
        gpu.barrier
        scf.yield %next : f32
      }
      // if ((i < _PB_NI) && (j < _PB_NL)) D[i * NL + j] = sum;
      scf.if %in {
        memref.store %sum, %D[%ij] : memref<?xf32>
      }
      gpu.return
    }
  }
}
