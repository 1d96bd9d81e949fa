// readonly: read-only kernel arguments that no write can alias are read through
// the non-coherent read-only path, PTX `ld.global.nc` (seed-000 §7.1 item 8,
// seed-002 T_4). gpu-mem-opt gives the argument {llvm.readonly} and records its
// descriptor's aligned pointer; gpu-mem-opt-lower-readonly (in the lowering of
// `gpu-mem-opt ptx`) marks that pointer noalias readonly after
// convert-gpu-to-nvvm, which is what NVPTX needs for `.nc`. Written arguments
// and arguments a write may alias keep `ld.global`, with a remark that says
// what would unblock them (with `version=false`; by default a run-time check
// chooses between the two paths: readonly-checked.mlir). Every transformed kernel runs before and after in
// the reference interpreter with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false remarks=detailed' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false stage-shared=false remarks=detailed' %s -verify-diagnostics=only-expected -o /dev/null
// RUN: gpu-mem-opt ptx %s --options version=false -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: gpu-mem-opt ptx %s --options assume-noalias=true -o %t-noalias.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=NOALIAS --input-file=%t-noalias.ptx
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='version=false strict=true remarks=detailed' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false report=%t.json remarks=detailed' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt diff %s --kernel gather --grid 1,1,1 --arg random:1 --arg iota --arg zeros
// RUN: gpu-mem-opt diff %s --kernel grid_stride --grid 2,1,1
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRIDE
// STRIDE: readonly: arg 0: {{.*}}(coalesced, not reused; {{.*}}no element is read twice in a block: each thread and iteration reads its own (the offset's coefficients are a mixed radix
// RUN: gpu-mem-opt diff %s --kernel noalias_output --grid 2,1,1
// RUN: gpu-mem-opt diff %s --kernel saxpy_noalias --grid 2,1,1 --arg 2.5 --arg random:2 --arg random:3 --arg zeros

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A gather y[i] = x[idx[i]] (seed-002 §6.1 item 6). x and idx are only
    /// loaded and carry {llvm.noalias}: both take the read-only path. Algorithm 3
    /// picks texture for x (data-dependent addresses) and global for idx (32
    /// consecutive i32: 4 sectors per request, coalesced, read once), which on
    /// sm_70+ costs nothing on the read-only path. y is written: ld stays plain.
    // CHECK-LABEL: gpu.func @gather
    // REPORT: "name": "gather"
    // REPORT: "kind": "readonly",
    // REPORT-NEXT: "target": "arg 0",
    // REPORT-NEXT: "applied": true,
    // REPORT-NEXT: "reason": "ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); Algorithm 3 picks texture
    // REPORT: "algorithm3": "texture",
    // REPORT-NEXT: "placement": "readonly",
    // CHECK-SAME: %{{.*}}: memref<1024xf32> {llvm.noalias, llvm.readonly}, %{{.*}}: memref<256xi32> {llvm.noalias, llvm.readonly}, %{{.*}}: memref<256xf32> {llvm.noalias}
    // CHECK-SAME: gpu_mem_opt.readonly_pointers = array<i64: 1, 6>
    // PTX-LABEL: .entry gather(
    // PTX: ld.global.nc.b32
    // PTX: ld.global.nc.b32
    // PTX: st.global.b32
    // expected-remark @+3 {{kernel: 'gather'}}
    // expected-remark @+2 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); Algorithm 3 picks texture}}
    // expected-remark @+1 {{readonly: arg 1: ld.global.nc: read-only, not aliased by a write ({llvm.noalias}); Algorithm 3 picks global}}
    gpu.func @gather(%x: memref<1024xf32> {llvm.noalias}, %idx: memref<256xi32> {llvm.noalias}, %y: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %i = memref.load %idx[%tx] : memref<256xi32>
      %j = arith.index_cast %i : i32 to index
      %v = memref.load %x[%j] : memref<1024xf32>
      memref.store %v, %y[%tx] : memref<256xf32>
      gpu.return
    }

    /// Only the output carries {llvm.noalias}: no other pointer reaches its
    /// memory, and it is the only buffer written, so the input is safe too.
    // CHECK-LABEL: gpu.func @noalias_output
    // CHECK-SAME: %{{.*}}: memref<512xf32> {llvm.readonly}
    // PTX-LABEL: .entry noalias_output(
    // PTX: ld.global.nc.b32
    // expected-remark @+2 {{kernel: 'noalias_output'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every buffer the kernel writes is kernel-local or {llvm.noalias})}}
    gpu.func @noalias_output(%in: memref<512xf32>, %out: memref<512xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<512xf32>
      memref.store %v, %out[%i] : memref<512xf32>
      gpu.return
    }

    /// saxpy with every argument {llvm.noalias}: x and y are read-only; z is
    /// written. With assume-noalias the unannotated twin below gets the same.
    // CHECK-LABEL: gpu.func @saxpy_noalias
    // PTX-LABEL: .entry saxpy_noalias(
    // PTX: ld.global.nc.b32
    // PTX: ld.global.nc.b32
    // expected-remark @+3 {{kernel: 'saxpy_noalias'}}
    // expected-remark @+2 {{readonly: arg 1: ld.global.nc}}
    // expected-remark @+1 {{readonly: arg 2: ld.global.nc}}
    gpu.func @saxpy_noalias(%a: f32, %x: memref<512xf32> {llvm.noalias}, %y: memref<512xf32> {llvm.noalias}, %z: memref<512xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %xv = memref.load %x[%i] : memref<512xf32>
      %yv = memref.load %y[%i] : memref<512xf32>
      %ax = arith.mulf %a, %xv : f32
      %s = arith.addf %ax, %yv : f32
      memref.store %s, %z[%i] : memref<512xf32>
      gpu.return
    }

    /// The same saxpy without annotations: x and y are read-only, but z is
    /// written and may be the same memory, so `.nc` could read stale data. The
    /// remark names the write and the remedies; assume-noalias applies them.
    // CHECK-LABEL: gpu.func @saxpy_aliased
    // STRICT: error: gpu-mem-opt: readonly: arg 1: read-only, but memref.store at {{.*}}; strict: the read-only path is blocked
    // CHECK-NOT: llvm.readonly
    // CHECK: gpu.return
    // PTX-LABEL: .entry saxpy_aliased(
    // PTX-NOT: ld.global.nc
    // PTX: st.global.b32
    // NOALIAS-LABEL: .entry saxpy_aliased(
    // NOALIAS: ld.global.nc.b32
    // NOALIAS: ld.global.nc.b32
    // expected-remark @+3 {{kernel: 'saxpy_aliased'}}
    // expected-remark @+2 {{readonly: arg 1: read-only, but memref.store at}}
    // expected-remark @+1 {{writes arg 3, which may alias it; Algorithm 3 picks global}}
    gpu.func @saxpy_aliased(%a: f32, %x: memref<512xf32>, %y: memref<512xf32>, %z: memref<512xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %xv = memref.load %x[%i] : memref<512xf32>
      %yv = memref.load %y[%i] : memref<512xf32>
      %ax = arith.mulf %a, %xv : f32
      %s = arith.addf %ax, %yv : f32
      memref.store %s, %z[%i] : memref<512xf32>
      gpu.return
    }

    /// In place: data is loaded and stored, so it is not read-only even with
    /// {llvm.noalias} (and not with assume-noalias): plain ld.global.
    // CHECK-LABEL: gpu.func @scale_in_place
    // CHECK-NOT: llvm.readonly
    // PTX-LABEL: .entry scale_in_place(
    // PTX-NOT: ld.global.nc
    // PTX: ld.global.b32
    // NOALIAS-LABEL: .entry scale_in_place(
    // NOALIAS-NOT: ld.global.nc
    // NOALIAS: ld.global.b32
    // expected-remark @+2 {{kernel: 'scale_in_place'}}
    // expected-remark @+1 {{readonly: arg 0: written by memref.store at}}
    gpu.func @scale_in_place(%data: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %data[%tx] : memref<256xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %data[%tx] : memref<256xf32>
      gpu.return
    }

    /// A grid-stride sum: thread t of block b reads in[64b + t + 64·grid·j]. The
    /// loop starts at a thread-dependent index, so its variable is the lanes'
    /// common offset j, in units of 64 (the step's content): offsets tid.x +
    /// 64·j, coefficients 1 and 64 > 63 (the threads' span), so no element is
    /// read twice whatever the trip count: coalesced (4 sectors per request) and
    /// not reused, Algorithm 3's global, which sm_90 reads through ld.global.nc.
    // CHECK-LABEL: gpu.func @grid_stride
    // CHECK-SAME: {llvm.noalias, llvm.readonly}
    // NOALIAS-LABEL: .entry grid_stride(
    // NOALIAS: ld.global.nc.b32
    // expected-remark @+2 {{kernel: 'grid_stride'}}
    // expected-remark @+1 {{Algorithm 3 picks global: global at}}
    gpu.func @grid_stride(%in: memref<1024xf32> {llvm.noalias}, %out: memref<128xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %blocks = gpu.grid_dim x
      %c64 = arith.constant 64 : index
      %c1024 = arith.constant 1024 : index
      %zero = arith.constant 0.0 : f32
      %base = arith.muli %bx, %c64 : index
      %start = arith.addi %base, %tx : index
      %stride = arith.muli %blocks, %c64 : index
      %sum = scf.for %i = %start to %c1024 step %stride iter_args(%acc = %zero) -> f32 {
        %v = memref.load %in[%i] : memref<1024xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%start] : memref<128xf32>
      gpu.return
    }
  }
}
