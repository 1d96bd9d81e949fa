// The test pass gpu-mem-opt-test-plan{step=…} runs the whole pass and shows
// the remarks of one step only (issue 15), so a step's lit tests need not
// expect the others' (test/Transforms/stage-uniform.mlir uses it). The IR is
// what gpu-mem-opt makes of it. An unknown step is an error naming the steps.

// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{step=shared-layout remarks=detailed})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUT
// LAYOUT-NOT: kernel:
// LAYOUT-NOT: stage-shared:
// LAYOUT-NOT: readonly:
// LAYOUT: remark: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks
// LAYOUT-NOT: remark

// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{step=stage-shared remarks=detailed})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGE
// STAGE-NOT: swizzle:
// STAGE: remark: gpu-mem-opt: stage-shared: arg 1: MAP-110: stage
// STAGE-NOT: remark

// One step's remarks only, on ATAX's first kernel: its register promotion, not the strip-mining
// of the loop staging refills (a stage-shared remark).
// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{step=promote})' %S/../RealCode/atax.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROMOTE
// PROMOTE-NOT: stage-shared:
// PROMOTE: remark: gpu-mem-opt: promote: arg 4:
// PROMOTE-NOT: stage-shared:

// The IR is the pass's.
// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{step=vectorize remarks=detailed})' %s 2>/dev/null > %t.plan.mlir
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s 2>/dev/null > %t.pass.mlir
// RUN: diff %t.plan.mlir %t.pass.mlir

// RUN: not gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{step=banana remarks=detailed})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: gpu-mem-opt: options: gpu-mem-opt-test-plan: unknown step 'banana' (register-tile, coarsen, version, delinearize, promote, vectorize, memory-space, stage-shared, relayout, shared-layout)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<1024x1024xf32> {llvm.noalias}, %out: memref<1024x1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
