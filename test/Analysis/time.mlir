// The predicted time of one launch (issue 35): analysis/src/time.rs's model on the counts that
// pass/src/facts/work.rs takes from the IR, before and after the pass, in the report's `time`
// and in one remark where the two differ. The grid comes from the module's launch.
// RUN: gpu-mem-opt opt %s --options report=%t.json 2>&1 >/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: gpu-mem-opt report %s | FileCheck %s --check-prefix=TABLE
/// A lone kernel has no grid, hence no time: the table says why, and no remark is made.
// RUN: gpu-mem-opt report %S/../../bench/kernels/transpose_naive.mlir 2>&1 | FileCheck %s --check-prefix=LONE
/// One warp an SM, each request 32 lines (the suite's tiled-rows: a row per lane, 16 KiB apart,
/// 4 loads in flight): L1 looks the lines up one after another, 2.2 cycles each (calibration
/// B5), so a group of 4 requests waits about 280 cycles beyond its latency. Measured on the
/// H200: 218 µs; before a warp's path paid its lines, scripts/validate_time.py predicted 113 µs.
// RUN: gpu-mem-opt report %S/../../bench/kernels/tiled_rows.mlir 2>&1 | FileCheck %s --check-prefix=LINES
// LINES: time: predicted 214 → 214 µs a launch (latency-bound)

/// The suite's naive 4096² transpose (128x512 blocks of 32x8): as written its stores' 32
/// sectors a request are in 256 L1 lines a block, 497 blocks on the busiest SM: 210 µs bound by
/// L1 requests (measured on the H200: 259 µs). The pass stages the store and coarsens by 4:
/// 42.2 µs, bound by the 128 MiB it moves at 4215 GB/s (measured with 4 rows a thread: 41.3 µs).
// CHECK: time.mlir:{{[0-9]+}}:5: remark: gpu-mem-opt: time: predicted 210 → 42.2 µs a launch (bound by L1 requests → bandwidth-bound)
/// A copy of one corner (8x8 blocks, too few to coarsen): the pass adds ld.global.nc, which
/// the model does not cost, so the time is the same before and after, and no remark is made.
// CHECK-NOT: remark: gpu-mem-opt: time:
module attributes {gpu.container_module} {
  func.func @main(%host_in: memref<4096x4096xf32>, %host_out: memref<4096x4096xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %in = gpu.alloc () : memref<4096x4096xf32>
    %out = gpu.alloc () : memref<4096x4096xf32>
    gpu.launch_func @kernels::@transpose blocks in (%c128, %c512, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<4096x4096xf32>, %out : memref<4096x4096xf32>)
    gpu.launch_func @kernels::@copy blocks in (%c8, %c8, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<4096x4096xf32>, %out : memref<4096x4096xf32>)
    return
  }
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>) kernel {
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
      %v = memref.load %in[%y, %x] : memref<4096x4096xf32>
      memref.store %v, %out[%x, %y] : memref<4096x4096xf32>
      gpu.return
    }
    gpu.func @copy(%in: memref<4096x4096xf32>, %out: memref<4096x4096xf32>) kernel {
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
      %v = memref.load %in[%y, %x] : memref<4096x4096xf32>
      memref.store %v, %out[%y, %x] : memref<4096x4096xf32>
      gpu.return
    }
  }
}

// JSON-LABEL: "name": "transpose"
// JSON: "time": {
// JSON-NEXT: "before": {
// JSON-NEXT: "microseconds": 209.7,
// JSON-NEXT: "bound": "bound by L1 requests",
// JSON: "after": {
// JSON-NEXT: "microseconds": 42.2,
// JSON-NEXT: "bound": "bandwidth-bound",
// JSON-LABEL: "name": "copy"
// JSON: "time": {
// JSON-NEXT: "before": {
// JSON-NEXT: "microseconds": [[COPY:[0-9.]+]],
// JSON: "after": {
// JSON-NEXT: "microseconds": [[COPY]],

// TABLE-LABEL: kernel transpose
// TABLE: time: predicted 210 → 42.2 µs a launch (bound by L1 requests → bandwidth-bound)
// TABLE-LABEL: kernel copy
// TABLE: time: predicted [[COPY:[0-9.]+]] → [[COPY]] µs a launch

// LONE: time: no predicted time: no launch in the module gives its grid, and it has no known_grid_size
// LONE-NOT: remark: gpu-mem-opt: time:
