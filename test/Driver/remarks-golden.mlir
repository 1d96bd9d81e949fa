// The remarks a user reads, kept in one golden file that is reviewed like code (issue 34,
// item 4). scripts/remarks_golden.py runs `gpu-mem-opt opt` with the default options on every
// suite kernel (bench/kernels), real-code port (test/RealCode) and example, and compares the
// remark lines with test/Driver/Inputs/remarks-golden.txt. A change in what the pass says fails
// here with the diff; review it, then run `python3 scripts/remarks_golden.py . --update`.
// RUN: python3 %S/../../scripts/remarks_golden.py %S/../.. | FileCheck %s
// CHECK: remarks golden: {{[0-9]+}} lines, unchanged
