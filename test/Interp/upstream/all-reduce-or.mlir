// gpu.all_reduce or, one block per row (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/all-reduce-or.mlir (llvm/llvm-project at 03a5b92df2dd); the
// program here is written to the same behaviour: a gpu.host_register'ed 2x6 i32 buffer holding
// {0, 1, 2, 4, 8, 16} and {2, 3, 6, 7, 10, 11}, 2 blocks of 6 threads, each thread reducing its
// element of its block's row with `or` (uniform) and storing the result at its row, printed
// with printMemrefI32. Here the host writes the values one by one from an scf.for over a table.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// SAME: identical

memref.global "private" constant @flat : memref<12xi32> =
    dense<[0, 1, 2, 4, 8, 16, 2, 3, 6, 7, 10, 11]>

func.func @main() {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %two = arith.constant 2 : index
  %six = arith.constant 6 : index
  %twelve = arith.constant 12 : index
  %bits = memref.alloc() : memref<2x6xi32>
  %ored = memref.alloc() : memref<2xi32>
  %bits_star = memref.cast %bits : memref<2x6xi32> to memref<*xi32>
  gpu.host_register %bits_star : memref<*xi32>
  %ored_star = memref.cast %ored : memref<2xi32> to memref<*xi32>
  gpu.host_register %ored_star : memref<*xi32>

  %flat = memref.get_global @flat : memref<12xi32>
  scf.for %k = %zero to %twelve step %one {
    %r = arith.divui %k, %six : index
    %c = arith.remui %k, %six : index
    %w = memref.load %flat[%k] : memref<12xi32>
    memref.store %w, %bits[%r, %c] : memref<2x6xi32>
  }

  gpu.launch blocks(%blk, %blk_y, %blk_z) in (%nb = %two, %nb_y = %one, %nb_z = %one)
      threads(%thr, %thr_y, %thr_z) in (%nt = %six, %nt_y = %one, %nt_z = %one) {
    %word = memref.load %bits[%blk, %thr] : memref<2x6xi32>
    %any = gpu.all_reduce or %word uniform {} : (i32) -> (i32)
    memref.store %any, %ored[%blk] : memref<2xi32>
    gpu.terminator
  }

  call @printMemrefI32(%ored_star) : (memref<*xi32>) -> ()
  // CHECK: [31, 15]

  return
}

func.func private @printMemrefI32(memref<*xi32>)
