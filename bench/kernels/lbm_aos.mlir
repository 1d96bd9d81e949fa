// An LBM-like array-of-structures update (Sung et al.'s Listing 1, a D2Q4 lattice): each
// cell of a 2048x2048 grid holds four f32 populations (east, west, north, south) side by
// side; a thread relaxes its cell's four towards their mean ("collide") and writes each to
// the neighbour it moves to ("stream"). Lanes are 16 bytes apart, so each scalar access
// touches four times the sectors it needs (the AoS layout the paper transforms); one thread
// per interior cell: i = 1 + 128·bid.x + tid.x, j = 1 + bid.y. 128 MiB moved per step.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @lbm_aos(%cells: memref<2048x2048x4xf32>, %next: memref<2048x2048x4xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c128 = arith.constant 128 : index
      %quarter = arith.constant 0.25 : f32
      %omega = arith.constant 0.5 : f32
      %x0 = arith.muli %bx, %c128 : index
      %x1 = arith.addi %x0, %tx : index
      %i = arith.addi %x1, %c1 : index
      %j = arith.addi %by, %c1 : index
      %nx = memref.dim %cells, %c1 : memref<2048x2048x4xf32>
      %last = arith.subi %nx, %c1 : index
      %inside = arith.cmpi ult, %i, %last : index
      scf.if %inside {
        %east = memref.load %cells[%j, %i, %c0] : memref<2048x2048x4xf32>
        %west = memref.load %cells[%j, %i, %c1] : memref<2048x2048x4xf32>
        %north = memref.load %cells[%j, %i, %c2] : memref<2048x2048x4xf32>
        %south = memref.load %cells[%j, %i, %c3] : memref<2048x2048x4xf32>
        %s1 = arith.addf %east, %west : f32
        %s2 = arith.addf %s1, %north : f32
        %s3 = arith.addf %s2, %south : f32
        %mean = arith.mulf %s3, %quarter : f32
        %de = arith.subf %mean, %east : f32
        %dw = arith.subf %mean, %west : f32
        %dn = arith.subf %mean, %north : f32
        %ds = arith.subf %mean, %south : f32
        %re = arith.mulf %omega, %de : f32
        %rw = arith.mulf %omega, %dw : f32
        %rn = arith.mulf %omega, %dn : f32
        %rs = arith.mulf %omega, %ds : f32
        %e2 = arith.addf %east, %re : f32
        %w2 = arith.addf %west, %rw : f32
        %n2 = arith.addf %north, %rn : f32
        %s2b = arith.addf %south, %rs : f32
        %ie = arith.addi %i, %c1 : index
        %iw = arith.subi %i, %c1 : index
        %jn = arith.subi %j, %c1 : index
        %js = arith.addi %j, %c1 : index
        memref.store %e2, %next[%j, %ie, %c0] : memref<2048x2048x4xf32>
        memref.store %w2, %next[%j, %iw, %c1] : memref<2048x2048x4xf32>
        memref.store %n2, %next[%jn, %i, %c2] : memref<2048x2048x4xf32>
        memref.store %s2b, %next[%js, %i, %c3] : memref<2048x2048x4xf32>
      }
      gpu.return
    }
  }
}
