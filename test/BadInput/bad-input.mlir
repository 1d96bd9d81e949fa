// Bad input gives clear messages and the right exit status, never a crash:
// a file that does not parse, a missing file, a module without kernels (a
// remark, not an error), and asking for PTX from a module without GPU code.

// RUN: not gpu-mem-opt opt %S/Inputs/does-not-parse.mlir 2>&1 | FileCheck %s --check-prefix=PARSE
// RUN: not gpu-mem-opt opt %S/Inputs/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: gpu-mem-opt opt %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not gpu-mem-opt ptx %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NOPTX
// RUN: not gpu-mem-opt opt --options 'sm=7' %s 2>&1 | FileCheck %s --check-prefix=SM
// RUN: %mlir-opt-plugin -p 'builtin.module(gpu-mem-opt)' %s -verify-diagnostics -o /dev/null

// PARSE: does-not-parse.mlir:3:{{[0-9]+}}: error:
// MISSING: missing.mlir: No such file or directory
// EMPTY: remark: gpu-mem-opt: kernel: no GPU kernels (gpu.func with gpu.kernel, or gpu.launch) under 'builtin.module'; nothing to do
// EMPTY: func.func @host
// NOPTX: no gpu.module to lower
// SM: option 'sm': unsupported target sm_7

// expected-remark @below {{no GPU kernels}}
module {
  func.func @host(%x: i32) -> i32 {
    return %x : i32
  }
}
