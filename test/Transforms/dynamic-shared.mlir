// Dynamic shared memory in the pass (issue 31, item 4): `extern __shared__` as MLIR writes it,
// gpu.dynamic_shared_memory viewed as a typed buffer with memref.view. Each view is a buffer of
// its own (root `dynamic shared memory viewed at L:C`): its accesses get bank-conflict metrics,
// and the layout step decides for it like for an attribution, but only by swizzling: a pad
// would make the view larger than the bytes the launcher gives (and run into the next view).
//
// @transpose stages a 32x32 tile in dynamic shared memory (4096 B from the launch) and reads it
// transposed: 32-way conflicts on the load (wavefronts 1056 -> 64 over both accesses, degree
// 16.5 -> 1) until the swizzle `chunk ^= row mod 32`. The whole program gives the same output
// before and after, with the host code and with the kernel optimized apart from it.
// @reduce1 is the cuda-samples interleaved reduction (reduction_kernel.cu, reduce1:
// `sdata[2*s*tid] += sdata[2*s*tid + s]`): its 1-D view has 3.33-way conflicts that no layout
// of a rank-1 buffer removes (the sample's own fix is sequential addressing, reduce3); the
// remark says so instead of nothing.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt diff %s --kernel reduce1 --grid 4,1,1 --arg random:1:1000 --arg zeros:4 --arg 1000 --dynamic-shared-memory 1K
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF

// REMARK: swizzle: dynamic shared memory viewed at {{.*}}dynamic-shared.mlir:[[#VIEW:]]:15: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
// REMARK: pad: dynamic shared memory viewed at {{.*}}: unchanged: wavefronts 150, degree 3.33; a rank-1 buffer has no rows to pad or swizzle
// OFF: pad: dynamic shared memory viewed at {{.*}}: left as it is: a swizzle is off (option swizzle=false), and a pad would grow this view of dynamic shared memory past the bytes its launcher gives

// CHECK-LABEL: gpu.func @transpose(
// CHECK: %[[TILE:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK: arith.xori
// CHECK: memref.store %{{.*}}, %[[TILE]]
// CHECK: gpu.barrier
// CHECK: arith.xori
// CHECK: memref.load %[[TILE]]
// CHECK-LABEL: gpu.func @reduce1(

// SAME: identical: 1 launch (2 buffers after it), 2 lines of output

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%in: memref<64x64xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %tile = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x32xf32, #gpu.address_space<workgroup>>
      %x0 = arith.muli %bx, %c32 : index
      %y0 = arith.muli %by, %c32 : index
      %x = arith.addi %x0, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %y = arith.addi %y0, %row : index
        %v = memref.load %in[%y, %x] : memref<64x64xf32>
        memref.store %v, %tile[%row, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %ox = arith.addi %y0, %tx : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %oy = arith.addi %x0, %row : index
        %v = memref.load %tile[%tx, %row] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%oy, %ox] : memref<64x64xf32>
      }
      gpu.return
    }

    gpu.func @reduce1(%in: memref<?xf32>, %out: memref<?xf32>, %n: i32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sdata = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      %base = arith.muli %bid, %c256 : index
      %i = arith.addi %base, %tid : index
      %nn = arith.index_cast %n : i32 to index
      %inside = arith.cmpi ult, %i, %nn : index
      %v = scf.if %inside -> f32 {
        %x = memref.load %in[%i] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %sdata[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %s = arith.shli %c1, %level : index
        %twice = arith.muli %c2, %s : index
        %index = arith.muli %twice, %tid : index
        %low = arith.cmpi ult, %index, %c256 : index
        scf.if %low {
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
        memref.store %total, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %bytes = arith.constant 4096 : i32
    %in = gpu.alloc () : memref<64x64xf32>
    %out = gpu.alloc () : memref<64x64xf32>
    %host = memref.alloc () : memref<64x64xf32>
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %k = arith.muli %i, %c64 : index
        %l = arith.addi %k, %j : index
        %li = arith.index_cast %l : index to i32
        %f = arith.sitofp %li : i32 to f32
        memref.store %f, %host[%i, %j] : memref<64x64xf32>
      }
    }
    gpu.memcpy %in, %host : memref<64x64xf32>, memref<64x64xf32>
    gpu.launch_func @kernels::@transpose blocks in (%c2, %c2, %c1) threads in (%c32, %c8, %c1)
        dynamic_shared_memory_size %bytes
        args(%in : memref<64x64xf32>, %out : memref<64x64xf32>)
    gpu.memcpy %host, %out : memref<64x64xf32>, memref<64x64xf32>
    %one = memref.load %host[%c1, %c0] : memref<64x64xf32>
    %other = memref.load %host[%c0, %c1] : memref<64x64xf32>
    vector.print %one : f32
    vector.print %other : f32
    return
  }
}
