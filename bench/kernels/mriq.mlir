// MRI-Q ComputeQ-like (Parboil; Jang et al. measure it): each of 1048576 voxels (one thread
// each, block 256) sums over 512 k-space samples; the samples (kx, ky, kz, |phi|) are read
// by every thread at the same address in the same iteration, the access constant memory
// serves with one broadcast (Jang's ComputeQ: Global, Constant). The trigonometric terms
// are replaced by low-order polynomials so that the interpreter, the MLIR kernels and the
// CUDA reference round identically (one rounding per operation, same order).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mriq(%x: memref<1048576xf32>, %y: memref<1048576xf32>, %z: memref<1048576xf32>,
                   %k: memref<512x4xf32>, %qr: memref<1048576xf32>, %qi: memref<1048576xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      %half = arith.constant 0.5 : f32
      %sixth = arith.constant 0.16666667 : f32
      %two_pi = arith.constant 6.2831855 : f32
      %v0 = arith.muli %bx, %c256 : index
      %v = arith.addi %v0, %tx : index
      %px = memref.load %x[%v] : memref<1048576xf32>
      %py = memref.load %y[%v] : memref<1048576xf32>
      %pz = memref.load %z[%v] : memref<1048576xf32>
      %samples = memref.dim %k, %c0 : memref<512x4xf32>
      %sums:2 = scf.for %s = %c0 to %samples step %c1 iter_args(%r = %zero, %i = %zero) -> (f32, f32) {
        %kx = memref.load %k[%s, %c0] : memref<512x4xf32>
        %ky = memref.load %k[%s, %c1] : memref<512x4xf32>
        %kz = memref.load %k[%s, %c2] : memref<512x4xf32>
        %phi = memref.load %k[%s, %c3] : memref<512x4xf32>
        %ax = arith.mulf %kx, %px : f32
        %ay = arith.mulf %ky, %py : f32
        %az = arith.mulf %kz, %pz : f32
        %axy = arith.addf %ax, %ay : f32
        %dot = arith.addf %axy, %az : f32
        %angle = arith.mulf %two_pi, %dot : f32
        %square = arith.mulf %angle, %angle : f32
        %cube = arith.mulf %square, %angle : f32
        %square_half = arith.mulf %square, %half : f32
        %cosine = arith.subf %one, %square_half : f32
        %cube_sixth = arith.mulf %cube, %sixth : f32
        %sine = arith.subf %angle, %cube_sixth : f32
        %real = arith.mulf %phi, %cosine : f32
        %imaginary = arith.mulf %phi, %sine : f32
        %r2 = arith.addf %r, %real : f32
        %i2 = arith.addf %i, %imaginary : f32
        scf.yield %r2, %i2 : f32, f32
      }
      memref.store %sums#0, %qr[%v] : memref<1048576xf32>
      memref.store %sums#1, %qi[%v] : memref<1048576xf32>
      gpu.return
    }
  }
}
