// One buffer passed for both parameters of a kernel that relayout relays together (issue 32,
// item 2). Host code updates its lattice in place: @relax reads and writes the same cell
// (d2q4-like, four fields of 4 B per cell), launched 5 times with %cells as both arguments.
// With vectorize=false both parameters are relaid to strided<[256, 1, 64]> (16 → 4 sectors per
// request), and the host passes the one relaid buffer twice. The interpreter used to refuse
// that run ("same:0 needs an earlier row-major buffer argument"), so nothing checked its
// output; now the second parameter views the first's relaid buffer, and the whole program
// gives the same launches and output before and after.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='vectorize=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt diff %s --entry main --options vectorize=false | FileCheck %s

// REMARK: relayout: arg 0: stored as strided<[256, 1, 64]> {{.*}} 16.00 → 4.00 sectors per request
// REMARK: relayout: arg 1: stored as strided<[256, 1, 64]> {{.*}} 16.00 → 4.00 sectors per request
// CHECK: identical: 5 launches + 1 relayout conversion (10 buffers after them), 4097 lines of output

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @relax(%cells: memref<64x64x4xf32>, %next: memref<64x64x4xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %half = arith.constant 0.5 : f32
      %i = gpu.thread_id x
      %j = gpu.block_id y
      %e = memref.load %cells[%j, %i, %c0] : memref<64x64x4xf32>
      %w = memref.load %cells[%j, %i, %c1] : memref<64x64x4xf32>
      %n = memref.load %cells[%j, %i, %c2] : memref<64x64x4xf32>
      %s = memref.load %cells[%j, %i, %c3] : memref<64x64x4xf32>
      %ew = arith.addf %e, %w : f32
      %ns = arith.addf %n, %s : f32
      %all = arith.addf %ew, %ns : f32
      %mean = arith.mulf %all, %half : f32
      %e2 = arith.subf %mean, %e : f32
      %w2 = arith.subf %mean, %w : f32
      %n2 = arith.subf %mean, %n : f32
      %s2 = arith.subf %mean, %s : f32
      memref.store %e2, %next[%j, %i, %c0] : memref<64x64x4xf32>
      memref.store %w2, %next[%j, %i, %c1] : memref<64x64x4xf32>
      memref.store %n2, %next[%j, %i, %c2] : memref<64x64x4xf32>
      memref.store %s2, %next[%j, %i, %c3] : memref<64x64x4xf32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %cells = gpu.alloc () : memref<64x64x4xf32>
    gpu.memset %cells, %one : memref<64x64x4xf32>, f32
    scf.for %t = %c0 to %c5 step %c1 {
      gpu.launch_func @kernels::@relax blocks in (%c1, %c64, %c1) threads in (%c64, %c1, %c1) args(%cells : memref<64x64x4xf32>, %cells : memref<64x64x4xf32>)
    }
    %host = memref.alloc() : memref<64x64x4xf32>
    gpu.memcpy %host, %cells : memref<64x64x4xf32>, memref<64x64x4xf32>
    %any = memref.cast %host : memref<64x64x4xf32> to memref<*xf32>
    call @printMemrefF32(%any) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
