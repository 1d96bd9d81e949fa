// memref.atomic_rmw in the interpreter (issue 17): each lane, in lane order,
// turns the element into old <op> value and gets old, so histogram-like
// kernels run and `diff` compares them exactly before and after the pass.

// A global histogram of iota: 1024 values into 16 bins, 64 each.
// RUN: gpu-mem-opt interp %s --kernel histogram --grid 8,1,1 --arg iota --arg zeros --print-arg 1 | FileCheck %s --check-prefix=GLOBAL
// GLOBAL-COUNT-16: {{^}}64{{$}}
// RUN: gpu-mem-opt diff %s --kernel histogram --grid 8,1,1 --arg random:1 --arg zeros

// A shared-memory histogram per block, then added to the global one: the same counts.
// RUN: gpu-mem-opt interp %s --kernel shared_histogram --grid 8,1,1 --arg iota --arg zeros --print-arg 1 | FileCheck %s --check-prefix=SHARED
// SHARED-COUNT-16: {{^}}64{{$}}
// RUN: gpu-mem-opt diff %s --kernel shared_histogram --grid 8,1,1 --arg random:1 --arg zeros

// Float sum and integer maximum: one block of 128 lanes adds 1.0 each (128) and
// takes the maximum of their ids (127); the old values come back in lane order.
// RUN: gpu-mem-opt interp %s --kernel reduce --grid 1,1,1 --arg zeros --arg zeros --arg zeros --print-arg 0 --print-arg 1 | FileCheck %s --check-prefix=REDUCE
// REDUCE: 128
// REDUCE: 127
// RUN: gpu-mem-opt interp %s --kernel reduce --grid 1,1,1 --arg zeros --arg zeros --arg zeros --print-arg 2 | FileCheck %s --check-prefix=OLD
// OLD: 0
// OLD-NEXT: 1
// OLD-NEXT: 2

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @histogram(%data: memref<1024xi32>, %bins: memref<16xi32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %c16 = arith.constant 16 : index
      %one = arith.constant 1 : i32
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %data[%i] : memref<1024xi32>
      %vi = arith.index_castui %v : i32 to index
      %bin = arith.remui %vi, %c16 : index
      %old = memref.atomic_rmw addi %one, %bins[%bin] : (i32, memref<16xi32>) -> i32
      gpu.return
    }

    gpu.func @shared_histogram(%data: memref<1024xi32>, %bins: memref<16xi32>)
        workgroup(%local: memref<16xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %first = arith.cmpi ult, %tx, %c16 : index
      scf.if %first {
        memref.store %zero, %local[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %data[%i] : memref<1024xi32>
      %vi = arith.index_castui %v : i32 to index
      %bin = arith.remui %vi, %c16 : index
      %old = memref.atomic_rmw addi %one, %local[%bin] : (i32, memref<16xi32, #gpu.address_space<workgroup>>) -> i32
      gpu.barrier
      scf.if %first {
        %count = memref.load %local[%tx] : memref<16xi32, #gpu.address_space<workgroup>>
        %previous = memref.atomic_rmw addi %count, %bins[%tx] : (i32, memref<16xi32>) -> i32
      }
      gpu.return
    }

    gpu.func @reduce(%sum: memref<1xf32>, %maximum: memref<1xi32>, %olds: memref<128xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %old = memref.atomic_rmw addf %one, %sum[%c0] : (f32, memref<1xf32>) -> f32
      memref.store %old, %olds[%tx] : memref<128xf32>
      %id = arith.index_cast %tx : index to i32
      %previous = memref.atomic_rmw maxs %id, %maximum[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
  }
}
