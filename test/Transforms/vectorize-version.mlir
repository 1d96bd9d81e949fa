// Run-time versioning of vector widths (issue 16; pass/src/steps/vectorize/versioned.rs
// apply_versioned): with the default options a kernel argument's aligned pointer is known to
// be only element-aligned (it may be a view at any element), which keeps a 16-byte record's
// four scalar accesses from becoming one ld.global.v4. Where that alone blocks it, the pass
// checks the pointer at the kernel's entry (extract_aligned_pointer_as_index & 15 == 0, 3
// instructions) and branches: the vector access through memref.assume_alignment (so LLVM keeps
// it: test/Ptx/versioned-alignment.mlir), else the scalar accesses. Loads yield the vector
// from the branch (yielding its elements let LLVM scalarize it and merge the branches).
// Both paths run in the interpreter: buffers 256-byte aligned (the fast path) and 4 or 8
// bytes past it (the fallback), each bit-identical to the kernel as written.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: FileCheck %s --check-prefix=GROUPED --input-file=%t.remarks
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt ptx %s -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: gpu-mem-opt diff %s --kernel float4_sums --grid 8,1,1
// RUN: gpu-mem-opt diff %s --kernel float4_sums --grid 8,1,1 --arg random:1@4 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel spread --grid 8,1,1
// RUN: gpu-mem-opt diff %s --kernel spread --grid 8,1,1 --arg random:1 --arg zeros@8
// RUN: gpu-mem-opt diff %s --kernel scale4 --grid 8,1,1
// RUN: gpu-mem-opt diff %s --kernel scale4 --grid 8,1,1 --arg random:1@4 --arg zeros@8

// CHECK-LABEL: gpu.func @float4_sums(
// No read-only check first: every load comes before the store, so ld.global.nc would gain
// nothing (readonly-checked.mlir, loads_before_stores).
// CHECK-NOT: arith.ori
// CHECK: %[[POINTER:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: %[[LOW:.*]] = arith.andi %[[POINTER]], %c15
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[LOW]], %c0
// CHECK: %[[VECTOR:.*]] = scf.if %[[ALIGNED]] -> (vector<4xf32>) {
// CHECK:   %[[ASSUMED:.*]] = memref.assume_alignment %arg0, 16
// CHECK:   vector.load %[[ASSUMED]][%{{.*}}] {alignment = 16 : i64}
// CHECK: } else {
// CHECK-COUNT-4: memref.load %arg0
// CHECK: vector.extract %[[VECTOR]][0]
// CHECK-LABEL: gpu.func @spread(
// CHECK: scf.if %{{.*}} {
// CHECK:   memref.assume_alignment %arg1, 16
// CHECK:   vector.store %{{.*}} {alignment = 16 : i64}
// CHECK: } else {
// CHECK-COUNT-4: memref.store
// CHECK-LABEL: gpu.func @scale4(
// CHECK: scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK:   vector.load %{{.*}} {alignment = 16 : i64}
// CHECK: } else {
// CHECK-COUNT-4: memref.load %arg0
// CHECK: scf.if
// CHECK:   vector.store %{{.*}} {alignment = 16 : i64}
// CHECK: } else {
// CHECK-COUNT-4: memref.store
// CHECK-LABEL: gpu.func @pairs(
// CHECK-NOT: memref.assume_alignment
// CHECK: gpu.return

// REMARK: vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16) behind a run-time check that arg 0's aligned pointer is a multiple of 16 B (3 instructions at the kernel's entry); the fallback keeps them scalar
// REMARK: vectorize: arg 1: 4 stores of 4 B -> vector<4xf32> (align 16) behind a run-time check that arg 1's aligned pointer is a multiple of 16 B
// REMARK: vectorize: arg 0: vector.load of 16 B -> vector<4xf32> (align 16) behind a run-time check that arg 0's aligned pointer is a multiple of 16 B
/// An 8-byte pair is not worth a branch: it stays scalar, with the advice.
// REMARK: vectorize: arg 0: 2 loads of 4 B stay scalar: the buffer is known to be 4-byte aligned
/// Accesses decided alike at one location (a merged vector op's members) are counted, not
/// listed once each ("22:12, 22:12, 22:12, 22:12" before).
// GROUPED: stage-shared: arg 0: not staged: the stencil's loads are coalesced (16 sectors/request), and L1 serves their shifted reads; the same for 4 more accesses here
// OFF: vectorize: arg 0: 4 loads of 4 B stay scalar: the buffer is known to be 4-byte aligned

// REPORT: "name": "float4_sums",
// REPORT: "kind": "vectorize",
// REPORT: "applied": true,
// REPORT: "versioned": true

// PTX-LABEL: .entry float4_sums(
// PTX: setp.ne.b64
// PTX-COUNT-4: ld.global.b32
// PTX: ld.global.v4.b32
// PTX-LABEL: .entry spread(
// PTX: st.global.v4.b32
// PTX-LABEL: .entry scale4(
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @float4_sums(%points: memref<4096xf32>, %sums: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c32 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      %a = memref.load %points[%base] : memref<4096xf32>
      %bb = memref.load %points[%i1] : memref<4096xf32>
      %c = memref.load %points[%i2] : memref<4096xf32>
      %d = memref.load %points[%i3] : memref<4096xf32>
      %ab = arith.addf %a, %bb : f32
      %cd = arith.addf %c, %d : f32
      %s = arith.addf %ab, %cd : f32
      memref.store %s, %sums[%i] : memref<1024xf32>
      gpu.return
    }
    gpu.func @spread(%values: memref<1024xf32>, %records: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %two = arith.constant 2.0 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c32 : index
      %i = arith.addi %b, %tx : index
      %v = memref.load %values[%i] : memref<1024xf32>
      %w = arith.mulf %v, %two : f32
      %x = arith.addf %v, %two : f32
      %y = arith.subf %v, %two : f32
      %base = arith.muli %i, %c4 : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      memref.store %v, %records[%base] : memref<4096xf32>
      memref.store %w, %records[%i1] : memref<4096xf32>
      memref.store %x, %records[%i2] : memref<4096xf32>
      memref.store %y, %records[%i3] : memref<4096xf32>
      gpu.return
    }
    /// A DSL's vector<4xf32> access as written, no alignment fact: versioned too; the
    /// fallback reads and writes its elements one by one (an unaligned vector access in both
    /// branches let LLVM merge them into the fallback).
    gpu.func @scale4(%in: memref<4096xf32>, %out: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %two = arith.constant dense<2.0> : vector<4xf32>
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c32 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %v = vector.load %in[%base] : memref<4096xf32>, vector<4xf32>
      %w = arith.mulf %v, %two : vector<4xf32>
      vector.store %w, %out[%base] : memref<4096xf32>, vector<4xf32>
      gpu.return
    }
    gpu.func @pairs(%points: memref<2048xf32>, %sums: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c32 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c2 : index
      %i1 = arith.addi %base, %c1 : index
      %a = memref.load %points[%base] : memref<2048xf32>
      %bb = memref.load %points[%i1] : memref<2048xf32>
      %s = arith.addf %a, %bb : f32
      memref.store %s, %sums[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
