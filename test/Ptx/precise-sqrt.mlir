// sqrtf as nvcc compiles it (-prec-sqrt=true, its default): correctly rounded, sqrt.rn.f32, as
// the reference interpreter's math.sqrt is. MLIR's stock lowering calls libdevice's
// __nv_sqrtf, which LLVM 22's nvvm-reflect makes sqrt.approx.f32 (off by an ulp), so the
// lowering (gpu-mem-opt-lower-math) writes an f32 math.sqrt as llvm.nvvm.sqrt.rn.f first.
// An f64 sqrt is libdevice's __nv_sqrt, correctly rounded already; other math functions keep
// their libdevice calls, as nvcc's do (rsqrtf stays approximate in CUDA too).

// REQUIRES: ptxas
// RUN: gpu-mem-opt ptx --no-opt %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: gpu-mem-opt-opt --gpu-mem-opt-lower-math %s | FileCheck %s --check-prefix=MLIR
// RUN: gpu-mem-opt diff %s --kernel roots --grid 1,1,1 --block 32,1,1 --arg random:1:32 --arg zeros:32 --arg zeros:32

// CHECK-LABEL: .entry roots
// CHECK-NOT: sqrt.approx.f32
// CHECK-DAG: sqrt.rn.f32
// CHECK-DAG: sqrt.rn.f64
// CHECK-DAG: rsqrt.approx
// MLIR: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
// MLIR-NOT: math.sqrt {{.*}} : f32
// MLIR: math.sqrt {{.*}} : f64
// MLIR: math.rsqrt

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @roots(%x: memref<?xf32>, %out: memref<?xf32>, %wide: memref<?xf64>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %x[%t] : memref<?xf32>
      %a = math.absf %v : f32
      %s = math.sqrt %a : f32
      %d = arith.extf %a : f32 to f64
      %sd = math.sqrt %d : f64
      %r = math.rsqrt %a : f32
      %sum = arith.addf %s, %r : f32
      memref.store %sum, %out[%t] : memref<?xf32>
      memref.store %sd, %wide[%t] : memref<?xf64>
      gpu.return
    }
  }
}
