// Expert rewrite of test/RealCode/atax.mlir, kernels atax_kernel1 and atax_kernel2: PolyBench/GPU
// ATAX (tmp = A x, y = A^T tmp), source GitHub cavazos-lab/PolyBench-ACC,
// CUDA/linear-algebra/kernels/atax/atax.cu. Same names, signatures and launch as the original's
// `diff --kernel` lines (grid 4x1x1, block 32x8x1, nx = ny = 100, NY = 100 in the kernels).
// The 32x8 block is the source's; the source's kernels use only threadIdx.x, so 8 threads per
// output (one per threadIdx.y) race, writing the same values. Here all 256 threads fill the
// shared tiles, and the threadIdx.y = 0 warp alone sums each output (in the original's order,
// j = 0, 1, ... from 0.0) in a register and stores it once: the same bits the original leaves.
//
// atax_kernel1 (tmp[i] = sum_j A[i*NY+j] * x[j], a row of A per thread): the original's lanes
// read A 400 bytes apart (32 sectors a warp request) and load and store tmp[i] in every
// iteration. The expert stages a 32x32 tile of A (the block's 32 rows, 32 columns of j) through
// shared memory, read coalesced by rows (warp threadIdx.y = w loads rows w, w+8, w+16, w+24,
// lane = column), used by columns (thread tx reads tile[tx][jj]) and padded to [32][33] so that
// the column reads fall in 32 different banks; the tile's 32 x[j] are read once into shared
// memory; tmp[i] stays in a register, stored once. Edge tiles (rows or columns >= 100) load
// nothing out of range: the loads are guarded, not clamped.
// atax_kernel2 (y[j] = sum_i A[i*NY+j] * tmp[i], a column of A per thread): coalesced already
// (a warp reads 32 consecutive floats of a row); the expert keeps y[j] in a register, stores it
// once, and reads each 32x32 tile of A and the tile's 32 tmp[i] once for the block into shared
// memory (the 8 racing copies then read A once, not 8 times). The tile is read by rows
// (tile[ii][tx]): conflict-free unpadded.
//
// Global sectors under the test launch (hand count; the interpreter agrees, --trace):
// atax_kernel1 as written: A 3 blocks x 8 warps x 100 x 32 + 8 x 100 x 4 = 80000; x[j] 3200
// (a broadcast sector a request); tmp[i] load and store each 8 x 100 x (4+4+4+1) = 10400; the
// tmp[i] = 0 store 104: 104104. Rewrite: A read once, each row in chunks of 32, 32, 32, 4
// floats; a row starts 400*i bytes in, 16 bytes off a sector for odd i, so an even row costs
// 4+4+4+1 = 13 sectors and an odd one 5+5+5+1 = 16: 50*13 + 50*16 = 1450; x 4 blocks x 13 =
// 52; tmp 13: 1515.
// atax_kernel2 as written: A 8 warps x 100 rows x 4 blocks, 32 floats (4 or 5 sectors; 4
// floats in block 3) = 8 x 1450 = 11600; tmp[i] 3200; y[j] load and store each 10400; y[j] = 0
// 104: 35704. Rewrite: A once, 1450; tmp 52; y 13: 1515.

// RUN: gpu-mem-opt diff %S/../atax.mlir --kernel atax_kernel1 --grid 4,1,1 --block 32,8,1 --arg 100 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:3:100 --against %s
// RUN: gpu-mem-opt diff %S/../atax.mlir --kernel atax_kernel2 --grid 4,1,1 --block 32,8,1 --arg 100 --arg 100 --arg random:1:10000 --arg random:2:100 --arg random:3:100 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // __global__ void atax_kernel1(int nx, int ny, DATA_TYPE *A, DATA_TYPE *x, DATA_TYPE *tmp)
    // __shared__ float As[32][33], xs[32];
    gpu.func @atax_kernel1(%nx: i32, %ny: i32, %A: memref<?xf32>, %x: memref<?xf32>,
                           %tmp: memref<?xf32>)
        workgroup(%As: memref<32x33xf32, #gpu.address_space<workgroup>>,
                  %xs: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %NY = arith.constant 100 : index
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
      %nx_idx = arith.index_cast %nx : i32 to index
      %ny_idx = arith.index_cast %ny : i32 to index
      // the thread that sums tmp[i]: i < nx, threadIdx.y == 0
      %in = arith.cmpi slt, %i, %nx_idx : index
      %y0 = arith.cmpi eq, %ty, %c0 : index
      %own = arith.andi %in, %y0 : i1
      // for (j0 = 0; j0 < ny; j0 += 32): one 32x32 tile of A and 32 x[j] per step
      %sum = scf.for %j0 = %c0 to %ny_idx step %c32 iter_args(%acc = %zero) -> (f32) {
        %col = arith.addi %j0, %tx : index
        %col_in = arith.cmpi slt, %col, %ny_idx : index
        // As[r][tx] = A[(base + r)*NY + j0 + tx], r = threadIdx.y + 8k: a row per warp request
        scf.for %r0 = %c0 to %c32 step %c8 {
          %r = arith.addi %r0, %ty : index
          %row = arith.addi %base, %r : index
          %row_in = arith.cmpi slt, %row, %nx_idx : index
          %ok = arith.andi %row_in, %col_in : i1
          scf.if %ok {
            %rowoff = arith.muli %row, %NY : index
            %idx = arith.addi %rowoff, %col : index
            %a = memref.load %A[%idx] : memref<?xf32>
            memref.store %a, %As[%r, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
          }
        }
        // xs[tx] = x[j0 + tx], by the threadIdx.y == 0 warp
        %xok = arith.andi %y0, %col_in : i1
        scf.if %xok {
          %xv = memref.load %x[%col] : memref<?xf32>
          memref.store %xv, %xs[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        // tmp[i] += As[tx][jj] * xs[jj] for the tile's columns, in order, in a register
        %rest = arith.subi %ny_idx, %j0 : index
        %len = arith.minsi %rest, %c32 : index
        %next = scf.if %own -> (f32) {
          %s = scf.for %jj = %c0 to %len step %c1 iter_args(%t = %acc) -> (f32) {
            %a = memref.load %As[%tx, %jj] : memref<32x33xf32, #gpu.address_space<workgroup>>
            %xj = memref.load %xs[%jj] : memref<32xf32, #gpu.address_space<workgroup>>
            %prod = arith.mulf %a, %xj : f32
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
        memref.store %sum, %tmp[%i] : memref<?xf32>
      }
      gpu.return
    }

    // __global__ void atax_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *y, DATA_TYPE *tmp)
    // __shared__ float As[32][32], ts[32];
    gpu.func @atax_kernel2(%nx: i32, %ny: i32, %A: memref<?xf32>, %y: memref<?xf32>,
                           %tmp: memref<?xf32>)
        workgroup(%As: memref<32x32xf32, #gpu.address_space<workgroup>>,
                  %ts: memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %NY = arith.constant 100 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      // int j = blockIdx.x * blockDim.x + threadIdx.x;
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %base = arith.muli %bid, %bdim : index
      %j = arith.addi %base, %tx : index
      %nx_idx = arith.index_cast %nx : i32 to index
      %ny_idx = arith.index_cast %ny : i32 to index
      // the thread that sums y[j]: j < ny, threadIdx.y == 0
      %in = arith.cmpi slt, %j, %ny_idx : index
      %y0 = arith.cmpi eq, %ty, %c0 : index
      %own = arith.andi %in, %y0 : i1
      // for (i0 = 0; i0 < nx; i0 += 32): one 32x32 tile of A and 32 tmp[i] per step
      %sum = scf.for %i0 = %c0 to %nx_idx step %c32 iter_args(%acc = %zero) -> (f32) {
        // As[r][tx] = A[(i0 + r)*NY + j], r = threadIdx.y + 8k: a row per warp request
        scf.for %r0 = %c0 to %c32 step %c8 {
          %r = arith.addi %r0, %ty : index
          %row = arith.addi %i0, %r : index
          %row_in = arith.cmpi slt, %row, %nx_idx : index
          %ok = arith.andi %row_in, %in : i1
          scf.if %ok {
            %rowoff = arith.muli %row, %NY : index
            %idx = arith.addi %rowoff, %j : index
            %a = memref.load %A[%idx] : memref<?xf32>
            memref.store %a, %As[%r, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
          }
        }
        // ts[tx] = tmp[i0 + tx], by the threadIdx.y == 0 warp
        %ti_idx = arith.addi %i0, %tx : index
        %ti_in = arith.cmpi slt, %ti_idx, %nx_idx : index
        %tok = arith.andi %y0, %ti_in : i1
        scf.if %tok {
          %tv = memref.load %tmp[%ti_idx] : memref<?xf32>
          memref.store %tv, %ts[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        // y[j] += As[ii][tx] * ts[ii] for the tile's rows, in order, in a register
        %rest = arith.subi %nx_idx, %i0 : index
        %len = arith.minsi %rest, %c32 : index
        %next = scf.if %own -> (f32) {
          %s = scf.for %ii = %c0 to %len step %c1 iter_args(%t = %acc) -> (f32) {
            %a = memref.load %As[%ii, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
            %ti = memref.load %ts[%ii] : memref<32xf32, #gpu.address_space<workgroup>>
            %prod = arith.mulf %a, %ti : f32
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
        memref.store %sum, %y[%j] : memref<?xf32>
      }
      gpu.return
    }
  }
}
