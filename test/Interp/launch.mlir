// A gpu.launch body is a kernel named launch@FILE:LINE:COL. Its ids come from the body's
// block arguments, its block size from the constant operands (32x1x1); the captured
// constant %scale is copied in, the captured memrefs become its two arguments.
// out[t] = 3 * in[t] with iota input: 0 3 6 ... 93.
// RUN: gpu-mem-opt interp %s --kernel launch@%s:22:5 --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s
// CHECK: 0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90 93 {{$}}

// RUN: gpu-mem-opt interp %s --kernel launch@%s:22:5 --grid 1,1,1 --arg iota --arg zeros --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: static check: 4 metrics agree, 0 differ

// RUN: gpu-mem-opt diff %s --kernel launch@%s:22:5 --grid 1,1,1 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 2 arguments, 64 elements

// The host function as a whole program runs the same launch (issue 20).
// RUN: gpu-mem-opt interp %s --entry host --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s

module attributes {gpu.container_module} {
  func.func @host(%in: memref<32xi32>, %out: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %scale = arith.constant 3 : i32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %v = memref.load %in[%tx] : memref<32xi32>
      %w = arith.muli %v, %scale : i32
      memref.store %w, %out[%tx] : memref<32xi32>
      gpu.terminator
    }
    return
  }

  func.func @swapped(%out: memref<32xi32>, %in: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %scale = arith.constant 3 : i32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %v = memref.load %in[%tx] : memref<32xi32>
      %w = arith.muli %v, %scale : i32
      memref.store %w, %out[%tx] : memref<32xi32>
      gpu.terminator
    }
    return
  }
}

// The launch's arguments are the enclosing function's parameters it uses, in the function's
// order, not in the order the body first uses them: in @swapped the body reads %in first, yet
// %out (parameter 0) is argument 0. (A rewrite that moves a use, such as a tile copy hoisted
// before a loop, keeps the launch's arguments.)
// RUN: gpu-mem-opt interp %s --kernel launch@%s:36:5 --grid 1,1,1 --arg zeros --arg iota --print-arg 0 | tr '\n' ' ' | FileCheck %s --check-prefix=SWAPPED
// SWAPPED: 0 3 6 9 12 15 18 21 24 27 30 33 36 39 42 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90 93 {{$}}
