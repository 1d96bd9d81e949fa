// gpu.all_reduce xor, one block per row (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/all-reduce-xor.mlir (llvm/llvm-project at 0f2ec35691cd); the
// program here is written to the same behaviour: a gpu.host_register'ed 2x6 i32 buffer holding
// {0, 1, 2, 4, 8, 16} and {2, 3, 6, 7, 10, 11}, 2 blocks of 6 threads, each thread reducing its
// element of its block's row with `xor` (not uniform, as in the version cited) and storing the
// result at its row, printed with printMemrefI32. Here the host fills the buffer with one
// vector.store through a collapsed 12-element view.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// SAME: identical

module attributes {gpu.container_module} {
  gpu.module @dev {
    gpu.func @xor_rows(%src: memref<2x6xi32>, %dst: memref<2xi32>) kernel {
      %blk = gpu.block_id x
      %lane = gpu.thread_id x
      %a = memref.load %src[%blk, %lane] : memref<2x6xi32>
      %parity = gpu.all_reduce xor %a {} : (i32) -> (i32)
      memref.store %parity, %dst[%blk] : memref<2xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %src = memref.alloc() : memref<2x6xi32>
    %dst = memref.alloc() : memref<2xi32>
    %src_u = memref.cast %src : memref<2x6xi32> to memref<*xi32>
    %dst_u = memref.cast %dst : memref<2xi32> to memref<*xi32>
    gpu.host_register %src_u : memref<*xi32>
    gpu.host_register %dst_u : memref<*xi32>
    %both = arith.constant dense<[0, 1, 2, 4, 8, 16, 2, 3, 6, 7, 10, 11]> : vector<12xi32>
    %linear = memref.collapse_shape %src [[0, 1]] : memref<2x6xi32> into memref<12xi32>
    vector.store %both, %linear[%c0] : memref<12xi32>, vector<12xi32>

    gpu.launch_func @dev::@xor_rows blocks in (%c2, %c1, %c1) threads in (%c6, %c1, %c1)
        args(%src : memref<2x6xi32>, %dst : memref<2xi32>)

    call @printMemrefI32(%dst_u) : (memref<*xi32>) -> ()
    // CHECK: [31, 1]

    return
  }

  func.func private @printMemrefI32(memref<*xi32>)
}
