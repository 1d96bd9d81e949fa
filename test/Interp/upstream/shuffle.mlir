// gpu.shuffle xor with a partial width (issue 32, item 4). The CHECK line is upstream's, from
// mlir/test/Integration/GPU/CUDA/shuffle.mlir (llvm/llvm-project at 0593dfc04d05); the program
// here is written to the same behaviour: a gpu.host_register'ed 13-element f32 buffer whose
// dynamic size is the block size (one block of 13 threads); each thread shuffles its id as f32
// with `xor` 4 at width 13 (the block size), stores the value it got where the shuffle is
// valid and -1 where it is not (lanes 9, 10, 11, whose partner 13, 14, 15 is past the width),
// branching with cf.cond_br; printMemrefF32 prints the buffer.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: [4, 5, 6, 7, 0, 1, 2, 3, 12, -1, -1, -1, 8]
// SAME: identical

func.func @main() {
  %z = arith.constant 0 : index
  %u = arith.constant 1 : index
  %lanes = memref.alloc() : memref<13xf32>
  %lanes_dyn = memref.cast %lanes : memref<13xf32> to memref<?xf32>
  %count = memref.dim %lanes_dyn, %z : memref<?xf32>
  %lanes_ur = memref.cast %lanes_dyn : memref<?xf32> to memref<*xf32>
  gpu.host_register %lanes_ur : memref<*xf32>
  gpu.launch blocks(%p, %q, %r) in (%np = %u, %nq = %u, %nr = %u)
      threads(%lane, %s, %t) in (%nlane = %count, %ns = %u, %nt = %u) {
    %mask = arith.constant 4 : i32
    %missing = arith.constant -1.0 : f32
    %lane_i = arith.index_cast %lane : index to i32
    %mine = arith.sitofp %lane_i : i32 to f32
    %w = arith.index_cast %nlane : index to i32
    %theirs, %ok = gpu.shuffle xor %mine, %mask, %w : f32
    cf.cond_br %ok, ^write(%theirs : f32), ^write(%missing : f32)
  ^write(%result : f32):
    memref.store %result, %lanes_dyn[%lane] : memref<?xf32>
    gpu.terminator
  }
  call @printMemrefF32(%lanes_ur) : (memref<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(memref<*xf32>)
