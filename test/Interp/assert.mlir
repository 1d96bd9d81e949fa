// cf.assert in a kernel (issue 32). The program and its CHECK lines are upstream's
// mlir/test/Integration/GPU/CUDA/assert.mlir (llvm/llvm-project at 5d4d7c161e7d), whose RUN
// line runs it on a GPU through mlir-cpu-runner with 2>&1; here the interpreter runs it. Only
// the printf is written in MLIR 22's syntax (a comma before the operands). A failing
// thread prints what CUDA's __assertfail prints, with the file, line and function the NVVM
// lowering reads from the op's location (past both call sites, to the named location), and
// the program stops there: nothing after the failing assertion prints, and the exit status
// is an error.

// RUN: not gpu-mem-opt interp %s --entry main 2>&1 | FileCheck %s
// RUN: not gpu-mem-opt interp %s --entry main 2>&1 | FileCheck %s --check-prefix=STOPS
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK-DAG: thread 0: print after passing assertion
// CHECK-DAG: thread 1: print after passing assertion
// CHECK-DAG: callee_file.cc:7: callee_func_name: block: [0,0,0], thread: [0,0,0] Assertion `failing assertion` failed.
// CHECK-DAG: callee_file.cc:7: callee_func_name: block: [0,0,0], thread: [1,0,0] Assertion `failing assertion` failed.
// CHECK-NOT: print after failing assertion

// The interpreter's own error comes last, at the op: the first thread that failed.
// STOPS: gpu-mem-opt: {{.*}}: assertion 'failing assertion' failed in block (0, 0, 0) thread (0, 0, 0); the program stops (a failed cf.assert traps)
// diff compares such a program up to its stop: the same error, and the same output before it.
// SAME: identical: both stop at a failed assertion ({{.*}}), 4 lines of output

module attributes {gpu.container_module} {
gpu.module @kernels {
gpu.func @test_assert(%c0: i1, %c1: i1) kernel {
  %0 = gpu.thread_id x
  cf.assert %c1, "passing assertion"
  gpu.printf "thread %lld: print after passing assertion\n", %0 : index
  // Test callsite(callsite(name)) location.
  cf.assert %c0, "failing assertion" loc(callsite(callsite("callee_func_name"("callee_file.cc":7:9) at "caller_file.cc":10:8) at "caller2_file.cc":11:12))
  gpu.printf "thread %lld: print after failing assertion\n", %0 : index
  gpu.return
}
}

func.func @main() {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c0_i1 = arith.constant 0 : i1
  %c1_i1 = arith.constant 1 : i1
  gpu.launch_func @kernels::@test_assert
      blocks in (%c1, %c1, %c1)
      threads in (%c2, %c1, %c1)
      args(%c0_i1 : i1, %c1_i1 : i1)
  return
}
}
