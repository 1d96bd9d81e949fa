// `interp --counters FILE`: the launch-wide totals Nsight Compute's counters should show, as
// the analysis's model counts them on the trace (what `suite build` stores per variant and
// `suite counters` compares with the hardware's).

/// The naive transpose of transpose.mlir, 64x64 f32, grid 2x8 of 32x8 threads: 128 warp
/// requests per op; a warp reads one 128-byte row (4 sectors each: 512) and writes a column
/// (32 sectors each: 4096). No shared memory: every shared total is 0.
// RUN: gpu-mem-opt interp %S/transpose.mlir --kernel naive --grid 2,8,1 --arg random:1 --arg zeros --counters %t.naive.json
// RUN: FileCheck %s --check-prefix=NAIVE < %t.naive.json
// NAIVE:      "global_load": {
// NAIVE-NEXT:   "requests": 128,
// NAIVE-NEXT:   "sectors": 512
// NAIVE:      "global_store": {
// NAIVE-NEXT:   "requests": 128,
// NAIVE-NEXT:   "sectors": 4096
// NAIVE:      "shared_load": {
// NAIVE-NEXT:   "requests": 0,
// NAIVE-NEXT:   "wavefronts": 0,

/// The tiled transpose through a 32x32 tile: the row-wise tile stores take one wavefront
/// each (128), the column reads 32 (4096, of which 128 ideal: 3968 bank conflicts); with
/// rows of 33 words, one each.
// RUN: gpu-mem-opt interp %S/transpose.mlir --kernel tiled32 --grid 2,2,1 --arg iota --arg zeros --counters %t.tiled32.json
// RUN: FileCheck %s --check-prefix=TILED32 < %t.tiled32.json
// TILED32:      "shared_load": {
// TILED32-NEXT:   "requests": 128,
// TILED32-NEXT:   "wavefronts": 4096,
// TILED32-NEXT:   "ideal_wavefronts": 128
// TILED32:      "shared_store": {
// TILED32-NEXT:   "requests": 128,
// TILED32-NEXT:   "wavefronts": 128,
// TILED32-NEXT:   "ideal_wavefronts": 128
// RUN: gpu-mem-opt interp %S/transpose.mlir --kernel tiled33 --grid 2,2,1 --arg iota --arg zeros --counters %t.tiled33.json
// RUN: FileCheck %s --check-prefix=TILED33 < %t.tiled33.json
// TILED33:      "shared_load": {
// TILED33-NEXT:   "requests": 128,
// TILED33-NEXT:   "wavefronts": 128,

/// The 8- and 16-byte phase model on one warp (seed-004 §8), each access one request: a
/// 16-byte global load of 512 contiguous bytes (16 sectors); a 16-byte shared store, lanes
/// contiguous: 4 quarter-warp phases, 4 wavefronts, all ideal; an 8-byte shared load, lanes
/// contiguous: 2 half-warp phases, 2 wavefronts; a 16-byte shared load, lanes 32 bytes
/// apart: each phase of 8 lanes covers 256 bytes, every bank twice, so 8 wavefronts of 4
/// ideal. Shared loads: 2 requests, 10 wavefronts, 6 ideal (4 bank conflicts). Global
/// stores: 8-byte lanes over 256 bytes (8 sectors) and 16-byte lanes over 512 (16): 24.
// RUN: gpu-mem-opt interp %s --kernel wide --grid 1,1,1 --arg iota --arg zeros --counters %t.wide.json
// RUN: FileCheck %s --check-prefix=WIDE < %t.wide.json
// WIDE:      "global_load": {
// WIDE-NEXT:   "requests": 1,
// WIDE-NEXT:   "sectors": 16
// WIDE:      "global_store": {
// WIDE-NEXT:   "requests": 2,
// WIDE-NEXT:   "sectors": 24
// WIDE:      "shared_load": {
// WIDE-NEXT:   "requests": 2,
// WIDE-NEXT:   "wavefronts": 10,
// WIDE-NEXT:   "ideal_wavefronts": 6
// WIDE:      "shared_store": {
// WIDE-NEXT:   "requests": 1,
// WIDE-NEXT:   "wavefronts": 4,
// WIDE-NEXT:   "ideal_wavefronts": 4

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wide(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %quad_index = arith.muli %t, %c4 : index
      %loaded = vector.load %in[%quad_index] : memref<256xf32>, vector<4xf32>
      vector.store %loaded, %tile[%quad_index] : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      gpu.barrier
      %pair_index = arith.muli %t, %c2 : index
      %pair = vector.load %tile[%pair_index] : memref<256xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %spread_index = arith.muli %t, %c8 : index
      %quad = vector.load %tile[%spread_index] : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      vector.store %pair, %out[%pair_index] : memref<256xf32>, vector<2xf32>
      vector.store %quad, %out[%quad_index] : memref<256xf32>, vector<4xf32>
      gpu.return
    }
  }
}
