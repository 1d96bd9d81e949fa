// stage-shared on dynamic shapes, as a DSL that does not specialize sizes emits its naive
// transpose and its matvec: memref<?x?xf32> arguments and edge tests against their sizes
// (memref.dim). A copy into a tile clamps its indices with memref.dim where a size is dynamic.
// Dynamic strides leave the exact sectors per request unknown; the access is then costed
// with each dynamic stride taken as rows of 1024 elements (findings::assumed_layout), and
// the remark and the report's costed_for say so. The sizes are symbols (`dim(arg0, 1)`), so
// the copy-out tests each cell against them as the store's guard did. Every shape runs
// before and after with identical results, edges and a single element included.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: gpu-mem-opt diff %s --kernel transpose --grid 3,9,1 --arg random:1:70x90 --arg random:2:90x70
// RUN: gpu-mem-opt diff %s --kernel transpose --grid 2,8,1 --arg random:1:64x64 --arg random:2:64x64
// RUN: gpu-mem-opt diff %s --kernel transpose --grid 1,5,1 --arg random:1:33x7 --arg random:2:7x33
// RUN: gpu-mem-opt diff %s --kernel transpose --grid 1,1,1 --arg random:1:1x1 --arg random:2:1x1
// RUN: gpu-mem-opt diff %s --kernel matvec --grid 3,1,1 --arg random:1:150x70 --arg random:2:70 --arg random:3:150 --arg 70
// RUN: gpu-mem-opt diff %s --kernel matvec --grid 2,1,1 --arg random:1:128x40 --arg random:2:40 --arg random:3:128 --arg 33
// RUN: gpu-mem-opt diff %s --kernel matvec --grid 1,1,1 --arg random:1:5x3 --arg random:2:3 --arg random:3:5 --arg 0

// REPORT: "loc": "{{.*}}stage-dynamic.mlir:60:9",
// REPORT: "costed_for": "an interior block: the edge guard on bid.x, bid.y, dim(arg0, 0), dim(arg0, 1) holds for every lane; a dynamic layout taken as dimension 0's stride 1024 elements"

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The store's lanes write 32 rows of out: 32 sectors per request for any
    /// row of at least 32 bytes (costed for rows of 1024 elements); staged
    /// through a 32x8 tile, 4 per request (256 -> 32 sectors per block).
    // CHECK-LABEL: gpu.func @transpose
    // CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x8xf32, #gpu.address_space<workgroup>>)
    // CHECK: memref.store {{.*}}, %[[TILE]]
    // CHECK: gpu.barrier
    // CHECK: memref.store {{.*}}, %arg1[
    // expected-remark @+3 {{kernel: 'transpose'}}
    // expected-remark @+2 {{readonly: arg 0}}
    // expected-remark @+1 {{swizzle: workgroup 0}}
    gpu.func @transpose(%in: memref<?x?xf32>, %out: memref<?x?xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %rows = memref.dim %in, %c0 : memref<?x?xf32>
      %cols = memref.dim %in, %c1 : memref<?x?xf32>
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %xb = arith.muli %bx, %c32 : index
      %x = arith.addi %xb, %tx : index
      %yb = arith.muli %by, %c8 : index
      %y = arith.addi %yb, %ty : index
      %inx = arith.cmpi ult, %x, %cols : index
      %iny = arith.cmpi ult, %y, %rows : index
      %inside = arith.andi %inx, %iny : i1
      scf.if %inside {
        %v = memref.load %in[%y, %x] : memref<?x?xf32>
        // expected-remark @+1 {{stage-shared: arg 1: staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 256 -> 32}}
        memref.store %v, %out[%x, %y] : memref<?x?xf32>
      }
      gpu.return
    }

    /// y = A x, one row per thread, the row length n an argument: A's row-per-thread reads
    /// (32 sectors per request for rows of 1024 elements) are staged per tile of 32
    /// iterations, the copy-in loading only cells below memref.dim of A; the loop leaves its edge guard and
    /// is strip-mined, its last tile min(kk + 32, n).
    // CHECK-LABEL: gpu.func @matvec
    // CHECK: memref.dim %arg0
    // CHECK: gpu.barrier
    // CHECK: arith.cmpi ult
    // CHECK: } {gpu_mem_opt.in_array}
    // CHECK: arith.minsi
    // expected-remark @+5 {{kernel: 'matvec': block 64x1x1 (from known_block_size); 3 memory accesses}}
    // expected-remark @+4 {{readonly: arg 0}}
    // expected-remark @+3 {{readonly: arg 1}}
    // expected-remark @+2 {{swizzle: workgroup 0}}
    // expected-remark @+1 {{pad: workgroup 1}}
    gpu.func @matvec(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %rows = memref.dim %A, %c0 : memref<?x?xf32>
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c64 : index
      %row = arith.addi %b, %tx : index
      %inside = arith.cmpi ult, %row, %rows : index
      scf.if %inside {
        // expected-remark @+1 {{stage-shared: loop strip-mined into tiles of 32 iterations}}
        %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
          // expected-remark @+1 {{stage-shared: arg 0: staged through memref<64x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
          %a = memref.load %A[%row, %k] : memref<?x?xf32>
          // expected-remark @+1 {{stage-shared: arg 1: staged through memref<32xf32, #gpu.address_space<workgroup>>}}
          %v = memref.load %x[%k] : memref<?xf32>
          %p = arith.mulf %a, %v : f32
          %s = arith.addf %acc, %p : f32
          scf.yield %s : f32
        }
        memref.store %sum, %y[%row] : memref<?xf32>
      }
      gpu.return
    }
  }
}
