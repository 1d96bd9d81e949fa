// Relayout of a buffer two kernels share (host code in the module): @produce writes fields 0
// and 2 of each record, @consume reads them. Each argument's best order is the same, so the
// buffer is allocated in it once and both kernels take the strided type; it is never copied to
// or from the host (a memset, launches), so no pack or unpack runs at all.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remarks
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=DIFF

// CHECK-LABEL: gpu.func @produce(
// CHECK-SAME: %arg0: memref<64x64x4xf32, strided<[256, 1, 64]>>
// CHECK-LABEL: gpu.func @consume(
// CHECK-SAME: %arg0: memref<64x64x4xf32, strided<[256, 1, 64]>>
// CHECK-LABEL: func.func @main()
// CHECK: %[[CELLS:.*]] = call @gpu_mem_opt_relayout_produce_arg0_alloc()
// CHECK: call @gpu_mem_opt_relayout_produce_arg0_fill(%[[CELLS]]
// CHECK: gpu.launch_func @kernels::@produce {{.*}} args(%[[CELLS]] :
// CHECK: gpu.launch_func @kernels::@consume {{.*}} args(%[[CELLS]] :
// CHECK-NOT: gpu_mem_opt_relayout_pack

// REMARK: relayout: arg 0: stored as strided<[256, 1, 64]> (d0·256 + d2·64 + d1): 16.00 → 4.00 sectors per request (64 → 16 per block); host code allocates it as memref<64x64x4xf32, strided<[256, 1, 64]>>, packed after each copy in and unpacked before each copy out (0 copies) over 3 launches
// REMARK: relayout: arg 0: stored as strided<[256, 1, 64]> {{.*}} over 3 launches

// DIFF: identical: 6 launches (9 buffers after them), 65 lines of output

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @produce(%cells: memref<64x64x4xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      %x = arith.index_cast %tx : index to i32
      %v = arith.sitofp %x : i32 to f32
      memref.store %v, %cells[%by, %tx, %c0] : memref<64x64x4xf32>
      memref.store %v, %cells[%by, %tx, %c2] : memref<64x64x4xf32>
      gpu.return
    }
    gpu.func @consume(%cells: memref<64x64x4xf32>, %out: memref<64x64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %by = gpu.block_id y
      %a = memref.load %cells[%by, %tx, %c0] : memref<64x64x4xf32>
      %b = memref.load %cells[%by, %tx, %c2] : memref<64x64x4xf32>
      %s = arith.addf %a, %b : f32
      memref.store %s, %out[%by, %tx] : memref<64x64xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %host = memref.alloc() : memref<64x64xf32>
    %cells = gpu.alloc () : memref<64x64x4xf32>
    %out = gpu.alloc () : memref<64x64xf32>
    gpu.memset %cells, %zero : memref<64x64x4xf32>, f32
    scf.for %t = %c1 to %c4 step %c1 {
      gpu.launch_func @kernels::@produce blocks in (%c1, %c64, %c1) threads in (%c64, %c1, %c1) args(%cells : memref<64x64x4xf32>)
      gpu.launch_func @kernels::@consume blocks in (%c1, %c64, %c1) threads in (%c64, %c1, %c1) args(%cells : memref<64x64x4xf32>, %out : memref<64x64xf32>)
    }
    gpu.memcpy %host, %out : memref<64x64xf32>, memref<64x64xf32>
    gpu.dealloc %cells : memref<64x64x4xf32>
    %cast = memref.cast %host : memref<64x64xf32> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
