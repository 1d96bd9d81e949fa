// A value a loop leaves (issue 31, real code): CUDA code that walks a column bumps its
// indices each layer (`c += xy`, Rodinia's HotSpot3D) and reads with them after the loop. The
// loop's result is its start plus the trips times the step it adds, where the module fixes
// the trip count: the access after the loop is affine, and the interpreter measures the same
// (--check-static).
//
// @after_layers: 32 threads, c = tid.x, 4 trips of c += 32, then in[c]: in[tid.x + 128], a
// coalesced request (4 sectors, 32 addresses), like the loads inside the loop.
// @unknown_trips: the same with an argument's trip count: the value after the loop is
// unknown, with the reason.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ACCESS
// RUN: gpu-mem-opt interp %s --kernel after_layers --grid 1,1,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=STATIC
// RUN: gpu-mem-opt diff %s --kernel after_layers --grid 1,1,1 --arg random:1 --arg zeros

// ACCESS-LABEL: kernel: 'after_layers'
// ACCESS: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 32*loop0]; {{.*}}sectors/request 4, distinct addresses 32
// ACCESS: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 128]; {{.*}}sectors/request 4, distinct addresses 32
// ACCESS-LABEL: kernel: 'unknown_trips'
// ACCESS: access: load arg 0 (global), 4 B x 1; {{.*}}a value a loop leaves that is no start plus a constant each trip over a trip count the module fixes
// STATIC: static check: {{[0-9]+}} metrics agree, 0 differ

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @after_layers(%in: memref<160xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0.0 : f32
      %last:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%c = %t, %sum = %zero) -> (index, f32) {
        %v = memref.load %in[%c] : memref<160xf32>
        %s = arith.addf %sum, %v : f32
        %next = arith.addi %c, %c32 : index
        scf.yield %next, %s : index, f32
      }
      %top = memref.load %in[%last#0] : memref<160xf32>
      %total = arith.addf %last#1, %top : f32
      memref.store %total, %out[%t] : memref<32xf32>
      gpu.return
    }

    gpu.func @unknown_trips(%in: memref<?xf32>, %out: memref<32xf32>, %n: index) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %last = scf.for %k = %c0 to %n step %c1 iter_args(%c = %t) -> (index) {
        %next = arith.addi %c, %c32 : index
        scf.yield %next : index
      }
      %top = memref.load %in[%last] : memref<?xf32>
      memref.store %top, %out[%t] : memref<32xf32>
      gpu.return
    }
  }
}
