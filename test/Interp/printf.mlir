// gpu.printf and vector.print in the interpreter (issue 32): each thread formats the string with its own values
// as CUDA's vprintf does (floats as doubles, %lld of an index, %d of an i8), threads in order,
// a launch's lines after the previous launch's and around the host's own printing. Modelled on
// upstream's mlir/test/Integration/GPU/CUDA/printf.mlir (llvm/llvm-project); `diff` compares
// the printed lines before and after the pass.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME

// CHECK: Hello from 0, 2, 3.000000
// CHECK-NEXT: Hello from 1, 2, 3.000000
// CHECK-NEXT: block 0 thread 0: 0.5 |  -3| 1.25e-03|ff
// CHECK-NEXT: block 0 thread 1: 1.5 |  -2| 1.25e-03|ff
// CHECK-NEXT: block 1 thread 0: 2.5 |  -1| 1.25e-03|ff
// CHECK-NEXT: block 1 thread 1: 3.5 |   0| 1.25e-03|ff
// CHECK-NEXT: {{^42$}}
// Host code prints with vector.print as its lowering to the runner-utils printers does.
// CHECK-NEXT: {{^\( 1, 2.5, -3 \)$}}
// CHECK-NEXT: {{^42, $}}
// SAME: identical: 2 launches (0 buffers after them), 9 lines of output

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @hello() kernel {
      %tid = gpu.thread_id x
      %two = arith.constant 2 : i8
      %three = arith.constant 3.0 : f32
      gpu.printf "Hello from %lld, %d, %f\n", %tid, %two, %three : index, i8, f32
      gpu.return
    }

    gpu.func @formats() kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %c2 = arith.constant 2 : index
      %base = arith.muli %bid, %c2 : index
      %i = arith.addi %base, %tid : index
      %i32 = arith.index_cast %i : index to i32
      %half = arith.constant 0.5 : f32
      %f = arith.sitofp %i32 : i32 to f32
      %value = arith.addf %f, %half : f32
      %c3 = arith.constant 3 : i32
      %shifted = arith.subi %i32, %c3 : i32
      %small = arith.constant 0.00125 : f64
      %mask = arith.constant 255 : i16
      gpu.printf "block %lld thread %lld: %g |%4d|%9.2e|%x\n", %bid, %tid, %value, %shifted, %small, %mask : index, index, f32, i32, f64, i16
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @kernels::@hello blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
    gpu.launch_func @kernels::@formats blocks in (%c2, %c1, %c1) threads in (%c2, %c1, %c1)
    %answer = arith.constant 42 : i64
    call @printI64(%answer) : (i64) -> ()
    call @printNewline() : () -> ()
    %v = arith.constant dense<[1.0, 2.5, -3.0]> : vector<3xf32>
    vector.print %v : vector<3xf32>
    vector.print %answer : i64 punctuation <no_punctuation>
    vector.print punctuation <comma>
    vector.print punctuation <newline>
    return
  }
  func.func private @printI64(i64)
  func.func private @printNewline()
}
