// Whole programs (issue 20): `interp --entry main` runs the host function, its gpu.alloc,
// gpu.memcpy, gpu.memset, gpu.launch_func and the runner-utils printers included, and prints
// what MLIR's runner would print; the CHECK lines are written the way MLIR's own CUDA
// integration tests check a program's output.
// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s

/// scale: each thread of a 3x2 block doubles its element and adds the scalar argument; the
/// host helper @fill wrote 0, 0.5, ..., 2.5 before the two launches (+0.25, then +0).
// CHECK:      Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}{{\[}}0.5, 2.5, 4.5],
// CHECK-NEXT:  [6.5, 8.5, 10.5]]
/// gpu.memset fills every element; printF32 and printI64 print scalars, %g style.
// CHECK-NEXT: Unranked Memref {{.*}} sizes = [4] strides = [1] data =
// CHECK-NEXT: [7, 7, 7, 7]
// CHECK-NEXT: ( 0.333333, 1.23457e+06, -42 )

// RUN: gpu-mem-opt interp %s --entry main --trace | FileCheck %s --check-prefix=TRACE
/// --trace lists each launch with its own measured accesses.
// TRACE: launch 0 @scale: grid [1, 1, 1], block [3, 2, 1]
// TRACE-NEXT: trace {{.*}}program.mlir:{{[0-9]+}}:{{[0-9]+}} memref.load (global): requests 1
// TRACE: launch 1 @scale: grid [1, 1, 1], block [3, 2, 1]

// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=DIFF
/// The whole program before and after the pass: the same output and the same buffers after
/// every launch.
// DIFF: identical: 2 launches (2 buffers after them), 6 lines of output, 0 arguments

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%data: memref<2x3xf32>, %add: f32) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %data[%ty, %tx] : memref<2x3xf32>
      %twice = arith.addf %v, %v : f32
      %r = arith.addf %twice, %add : f32
      memref.store %r, %data[%ty, %tx] : memref<2x3xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printF32(f32)
  func.func private @printI64(i64)
  func.func private @printOpen()
  func.func private @printClose()
  func.func private @printComma()
  func.func private @printNewline()

  /// A host helper, called from main: element k (row-major) becomes k * step.
  func.func @fill(%buffer: memref<2x3xf32>, %step: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c3 step %c1 {
        %row = arith.muli %i, %c3 : index
        %k = arith.addi %row, %j : index
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %v = arith.mulf %kf, %step : f32
        memref.store %v, %buffer[%i, %j] : memref<2x3xf32>
      }
    }
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %host = memref.alloc() : memref<2x3xf32>
    %half = arith.constant 0.5 : f32
    call @fill(%host, %half) : (memref<2x3xf32>, f32) -> ()
    %device = gpu.alloc () : memref<2x3xf32>
    gpu.memcpy %device, %host : memref<2x3xf32>, memref<2x3xf32>
    %zero = arith.constant 0.0 : f32
    %quarter = arith.constant 0.25 : f32
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c3, %c2, %c1)
        args(%device : memref<2x3xf32>, %quarter : f32)
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c3, %c2, %c1)
        args(%device : memref<2x3xf32>, %zero : f32)
    gpu.memcpy %host, %device : memref<2x3xf32>, memref<2x3xf32>
    %printed = memref.cast %host : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%printed) : (memref<*xf32>) -> ()
    gpu.dealloc %device : memref<2x3xf32>

    %t0 = gpu.wait async
    %ints, %t1 = gpu.alloc async [%t0] () : memref<4xi32>
    %seven = arith.constant 7 : i32
    %t2 = gpu.memset async [%t1] %ints, %seven : memref<4xi32>, i32
    gpu.wait [%t2]
    %ints_printed = memref.cast %ints : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%ints_printed) : (memref<*xi32>) -> ()

    %third = arith.constant 0.333333343 : f32
    %big = arith.constant 1234567.0 : f32
    %negative = arith.constant -42 : i64
    call @printOpen() : () -> ()
    call @printF32(%third) : (f32) -> ()
    call @printComma() : () -> ()
    call @printF32(%big) : (f32) -> ()
    call @printComma() : () -> ()
    call @printI64(%negative) : (i64) -> ()
    call @printClose() : () -> ()
    call @printNewline() : () -> ()
    return
  }
}
