// Workgroup buffers declared as memref.global in the gpu.module and reached
// through memref.get_global: the global is one buffer, whatever the number of
// get_globals in the kernel. A pad gives the global its padded type and
// replaces every get_global by one of the new type viewed at the old extent;
// a swizzle rewrites the indices and keeps the type. A global that several
// kernels use gets one layout for all of them: each kernel costs every
// candidate for its own accesses and block, and the candidate with the fewest
// wavefronts summed over the kernels wins among those that make no kernel
// worse (analysis/src/joint_layout.rs); each kernel's remark gives every
// kernel's numbers. Globals used outside every kernel or with an initial value
// stay unchanged (pad-negative.mlir). Both layouts run before and after in the
// reference interpreter, every kernel.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false' %s 2>/dev/null | FileCheck %s --check-prefix=PAD
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false' %s 2>/dev/null | FileCheck %s --check-prefix=SWIZZLE
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHOICE
// RUN: gpu-mem-opt diff %s --kernel transpose_global --grid 2,2,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel transpose_global --grid 2,2,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt diff %s --kernel columns --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel columns --grid 1,1,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt diff %s --kernel rows --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel rows --grid 1,1,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt diff %s --kernel split_columns --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel split_columns --grid 1,1,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt diff %s --kernel split_diagonal --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel split_diagonal --grid 1,1,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json

/// Gao case 36 with the tile as a workgroup global, fetched once per phase
/// (two get_globals). Block 32x8: the column read is 32-way, 1056 wavefronts
/// in all; pad 1 gives 64 (+128 B), the swizzle chunk ^= row mod 32 gives 64
/// at 0 bytes. The padded global is 32x33 and both get_globals read it.
// PAD: memref.global "private" @tile : memref<32x33xf32, #gpu.address_space<workgroup>>
// PAD-LABEL: gpu.func @transpose_global
// PAD: %[[FIRST:.*]] = memref.get_global @tile : memref<32x33xf32, #gpu.address_space<workgroup>>
// PAD-NEXT: %[[VIEW:.*]] = memref.subview %[[FIRST]][0, 0] [32, 32] [1, 1]
// PAD: memref.store %{{.*}}, %[[VIEW]]
// PAD: %[[SECOND:.*]] = memref.get_global @tile : memref<32x33xf32, #gpu.address_space<workgroup>>
// PAD-NEXT: %[[VIEW2:.*]] = memref.subview %[[SECOND]][0, 0] [32, 32] [1, 1]
// PAD: memref.load %[[VIEW2]]
// PAD-NOT: memref<32x32xf32, #gpu.address_space<workgroup>>
// SWIZZLE: memref.global "private" @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
// SWIZZLE-LABEL: gpu.func @transpose_global
// SWIZZLE: arith.xori
// SWIZZLE: memref.store
// SWIZZLE: arith.xori
// SWIZZLE: memref.load
// CHOICE: remark: gpu-mem-opt: swizzle: global @tile: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @+2 {{kernel: 'transpose_global'}}
    // expected-remark @+1 {{readonly: arg 0}}
    gpu.func @transpose_global(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      // expected-remark @+1 {{pad: global @tile: pad 1 element (+128 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)}}
      %fill = memref.get_global @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %gy = arith.addi %y0, %row : index
        %v = memref.load %in[%gy, %gx] : memref<64x64xf32>
        memref.store %v, %fill[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %drain = memref.get_global @tile : memref<32x32xf32, #gpu.address_space<workgroup>>
      %ox = arith.addi %y0, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %oy = arith.addi %x0, %row : index
        %w = memref.load %drain[%tx, %row] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%oy, %ox] : memref<64x64xf32>
      }
      gpu.return
    }

    /// @both, used by two kernels, block 32: 'columns' writes rows and reads
    /// columns (tile[tx][c]: lanes 32 words apart, 32-way: 32 x 32 + 32 = 1056
    /// wavefronts), 'rows' writes columns and reads rows (the same 1056). Pad 1
    /// serves both: 1056 -> 64 each (+128 B); with swizzles, chunk ^= row mod 32,
    /// the same at 0 bytes. Both kernels see the padded global.
    // PAD: memref.global "private" @both : memref<32x33xf32, #gpu.address_space<workgroup>>
    // PAD-LABEL: gpu.func @columns
    // PAD: memref.get_global @both : memref<32x33xf32, #gpu.address_space<workgroup>>
    // PAD-LABEL: gpu.func @rows
    // PAD: memref.get_global @both : memref<32x33xf32, #gpu.address_space<workgroup>>
    // SWIZZLE: memref.global "private" @both : memref<32x32xf32, #gpu.address_space<workgroup>>
    // SWIZZLE-LABEL: gpu.func @columns
    // SWIZZLE: arith.xori
    // SWIZZLE-LABEL: gpu.func @rows
    // SWIZZLE: arith.xori
    // CHOICE: remark: gpu-mem-opt: swizzle: global @both: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): one layout for kernels 'columns', 'rows'; wavefronts per block 'columns' 1056 -> 64, 'rows' 1056 -> 64; no kernel gets worse
    // REPORT-LABEL: "name": "columns",
    // REPORT: "kind": "pad",
    // REPORT-NEXT: "target": "global @both",
    // REPORT-NEXT: "applied": true,
    // REPORT-NEXT: "reason": "pad 1 element (+128 B): one layout for kernels 'columns', 'rows'; wavefronts per block 'columns' 1056 -> 64, 'rows' 1056 -> 64; no kernel gets worse",
    // REPORT: "kernels": [
    // REPORT-NEXT: {
    // REPORT-NEXT: "name": "columns",
    // REPORT-NEXT: "wavefronts_before": 1056,
    // REPORT-NEXT: "wavefronts_after": 64
    // REPORT: "name": "rows",
    // REPORT-NEXT: "wavefronts_before": 1056,
    // REPORT-NEXT: "wavefronts_after": 64
    memref.global "private" @both : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @+2 {{kernel: 'columns'}}
    // expected-remark @+1 {{readonly: arg 0}}
    gpu.func @columns(%in: memref<32x32xf32>, %out: memref<32x32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-remark @+1 {{pad: global @both: pad 1 element (+128 B): one layout for kernels 'columns', 'rows'; wavefronts per block 'columns' 1056 -> 64, 'rows' 1056 -> 64; no kernel gets worse}}
      %tile = memref.get_global @both : memref<32x32xf32, #gpu.address_space<workgroup>>
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      scf.for %r = %c0 to %c32 step %c1 {
        %v = memref.load %in[%r, %tx] : memref<32x32xf32>
        memref.store %v, %tile[%r, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %c = %c0 to %c32 step %c1 {
        // expected-remark @+1 {{vectorize: global @both}}
        %v = memref.load %tile[%tx, %c] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%c, %tx] : memref<32x32xf32>
      }
      gpu.return
    }
    // expected-remark @+2 {{kernel: 'rows'}}
    // expected-remark @+1 {{readonly: arg 0}}
    gpu.func @rows(%in: memref<32x32xf32>, %out: memref<32x32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-remark @+1 {{pad: global @both: pad 1 element (+128 B): one layout for kernels 'columns', 'rows'}}
      %tile = memref.get_global @both : memref<32x32xf32, #gpu.address_space<workgroup>>
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      scf.for %r = %c0 to %c32 step %c1 {
        // expected-remark @+1 {{vectorize: arg 0}}
        %v = memref.load %in[%tx, %r] : memref<32x32xf32>
        // expected-remark @+1 {{vectorize: global @both: 32 loop iterations' stores of 4 B stay scalar}}
        memref.store %v, %tile[%tx, %r] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %r = %c0 to %c32 step %c1 {
        %v = memref.load %tile[%r, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%r, %tx] : memref<32x32xf32>
      }
      gpu.return
    }

    /// @split, where the kernels want different pads, block 32. Alone,
    /// 'split_columns' (as 'columns') would take pad 1 (1056 -> 64), but the
    /// diagonal of 'split_diagonal' (tile[tx][tx], 33 words apart: conflict-free,
    /// 1 wavefront per access, 2 in all) would then be 34 words apart, 2-way:
    /// 2 -> 4, worse. Pad 2 makes no kernel worse: columns 34 words apart, 2-way,
    /// 1056 -> 32 x 2 + 32 = 96; the diagonal 35 words apart, still 2 (+256 B).
    // PAD: memref.global "private" @split : memref<32x34xf32, #gpu.address_space<workgroup>>
    // PAD-LABEL: gpu.func @split_columns
    // PAD: memref.get_global @split : memref<32x34xf32, #gpu.address_space<workgroup>>
    // PAD-LABEL: gpu.func @split_diagonal
    // PAD: memref.get_global @split : memref<32x34xf32, #gpu.address_space<workgroup>>
    // Each access's own degree under the joint pad: the row store stays 1, the
    // column load goes 32 -> 2.
    // REPORT-LABEL: "name": "split_columns",
    // REPORT: "kind": "store",
    // REPORT-NEXT: "memref": "global @split",
    // REPORT: "after": {
    // REPORT-NEXT: "sectors_per_request": null,
    // REPORT-NEXT: "bank_conflict_degree": 1.0,
    // REPORT: "kind": "load",
    // REPORT-NEXT: "memref": "global @split",
    // REPORT: "before": {
    // REPORT-NEXT: "sectors_per_request": null,
    // REPORT-NEXT: "bank_conflict_degree": 32.0,
    // REPORT: "after": {
    // REPORT-NEXT: "sectors_per_request": null,
    // REPORT-NEXT: "bank_conflict_degree": 2.0,
    // REPORT-LABEL: "name": "split_diagonal",
    // REPORT: "kind": "pad",
    // REPORT-NEXT: "target": "global @split",
    // REPORT-NEXT: "applied": true,
    // REPORT-NEXT: "reason": "pad 2 elements (+256 B): one layout for kernels 'split_columns', 'split_diagonal'; wavefronts per block 'split_columns' 1056 -> 96, 'split_diagonal' 2 -> 2; no kernel gets worse",
    // REPORT: "name": "split_diagonal",
    // REPORT-NEXT: "wavefronts_before": 2,
    // REPORT-NEXT: "wavefronts_after": 2
    memref.global "private" @split : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @+2 {{kernel: 'split_columns'}}
    // expected-remark @+1 {{readonly: arg 0}}
    gpu.func @split_columns(%in: memref<32x32xf32>, %out: memref<32x32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-remark @+1 {{pad: global @split: pad 2 elements (+256 B): one layout for kernels 'split_columns', 'split_diagonal'; wavefronts per block 'split_columns' 1056 -> 96, 'split_diagonal' 2 -> 2; no kernel gets worse}}
      %tile = memref.get_global @split : memref<32x32xf32, #gpu.address_space<workgroup>>
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      scf.for %r = %c0 to %c32 step %c1 {
        %v = memref.load %in[%r, %tx] : memref<32x32xf32>
        memref.store %v, %tile[%r, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %c = %c0 to %c32 step %c1 {
        // expected-remark @+1 {{vectorize: global @split}}
        %v = memref.load %tile[%tx, %c] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%c, %tx] : memref<32x32xf32>
      }
      gpu.return
    }
    // expected-remark @+2 {{kernel: 'split_diagonal'}}
    // expected-remark @+1 {{readonly: arg 0}}
    gpu.func @split_diagonal(%in: memref<32x32xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-remark @+1 {{pad: global @split: pad 2 elements (+256 B): one layout for kernels 'split_columns', 'split_diagonal'}}
      %tile = memref.get_global @split : memref<32x32xf32, #gpu.address_space<workgroup>>
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx, %tx] : memref<32x32xf32>
      memref.store %v, %tile[%tx, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%tx, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
