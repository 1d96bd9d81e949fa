// vectorize where the access model does not follow the index (session 29, real code), and
// where it now does (session 30).
// - A lone kernel's `int opt = blockDim.x * blockIdx.x + threadIdx.x` is a product of two
//   unknowns without its block size. Since session 30 the product of two values the same for a
//   whole block is a symbol of its own (`bid.x*block_dim.x`), so `x[4*opt + k]` is affine and
//   its alignment is read from the form (@quads, @quads_checked).
// - An index the model does not follow at all (`opt = tid.x * n`, a thread's id times an
//   argument) is read from the IR: adjacency from the same SSA value plus constants 0, 1, 2, 3,
//   and the alignment of the first element from what the index is a multiple of (`4*opt`: 4
//   elements, 16 bytes; `vector_width::opaque_offset`) (@opaque_quads, @shifted_pairs).
//   Before session 29, such loads were skipped without a remark.
// Every kernel runs before and after with identical results, at two block sizes (the pass
// knows neither).

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -verify-diagnostics=only-expected -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel quads --grid 2,1,1 --block 32,1,1 --arg random:1:256 --arg zeros:64
// RUN: gpu-mem-opt diff %s --kernel quads --grid 1,1,1 --block 64,1,1 --arg random:1:256 --arg zeros:64
// RUN: gpu-mem-opt diff %s --kernel opaque_quads --grid 2,1,1 --block 32,1,1 --arg random:1:256 --arg zeros:64 --arg 2
// RUN: gpu-mem-opt diff %s --kernel shifted_pairs --grid 2,1,1 --block 32,1,1 --arg random:1:256 --arg zeros:64 --arg 2
// RUN: gpu-mem-opt diff %s --kernel quads_checked --grid 2,1,1 --block 32,1,1 --arg random:1:256 --arg zeros:64
// RUN: gpu-mem-opt diff %s --kernel quads_checked --grid 2,1,1 --block 32,1,1 --arg random:1:256@4 --arg zeros:64
// RUN: gpu-mem-opt diff %s --kernel two_products --grid 2,1,1 --block 32,1,1 --arg random:1:256 --arg zeros:64 --arg 2

gpu.module @kernels {
  /// Why: four loads at 4*opt + 0 … 3 of a 16-byte aligned buffer: one vector<4xf32> load
  /// (the index is a multiple of 4 elements whatever opt is).
  // CHECK-LABEL: gpu.func @quads(
  // CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
  // CHECK-NOT: memref.load %arg0
  gpu.func @quads(%x: memref<?xf32> {llvm.align = 16, llvm.noalias},
                  %out: memref<?xf32> {llvm.noalias}) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %bdx = gpu.block_dim x
    %bx = gpu.block_id x
    %tx = gpu.thread_id x
    %first = arith.muli %bdx, %bx : index
    %opt = arith.addi %first, %tx : index
    %i0 = arith.muli %opt, %c4 : index
    %i1 = arith.addi %i0, %c1 : index
    %i2 = arith.addi %i0, %c2 : index
    %i3 = arith.addi %i0, %c3 : index
    // expected-remark @below {{vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16); alignment 16: base 16 B from {llvm.align = 16} on arg 0, offset (4*tid.x + 4*bid.x*block_dim.x) elements a multiple of 16 B}}
    %a = memref.load %x[%i0] : memref<?xf32>
    %b = memref.load %x[%i1] : memref<?xf32>
    %c = memref.load %x[%i2] : memref<?xf32>
    %d = memref.load %x[%i3] : memref<?xf32>
    %ab = arith.addf %a, %b : f32
    %cd = arith.addf %c, %d : f32
    %sum = arith.addf %ab, %cd : f32
    memref.store %sum, %out[%opt] : memref<?xf32>
    gpu.return
  }

  /// Why: @quads with opt = tid.x * n, which the access model does not follow: the four loads
  /// are adjacent in the IR (4*opt + 0 … 3) and 4*opt is a multiple of 16 bytes whatever opt
  /// is: one vector<4xf32> load.
  // CHECK-LABEL: gpu.func @opaque_quads(
  // CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
  // CHECK-NOT: memref.load %arg0
  gpu.func @opaque_quads(%x: memref<?xf32> {llvm.align = 16, llvm.noalias},
                         %out: memref<?xf32> {llvm.noalias}, %n: index) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %tx = gpu.thread_id x
    %opt = arith.muli %tx, %n : index
    %i0 = arith.muli %opt, %c4 : index
    %i1 = arith.addi %i0, %c1 : index
    %i2 = arith.addi %i0, %c2 : index
    %i3 = arith.addi %i0, %c3 : index
    // expected-remark @below {{vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16)}}
    %a = memref.load %x[%i0] : memref<?xf32>
    %b = memref.load %x[%i1] : memref<?xf32>
    %c = memref.load %x[%i2] : memref<?xf32>
    %d = memref.load %x[%i3] : memref<?xf32>
    %ab = arith.addf %a, %b : f32
    %cd = arith.addf %c, %d : f32
    %sum = arith.addf %ab, %cd : f32
    memref.store %sum, %out[%opt] : memref<?xf32>
    gpu.return
  }

  /// Why: the pair at 2*opt + 1 and 2*opt + 2 (an addi of an addi; opt = tid.x * n, not
  /// followed) starts at an odd element: 4-byte aligned only, so it stays scalar, and the
  /// remark says why.
  // CHECK-LABEL: gpu.func @shifted_pairs(
  // CHECK-NOT: vector.load
  // CHECK: gpu.return
  gpu.func @shifted_pairs(%x: memref<?xf32> {llvm.align = 16, llvm.noalias},
                          %out: memref<?xf32> {llvm.noalias}, %n: index) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tx = gpu.thread_id x
    %opt = arith.muli %tx, %n : index
    %even = arith.muli %opt, %c2 : index
    %i0 = arith.addi %even, %c1 : index
    %i1 = arith.addi %i0, %c1 : index
    // expected-remark @below {{vectorize: arg 0: 2 loads of 4 B stay scalar: the first element's offset (2*? + 1) is a multiple of 4 B only, a 8-byte access needs 8}}
    %a = memref.load %x[%i0] : memref<?xf32>
    %b = memref.load %x[%i1] : memref<?xf32>
    %sum = arith.addf %a, %b : f32
    memref.store %sum, %out[%opt] : memref<?xf32>
    gpu.return
  }

  /// Why: @quads without {llvm.align}: the 16-byte load runs behind a run-time check of the
  /// pointer's alignment (the scalar loads where it fails; diffed with the buffer 4 bytes
  /// past a 256-byte boundary too).
  // CHECK-LABEL: gpu.func @quads_checked(
  // CHECK: scf.if
  // CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
  gpu.func @quads_checked(%x: memref<?xf32> {llvm.noalias},
                          %out: memref<?xf32> {llvm.noalias}) kernel {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %bdx = gpu.block_dim x
    %bx = gpu.block_id x
    %tx = gpu.thread_id x
    %first = arith.muli %bdx, %bx : index
    %opt = arith.addi %first, %tx : index
    %i0 = arith.muli %opt, %c4 : index
    %i1 = arith.addi %i0, %c1 : index
    %i2 = arith.addi %i0, %c2 : index
    %i3 = arith.addi %i0, %c3 : index
    // expected-remark @below {{vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16)}}
    %a = memref.load %x[%i0] : memref<?xf32>
    %b = memref.load %x[%i1] : memref<?xf32>
    %c = memref.load %x[%i2] : memref<?xf32>
    %d = memref.load %x[%i3] : memref<?xf32>
    %ab = arith.addf %a, %b : f32
    %cd = arith.addf %c, %d : f32
    %sum = arith.addf %ab, %cd : f32
    memref.store %sum, %out[%opt] : memref<?xf32>
    gpu.return
  }

  /// Why: x[opt*4] and x[opt*n + 1] read two different unknown values: not adjacent, so no
  /// pair is formed and nothing is said of one.
  // CHECK-LABEL: gpu.func @two_products(
  // CHECK-NOT: vector.load
  // CHECK: gpu.return
  gpu.func @two_products(%x: memref<?xf32> {llvm.align = 16, llvm.noalias},
                         %out: memref<?xf32> {llvm.noalias}, %n: index) kernel {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %bdx = gpu.block_dim x
    %bx = gpu.block_id x
    %tx = gpu.thread_id x
    %first = arith.muli %bdx, %bx : index
    %opt = arith.addi %first, %tx : index
    %i0 = arith.muli %opt, %c4 : index
    %other = arith.muli %opt, %n : index
    %i1 = arith.addi %other, %c1 : index
    %a = memref.load %x[%i0] : memref<?xf32>
    %b = memref.load %x[%i1] : memref<?xf32>
    %sum = arith.addf %a, %b : f32
    memref.store %sum, %out[%opt] : memref<?xf32>
    gpu.return
  }
}
