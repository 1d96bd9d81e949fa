// Expert rewrites of NVIDIA cuda-samples' matrix transpose kernels transposeNaive and
// transposeCoalesced (test/RealCode/transpose.mlir; GitHub NVIDIA/cuda-samples, commit
// c94ff366aed18c797b8a85dfaac7817b0228b420, Samples/6_Performance/transpose/transpose.cu), as
// a CUDA expert would write their memory accesses; same names, signatures and launch (grid
// 2x2 of 32x16 blocks, TILE_DIM = 32, BLOCK_ROWS = 16, width = height = 64). The sample is
// the expert's own sequence, so each rewrite is the sample's transposeNoBankConflicts, whose
// signature is the same (odata, idata, width, height):
// - transposeNaive: odata[index_out + i] = idata[index_in + i*width] puts the 32 lanes of a
//   warp height = 64 floats apart on the store, 32 sectors per request. The expert stages the
//   block's 32x32 tile in shared memory: coalesced rows of idata in
//   (tile[threadIdx.y + i][threadIdx.x]), a barrier, then coalesced rows of odata out, read
//   down a column of the tile (tile[threadIdx.x][threadIdx.y + i]), the tile padded to
//   [32][33] so that column is conflict-free (unpadded it is 32-way: transposeCoalesced).
//   Every element is moved, not computed: bit-identical.
// - transposeCoalesced: already staged and coalesced both ways; its unpadded tile's column
//   reads are 32-way bank conflicts (32 lanes 128 B apart). The expert pads the tile to
//   [32][33] (transposeNoBankConflicts): 1056 -> 64 wavefronts per block. Global accesses
//   unchanged.
// copySharedMem and transposeNoBankConflicts are left as written (their scoreboard lines say
// `as-written`): transposeNoBankConflicts is the sample's end point; copySharedMem is the
// sample's measure of the staging round trip (each thread reads back the element it stored;
// registers, the sample's `copy`, would move the same global sectors, and the round trip is
// the point of that kernel).
//
// Global sectors at the test launch (interp --trace; 4 blocks x 16 warps x 2 trips = 128
// requests per access, sum of requests*sectors_per_request):
//   transposeNaive as written: load 128 x 4 = 512, store 128 x 32 = 4096: 4608;
//     this rewrite: load 512, store 128 x 4 = 512: 1024.
//   transposeCoalesced as written and rewritten: 512 + 512 = 1024.

// RUN: gpu-mem-opt diff %S/../transpose.mlir --kernel transposeNaive --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64 --against %s
// RUN: gpu-mem-opt diff %S/../transpose.mlir --kernel transposeCoalesced --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64 --against %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // transposeNaive, written as the sample's transposeNoBankConflicts (coalesced transpose
    // through a padded tile)
    // __global__ void transposeNaive(float *odata, float *idata, int width, int height)
    gpu.func @transposeNaive(%odata: memref<?xf32>, %idata: memref<?xf32>, %width: i32, %height: i32)
        // __shared__ float tile[TILE_DIM][TILE_DIM + 1];
        workgroup(%tile : memref<32x33xf32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %TILE_DIM = arith.constant 32 : index
      %BLOCK_ROWS = arith.constant 16 : index
      %widthi = arith.index_cast %width : i32 to index
      %heighti = arith.index_cast %height : i32 to index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      // int xIndex   = blockIdx.x * TILE_DIM + threadIdx.x;
      %bxT = arith.muli %bx, %TILE_DIM : index
      %xIndex = arith.addi %bxT, %tx : index
      // int yIndex   = blockIdx.y * TILE_DIM + threadIdx.y;
      %byT = arith.muli %by, %TILE_DIM : index
      %yIndex = arith.addi %byT, %ty : index
      // int index_in = xIndex + (yIndex)*width;
      %yw = arith.muli %yIndex, %widthi : index
      %index_in = arith.addi %xIndex, %yw : index
      // xIndex        = blockIdx.y * TILE_DIM + threadIdx.x;
      %byT2 = arith.muli %by, %TILE_DIM : index
      %xIndex2 = arith.addi %byT2, %tx : index
      // yIndex        = blockIdx.x * TILE_DIM + threadIdx.y;
      %bxT2 = arith.muli %bx, %TILE_DIM : index
      %yIndex2 = arith.addi %bxT2, %ty : index
      // int index_out = xIndex + (yIndex)*height;
      %yh = arith.muli %yIndex2, %heighti : index
      %index_out = arith.addi %xIndex2, %yh : index
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width]; }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %iw = arith.muli %i, %widthi : index
        %src = arith.addi %index_in, %iw : index
        %v = memref.load %idata[%src] : memref<?xf32>
        %row = arith.addi %ty, %i : index
        memref.store %v, %tile[%row, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      }
      // cg::sync(cta);
      gpu.barrier
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i]; }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %col = arith.addi %ty, %i : index
        %v = memref.load %tile[%tx, %col] : memref<32x33xf32, #gpu.address_space<workgroup>>
        %ih = arith.muli %i, %heighti : index
        %dst = arith.addi %index_out, %ih : index
        memref.store %v, %odata[%dst] : memref<?xf32>
      }
      gpu.return
    }

    // transposeCoalesced with its tile padded: the sample's transposeNoBankConflicts
    // __global__ void transposeCoalesced(float *odata, float *idata, int width, int height)
    gpu.func @transposeCoalesced(%odata: memref<?xf32>, %idata: memref<?xf32>, %width: i32, %height: i32)
        // __shared__ float tile[TILE_DIM][TILE_DIM + 1];
        workgroup(%tile : memref<32x33xf32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %TILE_DIM = arith.constant 32 : index
      %BLOCK_ROWS = arith.constant 16 : index
      %widthi = arith.index_cast %width : i32 to index
      %heighti = arith.index_cast %height : i32 to index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      // int xIndex   = blockIdx.x * TILE_DIM + threadIdx.x;
      %bxT = arith.muli %bx, %TILE_DIM : index
      %xIndex = arith.addi %bxT, %tx : index
      // int yIndex   = blockIdx.y * TILE_DIM + threadIdx.y;
      %byT = arith.muli %by, %TILE_DIM : index
      %yIndex = arith.addi %byT, %ty : index
      // int index_in = xIndex + (yIndex)*width;
      %yw = arith.muli %yIndex, %widthi : index
      %index_in = arith.addi %xIndex, %yw : index
      // xIndex        = blockIdx.y * TILE_DIM + threadIdx.x;
      %byT2 = arith.muli %by, %TILE_DIM : index
      %xIndex2 = arith.addi %byT2, %tx : index
      // yIndex        = blockIdx.x * TILE_DIM + threadIdx.y;
      %bxT2 = arith.muli %bx, %TILE_DIM : index
      %yIndex2 = arith.addi %bxT2, %ty : index
      // int index_out = xIndex + (yIndex)*height;
      %yh = arith.muli %yIndex2, %heighti : index
      %index_out = arith.addi %xIndex2, %yh : index
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * width]; }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %iw = arith.muli %i, %widthi : index
        %src = arith.addi %index_in, %iw : index
        %v = memref.load %idata[%src] : memref<?xf32>
        %row = arith.addi %ty, %i : index
        memref.store %v, %tile[%row, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      }
      // cg::sync(cta);
      gpu.barrier
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i]; }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %col = arith.addi %ty, %i : index
        %v = memref.load %tile[%tx, %col] : memref<32x33xf32, #gpu.address_space<workgroup>>
        %ih = arith.muli %i, %heighti : index
        %dst = arith.addi %index_out, %ih : index
        memref.store %v, %odata[%dst] : memref<?xf32>
      }
      gpu.return
    }
  }
}
