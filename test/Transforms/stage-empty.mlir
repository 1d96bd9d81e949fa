// Staging an empty input (found by the fuzzer's warp family, seed 11 case 612 and seed 13
// case 800; issue 17's empty inputs). Each thread reads in[256*bx + 4*t + k], k < 4, behind an
// edge guard `index < n`. With n = 0 the kernel reads nothing, but the staged copy clamped each
// index into [0, n - 1] = [0, -1] and read element -1. (Since session 32 the copy loads only
// the cells below the size, `arith.cmpi ult` per cell, which no size 0 passes.)
//
// A static empty buffer (memref<0xf64>) is not staged, and the remark says why. A dynamic one
// (memref<?xf64>) is staged, and its copy in runs only where the size is positive, a condition
// the whole block shares: run with size 0 and with size 512, the outputs are identical.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt diff %s --kernel fuzz --grid 2,1,1 --arg random:1 --arg random:2
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel dynamic --grid 2,1,1 --arg random:1:0 --arg random:2
// RUN: gpu-mem-opt diff %s --kernel dynamic --grid 2,1,1 --arg random:1:512 --arg random:2

// REMARK: stage-shared: arg 0: not staged: the buffer is empty (a dimension of size 0): no element to copy

// CHECK-LABEL: gpu.func @dynamic(
// CHECK: %[[SIZE:.*]] = memref.dim %arg0, %{{.*}} : memref<?xf64>
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ult, %{{.*}}, %[[SIZE]] : index
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK: scf.for
// CHECK: %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: scf.if %[[IN]] -> (f64) {
// CHECK: memref.load %arg0
// CHECK: } {gpu_mem_opt.in_array}
// CHECK: gpu.barrier

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fuzz(%in: memref<0xf64>, %out: memref<128xf64>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f64
      %t4 = arith.muli %t, %c4 : index
      %b = arith.muli %bx, %c256 : index
      %base = arith.addi %t4, %b : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      %p0 = arith.cmpi ult, %base, %c0 : index
      %v0 = scf.if %p0 -> f64 {
        %v = memref.load %in[%base] : memref<0xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %p1 = arith.cmpi ult, %i1, %c0 : index
      %v1 = scf.if %p1 -> f64 {
        %v = memref.load %in[%i1] : memref<0xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %p2 = arith.cmpi ult, %i2, %c0 : index
      %v2 = scf.if %p2 -> f64 {
        %v = memref.load %in[%i2] : memref<0xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %p3 = arith.cmpi ult, %i3, %c0 : index
      %v3 = scf.if %p3 -> f64 {
        %v = memref.load %in[%i3] : memref<0xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %a = arith.addf %v0, %v1 : f64
      %b2 = arith.addf %v2, %v3 : f64
      %sum = arith.addf %a, %b2 : f64
      %g0 = arith.muli %bx, %c64 : index
      %g = arith.addi %g0, %t : index
      memref.store %sum, %out[%g] : memref<128xf64>
      gpu.return
    }

    gpu.func @dynamic(%in: memref<?xf64>, %out: memref<128xf64>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f64
      %n = memref.dim %in, %c0 : memref<?xf64>
      %t4 = arith.muli %t, %c4 : index
      %b = arith.muli %bx, %c256 : index
      %base = arith.addi %t4, %b : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      %p0 = arith.cmpi ult, %base, %n : index
      %v0 = scf.if %p0 -> f64 {
        %v = memref.load %in[%base] : memref<?xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %p1 = arith.cmpi ult, %i1, %n : index
      %v1 = scf.if %p1 -> f64 {
        %v = memref.load %in[%i1] : memref<?xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %p2 = arith.cmpi ult, %i2, %n : index
      %v2 = scf.if %p2 -> f64 {
        %v = memref.load %in[%i2] : memref<?xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %p3 = arith.cmpi ult, %i3, %n : index
      %v3 = scf.if %p3 -> f64 {
        %v = memref.load %in[%i3] : memref<?xf64>
        scf.yield %v : f64
      } else {
        scf.yield %zero : f64
      }
      %a = arith.addf %v0, %v1 : f64
      %b2 = arith.addf %v2, %v3 : f64
      %sum = arith.addf %a, %b2 : f64
      %g0 = arith.muli %bx, %c64 : index
      %g = arith.addi %g0, %t : index
      memref.store %sum, %out[%g] : memref<128xf64>
      gpu.return
    }
  }
}
