// One sweep of the 3-D seven-point Jacobi (heat) stencil on a 256^3 f32 grid, as in Sung et
// al.'s Heat benchmark (Datta et al.): i = tid.x + 32·bid.x, j = tid.y + 4·bid.y, a loop
// over k; B = c0·A + c1·(six neighbours) inside, the boundary left as it was (zero).
// Coalesced along i; memory-bound: 128 MiB moved per sweep.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @jacobi3d(%a: memref<256x256x256xf32>, %b: memref<256x256x256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c0f = arith.constant 0.4 : f32
      %c1f = arith.constant 0.1 : f32
      %i0 = arith.muli %bx, %c32 : index
      %i = arith.addi %i0, %tx : index
      %j0 = arith.muli %by, %c4 : index
      %j = arith.addi %j0, %ty : index
      %n = memref.dim %a, %c0 : memref<256x256x256xf32>
      %last = arith.subi %n, %c1 : index
      %i_low = arith.cmpi ugt, %i, %c0 : index
      %i_high = arith.cmpi ult, %i, %last : index
      %j_low = arith.cmpi ugt, %j, %c0 : index
      %j_high = arith.cmpi ult, %j, %last : index
      %i_inside = arith.andi %i_low, %i_high : i1
      %j_inside = arith.andi %j_low, %j_high : i1
      %inside = arith.andi %i_inside, %j_inside : i1
      scf.if %inside {
        %iw = arith.subi %i, %c1 : index
        %ie = arith.addi %i, %c1 : index
        %jn = arith.subi %j, %c1 : index
        %js = arith.addi %j, %c1 : index
        scf.for %k = %c1 to %last step %c1 {
          %kd = arith.subi %k, %c1 : index
          %ku = arith.addi %k, %c1 : index
          %centre = memref.load %a[%k, %j, %i] : memref<256x256x256xf32>
          %west = memref.load %a[%k, %j, %iw] : memref<256x256x256xf32>
          %east = memref.load %a[%k, %j, %ie] : memref<256x256x256xf32>
          %north = memref.load %a[%k, %jn, %i] : memref<256x256x256xf32>
          %south = memref.load %a[%k, %js, %i] : memref<256x256x256xf32>
          %down = memref.load %a[%kd, %j, %i] : memref<256x256x256xf32>
          %up = memref.load %a[%ku, %j, %i] : memref<256x256x256xf32>
          %s1 = arith.addf %west, %east : f32
          %s2 = arith.addf %s1, %north : f32
          %s3 = arith.addf %s2, %south : f32
          %s4 = arith.addf %s3, %down : f32
          %s5 = arith.addf %s4, %up : f32
          %weighted = arith.mulf %c1f, %s5 : f32
          %own = arith.mulf %c0f, %centre : f32
          %value = arith.addf %own, %weighted : f32
          memref.store %value, %b[%k, %j, %i] : memref<256x256x256xf32>
        }
      }
      gpu.return
    }
  }
}
