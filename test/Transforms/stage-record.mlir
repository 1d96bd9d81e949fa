// stage-shared on records (issue 17): the loads of one buffer that differ only
// in consecutive offsets along the innermost dimension, at least 3 of them and
// more bytes than one 16-byte access holds, are the fields of an array of
// structures every thread reads (analysis/src/neighbor.rs, Form::Record).
// Each field alone is as scattered in a copy as in the access; together they
// fill one contiguous box that one coalesced copy moves, staged like a halo
// tile. A record that fits one 16-byte access is vectorize's. Every kernel
// runs before and after with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{version=false step=stage-shared remarks=detailed})' %s -verify-diagnostics=only-expected -o /dev/null
// RUN: gpu-mem-opt diff --options version=false %s --kernel lattice --grid 8,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel lattice_flat --grid 8,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel float4 --grid 8,1,1

module attributes {gpu.container_module} {
  gpu.module @k {
    /// A 9-field lattice cell per thread (36-byte records): each field's load is 32
    /// sectors/request; together they fill one contiguous 128x9 box, which one copy moves at
    /// 4 sectors/request (1152 -> 144 global sectors per block). One remark for the nine loads.
    // CHECK-LABEL: gpu.func @lattice(
    // CHECK-SAME: workgroup(%{{.*}} : memref<128x9xf32, #gpu.address_space<workgroup>>)
    // CHECK: gpu.barrier
    gpu.func @lattice(%cells: memref<16384x9xf32> {llvm.noalias}, %out: memref<16384xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bx, %c128 : index
      %x = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      // expected-remark @+1 {{stage-shared: arg 0: no MAP id (9-field record): stage: rule NV-C: the 9 fields of a record every thread reads fill one contiguous box (iMAP Block: stage); 32 sectors/request (ideal 4), footprint 128x9 (4608 B, reuse 1.00); staged through memref<128x9xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 1152 -> 144; the same for 8 more accesses}}
      %f0 = memref.load %cells[%x, %c0] : memref<16384x9xf32>
      %f1 = memref.load %cells[%x, %c1] : memref<16384x9xf32>
      %f2 = memref.load %cells[%x, %c2] : memref<16384x9xf32>
      %f3 = memref.load %cells[%x, %c3] : memref<16384x9xf32>
      %f4 = memref.load %cells[%x, %c4] : memref<16384x9xf32>
      %f5 = memref.load %cells[%x, %c5] : memref<16384x9xf32>
      %f6 = memref.load %cells[%x, %c6] : memref<16384x9xf32>
      %f7 = memref.load %cells[%x, %c7] : memref<16384x9xf32>
      %f8 = memref.load %cells[%x, %c8] : memref<16384x9xf32>
      %s1 = arith.addf %f0, %f1 : f32
      %s2 = arith.addf %s1, %f2 : f32
      %s3 = arith.addf %s2, %f3 : f32
      %s4 = arith.addf %s3, %f4 : f32
      %s5 = arith.addf %s4, %f5 : f32
      %s6 = arith.addf %s5, %f6 : f32
      %s7 = arith.addf %s6, %f7 : f32
      %s8 = arith.addf %s7, %f8 : f32
      memref.store %s8, %out[%x] : memref<16384xf32>
      gpu.return
    }

    /// The same records in a flat array, a[9x + f]: one 1152-element box.
    // CHECK-LABEL: gpu.func @lattice_flat(
    // CHECK-SAME: workgroup(%{{.*}} : memref<1152xf32, #gpu.address_space<workgroup>>)
    gpu.func @lattice_flat(%cells: memref<147456xf32> {llvm.noalias}, %out: memref<16384xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bx, %c128 : index
      %x = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c9 = arith.constant 9 : index
      %r = arith.muli %x, %c9 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %i0 = arith.addi %r, %c0 : index
      // expected-remark @+1 {{stage-shared: arg 0: no MAP id (9-field record): stage: rule NV-C: the 9 fields of a record every thread reads}}
      %f0 = memref.load %cells[%i0] : memref<147456xf32>
      %i1 = arith.addi %r, %c1 : index
      %f1 = memref.load %cells[%i1] : memref<147456xf32>
      %i2 = arith.addi %r, %c2 : index
      %f2 = memref.load %cells[%i2] : memref<147456xf32>
      %i3 = arith.addi %r, %c3 : index
      %f3 = memref.load %cells[%i3] : memref<147456xf32>
      %i4 = arith.addi %r, %c4 : index
      %f4 = memref.load %cells[%i4] : memref<147456xf32>
      %i5 = arith.addi %r, %c5 : index
      %f5 = memref.load %cells[%i5] : memref<147456xf32>
      %i6 = arith.addi %r, %c6 : index
      %f6 = memref.load %cells[%i6] : memref<147456xf32>
      %i7 = arith.addi %r, %c7 : index
      %f7 = memref.load %cells[%i7] : memref<147456xf32>
      %i8 = arith.addi %r, %c8 : index
      %f8 = memref.load %cells[%i8] : memref<147456xf32>
      %s1 = arith.addf %f0, %f1 : f32
      %s2 = arith.addf %s1, %f2 : f32
      %s3 = arith.addf %s2, %f3 : f32
      %s4 = arith.addf %s3, %f4 : f32
      %s5 = arith.addf %s4, %f5 : f32
      %s6 = arith.addf %s5, %f6 : f32
      %s7 = arith.addf %s6, %f7 : f32
      %s8 = arith.addf %s7, %f8 : f32
      memref.store %s8, %out[%x] : memref<16384xf32>
      gpu.return
    }

    /// Negative: a 4-field float record fits one 16-byte access, which is vectorize's
    /// (here its alignment is unknown, so the loads stay scalar); no record tile.
    // CHECK-LABEL: gpu.func @float4(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    gpu.func @float4(%cells: memref<16384x4xf32> {llvm.noalias}, %out: memref<16384xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bx, %c128 : index
      %x = arith.addi %base, %tx : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      // expected-remark @+1 {{stage-shared: arg 0: no MAP id: stage: rule NV-C fallback: uncoalesced}}
      %f0 = memref.load %cells[%x, %c0] : memref<16384x4xf32>
      %f1 = memref.load %cells[%x, %c1] : memref<16384x4xf32>
      %f2 = memref.load %cells[%x, %c2] : memref<16384x4xf32>
      %f3 = memref.load %cells[%x, %c3] : memref<16384x4xf32>
      %s1 = arith.addf %f0, %f1 : f32
      %s2 = arith.addf %s1, %f2 : f32
      %s3 = arith.addf %s2, %f3 : f32
      memref.store %s3, %out[%x] : memref<16384xf32>
      gpu.return
    }
  }
}
