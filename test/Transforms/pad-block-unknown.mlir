// pad and swizzle with the block size unknown (issue 31): a lone kernel, as a library or a
// separate compile unit has it, with no known_block_size, no launch in the module and no
// 'block' option. Its shared buffers are costed at every block shape with power-of-two sides
// under which the accesses stay inside the buffer; a layout is applied only where no shape
// gets more wavefronts, and chosen by its gain at the shapes a warp wide (blockDim.x >= 32,
// as CUDA kernels are launched). Every rewrite is diffed at several block shapes, the full
// tile's and narrower ones.

// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='stage-shared=false memory-space=false delinearize=false' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='swizzle=false' %s 2>/dev/null | FileCheck %s --check-prefix=PAD
// RUN: gpu-mem-opt diff %s --kernel transpose_tile --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096
// RUN: gpu-mem-opt diff %s --kernel transpose_tile --grid 2,2,1 --block 16,16,1 --arg zeros:4096 --arg random:1:4096
// RUN: gpu-mem-opt diff %s --kernel transpose_tile --grid 2,2,1 --block 32,4,1 --arg zeros:4096 --arg random:1:4096
// RUN: gpu-mem-opt diff %s --kernel transpose_tile --grid 2,2,1 --block 32,16,1 --arg zeros:4096 --arg random:1:4096 --options swizzle=false
// RUN: gpu-mem-opt diff %s --kernel flip_rows --grid 1,1,1 --block 32,32,1 --arg zeros:1024
// RUN: gpu-mem-opt diff %s --kernel flip_rows --grid 1,1,1 --block 32,8,1 --arg zeros:1024
// RUN: gpu-mem-opt diff %s --kernel flip_rows --grid 1,1,1 --block 8,4,1 --arg zeros:1024

/// cuda-samples' transposeCoalesced, flat as its source writes it but with width = height =
/// 64: tile[ty + i][tx] stored by rows, tile[tx][ty + i] read by columns, i = 0, 16. The
/// column read is 32-way for any block 32 threads wide: at 32x16x1, 16 warps x 2 trips of
/// the conflict-free store (32 wavefronts) and of the 32-way read (1024): 1056. The accesses
/// stay inside the 32x32 tile for blockDim.x <= 32 and blockDim.y <= 16: 30 shapes of
/// power-of-two sides, 5 of them 32 wide. A swizzle (chunk ^= row mod 32) makes both degree
/// 1 at all 5 and gives no more wavefronts at any; the pad the author writes ([32][33], the
/// next kernel of the sample) would do the same at 128 B more, and the remark says so.
// CHECK-LABEL: gpu.func @transpose_tile
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK: arith.xori
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK: arith.xori
// CHECK: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<32x32xf32, #gpu.address_space<workgroup>>
// PAD-LABEL: gpu.func @transpose_tile
// PAD-SAME: workgroup(%{{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'transpose_tile': block size unknown}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B; the block size is unknown: costed at 30 block shapes (sides powers of two, 1 to 512 threads, every access inside the buffer): no more wavefronts at any, fewest at the 5 a warp wide (32 to 512 threads), the numbers at 32x16x1}}
    gpu.func @transpose_tile(%odata: memref<4096xf32>, %idata: memref<4096xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %bx32 = arith.muli %bx, %c32 : index
      %by32 = arith.muli %by, %c32 : index
      %x = arith.addi %bx32, %tx : index
      %y = arith.addi %by32, %ty : index
      scf.for %i = %c0 to %c32 step %c16 {
        %row = arith.addi %y, %i : index
        %start = arith.muli %row, %c64 : index
        %index = arith.addi %start, %x : index
        %v = memref.load %idata[%index] : memref<4096xf32>
        %r = arith.addi %ty, %i : index
        memref.store %v, %tile[%r, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %xo = arith.addi %by32, %tx : index
      %yo = arith.addi %bx32, %ty : index
      scf.for %i = %c0 to %c32 step %c16 {
        %r = arith.addi %ty, %i : index
        %w = memref.load %tile[%tx, %r] : memref<32x32xf32, #gpu.address_space<workgroup>>
        %row = arith.addi %yo, %i : index
        %start = arith.muli %row, %c64 : index
        %index = arith.addi %start, %xo : index
        memref.store %w, %odata[%index] : memref<4096xf32>
      }
      gpu.return
    }
  }
}

// -----

/// The sample's transposeNoBankConflicts tile, [32][33]: conflict-free at the 5 shapes a warp
/// wide (16 warps x 2 trips x 2 accesses = 64 wavefronts at 32x16x1), so left as written,
/// though narrower blocks conflict (8 lanes of a warp of 8x4 share 4 banks 2 ways) and a
/// further pad would gain there: the wide shapes decide.
// CHECK-LABEL: gpu.func @padded_tile
// CHECK-SAME: workgroup(%{{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: arith.xori
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'padded_tile': block size unknown}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 64, degree 1); the block size is unknown: costed at 30 block shapes (sides powers of two, 1 to 512 threads, every access inside the buffer): conflict-free at the 5 a warp wide (32 to 512 threads), the numbers at 32x16x1}}
    gpu.func @padded_tile(%out: memref<32x32xf32>)
        workgroup(%tile: memref<32x33xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %one = arith.constant 1.0 : f32
      scf.for %i = %c0 to %c32 step %c16 {
        %r = arith.addi %ty, %i : index
        memref.store %one, %tile[%r, %tx] : memref<32x33xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %i = %c0 to %c32 step %c16 {
        %r = arith.addi %ty, %i : index
        %w = memref.load %tile[%tx, %r] : memref<32x33xf32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%r, %tx] : memref<32x32xf32>
      }
      gpu.return
    }
  }
}

// -----

/// A column read through blockDim.y: tile[tx][blockDim.y - 1 - ty] flips each column of a
/// block's tile. The size takes each shape's value: the read is 32-way at the 6 shapes 32
/// wide (blockDim.y up to 32: the column index stays below 32), and a swizzle removes it.
/// At 32x32x1, 32 warps of the conflict-free store (32) and of the 32-way read (1024).
// CHECK-LABEL: gpu.func @flip_rows
// CHECK: arith.xori
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'flip_rows': block size unknown}}
    // expected-remark @+1 {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; a swizzle adds no bytes, a pad at least 128 B; the block size is unknown: costed at 36 block shapes (sides powers of two, 1 to 1024 threads, every access inside the buffer): no more wavefronts at any, fewest at the 6 a warp wide (32 to 1024 threads), the numbers at 32x32x1}}
    gpu.func @flip_rows(%out: memref<1024xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %by = gpu.block_dim y
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %row = arith.muli %ty, %c32 : index
      %index = arith.addi %row, %tx : index
      %i = arith.index_cast %index : index to i32
      %v = arith.sitofp %i : i32 to f32
      memref.store %v, %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %last = arith.subi %by, %c1 : index
      %flipped = arith.subi %last, %ty : index
      %w = memref.load %tile[%tx, %flipped] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%index] : memref<1024xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: the column read's lanes are chosen by loaded data (`if (flags[tx] > 0)`), which
/// the analysis cannot evaluate; with every lane running it, the bound is 32-way at a shape a
/// warp wide, so its conflicts are unknown there, and the buffer stays as it is with the
/// shape and the reason.
// CHECK-LABEL: gpu.func @data_guard
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: arith.xori
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'data_guard': block size unknown}}
    // expected-remark @+1 {{pad: workgroup 0: left as it is: block size unknown: no known_block_size, no gpu.launch_func in this module, no 'block' option; at block 32x1x1, the memref.load at}}
    gpu.func @data_guard(%flags: memref<32xf32>, %out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %f = memref.load %flags[%tx] : memref<32xf32>
      %positive = arith.cmpf ogt, %f, %zero : f32
      scf.if %positive {
        %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%tx] : memref<32xf32>
      }
      gpu.return
    }
  }
}

// -----

/// Negative: row 40 of a 32-row tile is outside it at every block shape (a launch the kernel
/// cannot have): nothing to cost, and the remark says so.
// CHECK-LABEL: gpu.func @always_outside
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'always_outside': block size unknown}}
    // expected-remark @+1 {{pad: workgroup 0: left as it is: block size unknown: no known_block_size, no gpu.launch_func in this module, no 'block' option; no block shape with power-of-two sides keeps every access inside the buffer}}
    gpu.func @always_outside(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %c40 = arith.constant 40 : index
      %v = memref.load %tile[%c40, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
