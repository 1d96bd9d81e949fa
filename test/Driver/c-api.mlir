// The C interface as a C or C++ DSL compiler uses it (issue 19): examples/c/embed.c builds
// with nothing but the flags of build/lib/pkgconfig/gpu-mem-opt.pc, parses the demo's
// transpose, runs gpu-mem-opt with the default options through gpuMemOptRunWithReport,
// receives the remarks through a diagnostic handler on its context and the report's JSON
// through the callback, and checks that the module still verifies.

// RUN: sh -c 'cc %S/../../examples/c/embed.c $(pkg-config --cflags --libs %S/../../build/lib/pkgconfig/gpu-mem-opt.pc) -o %t'
// RUN: %t %S/../../examples/transpose.mlir 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks

// CHECK: remarks: 4
// CHECK-NEXT: report: {{[0-9]+}} bytes, with kernels
// CHECK-NEXT: verifies: yes
// REMARK: stage-shared: arg 1: staged through memref<32x8xf32
