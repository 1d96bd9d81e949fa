// Device functions (`func.func` in the kernel's gpu.module, called with `func.call`) run
// as if inlined, so kernels a DSL factors into helpers can be interpreted and diffed
// (issue 17: "func.call in the interpreter").

/// scale: out[i] = 2 * in[i] + 1 through two nested helpers; over iota 1, 3, 5, ...
// RUN: gpu-mem-opt interp %s --kernel scale --grid 2,1,1 --arg iota --arg zeros --print-arg 1 | FileCheck %s
// CHECK: 1
// CHECK-NEXT: 3
// CHECK-NEXT: 5
// RUN: gpu-mem-opt diff %s --kernel scale --grid 2,1,1 --arg random:1 --arg zeros

/// reverse: a helper with a barrier and a workgroup buffer parameter reverses each block
/// of 128 elements; element 0 becomes 127.
// RUN: gpu-mem-opt interp %s --kernel reverse --grid 2,1,1 --arg iota --arg zeros --print-arg 1 | FileCheck %s --check-prefix=REVERSE
// REVERSE: 127
// REVERSE-NEXT: 126
// RUN: gpu-mem-opt diff %s --kernel reverse --grid 2,1,1 --arg random:3 --arg zeros

/// Recursion and declarations without a body are refused, with the reason and location.
// RUN: not gpu-mem-opt interp %s --kernel recursive --grid 1,1,1 --block 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=RECURSIVE
// RECURSIVE: calls.mlir:[[@LINE+50]]:12: unsupported operation 'func.call (@again calls itself)
// RUN: not gpu-mem-opt interp %s --kernel external --grid 1,1,1 --block 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=EXTERNAL
// EXTERNAL: unsupported operation 'func.call (@opaque is a declaration without a body)

module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @twice(%x: f32) -> f32 {
      %y = arith.addf %x, %x : f32
      return %y : f32
    }
    func.func @twice_plus_one(%x: f32) -> f32 {
      %one = arith.constant 1.0 : f32
      %y = func.call @twice(%x) : (f32) -> f32
      %z = arith.addf %y, %one : f32
      return %z : f32
    }
    gpu.func @scale(%in: memref<256xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<256xf32>
      %w = func.call @twice_plus_one(%v) : (f32) -> f32
      memref.store %w, %out[%i] : memref<256xf32>
      gpu.return
    }
    func.func @reverse_tile(%tile: memref<128xf32, #gpu.address_space<workgroup>>, %v: f32, %tx: index) -> f32 {
      %c127 = arith.constant 127 : index
      memref.store %v, %tile[%tx] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c127, %tx : index
      %w = memref.load %tile[%r] : memref<128xf32, #gpu.address_space<workgroup>>
      return %w : f32
    }
    gpu.func @reverse(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%tile: memref<128xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bx, %c128 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<256xf32>
      %w = func.call @reverse_tile(%tile, %v, %tx) : (memref<128xf32, #gpu.address_space<workgroup>>, f32, index) -> f32
      memref.store %w, %out[%i] : memref<256xf32>
      gpu.return
    }
    func.func @again(%x: f32) -> f32 {
      %y = func.call @again(%x) : (f32) -> f32
      return %y : f32
    }
    func.func private @opaque(f32) -> f32
    gpu.func @recursive(%out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %y = func.call @again(%zero) : (f32) -> f32
      memref.store %y, %out[%c0] : memref<1xf32>
      gpu.return
    }
    gpu.func @external(%out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0.0 : f32
      %y = func.call @opaque(%zero) : (f32) -> f32
      memref.store %y, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
