// pad: widen shared-memory rows when counting says it removes bank conflicts
// (Gao §4; seed-004 digest §10.2). Swizzles are switched off here so each
// case shows the pad the search picks (test/Transforms/swizzle.mlir has the
// other side); every kernel runs before and after in the reference
// interpreter on the same random inputs and must give bit-identical results.
// Negative cases: pad-negative.mlir; the budget and strict: pad-budget.mlir.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false stage-shared=false' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel transpose_tile --grid 2,2,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel strided_rows --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel convolution_columns --grid 1,1,1 --options 'swizzle=false'
// RUN: gpu-mem-opt diff %s --kernel transpose_edges --grid 2,2,1 --options 'swizzle=false'

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Gao case 36: the 32x32 transpose tile, block 32x8. The write tile[ty+j][tx]
    /// is conflict-free; the read tile[tx][ty+j] puts a warp's 32 lanes 32 words
    /// apart, all in bank 0: 32 wavefronts per request. Four iterations of eight
    /// warps: 32 write + 1024 read = 1056 wavefronts; pad 1 makes the read lanes
    /// 33 words apart (bank tx): 64 wavefronts, +32 rows x 4 B = 128 bytes.
    // CHECK-LABEL: gpu.func @transpose_tile
    // CHECK-SAME: workgroup(%{{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>)
    // CHECK: %[[VIEW:.*]] = memref.subview %{{.*}}[0, 0] [32, 32] [1, 1] : memref<32x33xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
    // CHECK: memref.store %{{.*}}, %[[VIEW]][%{{.*}}, %{{.*}}] : memref<32x32xf32, strided<[33, 1]>
    // CHECK: memref.load %[[VIEW]][%{{.*}}, %{{.*}}] : memref<32x32xf32, strided<[33, 1]>
    // expected-remark @+3 {{kernel: 'transpose_tile'}}
    // expected-remark @+2 {{pad: workgroup 0: pad 1 element (+128 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1}}
    // expected-remark @+1 {{writes arg 1, which may alias it; not behind a run-time check: no element is read twice in a block}}
    gpu.func @transpose_tile(%in: memref<64x64xf32>, %out: memref<64x64xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
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
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %gy = arith.addi %y0, %row : index
        %v = memref.load %in[%gy, %gx] : memref<64x64xf32>
        memref.store %v, %tile[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %oy = arith.addi %x0, %row : index
        %w = memref.load %tile[%tx, %row] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%oy, %ox] : memref<64x64xf32>
      }
      gpu.return
    }

    /// Gao case 22 on sm_90: A[4][32+PAD] read as A[ty][4tx], block 8x4. A warp
    /// is 4 rows of 8 lanes; lanes 4 words apart reach banks {0,4,...,28} in every
    /// row: 4-way, 4 wavefronts. Pad 1 shifts row r by r banks: 1 wavefront,
    /// +4 rows x 4 B = 16 bytes. The allocation is replaced by a padded one.
    // CHECK-LABEL: gpu.func @strided_rows
    // CHECK: %[[ALLOC:.*]] = memref.alloc() : memref<4x33xf32, #gpu.address_space<workgroup>>
    // CHECK: memref.subview %[[ALLOC]][0, 0] [4, 32] [1, 1]
    // CHECK-NOT: memref<4x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{kernel: 'strided_rows'}}
    gpu.func @strided_rows(%out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 8, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      // expected-remark @+2 {{pad 1 element (+16 B): wavefronts 4 -> 1 (degree 4 -> 1)}}
      // expected-warning @+1 {{a memref.alloc in workgroup memory becomes a per-thread malloc in MLIR's NVVM lowering}}
      %a = memref.alloc() : memref<4x32xf32, #gpu.address_space<workgroup>>
      %col = arith.muli %tx, %c4 : index
      %v = memref.load %a[%ty, %col] : memref<4x32xf32, #gpu.address_space<workgroup>>
      %y8 = arith.muli %ty, %c8 : index
      %i = arith.addi %y8, %tx : index
      memref.store %v, %out[%i] : memref<32xf32>
      gpu.return
    }

    /// Gao case 35 (CUDA SDK convolution columns, s_Data[16][81+p], block
    /// 16x8): lanes read s[tx][ty + c], rows of 81 words. A warp is tx = 0..15
    /// for two values of ty: banks 17tx + ty (mod 32), distinct within a half,
    /// but 17(tx' - tx) = 1 (mod 32) for tx' = tx + 15 collides with the other
    /// half: 2 wavefronts per request, 4 warps x 2 loads: 16. Pad 1 (rows of 82):
    /// banks 18tx + ty, even for one ty and odd for the other, all distinct: 8
    /// wavefronts, +16 rows x 4 B = 64 bytes. Gao's pad is 1 too.
    // CHECK-LABEL: gpu.func @convolution_columns
    // CHECK-SAME: memref<16x82xf32, #gpu.address_space<workgroup>>
    // expected-remark @+2 {{kernel: 'convolution_columns'}}
    // expected-remark @+1 {{pad: workgroup 0: pad 1 element (+64 B): wavefronts 16 -> 8 (degree 2 -> 1)}}
    gpu.func @convolution_columns(%out: memref<16x81xf32>)
        workgroup(%s: memref<16x81xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c8 = arith.constant 8 : index
      %column = arith.addi %ty, %c8 : index
      %v = memref.load %s[%tx, %ty] : memref<16x81xf32, #gpu.address_space<workgroup>>
      %w = memref.load %s[%tx, %column] : memref<16x81xf32, #gpu.address_space<workgroup>>
      %sum = arith.addf %v, %w : f32
      memref.store %sum, %out[%tx, %ty] : memref<16x81xf32>
      gpu.return
    }


    /// A 32x32 transpose tile on a 50x40 array, block 32x32, the accesses under
    /// the edge guards 32 bx + tx < 40 and 32 by + ty < 50 (and the transposed
    /// ones on the way out). Block 0's guard depends on bid.x, bid.y: unknown.
    /// An interior block has every lane active, and the layout is costed for
    /// it: 32 warps write tile[ty][tx] (1 wavefront each) and read tile[tx][ty]
    /// (32-way, 32 each): 1056 wavefronts; pad 1: 64, +128 B. The pad is a
    /// bijection, so the edge blocks (grid 2x2) give the same results.
    // CHECK-LABEL: gpu.func @transpose_edges
    // CHECK-SAME: workgroup(%{{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>)
    // CHECK: memref.subview %{{.*}}[0, 0] [32, 32] [1, 1] : memref<32x33xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
    // expected-remark @+3 {{kernel: 'transpose_edges'}}
    // expected-remark @+2 {{pad: workgroup 0: pad 1 element (+128 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; costed for an interior block: the edge guard on bid.x, bid.y holds for every lane}}
    // expected-remark @+1 {{writes arg 1, which may alias it; not behind a run-time check: no element is read twice in a block}}
    gpu.func @transpose_edges(%in: memref<50x40xf32>, %out: memref<40x50xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 32, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c40 = arith.constant 40 : index
      %c50 = arith.constant 50 : index
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %gx = arith.addi %x0, %tx : index
      %gy = arith.addi %y0, %ty : index
      %in_x = arith.cmpi slt, %gx, %c40 : index
      %in_y = arith.cmpi slt, %gy, %c50 : index
      %inside = arith.andi %in_x, %in_y : i1
      scf.if %inside {
        %v = memref.load %in[%gy, %gx] : memref<50x40xf32>
        memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      %oy = arith.addi %x0, %ty : index
      %out_x = arith.cmpi slt, %ox, %c50 : index
      %out_y = arith.cmpi slt, %oy, %c40 : index
      %outside = arith.andi %out_x, %out_y : i1
      scf.if %outside {
        %w = memref.load %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%oy, %ox] : memref<40x50xf32>
      }
      gpu.return
    }
  }
}
