// Remarks say in plain words what changed and the gain, or why nothing did
// (option remarks=summary, the default); MAP ids, rule names and Algorithm 3's
// cycle costs stay in the report's reason, and in remarks under
// remarks=detailed (issue 15). The report gives both: "summary" and "reason".

// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY --implicit-check-not=MAP- --implicit-check-not='Algorithm 3' --implicit-check-not='rule NV-C'
// Each kernel's remarks follow its own, in the steps' order: memory spaces, staging, layouts.
// SUMMARY: remark: gpu-mem-opt: readonly: arg 0: read-only, but memref.store at {{.*}} writes arg 1, which may alias it; not behind a run-time check: no element is read twice in a block, and L1 serves a load read once through ld.global as well as through ld.global.nc, so the check and the copy of the body it needs would gain nothing
// SUMMARY: remark: gpu-mem-opt: stage-shared: arg 1: staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 256 -> 32
// SUMMARY: remark: gpu-mem-opt: swizzle: workgroup 0: swizzle 4-byte chunks: chunk ^= (row / 4) mod 8 (+0 B): wavefronts 72 -> 16 (degree 4.50 -> 1)
// SUMMARY: remark: gpu-mem-opt: stage-shared: arg 1: not staged: uncoalesced (32 sectors/request), but an array of 65536 elements is too small for a tile to pay (below 512x512)

// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "kind": "stage-shared",
// REPORT: "kind": "stage-shared",
// REPORT-NEXT: "target": "arg 1",
// REPORT-NEXT: "applied": true,
// REPORT-NEXT: "reason": "MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512;
// REPORT: "summary": "staged through memref<32x8xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4, global sectors per block and tile 256 -> 32"

// RUN: gpu-mem-opt-opt --gpu-mem-opt='remarks=detailed' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DETAILED
// DETAILED: remark: gpu-mem-opt: readonly: arg 0: read-only, but memref.store at {{.*}}; not behind a run-time check{{.*}}; Algorithm 3 picks global
// DETAILED: remark: gpu-mem-opt: stage-shared: arg 1: MAP-110: stage: rule NV-C: uncoalesced single access, N >= 512; 32 sectors/request (ideal 4), footprint 32x8 (1024 B, reuse 1.00); staged through

// RUN: not gpu-mem-opt-opt --gpu-mem-opt='remarks=loud' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: option 'remarks': 'loud' is not one of summary, detailed

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// The naive transpose: the store is staged and its tile swizzled; the read is coalesced.
    gpu.func @transpose(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel
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
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }

    /// The same on 256x256: too small for a tile to pay (rule NV-C), said plainly.
    gpu.func @small(%in: memref<256x256xf32>, %out: memref<256x256xf32>) kernel
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
      %v = memref.load %in[%y, %x] : memref<256x256xf32>
      memref.store %v, %out[%x, %y] : memref<256x256xf32>
      gpu.return
    }
  }
}
