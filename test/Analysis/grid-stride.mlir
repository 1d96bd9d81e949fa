// Grid-stride loops (`for (i = blockIdx.x*blockDim.x + threadIdx.x; i < n; i += gridDim.x*
// blockDim.x)`, the idiom of most CUDA reductions and element-wise kernels) under a launch in
// the module (issue 31, facts from the module; issue 35, times).
//
// `gpu.grid_dim x` is the grid every launch in the module gives, where they all give the same
// constant: @sum's step is 16 blocks x 256 threads = 4096. Its start `256*bid.x + tid.x` runs
// from 0 to 4095, and every start takes ceil((16384 - start) / 4096) = 4 trips: the loop's
// trip count is known (4 for every lane), so the load's requests and the launch's time are.
// @ragged sums 16000 elements: starts below 3712 take 4 trips, the others 3, so the trip
// count stays unknown, and so does the time, with the reason. @twice is launched with 16 and
// with 8 blocks: its `gpu.grid_dim x` has no one value, and its step stays a symbol.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ACCESS
// RUN: gpu-mem-opt report %s | FileCheck %s --check-prefix=TIME
// RUN: gpu-mem-opt diff %s --entry main --arg random:1 --arg zeros --arg random:3 --arg zeros --arg random:5 --arg zeros | FileCheck %s --check-prefix=SAME

// ACCESS-LABEL: kernel: 'sum'
// ACCESS: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 256*bid.x + 4096*loop0]
// ACCESS-LABEL: kernel: 'ragged'
// ACCESS: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 256*bid.x + 4096*loop0]
// ACCESS-LABEL: kernel: 'twice'
// ACCESS: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 256*bid.x + 256*loop0]

// TIME-LABEL: kernel sum
// TIME: time: predicted {{[0-9.]+}} → {{[0-9.]+}} µs a launch
// TIME-LABEL: kernel ragged
// TIME: time: no predicted time: the requests of the memref.load at {{.*}}grid-stride.mlir:{{[0-9]+}}:14 are unknown (the trip count of loop0 is unknown)
// TIME-LABEL: kernel twice
// TIME: time: no predicted time:

// SAME: identical: 4 launches

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%in: memref<16384xf32>, %out: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %blocks = gpu.grid_dim x
      %c256 = arith.constant 256 : index
      %n = arith.constant 16384 : index
      %zero = arith.constant 0.0 : f32
      %base = arith.muli %bx, %c256 : index
      %start = arith.addi %base, %tx : index
      %stride = arith.muli %blocks, %c256 : index
      %total = scf.for %i = %start to %n step %stride iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %in[%i] : memref<16384xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %total, %out[%start] : memref<4096xf32>
      gpu.return
    }

    gpu.func @ragged(%in: memref<16000xf32>, %out: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %blocks = gpu.grid_dim x
      %c256 = arith.constant 256 : index
      %n = arith.constant 16000 : index
      %zero = arith.constant 0.0 : f32
      %base = arith.muli %bx, %c256 : index
      %start = arith.addi %base, %tx : index
      %stride = arith.muli %blocks, %c256 : index
      %total = scf.for %i = %start to %n step %stride iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %in[%i] : memref<16000xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %total, %out[%start] : memref<4096xf32>
      gpu.return
    }

    gpu.func @twice(%in: memref<16384xf32>, %out: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %blocks = gpu.grid_dim x
      %c256 = arith.constant 256 : index
      %n = arith.constant 16384 : index
      %zero = arith.constant 0.0 : f32
      %base = arith.muli %bx, %c256 : index
      %start = arith.addi %base, %tx : index
      %stride = arith.muli %blocks, %c256 : index
      %total = scf.for %i = %start to %n step %stride iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %in[%i] : memref<16384xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %total, %out[%start] : memref<4096xf32>
      gpu.return
    }
  }

  func.func @main(%in: memref<16384xf32>, %out: memref<4096xf32>, %ragged_in: memref<16000xf32>,
                  %ragged_out: memref<4096xf32>, %twice_in: memref<16384xf32>,
                  %twice_out: memref<4096xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @kernels::@sum blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<16384xf32>, %out : memref<4096xf32>)
    gpu.launch_func @kernels::@ragged blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%ragged_in : memref<16000xf32>, %ragged_out : memref<4096xf32>)
    gpu.launch_func @kernels::@twice blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%twice_in : memref<16384xf32>, %twice_out : memref<4096xf32>)
    gpu.launch_func @kernels::@twice blocks in (%c8, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%twice_in : memref<16384xf32>, %twice_out : memref<4096xf32>)
    return
  }
}
