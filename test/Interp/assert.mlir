// cf.assert in a kernel (issue 32). The CHECK lines are upstream's, from
// mlir/test/Integration/GPU/CUDA/assert.mlir (llvm/llvm-project at 5d4d7c161e7d), which runs
// its program on a GPU through mlir-cpu-runner with 2>&1; the program here is written to the
// same behaviour: two threads pass one assertion, print, fail a second one whose location is a
// named location inside two call sites, and would print again. A failing
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
  gpu.module @device {
    gpu.func @two_assertions(%holds: i1, %fails: i1) kernel {
      %thread = gpu.thread_id x
      cf.assert %holds, "passing assertion"
      gpu.printf "thread %lld: print after passing assertion\n", %thread : index
      cf.assert %fails, "failing assertion"
          loc(callsite(callsite("callee_func_name"("callee_file.cc":7:9)
                                at "inlined_into.cc":3:5) at "launcher.cc":20:1))
      gpu.printf "thread %lld: print after failing assertion\n", %thread : index
      gpu.return
    }
  }

  func.func @main() {
    %one = arith.constant 1 : index
    %two = arith.constant 2 : index
    %true = arith.constant true
    %false = arith.constant false
    gpu.launch_func @device::@two_assertions blocks in (%one, %one, %one)
        threads in (%two, %one, %one) args(%true : i1, %false : i1)
    return
  }
}
