// constant memory behind the run-time check, when the gpu.module's 64 KiB run
// out only as the checks are made: each kernel's check is decided before any
// is made, so both kernels below plan a 40 KiB constant copy of their
// coefficients (neither sees the other's); the first made takes 40 KiB, and
// the second's would need 80 KiB. Its fast copy then reads the argument
// through ld.global.nc instead, and a second remark and the report say so
// (kind readonly). Both kernels run before and after in the interpreter, on
// distinct buffers (the fast copies) and on one buffer twice (the fallbacks).
// Constant memory is a launch contract made only under option
// bind-constants=true, which the RUN lines set, and only where the copy before
// each launch pays (issue 30): each kernel reads its table 2048 times per warp
// (about 9.4 µs saved against about 3.6 µs of copying 40 KiB), and a barrier
// keeps the in-place launch's writes after every read.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='bind-constants=true' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt='bind-constants=true' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='bind-constants=true report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt diff %s --kernel first --grid 1,1,1 --options bind-constants=true
// RUN: gpu-mem-opt diff %s --kernel second --grid 1,1,1 --options bind-constants=true
// RUN: gpu-mem-opt diff %s --kernel second --grid 1,1,1 --options bind-constants=true --arg random:1 --arg same:0

// CHECK: memref.global @__gmo_const_first_arg0 : memref<10240xf32, 4>
// CHECK-NOT: memref.global
// CHECK-LABEL: gpu.func @first(
// CHECK: memref.load %{{.*}} {gpu_mem_opt.constant_path}
// CHECK-LABEL: gpu.func @second(
// CHECK-NOT: constant_bindings
// CHECK: memref.load %arg0[%{{.*}}] {gpu_mem_opt.read_only_path}
// REPORT: "name": "second",
// REPORT: "kind": "readonly",
// REPORT-NEXT: "target": "arg 0",
// REPORT-NEXT: "applied": true,
// REPORT-NEXT: "reason": "ld.const from @__gmo_const_second_arg0 {{.*}}; not in constant memory after all (40960 B more would exceed the gpu.module's 65536 B of constant memory (40960 B used))

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// One address per warp request (w[5i + 3] in iteration i of 2048), 40 KiB:
    /// constant memory on the fast copy, 7 instructions of check against out.
    // expected-remark @+2 {{kernel: 'first'}}
    // expected-remark @+1 {{constant: arg 0: ld.const from @__gmo_const_first_arg0 (the launcher must copy arg 0 (40960 B) into @__gmo_const_first_arg0 before each launch: the constant cache saves (9 cycles on each of a warp's 2048 loads: 9.4 µs a wave of blocks) more than its 40960 B copied before each launch (about 3.6 µs) cost) for 1 load behind a run-time check}}
    gpu.func @first(%w: memref<10240xf32>, %out: memref<10240xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c5 = arith.constant 5 : index
      %c2048 = arith.constant 2048 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %sum = scf.for %i = %c0 to %c2048 step %c1 iter_args(%acc = %zero) -> f32 {
        %five = arith.muli %i, %c5 : index
        %at = arith.addi %five, %c3 : index
        %v = memref.load %w[%at] : memref<10240xf32>
        %n = arith.addf %acc, %v : f32
        scf.yield %n : f32
      }
      gpu.barrier
      memref.store %sum, %out[%tx] : memref<10240xf32>
      gpu.return
    }

    /// The same, planned while the module had 64 KiB free; 24 KiB were left
    /// when its check was made.
    // expected-remark @+3 {{kernel: 'second'}}
    // expected-remark @+2 {{constant: arg 0: ld.const from @__gmo_const_second_arg0 (the launcher must copy arg 0 (40960 B) into @__gmo_const_second_arg0 before each launch: the constant cache saves (9 cycles on each of a warp's 2048 loads: 9.4 µs a wave of blocks) more than its 40960 B copied before each launch (about 3.6 µs) cost) for 1 load behind a run-time check}}
    // expected-remark @+1 {{constant: arg 0: not in constant memory after all (40960 B more would exceed the gpu.module's 65536 B of constant memory (40960 B used)): its loads read through ld.global.nc on the checked path}}
    gpu.func @second(%w: memref<10240xf32>, %out: memref<10240xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c2048 = arith.constant 2048 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %sum = scf.for %i = %c0 to %c2048 step %c1 iter_args(%acc = %zero) -> f32 {
        %five = arith.muli %i, %c5 : index
        %at = arith.addi %five, %c4 : index
        %v = memref.load %w[%at] : memref<10240xf32>
        %n = arith.addf %acc, %v : f32
        scf.yield %n : f32
      }
      gpu.barrier
      memref.store %sum, %out[%tx] : memref<10240xf32>
      gpu.return
    }
  }
}
