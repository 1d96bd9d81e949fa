// A module compiled for Vulkan (spirv.target_env on the gpu.module,
// spirv.entry_point_abi on the kernel) is not NVIDIA's: the pass leaves it
// unchanged, with one remark naming the target (pass/src/facts/target.rs,
// issue 20). Before, the warp-uniform coefficients moved to an NVVM constant
// global (memref<4xf32, 4>) and convert-gpu-to-spirv then failed with
// "failed to legalize operation 'memref.global'". The output still lowers to
// SPIR-V.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='assume-noalias=true' %s -verify-diagnostics | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='assume-noalias=true' %s 2>/dev/null | mlir-opt --convert-gpu-to-spirv | FileCheck %s --check-prefix=SPIRV
// RUN: gpu-mem-opt-opt --gpu-mem-opt='assume-noalias=true report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json

// CHECK-NOT: memref.global
// CHECK-NOT: gpu_mem_opt
// CHECK-LABEL: gpu.func @scale
// CHECK: memref.load %arg0
// SPIRV: spirv.module @__spv__vulkan
// SPIRV: spirv.func @scale
// REPORT: "name": "scale",
// REPORT: "decisions": [],
// REPORT-NEXT: "unchanged": "its module is compiled for SPIR-V (the kernel has spirv.entry_point_abi), not an NVIDIA GPU, and the pass's rewrites are NVIDIA's"

module attributes {gpu.container_module} {
  gpu.module @vulkan attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
    /// Warp-uniform coefficients (constant memory on NVIDIA) and a read-write buffer.
    // expected-remark @+1 {{kernel: 'scale': left unchanged: its module is compiled for SPIR-V (the kernel has spirv.entry_point_abi), not an NVIDIA GPU}}
    gpu.func @scale(%coefficients: memref<4xf32> {llvm.noalias}, %data: memref<1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [128, 1, 1]>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %c0 = arith.constant 0 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %w = memref.load %coefficients[%c0] : memref<4xf32>
      %v = memref.load %data[%i] : memref<1024xf32>
      %p = arith.mulf %w, %v : f32
      memref.store %p, %data[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
