// A copy kernel: out[i] = in[i] with i = bid.x * bdim.x + tid.x. With `iota` input,
// the output is 0, 1, ..., 63. One warp per block reads and writes 32 consecutive
// i32 (128 B): 4 sectors per request, 32 distinct addresses; 2 blocks, 2 requests.

// RUN: gpu-mem-opt interp %s --kernel copy --grid 2,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s
// CHECK: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 {{$}}

// RUN: gpu-mem-opt interp %s --kernel copy --grid 2,1,1 --arg iota --arg zeros --trace --check-static | FileCheck %s --check-prefix=TRACE
// TRACE: copy.mlir:25:12 memref.load (global): requests 2, sectors_per_request 4, distinct_addresses 32
// TRACE: copy.mlir:26:7 memref.store (global): requests 2, sectors_per_request 4, distinct_addresses 32
// TRACE: static check: 4 metrics agree, 0 differ

// RUN: gpu-mem-opt diff %s --kernel copy --grid 2,1,1 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 2 arguments, 128 elements

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<64xi32>, %out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<64xi32>
      memref.store %v, %out[%i] : memref<64xi32>
      gpu.return
    }
  }
}
