// Tiled transpose of a 4096x4096 f32 matrix through a 32x32 shared tile (block 32x8, four
// rows per thread), as a DSL compiler emits it: both global accesses are coalesced, but
// the tile is read down its columns, so a warp's 32 lanes sit 32 words apart, all in one
// bank (a 32-way conflict: Gao's transpose cases; the CUDA SDK's transposeCoalesced).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose_tiled(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %gy = arith.addi %y0, %row : index
        %v = memref.load %in[%gy, %gx] : memref<4096x4096xf32>
        memref.store %v, %tile[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %oy = arith.addi %x0, %row : index
        %w = memref.load %tile[%tx, %row] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%oy, %ox] : memref<4096x4096xf32>
      }
      gpu.return
    }
  }
}
