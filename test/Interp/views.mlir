// Memref views. Thread t (0..7) reads the 2x4 subview of the 8x8 iota input at rows 2..3,
// columns 4..7: element (t floordiv 4, t mod 4) = 8 (2 + t floordiv 4) + 4 + t mod 4,
// i.e. 20 21 22 23 28 29 30 31. It stores it through an expand_shape (4x4 view of out) at
// the same position and, plus 100, through a reinterpret_cast at offset 8 of out; the
// collapse_shape of the input read at 9t gives the diagonal 0 9 18 ... 63.
// RUN: gpu-mem-opt interp %s --kernel views --grid 1,1,1 --arg iota --arg zeros --arg zeros --print-arg 1 --print-arg 2 | tr '\n' ' ' | FileCheck %s
// CHECK: 20 21 22 23 28 29 30 31 120 121 122 123 128 129 130 131 0 9 18 27 36 45 54 63 {{$}}

// A rank-reducing subview (row 3 of the input as a 1-D memref) read by thread t: 24 + t.
// RUN: gpu-mem-opt interp %s --kernel row --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s --check-prefix=ROW
// ROW: 24 25 26 27 28 29 30 31 {{$}}

// RUN: gpu-mem-opt interp %s --kernel views --grid 1,1,1 --arg iota --arg zeros --arg zeros --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: static check: {{[0-9]+}} metrics agree, 0 differ

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @views(%in: memref<8x8xi32>, %out: memref<16xi32>, %diagonal: memref<8xi32>) kernel
        attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %c9 = arith.constant 9 : index
      %hundred = arith.constant 100 : i32
      %r = arith.divui %t, %c4 : index
      %c = arith.remui %t, %c4 : index
      %window = memref.subview %in[2, 4] [2, 4] [1, 1] : memref<8x8xi32> to memref<2x4xi32, strided<[8, 1], offset: 20>>
      %v = memref.load %window[%r, %c] : memref<2x4xi32, strided<[8, 1], offset: 20>>
      %square = memref.expand_shape %out [[0, 1]] output_shape [4, 4] : memref<16xi32> into memref<4x4xi32>
      memref.store %v, %square[%r, %c] : memref<4x4xi32>
      %upper = memref.reinterpret_cast %out to offset: [8], sizes: [8], strides: [1] : memref<16xi32> to memref<8xi32, strided<[1], offset: 8>>
      %w = arith.addi %v, %hundred : i32
      memref.store %w, %upper[%t] : memref<8xi32, strided<[1], offset: 8>>
      %flat = memref.collapse_shape %in [[0, 1]] : memref<8x8xi32> into memref<64xi32>
      %d = arith.muli %t, %c9 : index
      %x = memref.load %flat[%d] : memref<64xi32>
      memref.store %x, %diagonal[%t] : memref<8xi32>
      gpu.return
    }

    gpu.func @row(%in: memref<8x8xi32>, %out: memref<8xi32>) kernel
        attributes {known_block_size = array<i32: 8, 1, 1>} {
      %t = gpu.thread_id x
      %line = memref.subview %in[3, 0] [1, 8] [1, 1] : memref<8x8xi32> to memref<8xi32, strided<[1], offset: 24>>
      %v = memref.load %line[%t] : memref<8xi32, strided<[1], offset: 24>>
      memref.store %v, %out[%t] : memref<8xi32>
      gpu.return
    }
  }
}
