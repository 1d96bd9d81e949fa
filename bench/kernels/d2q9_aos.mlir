// A D2Q9 lattice-Boltzmann collide-and-stream step on an array of structures (Sung et al.'s
// LBM, nine populations per cell): each cell of a 1024x1024 grid holds its nine f32
// populations side by side, a 36-byte record. A thread relaxes its cell's nine populations
// towards their mean and pushes each to the neighbour it moves to (cx, cy). Lanes are 36 B
// apart, so every load and store touches one sector per lane: 32 sectors per request (ideal
// 4), and nothing but a different layout of the arrays changes that. One thread per interior
// cell: i = 1 + 128·bid.x + tid.x, j = 1 + bid.y. 72 MiB moved per step.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @d2q9_aos(%cells: memref<1024x1024x9xf32>, %next: memref<1024x1024x9xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %ninth = arith.constant 0.111111112 : f32
      %omega = arith.constant 0.5 : f32
      %x0 = arith.muli %bx, %c128 : index
      %x1 = arith.addi %x0, %tx : index
      %i = arith.addi %x1, %c1 : index
      %j = arith.addi %by, %c1 : index
      %nx = memref.dim %cells, %c1 : memref<1024x1024x9xf32>
      %last = arith.subi %nx, %c1 : index
      %inside = arith.cmpi ult, %i, %last : index
      scf.if %inside {
        %c0_ = arith.constant 0 : index
        %c1_ = arith.constant 1 : index
        %c2_ = arith.constant 2 : index
        %c3_ = arith.constant 3 : index
        %c4_ = arith.constant 4 : index
        %c5_ = arith.constant 5 : index
        %c6_ = arith.constant 6 : index
        %c7_ = arith.constant 7 : index
        %c8_ = arith.constant 8 : index
        %f0 = memref.load %cells[%j, %i, %c0_] : memref<1024x1024x9xf32>
        %f1 = memref.load %cells[%j, %i, %c1_] : memref<1024x1024x9xf32>
        %f2 = memref.load %cells[%j, %i, %c2_] : memref<1024x1024x9xf32>
        %f3 = memref.load %cells[%j, %i, %c3_] : memref<1024x1024x9xf32>
        %f4 = memref.load %cells[%j, %i, %c4_] : memref<1024x1024x9xf32>
        %f5 = memref.load %cells[%j, %i, %c5_] : memref<1024x1024x9xf32>
        %f6 = memref.load %cells[%j, %i, %c6_] : memref<1024x1024x9xf32>
        %f7 = memref.load %cells[%j, %i, %c7_] : memref<1024x1024x9xf32>
        %f8 = memref.load %cells[%j, %i, %c8_] : memref<1024x1024x9xf32>
        %s1 = arith.addf %f0, %f1 : f32
        %s2 = arith.addf %s1, %f2 : f32
        %s3 = arith.addf %s2, %f3 : f32
        %s4 = arith.addf %s3, %f4 : f32
        %s5 = arith.addf %s4, %f5 : f32
        %s6 = arith.addf %s5, %f6 : f32
        %s7 = arith.addf %s6, %f7 : f32
        %s8 = arith.addf %s7, %f8 : f32
        %mean = arith.mulf %s8, %ninth : f32
        %d0 = arith.subf %mean, %f0 : f32
        %r0 = arith.mulf %omega, %d0 : f32
        %g0 = arith.addf %f0, %r0 : f32
        memref.store %g0, %next[%j, %i, %c0_] : memref<1024x1024x9xf32>
        %d1 = arith.subf %mean, %f1 : f32
        %r1 = arith.mulf %omega, %d1 : f32
        %g1 = arith.addf %f1, %r1 : f32
        %ix1 = arith.addi %i, %c1 : index
        memref.store %g1, %next[%j, %ix1, %c1_] : memref<1024x1024x9xf32>
        %d2 = arith.subf %mean, %f2 : f32
        %r2 = arith.mulf %omega, %d2 : f32
        %g2 = arith.addf %f2, %r2 : f32
        %jy2 = arith.addi %j, %c1 : index
        memref.store %g2, %next[%jy2, %i, %c2_] : memref<1024x1024x9xf32>
        %d3 = arith.subf %mean, %f3 : f32
        %r3 = arith.mulf %omega, %d3 : f32
        %g3 = arith.addf %f3, %r3 : f32
        %ix3 = arith.subi %i, %c1 : index
        memref.store %g3, %next[%j, %ix3, %c3_] : memref<1024x1024x9xf32>
        %d4 = arith.subf %mean, %f4 : f32
        %r4 = arith.mulf %omega, %d4 : f32
        %g4 = arith.addf %f4, %r4 : f32
        %jy4 = arith.subi %j, %c1 : index
        memref.store %g4, %next[%jy4, %i, %c4_] : memref<1024x1024x9xf32>
        %d5 = arith.subf %mean, %f5 : f32
        %r5 = arith.mulf %omega, %d5 : f32
        %g5 = arith.addf %f5, %r5 : f32
        %ix5 = arith.addi %i, %c1 : index
        %jy5 = arith.addi %j, %c1 : index
        memref.store %g5, %next[%jy5, %ix5, %c5_] : memref<1024x1024x9xf32>
        %d6 = arith.subf %mean, %f6 : f32
        %r6 = arith.mulf %omega, %d6 : f32
        %g6 = arith.addf %f6, %r6 : f32
        %ix6 = arith.subi %i, %c1 : index
        %jy6 = arith.addi %j, %c1 : index
        memref.store %g6, %next[%jy6, %ix6, %c6_] : memref<1024x1024x9xf32>
        %d7 = arith.subf %mean, %f7 : f32
        %r7 = arith.mulf %omega, %d7 : f32
        %g7 = arith.addf %f7, %r7 : f32
        %ix7 = arith.subi %i, %c1 : index
        %jy7 = arith.subi %j, %c1 : index
        memref.store %g7, %next[%jy7, %ix7, %c7_] : memref<1024x1024x9xf32>
        %d8 = arith.subf %mean, %f8 : f32
        %r8 = arith.mulf %omega, %d8 : f32
        %g8 = arith.addf %f8, %r8 : f32
        %ix8 = arith.addi %i, %c1 : index
        %jy8 = arith.subi %j, %c1 : index
        memref.store %g8, %next[%jy8, %ix8, %c8_] : memref<1024x1024x9xf32>
      }
      gpu.return
    }
  }
}
