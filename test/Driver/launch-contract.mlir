// Defaults never change how a kernel must be launched (issue 30). Every kernel a lit test
// diffs, and every suite kernel at its check size, is optimized with the default options as a
// lone kernel (the host code taken out, as when kernels are compiled apart from their launcher),
// then launched by host code that fulfils no contract: `wrap`'s @main, or the file's own.
// RUN: python3 %S/../../scripts/launch_contract.py %S/../.. | FileCheck %s --check-prefix=ALL
// ALL: launch contract: {{[0-9]+}} passed, 0 failed

/// The check is not fooled by the interpreter: it fills a constant symbol only for a kernel
/// launched alone (`diff --kernel`), never for host code. @smooth reads 9 taps 512 times per
/// thread (4608 loads per warp; a band of 64 columns has taps of its own, so no load is the
/// same in every iteration of the column loop), so constant memory pays for its copy, and under
/// bind-constants=true the pass binds arg 1 to a symbol that this host code never fills.
// RUN: gpu-mem-opt wrap %s --kernel smooth --grid 1,1,1 > %t.program.mlir
// RUN: gpu-mem-opt diff %t.program.mlir --entry main --lone-kernels | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: identical: 1 launch
// RUN: not gpu-mem-opt diff %t.program.mlir --entry main --lone-kernels --options bind-constants=true | FileCheck %s --check-prefix=BROKEN
// BROKEN: launch 0 (@smooth) differs at argument 2
/// With the host code in view the pass sees the launch and keeps the read-only path.
// RUN: gpu-mem-opt diff %t.program.mlir --entry main --options bind-constants=true | FileCheck %s --check-prefix=DEFAULT

/// Alone and asked for, the remark says what the launcher owes, and so does the report.
// RUN: gpu-mem-opt opt %s --options 'bind-constants=true report=%t.json' -o %t.bound.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: constant: arg 1: ld.const from @__gmo_const_smooth_arg1: the launcher must copy arg 1 (288 B) into @__gmo_const_smooth_arg1 before each launch
// REMARK-SAME: : the constant cache saves (9 cycles on each of a warp's 4608 loads: 21.2 µs a wave of blocks) more than its 288 B copied before each launch (about 2.0 µs) cost
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "launch_contract": [
// REPORT-NEXT: {
// REPORT-NEXT: "kind": "constant",
// REPORT-NEXT: "argument": 1,
// REPORT-NEXT: "symbol": "__gmo_const_smooth_arg1",
// REPORT-NEXT: "bytes": 288
/// The default says why not, in the user's terms, and owes nothing.
// RUN: gpu-mem-opt opt %s --options 'report=%t.default.json' -o %t.default.mlir 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: readonly: arg 1: ld.global.nc: {{.*}}; not in constant memory: its launcher would have to copy arg 1 (288 B) into a constant symbol before each launch, and option bind-constants is off
// RUN: not grep launch_contract %t.default.json
/// wrap launches the ordinary way, so it refuses a kernel that owes more.
// RUN: not gpu-mem-opt wrap %t.bound.mlir --kernel smooth --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=WRAP
// The same from diff: --lone-kernels with --kernel wraps the kernel itself, and says why not.
// RUN: gpu-mem-opt diff %s --kernel smooth --grid 1,1,1 --lone-kernels | FileCheck %s --check-prefix=DEFAULT
// RUN: not gpu-mem-opt diff %t.bound.mlir --kernel smooth --grid 1,1,1 --lone-kernels 2>&1 | FileCheck %s --check-prefix=WRAPPED
// WRAPPED: gpu-mem-opt: cannot wrap the kernel in host code: kernel 'smooth' has a launch contract
// WRAP: kernel 'smooth' has a launch contract that a host @main launching it the ordinary way does not fulfil: the launcher must copy arg 1 (288 B) into @__gmo_const_smooth_arg1 before each launch

/// Option block, where the IR gives no block size, is an obligation too: the kernel says it
/// (known_block_size, so PTX has .reqntid and a launch with another block fails).
// RUN: sed 's/attributes {known_block_size = array<i32: 32, 1, 1>}//' %s > %t.unsized.mlir
// RUN: gpu-mem-opt opt %t.unsized.mlir --options 'block=32 report=%t.block.json' 2>/dev/null | FileCheck %s --check-prefix=PINNED
// PINNED: gpu.func @smooth{{.*}}known_block_size = array<i32: 32, 1, 1>
// RUN: FileCheck %s --check-prefix=BLOCK < %t.block.json
// BLOCK: "launch_contract": [
// BLOCK-NEXT: {
// BLOCK-NEXT: "kind": "block",
// BLOCK-NEXT: "sizes": [
// BLOCK-NEXT: 32,
// BLOCK-NEXT: 1,
// BLOCK-NEXT: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A 9-tap filter along each thread's row of 512 outputs, one filter a band of 64.
    gpu.func @smooth(%in: memref<32x520xf32> {llvm.noalias}, %taps: memref<8x9xf32> {llvm.noalias},
                     %out: memref<32x512xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c9 = arith.constant 9 : index
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %zero = arith.constant 0.0 : f32
      %row = gpu.thread_id x
      scf.for %j = %c0 to %c512 step %c1 {
        %band = arith.divui %j, %c64 : index
        %sum = scf.for %k = %c0 to %c9 step %c1 iter_args(%acc = %zero) -> (f32) {
          %at = arith.addi %j, %k : index
          %x = memref.load %in[%row, %at] : memref<32x520xf32>
          %w = memref.load %taps[%band, %k] : memref<8x9xf32>
          %p = arith.mulf %x, %w : f32
          %next = arith.addf %acc, %p : f32
          scf.yield %next : f32
        }
        memref.store %sum, %out[%row, %j] : memref<32x512xf32>
      }
      gpu.return
    }
  }
}
