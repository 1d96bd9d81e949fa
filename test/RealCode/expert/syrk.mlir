// Expert rewrite of syrk_kernel in test/RealCode/syrk.mlir (PolyBench/GPU SYRK; source: GitHub
// cavazos-lab/PolyBench-ACC, commit 70ea4ca9047dc4ec9c3ca79b4c91b3b2cc1510e7,
// CUDA/linear-algebra/kernels/syrk/syrk.cu), as a CUDA expert would change its memory accesses,
// for the same launch (grid 4x13, block 32x8, ni = NI = 100, nj = NJ = 80) and the same
// signature.
//
// What the expert changed and why (the k loop tiled as a GEMM, tiles of 32 k):
// - a[j * NJ + k] puts a warp's lanes (32 j) NJ floats apart, 32 sectors per request, and each
//   of its elements is read by all 8 warps of the block: the block's 32 j rows are staged per
//   tile as a 32x32 slab (rows j, columns k), loaded coalesced along k (8 rows a pass, 4
//   passes), into a shared tile padded to [32][33] so that the lanes' reads down their own row,
//   aj[tx][kk], are conflict-free.
// - a[i * NJ + k] is one broadcast per request, re-read by every warp per k: the block's 8 i rows
//   are staged as an 8x32 slab (one coalesced request per warp), read back as broadcasts.
// - c[i * NI + j] stays in a register across the k loop: loaded once, scaled by beta, stored
//   once (the source stores c * beta, then reads and writes c in each of the nj iterations).
// The sum of each c element is the same sum in the same order (k ascending, alpha * a_ik * a_jk
// as the source groups it); rows >= ni and columns >= nj are never loaded.
//
// Global sectors under the test launch (reasoned by hand; 400 warps have an i < 100 and a j <
// 100, 3.625 sectors each on c: 3 x 4 + 1 x 1 per 4 warps; a row of a is 320 B, 32-byte
// aligned, so a 32-float k segment is 4 sectors and the last 16-float one 2: 10 per row):
// - as written: c 400 x 3.625 x 2 before the loop + 32000 x 3.625 x 2 in it = 234900; a_ik
//   32000 x 1; a_jk 32000 x 25 = 800000: 1066900.
// - this rewrite: c 2 x 1450 = 2900; the j slabs 13 rows of blocks x (3 x 32 + 4) rows x 10 =
//   13000; the i slabs 4 columns of blocks x (12 x 8 + 4) rows x 10 = 4000: 19900.

// RUN: gpu-mem-opt diff %S/../syrk.mlir --kernel syrk_kernel --grid 4,13,1 --block 32,8,1 --arg 100 --arg 80 --arg 32412.0 --arg 2123.0 --arg random:1:8000 --arg random:2:10000 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @syrk_kernel(%ni: i32, %nj: i32, %alpha: f32, %beta: f32, %a: memref<?xf32>,
                          %c: memref<?xf32>)
        // __shared__ float ai[8][32];   (the block's i rows, a k tile)
        // __shared__ float aj[32][33];  (the block's j rows, a k tile, padded)
        workgroup(%ai : memref<8x32xf32, #gpu.address_space<workgroup>>,
                  %aj : memref<32x33xf32, #gpu.address_space<workgroup>>)
        kernel {
      %NI = arith.constant 100 : index
      %NJ = arith.constant 80 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
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
      // if ((i < _PB_NI) && (j < _PB_NI))
      %in_i = arith.cmpi slt, %i, %ni_idx : index
      %in_j = arith.cmpi slt, %j, %ni_idx : index
      %in = arith.andi %in_i, %in_j : i1
      %row = arith.muli %i, %NI : index
      %ij = arith.addi %row, %j : index
      // float cv = c[i * NI + j] * beta;   (register accumulator)
      %c_init = scf.if %in -> (f32) {
        %c_ij = memref.load %c[%ij] : memref<?xf32>
        %scaled = arith.mulf %c_ij, %beta : f32
        scf.yield %scaled : f32
      } else {
        scf.yield %zero : f32
      }
      // this thread's i row of a, for the i slab
      %i_row_ok = arith.cmpi slt, %i, %ni_idx : index
      %arow_i = arith.muli %i, %NJ : index
      %c_fin = scf.for %k0 = %c0 to %nj_idx step %c32 iter_args(%acc = %c_init) -> (f32) {
        %k = arith.addi %k0, %tid_x : index
        %k_ok = arith.cmpi slt, %k, %nj_idx : index
        // ai[ty][tx] = a[i * NJ + k0 + tx]
        %ai_ok = arith.andi %i_row_ok, %k_ok : i1
        scf.if %ai_ok {
          %g = arith.addi %arow_i, %k : index
          %v = memref.load %a[%g] : memref<?xf32>
          memref.store %v, %ai[%tid_y, %tid_x] : memref<8x32xf32, #gpu.address_space<workgroup>>
        }
        // aj[ty + 8p][tx] = a[(base_x + ty + 8p) * NJ + k0 + tx]
        scf.for %p = %c0 to %c32 step %c8 {
          %r = arith.addi %tid_y, %p : index
          %jr = arith.addi %base_x, %r : index
          %jr_ok = arith.cmpi slt, %jr, %ni_idx : index
          %ok = arith.andi %jr_ok, %k_ok : i1
          scf.if %ok {
            %g0 = arith.muli %jr, %NJ : index
            %g = arith.addi %g0, %k : index
            %v = memref.load %a[%g] : memref<?xf32>
            memref.store %v, %aj[%r, %tid_x] : memref<32x33xf32, #gpu.address_space<workgroup>>
          }
        }
        gpu.barrier
        %rest = arith.subi %nj_idx, %k0 : index
        %len = arith.minsi %rest, %c32 : index
        %acc2 = scf.if %in -> (f32) {
          %s = scf.for %kk = %c0 to %len step %c1 iter_args(%cv = %acc) -> (f32) {
            // c[i * NI + j] += alpha * a[i * NJ + k] * a[j * NJ + k];
            %a_ik = memref.load %ai[%tid_y, %kk] : memref<8x32xf32, #gpu.address_space<workgroup>>
            %a_jk = memref.load %aj[%tid_x, %kk] : memref<32x33xf32, #gpu.address_space<workgroup>>
            %t0 = arith.mulf %alpha, %a_ik : f32
            %t1 = arith.mulf %t0, %a_jk : f32
            %sum = arith.addf %cv, %t1 : f32
            scf.yield %sum : f32
          }
          scf.yield %s : f32
        } else {
          scf.yield %acc : f32
        }
        gpu.barrier
        scf.yield %acc2 : f32
      }
      scf.if %in {
        memref.store %c_fin, %c[%ij] : memref<?xf32>
      }
      gpu.return
    }
  }
}
