// A structured-grid stencil on several fields per cell (Sung et al.'s structured-grid
// kernels on arrays of structures): each cell of a 2048x2048 grid holds three f32 fields
// (temperature, u, v: a 12-byte record), and a thread replaces every field by the mean of its
// four neighbours. Lanes are 12 B apart (12 sectors per request, ideal 4), and the pass's
// staging cannot help: each field is its own request. One thread per interior cell:
// i = 1 + 128·bid.x + tid.x, j = 1 + bid.y. 96 MiB moved per step.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fields_stencil(%in: memref<2048x2048x3xf32>, %out: memref<2048x2048x3xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c128 = arith.constant 128 : index
      %quarter = arith.constant 0.25 : f32
      %x0 = arith.muli %bx, %c128 : index
      %x1 = arith.addi %x0, %tx : index
      %i = arith.addi %x1, %c1 : index
      %j = arith.addi %by, %c1 : index
      %nx = memref.dim %in, %c1 : memref<2048x2048x3xf32>
      %last = arith.subi %nx, %c1 : index
      %inside = arith.cmpi ult, %i, %last : index
      scf.if %inside {
        %west = arith.subi %i, %c1 : index
        %east = arith.addi %i, %c1 : index
        %north = arith.subi %j, %c1 : index
        %south = arith.addi %j, %c1 : index
        scf.for %f = %c0 to %c3 step %c1 {
          %w = memref.load %in[%j, %west, %f] : memref<2048x2048x3xf32>
          %e = memref.load %in[%j, %east, %f] : memref<2048x2048x3xf32>
          %n = memref.load %in[%north, %i, %f] : memref<2048x2048x3xf32>
          %s = memref.load %in[%south, %i, %f] : memref<2048x2048x3xf32>
          %we = arith.addf %w, %e : f32
          %ns = arith.addf %n, %s : f32
          %sum = arith.addf %we, %ns : f32
          %mean = arith.mulf %sum, %quarter : f32
          memref.store %mean, %out[%j, %i, %f] : memref<2048x2048x3xf32>
        }
      }
      gpu.return
    }
  }
}
