// The CUDA SDK's convolutionRowsKernel (convolutionSeparable) on a 4096x4096 f32 image, as a
// DSL compiler emits it: a 17-tap row filter (radius 8); a 16x4 block stages ten 16-wide
// chunks of its four rows (eight results and a halo chunk on each side, zero outside the
// image) in a 4x160 shared array, then each thread sums 17 products for each of its eight
// outputs, taps in order. The shared rows are 160 words (a multiple of 32 banks), so the
// two rows a warp covers collide two-way (Gao's CS-CRK: pad 16 removes it).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @convolution_rows(%source: memref<4096x4096xf32>, %weights: memref<17xf32>, %destination: memref<4096x4096xf32>)
        workgroup(%rows: memref<4x160xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %c10 = arith.constant 10 : index
      %c16 = arith.constant 16 : index
      %c17 = arith.constant 17 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c128 : index
      %x1 = arith.addi %x0, %tx : index
      %base_x = arith.subi %x1, %c16 : index
      %y0 = arith.muli %by, %c4 : index
      %y = arith.addi %y0, %ty : index
      %width = memref.dim %source, %c1 : memref<4096x4096xf32>
      scf.for %i = %c0 to %c10 step %c1 {
        %offset = arith.muli %i, %c16 : index
        %x = arith.addi %base_x, %offset : index
        %column = arith.addi %tx, %offset : index
        %after_start = arith.cmpi sge, %x, %c0 : index
        %before_end = arith.cmpi slt, %x, %width : index
        %inside = arith.andi %after_start, %before_end : i1
        %value = scf.if %inside -> f32 {
          %loaded = memref.load %source[%y, %x] : memref<4096x4096xf32>
          scf.yield %loaded : f32
        } else {
          scf.yield %zero : f32
        }
        memref.store %value, %rows[%ty, %column] : memref<4x160xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %i = %c1 to %c9 step %c1 {
        %offset = arith.muli %i, %c16 : index
        %centre = arith.addi %tx, %offset : index
        %sum = scf.for %t = %c0 to %c17 step %c1 iter_args(%acc = %zero) -> (f32) {
          %tap = arith.subi %c16, %t : index
          %w = memref.load %weights[%tap] : memref<17xf32>
          %column0 = arith.addi %centre, %t : index
          %column = arith.subi %column0, %c8 : index
          %s = memref.load %rows[%ty, %column] : memref<4x160xf32, #gpu.address_space<workgroup>>
          %p = arith.mulf %w, %s : f32
          %next = arith.addf %acc, %p : f32
          scf.yield %next : f32
        }
        %x = arith.addi %base_x, %offset : index
        memref.store %sum, %destination[%y, %x] : memref<4096x4096xf32>
      }
      gpu.return
    }
  }
}
