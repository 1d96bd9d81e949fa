// vectorize, neighbouring vector accesses: a thread's vector.load/store (or
// in-bounds, unmasked, unpermuted transfer_read/write) of 1-D vectors at
// adjacent addresses (vector<2xf32> at 4t and 4t+2) become one access of up to
// 16 bytes when the alignment is proven: width = min(contiguity, alignment /
// element size, 16 B / element size). Loads become one vector.load and a
// vector.shuffle per member (MLIR's NVVM lowering has no pattern for strided
// slices; a shuffle is one llvm.shufflevector); stores gather the members with
// shuffles into one vector.store at the last store's place,
// only when nothing between them may read or write the same memory. An
// instruction never cuts a member: when the alignment allows no instruction
// holding two members, they stay separate and the remark says why. Every
// transformed kernel runs before and after in the interpreter with identical
// results. The report keeps every access as written: `before` its own
// metrics, `after` those of the instruction that performs it now, named in
// `vectorized`; the decision counts warp requests and 32-byte sectors of the
// group per warp before and after (a vector<2xf32> of 16-byte records: 16
// sectors per request either way, but 2 requests -> 1).

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -verify-diagnostics=only-expected -o /dev/null
// RUN: gpu-mem-opt ptx %s -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt diff %s --kernel pairs --grid 2,1,1
// RUN: gpu-mem-opt diff %s --kernel f16_quads --grid 2,1,1
// RUN: gpu-mem-opt diff %s --kernel transfers --grid 2,1,1
// RUN: gpu-mem-opt diff %s --kernel mixed_widths --grid 2,1,1
// RUN: gpu-mem-opt diff %s --kernel observed_stores --grid 2,1,1
// RUN: gpu-mem-opt diff %s --kernel offset_pairs --grid 1,1,1
// RUN: gpu-mem-opt diff %s --kernel full_width --grid 1,1,1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Two vector<2xf32> loads at 4t and 4t+2 of a 16-byte aligned argument:
    /// 16 B at offset 4*tid.x elements (a multiple of 16 B), one 16-byte load;
    /// the same for the two stores. 2 requests per warp -> 1, each way.
    // CHECK-LABEL: gpu.func @pairs
    // CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
    // CHECK: vector.shuffle %[[V]], %[[V]] [0, 1] : vector<4xf32>, vector<4xf32>
    // CHECK: vector.shuffle %[[V]], %[[V]] [2, 3] : vector<4xf32>, vector<4xf32>
    // CHECK-NOT: vector<2xf32>, vector<2xf32>
    // CHECK: vector.shuffle %{{.*}}, %{{.*}} [4, 5, 2, 3] : vector<4xf32>, vector<2xf32>
    // CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 4, 5] : vector<4xf32>, vector<2xf32>
    // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
    // CHECK-NOT: vector.store
    // CHECK: gpu.return
    // REPORT-LABEL: "name": "pairs"
    // REPORT: "loc": "[[LO:.*]]",
    // REPORT-NEXT: "op": "vector.load",
    // REPORT: "vector_width": 2,
    // REPORT: "before": {
    // REPORT-NEXT: "sectors_per_request": 16.0,
    // REPORT-NEXT: "bank_conflict_degree": null,
    // REPORT-NEXT: "distinct_addresses": 32.0
    // REPORT: "after": {
    // REPORT-NEXT: "sectors_per_request": 16.0,
    // REPORT-NEXT: "bank_conflict_degree": null,
    // REPORT-NEXT: "distinct_addresses": 32.0
    // REPORT-NEXT: },
    // REPORT-NEXT: "vectorized": {
    // REPORT-NEXT: "op": "vector.load",
    // REPORT-NEXT: "loc": "[[LO]]",
    // REPORT-NEXT: "vector_width": 4
    // REPORT: "op": "vector.load",
    // REPORT: "vectorized": {
    // REPORT-NEXT: "op": "vector.load",
    // REPORT-NEXT: "loc": "[[LO]]",
    // REPORT: "op": "vector.store",
    // REPORT: "vectorized": {
    // REPORT-NEXT: "op": "vector.store",
    // REPORT: "op": "vector.store",
    // REPORT: "vectorized": {
    // REPORT-NEXT: "op": "vector.store",
    // REPORT: "kind": "vectorize",
    // REPORT: "requests_per_warp_before": 2,
    // REPORT-NEXT: "requests_per_warp_after": 1,
    // REPORT-NEXT: "sectors_per_warp_before": 32.0,
    // REPORT-NEXT: "sectors_per_warp_after": 16.0
    // PTX-LABEL: .entry pairs(
    // PTX: ld.global.nc.v4.b32
    // PTX-NOT: ld.global
    // PTX: st.global.v4.b32
    // PTX-NOT: st.global
    // PTX: ret;
    // expected-remark @+2 {{kernel: 'pairs'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @pairs(%a: memref<2048xf32> {llvm.align = 16 : i64, llvm.noalias}, %b: memref<2048xf32> {llvm.align = 16 : i64, llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %two = arith.constant dense<2.0> : vector<2xf32>
      %block = arith.muli %bx, %c256 : index
      %t = arith.addi %block, %tx : index
      %i0 = arith.muli %t, %c4 : index
      %i1 = arith.addi %i0, %c2 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 vector.loads of 8 B -> vector<4xf32> (align 16); alignment 16: base 16 B from {llvm.align = 16} on arg 0, offset (4*tid.x + 1024*bid.x) elements a multiple of 16 B}}
      %lo = vector.load %a[%i0] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      %hi = vector.load %a[%i1] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      %lo2 = arith.mulf %lo, %two : vector<2xf32>
      %hi2 = arith.mulf %hi, %two : vector<2xf32>
      // expected-remark @+1 {{vectorize: arg 1: 2 vector.stores of 8 B -> vector<4xf32> (align 16)}}
      vector.store %lo2, %b[%i0] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      vector.store %hi2, %b[%i1] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      gpu.return
    }

    /// Four vector<2xf16> (4 B each) at 8t, 8t+2, 8t+4, 8t+6: 16 B at a
    /// multiple of 16 B, one 16-byte load and one 16-byte store of vector<8xf16>
    /// instead of four 4-byte ones (4 requests per warp -> 1).
    // CHECK-LABEL: gpu.func @f16_quads
    // CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<4096xf16>, vector<8xf16>
    // CHECK-COUNT-4: vector.shuffle %{{.*}}, %{{.*}} [{{.*}}] : vector<8xf16>, vector<8xf16>
    // CHECK-COUNT-4: vector.shuffle %{{.*}}, %{{.*}} [{{.*}}] : vector<8xf16>, vector<2xf16>
    // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<4096xf16>, vector<8xf16>
    // CHECK-NOT: vector.store
    // PTX-LABEL: .entry f16_quads(
    // PTX: ld.global.nc.v4.b32
    // PTX-NOT: ld.global
    // PTX: st.global.v4.b32
    // PTX-NOT: st.global
    // PTX: ret;
    // expected-remark @+2 {{kernel: 'f16_quads'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @f16_quads(%in: memref<4096xf16> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<4096xf16> {llvm.align = 16 : i64, llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c6 = arith.constant 6 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %block = arith.muli %bx, %c256 : index
      %t = arith.addi %block, %tx : index
      %i0 = arith.muli %t, %c8 : index
      %i1 = arith.addi %i0, %c2 : index
      %i2 = arith.addi %i0, %c4 : index
      %i3 = arith.addi %i0, %c6 : index
      // expected-remark @+1 {{vectorize: arg 0: 4 vector.loads of 4 B -> vector<8xf16> (align 16)}}
      %v0 = vector.load %in[%i0] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      %v1 = vector.load %in[%i1] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      %v2 = vector.load %in[%i2] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      %v3 = vector.load %in[%i3] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      // expected-remark @+1 {{vectorize: arg 1: 4 vector.stores of 4 B -> vector<8xf16> (align 16)}}
      vector.store %v0, %out[%i0] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      vector.store %v1, %out[%i1] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      vector.store %v2, %out[%i2] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      vector.store %v3, %out[%i3] {alignment = 4 : i64} : memref<4096xf16>, vector<2xf16>
      gpu.return
    }

    /// In-bounds, unmasked vector.transfer_read/write of vector<2xf32> on a
    /// 2-D buffer: row tid.y, columns 4*tid.x and 4*tid.x + 2 of 64. The row
    /// start is a multiple of 64 elements (256 B), so 16 B are aligned: one
    /// vector.load and one vector.store of vector<4xf32>.
    // CHECK-LABEL: gpu.func @transfers
    // CHECK: vector.load %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<16x64xf32>, vector<4xf32>
    // CHECK-NOT: vector.transfer_read
    // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<16x64xf32>, vector<4xf32>
    // CHECK-NOT: vector.transfer_write
    // PTX-LABEL: .entry transfers(
    // PTX: ld.global.nc.v4.b32
    // PTX: st.global.v4.b32
    // expected-remark @+2 {{kernel: 'transfers'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @transfers(%a: memref<16x64xf32> {llvm.align = 16 : i64, llvm.noalias}, %b: memref<16x64xf32> {llvm.align = 16 : i64, llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %pad = arith.constant 0.0 : f32
      %j0 = arith.muli %tx, %c4 : index
      %j1 = arith.addi %j0, %c2 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 vector.transfer_reads of 8 B -> vector<4xf32> (align 16)}}
      %lo = vector.transfer_read %a[%ty, %j0], %pad {in_bounds = [true]} : memref<16x64xf32>, vector<2xf32>
      %hi = vector.transfer_read %a[%ty, %j1], %pad {in_bounds = [true]} : memref<16x64xf32>, vector<2xf32>
      %sum = arith.addf %lo, %hi : vector<2xf32>
      // expected-remark @+1 {{vectorize: arg 1: 2 vector.transfer_writes of 8 B -> vector<4xf32> (align 16)}}
      vector.transfer_write %sum, %b[%ty, %j0] {in_bounds = [true]} : vector<2xf32>, memref<16x64xf32>
      vector.transfer_write %hi, %b[%ty, %j1] {in_bounds = [true]} : vector<2xf32>, memref<16x64xf32>
      gpu.return
    }

    /// A scalar, a vector<2xf32> and a scalar at 4t, 4t+1, 4t+3: 16 B from a
    /// 16-byte aligned start, one load; the pieces come back as an extract, a
    /// shuffle and an extract.
    // CHECK-LABEL: gpu.func @mixed_widths
    // CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
    // CHECK: vector.extract %[[V]][0] : f32 from vector<4xf32>
    // CHECK: vector.shuffle %[[V]], %[[V]] [1, 2] : vector<4xf32>, vector<4xf32>
    // CHECK: vector.extract %[[V]][3] : f32 from vector<4xf32>
    // PTX-LABEL: .entry mixed_widths(
    // PTX: ld.global.nc.v4.b32
    // PTX-NOT: ld.global
    // PTX: st.global.b32
    // expected-remark @+2 {{kernel: 'mixed_widths'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @mixed_widths(%a: memref<1024xf32> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %i0 = arith.muli %tx, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i3 = arith.addi %i0, %c3 : index
      // expected-remark @+1 {{vectorize: arg 0: 3 loads of 4+8+4 B -> vector<4xf32> (align 16)}}
      %x = memref.load %a[%i0] : memref<1024xf32>
      %yz = vector.load %a[%i1] : memref<1024xf32>, vector<2xf32>
      %w = memref.load %a[%i3] : memref<1024xf32>
      %s0 = vector.reduction <add>, %yz, %x : vector<2xf32> into f32
      %s = arith.addf %s0, %w : f32
      memref.store %s, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// The stores to b at 4t and 4t+2 have a load of a between them, and a may
    /// be the same memory as b (no {llvm.noalias}): storing both at the second
    /// store's place could change what that load reads, so they stay separate.
    /// The loads of a are adjacent with nothing in between: merged.
    // CHECK-LABEL: gpu.func @observed_stores
    // CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
    // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
    // CHECK: memref.load
    // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
    // PTX-LABEL: .entry observed_stores(
    // PTX: ld.global.v4.b32
    // PTX: st.global.v2.b32
    // PTX: st.global.v2.b32
    // expected-remark @+2 {{kernel: 'observed_stores'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc for 2 loads behind a run-time check that arg 0's bytes overlap none of arg 1's}}
    gpu.func @observed_stores(%a: memref<2048xf32> {llvm.align = 16 : i64}, %b: memref<2048xf32> {llvm.align = 16 : i64}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %i0 = arith.muli %tx, %c4 : index
      %i1 = arith.addi %i0, %c2 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 vector.loads of 8 B -> vector<4xf32> (align 16)}}
      %lo = vector.load %a[%i0] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      %hi = vector.load %a[%i1] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      // expected-remark @+1 {{vectorize: arg 1: 2 vector.stores of 8 B stay separate: memref.load at}}
      vector.store %hi, %b[%i0] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      %x = memref.load %a[%c2] : memref<2048xf32>
      %v = vector.broadcast %x : f32 to vector<2xf32>
      vector.store %v, %b[%i1] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      gpu.return
    }

    /// vector<2xf32> at 4t+2 and 4t+4 of a 16-byte aligned argument: the
    /// first starts 8 B into a 16-byte slot (offset 4*tid.x + 2 elements, a
    /// multiple of 8 B only), so no 16-byte access holds both: they stay
    /// separate, 8-byte accesses; the remark names the offset and the remedy.
    // CHECK-LABEL: gpu.func @offset_pairs
    // CHECK-COUNT-2: vector.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<1028xf32>, vector<2xf32>
    // REPORT-LABEL: "name": "offset_pairs"
    // REPORT-NOT: "vectorized"
    // REPORT: "kind": "vectorize",
    // REPORT-NEXT: "target": "arg 0",
    // REPORT-NEXT: "applied": false,
    // REPORT: "requests_per_warp_before": 2,
    // REPORT-NEXT: "requests_per_warp_after": 2,
    // REPORT-NEXT: "sectors_per_warp_before": 33.0,
    // REPORT-NEXT: "sectors_per_warp_after": 33.0
    // PTX-LABEL: .entry offset_pairs(
    // PTX-NOT: .v4
    // PTX: ld.global.nc.v2.b32
    // PTX: ld.global.nc.v2.b32
    // expected-remark @+2 {{kernel: 'offset_pairs'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @offset_pairs(%a: memref<1028xf32> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %b = arith.muli %tx, %c4 : index
      %i0 = arith.addi %b, %c2 : index
      %i1 = arith.addi %b, %c4 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 vector.loads of 8 B stay separate: the first element's offset (4*tid.x + 2) is a multiple of 8 B only, a 16-byte access needs 16; unblock: start the group at a multiple of 16 B (pad the record)}}
      %lo = vector.load %a[%i0] {alignment = 8 : i64} : memref<1028xf32>, vector<2xf32>
      %hi = vector.load %a[%i1] {alignment = 8 : i64} : memref<1028xf32>, vector<2xf32>
      %s = arith.addf %lo, %hi : vector<2xf32>
      %r = vector.reduction <add>, %s : vector<2xf32> into f32
      memref.store %r, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// A memory fence between two stores orders them for other threads: moving
    /// the first past it could be observed, so they stay separate. (Without
    /// {llvm.noalias} nothing else changes, so the kernel needs no diff run.)
    // CHECK-LABEL: gpu.func @fenced_stores
    // CHECK-COUNT-2: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
    // expected-remark @+1 {{kernel: 'fenced_stores'}}
    gpu.func @fenced_stores(%b: memref<2048xf32> {llvm.align = 16 : i64}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant dense<1.0> : vector<2xf32>
      %i0 = arith.muli %tx, %c4 : index
      %i1 = arith.addi %i0, %c2 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 vector.stores of 8 B stay separate: nvvm.memory.barrier at}}
      vector.store %one, %b[%i0] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      nvvm.memory.barrier #nvvm.mem_scope<gpu>
      vector.store %one, %b[%i1] {alignment = 8 : i64} : memref<2048xf32>, vector<2xf32>
      gpu.return
    }

    /// Two vector<4xf32> at 8t and 8t+4: each already moves 16 B, the most one
    /// thread can, so they are no merge candidate; each keeps its own access,
    /// with the proven alignment set (16), one ld.global.v4 each.
    // CHECK-LABEL: gpu.func @full_width
    // CHECK-COUNT-2: vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
    // PTX-LABEL: .entry full_width(
    // PTX: ld.global.nc.v4.b32
    // PTX: ld.global.nc.v4.b32
    // expected-remark @+2 {{kernel: 'full_width'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @full_width(%a: memref<2048xf32> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %i0 = arith.muli %tx, %c8 : index
      %i1 = arith.addi %i0, %c4 : index
      // expected-remark @+1 {{vectorize: arg 0: vector.load of 16 B -> vector<4xf32> (align 16)}}
      %lo = vector.load %a[%i0] : memref<2048xf32>, vector<4xf32>
      // expected-remark @+1 {{vectorize: arg 0: vector.load of 16 B -> vector<4xf32> (align 16)}}
      %hi = vector.load %a[%i1] : memref<2048xf32>, vector<4xf32>
      %s = arith.addf %lo, %hi : vector<4xf32>
      %r = vector.reduction <add>, %s : vector<4xf32> into f32
      memref.store %r, %out[%tx] : memref<256xf32>
      gpu.return
    }
  }
}
