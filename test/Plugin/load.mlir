// The plugin loads into stock mlir-opt-22 and the pass runs in the -p form
// (stock mlir-opt fixes its flags before plugins load, so this is the only
// form there). The pass is op-agnostic: on builtin.module and nested on one
// gpu.module it sees the same kernel; it leaves the IR unchanged when it
// decides nothing.

// RUN: %mlir-opt-plugin -p 'builtin.module(gpu-mem-opt)' %s 2>&1 | FileCheck %s
// RUN: %mlir-opt-plugin -p 'builtin.module(gpu.module(gpu-mem-opt))' %s 2>&1 | FileCheck %s
// RUN: %mlir-opt-plugin -p 'builtin.module(gpu-mem-opt)' %s -verify-diagnostics -o /dev/null
// The plugin loaded into gpu-mem-opt-opt, which links the same passes: the
// second registration is skipped (LLVM aborts on a pass registered twice).
// RUN: gpu-mem-opt-opt --load-pass-plugin=%plugin -p 'builtin.module(gpu-mem-opt)' %s -verify-diagnostics -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// One load, one store; known_block_size gives the block.
    // CHECK: remark: gpu-mem-opt: kernel: 'copy': block 64x1x1 (from known_block_size); 2 memory accesses
    // CHECK-LABEL: gpu.func @copy
    // CHECK: memref.load
    // CHECK: memref.store
    // expected-remark @+2 {{gpu-mem-opt: kernel: 'copy': block 64x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{writes arg 1, which may alias it; not behind a run-time check: no element is read twice in a block}}
    gpu.func @copy(%in: memref<256xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx] : memref<256xf32>
      memref.store %v, %out[%tx] : memref<256xf32>
      gpu.return
    }
  }
}
