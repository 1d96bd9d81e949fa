// The read-only path behind a run-time check (issue 16, item 2;
// only where some element is read twice in a block and some load may follow a store, issue 31:
// a load read once, or read before every store, is served by L1 and issued as early through
// ld.global, so the kernels here read their inputs twice and clear their output first, as
// real code does (`out[i] = 0;` ... `out[i] = sum`);
// pass/src/steps/memory_space/checked.rs): a read-only argument that only the
// kernel's stores to other arguments may alias (nothing in a gpu.func proves
// `out` is not a view of `in`) is read through ld.global.nc where a check at
// the kernel's entry finds the arguments' byte spans disjoint, through
// ld.global otherwise. Spans come from the static types: [p + offset·e,
// p + (offset + Σ (size−1)·stride + 1)·e) from the aligned pointer p. The
// body becomes scf.if disjoint { body, its loads of the argument marked }
// else { body } (one branch; a body of several blocks is versioned load by
// load); gpu-mem-opt-lower-readonly makes each marked load an invariant load
// through a global pointer (test/Ptx/checked-readonly.mlir). Both paths run in the
// interpreter: distinct buffers (the fast path) and `same:N` (the fallback),
// bit-identical to the kernel as written.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -verify-diagnostics=only-expected -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOT-CHECKED
// A second run changes nothing: marked loads are not checked again, and the
// copy's loads are in the fallback of a run-time check.
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | gpu-mem-opt-opt --gpu-mem-opt 2>/dev/null | FileCheck %s --check-prefix=TWICE
// TWICE-LABEL: gpu.func @smooth(
// TWICE-COUNT-1: scf.if
// TWICE-NOT: scf.if
// TWICE-COUNT-3: {gpu_mem_opt.read_only_path}
// TWICE-NOT: {gpu_mem_opt.read_only_path}
// TWICE-LABEL: gpu.func @two_inputs(
// A check over dynamic sizes (memref.dim of the arguments) is recognized too: its fallback's
// loads are not checked again (they were, before: a second check and a third copy).
// TWICE-LABEL: gpu.func @dynamic_rows(
// TWICE-COUNT-1: scf.if
// TWICE-NOT: scf.if
// TWICE-LABEL: gpu.func @dynamic_layout(
// RUN: gpu-mem-opt diff %s --kernel reinterpreted --grid 1,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel exclusive_branches --grid 1,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt diff %s --kernel smooth --grid 4,1,1
// RUN: gpu-mem-opt diff %s --kernel smooth --grid 4,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel two_inputs --grid 2,1,1 --arg random:1 --arg random:2 --arg zeros --arg 2.5
// RUN: gpu-mem-opt diff %s --kernel two_inputs --grid 2,1,1 --arg random:1 --arg random:2 --arg same:1 --arg 2.5
// RUN: gpu-mem-opt diff %s --kernel view_rows --grid 1,1,1
// RUN: gpu-mem-opt diff %s --kernel blocks --grid 1,1,1
// RUN: gpu-mem-opt diff %s --kernel blocks --grid 1,1,1 --arg random:1 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel dynamic_size --grid 1,1,1 --arg random:1 --arg zeros:256
// RUN: gpu-mem-opt diff %s --kernel dynamic_rows --grid 1,1,1 --arg random:1:8x32 --arg zeros:8x32
// RUN: gpu-mem-opt diff %s --kernel dynamic_rows --grid 1,1,1 --arg random:1:8x32 --arg same:0
// RUN: gpu-mem-opt opt %s > %t.dynamic.mlir 2>/dev/null
// RUN: gpu-mem-opt interp %t.dynamic.mlir --kernel dynamic_rows --grid 1,1,1 --arg random:1:8x32 --arg same:0 --trace 2>&1 | FileCheck %s --check-prefix=SLOW-DYNAMIC
// SLOW-DYNAMIC: memref.load (not executed)
// SLOW-DYNAMIC: memref.load (global): requests 8
// Which copy ran: the fast one (the marked loads) comes first.
// RUN: gpu-mem-opt opt %s > %t.opt.mlir 2>/dev/null
// RUN: gpu-mem-opt interp %t.opt.mlir --kernel smooth --grid 4,1,1 --arg random:1 --arg zeros --trace 2>&1 | FileCheck %s --check-prefix=FAST
// RUN: gpu-mem-opt interp %t.opt.mlir --kernel smooth --grid 4,1,1 --arg random:1 --arg same:0 --trace 2>&1 | FileCheck %s --check-prefix=SLOW
// FAST-COUNT-3: memref.load (global): requests 32
// FAST-COUNT-3: memref.load (not executed)
// SLOW-COUNT-3: memref.load (not executed)
// SLOW-COUNT-3: memref.load (global): requests 32

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// out[i+1] = 0; out[i+1] = in[i] + in[i+1] + in[i+2]: in is read-only, out may be in
    /// (an in-place smoothing would pass the same buffer). One check, both
    /// 1026 floats (4104 B): end(in) <= start(out) or end(out) <= start(in),
    /// 7 instructions (two pointers, two ends, two compares, an or); the body
    /// is versioned on it, the three loads of the fast copy marked.
    // CHECK-LABEL: gpu.func @smooth(
    // CHECK: %[[IN:.*]] = memref.extract_aligned_pointer_as_index %arg0
    // CHECK: %[[IN_END:.*]] = arith.addi %[[IN]], %c4104
    // CHECK: %[[OUT:.*]] = memref.extract_aligned_pointer_as_index %arg1
    // CHECK: %[[OUT_END:.*]] = arith.addi %[[OUT]], %c4104
    // CHECK: %[[BEFORE:.*]] = arith.cmpi ule, %[[IN_END]], %[[OUT]]
    // CHECK: %[[AFTER:.*]] = arith.cmpi ule, %[[OUT_END]], %[[IN]]
    // CHECK: %[[APART:.*]] = arith.ori %[[BEFORE]], %[[AFTER]] : i1
    // CHECK: scf.if %[[APART]] {
    // CHECK: memref.store %cst, %arg1
    // CHECK-COUNT-3: memref.load %arg0[%{{.*}}] {gpu_mem_opt.read_only_path}
    // CHECK: memref.store
    // CHECK-NEXT: } else {
    // CHECK-NOT: gpu_mem_opt.read_only_path
    // CHECK-COUNT-3: memref.load %arg0
    // CHECK: memref.store
    // CHECK-NEXT: }
    // CHECK-NEXT: gpu.return
    // expected-remark @+2 {{kernel: 'smooth'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc for 3 loads behind a run-time check that arg 0's bytes overlap none of arg 1's (7 instructions at the kernel's entry; where it fails, a copy of the body reads through ld.global): memref.store at}}
    gpu.func @smooth(%in: memref<1026xf32>, %out: memref<1026xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %j = arith.addi %i, %c1 : index
      %k = arith.addi %i, %c2 : index
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %out[%j] : memref<1026xf32>
      %a = memref.load %in[%i] : memref<1026xf32>
      %b = memref.load %in[%j] : memref<1026xf32>
      %c = memref.load %in[%k] : memref<1026xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      memref.store %t, %out[%j] : memref<1026xf32>
      gpu.return
    }

    /// Two read-only inputs and one output, each input read at i and 511 - i
    /// (the same element twice would be one load: promote): one check that each input is
    /// apart from the output (the inputs may overlap each other: both only
    /// read): three spans (6 instructions), two pairs (6), an and: 13. The
    /// scalar factor is no memref and needs no check.
    // CHECK-LABEL: gpu.func @two_inputs(
    // CHECK-COUNT-2: arith.ori
    // CHECK: %[[BOTH:.*]] = arith.andi
    // CHECK: scf.if %[[BOTH]] {
    // CHECK-COUNT-4: {gpu_mem_opt.read_only_path}
    // expected-remark @+3 {{kernel: 'two_inputs'}}
    // expected-remark @+2 {{readonly: arg 0: ld.global.nc for 2 loads behind a run-time check that arg 0's bytes overlap none of arg 2's (13 instructions at the kernel's entry}}
    // expected-remark @+1 {{readonly: arg 1: ld.global.nc for 2 loads behind a run-time check that arg 1's bytes overlap none of arg 2's (13 instructions at the kernel's entry}}
    gpu.func @two_inputs(%x: memref<512xf32>, %y: memref<512xf32>, %z: memref<512xf32>, %a: f32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %z[%i] : memref<512xf32>
      %c511 = arith.constant 511 : index
      %mirror = arith.subi %c511, %i : index
      %xv = memref.load %x[%i] : memref<512xf32>
      %yv = memref.load %y[%i] : memref<512xf32>
      %xw = memref.load %x[%mirror] : memref<512xf32>
      %yw = memref.load %y[%mirror] : memref<512xf32>
      %ax = arith.mulf %a, %xv : f32
      %xx = arith.mulf %ax, %xw : f32
      %yy = arith.mulf %yv, %yw : f32
      %s = arith.addf %xx, %yy : f32
      memref.store %s, %z[%i] : memref<512xf32>
      gpu.return
    }

    /// The input is a strided view (offset 8, rows of 16 with a pitch of 32):
    /// its span is [8·4, (8 + 7·32 + 15 + 1)·4) = [32, 992) bytes from the
    /// aligned pointer, so the check adds the start too (8 instructions).
    // CHECK-LABEL: gpu.func @view_rows(
    // CHECK: %[[VIEW:.*]] = memref.extract_aligned_pointer_as_index %arg0
    // CHECK: arith.addi %[[VIEW]], %c32
    // CHECK: arith.addi %[[VIEW]], %c992
    // expected-remark @+2 {{kernel: 'view_rows'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc for 2 loads behind a run-time check that arg 0's bytes overlap none of arg 1's (8 instructions at the kernel's entry}}
    gpu.func @view_rows(%in: memref<8x16xf32, strided<[32, 1], offset: 8>>, %out: memref<8x16xf32>) kernel
        attributes {known_block_size = array<i32: 16, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %out[%ty, %tx] : memref<8x16xf32>
      %c15 = arith.constant 15 : index
      %mirror = arith.subi %c15, %tx : index
      %v = memref.load %in[%ty, %tx] : memref<8x16xf32, strided<[32, 1], offset: 8>>
      %again = memref.load %in[%ty, %mirror] : memref<8x16xf32, strided<[32, 1], offset: 8>>
      %w = arith.addf %v, %again : f32
      memref.store %w, %out[%ty, %tx] : memref<8x16xf32>
      gpu.return
    }

    /// Dynamic sizes, as a DSL emits them: a memref of the identity layout is
    /// dense and row-major, so its span is [0, Π sizes · 4) from its aligned
    /// pointer, the sizes read with memref.dim at run time: in (static) 2
    /// instructions, out (one dynamic size) 4 (pointer, dim, multiply, add),
    /// the pair 3: 9.
    // CHECK-LABEL: gpu.func @dynamic_size(
    // CHECK: %[[OUT:.*]] = memref.extract_aligned_pointer_as_index %arg1
    // CHECK: %[[SIZE:.*]] = memref.dim %arg1, %c0
    // CHECK: %[[BYTES:.*]] = arith.muli %c4, %[[SIZE]]
    // CHECK: arith.addi %[[OUT]], %[[BYTES]]
    // CHECK: {gpu_mem_opt.read_only_path}
    // expected-remark @+2 {{kernel: 'dynamic_size'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc for 2 loads behind a run-time check that arg 0's bytes overlap none of arg 1's (9 instructions at the kernel's entry}}
    gpu.func @dynamic_size(%in: memref<256xf32>, %out: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %out[%tx] : memref<?xf32>
      %c255 = arith.constant 255 : index
      %mirror = arith.subi %c255, %tx : index
      %v = memref.load %in[%tx] : memref<256xf32>
      %again = memref.load %in[%mirror] : memref<256xf32>
      %w = arith.addf %v, %again : f32
      memref.store %w, %out[%tx] : memref<?xf32>
      gpu.return
    }

    /// Both dynamic (2-d: two dims and two multiplies each), run in place
    /// (`same:0`) and apart. Each row's first element is read by the whole row (reuse).
    // CHECK-LABEL: gpu.func @dynamic_rows(
    // CHECK-COUNT-4: memref.dim
    // expected-remark @+2 {{kernel: 'dynamic_rows'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc for 2 loads behind a run-time check that arg 0's bytes overlap none of arg 1's (15 instructions at the kernel's entry}}
    gpu.func @dynamic_rows(%in: memref<?x?xf32>, %out: memref<?x?xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %out[%ty, %tx] : memref<?x?xf32>
      %v = memref.load %in[%ty, %tx] : memref<?x?xf32>
      %first = memref.load %in[%ty, %c0] : memref<?x?xf32>
      %w = arith.addf %v, %first : f32
      memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
      gpu.return
    }

    /// negative: dynamic_layout: a view of unknown strides and offset spans
    /// bytes its type does not give: not checked, and the remark says why.
    // CHECK-LABEL: gpu.func @dynamic_layout(
    // CHECK-NOT: gpu_mem_opt.read_only_path
    // CHECK: gpu.return
    // expected-remark @+2 {{kernel: 'dynamic_layout'}}
    // expected-remark @+1 {{readonly: arg 0: read-only, but memref.store at}}
    gpu.func @dynamic_layout(%in: memref<256xf32>, %out: memref<?xf32, strided<[?], offset: ?>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx] : memref<256xf32>
      memref.store %v, %out[%tx] : memref<?xf32, strided<[?], offset: ?>>
      gpu.return
    }

    /// A body of several blocks (a DSL lowered to cf) is not copied whole: each
    /// load of the argument becomes scf.if check { load, marked } else { load }.
    /// Both paths run in the interpreter (diff, apart and in place).
    // CHECK-LABEL: gpu.func @blocks(
    // CHECK: %[[APART:.*]] = arith.ori
    // CHECK: scf.if %[[APART]] -> (f32) {
    // CHECK-NEXT: memref.load %arg0[%{{.*}}] {gpu_mem_opt.read_only_path}
    // CHECK: } else {
    // CHECK-NEXT: memref.load %arg0[%{{.*}}] : memref<256xf32>
    // CHECK: cf.br
    // CHECK: scf.if %[[APART]] -> (f32) {
    // expected-remark @+2 {{kernel: 'blocks'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc for 2 loads behind a run-time check that arg 0's bytes overlap none of arg 1's (7 instructions at the kernel's entry; where it fails, the fallback reads through ld.global)}}
    gpu.func @blocks(%in: memref<256xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx] : memref<256xf32>
      cf.br ^next(%v : f32)
    ^next(%w: f32):
      %u = memref.load %in[%tx] : memref<256xf32>
      %s = arith.addf %w, %u : f32
      memref.store %s, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// negative: loads_before_stores: out[i+1] = in[i] + in[i+1] + in[i+2] with no store
    /// before the loads: ld.global issues them as early as ld.global.nc would, and L1 caches
    /// both, so no check and no copy of the body (PolyBench 2DConv and FDTD step 3 ran at
    /// 0.96-0.97x of naive with them on the H200).
    // CHECK-LABEL: gpu.func @loads_before_stores(
    // CHECK-NOT: scf.if
    // CHECK-NOT: gpu_mem_opt.read_only_path
    // CHECK: gpu.return
    // expected-remark @+2 {{kernel: 'loads_before_stores'}}
    // expected-remark @+1 {{readonly: arg 0: read-only, but memref.store at}}
    gpu.func @loads_before_stores(%in: memref<1026xf32>, %out: memref<1026xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %j = arith.addi %i, %c1 : index
      %k = arith.addi %i, %c2 : index
      %a = memref.load %in[%i] : memref<1026xf32>
      %b = memref.load %in[%j] : memref<1026xf32>
      %c = memref.load %in[%k] : memref<1026xf32>
      %s = arith.addf %a, %b : f32
      %t = arith.addf %s, %c : f32
      memref.store %t, %out[%j] : memref<1026xf32>
      gpu.return
    }

    /// negative: exclusive_branches: as FDTD-2D's step 1 writes it, `if (i == 0) out[i] = c;
    /// else out[i] = in[i] + in[i + 1];`: the store of the `then` branch comes before the loads
    /// in the body's order, but no thread runs both branches, so no load follows a store and
    /// nothing is checked.
    // CHECK-LABEL: gpu.func @exclusive_branches(
    // CHECK-NOT: gpu_mem_opt.read_only_path
    // CHECK: gpu.return
    // expected-remark @+2 {{kernel: 'exclusive_branches'}}
    // expected-remark @+1 {{readonly: arg 0: read-only, but memref.store at}}
    gpu.func @exclusive_branches(%in: memref<257xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1.0 : f32
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        memref.store %one, %out[%tx] : memref<256xf32>
      } else {
        %next = arith.addi %tx, %c1 : index
        %a = memref.load %in[%tx] : memref<257xf32>
        %b = memref.load %in[%next] : memref<257xf32>
        %s = arith.addf %a, %b : f32
        memref.store %s, %out[%tx] : memref<256xf32>
      }
      gpu.return
    }

    /// negative: reinterpret_cast: the output is reached through a view of
    /// another shape (the launcher's buffer may well be larger), so its type's
    /// span does not bound the bytes written: nothing is checked.
    // CHECK-LABEL: gpu.func @reinterpreted(
    // CHECK-NOT: gpu_mem_opt.read_only_path
    // CHECK: gpu.return
    // expected-remark @+2 {{kernel: 'reinterpreted'}}
    // expected-remark @+1 {{readonly: arg 0: read-only, but memref.store at}}
    gpu.func @reinterpreted(%in: memref<256xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx] : memref<256xf32>
      %wide = memref.reinterpret_cast %out to offset: [0], sizes: [512], strides: [1] : memref<256xf32> to memref<512xf32>
      memref.store %v, %wide[%tx] : memref<512xf32>
      gpu.return
    }
  }
}

// NOT-CHECKED: readonly: arg 0: read-only, but memref.store at {{.*}} writes arg 1, which may alias it; not checked at run time: arg 1 is memref<?xf32, strided<[?], offset: ?>>: the offset is dynamic; unblock: {llvm.noalias} on arg 0 or arg 1, or option assume-noalias
// NOT-CHECKED: readonly: arg 0: read-only, but memref.store at {{.*}} writes arg 1, which may alias it; not behind a run-time check: no load of it can follow a store, so ld.global issues them as early as ld.global.nc would and L1 caches both
// NOT-CHECKED: readonly: arg 0: read-only, but memref.store at {{.*}} writes arg 1, which may alias it; not behind a run-time check: no load of it can follow a store, so ld.global issues them as early as ld.global.nc would and L1 caches both
// NOT-CHECKED: readonly: arg 0: read-only, but memref.store at {{.*}} writes arg 1, which may alias it; not checked at run time: arg 1 is used by memref.reinterpret_cast at {{.*}}, which may reach bytes outside its type; unblock:

// REMARK: remark: gpu-mem-opt: readonly: arg 0: ld.global.nc for 3 loads {{.*}}: memref.store at {{.*}} writes arg 1, which may alias it; {llvm.noalias} on arg 0 or arg 1, or option assume-noalias would prove it without the check

// OFF: remark: gpu-mem-opt: readonly: arg 0: read-only, but memref.store at {{.*}} writes arg 1, which may alias it; unblock: {llvm.noalias} on arg 0 or arg 1, or option assume-noalias
// OFF-NOT: remark: gpu-mem-opt: readonly: arg 0: ld.global.nc for

// REPORT: "kind": "readonly",
// REPORT-NEXT: "target": "arg 0",
// REPORT-NEXT: "applied": true,
// REPORT: "checked_against": [
// REPORT-NEXT: 1
// REPORT-NEXT: ],
// REPORT-NEXT: "check_instructions": 7,
// REPORT-NEXT: "checked_loads": 3
