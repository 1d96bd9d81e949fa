// Needleman-Wunsch-like (Rodinia's needle_cuda_shared_1, Gao's NW): each block of 16 threads
// fills one 16x16 tile of the score matrix from the tile's top and left borders, sweeping the
// anti-diagonals through a 17x17 shared score tile and a 16x16 shared reference tile (the
// scores: max of diagonal + reference, left - 10, up - 10). Unlike Rodinia, every tile of
// the 4096x4096 matrix is computed in one launch from the input borders (the timing is of
// one wavefront step's work at full occupancy). The reference reads walk columns, lanes 16
// words apart (Gao's ref accesses).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @needleman_wunsch(%scores: memref<4097x4097xi32>, %reference: memref<4097x4097xi8>, %result: memref<4097x4097xi32>)
        workgroup(%tile: memref<17x17xi32, #gpu.address_space<workgroup>>, %ref: memref<16x16xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c14 = arith.constant 14 : index
      %c15 = arith.constant 15 : index
      %c16 = arith.constant 16 : index
      %penalty = arith.constant 10 : i32
      %row0 = arith.muli %by, %c16 : index
      %column0 = arith.muli %bx, %c16 : index
      %t1 = arith.addi %tx, %c1 : index
      %row = arith.addi %row0, %t1 : index
      %column = arith.addi %column0, %t1 : index
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %corner = memref.load %scores[%row0, %column0] : memref<4097x4097xi32>
        memref.store %corner, %tile[%c0, %c0] : memref<17x17xi32, #gpu.address_space<workgroup>>
      }
      scf.for %ty = %c0 to %c16 step %c1 {
        %r0 = arith.addi %row0, %ty : index
        %r = arith.addi %r0, %c1 : index
        %narrow = memref.load %reference[%r, %column] : memref<4097x4097xi8>
        %wide = arith.extsi %narrow : i8 to i32
        memref.store %wide, %ref[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %west = memref.load %scores[%row, %column0] : memref<4097x4097xi32>
      memref.store %west, %tile[%t1, %c0] : memref<17x17xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %north = memref.load %scores[%row0, %column] : memref<4097x4097xi32>
      memref.store %north, %tile[%c0, %t1] : memref<17x17xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %m = %c0 to %c16 step %c1 {
        %active = arith.cmpi ule, %tx, %m : index
        scf.if %active {
          %m1 = arith.addi %m, %c1 : index
          %y = arith.subi %m1, %tx : index
          %y_up = arith.subi %y, %c1 : index
          %diagonal = memref.load %tile[%y_up, %tx] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %match = memref.load %ref[%y_up, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %left = memref.load %tile[%y, %tx] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %up = memref.load %tile[%y_up, %t1] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %a = arith.addi %diagonal, %match : i32
          %b = arith.subi %left, %penalty : i32
          %c = arith.subi %up, %penalty : i32
          %ab = arith.maxsi %a, %b : i32
          %best = arith.maxsi %ab, %c : i32
          memref.store %best, %tile[%y, %t1] : memref<17x17xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      scf.for %q = %c0 to %c15 step %c1 {
        %m = arith.subi %c14, %q : index
        %active = arith.cmpi ule, %tx, %m : index
        scf.if %active {
          %x0 = arith.addi %tx, %c16 : index
          %x = arith.subi %x0, %m : index
          %y = arith.subi %c16, %tx : index
          %x_left = arith.subi %x, %c1 : index
          %y_up = arith.subi %y, %c1 : index
          %diagonal = memref.load %tile[%y_up, %x_left] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %match = memref.load %ref[%y_up, %x_left] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %left = memref.load %tile[%y, %x_left] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %up = memref.load %tile[%y_up, %x] : memref<17x17xi32, #gpu.address_space<workgroup>>
          %a = arith.addi %diagonal, %match : i32
          %b = arith.subi %left, %penalty : i32
          %c = arith.subi %up, %penalty : i32
          %ab = arith.maxsi %a, %b : i32
          %best = arith.maxsi %ab, %c : i32
          memref.store %best, %tile[%y, %x] : memref<17x17xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      scf.for %ty = %c0 to %c16 step %c1 {
        %r0 = arith.addi %row0, %ty : index
        %r = arith.addi %r0, %c1 : index
        %ty1 = arith.addi %ty, %c1 : index
        %value = memref.load %tile[%ty1, %t1] : memref<17x17xi32, #gpu.address_space<workgroup>>
        memref.store %value, %result[%r, %column] : memref<4097x4097xi32>
      }
      gpu.return
    }
  }
}
