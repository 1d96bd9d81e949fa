// NVIDIA cuda-samples matrix transpose, ported as its CUDA source writes it: the kernels
// copySharedMem, transposeNaive, transposeCoalesced and transposeNoBankConflicts, and the host
// code of main that launches them.
// Source: GitHub NVIDIA/cuda-samples, commit c94ff366aed18c797b8a85dfaac7817b0228b420,
// Samples/6_Performance/transpose/transpose.cu.
// TILE_DIM = 32 and BLOCK_ROWS = 16 as #defined at this commit (the whitepaper and older
// versions of the sample have BLOCK_ROWS 8; TILE_DIM was 16 until efb46383, Feb 2025): a
// 32x16 block moves a 32x32 tile, each thread 2 elements (i = 0, 16). Each float* parameter
// (odata, idata) is a memref<?xf32> indexed flat as written (idata[index_in + i * width],
// odata[index_out + i], odata[index_out + i * height], ...); int width, height are i32 and the
// int arithmetic (xIndex, yIndex, index, index_in, index_out) is index arithmetic on their
// index_casts, in the source's order; blockIdx * TILE_DIM + threadIdx as written.
// `__shared__ float tile[TILE_DIM][TILE_DIM]` is a workgroup attribution of memref<32x32xf32>,
// transposeNoBankConflicts' `tile[TILE_DIM][TILE_DIM + 1]` one of memref<32x33xf32>, indexed
// [threadIdx.y + i][threadIdx.x] and [threadIdx.x][threadIdx.y + i] as written;
// cg::sync(cta) (the cooperative-groups __syncthreads) is gpu.barrier. Each
// `for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS)` is an scf.for from 0 to 32 by 16.
// copySharedMem's guards `if (xIndex < width && yIndex < height)` (load) and
// `if (xIndex < height && yIndex < width)` (store; width and height swapped as written) are
// signed compares joined by arith.andi (both sides are side-effect free) around an scf.if.
// Host: main's loop `for (int k = 0; k < 8; k++)` over the switch of kernel pointers is
// unrolled to its cases k = 1..4 (the four kernels above); copy (k = 0), transposeCoarseGrained,
// transposeFineGrained (partial transposes) and transposeDiagonal are left out. For each:
// the warmup launch, then NUM_REPS launches (2 here, the source's 100; every launch writes the
// same odata), the two cudaMemcpy of d_odata back to h_odata (compareData after each), the
// loop zeroing h_odata and its copy to d_odata, as written. grid = (size_x / TILE_DIM,
// size_y / TILE_DIM), threads = (TILE_DIM, BLOCK_ROWS), computed as the source does. h_idata
// is initialized by the host loop h_idata[i] = (float)i as written (every element distinct,
// so a misplaced one shows in the diff; exact in f32 below 2^24); h_idata and h_odata, the
// malloc'd host buffers, are main's two arguments. Left out: the device query and the
// scale_factor/MAX_TILES arithmetic that pick the size, getParams' argument parsing,
// printf, the CUDA events and timing, computeTransposeGold and compareData (the check
// against the gold transpose: done in the Python check below instead), error checks.
// Size: size_x = size_y = 64 (grid 2x2 of 32x16 blocks; the source's default is at least
// 512x512). Square, because main exits on size_x != size_y ("does not support non-square
// matrices") and copySharedMem's store guard compares xIndex with height and yIndex with
// width: at 96x64 its blocks with blockIdx.x = 2 (xIndex >= 64) would write nothing (2048 of
// the 6144 elements; checked), while the three transposes are right at 96x64 too.
// Checked numerically: a plain-Python transcription of the four kernels (blocks run one by
// one, the barrier as a phase split) gives the interpreter's odata bit for bit, on
// h_idata = (float)i and on random:1, for each kernel alone at 64x64 (and at 96x64); a copy
// of main that also copies d_odata out after each kernel gives idata back for copySharedMem
// and the gold transpose (computeTransposeGold) for the other three.

// RUN: gpu-mem-opt interp %s --entry main --arg zeros:4096 --arg zeros:4096
// RUN: gpu-mem-opt diff %s --entry main --arg zeros:4096 --arg zeros:4096 | FileCheck %s --check-prefix=PROGRAM
// The kernels optimized alone with the default options (compiled apart from this host code,
// issue 30), then launched by it as written: nothing the host code does not do is owed.
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels --arg zeros:4096 --arg zeros:4096 | FileCheck %s --check-prefix=PROGRAM
// Each kernel alone, as main launches it (odata, idata, width = 64, height = 64), on random data:
// RUN: gpu-mem-opt diff %s --kernel copySharedMem --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// SCOREBOARD: copySharedMem as-written --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// RUN: gpu-mem-opt diff %s --kernel transposeNaive --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// SCOREBOARD: transposeNaive expert/transpose.mlir --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// RUN: gpu-mem-opt diff %s --kernel transposeCoalesced --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// SCOREBOARD: transposeCoalesced expert/transpose.mlir --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// RUN: gpu-mem-opt diff %s --kernel transposeNoBankConflicts --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// SCOREBOARD: transposeNoBankConflicts as-written --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt report %s | FileCheck %s --check-prefix=TABLE
// The model's metrics for transposeCoalesced against the interpreter's (the column read's
// 32-way conflict measured):
// RUN: gpu-mem-opt interp %s --kernel transposeCoalesced --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --arg 64 --arg 64 --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: memref.load: bank_conflict_degree 32 ok
// STATIC: static check: 8 metrics agree, 0 differ

// PROGRAM: identical: 12 launches (24 buffers after them), 0 lines of output, 2 arguments

// What a CUDA expert would do: the sample is the expert's own sequence. Measured on the
// interpreter (interp --trace; per launch 4 blocks x 16 warps x 2 trips = 128 requests per
// access; a warp is one threadIdx.y row of 32 threadIdx.x): every idata load reads 32
// consecutive floats on a 128-byte boundary, 4 sectors per request, each element once.
// copySharedMem is the baseline for the cost of the staging: its odata store is coalesced too
// and tile[threadIdx.y + i][threadIdx.x] is a row of 32 banks both ways (degree 1); each
// thread reads back exactly the element it stored, so the tile and the barrier are a
// per-thread round trip (registers would do: that is the sample's `copy`). transposeNaive's
// odata[index_out + i] puts the 32 lanes height = 64 floats apart: 32 sectors per request, the
// write the sample exists to fix; the expert stages it through a 32x32 shared tile, written
// by columns and read by rows (transposeCoalesced: 4 sectors per request both ways).
// transposeCoalesced's tile[threadIdx.x][threadIdx.y + i] reads a column of a 32-float-wide
// tile: 32 lanes 128 B apart, all in one bank, a 32-way conflict (32 wavefronts a request;
// the store is degree 1): per block 32 + 32 x 32 = 1056 wavefronts. The fix is the next
// kernel's padding to [32][33] (or an XOR swizzle, 128 B less a block): 64 wavefronts, degree
// 1. transposeNoBankConflicts is then a bandwidth-bound copy with nothing left on the memory
// side but idata through the read-only path (const __restrict__); at this size (4 blocks) every
// kernel is latency-bound.
// What the pass does with the default options: it leaves transposeNoBankConflicts' padded tile
// and copySharedMem's tile alone (conflict-free, wavefronts 64, degree 1), as the expert;
// it swizzles transposeCoalesced's unpadded tile (chunk ^= row mod 32, no bytes added) where
// the author pads: wavefronts 1056 -> 64 per block, as computed above; "degree 16.50 -> 1" is
// the tile's average over the conflict-free store and the 32-way load (1056 wavefronts / 64
// requests), and since session 31 the remark adds "its worst access 32-way -> 1". It stages
// transposeNaive's odata store through a 32x32 tile as the expert (32 -> 4 sectors per
// request, 1024 -> 128 global sectors per block: 32 requests of 32 sectors), copied out by a
// loop over the block's 512 linear thread ids, and swizzles that tile too (its column writes
// collide 32-way: the same 1056 -> 64): transposeNaive becomes transposeCoalesced with the
// swizzle (predicted 3.6 -> 2.2 us a launch, the 2.2 of transposeNoBankConflicts;
// transposeCoalesced 2.6 -> 2.2). idata goes through ld.global.nc in all four (d_idata, a
// gpu.alloc of its own at every launch). All eight flat indices are read as rows of 64 (width
// and height, both 64 at every launch), the column proved below 64 by the grid (2x2) and the
// loop range; the same addresses. The copySharedMem round trip is not noticed (no remark).
// With --lone-kernels (the kernels without this host code: block size unknown, width and
// height unknown) the pass changes nothing but copySharedMem's idata load (ld.global.nc
// behind a run-time overlap check, 11 instructions and a copy of the body) and its row view
// (its load guard xIndex < width proves the column; the store's guard compares xIndex with
// height, so odata stays flat); transposeCoalesced's tile is swizzled all the same (session 32:
// with the block size unknown it is costed at the 30 block shapes of power-of-two sides that
// keep tile[threadIdx.y + 16] inside the tile, no worse at any, 1056 -> 64 at 32x16x1; session
// 31 left it, "block size unknown"), and the three transposes' idata loads are refused the check
// as "not reused by Jang's proxies (...; addresses not enumerated: the block size is
// unknown)" (session 31; it said "no element is read twice in a block", which for an unknown
// block holds only if blockDim.y <= 16: threadIdx.y and threadIdx.y + 16 read the same row
// otherwise).

/// copySharedMem: the tile's rows are conflict-free both ways; width = height = 64 and the
/// 2x2 grid make both guards true for every thread of every block.
// REMARK: gpu-mem-opt: kernel: 'copySharedMem': block 32x16x1 (from gpu.launch_func); 4 memory accesses; the same at every launch here: arg2 = 64, arg3 = 64
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 32*bid.y + loop0)*64 + tid.x + 32*bid.x] read as row tid.y + 32*bid.y + loop0, column tid.x + 32*bid.x of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.y + 32*bid.y + loop0)*64 + tid.x + 32*bid.x] written as row tid.y + 32*bid.y + loop0, column tid.x + 32*bid.x of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 64, degree 1); costed for an interior block: the edge guard on bid.x, bid.y holds for every lane
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|promote|vectorize|version}}
/// transposeNaive: odata[index_out + i] is column tid.y + 32*bid.y + i of row tid.x + 32*bid.x
/// (rows of height = 64): lanes 256 B apart, 32 sectors per request. Staged as the expert
/// (the sample's own transposeCoalesced), and the new tile's column writes swizzled.
// REMARK: gpu-mem-opt: kernel: 'transposeNaive': block 32x16x1 (from gpu.launch_func); 2 memory accesses; the same at every launch here: arg2 = 64, arg3 = 64
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 32*bid.y + loop0)*64 + tid.x + 32*bid.x] read as row tid.y + 32*bid.y + loop0, column tid.x + 32*bid.x of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.x + 32*bid.x)*64 + tid.y + 32*bid.y + loop0] written as row tid.x + 32*bid.x, column tid.y + 32*bid.y + loop0 of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.y + 32*bid.y + loop0 < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: stage-shared: arg 0: staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128
// REMARK: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|stage-shared|promote|vectorize|version}}
/// transposeCoalesced: tile[tid.x][tid.y + i] is a 32-way conflict (the table's 32 -> 1);
/// "degree 16.50" is 1056 wavefronts over the tile's 64 requests, the conflict-free store's
/// 32 included. Swizzled where the author pads to [32][33]: both degree 1.
// REMARK: gpu-mem-opt: kernel: 'transposeCoalesced': block 32x16x1 (from gpu.launch_func); 4 memory accesses; the same at every launch here: arg2 = 64, arg3 = 64
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 32*bid.y + loop0)*64 + tid.x + 32*bid.x] read as row tid.y + 32*bid.y + loop0, column tid.x + 32*bid.x of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.y + 32*bid.x + loop0)*64 + tid.x + 32*bid.y] written as row tid.y + 32*bid.x + loop0, column tid.x + 32*bid.y of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.y < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|stage-shared|promote|vectorize|version}}
/// transposeNoBankConflicts: the padded tile is left as written.
// REMARK: gpu-mem-opt: kernel: 'transposeNoBankConflicts': block 32x16x1 (from gpu.launch_func); 4 memory accesses; the same at every launch here: arg2 = 64, arg3 = 64
// REMARK: gpu-mem-opt: delinearize: arg 1: arg 1[(tid.y + 32*bid.y + loop0)*64 + tid.x + 32*bid.x] read as row tid.y + 32*bid.y + loop0, column tid.x + 32*bid.x of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.x < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: delinearize: arg 0: arg 0[(tid.y + 32*bid.x + loop0)*64 + tid.x + 32*bid.y] written as row tid.y + 32*bid.x + loop0, column tid.x + 32*bid.y of rows of 64 elements (a 2-D view, the same addresses): 0 <= tid.x + 32*bid.y < 64 by the id and loop ranges
// REMARK: gpu-mem-opt: readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at {{.*}})
// REMARK: gpu-mem-opt: pad: workgroup 0: unchanged: conflict-free already (wavefronts 64, degree 1)
// REMARK-NOT: remark: gpu-mem-opt: {{pad|swizzle|stage-shared|promote|vectorize|version}}
// REMARK: gpu-mem-opt: time: predicted 3.6 → 2.2 µs a launch (bound by L1 requests → latency-bound)
// REMARK: gpu-mem-opt: time: predicted 2.6 → 2.2 µs a launch (bound by shared-memory wavefronts → latency-bound)
// REMARK-NOT: remark: gpu-mem-opt:

// TABLE-LABEL: kernel copySharedMem  block 32x16x1
// TABLE: skipped stage-shared on arg 1: not staged: coalesced (4 sectors/request), and no loop re-reads it
// TABLE: skipped stage-shared on arg 0: not staged: coalesced (4 sectors/request), and no loop re-reads it
// TABLE: skipped pad on workgroup 0: unchanged: conflict-free already (wavefronts 64, degree 1)
// TABLE: time: predicted 2.2 → 2.2 µs a launch (latency-bound)
// TABLE-LABEL: kernel transposeNaive  block 32x16x1
// TABLE: memref.store  store  arg 0   global  4x1    linear   32 → 4       -            32
// TABLE: applied stage-shared on arg 0: staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1024 -> 128
// TABLE: applied swizzle on workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
// TABLE: time: predicted 3.6 → 2.2 µs a launch (bound by L1 requests → latency-bound)
// TABLE-LABEL: kernel transposeCoalesced  block 32x16x1
// TABLE: memref.store  store  workgroup 0  shared  4x1    linear   -            1            32
// TABLE: memref.load   load   workgroup 0  shared  4x1    linear   -            32 → 1       32
// TABLE: skipped stage-shared on arg 0: not staged: coalesced (4 sectors/request), and no loop re-reads it
// TABLE: applied swizzle on workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
// TABLE: time: predicted 2.6 → 2.2 µs a launch (bound by shared-memory wavefronts → latency-bound)
// TABLE-LABEL: kernel transposeNoBankConflicts  block 32x16x1
// TABLE: memref.load   load   workgroup 0  shared  4x1    linear   -            1            32
// TABLE: skipped pad on workgroup 0: unchanged: conflict-free already (wavefronts 64, degree 1)
// TABLE: time: predicted 2.2 → 2.2 µs a launch (latency-bound)

module attributes {gpu.container_module} {
  // main(): size_x = size_y = 64 (set, not computed from the device: see the header);
  // h_idata, h_odata (malloc'd) are the two arguments, mem_size = 64*64 floats.
  func.func @main(%h_idata: memref<?xf32>, %h_odata: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    // int size_x, size_y; (getParams: -dimX=64 -dimY=64)
    %size_x = arith.constant 64 : i32
    %size_y = arith.constant 64 : i32
    // #define TILE_DIM 32, #define BLOCK_ROWS 16
    %TILE_DIM = arith.constant 32 : i32
    %BLOCK_ROWS = arith.constant 16 : i32
    // dim3 grid(size_x / TILE_DIM, size_y / TILE_DIM), threads(TILE_DIM, BLOCK_ROWS);
    %gx_i32 = arith.divsi %size_x, %TILE_DIM : i32
    %gy_i32 = arith.divsi %size_y, %TILE_DIM : i32
    %grid_x = arith.index_cast %gx_i32 : i32 to index
    %grid_y = arith.index_cast %gy_i32 : i32 to index
    %threads_x = arith.index_cast %TILE_DIM : i32 to index
    %threads_y = arith.index_cast %BLOCK_ROWS : i32 to index
    // size_t mem_size = sizeof(float) * size_x * size_y; (in floats here)
    %n_i32 = arith.muli %size_x, %size_y : i32
    %n = arith.index_cast %n_i32 : i32 to index
    // cudaMalloc((void **)&d_idata, mem_size); cudaMalloc((void **)&d_odata, mem_size);
    %d_idata = gpu.alloc (%n) : memref<?xf32>
    %d_odata = gpu.alloc (%n) : memref<?xf32>
    // for (int i = 0; i < (size_x * size_y); ++i) { h_idata[i] = (float)i; }
    scf.for %i = %c0 to %n step %c1 {
      %i_i32 = arith.index_cast %i : index to i32
      %fi = arith.sitofp %i_i32 : i32 to f32
      memref.store %fi, %h_idata[%i] : memref<?xf32>
    }
    // cudaMemcpy(d_idata, h_idata, mem_size, cudaMemcpyHostToDevice);
    gpu.memcpy %d_idata, %h_idata : memref<?xf32>, memref<?xf32>
    // #define NUM_REPS 100 (2 here)
    %NUM_REPS = arith.constant 2 : index

    // for (int k = 0; k < 8; k++): k = 1 .. 4 (the switch's kernel pointer, unrolled):
    // k = 1: kernel = &copySharedMem;
    // kernel<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);   (warmup)
    gpu.launch_func @kernels::@copySharedMem blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
        args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    // for (int i = 0; i < NUM_REPS; i++) kernel<<<grid, threads>>>(d_odata, d_idata, size_x, size_y);
    scf.for %r = %c0 to %NUM_REPS step %c1 {
      gpu.launch_func @kernels::@copySharedMem blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
          args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    }
    // cudaMemcpy(h_odata, d_odata, mem_size, cudaMemcpyDeviceToHost); (twice, compareData after each)
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    // for (int i = 0; i < (size_x * size_y); ++i) { h_odata[i] = 0; }
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %h_odata[%i] : memref<?xf32>
    }
    // cudaMemcpy(d_odata, h_odata, mem_size, cudaMemcpyHostToDevice);
    gpu.memcpy %d_odata, %h_odata : memref<?xf32>, memref<?xf32>

    // k = 2: kernel = &transposeNaive; (the same launches, copies and reset)
    gpu.launch_func @kernels::@transposeNaive blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
        args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    scf.for %r = %c0 to %NUM_REPS step %c1 {
      gpu.launch_func @kernels::@transposeNaive blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
          args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    }
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %h_odata[%i] : memref<?xf32>
    }
    gpu.memcpy %d_odata, %h_odata : memref<?xf32>, memref<?xf32>

    // k = 3: kernel = &transposeCoalesced;
    gpu.launch_func @kernels::@transposeCoalesced blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
        args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    scf.for %r = %c0 to %NUM_REPS step %c1 {
      gpu.launch_func @kernels::@transposeCoalesced blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
          args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    }
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %h_odata[%i] : memref<?xf32>
    }
    gpu.memcpy %d_odata, %h_odata : memref<?xf32>, memref<?xf32>

    // k = 4: kernel = &transposeNoBankConflicts;
    gpu.launch_func @kernels::@transposeNoBankConflicts blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
        args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    scf.for %r = %c0 to %NUM_REPS step %c1 {
      gpu.launch_func @kernels::@transposeNoBankConflicts blocks in (%grid_x, %grid_y, %c1) threads in (%threads_x, %threads_y, %c1)
          args(%d_odata : memref<?xf32>, %d_idata : memref<?xf32>, %size_x : i32, %size_y : i32)
    }
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    gpu.memcpy %h_odata, %d_odata : memref<?xf32>, memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %h_odata[%i] : memref<?xf32>
    }
    gpu.memcpy %d_odata, %h_odata : memref<?xf32>, memref<?xf32>

    // cudaFree(d_idata); cudaFree(d_odata);
    gpu.dealloc %d_idata : memref<?xf32>
    gpu.dealloc %d_odata : memref<?xf32>
    return
  }

  gpu.module @kernels {
    // __global__ void copySharedMem(float *odata, float *idata, int width, int height)
    gpu.func @copySharedMem(%odata: memref<?xf32>, %idata: memref<?xf32>, %width: i32, %height: i32)
        // __shared__ float tile[TILE_DIM][TILE_DIM];
        workgroup(%tile : memref<32x32xf32, #gpu.address_space<workgroup>>)
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
      // int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
      %bxT = arith.muli %bx, %TILE_DIM : index
      %xIndex = arith.addi %bxT, %tx : index
      // int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
      %byT = arith.muli %by, %TILE_DIM : index
      %yIndex = arith.addi %byT, %ty : index
      // int index = xIndex + width * yIndex;
      %wy = arith.muli %widthi, %yIndex : index
      %index = arith.addi %xIndex, %wy : index
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   if (xIndex < width && yIndex < height) {
      //     tile[threadIdx.y + i][threadIdx.x] = idata[index + i * width]; } }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %x_lt = arith.cmpi slt, %xIndex, %widthi : index
        %y_lt = arith.cmpi slt, %yIndex, %heighti : index
        %in = arith.andi %x_lt, %y_lt : i1
        scf.if %in {
          %iw = arith.muli %i, %widthi : index
          %src = arith.addi %index, %iw : index
          %v = memref.load %idata[%src] : memref<?xf32>
          %row = arith.addi %ty, %i : index
          memref.store %v, %tile[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
        }
      }
      // cg::sync(cta);
      gpu.barrier
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   if (xIndex < height && yIndex < width) {
      //     odata[index + i * width] = tile[threadIdx.y + i][threadIdx.x]; } }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %x_lt = arith.cmpi slt, %xIndex, %heighti : index
        %y_lt = arith.cmpi slt, %yIndex, %widthi : index
        %in = arith.andi %x_lt, %y_lt : i1
        scf.if %in {
          %row = arith.addi %ty, %i : index
          %v = memref.load %tile[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
          %iw = arith.muli %i, %widthi : index
          %dst = arith.addi %index, %iw : index
          memref.store %v, %odata[%dst] : memref<?xf32>
        }
      }
      gpu.return
    }

    // __global__ void transposeNaive(float *odata, float *idata, int width, int height)
    gpu.func @transposeNaive(%odata: memref<?xf32>, %idata: memref<?xf32>, %width: i32, %height: i32) kernel {
      %c0 = arith.constant 0 : index
      %TILE_DIM = arith.constant 32 : index
      %BLOCK_ROWS = arith.constant 16 : index
      %widthi = arith.index_cast %width : i32 to index
      %heighti = arith.index_cast %height : i32 to index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      // int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
      %bxT = arith.muli %bx, %TILE_DIM : index
      %xIndex = arith.addi %bxT, %tx : index
      // int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
      %byT = arith.muli %by, %TILE_DIM : index
      %yIndex = arith.addi %byT, %ty : index
      // int index_in  = xIndex + width * yIndex;
      %wy = arith.muli %widthi, %yIndex : index
      %index_in = arith.addi %xIndex, %wy : index
      // int index_out = yIndex + height * xIndex;
      %hx = arith.muli %heighti, %xIndex : index
      %index_out = arith.addi %yIndex, %hx : index
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   odata[index_out + i] = idata[index_in + i * width]; }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %iw = arith.muli %i, %widthi : index
        %src = arith.addi %index_in, %iw : index
        %v = memref.load %idata[%src] : memref<?xf32>
        %dst = arith.addi %index_out, %i : index
        memref.store %v, %odata[%dst] : memref<?xf32>
      }
      gpu.return
    }

    // coalesced transpose (with bank conflicts)
    // __global__ void transposeCoalesced(float *odata, float *idata, int width, int height)
    gpu.func @transposeCoalesced(%odata: memref<?xf32>, %idata: memref<?xf32>, %width: i32, %height: i32)
        // __shared__ float tile[TILE_DIM][TILE_DIM];
        workgroup(%tile : memref<32x32xf32, #gpu.address_space<workgroup>>)
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
        memref.store %v, %tile[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      // cg::sync(cta);
      gpu.barrier
      // for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      //   odata[index_out + i * height] = tile[threadIdx.x][threadIdx.y + i]; }
      scf.for %i = %c0 to %TILE_DIM step %BLOCK_ROWS {
        %col = arith.addi %ty, %i : index
        %v = memref.load %tile[%tx, %col] : memref<32x32xf32, #gpu.address_space<workgroup>>
        %ih = arith.muli %i, %heighti : index
        %dst = arith.addi %index_out, %ih : index
        memref.store %v, %odata[%dst] : memref<?xf32>
      }
      gpu.return
    }

    // Coalesced transpose with no bank conflicts
    // __global__ void transposeNoBankConflicts(float *odata, float *idata, int width, int height)
    gpu.func @transposeNoBankConflicts(%odata: memref<?xf32>, %idata: memref<?xf32>, %width: i32, %height: i32)
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
