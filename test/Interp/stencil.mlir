// A 1-D three-point stencil: out[i] = in[i-1] + 2 in[i] + in[i+1] inside, out[i] = in[i]
// at both ends. With iota input (in[i] = i) the interior gives 4i: 0, 4, 8, ..., 120, 31.
// RUN: gpu-mem-opt interp %s --kernel stencil --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s
// CHECK: 0 4 8 12 16 20 24 28 32 36 40 44 48 52 56 60 64 68 72 76 80 84 88 92 96 100 104 108 112 116 120 31 {{$}}

// RUN: gpu-mem-opt diff %s --kernel stencil --grid 1,1,1 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 2 arguments, 64 elements

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stencil(%in: memref<32xi32>, %out: memref<32xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %i = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c31 = arith.constant 31 : index
      %two = arith.constant 2 : i32
      %after_first = arith.cmpi ugt, %i, %c0 : index
      %before_last = arith.cmpi ult, %i, %c31 : index
      %inside = arith.andi %after_first, %before_last : i1
      %center = memref.load %in[%i] : memref<32xi32>
      %value = scf.if %inside -> i32 {
        %l = arith.subi %i, %c1 : index
        %r = arith.addi %i, %c1 : index
        %left = memref.load %in[%l] : memref<32xi32>
        %right = memref.load %in[%r] : memref<32xi32>
        %twice = arith.muli %center, %two : i32
        %partial = arith.addi %left, %twice : i32
        %sum = arith.addi %partial, %right : i32
        scf.yield %sum : i32
      } else {
        scf.yield %center : i32
      }
      memref.store %value, %out[%i] : memref<32xi32>
      gpu.return
    }
  }
}
