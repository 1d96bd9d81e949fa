// The PTX of the vectorize, readonly and constant tests assembles for sm_90:
// ld.global.nc, ld.global.v4 / st.global.v4 and ld.const from constant
// globals are valid sm_90 instructions as gpu-mem-opt emits them. Constant
// memory is made only under option bind-constants=true and only where the copy
// before each launch pays (issue 30), so the constant test is compiled with it
// (its convolution reads 9 taps a row, 1152 times per warp).

// REQUIRES: ptxas
// RUN: gpu-mem-opt ptx %S/../Transforms/vectorize.mlir --options assume-alignment=16 -o %t-vectorize.ptx 2>/dev/null
// RUN: ptxas -arch=sm_90 %t-vectorize.ptx -o %t-vectorize.cubin
// RUN: gpu-mem-opt ptx %S/../Transforms/readonly.mlir -o %t-readonly.ptx 2>/dev/null
// RUN: ptxas -arch=sm_90 %t-readonly.ptx -o %t-readonly.cubin
// RUN: gpu-mem-opt ptx %S/../Transforms/constant.mlir --options 'bind-constants=true stage-shared=false' -o %t-constant.ptx 2>/dev/null
// RUN: ptxas -arch=sm_90 %t-constant.ptx -o %t-constant.cubin
// Relayout's strided kernels and its pack/unpack kernels, and versioned vector accesses
// (session 8), assemble too.
// RUN: gpu-mem-opt ptx %S/../Transforms/relayout-program.mlir -o %t-relayout.ptx 2>/dev/null
// RUN: ptxas -arch=sm_90 %t-relayout.ptx -o %t-relayout.cubin
// RUN: gpu-mem-opt ptx %S/../Transforms/vectorize-version.mlir -o %t-version.ptx 2>/dev/null
// RUN: ptxas -arch=sm_90 %t-version.ptx -o %t-version.cubin
// RUN: FileCheck %s --input-file=%t-constant.ptx
// CHECK: .visible .const .align 16 .b8 __gmo_const_convolution_arg1[4608];
// CHECK: ld.const.b32
