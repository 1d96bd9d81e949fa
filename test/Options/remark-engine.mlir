// Every remark also goes to MLIR 22's remark engine when it is on (issue 15):
// stock mlir-opt's --remarks-filter and --remark-format=yaml collect
// gpu-mem-opt's decisions as optimization remarks, passed (applied), missed
// (not applied) or analysis (findings), category gpu-mem-opt, named by the
// decision's kind; the same YAML LLVM's opt-viewer reads. The remarks still
// reach the diagnostic engine, so -verify-diagnostics sees them as before.

// RUN: %mlir-opt-plugin -p 'builtin.module(gpu-mem-opt)' --remarks-filter=gpu-mem-opt --remark-format=yaml --remarks-output-file=%t.yaml %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s < %t.yaml
// RUN: %mlir-opt-plugin -p 'builtin.module(gpu-mem-opt)' --remarks-filter=gpu-mem-opt --remark-format=yaml --remarks-output-file=%t.2.yaml %s -verify-diagnostics -o /dev/null

// CHECK: --- !Analysis
// CHECK-NEXT: Pass: 'gpu-mem-opt:kernel'
// CHECK: --- !Missed
// CHECK-NEXT: Pass: 'gpu-mem-opt:readonly'
// CHECK: --- !Passed
// CHECK-NEXT: Pass: 'gpu-mem-opt:stage-shared'
// CHECK-NEXT: Name: stage-shared
// CHECK-NEXT: DebugLoc: { File: {{.*}}remark-engine.mlir
// The location may wrap onto the next line, depending on the path's length.
// CHECK: Column: 7 }
// CHECK-NEXT: Function: transpose
// CHECK: Remark: 'arg 1: staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 256 -> 32'
// CHECK: --- !Passed
// CHECK-NEXT: Pass: 'gpu-mem-opt:swizzle'

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+3 {{kernel: 'transpose'}}
    // expected-remark @+2 {{writes arg 1, which may alias it; not behind a run-time check: no element is read twice in a block}}
    // expected-remark @+1 {{swizzle: workgroup 0}}
    gpu.func @transpose(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
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
      // expected-remark @+1 {{stage-shared: arg 1: staged through}}
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
