// Which GPU a kernel is compiled for decides whether the pass touches it
// (pass/src/facts/target.rs, issue 20): a gpu.module for ROCm
// (#rocdl.target) is left unchanged with one remark; one for
// #nvvm.target<chip = "sm_80"> is optimized for sm_80 whatever the sm option
// says (the kernel remark and the report name it); a module that names no
// target gets the sm option. Every kernel runs before and after with
// identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='assume-noalias=true' %s -verify-diagnostics | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='assume-noalias=true report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: gpu-mem-opt diff %s --kernel ampere_scale --grid 8,1,1 --options 'assume-noalias=true'
// RUN: gpu-mem-opt diff %s --kernel unstated_scale --grid 8,1,1 --options 'assume-noalias=true sm=70'

// CHECK-LABEL: gpu.module @rocm
// CHECK-NOT: memref.global
// CHECK-NOT: gpu_mem_opt
// CHECK: gpu.func @rocm_scale
// CHECK-LABEL: gpu.module @ampere
// CHECK-NOT: memref.global
// CHECK: gpu.func @ampere_scale(%arg0: memref<4xf32> {llvm.noalias, llvm.readonly}
// CHECK-LABEL: gpu.module @unstated
// CHECK-NOT: memref.global
// CHECK: gpu.func @unstated_scale(%arg0: memref<4xf32> {llvm.noalias, llvm.readonly}

// REPORT: "target": "sm_90",
// REPORT: "name": "rocm_scale",
// REPORT: "decisions": [],
// REPORT-NEXT: "unchanged": "its module is compiled for #rocdl.target<chip = \"gfx90a\">, not an NVIDIA GPU, and the pass's rewrites are NVIDIA's"
// REPORT: "name": "ampere_scale",
// REPORT: "compiled_for": "sm_80"
// REPORT: "name": "unstated_scale",
// REPORT-NOT: "compiled_for"

module attributes {gpu.container_module} {
  gpu.module @rocm [#rocdl.target<chip = "gfx90a">] {
    /// The same kernel for an AMD GPU: unchanged.
    // expected-remark @+1 {{kernel: 'rocm_scale': left unchanged: its module is compiled for #rocdl.target<chip = "gfx90a">, not an NVIDIA GPU}}
    gpu.func @rocm_scale(%coefficients: memref<4xf32> {llvm.noalias}, %data: memref<1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
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
  gpu.module @ampere [#nvvm.target<chip = "sm_80">] {
    /// For sm_80, named by the module: the coefficients go to the read-only path (sm_80 has a
    /// unified L1); constant memory would not pay for its per-launch copy.
    // expected-remark @+3 {{kernel: 'ampere_scale': block 128x1x1 (from known_block_size); 3 memory accesses; target sm_80 (from #nvvm.target<chip = "sm_80">)}}
    // expected-remark @+2 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); not in constant memory: its 16 B copied before each launch}}
    // expected-remark @+1 {{readonly: arg 1: written by memref.store}}
    gpu.func @ampere_scale(%coefficients: memref<4xf32> {llvm.noalias}, %data: memref<1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
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
  gpu.module @unstated {
    /// No target named: the sm option (90 here) stands in.
    // expected-remark @+3 {{kernel: 'unstated_scale': block 128x1x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+2 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); not in constant memory: its 16 B copied before each launch}}
    // expected-remark @+1 {{readonly: arg 1: written by memref.store}}
    gpu.func @unstated_scale(%coefficients: memref<4xf32> {llvm.noalias}, %data: memref<1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
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
