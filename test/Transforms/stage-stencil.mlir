// stage-shared on stencils: the loads of one buffer that differ only by the
// radius-1 cross form one Neighbor reference (seed-003 §5.1.2), decided
// together by rule NV-C: staged through one halo tile when the stencil is
// uncoalesced (MAP-510), left alone when it is coalesced (MAP-508, the 3-D
// 7-point stencil), where a cached GPU serves the shifted reads from L1.
// Every kernel runs before and after with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt diff %s --kernel jacobi2d --grid 8,32,1
// RUN: gpu-mem-opt diff %s --kernel jacobi3d --grid 1,8,1
// RUN: gpu-mem-opt diff %s --kernel stencil_transposed --grid 32,128,1
// RUN: gpu-mem-opt diff %s --kernel stencil_transposed_edges --grid 32,75,1
// The bench stencils get the same decisions.
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %S/../../bench/kernels/jacobi2d.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=BENCH2
// The five loads are one decision: one remark, naming the four others.
// BENCH2: stage-shared: arg 0: MAP-508 (5-point neighbor): not staged: rule NV-C{{.*}}; the same for 4 more accesses: {{[0-9]+:[0-9]+, [0-9]+:[0-9]+, [0-9]+:[0-9]+, [0-9]+:[0-9]+$}}
// BENCH2-NOT: stage-shared
// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %S/../../bench/kernels/jacobi3d.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=BENCH3
// BENCH3: stage-shared: arg 0: no MAP id (7-point neighbor): not staged: rule NV-C{{.*}}; the same for 6 more accesses
// BENCH3-NOT: stage-shared

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The bench's 2-D five-point Jacobi (bench/kernels/jacobi2d.mlir) on 256x256.
    /// The five loads of `in` share their coefficients and differ by the radius-1
    /// cross: one Neighbor reference, MAP-508 (eMAP-08, coalesced: warp stride 1;
    /// the shifted loads' 5 sectors are misalignment, not a stride). Rule NV-C:
    /// not staged (GTX580 0.91-0.98). Halo box 10x34 (1360 B), reuse 3.76.
    // CHECK-LABEL: gpu.func @jacobi2d(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    // expected-remark @below {{kernel: 'jacobi2d'}}
    // expected-remark @below {{readonly: arg 0}}
    gpu.func @jacobi2d(%in: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %fifth = arith.constant 0.2 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %rows = memref.dim %in, %c0 : memref<256x256xf32>
      %columns = memref.dim %in, %c1 : memref<256x256xf32>
      %last_row = arith.subi %rows, %c1 : index
      %last_column = arith.subi %columns, %c1 : index
      %below_top = arith.cmpi ugt, %y, %c0 : index
      %above_bottom = arith.cmpi ult, %y, %last_row : index
      %right_of_left = arith.cmpi ugt, %x, %c0 : index
      %left_of_right = arith.cmpi ult, %x, %last_column : index
      %inside_rows = arith.andi %below_top, %above_bottom : i1
      %inside_columns = arith.andi %right_of_left, %left_of_right : i1
      %inside = arith.andi %inside_rows, %inside_columns : i1
      // expected-remark @below {{stage-shared: arg 0: MAP-508 (5-point neighbor): not staged: rule NV-C: neighbor on a coalesced eMAP, warp stride 1: a cached GPU serves the shifted reads from L1 (the database shows 0.91-0.98 for 508, 0.95-1.02 for 514, 0.68-1.00 for 509); 4 sectors/request (ideal 4), footprint 10x34 (1360 B, reuse 3.76)}}
      %centre = memref.load %in[%y, %x] : memref<256x256xf32>
      %value = scf.if %inside -> f32 {
        %yn = arith.subi %y, %c1 : index
        %ys = arith.addi %y, %c1 : index
        %xw = arith.subi %x, %c1 : index
        %xe = arith.addi %x, %c1 : index
        %north = memref.load %in[%yn, %x] : memref<256x256xf32>
        %south = memref.load %in[%ys, %x] : memref<256x256xf32>
        %west = memref.load %in[%y, %xw] : memref<256x256xf32>
        %east = memref.load %in[%y, %xe] : memref<256x256xf32>
        %s1 = arith.addf %centre, %north : f32
        %s2 = arith.addf %s1, %south : f32
        %s3 = arith.addf %s2, %west : f32
        %s4 = arith.addf %s3, %east : f32
        %scaled = arith.mulf %s4, %fifth : f32
        scf.yield %scaled : f32
      } else {
        scf.yield %centre : f32
      }
      memref.store %value, %out[%y, %x] : memref<256x256xf32>
      gpu.return
    }

    /// The bench's 3-D seven-point Jacobi (bench/kernels/jacobi3d.mlir) on 32^3,
    /// a loop over k: seven loads, one 7-point Neighbor reference (rank 3: no MAP
    /// id), coalesced along i (warp stride 1): not staged, by the same rule. Its column
    /// (a[k-1], a[k], a[k+1]) is carried along k in registers (promote), on the fast path
    /// of the kernel's specialization.
    // CHECK-LABEL: gpu.func @jacobi3d(
    // CHECK-NOT: gpu.barrier
    // CHECK: gpu.return
    // expected-remark @below {{kernel: 'jacobi3d'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{version: kernel: the optimized body runs where a check at the kernel's entry holds}}
    gpu.func @jacobi3d(%a: memref<32x32x32xf32>, %b: memref<32x32x32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c0f = arith.constant 0.4 : f32
      %c1f = arith.constant 0.1 : f32
      %i0 = arith.muli %bx, %c32 : index
      %i = arith.addi %i0, %tx : index
      %j0 = arith.muli %by, %c4 : index
      %j = arith.addi %j0, %ty : index
      %n = memref.dim %a, %c0 : memref<32x32x32xf32>
      %last = arith.subi %n, %c1 : index
      %i_low = arith.cmpi ugt, %i, %c0 : index
      %i_high = arith.cmpi ult, %i, %last : index
      %j_low = arith.cmpi ugt, %j, %c0 : index
      %j_high = arith.cmpi ult, %j, %last : index
      %i_inside = arith.andi %i_low, %i_high : i1
      %j_inside = arith.andi %j_low, %j_high : i1
      %inside = arith.andi %i_inside, %j_inside : i1
      scf.if %inside {
        %iw = arith.subi %i, %c1 : index
        %ie = arith.addi %i, %c1 : index
        %jn = arith.subi %j, %c1 : index
        %js = arith.addi %j, %c1 : index
        scf.for %k = %c1 to %last step %c1 {
          %kd = arith.subi %k, %c1 : index
          %ku = arith.addi %k, %c1 : index
          // expected-remark @below {{stage-shared: arg 0: no MAP id (7-point neighbor): not staged: rule NV-C: neighbor on a coalesced eMAP, warp stride 1: a cached GPU serves the shifted reads from L1 (the database shows 0.91-0.98 for 508, 0.95-1.02 for 514, 0.68-1.00 for 509); 4 sectors/request (ideal 4), footprint 32x6x34 (26112 B, reuse 4.12); the same for 6 more accesses}}
          // expected-remark @below {{promote: arg 0: arg 0[loop0 + d, tid.y + 4*bid.y, tid.x + 32*bid.x] for d = -1 … 1: 1 load an iteration instead of 3}}
          %centre = memref.load %a[%k, %j, %i] : memref<32x32x32xf32>
          %west = memref.load %a[%k, %j, %iw] : memref<32x32x32xf32>
          %east = memref.load %a[%k, %j, %ie] : memref<32x32x32xf32>
          %north = memref.load %a[%k, %jn, %i] : memref<32x32x32xf32>
          %south = memref.load %a[%k, %js, %i] : memref<32x32x32xf32>
          %down = memref.load %a[%kd, %j, %i] : memref<32x32x32xf32>
          %up = memref.load %a[%ku, %j, %i] : memref<32x32x32xf32>
          %s1 = arith.addf %west, %east : f32
          %s2 = arith.addf %s1, %north : f32
          %s3 = arith.addf %s2, %south : f32
          %s4 = arith.addf %s3, %down : f32
          %s5 = arith.addf %s4, %up : f32
          %weighted = arith.mulf %c1f, %s5 : f32
          %own = arith.mulf %c0f, %centre : f32
          %value = arith.addf %own, %weighted : f32
          memref.store %value, %b[%k, %j, %i] : memref<32x32x32xf32>
        }
      }
      gpu.return
    }

    /// A five-point stencil on (tx, ty), in[x][y] with x = 32 bx + tx: MAP-510,
    /// lanes 1024 elements apart (32 sectors/request). Rule NV-C stages it
    /// (GTX580 1.10-2.58): at the top of the kernel the block copies the 34x10
    /// halo box (origin (32 bx - 1, 8 by - 1), cells outside the array not loaded)
    /// in 2 rounds, barrier, and the five loads read tile[tx + 1 + dx][ty + 1 + dy]
    /// under their guard. Per block: 5 loads x 8 warps x 32 sectors = 1280
    /// sectors natively, 74 for the copy. The tile reads stay under the edge
    /// guard on bid.x and bid.y, so the layout search costs an interior block
    /// (guard true for every lane): rows of 10 words put tile[tx + 1 + dx][...]
    /// lanes 10 words apart, 91 wavefronts for the block (degree 1.78); an XOR of
    /// 4-byte chunks by (row / 16) mod 2 (m <= 2: 10 chunks per row) gives 51.
    // CHECK-LABEL: gpu.func @stencil_transposed(
    // CHECK-SAME: workgroup(%[[TILE:[a-z0-9_]+]] : memref<34x10xf32, #gpu.address_space<workgroup>>)
    // CHECK: } {gpu_mem_opt.in_array}
    // CHECK: memref.store %{{.*}}, %[[TILE]]
    // CHECK: gpu.barrier
    // CHECK: scf.if
    // CHECK-COUNT-5: memref.load %[[TILE]]
    // expected-remark @below {{kernel: 'stencil_transposed'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 16) mod 2 (+0 B): wavefronts 91 -> 51 (degree 1.78 -> 1), its worst access 2-way -> 1; a swizzle adds no bytes, a pad at least 136 B; costed for an interior block: the edge guard on bid.x, bid.y holds for every lane}}
    gpu.func @stencil_transposed(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %last_x = arith.constant 1023 : index
      %last_y = arith.constant 1023 : index
      %fifth = arith.constant 0.2 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %x_low = arith.cmpi ugt, %x, %c0 : index
      %x_high = arith.cmpi ult, %x, %last_x : index
      %y_low = arith.cmpi ugt, %y, %c0 : index
      %y_high = arith.cmpi ult, %y, %last_y : index
      %in_x = arith.andi %x_low, %x_high : i1
      %in_y = arith.andi %y_low, %y_high : i1
      %inside = arith.andi %in_x, %in_y : i1
      scf.if %inside {
        %xn = arith.subi %x, %c1 : index
        %xs = arith.addi %x, %c1 : index
        %yw = arith.subi %y, %c1 : index
        %ye = arith.addi %y, %c1 : index
        // expected-remark @below {{stage-shared: arg 0: MAP-510 (5-point neighbor): stage: rule NV-C: uncoalesced neighbor, warp stride 1024 (the database shows 1.10-2.58 for MAP-510); 32 sectors/request (ideal 4), footprint 34x10 (1360 B, reuse 3.76); staged through memref<34x10xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 6.73, global sectors per block and tile 1280 -> 74; the same for 4 more accesses}}
        %centre = memref.load %in[%x, %y] : memref<1024x1024xf32>
        %north = memref.load %in[%xn, %y] : memref<1024x1024xf32>
        %south = memref.load %in[%xs, %y] : memref<1024x1024xf32>
        %west = memref.load %in[%x, %yw] : memref<1024x1024xf32>
        %east = memref.load %in[%x, %ye] : memref<1024x1024xf32>
        %s1 = arith.addf %centre, %north : f32
        %s2 = arith.addf %s1, %south : f32
        %s3 = arith.addf %s2, %west : f32
        %s4 = arith.addf %s3, %east : f32
        %scaled = arith.mulf %s4, %fifth : f32
        memref.store %scaled, %out[%y, %x] : memref<1024x1024xf32>
      }
      gpu.return
    }

    /// The same on 1000x600, not multiples of the 32x8 block: the grid
    /// overshoots; halo cells past the array are not loaded, and nobody reads them.
    /// The same swizzle for an interior block (91 -> 51 wavefronts).
    // CHECK-LABEL: gpu.func @stencil_transposed_edges(
    // CHECK-SAME: workgroup(%{{.*}} : memref<34x10xf32, #gpu.address_space<workgroup>>)
    // expected-remark @below {{kernel: 'stencil_transposed_edges'}}
    // expected-remark @below {{readonly: arg 0}}
    // expected-remark @below {{swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 16) mod 2 (+0 B): wavefronts 91 -> 51 (degree 1.78 -> 1), its worst access 2-way -> 1; a swizzle adds no bytes, a pad at least 136 B; costed for an interior block: the edge guard on bid.x, bid.y holds for every lane}}
    gpu.func @stencil_transposed_edges(%in: memref<1000x600xf32>, %out: memref<600x1000xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %last_x = arith.constant 999 : index
      %last_y = arith.constant 599 : index
      %fifth = arith.constant 0.2 : f32
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %x_low = arith.cmpi ugt, %x, %c0 : index
      %x_high = arith.cmpi ult, %x, %last_x : index
      %y_low = arith.cmpi ugt, %y, %c0 : index
      %y_high = arith.cmpi ult, %y, %last_y : index
      %in_x = arith.andi %x_low, %x_high : i1
      %in_y = arith.andi %y_low, %y_high : i1
      %inside = arith.andi %in_x, %in_y : i1
      scf.if %inside {
        %xn = arith.subi %x, %c1 : index
        %xs = arith.addi %x, %c1 : index
        %yw = arith.subi %y, %c1 : index
        %ye = arith.addi %y, %c1 : index
        // expected-remark @below {{stage-shared: arg 0: MAP-510 (5-point neighbor): stage: rule NV-C: uncoalesced neighbor, warp stride 600 (the database shows 1.10-2.58 for MAP-510); 32 sectors/request (ideal 4), footprint 34x10 (1360 B, reuse 3.76); staged through memref<34x10xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 6.73, global sectors per block and tile 1280 -> 74}}
        %centre = memref.load %in[%x, %y] : memref<1000x600xf32>
        %north = memref.load %in[%xn, %y] : memref<1000x600xf32>
        %south = memref.load %in[%xs, %y] : memref<1000x600xf32>
        %west = memref.load %in[%x, %yw] : memref<1000x600xf32>
        %east = memref.load %in[%x, %ye] : memref<1000x600xf32>
        %s1 = arith.addf %centre, %north : f32
        %s2 = arith.addf %s1, %south : f32
        %s3 = arith.addf %s2, %west : f32
        %s4 = arith.addf %s3, %east : f32
        %scaled = arith.mulf %s4, %fifth : f32
        memref.store %scaled, %out[%y, %x] : memref<600x1000xf32>
      }
      gpu.return
    }
  }
}
