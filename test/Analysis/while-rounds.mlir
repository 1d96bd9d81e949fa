// `scf.while` loops that double or halve a value (C's `for (s = 1; s < n; s *= 2)`, `s >>= 1`),
// as the cuda-samples reductions write them (issue 31, item 5): the access model reads them as
// loops over their rounds, the value `first << round` or `first >> round`, and counts the
// rounds from the first value and the comparison. @halving is reduce2's loop from
// blockDim.x / 2 (a known block of 256: 8 rounds, s = 128 >> round): conflict-free, as
// measured. @doubling is reduce1's `sdata[2*s*tid]` (s = 1 << round, 8 rounds): 3.92-way
// conflicts on each access. @stepped adds 3 each round: not a doubling or halving loop, so its
// value stays unknown, with the reason.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt interp %s --kernel doubling --grid 1,1,1 --arg random:1 --check-static | FileCheck %s --check-prefix=STATIC

// CHECK-LABEL: kernel: 'halving'
// CHECK: access: load workgroup 0 (shared), 4 B x 1; not affine: index 0 has a right shift (quasi-affine); {{.*}}; bank conflict degree 1,
// CHECK-LABEL: kernel: 'doubling'
// CHECK: access: load workgroup 0 (shared), 4 B x 1; {{.*}}; bank conflict degree 3.92
// CHECK-LABEL: kernel: 'stepped'
// CHECK: access: load workgroup 0 (shared), 4 B x 1; {{.*}}argument 0 of a block of scf.while
// STATIC: static check: {{[0-9]+}} metrics agree, 0 differ

gpu.module @kernels {
  gpu.func @halving(%out: memref<256xf32>) workgroup(%sdata: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %bdim = gpu.block_dim x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %half = arith.divui %bdim, %c2 : index
    %last = scf.while (%s = %half) : (index) -> index {
      %more = arith.cmpi ugt, %s, %c0 : index
      scf.condition(%more) %s : index
    } do {
    ^bb0(%s: index):
      %low = arith.cmpi ult, %tid, %s : index
      scf.if %low {
        %other = arith.addi %tid, %s : index
        %b = memref.load %sdata[%other] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %b, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %next = arith.shrui %s, %c1 : index
      scf.yield %next : index
    }
    gpu.return
  }

  gpu.func @doubling(%out: memref<256xf32>) workgroup(%sdata: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %v = memref.load %out[%tid] : memref<256xf32>
    memref.store %v, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %last = scf.while (%s = %c1) : (index) -> index {
      %more = arith.cmpi ult, %s, %c256 : index
      scf.condition(%more) %s : index
    } do {
    ^bb0(%s: index):
      %twice = arith.muli %s, %c2 : index
      %index = arith.muli %twice, %tid : index
      %inside = arith.cmpi ult, %index, %c256 : index
      scf.if %inside {
        %other = arith.addi %index, %s : index
        %a = memref.load %sdata[%other] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %a, %sdata[%index] : memref<256xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %next = arith.muli %s, %c2 : index
      scf.yield %next : index
    }
    %first = memref.load %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %first, %out[%tid] : memref<256xf32>
    gpu.return
  }

  gpu.func @stepped(%out: memref<256xf32>) workgroup(%sdata: memref<256xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 32, 1, 1>} {
    %tid = gpu.thread_id x
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c200 = arith.constant 200 : index
    %last = scf.while (%s = %c1) : (index) -> index {
      %more = arith.cmpi ult, %s, %c200 : index
      scf.condition(%more) %s : index
    } do {
    ^bb0(%s: index):
      %index = arith.addi %tid, %s : index
      %a = memref.load %sdata[%index] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %a, %out[%tid] : memref<256xf32>
      %next = arith.addi %s, %c3 : index
      scf.yield %next : index
    }
    gpu.return
  }
}
