// pad: widen shared-memory rows when counting says it removes bank conflicts
// (Gao §4; seed-004 digest §10.2). Swizzles are switched off here so each
// case shows the pad the search picks; test/Transforms/swizzle.mlir has the
// other side. Every kernel also runs before and after in the interpreter
// (test/Transforms/pad-diff.mlir).

// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='swizzle=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='swizzle=false' %s -verify-diagnostics -o /dev/null

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
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'transpose_tile'}}
    // expected-remark @+1 {{pad: workgroup 0: pad 1 element (+128 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)}}
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
  }
}

// -----

/// Gao case 22 on sm_90: A[4][32+PAD] read as A[ty][4tx], block 8x4. A warp
/// is 4 rows of 8 lanes; lanes 4 words apart reach banks {0,4,...,28} in every
/// row: 4-way, 4 wavefronts. Pad 1 shifts row r by r banks: 1 wavefront,
/// +4 rows x 4 B = 16 bytes. The allocation is replaced by a padded one.
// CHECK-LABEL: gpu.func @strided_rows
// CHECK: %[[ALLOC:.*]] = memref.alloc() : memref<4x33xf32, #gpu.address_space<workgroup>>
// CHECK: memref.subview %[[ALLOC]][0, 0] [4, 32] [1, 1]
// CHECK-NOT: memref<4x32xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @below {{kernel: 'strided_rows'}}
    gpu.func @strided_rows(%out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 8, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      // expected-remark @below {{pad 1 element (+16 B): wavefronts 4 -> 1 (degree 4 -> 1)}}
      %a = memref.alloc() : memref<4x32xf32, #gpu.address_space<workgroup>>
      %col = arith.muli %tx, %c4 : index
      %v = memref.load %a[%ty, %col] : memref<4x32xf32, #gpu.address_space<workgroup>>
      %y8 = arith.muli %ty, %c8 : index
      %i = arith.addi %y8, %tx : index
      memref.store %v, %out[%i] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Gao case 35 (CUDA SDK convolution columns, s_Data[16][81+p], block
/// 16x8): lanes read s[tx][ty + c], rows of 81 words. A warp is tx = 0..15
/// for two values of ty: banks 17tx + ty (mod 32), distinct within a half,
/// but 17(tx' - tx) = 1 (mod 32) for tx' = tx + 15 collides with the other
/// half: 2 wavefronts per request, 4 warps x 2 loads: 16. Pad 1 (rows of 82):
/// banks 18tx + ty, even for one ty and odd for the other, all distinct: 8
/// wavefronts, +16 rows x 4 B = 64 bytes. Gao's pad is 1 too.
// CHECK-LABEL: gpu.func @convolution_columns
// CHECK-SAME: memref<16x82xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
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
  }
}

// -----

/// Negative: a dynamic size. The buffer's layout cannot be costed or
/// rewritten statically, so it stays as it is, with the reason.
// CHECK-LABEL: gpu.func @dynamic_size
// CHECK: memref.alloc(%{{.*}}) : memref<?x32xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: subview
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @below {{kernel: 'dynamic_size'}}
    gpu.func @dynamic_size(%n: index, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      // expected-remark @below {{pad: alloc}}
      %a = memref.alloc(%n) : memref<?x32xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%tx, %c0] : memref<?x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: no block size anywhere. Which lanes form a warp is unknown, so
/// no conflict can be counted; unchanged, and the remark says why.
// CHECK-LABEL: gpu.func @unknown_block
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'unknown_block': block size unknown}}
    // expected-remark @+1 {{pad: workgroup 0: block size unknown: no known_block_size, no gpu.launch_func in this module, no 'block' option}}
    gpu.func @unknown_block(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: the buffer escapes to a call, which could index it any way;
/// rewriting only the users we see would change results. 32-way conflicted,
/// left alone.
// CHECK-LABEL: gpu.func @escaping
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @helper(%m: memref<32x32xf32, #gpu.address_space<workgroup>>) {
      return
    }
    // expected-remark @+2 {{kernel: 'escaping'}}
    // expected-remark @+1 {{pad: workgroup 0: used by func.call at}}
    gpu.func @escaping(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      func.call @helper(%tile) : (memref<32x32xf32, #gpu.address_space<workgroup>>) -> ()
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Already conflict-free (a row read by 32 lanes): nothing to gain, no bytes
/// spent; the remark says so with the count.
// CHECK-LABEL: gpu.func @conflict_free
// CHECK-SAME: memref<32x32xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'conflict_free'}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 1, degree 1)}}
    gpu.func @conflict_free(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%c0, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
