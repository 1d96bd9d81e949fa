// relayout decided with the predicted time of a launch (issue 35): where the grid is known
// (here `known_grid_size`; a launch in the module gives it too) and the new order keeps the
// dimensions, the pass predicts a launch with and without the order, on the findings as they
// would be, and does not apply (nor advise) one predicted slower (by 5 % or more), whatever
// its sectors gain. Both kernels sum the rows of a 64 MB f32 matrix, a row per thread, with a
// hand-tiled loop; lanes 32 rows apart take 32 sectors a request, so column-major storage
// makes it 4. Measured on the H200 (session 20, bench/results/2026-11-27-nvidia-h200-session20.md
// and the suite's tiled-rows-long/-wide entries): long 1.50 → 1.87 ms with it, wide 74 → 67 µs.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false relayout-launches=1000 report=%t.json' %s -o /dev/null 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: gpu-mem-opt report %s --options 'version=false' | FileCheck %s --check-prefix=REPORT
// RUN: gpu-mem-opt diff %s --kernel wide --grid 2,1,1 --options 'version=false relayout-launches=1000'

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// 1024 rows of 16384: one warp on each of 32 SMs, alone. As written each thread's 8
    /// consecutive loads share a sector L1 keeps; column-major, every load is a new line from
    /// DRAM (64 MB stay out of L2), 4 in flight: predicted 948 → 1421 µs, 1.5x slower.
    // CHECK: remark: gpu-mem-opt: relayout: arg 0: would store it as strided<[1, 1024]> (d1·1024 + d0): 32.00 → 4.00 sectors per request (524288 → 65536 per block); not applied: predicted 948 → 1421 µs a launch (latency-bound), 1.50x slower
    // DEFAULT-NOT: remark: gpu-mem-opt: relayout
    // JSON-LABEL: "name": "long"
    // JSON: "predicted_microseconds": {
    // JSON-NEXT: "before": 948.5,
    // JSON-NEXT: "after": 1420.7,
    // JSON-NEXT: "slower_limit": 1.05
    // REPORT-LABEL: kernel long
    // REPORT: skipped relayout on arg 0: would store it as {{.*}}; not applied: predicted 948 → 1421 µs a launch
    gpu.func @long(%a: memref<1024x16384xf32>, %out: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %width = arith.constant 16384 : index
      %zero = arith.constant 0.0 : f32
      %first = arith.muli %bx, %c32 : index
      %row = arith.addi %first, %tx : index
      %sum = scf.for %kk = %c0 to %width step %c32 iter_args(%outer = %zero) -> f32 {
        %end = arith.addi %kk, %c32 : index
        %partial = scf.for %k = %kk to %end step %c1 iter_args(%acc = %outer) -> f32 {
          %v = memref.load %a[%row, %k] : memref<1024x16384xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        scf.yield %partial : f32
      }
      memref.store %sum, %out[%row] : memref<1024xf32>
      gpu.return
    }

    /// 32768 rows of 512 in 1024 blocks, 8 warps on an SM: their L1 requests of 32 lines
    /// bound it as written; column-major, 4 sectors a request: predicted 93.1 → 61.9 µs.
    // CHECK: remark: gpu-mem-opt: relayout: arg 0: stored as strided<[1, 32768]> (d1·32768 + d0): 32.00 → 4.00 sectors per request (16384 → 2048 per block); {{.*}}; predicted 93.1 → 61.9 µs a launch (bound by L1 requests → latency-bound)
    // JSON-LABEL: "name": "wide"
    // JSON: "predicted_microseconds": {
    // JSON-NEXT: "before": 93.1,
    // JSON-NEXT: "after": 61.9,
    // REPORT-LABEL: kernel wide
    gpu.func @wide(%a: memref<32768x512xf32>, %out: memref<32768xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>, known_grid_size = array<i32: 1024, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %width = arith.constant 512 : index
      %zero = arith.constant 0.0 : f32
      %first = arith.muli %bx, %c32 : index
      %row = arith.addi %first, %tx : index
      %sum = scf.for %kk = %c0 to %width step %c32 iter_args(%outer = %zero) -> f32 {
        %end = arith.addi %kk, %c32 : index
        %partial = scf.for %k = %kk to %end step %c1 iter_args(%acc = %outer) -> f32 {
          %v = memref.load %a[%row, %k] : memref<32768x512xf32>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        scf.yield %partial : f32
      }
      memref.store %sum, %out[%row] : memref<32768xf32>
      gpu.return
    }
  }
}
