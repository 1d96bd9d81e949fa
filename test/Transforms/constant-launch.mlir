// constant memory is a contract with the launcher (gpu_mem_opt.constant_bindings:
// copy argument N into the symbol before each launch). Where host code in the
// module launches the kernel, nothing would fulfil it (MLIR's GPU dialect has
// no host-side copy into a device symbol), so the argument is not moved: the
// remark names the launch site, and the read-only path serves it instead
// (issue 20). Before, with assume-noalias=true, the kernel read uninitialized
// constant memory. With the default options the launch proves the
// coefficients' buffer distinct (facts/launches.rs), so the case arises by default. A kernel launched only from outside the module keeps the
// documented contract (test/Transforms/constant.mlir).

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -verify-diagnostics | FileCheck %s
// RUN: gpu-mem-opt diff %s --kernel scale --grid 8,1,1
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=PROGRAM
// PROGRAM: identical: 1 launch (2 buffers after it), 0 lines of output, 2 arguments

// CHECK-NOT: memref.global
// CHECK-NOT: constant_bindings
// CHECK-LABEL: gpu.func @scale
// CHECK-SAME: %arg0: memref<4xf32> {llvm.readonly}
// CHECK-SAME: gpu_mem_opt.readonly_pointers

module attributes {gpu.container_module} {
  func.func @main(%host_coefficients: memref<4xf32>, %host_data: memref<1024xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %coefficients = gpu.alloc () : memref<4xf32>
    %data = gpu.alloc () : memref<1024xf32>
    gpu.memcpy %coefficients, %host_coefficients : memref<4xf32>, memref<4xf32>
    gpu.memcpy %data, %host_data : memref<1024xf32>, memref<1024xf32>
    gpu.launch_func @kernels::@scale blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%coefficients : memref<4xf32>, %data : memref<1024xf32>)
    gpu.memcpy %host_data, %data : memref<1024xf32>, memref<1024xf32>
    return
  }
  gpu.module @kernels {
    /// Warp-uniform coefficients (1 address per warp: constant memory by Algorithm 3).
    // expected-remark @+3 {{kernel: 'scale': block 128x1x1 (from gpu.launch_func); 3 memory accesses}}
    // expected-remark @+2 {{; not in constant memory: host code in this module launches the kernel (gpu.launch_func at}}
    // expected-remark @+1 {{readonly: arg 1: written by memref.store}}
    gpu.func @scale(%coefficients: memref<4xf32>, %data: memref<1024xf32>) kernel {
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
