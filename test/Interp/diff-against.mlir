// `diff --against OTHER` compares the kernel of the file with OTHER's kernel, run as given
// (no pass): the benchmark suite checks each variant's bench-size code against the naive one
// this way. `reversed.mlir` writes out[63 - i]; with iota input element 0 is 0 in `copy`
// and 63 in `reversed`, so the first difference is argument 1, element 0. `shifted.mlir`
// stores in[i] + 0, another program with the same outputs: identical.

// RUN: split-file %s %t
// RUN: gpu-mem-opt diff %t/copy.mlir --against %t/shifted.mlir --kernel copy --grid 2,1,1 --arg iota --arg zeros | FileCheck %s --check-prefix=SAME
// SAME: identical: 2 arguments, 128 elements

// RUN: not gpu-mem-opt diff %t/copy.mlir --against %t/reversed.mlir --kernel copy --grid 2,1,1 --arg iota --arg zeros | FileCheck %s --check-prefix=DIFFERS
// DIFFERS: argument 1 differs at element 0 [0]: {{.*}}copy.mlir 0 (0x0), {{.*}}reversed.mlir 63 (0x3f)

// An error in the other file names that file.
// RUN: not gpu-mem-opt diff %t/copy.mlir --against %t/missing.mlir --kernel copy --grid 2,1,1 --arg iota --arg zeros 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing.mlir:

// --against runs no pass, so pass options make no sense with it.
// RUN: not gpu-mem-opt diff %t/copy.mlir --against %t/shifted.mlir --options sm=90 --kernel copy --grid 2,1,1 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: cannot be used with

//--- copy.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<64xi32>, %out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %bx, %bd : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<64xi32>
      memref.store %v, %out[%i] : memref<64xi32>
      gpu.return
    }
  }
}

//--- shifted.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<64xi32>, %out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %zero = arith.constant 0 : i32
      %base = arith.muli %bx, %bd : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<64xi32>
      %w = arith.addi %v, %zero : i32
      memref.store %w, %out[%i] : memref<64xi32>
      gpu.return
    }
  }
}

//--- reversed.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @copy(%in: memref<64xi32>, %out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %bd = gpu.block_dim x
      %c63 = arith.constant 63 : index
      %base = arith.muli %bx, %bd : index
      %i = arith.addi %base, %tx : index
      %r = arith.subi %c63, %i : index
      %v = memref.load %in[%i] : memref<64xi32>
      memref.store %v, %out[%r] : memref<64xi32>
      gpu.return
    }
  }
}
