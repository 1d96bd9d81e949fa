// An argument may be an earlier argument's buffer again (`--arg same:N`), as an
// in-place launch passes out = in (issue 16): both parameters then view one
// memory. In this block-by-block run every block reads its elements before it
// writes them, so out[i] = in[i + 1] + in[i] = 2i + 1 over iota.

// RUN: gpu-mem-opt interp %s --kernel shift --grid 31,1,1 --arg iota --arg same:0 --print-arg 1 | FileCheck %s
// CHECK: 1
// CHECK-NEXT: 3
// CHECK-NEXT: 5
// RUN: gpu-mem-opt diff %s --kernel shift --grid 31,1,1 --arg random:1 --arg same:0
// RUN: not gpu-mem-opt interp %s --kernel shift --grid 1,1,1 --arg same:1 --arg iota 2>&1 | FileCheck %s --check-prefix=LATER
// LATER: same:1 needs an earlier row-major buffer argument of the same element type
// RUN: not gpu-mem-opt interp %s --kernel shift --grid 1,1,1 --arg iota --arg same:x 2>&1 | FileCheck %s --check-prefix=SPEC
// A parameter of another static shape views the buffer's first elements, where
// it holds no more of them: @increment's 32x64 out is in[0..2048) again, which
// each thread reads and then writes (in place, no race), so over iota the first
// 2048 elements become i + 1 and the rest stay i.
// RUN: gpu-mem-opt interp %s --kernel increment --grid 32,1,1 --arg iota:4096 --arg same:0 --print-arg 0 | FileCheck %s --check-prefix=VIEW
// VIEW: 1
// VIEW-NEXT: 2
// VIEW-NEXT: 3
// RUN: gpu-mem-opt diff %s --kernel increment --grid 32,1,1 --arg random:1:4096 --arg same:0
// RUN: not gpu-mem-opt interp %s --kernel increment --grid 1,1,1 --arg random:1:1024 --arg same:0 2>&1 | FileCheck %s --check-prefix=LARGER
// LARGER: same:0: this parameter's type holds more elements than argument 0's buffer
// SPEC: 'x' is not an argument number (same:N)

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @shift(%in: memref<4096xf32>, %out: memref<4096xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %c1 = arith.constant 1 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %j = arith.addi %i, %c1 : index
      %v = memref.load %in[%j] : memref<4096xf32>
      %w = memref.load %in[%i] : memref<4096xf32>
      %s = arith.addf %v, %w : f32
      memref.store %s, %out[%i] : memref<4096xf32>
      gpu.return
    }
    gpu.func @increment(%in: memref<?xf32>, %out: memref<32x64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c64 = arith.constant 64 : index
      %one = arith.constant 1.0 : f32
      %base = arith.muli %bx, %c64 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<?xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %out[%bx, %tx] : memref<32x64xf32>
      gpu.return
    }
  }
}
