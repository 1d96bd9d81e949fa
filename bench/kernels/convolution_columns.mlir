// The CUDA SDK's convolutionColumnsKernel on a 4096x4096 f32 image, as a DSL compiler emits
// it: a 17-tap column filter (radius 8); a 16x8 block stages ten 8-row chunks of its 16
// columns (eight results and a halo chunk above and below, zero outside the image)
// transposed into a 16x80 shared array (the SDK pads it to 81; a DSL does not), then each
// thread sums 17 products for each of its eight outputs, taps in order. Lanes tx walk the
// shared rows, 80 words apart: eight-way bank conflicts (Gao's CS-CCK).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @convolution_columns(%source: memref<4096x4096xf32>, %weights: memref<17xf32>, %destination: memref<4096x4096xf32>)
        workgroup(%columns: memref<16x80xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %c10 = arith.constant 10 : index
      %c16 = arith.constant 16 : index
      %c17 = arith.constant 17 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c16 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c64 : index
      %y1 = arith.addi %y0, %ty : index
      %base_y = arith.subi %y1, %c8 : index
      %height = memref.dim %source, %c0 : memref<4096x4096xf32>
      scf.for %i = %c0 to %c10 step %c1 {
        %offset = arith.muli %i, %c8 : index
        %y = arith.addi %base_y, %offset : index
        %row = arith.addi %ty, %offset : index
        %after_start = arith.cmpi sge, %y, %c0 : index
        %before_end = arith.cmpi slt, %y, %height : index
        %inside = arith.andi %after_start, %before_end : i1
        %value = scf.if %inside -> f32 {
          %loaded = memref.load %source[%y, %x] : memref<4096x4096xf32>
          scf.yield %loaded : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %value, %columns[%tx, %row] : memref<16x80xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %i = %c1 to %c9 step %c1 {
        %offset = arith.muli %i, %c8 : index
        %centre = arith.addi %ty, %offset : index
        %sum = scf.for %t = %c0 to %c17 step %c1 iter_args(%acc = %zero) -> (f32) {
          %tap = arith.subi %c16, %t : index
          %w = memref.load %weights[%tap] : memref<17xf32>
          %row0 = arith.addi %centre, %t : index
          %row = arith.subi %row0, %c8 : index
          %s = memref.load %columns[%tx, %row] : memref<16x80xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %w, %s : f32
          %next = arith.addf %acc, %p : f32
          scf.yield %next : f32
        }
        %y = arith.addi %base_y, %offset : index
        memref.store %sum, %destination[%y, %x] : memref<4096x4096xf32>
      }
      gpu.return
    }
  }
}
