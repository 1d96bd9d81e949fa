// Constants of every element type, and memref.globals with dense initial values.
// Expected values are the literals below, printed exactly: f16 -2.5, 0.5 and its
// largest finite 65504; bf16 3 and -5/32; f64 0.1 and 1e300; i8 -3 and 127; i1 true,
// false; index 42.
// RUN: gpu-mem-opt interp %s --kernel constants --grid 1,1,1 --arg zeros --arg zeros --arg zeros --arg zeros --arg zeros --arg zeros --print-arg 0 --print-arg 1 --print-arg 2 --print-arg 3 --print-arg 4 --print-arg 5 | tr '\n' ' ' | FileCheck %s
// CHECK: -2.5 0.5 65504.0 3.0 -0.15625 0.1 1e300 -3 127 1 0 42 {{$}}

// `lookup`: out[t] = table[3 - t] with table = [10, 20, 30, 40] (a constant global) plus
// the splat global fill (all 5): 45 35 25 15.
// RUN: gpu-mem-opt interp %s --kernel lookup --grid 1,1,1 --arg zeros --print-arg 0 | tr '\n' ' ' | FileCheck %s --check-prefix=LOOKUP
// LOOKUP: 45 35 25 15 {{$}}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" constant @table : memref<4xi32> = dense<[10, 20, 30, 40]>
    memref.global "private" @fill : memref<2xi32> = dense<5>

    gpu.func @constants(%h: memref<3xf16>, %b: memref<2xbf16>, %d: memref<2xf64>,
                        %i: memref<2xi8>, %flags: memref<2xi1>, %x: memref<1xindex>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %h0 = arith.constant -2.5 : f16
      memref.store %h0, %h[%c0] : memref<3xf16>
      %hv = arith.constant dense<[0.5, 65504.0]> : vector<2xf16>
      vector.store %hv, %h[%c1] : memref<3xf16>, vector<2xf16>
      %b0 = arith.constant 3.0 : bf16
      %b1 = arith.constant -0.15625 : bf16
      memref.store %b0, %b[%c0] : memref<2xbf16>
      memref.store %b1, %b[%c1] : memref<2xbf16>
      %d0 = arith.constant 0.1 : f64
      %d1 = arith.constant 1.0e300 : f64
      memref.store %d0, %d[%c0] : memref<2xf64>
      memref.store %d1, %d[%c1] : memref<2xf64>
      %i0 = arith.constant -3 : i8
      %i1 = arith.constant 127 : i8
      memref.store %i0, %i[%c0] : memref<2xi8>
      memref.store %i1, %i[%c1] : memref<2xi8>
      %true = arith.constant true
      %false = arith.constant false
      memref.store %true, %flags[%c0] : memref<2xi1>
      memref.store %false, %flags[%c1] : memref<2xi1>
      %answer = index.constant 42
      memref.store %answer, %x[%c0] : memref<1xindex>
      gpu.return
    }

    gpu.func @lookup(%out: memref<4xi32>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %table = memref.get_global @table : memref<4xi32>
      %fill = memref.get_global @fill : memref<2xi32>
      %j = arith.subi %c3, %t : index
      %v = memref.load %table[%j] : memref<4xi32>
      %f = memref.load %fill[%c0] : memref<2xi32>
      %sum = arith.addi %v, %f : i32
      memref.store %sum, %out[%t] : memref<4xi32>
      gpu.return
    }
  }
}
