// Strides from a loop's shifts (issue 31, item 5): the cuda-samples reduction's interleaved
// addressing (reduce1: `for (s = 1; s < blockDim.x; s *= 2) { index = 2 * s * tid; if (index <
// blockDim.x) sdata[index] += sdata[index + s]; }`, NVIDIA cuda-samples
// Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu), written with the loop over
// the level and s = 1 << level. `2 * s * tid` is `(2 * tid) << level`: a left shift the metrics
// evaluate per lane, enumerating the 8 levels. Level L keeps 128 / 2^L threads at a stride of
// 2^(L+1) words: 12 warp requests with conflict degrees 2 (x4), 4 (x2), 8, 8, 8, 4, 2, 1, so
// 47 / 12 = 3.92 on average, exactly what the interpreter measures. The buffer has one
// dimension, so no row pitch or swizzle can help, but a pad after every 32 elements can: lane
// t's element 2*s*t lands in bank (2*s*t + 2*s*t/32) mod 32, distinct for the active lanes at
// every level, so 150 wavefronts become 45 for 7 pads of 4 bytes (the sample's own fix is
// sequential addressing, which changes the order of the additions). The interpreter measures
// degree 1 on every access of the skewed kernel (--check-static on the pass's output), and
// the kernel gives the same output.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ACCESS
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: gpu-mem-opt interp %s --kernel reduce1 --grid 4,1,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=STATIC
// RUN: gpu-mem-opt diff %s --kernel reduce1 --grid 4,1,1
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o %t.mlir 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: gpu-mem-opt interp %t.mlir --kernel reduce1 --grid 4,1,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=AFTER

// ACCESS: access: load workgroup 0 (shared), 4 B x 1; not affine: index 0 has a left shift (quasi-affine); {{.*}}bank conflict degree 3.92, distinct addresses 21.25
// REMARK: pad: workgroup 0: pad 1 element after every 32 (+28 B): wavefronts 150 -> 45 (degree 3.33 -> 1)
// STATIC: static check: 14 metrics agree, 0 differ
// REPORT: "kind": "pad",
// REPORT: "pad_elements": 1,
// REPORT-NEXT: "pad_every": 32,
// REPORT-NEXT: "shape": [
// REPORT-NEXT: 263
// REPORT: "extra_bytes": 28,
// REPORT-NEXT: "wavefronts_before": 150,
// REPORT-NEXT: "wavefronts_after": 45,
// AFTER-COUNT-4: bank_conflict_degree 1 ok
// AFTER: static check: 14 metrics agree, 0 differ

// CHECK-LABEL: gpu.func @reduce1(
// CHECK-SAME: workgroup(%[[SDATA:.*]] : memref<263xf32, #gpu.address_space<workgroup>>)
// CHECK: %[[PADS:.*]] = arith.divui %[[TID:.*]], %{{.*}} : index
// CHECK: %[[SKEWED:.*]] = arith.addi %[[TID]], %[[PADS]] : index
// CHECK: memref.store %{{.*}}, %[[SDATA]][%[[SKEWED]]]
// CHECK: scf.for
// CHECK: %[[LEVEL_PADS:.*]] = arith.divui %[[INDEX:.*]], %{{.*}} : index
// CHECK: %[[LEVEL_SKEWED:.*]] = arith.addi %[[INDEX]], %[[LEVEL_PADS]] : index
// CHECK: memref.load %[[SDATA]][%[[LEVEL_SKEWED]]]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce1(%in: memref<1024xf32>, %out: memref<4xf32>) workgroup(%sdata: memref<256xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %base = arith.muli %bid, %c256 : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %in[%i] : memref<1024xf32>
      memref.store %v, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %s = arith.shli %c1, %level : index
        %c2 = arith.constant 2 : index
        %twice = arith.muli %c2, %s : index
        %index = arith.muli %twice, %tid : index
        %inside = arith.cmpi ult, %index, %c256 : index
        scf.if %inside {
          %other = arith.addi %index, %s : index
          %a = memref.load %sdata[%index] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sdata[%other] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %sdata[%index] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %total = memref.load %sdata[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %total, %out[%bid] : memref<4xf32>
      }
      gpu.return
    }
  }
}
