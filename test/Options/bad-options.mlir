// A bad option value is an error naming the option and the accepted values,
// before any IR is processed; the tool exits non-zero. Both the plugin in
// stock mlir-opt and the driver say the same.

// RUN: not gpu-mem-opt-opt --gpu-mem-opt='sm=12' %s 2>&1 | FileCheck %s --check-prefix=SM
// RUN: not %mlir-opt-plugin -p 'builtin.module(gpu-mem-opt{sm=91})' %s 2>&1 | FileCheck %s --check-prefix=SM91
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='block=32,0,2' %s 2>&1 | FileCheck %s --check-prefix=BLOCK-ZERO
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='block=1,2,3,4' %s 2>&1 | FileCheck %s --check-prefix=BLOCK-FOUR
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='block=1024,2' %s 2>&1 | FileCheck %s --check-prefix=BLOCK-BIG
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='assume-alignment=12' %s 2>&1 | FileCheck %s --check-prefix=ALIGN
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='smem-budget=0' %s 2>&1 | FileCheck %s --check-prefix=BUDGET
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='pad=maybe' %s 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='colour=blue' %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='report=/nonexistent/dir/r.json' %s 2>&1 | FileCheck %s --check-prefix=REPORT

// SM: option 'sm': unsupported target sm_12; supported: sm_35, {{.*}} sm_90, sm_100, sm_120
// SM91: option 'sm': unsupported target sm_91
// BLOCK-ZERO: option 'block': sizes must be positive, got 32,0,2
// BLOCK-FOUR: option 'block': expected at most three sizes X,Y,Z
// BLOCK-BIG: option 'block': 1024,2,1 has 2048 threads; a block has at most 1024
// ALIGN: option 'assume-alignment': 12 is not 0 or a power of two up to 256 bytes
// BUDGET: option 'smem-budget': 0 bytes is outside 1..=232448 bytes
// BOOL: for the --pad option: 'maybe' is invalid value for boolean argument
// UNKNOWN: no such option colour
// REPORT: error: gpu-mem-opt: report: /nonexistent/dir/r.json: No such file or directory

module {
}
