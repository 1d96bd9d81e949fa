// Expert rewrite of test/RealCode/mvt.mlir, kernels mvt_kernel1 and mvt_kernel2: PolyBench/GPU
// MVT (x1 += A y_1, x2 += A^T y_2), source GitHub cavazos-lab/PolyBench-ACC,
// CUDA/linear-algebra/kernels/mvt/mvt.cu. Same names, signatures and launch as the original's
// `diff --kernel` lines (grid 4x1x1, block 32x8x1, n = 100, N = 100 in the kernels).
// The 32x8 block is the source's; the source's kernels use only threadIdx.x, so 8 threads per
// x1[i] / x2[i] (one per threadIdx.y) race, writing the same values. Here all 256 threads fill
// the shared tiles, and the threadIdx.y = 0 warp alone sums each output (from its value before
// the kernel, j = 0, 1, ... in the original's order) in a register and stores it once: the
// same bits the original leaves.
//
// mvt_kernel1 (x1[i] += a[i*N+j] * y_1[j], a row of a per thread): the original's lanes read a
// 400 bytes apart (32 sectors a warp request) and load and store x1[i] in every iteration. The
// expert stages a 32x32 tile of a (the block's 32 rows, 32 columns of j) through shared memory,
// read coalesced by rows (warp threadIdx.y = w loads rows w, w+8, w+16, w+24, lane = column),
// used by columns (thread tx reads tile[tx][jj]) and padded to [32][33] so that the column reads
// fall in 32 different banks; the tile's 32 y_1[j] are read once into shared memory; x1[i] is
// loaded once into a register and stored once. Edge tiles (rows or columns >= 100) load nothing
// out of range: the loads are guarded, not clamped.
// mvt_kernel2 (x2[i] += a[j*N+i] * y_2[j], a column of a per thread): coalesced already (a warp
// reads 32 consecutive floats of a row), but read 8 times over by the racing copies; the expert
// reads each 32x32 tile of a and the tile's 32 y_2[j] once for the block into shared memory and
// keeps x2[i] in a register. The tile is read by rows (tile[jj][tx]): conflict-free unpadded.
//
// Global sectors under the test launch (hand count; the interpreter agrees, --trace):
// mvt_kernel1 as written: a 3 blocks x 8 warps x 100 x 32 + 8 x 100 x 4 = 80000; y_1[j] 3200 (a
// broadcast sector a request); x1[i] load and store each 8 x 100 x (4+4+4+1) = 10400: 104000.
// Rewrite: a read once, each row in chunks of 32, 32, 32, 4 floats; a row starts 400*i bytes
// in, 16 bytes off a sector for odd i, so an even row costs 4+4+4+1 = 13 sectors and an odd one
// 5+5+5+1 = 16: 50*13 + 50*16 = 1450; y_1 4 blocks x 13 = 52; x1 load 13 and store 13: 1528.
// mvt_kernel2 as written: a 8 warps x 100 rows x 4 blocks, 32 floats (4 or 5 sectors; 4 floats
// in block 3) = 8 x 1450 = 11600; y_2[j] 3200; x2[i] load and store each 10400: 35600.
// Rewrite: a once, 1450; y_2 52; x2 13 + 13: 1528.

// RUN: gpu-mem-opt diff %S/../mvt.mlir --kernel mvt_kernel1 --grid 4,1,1 --block 32,8,1 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:4:100 --against %s
// RUN: gpu-mem-opt diff %S/../mvt.mlir --kernel mvt_kernel2 --grid 4,1,1 --block 32,8,1 --arg 100 --arg random:1:10000 --arg random:3:100 --arg random:5:100 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void mvt_kernel1(int n, DATA_TYPE *a, DATA_TYPE *x1, DATA_TYPE *y_1)
    // __shared__ float as[32][33], ys[32];
    gpu.func @mvt_kernel1(%n: i32, %a: memref<?xf32>, %x1: memref<?xf32>,
                          %y_1: memref<?xf32>)
        workgroup(%as: memref<32x33xf32, #gpu.address_space<workgroup>>,
                  %ys: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %N = arith.constant 100 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      // int i = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tx : index
      %n_idx = arith.index_cast %n : i32 to index
      // the thread that sums x1[i]: i < n, threadIdx.y == 0; float sum = x1[i];
      %in = arith.cmpi slt, %i, %n_idx : index
      %y0 = arith.cmpi eq, %ty, %c0 : index
      %own = arith.andi %in, %y0 : i1
      %init = scf.if %own -> (f32) {
        %xi = memref.load %x1[%i] : memref<?xf32>
        scf.yield %xi : f32
      } else {
        scf.yield %zero : f32
      }
      // for (j0 = 0; j0 < n; j0 += 32): one 32x32 tile of a and 32 y_1[j] per step
      %sum = scf.for %j0 = %c0 to %n_idx step %c32 iter_args(%acc = %init) -> (f32) {
        %col = arith.addi %j0, %tx : index
        %col_in = arith.cmpi slt, %col, %n_idx : index
        // as[r][tx] = a[(base + r)*N + j0 + tx], r = threadIdx.y + 8k: a row per warp request
        scf.for %r0 = %c0 to %c32 step %c8 {
          %r = arith.addi %r0, %ty : index
          %row = arith.addi %base, %r : index
          %row_in = arith.cmpi slt, %row, %n_idx : index
          %ok = arith.andi %row_in, %col_in : i1
          scf.if %ok {
            %rowoff = arith.muli %row, %N : index
            %idx = arith.addi %rowoff, %col : index
            %av = memref.load %a[%idx] : memref<?xf32>
            memref.store %av, %as[%r, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
          }
        }
        // ys[tx] = y_1[j0 + tx], by the threadIdx.y == 0 warp
        %yok = arith.andi %y0, %col_in : i1
        scf.if %yok {
          %yv = memref.load %y_1[%col] : memref<?xf32>
          memref.store %yv, %ys[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        // x1[i] += as[tx][jj] * ys[jj] for the tile's columns, in order, in a register
        %rest = arith.subi %n_idx, %j0 : index
        %len = arith.minsi %rest, %c32 : index
        %next = scf.if %own -> (f32) {
          %s = scf.for %jj = %c0 to %len step %c1 iter_args(%t = %acc) -> (f32) {
            %aij = memref.load %as[%tx, %jj] : memref<32x33xf32, #gpu.address_space<workgroup>>
            %yj = memref.load %ys[%jj] : memref<32xf32, #gpu.address_space<workgroup>>
            %prod = arith.mulf %aij, %yj : f32
            %t2 = arith.addf %t, %prod : f32
            scf.yield %t2 : f32
          }
          scf.yield %s : f32
        } else {
          scf.yield %acc : f32
        }
        gpu.barrier
        scf.yield %next : f32
      }
      scf.if %own {
        memref.store %sum, %x1[%i] : memref<?xf32>
      }
      gpu.return
    }

    // __global__ void mvt_kernel2(int n, DATA_TYPE *a, DATA_TYPE *x2, DATA_TYPE *y_2)
    // __shared__ float as[32][32], ys[32];
    gpu.func @mvt_kernel2(%n: i32, %a: memref<?xf32>, %x2: memref<?xf32>,
                          %y_2: memref<?xf32>)
        workgroup(%as: memref<32x32xf32, #gpu.address_space<workgroup>>,
                  %ys: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %N = arith.constant 100 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      // int i = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tx : index
      %n_idx = arith.index_cast %n : i32 to index
      // the thread that sums x2[i]: i < n, threadIdx.y == 0; float sum = x2[i];
      %in = arith.cmpi slt, %i, %n_idx : index
      %y0 = arith.cmpi eq, %ty, %c0 : index
      %own = arith.andi %in, %y0 : i1
      %init = scf.if %own -> (f32) {
        %xi = memref.load %x2[%i] : memref<?xf32>
        scf.yield %xi : f32
      } else {
        scf.yield %zero : f32
      }
      // for (j0 = 0; j0 < n; j0 += 32): one 32x32 tile of a and 32 y_2[j] per step
      %sum = scf.for %j0 = %c0 to %n_idx step %c32 iter_args(%acc = %init) -> (f32) {
        // as[r][tx] = a[(j0 + r)*N + i], r = threadIdx.y + 8k: a row per warp request
        scf.for %r0 = %c0 to %c32 step %c8 {
          %r = arith.addi %r0, %ty : index
          %row = arith.addi %j0, %r : index
          %row_in = arith.cmpi slt, %row, %n_idx : index
          %ok = arith.andi %row_in, %in : i1
          scf.if %ok {
            %rowoff = arith.muli %row, %N : index
            %idx = arith.addi %rowoff, %i : index
            %av = memref.load %a[%idx] : memref<?xf32>
            memref.store %av, %as[%r, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
          }
        }
        // ys[tx] = y_2[j0 + tx], by the threadIdx.y == 0 warp
        %yj_idx = arith.addi %j0, %tx : index
        %yj_in = arith.cmpi slt, %yj_idx, %n_idx : index
        %yok = arith.andi %y0, %yj_in : i1
        scf.if %yok {
          %yv = memref.load %y_2[%yj_idx] : memref<?xf32>
          memref.store %yv, %ys[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        // x2[i] += as[jj][tx] * ys[jj] for the tile's rows, in order, in a register
        %rest = arith.subi %n_idx, %j0 : index
        %len = arith.minsi %rest, %c32 : index
        %next = scf.if %own -> (f32) {
          %s = scf.for %jj = %c0 to %len step %c1 iter_args(%t = %acc) -> (f32) {
            %aji = memref.load %as[%jj, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
            %yj = memref.load %ys[%jj] : memref<32xf32, #gpu.address_space<workgroup>>
            %prod = arith.mulf %aji, %yj : f32
            %t2 = arith.addf %t, %prod : f32
            scf.yield %t2 : f32
          }
          scf.yield %s : f32
        } else {
          scf.yield %acc : f32
        }
        gpu.barrier
        scf.yield %next : f32
      }
      scf.if %own {
        memref.store %sum, %x2[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
