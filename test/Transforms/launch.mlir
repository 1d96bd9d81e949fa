// Kernels written as gpu.launch bodies in host code get the transforms a gpu.func gets.
// A gpu.launch counts its workgroup attributions in `workgroup_attributions`, as a gpu.func
// does; the pass read `workgroupAttributions` for launches, so it took a launch's workgroup
// buffers for private ones (no layout decision, no remark) and the tile stage-shared added
// stayed uncounted: the verifier then rejected the launch ("expected memory space private
// in attribution"). Found by `gpu-mem-opt fuzz` (seed 21, case 12).

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -split-input-file 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel launch@%s:32:5 --grid 2,8,1
// RUN: gpu-mem-opt diff %s --kernel launch@%s:69:5 --grid 1,1,1
// The host functions as whole programs (issue 20): each launch leaves identical buffers.
// RUN: gpu-mem-opt diff %s --entry row_walk
// RUN: gpu-mem-opt diff %s --entry transpose

/// MAP-204 (a[x][k] in a loop over k: lanes a row of 64 floats apart, 32 sectors
/// per request) as a launch body, block 32x8: staged through a 32x32 tile, which
/// then gets a swizzle. The new tile is the launch's first workgroup attribution.
// CHECK-LABEL: func.func @row_walk
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: gpu.barrier
module attributes {gpu.container_module} {
  func.func @row_walk(%a: memref<64x64xf32>, %out: memref<64x64xf32>) {
    %one = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    // expected-remark @below {{kernel: 'launch@}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B)}}
    // expected-remark @below {{time: predicted 12.1 → 2.7 µs a launch}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c8, %gz = %one)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c8, %sz = %one) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      // expected-remark @below {{stage-shared: loop strip-mined into 2 tiles of 32 iterations}}
      %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @below {{stage-shared: captured}}
        %v = memref.load %a[%x, %k] : memref<64x64xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%y, %x] : memref<64x64xf32>
      gpu.terminator
    }
    return
  }
}

// -----

/// A transpose through the launch's own 32x32 tile, written tile[ty][tx] and read
/// tile[tx][ty] (block 32x32): 32-way conflicts on the read, which a swizzle removes.
// CHECK-LABEL: func.func @transpose
// CHECK: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  func.func @transpose(%in: memref<32x32xf32>, %out: memref<32x32xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    // expected-remark @below {{kernel: 'launch@}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)}}
    // expected-remark @below {{time: predicted 2.6 → 2.2 µs a launch}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c32, %sz = %c1)
               workgroup(%tile : memref<32x32xf32, #gpu.address_space<workgroup>>) {
      %v = memref.load %in[%ty, %tx] : memref<32x32xf32>
      memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%ty, %tx] : memref<32x32xf32>
      gpu.terminator
    }
    return
  }
}
