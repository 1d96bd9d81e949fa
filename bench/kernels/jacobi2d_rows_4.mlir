// jacobi2d with 4 rows per thread (thread coarsening by 4 along y, a factor of issue 33's
// sweep): a 32x8 block computes a 32x32 tile, each thread the rows j = 0, 8, ..., 24
// in a loop; each point as in jacobi2d.mlir (five-point average inside, the boundary copied).
// Memory-bound: 128 MiB moved per sweep.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @jacobi2d_rows_4(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %tile_rows = arith.constant 32 : index
      %fifth = arith.constant 0.2 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %tile_rows : index
      %y1 = arith.addi %y0, %ty : index
      %rows = memref.dim %in, %c0 : memref<4096x4096xf32>
      %columns = memref.dim %in, %c1 : memref<4096x4096xf32>
      %last_row = arith.subi %rows, %c1 : index
      %last_column = arith.subi %columns, %c1 : index
      %right_of_left = arith.cmpi ugt, %x, %c0 : index
      %left_of_right = arith.cmpi ult, %x, %last_column : index
      %inside_columns = arith.andi %right_of_left, %left_of_right : i1
      scf.for %j = %c0 to %tile_rows step %c8 {
        %y = arith.addi %y1, %j : index
        %below_top = arith.cmpi ugt, %y, %c0 : index
        %above_bottom = arith.cmpi ult, %y, %last_row : index
        %inside_rows = arith.andi %below_top, %above_bottom : i1
        %inside = arith.andi %inside_rows, %inside_columns : i1
        %centre = memref.load %in[%y, %x] : memref<4096x4096xf32>
        %value = scf.if %inside -> f32 {
          %yn = arith.subi %y, %c1 : index
          %ys = arith.addi %y, %c1 : index
          %xw = arith.subi %x, %c1 : index
          %xe = arith.addi %x, %c1 : index
          %north = memref.load %in[%yn, %x] : memref<4096x4096xf32>
          %south = memref.load %in[%ys, %x] : memref<4096x4096xf32>
          %west = memref.load %in[%y, %xw] : memref<4096x4096xf32>
          %east = memref.load %in[%y, %xe] : memref<4096x4096xf32>
          %s1 = arith.addf %centre, %north : f32
          %s2 = arith.addf %s1, %south : f32
          %s3 = arith.addf %s2, %west : f32
          %s4 = arith.addf %s3, %east : f32
          %scaled = arith.mulf %s4, %fifth : f32
          scf.yield %scaled : f32
        } else {
          scf.yield %centre : f32
        }
        memref.store %value, %out[%y, %x] : memref<4096x4096xf32>
      }
      gpu.return
    }
  }
}
