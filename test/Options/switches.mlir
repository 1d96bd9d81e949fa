// Every step switch follows one rule (pass/src/options.rs, docs/pass.md, "Options"):
// a step turned off rewrites nothing and emits no remark, the report keeps one
// decision per target with "applied": false and a reason "option X=false; " followed
// by what the step found (what it would have done, with its numbers, or why it could
// not), and strict turns none of them into an error. The shared-layout step is off
// when pad and swizzle are both off; one of them alone only narrows its candidates.

// All on: every step changes the kernel and says so.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel switches --grid 32,128,1

// All off: the IR is exactly the input, only the kernel remark is left, strict does
// not fail, and the report has every decision (on a copy without the expected-remark
// lines, which the driver would report as missing).
// RUN: sed 's#// expected-.*##' %s > %t.plain.mlir
// RUN: gpu-mem-opt-opt %t.plain.mlir -o %t.input.mlir
// RUN: gpu-mem-opt-opt --gpu-mem-opt='relayout=false vectorize=false memory-space=false stage-shared=false pad=false swizzle=false strict=true report=%t.off.json remarks=detailed' %t.plain.mlir -o %t.off.mlir 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: diff %t.input.mlir %t.off.mlir
// RUN: FileCheck %s --check-prefix=REPORT < %t.off.json
// OFF: remark: gpu-mem-opt: kernel: 'switches'
// OFF-NOT: gpu-mem-opt: {{relayout|vectorize|readonly|constant|stage-shared|pad|swizzle}}:

// A step turned off keeps what it found but not its advice (the report's "advice", pieces
// of advice
// in vectorize-advice.mlir's report with every step on, none with vectorize, memory-space
// and relayout off: relayout would split its flattened 16-byte record).
// RUN: sed 's#// expected-.*##' %S/../Transforms/vectorize-advice.mlir > %t.advice.mlir
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.advice-on.json remarks=detailed' %t.advice.mlir -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=ADVICE-ON < %t.advice-on.json
// RUN: gpu-mem-opt-opt --gpu-mem-opt='vectorize=false memory-space=false relayout=false report=%t.advice-off.json remarks=detailed' %t.advice.mlir -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=ADVICE-OFF --implicit-check-not=unblock --implicit-check-not='"advice"' < %t.advice-off.json
// ADVICE-ON: "advice": "none by layout
// The report's table says the advice after the summary, as the remark does.
// RUN: gpu-mem-opt report %t.advice.mlir 2>/dev/null | FileCheck %s --check-prefix=TABLE
// TABLE: skipped vectorize on workgroup 0: 2 loads of 4 B stay scalar: {{.*}}; unblock: pad each row of the buffer by 1 element
// ADVICE-OFF: "reason": "option vectorize=false; 3 loads of 4 B stay scalar: {{.*}} overlap"

// One switch off at a time: that step's remarks are gone, the others' stay.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='vectorize=false remarks=detailed' %t.plain.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-VECTORIZE --implicit-check-not=vectorize:
// RUN: gpu-mem-opt-opt --gpu-mem-opt='memory-space=false remarks=detailed' %t.plain.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-MEMORY-SPACE --implicit-check-not=readonly:
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false remarks=detailed' %t.plain.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-STAGE --implicit-check-not=stage-shared:
// RUN: gpu-mem-opt-opt --gpu-mem-opt='pad=false swizzle=false remarks=detailed' %t.plain.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-LAYOUT --implicit-check-not=swizzle: --implicit-check-not=pad:
// RUN: gpu-mem-opt-opt --gpu-mem-opt='pad=false remarks=detailed' %t.plain.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-PAD
// NO-VECTORIZE: readonly: arg 0
// NO-VECTORIZE: stage-shared: arg 2
// NO-VECTORIZE: swizzle: workgroup 0
// NO-MEMORY-SPACE: vectorize: arg 0
// NO-MEMORY-SPACE: stage-shared: arg 2
// NO-STAGE: vectorize: arg 0
// NO-STAGE: readonly: arg 0
// NO-LAYOUT: vectorize: arg 0
// NO-LAYOUT: stage-shared: arg 2
// NO-PAD: swizzle: workgroup 0

// REPORT-LABEL: "name": "switches",
// REPORT: "kind": "stage-shared",
// REPORT-NEXT: "target": "arg 0",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "option stage-shared=false; no MAP id: stage: rule NV-C fallback: uncoalesced; 16 sectors/request (ideal 4), footprint 125 (500 B, reuse 2.05)",
// REPORT: "target": "arg 1",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "option stage-shared=false; no MAP id: stage: rule NV-C fallback: uncoalesced; 8 sectors/request (ideal 4), footprint 63 (252 B, reuse 4.06)",
// REPORT: "target": "arg 2",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "option stage-shared=false; MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00)",
// REPORT: "kind": "vectorize",
// REPORT-NEXT: "target": "arg 0",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "option vectorize=false; would merge: 4 loads of 4 B -> vector<4xf32> (align 16); alignment 16: base 16 B from {llvm.align = 16} on arg 0, offset (4*tid.x) elements a multiple of 16 B",
// REPORT: "kind": "vectorize",
// REPORT-NEXT: "target": "arg 1",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "option vectorize=false; 2 loads of 4 B stay scalar: the buffer is known to be 4-byte aligned (the element size only), a 8-byte access needs 8
// REPORT: "kind": "readonly",
// REPORT-NEXT: "target": "arg 0",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "option memory-space=false; would read through ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); Algorithm 3 picks shared
// REPORT: "kind": "readonly",
// REPORT-NEXT: "target": "arg 1",
// REPORT-NEXT: "applied": false,
// REPORT-NEXT: "reason": "option memory-space=false; would read through ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); Algorithm 3 picks shared

// With staging on, its tile is the layout step's target; pad and swizzle both off turn
// that step off, and strict ignores the conflicts left (72 wavefronts, degree 4.50).
// RUN: gpu-mem-opt-opt --gpu-mem-opt='vectorize=false pad=false swizzle=false strict=true report=%t.layout.json remarks=detailed' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=LAYOUT < %t.layout.json
// LAYOUT: "kind": "swizzle",
// LAYOUT-NEXT: "target": "workgroup 0",
// LAYOUT-NEXT: "applied": false,
// LAYOUT-NEXT: "reason": "options pad=false swizzle=false; swizzle 4-byte chunks: chunk ^= (row / 4) mod 8 (+0 B): wavefronts 72 -> 16 (degree 4.50 -> 1), its worst access 8-way -> 1; a swizzle adds no bytes, a pad at least 128 B",

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// One kernel with a target for every step, block 32x8, grid 32x128:
    /// vectorize: arg 0's four loads at 4*tid.x + k, 16-byte aligned ({llvm.align = 16}),
    /// merge into one vector<4xf32>; arg 1's two loads at 2*tid.x + k are blocked (4-byte
    /// base alignment, an 8-byte access needs 8). memory-space: args 0 and 1 are read-only
    /// and noalias: the read-only path. stage-shared: out[x][y] (arg 2) is MAP-110, 32
    /// sectors/request, staged through a 32x8 tile; arg 1's loads (8 sectors/request) would be
    /// staged but are not supported (a remark each). The layout step then swizzles that tile
    /// (wavefronts 72 -> 16). Switched off, each of these becomes a report entry only.
    // expected-remark @below {{kernel: 'switches'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{swizzle: workgroup 0}}
    gpu.func @switches(%vec: memref<128xf32> {llvm.align = 16 : i64, llvm.noalias},
                       // expected-remark @below {{readonly: arg 1}}
                       // expected-remark @+1 {{relayout: arg 1: would store it as 32x2, strided<[1, 32]>}}
                       %odd: memref<64xf32> {llvm.noalias},
                       %out: memref<1024x1024xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %i0 = arith.muli %tx, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %i3 = arith.addi %i0, %c3 : index
      // expected-remark @below {{vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16)}}
      %a0 = memref.load %vec[%i0] : memref<128xf32>
      %a1 = memref.load %vec[%i1] : memref<128xf32>
      %a2 = memref.load %vec[%i2] : memref<128xf32>
      %a3 = memref.load %vec[%i3] : memref<128xf32>
      %j0 = arith.muli %tx, %c2 : index
      %j1 = arith.addi %j0, %c1 : index
      // expected-remark @below {{vectorize: arg 1: 2 loads of 4 B stay scalar}}
      // expected-remark @below {{stage-shared: arg 1: no MAP id: stage: rule NV-C fallback: uncoalesced; 8 sectors/request}}
      %b0 = memref.load %odd[%j0] : memref<64xf32>
      %b1 = memref.load %odd[%j1] : memref<64xf32>
      %s0 = arith.addf %a0, %a1 : f32
      %s1 = arith.addf %a2, %a3 : f32
      %s2 = arith.addf %b0, %b1 : f32
      %s3 = arith.addf %s0, %s1 : f32
      %s = arith.addf %s3, %s2 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      // expected-remark @below {{stage-shared: arg 2: MAP-110: stage}}
      memref.store %s, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
