// The demo's whole program (examples/transpose_program.mlir): the host's
// gpu.allocs prove the kernel's arguments distinct and aligned, so with the
// default options the PTX reads through the non-coherent path and writes
// through a shared tile; the kernel computes what it did before.

// RUN: gpu-mem-opt ptx %S/../../examples/transpose_program.mlir -o %t.ptx 2>/dev/null
// RUN: FileCheck %s < %t.ptx
// RUN: gpu-mem-opt diff %S/../../examples/transpose_program.mlir --kernel transpose --grid 32,128,1
// The whole program, host code included (issue 20):
// RUN: gpu-mem-opt diff %S/../../examples/transpose_program.mlir --entry transpose | FileCheck %s --check-prefix=PROGRAM
// PROGRAM: identical: 1 launch (2 buffers after it), 0 lines of output, 2 arguments
// CHECK: .target sm_90
// CHECK-DAG: ld.global.nc.b32
// CHECK-DAG: st.shared.b32
// CHECK-DAG: bar.sync
