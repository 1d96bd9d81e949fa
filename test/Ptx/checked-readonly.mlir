// The read-only path behind a run-time check, through MLIR 22's NVVM lowering
// and LLVM's optimizer (issue 16; pass/src/steps/memory_space/checked.rs):
// gpu-mem-opt versions the body on the check that the read-only argument's
// bytes overlap none of the written argument's, and gpu-mem-opt-lower-readonly
// makes the marked loads invariant loads through a pointer cast to the global
// address space. PTX: the check (compares of the spans' ends), one branch,
// the loads back to back on ld.global.nc in the fast copy, ld.global in the
// other.
// Without the cast (tried) LLVM merged the two branches into one ld.global;
// with `{llvm.noalias}` proven nothing is checked. ptxas accepts the result.

// RUN: gpu-mem-opt ptx %S/../Transforms/readonly-checked.mlir -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: ptxas -arch=sm_90 %t.ptx -o %t.cubin
// The same through text: the pass's output printed (no locations) and lowered apart, as a
// pipeline of two mlir-opt runs (or the bench's build) does. The marks survive as attributes,
// which the lowering's first gpu-mem-opt-lower-readonly turns back into the name locations the
// conversion keeps (before session 15 this PTX had no ld.global.nc).
// RUN: gpu-mem-opt opt %S/../Transforms/readonly-checked.mlir -o %t-text.mlir 2>/dev/null
// RUN: gpu-mem-opt ptx %t-text.mlir --no-opt -o %t-text.ptx 2>/dev/null
// RUN: FileCheck %s --input-file=%t-text.ptx
// RUN: gpu-mem-opt ptx %S/../Transforms/readonly-checked.mlir --options version=false -o %t-off.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=OFF --input-file=%t-off.ptx
// A store staged on the fast path of its own check (stage-loop-store.mlir,
// @may_alias): one check; the input is read once (no element twice in a block), so it is
// not put on the read-only path behind that check (issue 31: L1 serves it through
// ld.global as well); the fast loop reads ld.global into the tile, meets at the barrier and
// copies the tile out; the fallback is the loop as written.
// RUN: gpu-mem-opt ptx %S/../Transforms/stage-loop-store.mlir -o %t-staged.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=STAGED --input-file=%t-staged.ptx
// RUN: ptxas -arch=sm_90 %t-staged.ptx -o %t-staged.cubin
// STAGED-LABEL: .entry may_alias(
// STAGED-COUNT-2: setp.le.u64
// STAGED-NOT: setp.le.u64
// STAGED: ld.global.b32
// STAGED: st.shared.b32
// STAGED: bar.sync 0;
// STAGED: ld.shared.b32
// STAGED: st.global.b32
// STAGED: ld.global.b32
// STAGED: st.global.b32
// STAGED: ret;

// CHECK-LABEL: .entry smooth(
// CHECK: setp.{{(le|gt)}}.u64
// CHECK: setp.{{(le|gt)}}.u64
// CHECK: bra
// CHECK-NEXT: ld.global.nc.b32
// CHECK-NEXT: ld.global.nc.b32
// CHECK-NEXT: ld.global.nc.b32
// CHECK: ld.global.b32
// CHECK-NEXT: ld.global.b32
// CHECK-NEXT: ld.global.b32
// CHECK-LABEL: .entry two_inputs(
// CHECK: ld.global.nc.b32
// CHECK: ld.global.b32
// CHECK-LABEL: .entry view_rows(
// CHECK: ld.global.nc.b32
// CHECK: ld.global.b32
// A dynamic size is read from the descriptor at run time (its size parameter).
// CHECK-LABEL: .entry dynamic_size(
// CHECK: shl.b64
// CHECK: ld.global.nc.b32
// CHECK: ld.global.b32
// CHECK-LABEL: .entry dynamic_rows(
// CHECK: ld.global.nc.b32
// CHECK: ld.global.b32
// CHECK-LABEL: .entry dynamic_layout(
// CHECK-NOT: ld.global.nc
// CHECK: ret;
// A body of several blocks, versioned load by load (LLVM keeps one load of each kind).
// CHECK-LABEL: .entry blocks(
// CHECK: ld.global.nc.b32
// CHECK: ld.global.b32

// OFF-NOT: ld.global.nc
