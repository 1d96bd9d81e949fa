// pad within the shared-memory budget: a 32x32 f32 tile (4096 B) read down a
// column is 32-way conflicted; pad 1 would need +128 B. With smem-budget=4100
// only 4 bytes are left, so the buffer stays unchanged and the remark names
// the budget; with strict=true that is an error and the tool fails. With the
// default budget the pad is applied.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false smem-budget=4100' %s -verify-diagnostics -o /dev/null
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='swizzle=false smem-budget=4100 strict=true' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false' %s 2>/dev/null | FileCheck %s --check-prefix=DEFAULT

// STRICT: error: gpu-mem-opt: pad: workgroup 0: {{.*}}needs +128 B{{.*}}; strict: bank conflicts remain or are unknown
// DEFAULT-LABEL: gpu.func @column
// DEFAULT-SAME: memref<32x33xf32, #gpu.address_space<workgroup>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'column'}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: wavefronts 32, degree 32; pad 1 element would give 1 wavefronts but needs +128 B, 4 B of shared memory left}}
    gpu.func @column(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
