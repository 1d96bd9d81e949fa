// Metrics averaged over the alignments a block-dependent start takes (issue 31, item 5;
// analysis/src/metrics.rs). Row r of a lattice of 2,322 floats a row starts at r·9,288 B, so a
// warp's 128 B row segment starts 0, 8, 16 or 24 B past a sector boundary as bid.y goes: 4,
// 5, 5 and 5 sectors. No single block's count holds for every block, but the grid's blocks take
// each alignment equally often, so the per-request average is their mean, 4.75, and the remark
// says it is a mean (it was "unknown: the address moves by an unknown multiple of 8 bytes").
// A shift by a kernel argument stays unknown: its one value is not spread over the grid.
// --check-static compares exact metrics only, so the mean is left out there.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt interp %s --kernel rows --grid 1,8,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=STATIC

// CHECK-LABEL: kernel: 'rows'
// CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 2322*bid.y]; {{.*}}; sectors/request 4.75, distinct addresses 32 (the mean over the 4 alignments the block ids give its start)
// CHECK-LABEL: kernel: 'shifted'
// CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x + 2*arg2]; {{.*}}; sectors/request unknown (sectors depends on the unknown value of arg2: the address moves by an unknown multiple of 8 bytes)
// STATIC: memref.load: distinct_addresses 32 ok
// STATIC: static check: 2 metrics agree, 0 differ

gpu.module @kernels {
  gpu.func @rows(%in: memref<600000xf32>, %out: memref<600000xf32>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tx = gpu.thread_id x
    %by = gpu.block_id y
    %c2322 = arith.constant 2322 : index
    %start = arith.muli %by, %c2322 : index
    %i = arith.addi %start, %tx : index
    %v = memref.load %in[%i] : memref<600000xf32>
    memref.store %v, %out[%i] : memref<600000xf32>
    gpu.return
  }

  gpu.func @shifted(%in: memref<600000xf32>, %out: memref<600000xf32>, %n: index) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tx = gpu.thread_id x
    %c2 = arith.constant 2 : index
    %start = arith.muli %n, %c2 : index
    %i = arith.addi %start, %tx : index
    %v = memref.load %in[%i] : memref<600000xf32>
    memref.store %v, %out[%tx] : memref<600000xf32>
    gpu.return
  }
}
