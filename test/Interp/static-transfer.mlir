// Known gaps of the static access analysis, found by --check-static (expected to fail
// until the analysis models them; then remove the XFAIL):
//  * `outside`: a vector.transfer_read that is not in_bounds masks off elements past the
//    end of the transfer dimension. Lanes 10..31 read row 0 at columns 40..127 of a 40-column
//    memref: entirely out of bounds, they access nothing. Measured: lanes 0..9, 160 bytes:
//    5 sectors, 10 addresses; the analysis counts all 32 lanes (16 sectors, 32 addresses).
//  * `column`: a transfer along dimension 0 (permutation map (d0, d1) -> (d0)) reads 4
//    elements 160 bytes apart per lane: 4 one-element requests of 32 consecutive floats,
//    4 sectors each. The analysis ignores the permutation map and models one 16-byte access
//    per lane at 4·tx: bytes 0..139, 5 sectors.
// XFAIL: *
// RUN: gpu-mem-opt interp %s --kernel outside --grid 1,1,1 --arg iota --check-static
// RUN: gpu-mem-opt interp %s --kernel column --grid 1,1,1 --arg iota --check-static

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @outside(%in: memref<40x40xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %pad = arith.constant 0.0 : f32
      %col = arith.muli %tx, %c4 : index
      %v = vector.transfer_read %in[%c0, %col], %pad : memref<40x40xf32>, vector<4xf32>
      gpu.return
    }

    gpu.func @column(%in: memref<40x40xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %pad = arith.constant 0.0 : f32
      %v = vector.transfer_read %in[%c0, %tx], %pad {permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<40x40xf32>, vector<4xf32>
      gpu.return
    }
  }
}
