// Calls to device functions (pass/src/facts/effects.rs): a `func.call` whose
// callee's body is visible and touches memory only through its memref
// parameters is no longer "may write any memory". Before, one call to a pure
// helper blocked every decision in the kernel.
//
// saxpy: the helper computes on scalars, so x and y (noalias) read through
// ld.global.nc. weigh: the helper gets a global, so the call stays opaque and
// x (not noalias; the output is) keeps its plain load, with the call named in
// the remark. transpose: the
// column-reading helper receives the tile; the tile's read is in the callee,
// which gpu-mem-opt does not rewrite, so the 32-way conflicted tile is not
// padded (its type is the callee's parameter type), and the remark says so.
// load_through: x is read only inside a loader helper (a callee's loads of its
// parameter are reads of the argument, its stores writes: facts/effects.rs
// parameter_effects), so x reads through ld.global.nc; before, the call made x
// "read and written" and the argument got no decision and no remark at all.
// Every kernel runs before and after with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: gpu-mem-opt diff %s --kernel saxpy --grid 32,1,1
// RUN: gpu-mem-opt diff %s --kernel transpose --grid 32,32,1
// RUN: gpu-mem-opt diff %s --kernel weigh --grid 32,1,1
// RUN: gpu-mem-opt diff %s --kernel load_through --grid 32,1,1

// CHECK-LABEL: gpu.func @saxpy(
// CHECK-SAME: %arg0: memref<4096xf32> {llvm.noalias, llvm.readonly}, %arg1: memref<4096xf32> {llvm.noalias, llvm.readonly}
// CHECK-LABEL: gpu.func @transpose(
// CHECK-SAME: workgroup(%arg2 : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: func.call @column(%arg2
// CHECK-LABEL: gpu.func @weigh(
// CHECK-NOT: llvm.readonly
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @load_through(
// CHECK-SAME: %arg0: memref<4096xf32> {llvm.noalias, llvm.readonly}, %arg1: memref<4096xf32> {llvm.noalias})

// REMARK: readonly: arg 0: ld.global.nc: read-only, not aliased by a write ({llvm.noalias})
// REMARK: pad: workgroup 0: used by func.call at {{.*}}calls.mlir:[[@LINE+44]]:12, which gpu-mem-opt does not rewrite; the buffer is left as it is
// REMARK: readonly: arg 0: read-only, but func.call at {{.*}}calls.mlir:[[@LINE+66]]:12 may write any memory
// REMARK: readonly: arg 0: ld.global.nc: read-only, not aliased by a write ({llvm.noalias})

module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @saxpy_element(%a: f32, %x: f32, %y: f32) -> f32 {
      %p = arith.mulf %a, %x : f32
      %s = arith.addf %p, %y : f32
      return %s : f32
    }
    gpu.func @saxpy(%x: memref<4096xf32> {llvm.noalias}, %y: memref<4096xf32> {llvm.noalias}, %out: memref<4096xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %a = arith.constant 2.0 : f32
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %xv = memref.load %x[%i] : memref<4096xf32>
      %yv = memref.load %y[%i] : memref<4096xf32>
      %r = func.call @saxpy_element(%a, %xv, %yv) : (f32, f32, f32) -> f32
      memref.store %r, %out[%i] : memref<4096xf32>
      gpu.return
    }
    func.func @column(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>, %tx: index, %ty: index) -> f32 {
      %v = memref.load %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
      return %v : f32
    }
    gpu.func @transpose(%in: memref<1024x1024xf32> {llvm.noalias}, %out: memref<1024x1024xf32> {llvm.noalias})
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 32, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %bx32 = arith.muli %bx, %c32 : index
      %by32 = arith.muli %by, %c32 : index
      %row = arith.addi %by32, %ty : index
      %col = arith.addi %bx32, %tx : index
      %v = memref.load %in[%row, %col] : memref<1024x1024xf32>
      memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = func.call @column(%tile, %tx, %ty) : (memref<32x32xf32, #gpu.address_space<workgroup>>, index, index) -> f32
      %orow = arith.addi %bx32, %ty : index
      %ocol = arith.addi %by32, %tx : index
      memref.store %w, %out[%orow, %ocol] : memref<1024x1024xf32>
      gpu.return
    }
    memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
    func.func @weighted(%x: f32, %lane: index) -> f32 {
      %table = memref.get_global @weights : memref<4xf32>
      %w = memref.load %table[%lane] : memref<4xf32>
      %p = arith.mulf %w, %x : f32
      return %p : f32
    }
    gpu.func @weigh(%x: memref<4096xf32>, %out: memref<4096xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %c4 = arith.constant 4 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %lane = arith.remui %tx, %c4 : index
      %xv = memref.load %x[%i] : memref<4096xf32>
      %r = func.call @weighted(%xv, %lane) : (f32, index) -> f32
      memref.store %r, %out[%i] : memref<4096xf32>
      gpu.return
    }

    /// A loader helper: reads its parameter, so the call reads x.
    func.func @element(%buffer: memref<4096xf32>, %i: index) -> f32 {
      %v = memref.load %buffer[%i] : memref<4096xf32>
      return %v : f32
    }
    gpu.func @load_through(%x: memref<4096xf32> {llvm.noalias}, %out: memref<4096xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %v = func.call @element(%x, %i) : (memref<4096xf32>, index) -> f32
      %twice = arith.addf %v, %v : f32
      memref.store %twice, %out[%i] : memref<4096xf32>
      gpu.return
    }
  }
}
