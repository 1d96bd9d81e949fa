// A warp-uniform table of 2^62 f32 (2^64 bytes): its byte size overflows, so
// it is unknown and the table stays out of constant memory (issue 17: the
// size used to wrap to 0, which fit the 64 KiB bank). The read-only path
// still serves it.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s -verify-diagnostics | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: readonly: arg 0: {{.*}}; not constant: its size in bytes is unknown (dynamic, or too large to count)

// CHECK-NOT: memref.global
// CHECK-LABEL: gpu.func @table
// CHECK-SAME: {llvm.noalias, llvm.readonly}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// One address per warp, 2^64 bytes.
    // expected-remark @+2 {{kernel: 'table': block 128x1x1 (from known_block_size); 2 memory accesses}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); Algorithm 3 picks texture}}
    gpu.func @table(%w: memref<4611686018427387904xf32> {llvm.noalias}, %out: memref<1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %w[%c0] : memref<4611686018427387904xf32>
      memref.store %v, %out[%tx] : memref<1024xf32>
      gpu.return
    }
  }
}
