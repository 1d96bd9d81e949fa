// A group of loads staged through one halo tile, reading a view the kernel makes per block
// (`memref.subview` at offsets from the block ids), the way a DSL takes each block's window
// (fuzz seed 97 case 1046, a gather). The halo copy went to the top of the kernel, before
// the view existed: IR that does not verify ("operand #0 does not dominate this use"). It now
// goes right after the view; the whole program runs identically before and after.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='pad=false' %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: stage-shared: arg 0: staged through memref<107x54xi64
// RUN: gpu-mem-opt diff %s --entry host --options=pad=false --arg=random:1 --arg=random:2 | FileCheck %s --check-prefix=DIFF
// DIFF: identical: 1 launch (2 buffers after it), 0 lines of output, 2 arguments

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fuzz(%arg0: memref<197x1110xi64> {llvm.noalias}, %arg1: memref<16x48xi64>) kernel {
      %t1 = gpu.thread_id x
      %t2 = gpu.thread_id y
      %b3 = gpu.block_id x
      %b4 = gpu.block_id y
      %c5 = arith.constant 85 : index
      %c7 = arith.constant 1 : index
      %c9 = arith.constant 83 : index
      %c11 = arith.constant 3 : index
      %c14 = arith.constant 4 : index
      %c16 = arith.constant 2 : index
      %c59 = arith.constant 8 : index
      %c62 = arith.constant 24 : index
      %i6 = arith.muli %b4, %c5 : index
      %i8 = arith.addi %i6, %c7 : index
      %i10 = arith.muli %b3, %c9 : index
      %i12 = arith.addi %i10, %c11 : index
      %view13 = memref.subview %arg0[%i8, %i12] [110, 1024] [1, 1] : memref<197x1110xi64> to memref<110x1024xi64, strided<[1110, 1], offset: ?>>
      %i15 = arith.muli %t1, %c14 : index
      %i17 = arith.muli %t2, %c16 : index
      %i18 = arith.addi %i15, %i17 : index
      %i19 = arith.addi %i18, %b3 : index
      %i20 = arith.addi %i19, %b4 : index
      %i21 = arith.addi %i20, %c7 : index
      %i22 = arith.muli %t2, %c14 : index
      %i23 = arith.addi %t1, %i22 : index
      %i24 = arith.muli %b3, %c16 : index
      %i25 = arith.addi %i23, %i24 : index
      %i26 = arith.muli %b4, %c14 : index
      %i27 = arith.addi %i25, %i26 : index
      %i28 = arith.addi %i27, %c16 : index
      %v29 = memref.load %view13[%i21, %i28] : memref<110x1024xi64, strided<[1110, 1], offset: ?>>
      %i30 = arith.muli %t1, %c14 : index
      %i31 = arith.muli %t2, %c16 : index
      %i32 = arith.addi %i30, %i31 : index
      %i33 = arith.addi %i32, %b3 : index
      %i34 = arith.addi %i33, %b4 : index
      %i35 = arith.addi %i34, %c7 : index
      %i36 = arith.muli %t2, %c14 : index
      %i37 = arith.addi %t1, %i36 : index
      %i38 = arith.muli %b3, %c16 : index
      %i39 = arith.addi %i37, %i38 : index
      %i40 = arith.muli %b4, %c14 : index
      %i41 = arith.addi %i39, %i40 : index
      %v42 = memref.load %view13[%i35, %i41] : memref<110x1024xi64, strided<[1110, 1], offset: ?>>
      %i43 = arith.muli %t1, %c14 : index
      %i44 = arith.muli %t2, %c16 : index
      %i45 = arith.addi %i43, %i44 : index
      %i46 = arith.addi %i45, %b3 : index
      %i47 = arith.addi %i46, %b4 : index
      %i48 = arith.addi %i47, %c7 : index
      %i49 = arith.muli %t2, %c14 : index
      %i50 = arith.addi %t1, %i49 : index
      %i51 = arith.muli %b3, %c16 : index
      %i52 = arith.addi %i50, %i51 : index
      %i53 = arith.muli %b4, %c14 : index
      %i54 = arith.addi %i52, %i53 : index
      %i55 = arith.addi %i54, %c7 : index
      %v56 = memref.load %view13[%i48, %i55] : memref<110x1024xi64, strided<[1110, 1], offset: ?>>
      %v57 = arith.addi %v29, %v42 : i64
      %v58 = arith.addi %v57, %v56 : i64
      %i60 = arith.muli %b4, %c59 : index
      %i61 = arith.addi %i60, %t2 : index
      %i63 = arith.muli %b3, %c62 : index
      %i64 = arith.addi %i63, %t1 : index
      memref.store %v58, %arg1[%i61, %i64] : memref<16x48xi64>
      gpu.return
    }
  }
  func.func @host(%arg0: memref<197x1110xi64>, %arg1: memref<16x48xi64>) {
    %grid_x = arith.constant 2 : index
    %grid_y = arith.constant 2 : index
    %block_x = arith.constant 24 : index
    %block_y = arith.constant 8 : index
    %block_z = arith.constant 1 : index
    %one = arith.constant 1 : index
    %device0 = gpu.alloc () : memref<197x1110xi64>
    gpu.memcpy %device0, %arg0 : memref<197x1110xi64>, memref<197x1110xi64>
    %device1 = gpu.alloc () : memref<16x48xi64>
    gpu.memcpy %device1, %arg1 : memref<16x48xi64>, memref<16x48xi64>
    gpu.launch_func @kernels::@fuzz blocks in (%grid_x, %grid_y, %one) threads in (%block_x, %block_y, %block_z) args(%device0 : memref<197x1110xi64>, %device1 : memref<16x48xi64>)
    return
  }
}
