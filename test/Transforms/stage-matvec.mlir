// A row-per-thread matrix-vector product (y[row] = sum_k A[row][k] x[k],
// k < 1024, block 128), as written outside the project (issue 17): staging
// gives A a 128x32 tile that each thread reads down its own row,
// tile[tx][k mod 32], 32-way conflicted. The layout step used to refuse it
// ("more than 4096 iterations of loops in guards or quasi-affine indices");
// the loop is now walked over one period of 32 iterations (Gao 4.3.2,
// analysis/src/metrics.rs), so the tile is swizzled: degree 16.50 -> 1, and
// the interpreter measures every shared request at its ideal wavefronts.

// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{step=shared-layout})' %s -verify-diagnostics | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel matvec --grid 2,1,1
// The strip-mining is staging's remark (the test plan above shows the layout step's only).
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRIP
// STRIP: stage-shared: loop strip-mined into 32 tiles of 32 iterations
// RUN: gpu-mem-opt opt %s -o %t.mlir 2>/dev/null
// RUN: gpu-mem-opt interp %t.mlir --kernel matvec --grid 8,1,1 --arg random:1 --arg random:2 --arg zeros --counters %t.json
// RUN: FileCheck %s --check-prefix=COUNTERS < %t.json
// COUNTERS: "shared_load": {
// COUNTERS-NEXT: "requests": 65536,
// COUNTERS-NEXT: "wavefronts": 65536,
// COUNTERS-NEXT: "ideal_wavefronts": 65536

// CHECK-LABEL: gpu.func @matvec
// CHECK-SAME: workgroup(%{{.*}} : memref<128x32xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>)
// CHECK: arith.xori

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The staged tile, read down each thread's row: swizzled, 135168 -> 8192 wavefronts. x, read
    /// alike by every thread, is staged 32 elements a tile (constant memory would make a launch
    /// contract, issue 30), and its reads are broadcasts: conflict-free.
    // expected-remark @+2 {{pad: workgroup 1: unchanged: conflict-free already (wavefronts 4128, degree 1)}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 135168 -> 8192 (degree 16.50 -> 1)}}
    gpu.func @matvec(%a: memref<1024x1024xf32> {llvm.noalias}, %x: memref<1024xf32> {llvm.noalias}, %y: memref<1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %c1024 = arith.constant 1024 : index
      %zero = arith.constant 0.0 : f32
      %r0 = arith.muli %bx, %c128 : index
      %row = arith.addi %r0, %tx : index
      %sum = scf.for %k = %c0 to %c1024 step %c1 iter_args(%acc = %zero) -> (f32) {
        %a_v = memref.load %a[%row, %k] : memref<1024x1024xf32>
        %x_v = memref.load %x[%k] : memref<1024xf32>
        %p = arith.mulf %a_v, %x_v : f32
        %next = arith.addf %acc, %p : f32
        scf.yield %next : f32
      }
      memref.store %sum, %y[%row] : memref<1024xf32>
      gpu.return
    }
  }
}
