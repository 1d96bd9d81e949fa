// `gpu-mem-opt ptx` runs the pass, lowers through NVVM and writes PTX that
// ptxas (PyPI nvidia-cuda-nvcc, no GPU needed) assembles for sm_90; with
// --no-opt the pass is skipped and the PTX still assembles.

// REQUIRES: ptxas
// RUN: gpu-mem-opt ptx %examples/transpose.mlir -o %t.ptx 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// RUN: gpu-mem-opt ptx --no-opt --sm 80 %examples/transpose.mlir -o %t80.ptx
// RUN: ptxas -arch=sm_80 %t80.ptx -o %t80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t80.ptx

// REMARK: remark: gpu-mem-opt: kernel: 'transpose': block 32x8x1
// CHECK: .target sm_90
// CHECK: .entry transpose
// CHECK: ld.global.b32
// CHECK: st.global.b32
// SM80: .target sm_80
