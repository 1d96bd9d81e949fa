// Subgroup ids and broadcasts (issue 32, item 1: "lane/subgroup ids where the dialect has
// them"; MLIR 22 has no gpu.ballot). A block of 48 threads is two warps, the second half full:
// gpu.subgroup_id is t / 32, gpu.num_subgroups 2, gpu.subgroup_size 32, gpu.lane_id t % 32.
// gpu.subgroup_broadcast first_active_lane inside `if t is odd` gives each warp's first odd
// thread (1 and 33); specific_lane 5 gives lanes 5 and 37.

// RUN: gpu-mem-opt interp %s --kernel ids --grid 1,1,1 --block 48,1,1 --arg zeros --print-arg 0 | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel ids --grid 1,1,1 --block 48,1,1 --arg zeros | FileCheck %s --check-prefix=SAME
// SAME: identical: 1 argument, 288 elements

// Thread 0: warp 0, 2 warps, 32 lanes, lane 0, broadcasts -1 (even: not in the if) and 5.
// CHECK: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 32
// CHECK-NEXT: 0
// CHECK-NEXT: -1
// CHECK-NEXT: 5
// Thread 1 (odd): first active odd lane 1.
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 32
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 5
// Thread 33's broadcasts (the first 33 printed): the first odd lane of warp 1, and lane 37;
// then thread 34 (even) and 35: warp 1, lanes 2 and 3.
// CHECK: 33
// CHECK-NEXT: 37
// CHECK-NEXT: 1
// CHECK-NEXT: 2
// CHECK-NEXT: 32
// CHECK-NEXT: 2
// CHECK-NEXT: -1
// CHECK-NEXT: 37
// CHECK-NEXT: 1
// CHECK-NEXT: 2
// CHECK-NEXT: 32
// CHECK-NEXT: 3
// CHECK-NEXT: 33
// CHECK-NEXT: 37

gpu.module @kernels {
  gpu.func @ids(%out: memref<48x6xi32>) kernel {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %warp = gpu.subgroup_id : index
    %warps = gpu.num_subgroups : index
    %size = gpu.subgroup_size : index
    %lane = gpu.lane_id
    %w = arith.index_cast %warp : index to i32
    %n = arith.index_cast %warps : index to i32
    %s = arith.index_cast %size : index to i32
    %l = arith.index_cast %lane : index to i32
    memref.store %w, %out[%t, %c0] : memref<48x6xi32>
    memref.store %n, %out[%t, %c1] : memref<48x6xi32>
    memref.store %s, %out[%t, %c2] : memref<48x6xi32>
    memref.store %l, %out[%t, %c3] : memref<48x6xi32>
    %t32 = arith.index_cast %t : index to i32
    %parity = arith.remui %t, %c2 : index
    %odd = arith.cmpi eq, %parity, %c1 : index
    %first = scf.if %odd -> i32 {
      %b = gpu.subgroup_broadcast %t32, first_active_lane : i32
      scf.yield %b : i32
    } else {
      %none = arith.constant -1 : i32
      scf.yield %none : i32
    }
    memref.store %first, %out[%t, %c4] : memref<48x6xi32>
    %five = arith.constant 5 : i32
    %named = gpu.subgroup_broadcast %t32, specific_lane %five : i32
    memref.store %named, %out[%t, %c5] : memref<48x6xi32>
    gpu.return
  }
}
