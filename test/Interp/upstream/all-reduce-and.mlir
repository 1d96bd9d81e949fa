// gpu.all_reduce and, one block per row (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/all-reduce-and.mlir (llvm/llvm-project at 03a5b92df2dd); the
// program here is written to the same behaviour: a gpu.host_register'ed 2x6 i32 buffer holding
// {0, 1, 2, 4, 8, 16} and {2, 3, 6, 7, 10, 11}, a launch of 2 blocks of 6 threads in which each
// thread loads its element of its block's row and reduces it with `and` (uniform), thread
// results stored to a 2-element result printed with printMemrefI32.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// SAME: identical

memref.global "private" constant @rows : memref<2x6xi32> =
    dense<[[0, 1, 2, 4, 8, 16], [2, 3, 6, 7, 10, 11]]>

func.func @main() {
  %k1 = arith.constant 1 : index
  %k2 = arith.constant 2 : index
  %k6 = arith.constant 6 : index
  %input = memref.alloc() : memref<2x6xi32>
  %output = memref.alloc() : memref<2xi32>
  %input_any = memref.cast %input : memref<2x6xi32> to memref<*xi32>
  %output_any = memref.cast %output : memref<2xi32> to memref<*xi32>
  gpu.host_register %input_any : memref<*xi32>
  gpu.host_register %output_any : memref<*xi32>
  %init = memref.get_global @rows : memref<2x6xi32>
  memref.copy %init, %input : memref<2x6xi32> to memref<2x6xi32>

  gpu.launch blocks(%row, %u0, %u1) in (%nrows = %k2, %g1 = %k1, %g2 = %k1)
      threads(%col, %u2, %u3) in (%ncols = %k6, %b1 = %k1, %b2 = %k1) {
    %x = memref.load %input[%row, %col] : memref<2x6xi32>
    %all = gpu.all_reduce and %x uniform {} : (i32) -> (i32)
    memref.store %all, %output[%row] : memref<2xi32>
    gpu.terminator
  }

  call @printMemrefI32(%output_any) : (memref<*xi32>) -> ()
  // CHECK: [0, 2]

  return
}

func.func private @printMemrefI32(memref<*xi32>)
