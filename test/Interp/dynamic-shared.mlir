// Dynamic shared memory in the interpreter (issues 31 and 32): `extern __shared__ float
// sdata[]` as MLIR writes it, gpu.dynamic_shared_memory viewed with memref.view, its size
// the launch's dynamic_shared_memory_size. The cuda-samples reduction with sequential
// addressing (reduce3's loop, NVIDIA cuda-samples
// Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu), blocks of 256 threads over
// 1024 ones: each block's sum is 256. A launch that gives too few bytes is an error that says
// how many the view needs.

// RUN: gpu-mem-opt interp %s --entry main | FileCheck %s
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME
// RUN: not gpu-mem-opt interp %s --entry too_small 2>&1 | FileCheck %s --check-prefix=SMALL
// A view whose byte shift differs between threads would be one buffer per thread on the GPU,
// which one typed buffer per block cannot be: an error, not a guess.
// RUN: not gpu-mem-opt interp %s --entry shifted 2>&1 | FileCheck %s --check-prefix=SHIFT

// CHECK: [256, 256, 256, 256]
// SAME: identical: 1 launch
// SMALL: bytes [0, 1024) of the 512 B of dynamic shared memory the launch gives
// SHIFT: the view's byte shift or sizes differ between threads

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce(%in: memref<1024xf32>, %out: memref<4xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sdata = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      %base = arith.muli %bid, %c256 : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %in[%i] : memref<1024xf32>
      memref.store %v, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %s = arith.shrui %c128, %level : index
        %low = arith.cmpi ult, %tid, %s : index
        scf.if %low {
          %other = arith.addi %tid, %s : index
          %a = memref.load %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sdata[%other] : memref<256xf32, #gpu.address_space<workgroup>>
          %sum = arith.addf %a, %b : f32
          memref.store %sum, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
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

  gpu.module @other {
    gpu.func @per_thread() kernel {
      %tid = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %shift = arith.muli %tid, %c4 : index
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %mine = memref.view %bytes[%shift][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }

  func.func @run(%bytes: i32) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %one = arith.constant 1.0 : f32
    %in = gpu.alloc () : memref<1024xf32>
    gpu.memset %in, %one : memref<1024xf32>, f32
    %out = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@reduce blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        dynamic_shared_memory_size %bytes args(%in : memref<1024xf32>, %out : memref<4xf32>)
    %host = memref.alloc() : memref<4xf32>
    gpu.memcpy %host, %out : memref<4xf32>, memref<4xf32>
    %any = memref.cast %host : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%any) : (memref<*xf32>) -> ()
    return
  }

  func.func @main() {
    %bytes = arith.constant 1024 : i32
    call @run(%bytes) : (i32) -> ()
    return
  }

  func.func @too_small() {
    %bytes = arith.constant 512 : i32
    call @run(%bytes) : (i32) -> ()
    return
  }
  func.func @shifted() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %bytes = arith.constant 64 : i32
    gpu.launch_func @other::@per_thread blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        dynamic_shared_memory_size %bytes
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
