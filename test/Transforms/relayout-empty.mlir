// Regression, fuzz seed 113 case 2212 (the generator of this session): an empty 0x8 buffer
// launched from host code was relaid, and its pack launched a grid of 0 blocks. Empty
// buffers are not relaid; the program runs before and after with identical results.

// RUN: gpu-mem-opt diff %s --entry host --options 'swizzle=false assume-noalias=true relayout-launches=2' --arg random:1 --arg random:2 | FileCheck %s
// CHECK: identical

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fuzz(%arg0: memref<0x8xf32>, %arg1: memref<8x48xf32>) kernel {
      %t1 = gpu.thread_id x
      %t2 = gpu.thread_id y
      %b3 = gpu.block_id x
      %b4 = gpu.block_id y
      %c5 = arith.constant 16 : index
      %c8 = arith.constant 25 : index
      %c11 = arith.constant 0 : index
      %c12 = arith.constant 4 : index
      %c13 = arith.constant 1 : index
      %zero20 = arith.constant 0.0 : f32
      %i6 = arith.muli %b3, %c5 : index
      %i7 = arith.addi %i6, %t1 : index
      %p9 = arith.cmpi ult, %i7, %c8 : index
      scf.if %p9 {
        scf.for %r10 = %c11 to %c12 step %c13 {
          %i14 = arith.muli %b3, %c5 : index
          %i15 = arith.addi %i14, %t1 : index
          %i16 = arith.muli %b4, %c12 : index
          %i17 = arith.addi %i16, %t2 : index
          %i18 = arith.addi %i17, %r10 : index
          %p19 = arith.cmpi ult, %i15, %c11 : index
          %v21 = scf.if %p19 -> f32 {
            %v22 = memref.load %arg0[%i15, %i18] : memref<0x8xf32>
            scf.yield %v22 : f32
          } else {
            scf.yield %zero20 : f32
          }
          %v23 = arith.addf %v21, %v21 : f32
          %i24 = arith.muli %b4, %c12 : index
          %i25 = arith.addi %i24, %t2 : index
          %i26 = arith.addi %i25, %r10 : index
          %i27 = arith.muli %b3, %c5 : index
          %i28 = arith.addi %i27, %t1 : index
          memref.store %v23, %arg1[%i26, %i28] : memref<8x48xf32>
        }
      }
      gpu.return
    }
  }
  func.func @host(%arg0: memref<0x8xf32>, %arg1: memref<8x48xf32>) {
    %grid_x = arith.constant 3 : index
    %grid_y = arith.constant 2 : index
    %block_x = arith.constant 16 : index
    %block_y = arith.constant 1 : index
    %block_z = arith.constant 1 : index
    %one = arith.constant 1 : index
    %device0 = gpu.alloc () : memref<0x8xf32>
    gpu.memcpy %device0, %arg0 : memref<0x8xf32>, memref<0x8xf32>
    %device1 = gpu.alloc () : memref<8x48xf32>
    gpu.memcpy %device1, %arg1 : memref<8x48xf32>, memref<8x48xf32>
    gpu.launch_func @kernels::@fuzz blocks in (%grid_x, %grid_y, %one) threads in (%block_x, %block_y, %block_z) args(%device0 : memref<0x8xf32>, %device1 : memref<8x48xf32>)
    return
  }
}
