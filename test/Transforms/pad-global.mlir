// Workgroup buffers declared as memref.global in the gpu.module and reached
// through memref.get_global: the global is one buffer, whatever the number of
// get_globals in the kernel. A pad gives the global its padded type and
// replaces every get_global by one of the new type viewed at the old extent;
// a swizzle rewrites the indices and keeps the type. Globals used outside the
// kernel or with an initial value stay unchanged (pad-negative.mlir). Both
// layouts run before and after in the reference interpreter.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false' %s 2>/dev/null | FileCheck %s --check-prefix=PAD
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false' %s 2>/dev/null | FileCheck %s --check-prefix=SWIZZLE
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHOICE
// RUN: gpu-mem-opt diff %s --kernel transpose_global --grid 2,2,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel transpose_global --grid 2,2,1 --options 'stage-shared=false'

/// Gao case 36 with the tile as a workgroup global, fetched once per phase
/// (two get_globals). Block 32x8: the column read is 32-way, 1056 wavefronts
/// in all; pad 1 gives 64 (+128 B), the swizzle chunk ^= row mod 32 gives 64
/// at 0 bytes. The padded global is 32x33 and both get_globals read it.
// PAD: memref.global "private" @tile : memref<32x33xf32, #gpu.address_space<workgroup>>
// PAD-LABEL: gpu.func @transpose_global
// PAD: %[[FIRST:.*]] = memref.get_global @tile : memref<32x33xf32, #gpu.address_space<workgroup>>
// PAD-NEXT: %[[VIEW:.*]] = memref.subview %[[FIRST]][0, 0] [32, 32] [1, 1]
// PAD: memref.store %{{.*}}, %[[VIEW]]
// PAD: %[[SECOND:.*]] = memref.get_global @tile : memref<32x33xf32, #gpu.address_space<workgroup>>
// PAD-NEXT: %[[VIEW2:.*]] = memref.subview %[[SECOND]][0, 0] [32, 32] [1, 1]
// PAD: memref.load %[[VIEW2]]
// PAD-NOT: memref<32x32xf32, #gpu.address_space<workgroup>>
// SWIZZLE: memref.global "private" @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
// SWIZZLE-LABEL: gpu.func @transpose_global
// SWIZZLE: arith.xori
// SWIZZLE: memref.store
// SWIZZLE: arith.xori
// SWIZZLE: memref.load
// CHOICE: remark: gpu-mem-opt: swizzle: global @tile: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @+2 {{kernel: 'transpose_global'}}
    // expected-remark @+1 {{readonly: arg 0}}
    gpu.func @transpose_global(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      // expected-remark @+1 {{pad: global @tile: pad 1 element (+128 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)}}
      %fill = memref.get_global @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %gy = arith.addi %y0, %row : index
        %v = memref.load %in[%gy, %gx] : memref<64x64xf32>
        memref.store %v, %fill[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %drain = memref.get_global @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
      %ox = arith.addi %y0, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %oy = arith.addi %x0, %row : index
        %w = memref.load %drain[%tx, %row] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%oy, %ox] : memref<64x64xf32>
      }
      gpu.return
    }
  }
}
