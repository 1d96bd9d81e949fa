// Shared buffers used through memref.subview: accesses through static
// subviews (rank-reducing ones too, when they keep the innermost dimension:
// a dropped dimension's index is its offset) are costed on the buffer's own coordinates and
// folded into buffer accesses (offset + stride x index per dimension) before
// the pad or swizzle is applied, so every user is rewritten consistently; the
// views are then erased. Subviews that cannot be folded leave the whole buffer
// unchanged with a remark (pad-negative.mlir). Both layouts run before and
// after in the reference interpreter.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false' %s 2>/dev/null | FileCheck %s --check-prefix=PAD
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false' %s 2>/dev/null | FileCheck %s --check-prefix=SWIZZLE
// RUN: gpu-mem-opt-opt --gpu-mem-opt='stage-shared=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHOICE
// RUN: gpu-mem-opt diff %s --kernel two_tiles --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel two_tiles --grid 1,1,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt diff %s --kernel interleaved --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel interleaved --grid 1,1,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt diff %s --kernel planes --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel planes --grid 1,1,1 --options 'stage-shared=false'
// RUN: gpu-mem-opt diff %s --kernel middle --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel middle --grid 1,1,1 --options 'stage-shared=false'

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Two 32x32 transposes through the left and right halves of one 32x64
    /// tile (subviews at columns 0 and 32), block 32x8. The column reads put
    /// lanes 64 words apart: 32-way, 2 x 4 iterations x 8 warps x 32 = 2048
    /// wavefronts, plus 64 for the row writes: 2112. Pad 1 (pitch 65): 128,
    /// +128 B; with swizzles, chunk ^= row mod 32 (XOR values below 32 keep
    /// each half's columns in that half): 128 at 0 bytes. Either way the
    /// subviews are gone and every access indexes the tile, the right half's
    /// columns shifted by 32.
    // PAD-LABEL: gpu.func @two_tiles
    // PAD-SAME: workgroup(%[[TILE:.*]] : memref<32x65xf32, #gpu.address_space<workgroup>>)
    // PAD: %[[VIEW:.*]] = memref.subview %[[TILE]][0, 0] [32, 64] [1, 1]
    // PAD-NOT: memref.subview
    // PAD: memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %thread_id_x]
    // PAD: %[[SHIFTED:.*]] = arith.addi %thread_id_x, %{{.*}} : index
    // PAD-NEXT: memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %[[SHIFTED]]] : memref<32x64xf32, strided<[65, 1]>
    // PAD: memref.load %[[VIEW]][%{{.*}}, %{{.*}}] : memref<32x64xf32, strided<[65, 1]>
    // CHOICE: remark: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 2112 -> 128 (degree 16.50 -> 1)
    // SWIZZLE-LABEL: gpu.func @two_tiles
    // SWIZZLE-SAME: workgroup(%[[TILE:.*]] : memref<32x64xf32, #gpu.address_space<workgroup>>)
    // SWIZZLE-NOT: memref.subview
    // SWIZZLE: arith.xori
    // SWIZZLE: memref.store %{{.*}}, %[[TILE]][%{{.*}}, %{{.*}}] : memref<32x64xf32, #gpu.address_space<workgroup>>
    // expected-remark @+3 {{kernel: 'two_tiles'}}
    // expected-remark @+2 {{readonly: arg 0}}
    // expected-remark @+1 {{pad: workgroup 0: pad 1 element (+128 B): wavefronts 2112 -> 128 (degree 16.50 -> 1)}}
    gpu.func @two_tiles(%in: memref<32x64xf32>, %out: memref<64x32xf32>)
        workgroup(%tile: memref<32x64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %left = memref.subview %tile[0, 0] [32, 32] [1, 1] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[64, 1]>, #gpu.address_space<workgroup>>
      %right = memref.subview %tile[0, 32] [32, 32] [1, 1] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
      %tx32 = arith.addi %tx, %c32 : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %a = memref.load %in[%row, %tx] : memref<32x64xf32>
        memref.store %a, %left[%row, %tx] : memref<32x32xf32, strided<[64, 1]>, #gpu.address_space<workgroup>>
        %b = memref.load %in[%row, %tx32] : memref<32x64xf32>
        memref.store %b, %right[%row, %tx] : memref<32x32xf32, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %v = memref.load %left[%tx, %row] : memref<32x32xf32, strided<[64, 1]>, #gpu.address_space<workgroup>>
        memref.store %v, %out[%row, %tx] : memref<64x32xf32>
        %row32 = arith.addi %row, %c32 : index
        %w = memref.load %right[%tx, %row] : memref<32x32xf32, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
        memref.store %w, %out[%row32, %tx] : memref<64x32xf32>
      }
      gpu.return
    }

    /// Even and odd columns of a 32x64 tile as two stride-2 subviews, and the
    /// lower 16 rows of the odd one as a subview of a subview (offset 16 x 64
    /// + 1 = 1025), block 32. Writes: lanes 2 words apart, 2-way, 2 x 32 x 2 =
    /// 128; reading the even columns down (lanes 64 words apart) is 32-way,
    /// 32 x 32 = 1024; reading the nested view's rows tx mod 16 is 16-way
    /// (lanes tx and tx + 16 share a word), 512: 1664. Pad 1: the reads become
    /// conflict-free, 128 + 64 = 192, +128 B; the swizzle reaches the same 192
    /// at 0 bytes. The nested view's indices compose: row r + 16, column 2c + 1.
    // PAD-LABEL: gpu.func @interleaved
    // PAD-SAME: memref<32x65xf32, #gpu.address_space<workgroup>>
    // PAD: memref.subview %{{.*}}[0, 0] [32, 64] [1, 1]
    // PAD-NOT: {{strided<\[6[45], 2\]}}
    // CHOICE: remark: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1664 -> 192 (degree 13 -> 1.50)
    // SWIZZLE-LABEL: gpu.func @interleaved
    // SWIZZLE-NOT: memref.subview
    // expected-remark @+4 {{kernel: 'interleaved'}}
    // expected-remark @+3 {{readonly: arg 0}}
    // expected-remark @+2 {{pad: workgroup 0: pad 1 element (+128 B): wavefronts 1664 -> 192 (degree 13 -> 1.50)}}
    // expected-remark @+1 {{relayout: arg 0: would store it as 32x32x2, strided<[64, 1, 32]>}}
    gpu.func @interleaved(%in: memref<32x64xf32>, %out: memref<32x64xf32>)
        workgroup(%tile: memref<32x64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %even = memref.subview %tile[0, 0] [32, 32] [1, 2] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[64, 2]>, #gpu.address_space<workgroup>>
      %odd = memref.subview %tile[0, 1] [32, 32] [1, 2] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[64, 2], offset: 1>, #gpu.address_space<workgroup>>
      %upper = memref.subview %odd[16, 0] [16, 32] [1, 1] : memref<32x32xf32, strided<[64, 2], offset: 1>, #gpu.address_space<workgroup>> to memref<16x32xf32, strided<[64, 2], offset: 1025>, #gpu.address_space<workgroup>>
      %column = arith.muli %tx, %c2 : index
      %column1 = arith.addi %column, %c1 : index
      scf.for %r = %c0 to %c32 step %c1 {
        // expected-remark @+1 {{vectorize: arg 0}}
        %a = memref.load %in[%r, %column] : memref<32x64xf32>
        memref.store %a, %even[%r, %tx] : memref<32x32xf32, strided<[64, 2]>, #gpu.address_space<workgroup>>
        %b = memref.load %in[%r, %column1] : memref<32x64xf32>
        memref.store %b, %odd[%r, %tx] : memref<32x32xf32, strided<[64, 2], offset: 1>, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %c = %c0 to %c32 step %c1 {
        %v = memref.load %even[%tx, %c] : memref<32x32xf32, strided<[64, 2]>, #gpu.address_space<workgroup>>
        %c2x = arith.muli %c, %c2 : index
        memref.store %v, %out[%tx, %c2x] : memref<32x64xf32>
      }
      scf.for %c = %c0 to %c32 step %c1 {
        %low = arith.cmpi ult, %tx, %c16 : index
        %r = arith.remui %tx, %c16 : index
        %v = memref.load %upper[%r, %c] : memref<16x32xf32, strided<[64, 2], offset: 1025>, #gpu.address_space<workgroup>>
        %c2x = arith.muli %c, %c2 : index
        %c2x1 = arith.addi %c2x, %c1 : index
        %r16 = arith.addi %r, %c16 : index
        memref.store %v, %out[%r16, %c2x1] : memref<32x64xf32>
      }
      gpu.return
    }

    /// Two 32x32 transposes through planes 1 and 2 of a 4x32x32 tile, each a
    /// rank-reducing subview ([p, 0, 0] [1, 32, 32] drops dimension 0), block 32x8.
    /// As in two_tiles: column reads 32-way, 2 x 4 x 8 x 32 = 2048 wavefronts, plus 64
    /// for the row writes: 2112. Pad 1 (rows of 33): 128, +512 B (4 x 32 rows); the
    /// swizzle chunk ^= row mod 32 reaches 128 at 0 bytes. The views are folded: each
    /// access gets three indices, the plane's index the constant p.
    // PAD-LABEL: gpu.func @planes
    // PAD-SAME: workgroup(%[[TILE:.*]] : memref<4x32x33xf32, #gpu.address_space<workgroup>>)
    // PAD: %[[VIEW:.*]] = memref.subview %[[TILE]][0, 0, 0] [4, 32, 32] [1, 1, 1]
    // PAD-NOT: memref.subview
    // PAD: memref.store %{{.*}}, %[[VIEW]][%c1, %{{.*}}, %thread_id_x] : memref<4x32x32xf32, strided<[1056, 33, 1]>
    // PAD: memref.store %{{.*}}, %[[VIEW]][%c2, %{{.*}}, %thread_id_x] : memref<4x32x32xf32, strided<[1056, 33, 1]>
    // PAD: memref.load %[[VIEW]][%c1, %thread_id_x, %{{.*}}] : memref<4x32x32xf32, strided<[1056, 33, 1]>
    // PAD: memref.load %[[VIEW]][%c2, %thread_id_x, %{{.*}}] : memref<4x32x32xf32, strided<[1056, 33, 1]>
    // CHOICE: remark: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 2112 -> 128 (degree 16.50 -> 1)
    // SWIZZLE-LABEL: gpu.func @planes
    // SWIZZLE-SAME: workgroup(%[[TILE:.*]] : memref<4x32x32xf32, #gpu.address_space<workgroup>>)
    // SWIZZLE-NOT: memref.subview
    // SWIZZLE: arith.xori
    // SWIZZLE: memref.store %{{.*}}, %[[TILE]][%c1, %{{.*}}, %{{.*}}] : memref<4x32x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @+3 {{kernel: 'planes'}}
    // expected-remark @+2 {{readonly: arg 0}}
    // expected-remark @+1 {{pad: workgroup 0: pad 1 element (+512 B): wavefronts 2112 -> 128 (degree 16.50 -> 1)}}
    gpu.func @planes(%in: memref<32x64xf32>, %out: memref<64x32xf32>)
        workgroup(%tile: memref<4x32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %first = memref.subview %tile[1, 0, 0] [1, 32, 32] [1, 1, 1] : memref<4x32x32xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[32, 1], offset: 1024>, #gpu.address_space<workgroup>>
      %second = memref.subview %tile[2, 0, 0] [1, 32, 32] [1, 1, 1] : memref<4x32x32xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[32, 1], offset: 2048>, #gpu.address_space<workgroup>>
      %tx32 = arith.addi %tx, %c32 : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %a = memref.load %in[%row, %tx] : memref<32x64xf32>
        memref.store %a, %first[%row, %tx] : memref<32x32xf32, strided<[32, 1], offset: 1024>, #gpu.address_space<workgroup>>
        %b = memref.load %in[%row, %tx32] : memref<32x64xf32>
        memref.store %b, %second[%row, %tx] : memref<32x32xf32, strided<[32, 1], offset: 2048>, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %v = memref.load %first[%tx, %row] : memref<32x32xf32, strided<[32, 1], offset: 1024>, #gpu.address_space<workgroup>>
        memref.store %v, %out[%row, %tx] : memref<64x32xf32>
        %row32 = arith.addi %row, %c32 : index
        %w = memref.load %second[%tx, %row] : memref<32x32xf32, strided<[32, 1], offset: 2048>, #gpu.address_space<workgroup>>
        memref.store %w, %out[%row32, %tx] : memref<64x32xf32>
      }
      gpu.return
    }

    /// A transpose through slice 3 of the middle dimension of a 32x4x32 tile
    /// ([0, 3, 0] [32, 1, 32] drops dimension 1: rows 128 words apart), block 32x8.
    /// Column reads put lanes 128 words apart: 32-way, 4 x 8 x 32 = 1024 wavefronts, plus
    /// 32 for the row writes: 1056. Any pad p keeps the row stride 4 x (32 + p) a multiple
    /// of 4 words, so 4-way at best: pad 1 gives 4 x 32 + 32 = 160 (+512 B); the swizzle
    /// permutes by the middle index, a constant here, and cannot help. The folded
    /// accesses index the tile with the constant 3 in the middle.
    // PAD-LABEL: gpu.func @middle
    // PAD-SAME: workgroup(%[[TILE:.*]] : memref<32x4x33xf32, #gpu.address_space<workgroup>>)
    // PAD: %[[VIEW:.*]] = memref.subview %[[TILE]][0, 0, 0] [32, 4, 32] [1, 1, 1]
    // PAD-NOT: memref.subview
    // PAD: memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %c3, %thread_id_x] : memref<32x4x32xf32, strided<[132, 33, 1]>
    // PAD: memref.load %[[VIEW]][%thread_id_x, %c3, %{{.*}}] : memref<32x4x32xf32, strided<[132, 33, 1]>
    // CHOICE: remark: gpu-mem-opt: pad: workgroup 0: pad 1 element (+512 B): wavefronts 1056 -> 160 (degree 16.50 -> 2.50)
    // expected-remark @+3 {{kernel: 'middle'}}
    // expected-remark @+2 {{readonly: arg 0}}
    // expected-remark @+1 {{pad: workgroup 0: pad 1 element (+512 B): wavefronts 1056 -> 160 (degree 16.50 -> 2.50)}}
    gpu.func @middle(%in: memref<32x32xf32>, %out: memref<32x32xf32>)
        workgroup(%tile: memref<32x4x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %slice = memref.subview %tile[0, 3, 0] [32, 1, 32] [1, 1, 1] : memref<32x4x32xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[128, 1], offset: 96>, #gpu.address_space<workgroup>>
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %a = memref.load %in[%row, %tx] : memref<32x32xf32>
        memref.store %a, %slice[%row, %tx] : memref<32x32xf32, strided<[128, 1], offset: 96>, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %v = memref.load %slice[%tx, %row] : memref<32x32xf32, strided<[128, 1], offset: 96>, #gpu.address_space<workgroup>>
        memref.store %v, %out[%row, %tx] : memref<32x32xf32>
      }
      gpu.return
    }
  }
}
