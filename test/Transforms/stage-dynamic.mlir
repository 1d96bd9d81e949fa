// stage-shared on dynamic shapes, as a DSL that does not specialize sizes emits its naive
// transpose: memref<?x?xf32> arguments and an edge test against their sizes (memref.dim).
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

// REPORT: "loc": "{{.*}}stage-dynamic.mlir:56:9",
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
  }
}
