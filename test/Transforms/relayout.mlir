// Relayout (pass/src/steps/relayout, analysis/src/relayout.rs; issue 18, Sung et al.): the
// order of a global argument's dimensions in memory, chosen by exact sectors over every
// access, applied as a strided type the launcher passes the buffer in. Without
// relayout-launches nothing is relaid: the remark gives the would-be layout and the launches
// that pay for a pack and an unpack. Every kernel runs before and after with identical
// results: the interpreter scatters the row-major data through the new layout and gathers it
// back, as a launcher honouring the contract does.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false relayout-launches=2 report=%t-two.json' %s 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=TWO-REPORT --input-file=%t-two.json
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false report=%t-default.json' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: FileCheck %s --check-prefix=DEFAULT-REPORT --input-file=%t-default.json
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false relayout-launches=1' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false relayout-launches=2 relayout=false report=%t.json' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: FileCheck %s --check-prefix=OFF-REPORT --input-file=%t.json
// RUN: gpu-mem-opt-opt -p 'builtin.module(gpu-mem-opt-test-plan{version=false step=relayout relayout-launches=2})' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: gpu-mem-opt diff %s --kernel d2q4 --grid 1,62,1 --options 'version=false relayout-launches=2'
// RUN: gpu-mem-opt diff %s --kernel d2q9 --grid 1,30,1 --options 'version=false relayout-launches=1'

// The contract: the strided types, and the pack and unpack kernels a launcher can use.
// CHECK-LABEL: gpu.func @d2q4(
// CHECK-SAME: %arg0: memref<64x64x4xf32, strided<[256, 1, 64]>>
// CHECK-SAME: %arg1: memref<64x64x4xf32, strided<[256, 1, 64]>>
// CHECK-SAME: gpu_mem_opt.relayout = {arg0 = {pack = @gpu_mem_opt_relayout_pack_d2q4_arg0, unpack = @gpu_mem_opt_relayout_unpack_d2q4_arg0, written = memref<64x64x4xf32>}, arg1 = {pack = @gpu_mem_opt_relayout_pack_d2q4_arg1
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}, %c0] : memref<64x64x4xf32, strided<[256, 1, 64]>>
// CHECK-LABEL: gpu.func @gpu_mem_opt_relayout_pack_d2q4_arg1(
// CHECK-SAME: %arg0: memref<64x64x4xf32>, %arg1: memref<64x64x4xf32, strided<[256, 1, 64]>>)
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}, %{{.*}}] : memref<64x64x4xf32>
// CHECK: memref.store %{{.*}}, %arg1[%{{.*}}, %{{.*}}, %{{.*}}] : memref<64x64x4xf32, strided<[256, 1, 64]>>
// CHECK-LABEL: gpu.func @gpu_mem_opt_relayout_unpack_d2q4_arg1(
// CHECK-LABEL: gpu.func @d2q9(
// CHECK-SAME: %arg0: memref<32x64x9xf32, strided<[576, 1, 64]>>
// CHECK-SAME: %arg1: memref<32x64x9xf32, strided<[576, 1, 64]>>
// CHECK-LABEL: gpu.func @soa(
// CHECK-SAME: %arg0: memref<4x64x64xf32>,
// CHECK-LABEL: gpu.func @called(
// CHECK-SAME: %arg0: memref<64x64x4xf32>,
// CHECK-LABEL: gpu.func @gather(
// CHECK-SAME: %arg1: memref<64x64x4xf32>,
// CHECK-LABEL: gpu.func @launched(
// CHECK-SAME: %arg0: memref<64x64x4xf32>)

// The D2Q4 update of bench/kernels/lbm_aos.mlir at 64x64: lanes along d1 are 16 B apart.
// Two warps, lanes 1..62 active: loads 16.5 → 4.5 sectors per request (132 → 36 per block),
// stores 16 → 4.38 (offsets 0, 2, ±row). Saving 96 sectors (3072 B) per block against 4 ×
// 62 lanes × 16 B used: a pack and an unpack pay off after 3968 / 3072 = 1.29 launches.
// REMARK: relayout: arg 0: stored as strided<[256, 1, 64]> (d0·256 + d2·64 + d1): 16.50 → 4.50 sectors per request (132 → 36 per block); the launcher passes it as memref<64x64x4xf32, strided<[256, 1, 64]>>, e.g. through @gpu_mem_opt_relayout_pack_d2q4_arg0 and its unpack (a pack and an unpack pay off after 1.29 launches; relayout-launches=2)
// REMARK: relayout: arg 1: stored as strided<[256, 1, 64]> (d0·256 + d2·64 + d1): 16.00 → 4.38 sectors per request (128 → 35 per block)
// With the defaults no lone kernel is relaid. An array of structures gets the remark (its
// records would become fields, the way to do it is one option away); a column-wise read of a
// matrix (@columns: the layout would be a transpose, not records) is in the report only.
// DEFAULT: relayout: arg 0: would store it as strided<[256, 1, 64]> (d0·256 + d2·64 + d1): 16.50 → 4.50 sectors per request (132 → 36 per block); not applied: it changes the layout the launcher passes, which it does only on request; unblock: option relayout-launches=N, the launches the launcher keeps the layout for (a pack and an unpack pay off after 1.29)
// DEFAULT: relayout: arg 0: would store it as strided<[576, 1, 64]>
// DEFAULT: relayout: arg 0: would store it as {{.*}} passes a buffer that is not a synchronous, static gpu.alloc
// DEFAULT-NOT: strided<[1, 64]>
// DEFAULT-REPORT: "kind": "relayout",
// DEFAULT-REPORT-NEXT: "target": "arg 0",
// DEFAULT-REPORT-NEXT: "applied": false,
// DEFAULT-REPORT-NEXT: "reason": "would store it as strided<[256, 1, 64]> (d0·256 + d2·64 + d1): 16.50 → 4.50 sectors per request (132 → 36 per block); not applied: it changes the layout the launcher passes, which it does only on request",
// DEFAULT-REPORT-NEXT: "params": {
// DEFAULT-REPORT-NEXT: "order": [
// DEFAULT-REPORT-NEXT: 0,
// DEFAULT-REPORT-NEXT: 2,
// DEFAULT-REPORT-NEXT: 1
// DEFAULT-REPORT: "saved_bytes_per_block": 3072,
// DEFAULT-REPORT: "break_even_launches": 1.29
// The advice is a field of its own (the remark says it after the reason, "; unblock: ...").
// DEFAULT-REPORT: "advice": "option relayout-launches=N, the launches the launcher keeps the layout for (a pack and an unpack pay off after 1.29)"
// ONE: relayout: arg 0: would store it as strided<[256, 1, 64]> {{.*}} not applied: a pack and an unpack pay off after 1.29 launches, and relayout-launches=1
// ONE: relayout: arg 0: stored as strided<[576, 1, 64]>
// The step's own plan: its remarks and no other step's.
// PLAN-NOT: {{vectorize|readonly|constant|stage-shared|pad|swizzle}}:
// PLAN: relayout: arg 0: stored as strided<[256, 1, 64]>
// PLAN: relayout: arg 1: stored as strided<[256, 1, 64]>
// PLAN-NOT: {{vectorize|readonly|constant|stage-shared|pad|swizzle}}:
// OFF-NOT: relayout:
// OFF-REPORT: "kind": "relayout",
// OFF-REPORT-NEXT: "target": "arg 0",
// OFF-REPORT-NEXT: "applied": false,
// OFF-REPORT-NEXT: "reason": "option relayout=false; would store it as strided<[256, 1, 64]>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @d2q4(%cells: memref<64x64x4xf32>, %next: memref<64x64x4xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c63 = arith.constant 63 : index
      %half = arith.constant 0.5 : f32
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      %i = arith.addi %tx, %c1 : index
      %j = arith.addi %by, %c1 : index
      %inside = arith.cmpi ult, %i, %c63 : index
      scf.if %inside {
        %e = memref.load %cells[%j, %i, %c0] : memref<64x64x4xf32>
        %w = memref.load %cells[%j, %i, %c1] : memref<64x64x4xf32>
        %n = memref.load %cells[%j, %i, %c2] : memref<64x64x4xf32>
        %s = memref.load %cells[%j, %i, %c3] : memref<64x64x4xf32>
        %ew = arith.addf %e, %w : f32
        %ns = arith.addf %n, %s : f32
        %all = arith.addf %ew, %ns : f32
        %mean = arith.mulf %all, %half : f32
        %e2 = arith.subf %mean, %e : f32
        %w2 = arith.subf %mean, %w : f32
        %n2 = arith.subf %mean, %n : f32
        %s2 = arith.subf %mean, %s : f32
        %ie = arith.addi %i, %c1 : index
        %iw = arith.subi %i, %c1 : index
        %jn = arith.subi %j, %c1 : index
        %js = arith.addi %j, %c1 : index
        memref.store %e2, %next[%j, %ie, %c0] : memref<64x64x4xf32>
        memref.store %w2, %next[%j, %iw, %c1] : memref<64x64x4xf32>
        memref.store %n2, %next[%jn, %i, %c2] : memref<64x64x4xf32>
        memref.store %s2, %next[%js, %i, %c3] : memref<64x64x4xf32>
      }
      gpu.return
    }

    // A D2Q9-style relaxation written as a GPU programmer would: a loop over the nine
    // populations of a 36-byte record. Every lane reads its own sector: 32 sectors per
    // request; as a structure of arrays 4 (requests start on a row): 576 → 72 sectors per
    // block. So large a saving pays for a pack and an unpack within one launch (0.57).
    // REMARK: relayout: arg 0: stored as strided<[576, 1, 64]> (d0·576 + d2·64 + d1): 32.00 → 4.00 sectors per request (576 → 72 per block); {{.*}}pay off after 0.57 launches; relayout-launches=2)
    gpu.func @d2q9(%cells: memref<32x64x9xf32>, %next: memref<32x64x9xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c9 = arith.constant 9 : index
      %omega = arith.constant 0.75 : f32
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      scf.for %f = %c0 to %c9 step %c1 {
        %v = memref.load %cells[%by, %tx, %f] : memref<32x64x9xf32>
        %r = arith.mulf %v, %omega : f32
        memref.store %r, %next[%by, %tx, %f] : memref<32x64x9xf32>
      }
      gpu.return
    }

    /// Already a structure of arrays: within a sector of the ideal, no order is costed (report
    /// only).
    // TWO-REPORT: "name": "soa",
    // TWO-REPORT: "kind": "relayout",
    // TWO-REPORT-NEXT: "target": "arg 0",
    // TWO-REPORT-NEXT: "applied": false,
    // TWO-REPORT-NEXT: "reason": "coalesced already: 4.00 sectors per request, within one of the ideal",
    gpu.func @soa(%fields: memref<4x64x64xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      %v = memref.load %fields[%c0, %by, %tx] : memref<4x64x64xf32>
      memref.store %v, %out[%by, %tx] : memref<64x64xf32>
      gpu.return
    }

    /// Negative, call: the buffer goes to a helper whose parameter type is the old one.
    // REMARK: relayout: arg 0: would store it as strided<[256, 1, 64]> {{.*}}; not applied: used by func.call at {{.*}}relayout.mlir:[[@LINE+7]]:{{[0-9]+}}, which relayout does not rewrite
    gpu.func @called(%cells: memref<64x64x4xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      %a = memref.load %cells[%by, %tx, %c0] : memref<64x64x4xf32>
      %b = func.call @second(%cells, %by, %tx) : (memref<64x64x4xf32>, index, index) -> f32
      %v = arith.addf %a, %b : f32
      memref.store %v, %out[%by, %tx] : memref<64x64xf32>
      gpu.return
    }

    func.func @second(%cells: memref<64x64x4xf32>, %j: index, %i: index) -> f32 {
      %c1 = arith.constant 1 : index
      %v = memref.load %cells[%j, %i, %c1] : memref<64x64x4xf32>
      return %v : f32
    }

    /// Negative, data-dependent index: the model cannot cost the gather (report only).
    // TWO-REPORT: "name": "gather",
    // TWO-REPORT: "kind": "relayout",
    // TWO-REPORT-NEXT: "target": "arg 1",
    // TWO-REPORT-NEXT: "applied": false,
    // TWO-REPORT-NEXT: "reason": "not costed: data-dependent: the index comes from memref.load at {{.*}}relayout.mlir:[[@LINE+5]]:13",
    gpu.func @gather(%where: memref<64xindex>, %cells: memref<64x64x4xf32>, %out: memref<64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %at = memref.load %where[%tx] : memref<64xindex>
      %v = memref.load %cells[%at, %tx, %c0] : memref<64x64x4xf32>
      memref.store %v, %out[%tx] : memref<64xf32>
      gpu.return
    }

    /// Negative, launched from host code here with a buffer the host function receives:
    /// only a gpu.alloc in the host code can be allocated in the new layout
    /// (relayout-program.mlir has those).
    // REMARK: relayout: arg 0: would store it as strided<[256, 1, 64]> {{.*}}; not applied: gpu.launch_func at {{.*}}relayout.mlir:[[@LINE+32]]:{{[0-9]+}} passes a buffer that is not a synchronous, static gpu.alloc
    gpu.func @launched(%cells: memref<64x64x4xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      %v = memref.load %cells[%by, %tx, %c0] : memref<64x64x4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %cells[%by, %tx, %c0] : memref<64x64x4xf32>
      gpu.return
    }
  }

  // DEFAULT-REPORT: "name": "columns",
  // DEFAULT-REPORT: "kind": "relayout",
  // DEFAULT-REPORT-NEXT: "target": "arg 0",
  // DEFAULT-REPORT-NEXT: "applied": false,
  // DEFAULT-REPORT-NEXT: "reason": "would store it as strided<[1, 64]> (d1·64 + d0): 32.00 → 4.00 sectors per request
  gpu.module @matrices {
    gpu.func @columns(%a: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      %v = memref.load %a[%tx, %by] : memref<64x64xf32>
      memref.store %v, %out[%by, %tx] : memref<64x64xf32>
      gpu.return
    }
  }

  func.func @main(%cells: memref<64x64x4xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@launched blocks in (%c1, %c64, %c1) threads in (%c64, %c1, %c1) args(%cells : memref<64x64x4xf32>)
    return
  }
}
