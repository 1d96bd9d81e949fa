// A 3x3 convolution of a 4098x4098 f32 image (a one-pixel border) into 4096x4096, written the
// way a DSL's linalg -> affine lowering leaves it: affine loops over the window, affine loads
// and store, the weights an argument. 16x16 threads per block. The pass writes the affine ops
// as scf and memref first (pass/src/ir/affine.rs), then stages the image's window through an
// 18x18 halo tile and reads the weights from constant memory.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @convolution_affine(%image: memref<4098x4098xf32>, %weights: memref<3x3xf32>,
        %out: memref<4096x4096xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %x0 = arith.muli %bx, %c16 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c16 : index
      %y = arith.addi %y0, %ty : index
      %sum = affine.for %dy = 0 to 3 iter_args(%outer = %zero) -> (f32) {
        %row = affine.for %dx = 0 to 3 iter_args(%inner = %outer) -> (f32) {
          %pixel = affine.load %image[%y + %dy, %x + %dx] : memref<4098x4098xf32>
          %weight = affine.load %weights[%dy, %dx] : memref<3x3xf32>
          %product = arith.mulf %pixel, %weight : f32
          %next = arith.addf %inner, %product : f32
          affine.yield %next : f32
        }
        affine.yield %row : f32
      }
      affine.store %sum, %out[%y, %x] : memref<4096x4096xf32>
      gpu.return
    }
  }
}
