// The registered pipeline gpu-mem-opt-to-ptx runs the pass and then MLIR's
// NVVM lowering with PTX output: the gpu.binary holds PTX for sm_90 (PTX ISA
// 8.0, which LLVM 22 needs for sm_90). Options of the pass pass through.

// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-to-ptx{sm=90})' %s 2>&1 | FileCheck %s
// RUN: %mlir-opt-plugin -p 'builtin.module(gpu-mem-opt-to-ptx{sm=80 options=block=256})' %s 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-to-ptx{sm=12})' %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: remark: gpu-mem-opt: kernel: 'add'
// CHECK: gpu.binary @kernels
// CHECK-SAME: .version 8.0
// CHECK-SAME: .target sm_90
// CHECK-SAME: ld.global
// SM80: block 256x1x1 (from option 'block')
// SM80: .target sm_80
// BAD: option 'sm': unsupported target sm_12

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<1024xf32>, %b: memref<1024xf32>) kernel {
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<1024xf32>
      %y = memref.load %b[%tx] : memref<1024xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %b[%tx] : memref<1024xf32>
      gpu.return
    }
  }
}
