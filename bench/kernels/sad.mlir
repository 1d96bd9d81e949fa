// SAD-like motion search (Parboil SAD; Jang et al.'s sad kernels): for every 8x8 macroblock
// of a 2048x2048 f32 frame (one block each) and each of 16x16 displacements (one thread
// each), the sum of absolute differences against a reference frame padded by 8 on every
// side (2064x2064). The current block is read at the same address by every thread (a
// broadcast); the reference is a read-only, overlapping window read at a stride of one row
// per displacement row: Jang routes it to the texture (read-only) path.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sad(%current: memref<2048x2048xf32>, %reference: memref<2064x2064xf32>, %sads: memref<65536x256xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %blocks_x = gpu.grid_dim x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c8 : index
      %y0 = arith.muli %by, %c8 : index
      %rx = arith.addi %x0, %tx : index
      %ry = arith.addi %y0, %ty : index
      %total = scf.for %r = %c0 to %c8 step %c1 iter_args(%outer = %zero) -> (f32) {
        %cy = arith.addi %y0, %r : index
        %qy = arith.addi %ry, %r : index
        %row = scf.for %c = %c0 to %c8 step %c1 iter_args(%inner = %outer) -> (f32) {
          %cx = arith.addi %x0, %c : index
          %qx = arith.addi %rx, %c : index
          %a = memref.load %current[%cy, %cx] : memref<2048x2048xf32>
          %b = memref.load %reference[%qy, %qx] : memref<2064x2064xf32>
          %d = arith.subf %a, %b : f32
          %m = math.absf %d : f32
          %s = arith.addf %inner, %m : f32
          scf.yield %s : f32
        }
        scf.yield %row : f32
      }
      %macroblock0 = arith.muli %by, %blocks_x : index
      %macroblock = arith.addi %macroblock0, %bx : index
      %d0 = arith.muli %ty, %c16 : index
      %displacement = arith.addi %d0, %tx : index
      memref.store %total, %sads[%macroblock, %displacement] : memref<65536x256xf32>
      gpu.return
    }
  }
}
