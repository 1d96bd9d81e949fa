// 3DFD-like (the CUDA SDK's FDTD3d, Gao's 3DFD): a radius-4 cross stencil over a 256^3 f32
// volume read from a 264^3 input (4 cells of halo on every side). A 16x16 block marches
// through z; at each z it stages its 24x24 x-y tile (centre plus halos, written by the
// threads of the first and last rows and columns) in shared memory, then each thread combines
// the 8 x-y neighbours from the tile with the 8 z neighbours from global memory. The tile
// rows are 24 words: the two rows a warp reads overlap in eight banks (two-way conflicts
// on sm_90; Gao's reconstruction: first zero-conflict pad 24). Coefficients 0.5^(r+1).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fdtd3d(%input: memref<264x264x264xf32>, %output: memref<256x256x256xf32>)
        workgroup(%tile: memref<24x24xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c16 = arith.constant 16 : index
      %c20 = arith.constant 20 : index
      %half = arith.constant 0.5 : f32
      %x0 = arith.muli %bx, %c16 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c16 : index
      %y = arith.addi %y0, %ty : index
      %ix = arith.addi %x, %c4 : index
      %iy = arith.addi %y, %c4 : index
      %sx = arith.addi %tx, %c4 : index
      %sy = arith.addi %ty, %c4 : index
      %top_row = arith.cmpi ult, %ty, %c4 : index
      %left_column = arith.cmpi ult, %tx, %c4 : index
      %depth = memref.dim %output, %c0 : memref<256x256x256xf32>
      scf.for %z = %c0 to %depth step %c1 {
        %iz = arith.addi %z, %c4 : index
        %centre = memref.load %input[%iz, %iy, %ix] : memref<264x264x264xf32>
        memref.store %centre, %tile[%sy, %sx] : memref<24x24xf32, #gpu.address_space<workgroup>>
        scf.if %top_row {
          %above = memref.load %input[%iz, %y, %ix] : memref<264x264x264xf32>
          memref.store %above, %tile[%ty, %sx] : memref<24x24xf32, #gpu.address_space<workgroup>>
          %gy = arith.addi %y, %c20 : index
          %ty20 = arith.addi %ty, %c20 : index
          %below = memref.load %input[%iz, %gy, %ix] : memref<264x264x264xf32>
          memref.store %below, %tile[%ty20, %sx] : memref<24x24xf32, #gpu.address_space<workgroup>>
        }
        scf.if %left_column {
          %left = memref.load %input[%iz, %iy, %x] : memref<264x264x264xf32>
          memref.store %left, %tile[%sy, %tx] : memref<24x24xf32, #gpu.address_space<workgroup>>
          %gx = arith.addi %x, %c20 : index
          %tx20 = arith.addi %tx, %c20 : index
          %right = memref.load %input[%iz, %iy, %gx] : memref<264x264x264xf32>
          memref.store %right, %tile[%sy, %tx20] : memref<24x24xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %own = memref.load %tile[%sy, %sx] : memref<24x24xf32, #gpu.address_space<workgroup>>
        %start = arith.mulf %half, %own : f32
        %result:2 = scf.for %r = %c1 to %c5 step %c1 iter_args(%value = %start, %coefficient = %half) -> (f32, f32) {
          %xw = arith.subi %sx, %r : index
          %xe = arith.addi %sx, %r : index
          %yn = arith.subi %sy, %r : index
          %ys = arith.addi %sy, %r : index
          %zd = arith.subi %iz, %r : index
          %zu = arith.addi %iz, %r : index
          %west = memref.load %tile[%sy, %xw] : memref<24x24xf32, #gpu.address_space<workgroup>>
          %east = memref.load %tile[%sy, %xe] : memref<24x24xf32, #gpu.address_space<workgroup>>
          %north = memref.load %tile[%yn, %sx] : memref<24x24xf32, #gpu.address_space<workgroup>>
          %south = memref.load %tile[%ys, %sx] : memref<24x24xf32, #gpu.address_space<workgroup>>
          %down = memref.load %input[%zd, %iy, %ix] : memref<264x264x264xf32>
          %up = memref.load %input[%zu, %iy, %ix] : memref<264x264x264xf32>
          %s1 = arith.addf %west, %east : f32
          %s2 = arith.addf %s1, %north : f32
          %s3 = arith.addf %s2, %south : f32
          %s4 = arith.addf %s3, %down : f32
          %s5 = arith.addf %s4, %up : f32
          %next_coefficient = arith.mulf %coefficient, %half : f32
          %term = arith.mulf %next_coefficient, %s5 : f32
          %next_value = arith.addf %value, %term : f32
          scf.yield %next_value, %next_coefficient : f32, f32
        }
        memref.store %result#0, %output[%z, %y, %x] : memref<256x256x256xf32>
        gpu.barrier
      }
      gpu.return
    }
  }
}
