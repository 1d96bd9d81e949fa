// Kernel arguments with strided layouts get descriptors with the layout's strides and
// offset; the host buffer holds the logical elements row-major, so `iota` in and a copy
// out give iota back, and the input reads back unchanged.
// RUN: gpu-mem-opt interp %s --kernel strided --grid 1,1,1 --arg iota --arg zeros --print-arg 1 --print-arg 0 | tr '\n' ' ' | FileCheck %s
// CHECK: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 {{$}}

// The addresses follow the layout: row r of the input starts at element 2 + 8r (byte
// 8 + 32r, 16 bytes long), so the one 16-lane request touches 4 sectors (the row-major
// output: 64 contiguous bytes, 2 sectors). The static analysis agrees.
// RUN: gpu-mem-opt interp %s --kernel strided --grid 1,1,1 --arg iota --arg zeros --trace --check-static | FileCheck %s --check-prefix=TRACE
// TRACE: memref.load (global): requests 1, sectors_per_request 4, distinct_addresses 16
// TRACE: memref.store (global): requests 1, sectors_per_request 2, distinct_addresses 16
// TRACE: static check: 4 metrics agree, 0 differ

// Dynamic strides and offset resolve to the contiguous layout (offset 0, row-major).
// RUN: gpu-mem-opt interp %s --kernel dynamic --grid 1,1,1 --arg iota:4x4 --arg zeros --print-arg 1 --trace | FileCheck %s --check-prefix=DYN
// DYN: {{^}}15{{$}}
// DYN-NEXT: memref.load (global): requests 1, sectors_per_request 2,

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @strided(%in: memref<4x4xi32, strided<[8, 1], offset: 2>>, %out: memref<4x4xi32>) kernel
        attributes {known_block_size = array<i32: 4, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%ty, %tx] : memref<4x4xi32, strided<[8, 1], offset: 2>>
      memref.store %v, %out[%ty, %tx] : memref<4x4xi32>
      gpu.return
    }

    gpu.func @dynamic(%in: memref<?x4xi32, strided<[?, 1], offset: ?>>, %out: memref<4x4xi32>) kernel
        attributes {known_block_size = array<i32: 4, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%ty, %tx] : memref<?x4xi32, strided<[?, 1], offset: ?>>
      memref.store %v, %out[%ty, %tx] : memref<4x4xi32>
      gpu.return
    }
  }
}
