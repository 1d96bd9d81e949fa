// Reductions. `tree`: each block of 64 threads sums 64 inputs in workgroup memory,
// halving the active threads each step with a gpu.barrier after every step. With iota
// input, block b sums 64b .. 64b+63: 4096b + 2016.
// RUN: gpu-mem-opt interp %s --kernel tree --grid 4,1,1 --arg iota --arg zeros --print-arg 1 | FileCheck %s --check-prefix=TREE
// TREE: 2016
// TREE-NEXT: 6112
// TREE-NEXT: 10208
// TREE-NEXT: 14304

// `warp`: a butterfly of gpu.shuffle xor (offsets 16, 8, 4, 2, 1) leaves the sum of all
// 32 lanes in every lane: 0 + 1 + ... + 31 = 496, as f32.
// RUN: gpu-mem-opt interp %s --kernel warp --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | FileCheck %s --check-prefix=WARP
// WARP-COUNT-32: 496.0

// `loop`: scf.while counts down from in[tid] to 0, adding to an accumulator: the
// triangular number n(n+1)/2 of the thread's iota value n (0, 1, 3, 6, 10).
// RUN: gpu-mem-opt interp %s --kernel loop --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s --check-prefix=LOOP
// LOOP: 0 1 3 6 10 {{$}}

// RUN: gpu-mem-opt diff %s --kernel tree --grid 4,1,1 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 2 arguments, 260 elements

// The tree's `s = 32 >> k` is a right shift by a loop variable: the access model keeps it
// whole (a quasi-affine part, like a remainder) and enumerates k's 6 iterations, so the
// static metrics of the shared accesses under `tx < s` are exact: 32 + 16 + ... + 1 = 63
// active lanes in 6 requests, 10.5 distinct addresses each, no bank conflict; the pad step
// sees a conflict-free buffer (21 wavefronts) instead of an index it cannot follow.
// RUN: gpu-mem-opt interp %s --kernel tree --grid 4,1,1 --arg iota --arg zeros --trace --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: reduction.mlir:{{[0-9]+}}:16 memref.load: bank_conflict_degree 1 ok, distinct_addresses 10.5 ok
// STATIC-NEXT: reduction.mlir:{{[0-9]+}}:16 memref.load: bank_conflict_degree 1 ok, distinct_addresses 10.5 ok
// STATIC-NEXT: reduction.mlir:{{[0-9]+}}:11 memref.store: bank_conflict_degree 1 ok, distinct_addresses 10.5 ok
// STATIC: static check: 14 metrics agree, 0 differ
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PAD
// PAD: pad: workgroup 0: unchanged: conflict-free already (wavefronts 21, degree 1)

// `grid_stride`: each thread sums in[i] for i = 32·bid.x + tid.x, stepping by the whole
// grid (32·grid_dim.x). The loop starts at a thread-dependent index, so its induction
// variable is `start + 32·j` with `j` the same for all lanes: the load is coalesced (4
// sectors, 32 distinct addresses per request), not a broadcast. With iota input and 2 blocks
// of 32 over 256 elements, thread t sums t, t + 64, t + 128, t + 192: 4t + 384.
// RUN: gpu-mem-opt interp %s --kernel grid_stride --grid 2,1,1 --arg iota --arg zeros --print-arg 1 --trace --check-static | FileCheck %s --check-prefix=STRIDE
// STRIDE: 384
// STRIDE-NEXT: 388
// STRIDE: memref.load: sectors_per_request 4 ok, distinct_addresses 32 ok
// STRIDE: static check: {{[0-9]+}} metrics agree, 0 differ

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tree(%in: memref<256xi32>, %out: memref<4xi32>)
        workgroup(%partial: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %base = arith.muli %bx, %c64 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<256xi32>
      memref.store %v, %partial[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c6 step %c1 {
        %s = arith.shrui %c32, %k : index
        %active = arith.cmpi ult, %tx, %s : index
        scf.if %active {
          %j = arith.addi %tx, %s : index
          %a = memref.load %partial[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
          %b = memref.load %partial[%j] : memref<64xi32, #gpu.address_space<workgroup>>
          %sum = arith.addi %a, %b : i32
          memref.store %sum, %partial[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %total = memref.load %partial[%c0] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %total, %out[%bx] : memref<4xi32>
      }
      gpu.return
    }

    gpu.func @grid_stride(%in: memref<256xi32>, %out: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %blocks = gpu.grid_dim x
      %c32 = arith.constant 32 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0 : i32
      %base = arith.muli %bx, %c32 : index
      %start = arith.addi %base, %tx : index
      %stride = arith.muli %blocks, %c32 : index
      %sum = scf.for %i = %start to %c256 step %stride iter_args(%acc = %zero) -> i32 {
        %v = memref.load %in[%i] : memref<256xi32>
        %next = arith.addi %acc, %v : i32
        scf.yield %next : i32
      }
      memref.store %sum, %out[%start] : memref<64xi32>
      gpu.return
    }

    gpu.func @warp(%in: memref<32xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c5 = arith.constant 5 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : i32
      %width = arith.constant 32 : i32
      %v = memref.load %in[%tx] : memref<32xf32>
      %sum = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %v) -> f32 {
        %k32 = arith.index_cast %k : index to i32
        %offset = arith.shrui %c16, %k32 : i32
        %other, %valid = gpu.shuffle xor %acc, %offset, %width : f32
        %next = arith.addf %acc, %other : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%tx] : memref<32xf32>
      gpu.return
    }

    gpu.func @loop(%in: memref<5xi64>, %out: memref<5xi64>) kernel
        attributes {known_block_size = array<i32: 5, 1, 1>} {
      %tx = gpu.thread_id x
      %zero = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      %n = memref.load %in[%tx] : memref<5xi64>
      %result:2 = scf.while (%count = %n, %acc = %zero) : (i64, i64) -> (i64, i64) {
        %more = arith.cmpi sgt, %count, %zero : i64
        scf.condition(%more) %count, %acc : i64, i64
      } do {
      ^bb0(%c: i64, %a: i64):
        %a2 = arith.addi %a, %c : i64
        %c2 = arith.subi %c, %one : i64
        scf.yield %c2, %a2 : i64, i64
      }
      memref.store %result#1, %out[%tx] : memref<5xi64>
      gpu.return
    }
  }
}
