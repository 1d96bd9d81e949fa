// Vector ops. `masked`: thread t reads vector<4xf32> at 4t from a 10-element iota buffer
// with mask [1, 1, 0, 1] and padding -1: masked-off lanes and elements past the end
// (10, 11 for t = 2) read the padding: 0 1 -1 3 | 4 5 -1 7 | 8 9 -1 -1.
// RUN: gpu-mem-opt interp %s --kernel masked --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s --check-prefix=MASKED
// MASKED: 0.0 1.0 -1.0 3.0 4.0 5.0 -1.0 7.0 8.0 9.0 -1.0 -1.0 {{$}}

// `registers`: thread t loads v = in[4t .. 4t+3] = (4t, 4t+1, 4t+2, 4t+3), stores
// [sum(v) = 16t + 6, v[2], v[2], v[2]] into row t, then a masked transfer_write of the
// constant [7, 7, 7, 99] with mask [0, 0, 0, 1] replaces only the last: 16t+6 4t+2 4t+2 99.
// RUN: gpu-mem-opt interp %s --kernel registers --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s --check-prefix=REGS
// REGS: 6 2 2 99 22 6 6 99 38 10 10 99 54 14 14 99 {{$}}

// The vector.load/store of 4 lanes x 16 B: 64 bytes, 2 sectors, 4 addresses, statically and
// measured. The masked transfer_write is not modelled statically (the analysis says why).
// RUN: gpu-mem-opt interp %s --kernel registers --grid 1,1,1 --arg iota --arg zeros --check-static | FileCheck %s --check-prefix=STATIC
// STATIC: vector.load: sectors_per_request 2 ok, distinct_addresses 4 ok
// STATIC: vector.store: sectors_per_request 2 ok, distinct_addresses 4 ok
// STATIC: vector.transfer_write: static metrics unknown (vector.transfer_write is masked; not modelled)
// STATIC: static check: 4 metrics agree, 0 differ

// `shuffle` (what vectorize emits to take merged accesses apart and put them together):
// thread t loads a = in[4t .. 4t+3] and b = in[4t .. 4t+1]; r = shuffle(a, a, [3, 2, 1, 0])
// reverses a, and shuffle(r, b, [0, 4, 5, 3]) takes r[0], b[0], b[1], r[3]:
// 4t+3 4t 4t+1 4t per row.
// RUN: gpu-mem-opt interp %s --kernel shuffle --grid 1,1,1 --arg iota --arg zeros --print-arg 1 | tr '\n' ' ' | FileCheck %s --check-prefix=SHUFFLE
// SHUFFLE: 3 0 1 0 7 4 5 4 11 8 9 8 15 12 13 12 {{$}}

// RUN: gpu-mem-opt diff %s --kernel masked --grid 1,1,1 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 2 arguments, 22 elements

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @masked(%in: memref<10xf32>, %out: memref<12xf32>) kernel
        attributes {known_block_size = array<i32: 3, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %pad = arith.constant -1.0 : f32
      %mask = arith.constant dense<[true, true, false, true]> : vector<4xi1>
      %v = vector.transfer_read %in[%i], %pad, %mask : memref<10xf32>, vector<4xf32>
      vector.store %v, %out[%i] : memref<12xf32>, vector<4xf32>
      gpu.return
    }

    gpu.func @registers(%in: memref<16xi32>, %out: memref<4x4xi32>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %v = vector.load %in[%i] : memref<16xi32>, vector<4xi32>
      %sum = vector.reduction <add>, %v : vector<4xi32> into i32
      %third = vector.extract %v[2] : i32 from vector<4xi32>
      %spread = vector.broadcast %third : i32 to vector<4xi32>
      %row = vector.insert %sum, %spread[0] : i32 into vector<4xi32>
      vector.store %row, %out[%t, %c0] : memref<4x4xi32>, vector<4xi32>
      %last = arith.constant dense<[7, 7, 7, 99]> : vector<4xi32>
      %only_last = arith.constant dense<[false, false, false, true]> : vector<4xi1>
      vector.transfer_write %last, %out[%t, %c0], %only_last {in_bounds = [true]} : vector<4xi32>, memref<4x4xi32>
      gpu.return
    }

    gpu.func @shuffle(%in: memref<16xi32>, %out: memref<4x4xi32>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %a = vector.load %in[%i] : memref<16xi32>, vector<4xi32>
      %b = vector.load %in[%i] : memref<16xi32>, vector<2xi32>
      %r = vector.shuffle %a, %a [3, 2, 1, 0] : vector<4xi32>, vector<4xi32>
      %s = vector.shuffle %r, %b [0, 4, 5, 3] : vector<4xi32>, vector<2xi32>
      vector.store %s, %out[%t, %c0] : memref<4x4xi32>, vector<4xi32>
      gpu.return
    }
  }
}
