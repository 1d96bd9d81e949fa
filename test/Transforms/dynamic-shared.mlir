// Dynamic shared memory in the pass (issue 31, item 4): `extern __shared__` as MLIR writes it,
// gpu.dynamic_shared_memory viewed as a typed buffer with memref.view. Each view is a buffer of
// its own (root `dynamic shared memory viewed at L:C`): its accesses get bank-conflict metrics,
// and the layout step decides for it like for an attribution. A pad makes the view longer than
// the bytes the launcher gives, so it is costed only where every launch of the kernel is in the
// module with a constant size and the view is the kernel's only one: the pad then adds its bytes
// to the launches' dynamic_shared_memory_size.
//
// @transpose stages a 32x32 tile in dynamic shared memory (4096 B from the launch in @main) and
// reads it transposed: 32-way conflicts on the load (wavefronts 1056 -> 64 over both accesses,
// degree 16.5 -> 1) until the swizzle `chunk ^= row mod 32`, which costs no byte. With swizzles
// off, the pad of 1 element does the same for 128 B, which the launch gives: 4096 -> 4224 B.
// The whole program gives the same output before and after, with the host code, with the
// kernel optimized apart from it (swizzled: no bytes needed), and padded.
// @reduce1 is the cuda-samples interleaved reduction (reduction_kernel.cu, reduce1:
// `sdata[2*s*tid] += sdata[2*s*tid + s]`): its 1-D view has 3.33-way conflicts that 1 element
// after every 32 removes (150 -> 45 wavefronts), for 28 B more. No launch in this module
// launches it, so its launcher sizes the memory: the view stays, and the remark says what the
// pad would give and why it is not made (test/RealCode/reduction.mlir has the launches, and
// gets it).
// @two_views reads `a[2*tid]` (2-way) from the first of two views of the same memory: a longer
// first view would run into the second, so it stays, though the launch is in the module.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file=%t.mlir
// RUN: gpu-mem-opt diff %s --entry main | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt diff %s --entry main --lone-kernels | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt diff %s --entry main --options swizzle=false | FileCheck %s --check-prefix=SAME
// RUN: gpu-mem-opt diff %s --kernel reduce1 --grid 4,1,1 --arg random:1:1000 --arg zeros:4 --arg 1000 --dynamic-shared-memory 1K
// RUN: gpu-mem-opt-opt --gpu-mem-opt='swizzle=false' %s -o %t.padded.mlir 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: FileCheck %s --input-file=%t.padded.mlir --check-prefix=PADDED
// Launched alone with the 4096 B as written, the padded kernel's record adds the 128 B.
// RUN: gpu-mem-opt diff %s --options swizzle=false --kernel transpose --grid 2,2,1 --dynamic-shared-memory 4K --arg random:1 --arg zeros

// REMARK: swizzle: dynamic shared memory viewed at {{.*}}dynamic-shared.mlir:[[#VIEW:]]:15: swizzle 4-byte chunks: chunk ^= row mod 32 (+0 B): wavefronts 1056 -> 64 (degree 16.50 -> 1)
// REMARK: pad: dynamic shared memory viewed at {{.*}}: unchanged: wavefronts 150, degree 3.33; a rank-1 buffer has no rows to swizzle; pad 1 element after every 32 would give wavefronts 150 -> 45, but it needs 28 B more dynamic shared memory, and no launch in this module could give them: a lone kernel's launcher sizes it
// REMARK: pad: dynamic shared memory viewed at {{.*}}: unchanged: wavefronts 16, degree 2; a rank-1 buffer has no rows to swizzle; pad 1 element after every 32 would give wavefronts 16 -> 8, but it needs 28 B more dynamic shared memory, and this view is one of 2 of it in the kernel: a longer one would run into the next
// OFF: pad: dynamic shared memory viewed at {{.*}}: pad 1 element (+128 B): wavefronts 1056 -> 64 (degree 16.50 -> 1), its worst access 32-way -> 1; the launches in this module give the kernel 4096 -> 4224 B of dynamic shared memory

// CHECK-LABEL: gpu.func @transpose(
// CHECK: %[[TILE:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK: arith.xori
// CHECK: memref.store %{{.*}}, %[[TILE]]
// CHECK: gpu.barrier
// CHECK: arith.xori
// CHECK: memref.load %[[TILE]]
// CHECK-LABEL: gpu.func @reduce1(
// CHECK: memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @two_views(
// CHECK: memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: func.func @main(
// CHECK: %[[BYTES:.*]] = arith.constant 4096 : i32
// CHECK: gpu.launch_func @kernels::@transpose {{.*}} dynamic_shared_memory_size %[[BYTES]]

// PADDED-LABEL: gpu.func @transpose(
// PADDED-SAME: gpu_mem_opt.dynamic_shared_memory_added = 128 : i64
// PADDED: %[[VIEW:.*]] = memref.view %{{.*}}[%{{.*}}][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32x33xf32, #gpu.address_space<workgroup>>
// PADDED: memref.subview %[[VIEW]][0, 0] [32, 32] [1, 1] : memref<32x33xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[33, 1]>, #gpu.address_space<workgroup>>
// PADDED-LABEL: func.func @main(
// PADDED: %[[EXTRA:.*]] = arith.constant 128 : i32
// PADDED: %[[GROWN:.*]] = arith.addi %{{.*}}, %[[EXTRA]] : i32
// PADDED: gpu.launch_func @kernels::@transpose {{.*}} dynamic_shared_memory_size %[[GROWN]]

// SAME: identical: 2 launches (3 buffers after them), 3 lines of output

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

    gpu.func @two_views(%out: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c1024 = arith.constant 1024 : index
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %a = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      %b = memref.view %bytes[%c1024][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
      %t = arith.index_cast %tid : index to i32
      %f = arith.sitofp %t : i32 to f32
      %even = arith.muli %tid, %c2 : index
      memref.store %f, %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %f, %a[%even] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %a[%even] : memref<256xf32, #gpu.address_space<workgroup>>
      %w = memref.load %b[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      %sum = arith.addf %v, %w : f32
      memref.store %sum, %out[%tid] : memref<?xf32>
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
    %c128 = arith.constant 128 : index
    %two_bytes = arith.constant 2048 : i32
    %sums = gpu.alloc (%c128) : memref<?xf32>
    gpu.launch_func @kernels::@two_views blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        dynamic_shared_memory_size %two_bytes args(%sums : memref<?xf32>)
    %sums_host = memref.alloc (%c128) : memref<?xf32>
    gpu.memcpy %sums_host, %sums : memref<?xf32>, memref<?xf32>
    %c127 = arith.constant 127 : index
    %last = memref.load %sums_host[%c127] : memref<?xf32>
    vector.print %last : f32
    return
  }
}
