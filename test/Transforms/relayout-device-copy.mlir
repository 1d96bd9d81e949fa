// Negative (found reviewing the host rewrite, session 8): a gpu.memcpy between two device
// buffers that would both be relaid. Each buffer's rewrite would replace the same copy, the
// second one a copy already gone (a crash). A copy to or from another gpu.alloc buffer is left
// alone, and so are both buffers' layouts, with the reason; the program runs as written.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=DIFF

// CHECK: relayout: arg 0: would store it as 4096x4, strided<[1, 4096]> {{.*}}; not applied: its buffer (gpu.alloc at {{.*}}) is used by gpu.memcpy at {{.*}} on the host, which relayout does not rewrite
// CHECK: relayout: arg 1: would store it as 4096x4, strided<[1, 4096]> {{.*}}; not applied: its buffer (gpu.alloc at {{.*}}) is used by gpu.memcpy at {{.*}} on the host, which relayout does not rewrite
// DIFF: identical: 2 launches

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @relax_program(%cells: memref<16384xf32>, %next: memref<16384xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %half = arith.constant 0.5 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c128 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %i2 = arith.addi %base, %c2 : index
      %e = memref.load %cells[%base] : memref<16384xf32>
      %n = memref.load %cells[%i2] : memref<16384xf32>
      %en = arith.addf %e, %n : f32
      %m = arith.mulf %en, %half : f32
      memref.store %m, %next[%base] : memref<16384xf32>
      memref.store %en, %next[%i2] : memref<16384xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %host = memref.alloc() : memref<16384xf32>
    %cells = gpu.alloc () : memref<16384xf32>
    %next = gpu.alloc () : memref<16384xf32>
    gpu.memcpy %cells, %host : memref<16384xf32>, memref<16384xf32>
    gpu.launch_func @kernels::@relax_program blocks in (%c32, %c1, %c1) threads in (%c128, %c1, %c1) args(%cells : memref<16384xf32>, %next : memref<16384xf32>)
    gpu.memcpy %cells, %next : memref<16384xf32>, memref<16384xf32>
    gpu.launch_func @kernels::@relax_program blocks in (%c32, %c1, %c1) threads in (%c128, %c1, %c1) args(%cells : memref<16384xf32>, %next : memref<16384xf32>)
    gpu.memcpy %host, %next : memref<16384xf32>, memref<16384xf32>
    return
  }
}
