// gpu.all_reduce minsi, one block per row (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/all-reduce-minsi.mlir (llvm/llvm-project at 1960b47ba0a3); the
// program here is written to the same behaviour: a gpu.host_register'ed 2x6 i32 buffer holding
// {0, 1, 2, 4, 8, 16} and {2, 3, 6, 7, 10, 11}, 2 blocks of 6 threads, each thread reducing its
// element of its block's row with `minsi` (uniform) and storing the result at its row, printed
// with printMemrefI32. Here the host fills each row with a vector.transfer_write.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// SAME: identical

func.func @main() {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i6 = arith.constant 6 : index
  %grid = memref.alloc() : memref<2x6xi32>
  %least = memref.alloc() : memref<2xi32>
  %grid_ur = memref.cast %grid : memref<2x6xi32> to memref<*xi32>
  gpu.host_register %grid_ur : memref<*xi32>
  %least_ur = memref.cast %least : memref<2xi32> to memref<*xi32>
  gpu.host_register %least_ur : memref<*xi32>

  %first = arith.constant dense<[0, 1, 2, 4, 8, 16]> : vector<6xi32>
  %second = arith.constant dense<[2, 3, 6, 7, 10, 11]> : vector<6xi32>
  vector.transfer_write %first, %grid[%i0, %i0] {in_bounds = [true]}
      : vector<6xi32>, memref<2x6xi32>
  vector.transfer_write %second, %grid[%i1, %i0] {in_bounds = [true]}
      : vector<6xi32>, memref<2x6xi32>

  gpu.launch blocks(%b, %by, %bz) in (%gx = %i2, %gy = %i1, %gz = %i1)
      threads(%t, %ty, %tz) in (%sx = %i6, %sy = %i1, %sz = %i1) {
    %v = memref.load %grid[%b, %t] : memref<2x6xi32>
    %lo = gpu.all_reduce minsi %v uniform {} : (i32) -> (i32)
    memref.store %lo, %least[%b] : memref<2xi32>
    gpu.terminator
  }

  call @printMemrefI32(%least_ur) : (memref<*xi32>) -> ()
  // CHECK: [0, 2]

  return
}

func.func private @printMemrefI32(memref<*xi32>)
