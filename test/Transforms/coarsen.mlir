// Coarsening (issue 33): a block does the work of F blocks along one grid dimension, one after
// another, so that each thread has F times the loads in flight. On an H200 a naive transpose
// with 4 rows per thread ran at the copy's speed (41 µs against 66 µs for one row, bench/results
// 2026-11-27 session 17). Every case runs before and after the pass on the interpreter: a lone
// kernel under option coarsen-grid with its launch contract fulfilled (the grid divided), a
// whole program whose launch the pass rewrites, and the contract broken.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='coarsen-grid=true report=%t.json' %s 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t-default.json' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: FileCheck %s --check-prefix=DEFAULT-REPORT --input-file=%t-default.json
// RUN: gpu-mem-opt diff %s --options 'coarsen-grid=true' --kernel transpose --grid 16,64,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --options 'coarsen-grid=true' --kernel scale_rows --grid 4,1,1 --arg random:1:8192 --arg zeros:8192
// RUN: gpu-mem-opt-opt --gpu-mem-opt='coarsen-factor=2' %s 2>/dev/null | FileCheck %s --check-prefix=FACTOR
// RUN: gpu-mem-opt diff %s --options 'coarsen-factor=2' --entry main | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --options 'coarsen-factor=2' --entry inline | FileCheck %s --check-prefix=PROGRAM
// RUN: gpu-mem-opt diff %s --options 'coarsen-factor=2' --kernel launched --grid 2,8,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt-opt --gpu-mem-opt='coarsen-grid=true' %s -o %t.mlir 2>/dev/null
// RUN: not gpu-mem-opt interp %t.mlir --kernel transpose --grid 16,6,1 --arg random:1 --arg zeros 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: gpu-mem-opt-opt --gpu-mem-opt='coarsen-factor=3' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=THREE

// PROGRAM: identical: 1 launch (2 buffers after it), 0 lines of output, 2 arguments
// BROKEN: its launch contract divides the grid's y by 4, which does not divide 6
// THREE: coarsen: kernel: left as it is: option coarsen-factor=3: 3 does not divide the grid's 8 blocks

module attributes {gpu.container_module} {
  func.func @main(%host_in: memref<64x64xf32>, %host_out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %in = gpu.alloc () : memref<64x64xf32>
    %out = gpu.alloc () : memref<64x64xf32>
    gpu.memcpy %in, %host_in : memref<64x64xf32>, memref<64x64xf32>
    gpu.launch_func @kernels::@launched blocks in (%c2, %c8, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<64x64xf32>, %out : memref<64x64xf32>)
    gpu.memcpy %host_out, %out : memref<64x64xf32>, memref<64x64xf32>
    return
  }
  /// The same copy as a gpu.launch (upstream's linalg → parallel loops → gpu path makes
  /// these): coarsened in place, its own grid operand 8 → 4 under coarsen-factor=2.
  func.func @inline(%host_in: memref<64x64xf32>, %host_out: memref<64x64xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %in = gpu.alloc () : memref<64x64xf32>
    %out = gpu.alloc () : memref<64x64xf32>
    gpu.memcpy %in, %host_in : memref<64x64xf32>, memref<64x64xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c8, %gz = %c1)
        threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c8, %sz = %c1) {
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<64x64xf32>
      memref.store %v, %out[%y, %x] : memref<64x64xf32>
      gpu.terminator
    }
    gpu.memcpy %host_out, %out : memref<64x64xf32>, memref<64x64xf32>
    return
  }
  gpu.module @kernels {
    /// transpose-naive: one 4-byte load per thread, 256 threads: 8 KB in flight per SM where
    /// 21 KB keep DRAM busy, so 4 rows per thread (32 KB), the grid's y divided by 4 by the
    /// launcher (a lone kernel: option coarsen-grid); staging then writes the 32x32 tile.
    gpu.func @transpose(%in: memref<512x512xf32>, %out: memref<512x512xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<512x512xf32>
      memref.store %v, %out[%x, %y] : memref<512x512xf32>
      gpu.return
    }

    /// A 1-D kernel (no block id y): coarsened along x; the grid size it reads is the grid as
    /// written (4 blocks), though the launch has 1.
    gpu.func @scale_rows(%in: memref<8192xf32>, %out: memref<8192xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %grid = gpu.grid_dim x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %g = arith.index_cast %grid : index to i32
      %scale = arith.sitofp %g : i32 to f32
      %v = memref.load %in[%i] : memref<8192xf32>
      %w = arith.mulf %v, %scale : f32
      memref.store %w, %out[%i] : memref<8192xf32>
      gpu.return
    }

    /// Launched here with a grid of 2x8 blocks: 8 blocks at a factor of 2 leave no full wave
    /// (1056 blocks), so it stays; option coarsen-factor=2 rewrites the launch's grid y 8 → 4.
    gpu.func @launched(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<64x64xf32>
      memref.store %v, %out[%y, %x] : memref<64x64xf32>
      gpu.return
    }

    /// negative (shared memory): a block's iterations would share its tile.
    gpu.func @own_tile(%in: memref<64xf32>, %out: memref<64xf32>)
        workgroup(%tile : memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %in[%tx] : memref<64xf32>
      memref.store %v, %tile[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%tx] : memref<64xf32>
      gpu.return
    }

    /// negative (load in a loop): the loop already gives each thread several loads.
    gpu.func @row_sum(%in: memref<128x64xf32>, %out: memref<128xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx0 = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %row0 = arith.muli %bx, %c64 : index
      %tx = arith.addi %row0, %tx0 : index
      %sum = scf.for %j = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %in[%tx, %j] : memref<128x64xf32>
        %s = arith.addf %acc, %v : f32
        scf.yield %s : f32
      }
      memref.store %sum, %out[%tx] : memref<128xf32>
      gpu.return
    }
  }
}

// FACTOR-LABEL: func.func @main
// FACTOR: %[[FOUR:.*]] = arith.constant 4 : index
// FACTOR: gpu.launch_func @kernels::@launched blocks in (%{{.*}}, %[[FOUR]], %{{.*}})
// FACTOR-LABEL: func.func @inline
// FACTOR: %[[HALF:.*]] = arith.constant 4 : index
// FACTOR: gpu.launch blocks({{.*}}) in ({{.*}}, %{{.*}} = %[[HALF]], {{.*}})
// FACTOR: scf.for
// FACTOR-LABEL: gpu.func @transpose
// FACTOR-NOT: scf.for
// FACTOR-LABEL: gpu.func @launched
// FACTOR-SAME: gpu_mem_opt.grid_divided_by = array<i64: 1, 2, 1>
// FACTOR: scf.for
// FACTOR: gpu.block_id y

// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK-SAME: gpu_mem_opt.grid_divided_by = array<i64: 1, 4, 1>
// CHECK: scf.for %[[F:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[SCALED:.*]] = arith.muli %[[BY]], %{{.*}} : index
// CHECK: arith.addi %[[SCALED]], %[[F]] : index

// CHECK-LABEL: gpu.func @scale_rows
// CHECK-SAME: gpu_mem_opt.grid_divided_by = array<i64: 4, 1, 1>
// CHECK: %[[GRID:.*]] = gpu.grid_dim x
// CHECK: arith.muli %[[GRID]], %{{.*}} : index

// CHECK-LABEL: gpu.func @launched
// CHECK-NOT: scf.for

// CHECK-LABEL: gpu.func @own_tile
// CHECK-NOT: scf.for
// CHECK-LABEL: gpu.func @row_sum

// REMARK: remark: gpu-mem-opt: coarsen: kernel: 4 blocks' work per block along y, one after another (the launcher divides the grid's y by 4: a launch contract): 32 KB in flight per SM where 21 KB keep DRAM busy (8 KB as written)
// REMARK: remark: gpu-mem-opt: coarsen: kernel: 4 blocks' work per block along x
// REMARK-NOT: coarsen: kernel: left as it is

// REPORT: "name": "transpose"
// REPORT: "kind": "coarsen"
// REPORT: "launch_contract": [
// REPORT-NEXT: {
// REPORT-NEXT: "kind": "grid",
// REPORT-NEXT: "divided_by": [
// REPORT-NEXT: 1,
// REPORT-NEXT: 4,
// REPORT: "reason": "left as it is: 8 blocks would fill less than one wave (1056 blocks of 256 threads on 132 SMs), though 8 KB in flight per SM are fewer than the 21 KB that keep DRAM busy"
// REPORT: "reason": "left as it is: it has shared memory of its own, which its blocks' work would share"
// REPORT: "reason": "left as it is: its load at {{.*}}coarsen.mlir:{{[0-9]+}}:{{[0-9]+}} is in a loop, which already gives each thread several in flight"

// DEFAULT-NOT: gpu-mem-opt: coarsen:
// DEFAULT-REPORT: "reason": "left as it is: 4 blocks' work per block along y would put 32 KB in flight per SM where 21 KB keep DRAM busy (8 KB as written), but a lone kernel's grid is its launcher's"
// DEFAULT-REPORT-NEXT: "params"
// DEFAULT-REPORT: "advice": "option coarsen-grid=true, and a launcher that divides the grid's y by 4 (the report's launch contract)"
