// vectorize: a thread's accesses to consecutive elements become one vector
// access of up to 16 bytes when the alignment of the first element is proven
// (width = min(contiguity, alignment / element size, 16 B / element size),
// Triton's rule with the divisibility proven: analysis/src/vector_width.rs).
// The vector op carries `alignment`, which the NVVM lowering keeps: PTX
// `ld.global.v4.b32` instead of four scalar loads. Alignment comes from
// {llvm.align} on an argument, memref.assume_alignment, or the option
// assume-alignment (default: the element size only). Whatever blocks a wider
// access is named in the remark, with what would unblock it. Every transformed
// kernel runs before and after in the interpreter with identical results.
// Arguments carry {llvm.noalias} so the read-only remarks stay short.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s -verify-diagnostics=only-expected -o /dev/null
// RUN: gpu-mem-opt ptx --options version=false %s -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: gpu-mem-opt ptx %s --options 'version=false assume-alignment=16' -o %t-aligned.ptx 2>/dev/null
// RUN: FileCheck %s --check-prefix=ALIGNED --input-file=%t-aligned.ptx
// RUN: not gpu-mem-opt-opt --gpu-mem-opt='version=false strict=true' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt diff --options version=false %s --kernel aos_sum --grid 2,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel aos_sum_loop --grid 2,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel aos_scale_store --grid 2,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel f16_copy --grid 2,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel pair_sum --grid 1,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel straddle --grid 1,1,1
// RUN: gpu-mem-opt diff %s --kernel aos_sum_unaligned --grid 2,1,1 --options 'version=false assume-alignment=16'
// Kernels whose loads stay scalar still change (the read-only path):
// RUN: gpu-mem-opt diff --options version=false %s --kernel misaligned --grid 1,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel rgb --grid 1,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel column_major --grid 1,1,1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Array of structures {x, y, z, w} of f32, one structure per thread:
    /// A[4t+0..3]. The argument is 16-byte aligned ({llvm.align = 16}) and the
    /// offset 4*tid.x elements is a multiple of 16 B, so the four 4-byte loads
    /// are one 16-byte vector load: 4 requests per warp -> 1.
    // CHECK-LABEL: gpu.func @aos_sum
    // CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
    // CHECK: vector.extract %[[V]][0]
    // CHECK: vector.extract %[[V]][3]
    // CHECK-NOT: memref.load
    // CHECK: memref.store
    // PTX-LABEL: .entry aos_sum(
    // PTX: ld.global.nc.v4.b32
    // PTX-NOT: ld.global
    // PTX: st.global.b32
    // expected-remark @+2 {{kernel: 'aos_sum'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @aos_sum(%a: memref<1024xf32> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<512xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %block = arith.muli %bx, %c256 : index
      %t = arith.addi %block, %tx : index
      %i0 = arith.muli %tx, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %i3 = arith.addi %i0, %c3 : index
      // expected-remark @+1 {{vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16); alignment 16: base 16 B from {llvm.align = 16} on arg 0, offset (4*tid.x) elements a multiple of 16 B}}
      %x = memref.load %a[%i0] : memref<1024xf32>
      %y = memref.load %a[%i1] : memref<1024xf32>
      %z = memref.load %a[%i2] : memref<1024xf32>
      %w = memref.load %a[%i3] : memref<1024xf32>
      %xy = arith.addf %x, %y : f32
      %zw = arith.addf %z, %w : f32
      %s = arith.addf %xy, %zw : f32
      memref.store %s, %out[%t] : memref<512xf32>
      gpu.return
    }

    /// The same sum as a loop of 4 iterations, k = 0..3 reading A[4t+k], with
    /// the alignment from memref.assume_alignment: one vector load before the
    /// loop, and each iteration extracts element k.
    // CHECK-LABEL: gpu.func @aos_sum_loop
    // CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<1024xf32>, vector<4xf32>
    // CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
    // CHECK: vector.extract %[[V]][%[[K]]] : f32 from vector<4xf32>
    // The report: 4 loop iterations' 4-byte loads (16 sectors each) -> one
    // 16-byte load before the loop: 4 requests, 64 sectors per warp -> 1, 16.
    // REPORT-LABEL: "name": "aos_sum_loop"
    // REPORT: "op": "memref.load",
    // REPORT: "vectorized": {
    // REPORT-NEXT: "op": "vector.load",
    // REPORT: "kind": "vectorize",
    // REPORT: "requests_per_warp_before": 4,
    // REPORT-NEXT: "requests_per_warp_after": 1,
    // REPORT-NEXT: "sectors_per_warp_before": 64.0,
    // REPORT-NEXT: "sectors_per_warp_after": 16.0
    // PTX-LABEL: .entry aos_sum_loop(
    // PTX: ld.global.nc.v4.b32
    // expected-remark @+2 {{kernel: 'aos_sum_loop'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @aos_sum_loop(%a: memref<1024xf32> {llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %aligned = memref.assume_alignment %a, 16 : memref<1024xf32>
      %base = arith.muli %tx, %c4 : index
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
        %i = arith.addi %base, %k : index
        // expected-remark @+1 {{vectorize: arg 0: 4 loop iterations' loads of 4 B -> vector<4xf32> (align 16); alignment 16: base 16 B from memref.assume_alignment}}
        %v = memref.load %aligned[%i] : memref<1024xf32>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// Stores: each thread scales its structure and writes the four fields
    /// back to B[4t+k]; the values are gathered into one vector and stored by
    /// one 16-byte store at the last store's place.
    // CHECK-LABEL: gpu.func @aos_scale_store
    // CHECK: vector.broadcast
    // CHECK-COUNT-3: vector.insert
    // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<2048xf32>, vector<4xf32>
    // CHECK-NOT: memref.store
    // PTX-LABEL: .entry aos_scale_store(
    // PTX: ld.global.nc.v4.b32
    // PTX: st.global.v4.b32
    // expected-remark @+2 {{kernel: 'aos_scale_store'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @aos_scale_store(%a: memref<2048xf32> {llvm.align = 16 : i64, llvm.noalias}, %b: memref<2048xf32> {llvm.align = 16 : i64, llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c256 = arith.constant 256 : index
      %two = arith.constant 2.0 : f32
      %block = arith.muli %bx, %c256 : index
      %t = arith.addi %block, %tx : index
      %i0 = arith.muli %t, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %i3 = arith.addi %i0, %c3 : index
      // expected-remark @+1 {{vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16)}}
      %x = memref.load %a[%i0] : memref<2048xf32>
      %y = memref.load %a[%i1] : memref<2048xf32>
      %z = memref.load %a[%i2] : memref<2048xf32>
      %w = memref.load %a[%i3] : memref<2048xf32>
      %x2 = arith.mulf %x, %two : f32
      %y2 = arith.mulf %y, %two : f32
      %z2 = arith.mulf %z, %two : f32
      %w2 = arith.mulf %w, %two : f32
      // expected-remark @+1 {{vectorize: arg 1: 4 stores of 4 B -> vector<4xf32> (align 16)}}
      memref.store %x2, %b[%i0] : memref<2048xf32>
      memref.store %y2, %b[%i1] : memref<2048xf32>
      memref.store %z2, %b[%i2] : memref<2048xf32>
      memref.store %w2, %b[%i3] : memref<2048xf32>
      gpu.return
    }

    /// An f16 copy with vector<8xf16> (16 B) accesses but no alignment
    /// attribute: the lowering would assume 2-byte alignment and split each
    /// into 8 scalar accesses. With {llvm.align = 16} and offsets 8*tid.x
    /// elements (16 B) the pass proves 16 and sets it: one ld/st.v4.b32 each.
    // CHECK-LABEL: gpu.func @f16_copy
    // CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<4096xf16>, vector<8xf16>
    // CHECK: vector.store %{{.*}}, %{{.*}}[%{{.*}}] {alignment = 16 : i64} : memref<4096xf16>, vector<8xf16>
    // The report: without alignment NVPTX splits the 16 B into eight 2-byte
    // loads (16 sectors each): 8 requests, 128 sectors per warp -> 1, 16.
    // REPORT-LABEL: "name": "f16_copy"
    // REPORT: "kind": "vectorize",
    // REPORT: "requests_per_warp_before": 8,
    // REPORT-NEXT: "requests_per_warp_after": 1,
    // REPORT-NEXT: "sectors_per_warp_before": 128.0,
    // REPORT-NEXT: "sectors_per_warp_after": 16.0
    // PTX-LABEL: .entry f16_copy(
    // PTX: ld.global.nc.v4.b32
    // PTX: st.global.v4.b32
    // expected-remark @+2 {{kernel: 'f16_copy'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @f16_copy(%in: memref<4096xf16> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<4096xf16> {llvm.align = 16 : i64, llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %block = arith.muli %bx, %c256 : index
      %t = arith.addi %block, %tx : index
      %i = arith.muli %t, %c8 : index
      // expected-remark @+1 {{vectorize: arg 0: vector.load of 16 B -> vector<8xf16> (align 16)}}
      %v = vector.load %in[%i] : memref<4096xf16>, vector<8xf16>
      // expected-remark @+1 {{vectorize: arg 1: vector.store of 16 B -> vector<8xf16> (align 16)}}
      vector.store %v, %out[%i] : memref<4096xf16>, vector<8xf16>
      gpu.return
    }

    /// Pairs A[2t], A[2t+1] of f32 in a static shared-free kernel whose
    /// argument is only 8-byte aligned: width 2, one ld.global.v2.
    // CHECK-LABEL: gpu.func @pair_sum
    // CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<512xf32>, vector<2xf32>
    // PTX-LABEL: .entry pair_sum(
    // PTX: ld.global.nc.v2.b32
    // expected-remark @+2 {{kernel: 'pair_sum'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @pair_sum(%a: memref<512xf32> {llvm.align = 8 : i64, llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %i0 = arith.muli %tx, %c2 : index
      %i1 = arith.addi %i0, %c1 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 loads of 4 B -> vector<2xf32> (align 8); alignment 8: base 8 B from {llvm.align = 8} on arg 0, offset (2*tid.x) elements a multiple of 8 B}}
      %x = memref.load %a[%i0] : memref<512xf32>
      %y = memref.load %a[%i1] : memref<512xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// No alignment fact: a memref argument may be a view at any element, so
    /// only 4 bytes are known and the loads stay scalar; the remark names the
    /// remedies. With option assume-alignment=16 the same kernel gets v4.
    // CHECK-LABEL: gpu.func @aos_sum_unaligned
    // CHECK-NOT: vector.load
    // CHECK: gpu.return
    // PTX-LABEL: .entry aos_sum_unaligned(
    // PTX-NOT: .v4
    // PTX: st.global.b32
    // ALIGNED-LABEL: .entry aos_sum_unaligned(
    // ALIGNED: ld.global.nc.v4.b32
    // STRICT: error: gpu-mem-opt: vectorize: arg 0: 4 loads of 4 B stay scalar: the buffer is known to be 4-byte aligned
    // expected-remark @+2 {{kernel: 'aos_sum_unaligned'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @aos_sum_unaligned(%a: memref<1024xf32> {llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %i0 = arith.muli %tx, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %i3 = arith.addi %i0, %c3 : index
      // expected-remark @+1 {{vectorize: arg 0: 4 loads of 4 B stay scalar: the buffer is known to be 4-byte aligned (the element size only), a 16-byte access needs 16; unblock: {llvm.align = 16} on arg 0, memref.assume_alignment, or option assume-alignment=16}}
      %x = memref.load %a[%i0] : memref<1024xf32>
      %y = memref.load %a[%i1] : memref<1024xf32>
      %z = memref.load %a[%i2] : memref<1024xf32>
      %w = memref.load %a[%i3] : memref<1024xf32>
      %xy = arith.addf %x, %y : f32
      %zw = arith.addf %z, %w : f32
      %s = arith.addf %xy, %zw : f32
      memref.store %s, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// Misaligned offset: the fields read are A[4t+1] and A[4t+2]. The base is
    /// 16-byte aligned but the offset 4*tid.x + 1 elements is a multiple of 4 B
    /// only, so no 8-byte access is aligned: the loads stay scalar.
    // CHECK-LABEL: gpu.func @misaligned
    // CHECK-NOT: vector.load
    // CHECK: gpu.return
    // PTX-LABEL: .entry misaligned(
    // PTX-NOT: .v2
    // PTX: st.global.b32
    // expected-remark @+2 {{kernel: 'misaligned'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @misaligned(%a: memref<1024xf32> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %b = arith.muli %tx, %c4 : index
      %i0 = arith.addi %b, %c1 : index
      %i1 = arith.addi %b, %c2 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 loads of 4 B stay scalar: the first element's offset (4*tid.x + 1) is a multiple of 4 B only, a 8-byte access needs 8; unblock: start the group at a multiple of 8 B (pad the record)}}
      %x = memref.load %a[%i0] : memref<1024xf32>
      %y = memref.load %a[%i1] : memref<1024xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// Four fields starting one element into the record, A[4t+1 .. 4t+4]: the
    /// addresses are 4-, 8-, 4- and 16-byte aligned, so the middle pair is one
    /// 8-byte load and the ends stay scalar (LLVM's load-store vectorizer finds
    /// the same when it sees the alignment).
    // CHECK-LABEL: gpu.func @straddle
    // CHECK: memref.load
    // CHECK: vector.load %{{.*}}[%{{.*}}] {alignment = 8 : i64} : memref<1028xf32>, vector<2xf32>
    // CHECK: memref.load
    // PTX-LABEL: .entry straddle(
    // PTX: ld.global.nc.b32
    // PTX: ld.global.nc.v2.b32
    // PTX: ld.global.nc.b32
    // expected-remark @+2 {{kernel: 'straddle'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @straddle(%a: memref<1028xf32> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %b = arith.muli %tx, %c4 : index
      %i0 = arith.addi %b, %c1 : index
      %i1 = arith.addi %b, %c2 : index
      %i2 = arith.addi %b, %c3 : index
      %i3 = arith.addi %b, %c4 : index
      // expected-remark @+1 {{vectorize: arg 0: 4 loads of 4 B -> 1 scalar + vector<2xf32> (align 8) + 1 scalar; alignment 4: base 16 B from {llvm.align = 16} on arg 0, offset (4*tid.x + 1) elements a multiple of 4 B; not one access: the first element's offset (4*tid.x + 1) is a multiple of 4 B only, a 16-byte access needs 16}}
      %x = memref.load %a[%i0] : memref<1028xf32>
      %y = memref.load %a[%i1] : memref<1028xf32>
      %z = memref.load %a[%i2] : memref<1028xf32>
      %w = memref.load %a[%i3] : memref<1028xf32>
      %xy = arith.addf %x, %y : f32
      %zw = arith.addf %z, %w : f32
      %s = arith.addf %xy, %zw : f32
      memref.store %s, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// RGB records of 3 f32: A[3t+k]. Three consecutive elements, but the
    /// offset 3*tid.x elements is a multiple of 4 B only: no 8- or 16-byte
    /// access is aligned for every thread.
    // CHECK-LABEL: gpu.func @rgb
    // CHECK-NOT: vector.load
    // expected-remark @+2 {{kernel: 'rgb'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @rgb(%a: memref<768xf32> {llvm.align = 16 : i64, llvm.noalias}, %out: memref<256xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %i0 = arith.muli %tx, %c3 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %r = memref.load %a[%i0] : memref<768xf32>
      %g = memref.load %a[%i1] : memref<768xf32>
      %b = memref.load %a[%i2] : memref<768xf32>
      %rg = arith.addf %r, %g : f32
      %s = arith.addf %rg, %b : f32
      memref.store %s, %out[%tx] : memref<256xf32>
      gpu.return
    }

    /// A store to another argument lies between the loads; without
    /// {llvm.noalias} it may write the elements being read, so the loads are
    /// not moved together.
    // CHECK-LABEL: gpu.func @intervening_store
    // CHECK-NOT: vector.load
    // expected-remark @+2 {{kernel: 'intervening_store'}}
    // expected-remark @+1 {{readonly: arg 0: read-only, but memref.store}}
    gpu.func @intervening_store(%a: memref<512xf32> {llvm.align = 16 : i64}, %out: memref<512xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %i0 = arith.muli %tx, %c2 : index
      %i1 = arith.addi %i0, %c1 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 loads of 4 B stay scalar: memref.store at}}
      %x = memref.load %a[%i0] : memref<512xf32>
      memref.store %x, %out[%i0] : memref<512xf32>
      %y = memref.load %a[%i1] : memref<512xf32>
      memref.store %y, %out[%i1] : memref<512xf32>
      gpu.return
    }

    /// A column-major matrix (strided<[1, 64]>): the unrolled k indices are
    /// consecutive but 64 elements apart in memory.
    // CHECK-LABEL: gpu.func @column_major
    // CHECK-NOT: vector.load
    // expected-remark @+2 {{kernel: 'column_major'}}
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc}}
    gpu.func @column_major(%a: memref<64x2xf32, strided<[1, 64]>> {llvm.noalias}, %out: memref<64xf32> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-remark @+1 {{vectorize: arg 0: 2 loads of 4 B stay scalar: consecutive indices are 64 elements apart (innermost stride 64)}}
      %x = memref.load %a[%tx, %c0] : memref<64x2xf32, strided<[1, 64]>>
      %y = memref.load %a[%tx, %c1] : memref<64x2xf32, strided<[1, 64]>>
      %s = arith.addf %x, %y : f32
      memref.store %s, %out[%tx] : memref<64xf32>
      gpu.return
    }
  }
}
