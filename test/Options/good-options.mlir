// Every option parses and is accepted with a valid value; the report is
// written where `report` says, as JSON schema version 1 with the kernel, its
// block and each access (loc, op, kind, memref, space, elem_bytes). Every step is
// switched off, so each decision says which option turned it off
// (test/Options/switches.mlir checks that rule for every switch).

// RUN: gpu-mem-opt-opt --gpu-mem-opt='sm=80 block=32,8,1 report=%t.json strict=true vectorize=false memory-space=false stage-shared=false pad=false swizzle=false assume-noalias=true assume-alignment=16 smem-budget=65536' %s -o /dev/null
// RUN: FileCheck %s --input-file=%t.json

// CHECK: "version": 1,
// CHECK: "target": "sm_80",
// CHECK: "name": "tile",
// CHECK: "block": [
// CHECK-NEXT: 32,
// CHECK-NEXT: 8,
// CHECK-NEXT: 1
// CHECK: "op": "memref.load",
// CHECK-NEXT: "kind": "load",
// CHECK-NEXT: "memref": "arg 0",
// CHECK-NEXT: "space": "global",
// CHECK-NEXT: "elem_bytes": 2,
// CHECK: "op": "memref.store",
// CHECK-NEXT: "kind": "store",
// CHECK-NEXT: "memref": "workgroup 0",
// CHECK-NEXT: "space": "shared",
// CHECK-NEXT: "elem_bytes": 2,
// CHECK: "decisions": [
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "stage-shared",
// CHECK-NEXT: "target": "arg 0",
// CHECK-NEXT: "applied": false,
// CHECK-NEXT: "reason": "option stage-shared=false; MAP-108: not staged: rule NV-C: coalesced single access
// CHECK: "kind": "pad",
// CHECK-NEXT: "target": "workgroup 0",
// CHECK-NEXT: "applied": false,
// CHECK-NEXT: "reason": "options pad=false swizzle=false; unchanged: conflict-free already (wavefronts 8, degree 1)",

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tile(%in: memref<64x64xf16>)
        workgroup(%tile: memref<8x32xf16, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%ty, %tx] : memref<64x64xf16>
      memref.store %v, %tile[%ty, %tx] : memref<8x32xf16, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
