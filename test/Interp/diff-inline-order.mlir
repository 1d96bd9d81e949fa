// `diff --entry` pairs an inline gpu.launch's arguments by the buffer each views. A gpu.launch
// passes its captured values in the order of their first use, and the pass may change that
// order: here staging copies %v's and %a's tiles before the loop and leaves %b, so %v is used
// before %b after the pass. Paired by position, the two runs' argument 1 were different
// buffers, and diff reported a difference the program's output does not have (found by the
// register-tile fuzz campaign, session 21).

// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s --check-prefix=STAGED

// CHECK: identical: 1 launch (4 buffers after it), 65 lines of output, 4 arguments
// STAGED: gpu.launch
// STAGED-SAME: workgroup(

module attributes {gpu.container_module} {
  func.func @main(%host_a: memref<64x48xf32>, %host_b: memref<48x12xf32>, %host_v: memref<48xf32>, %host_c: memref<64x12xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %c48 = arith.constant 48 : index
    %zero = arith.constant 0.0 : f32
    %a = gpu.alloc () : memref<64x48xf32>
    %b = gpu.alloc () : memref<48x12xf32>
    %v = gpu.alloc () : memref<48xf32>
    %c = gpu.alloc () : memref<64x12xf32>
    gpu.memcpy %a, %host_a : memref<64x48xf32>, memref<64x48xf32>
    gpu.memcpy %b, %host_b : memref<48x12xf32>, memref<48x12xf32>
    gpu.memcpy %v, %host_v : memref<48xf32>, memref<48xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c6, %gy = %c8, %gz = %c1)
        threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c8, %sz = %c1) {
      %i0 = arith.muli %by, %c8 : index
      %i = arith.addi %i0, %ty : index
      %j0 = arith.muli %bx, %c2 : index
      %j = arith.addi %j0, %tx : index
      %sum = scf.for %k = %c0 to %c48 step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i, %k] : memref<64x48xf32>
        %y = memref.load %b[%k, %j] : memref<48x12xf32>
        %w = memref.load %v[%k] : memref<48xf32>
        %p = arith.mulf %x, %y : f32
        %q = arith.addf %p, %w : f32
        %s = arith.addf %acc, %q : f32
        scf.yield %s : f32
      }
      memref.store %sum, %c[%i, %j] : memref<64x12xf32>
      gpu.terminator
    }
    gpu.memcpy %host_c, %c : memref<64x12xf32>, memref<64x12xf32>
    %u = memref.cast %host_c : memref<64x12xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
