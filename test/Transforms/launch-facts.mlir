// Launch facts (pass/src/facts/launches.rs, issue 16): where host code in the
// module launches a kernel, each memref argument is followed from every
// gpu.launch_func to its buffer. An argument that gets a buffer of its own at
// every launch (distinct gpu.alloc results) is not aliased by the kernel's
// writes, and a gpu.alloc buffer is 256-byte aligned (cuMemAlloc), so with
// the default options the transpose reads through ld.global.nc and its store
// is staged, and the float4 sums load vector<4xf32>. A kernel also launched
// with one buffer twice (in place), or launched with host arguments nothing is
// known about, gets nothing proven. Buffers a host loop swaps each step (a ping-pong, as
// Rodinia's hotspot does) may be either of them: apart from every other buffer, and from each
// other where the loop starts them apart and only swaps them. Every kernel runs before and after
// with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt='version=false' %s -verify-diagnostics=only-expected | FileCheck %s
// RUN: gpu-mem-opt diff --options version=false %s --kernel transpose --grid 32,128,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel transpose_twice --grid 32,128,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel float4_sums --grid 8,1,1
// RUN: gpu-mem-opt diff --options version=false %s --kernel float4_given --grid 8,1,1
// Whole programs (issue 20): every launch of each host function leaves identical buffers.
// RUN: gpu-mem-opt diff %s --entry distinct
// RUN: gpu-mem-opt diff %s --entry given
// RUN: gpu-mem-opt diff %s --entry in_place
// RUN: gpu-mem-opt diff %s --entry ping_pong
// RUN: gpu-mem-opt diff %s --entry ping_same

// CHECK-LABEL: gpu.func @transpose(
// CHECK-SAME: {llvm.readonly}
// CHECK: gpu.barrier
// CHECK-LABEL: gpu.func @transpose_twice(
// CHECK-NOT: llvm.readonly
// CHECK-LABEL: gpu.func @float4_sums(
// CHECK: vector.load %arg0{{.*}}alignment = 16
// CHECK-LABEL: gpu.func @float4_given(
// CHECK-NOT: vector.load
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @ping_step(
// CHECK-SAME: %arg0: memref<1024xf32> {llvm.readonly}, %arg1: memref<1024xf32> {llvm.readonly}
// CHECK-LABEL: gpu.func @ping_same_step(
// CHECK-SAME: %arg0: memref<1024xf32>, %arg1: memref<1024xf32> {llvm.readonly}

module attributes {gpu.container_module} {
  func.func @distinct(%host_in: memref<1024x1024xf32>, %host_out: memref<1024x1024xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %in = gpu.alloc () : memref<1024x1024xf32>
    %out = gpu.alloc () : memref<1024x1024xf32>
    gpu.memcpy %in, %host_in : memref<1024x1024xf32>, memref<1024x1024xf32>
    gpu.launch_func @kernels::@transpose blocks in (%c32, %c128, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<1024x1024xf32>, %out : memref<1024x1024xf32>)
    gpu.memcpy %host_out, %out : memref<1024x1024xf32>, memref<1024x1024xf32>
    %sums = gpu.alloc () : memref<1024xf32>
    %points = gpu.alloc () : memref<4096xf32>
    gpu.launch_func @kernels::@float4_sums blocks in (%c8, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%points : memref<4096xf32>, %sums : memref<1024xf32>)
    gpu.launch_func @kernels::@transpose_twice blocks in (%c32, %c128, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<1024x1024xf32>, %out : memref<1024x1024xf32>)
    return
  }
  func.func @given(%points: memref<4096xf32>, %sums: memref<1024xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@float4_given blocks in (%c8, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%points : memref<4096xf32>, %sums : memref<1024xf32>)
    return
  }
  func.func @in_place(%host: memref<1024x1024xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %buffer = gpu.alloc () : memref<1024x1024xf32>
    gpu.memcpy %buffer, %host : memref<1024x1024xf32>, memref<1024x1024xf32>
    gpu.launch_func @kernels::@transpose_twice blocks in (%c32, %c128, %c1) threads in (%c32, %c8, %c1)
        args(%buffer : memref<1024x1024xf32>, %buffer : memref<1024x1024xf32>)
    return
  }
  func.func @ping_pong(%host: memref<1024xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %a = gpu.alloc () : memref<1024xf32>
    %b = gpu.alloc () : memref<1024xf32>
    %weights = gpu.alloc () : memref<1024xf32>
    gpu.memcpy %a, %host : memref<1024xf32>, memref<1024xf32>
    gpu.memcpy %weights, %host : memref<1024xf32>, memref<1024xf32>
    %last:2 = scf.for %t = %c0 to %c4 step %c1 iter_args(%src = %a, %dst = %b) -> (memref<1024xf32>, memref<1024xf32>) {
      gpu.launch_func @kernels::@ping_step blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
          args(%src : memref<1024xf32>, %weights : memref<1024xf32>, %dst : memref<1024xf32>)
      scf.yield %dst, %src : memref<1024xf32>, memref<1024xf32>
    }
    gpu.memcpy %host, %last#0 : memref<1024xf32>, memref<1024xf32>
    return
  }
  func.func @ping_same(%host: memref<1024xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %a = gpu.alloc () : memref<1024xf32>
    %weights = gpu.alloc () : memref<1024xf32>
    gpu.memcpy %a, %host : memref<1024xf32>, memref<1024xf32>
    gpu.memcpy %weights, %host : memref<1024xf32>, memref<1024xf32>
    %last:2 = scf.for %t = %c0 to %c4 step %c1 iter_args(%src = %a, %dst = %a) -> (memref<1024xf32>, memref<1024xf32>) {
      gpu.launch_func @kernels::@ping_same_step blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
          args(%src : memref<1024xf32>, %weights : memref<1024xf32>, %dst : memref<1024xf32>)
      scf.yield %dst, %src : memref<1024xf32>, memref<1024xf32>
    }
    gpu.memcpy %host, %last#0 : memref<1024xf32>, memref<1024xf32>
    return
  }
  gpu.module @kernels {
    /// Launched once, with two gpu.alloc buffers: in and out cannot overlap.
    // expected-remark @+1 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at}}
    gpu.func @transpose(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
    /// Launched with two buffers and, from @in_place, with one buffer twice.
    // expected-remark @+1 {{readonly: arg 0: read-only, but memref.store at}}
    gpu.func @transpose_twice(%in: memref<1024x1024xf32>, %out: memref<1024x1024xf32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %c32 = arith.constant 32 : index
      %c8 = arith.constant 8 : index
      %x0 = arith.muli %bx, %c32 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c8 : index
      %y = arith.addi %y0, %ty : index
      %v = memref.load %in[%y, %x] : memref<1024x1024xf32>
      memref.store %v, %out[%x, %y] : memref<1024x1024xf32>
      gpu.return
    }
    /// float4 sums of a gpu.alloc buffer: 256-byte aligned, so 16 B vectors are aligned.
    gpu.func @float4_sums(%points: memref<4096xf32>, %sums: memref<1024xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c32 = arith.constant 32 : index
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %t0 = arith.muli %bx, %c32 : index
      %t = arith.addi %t0, %tx : index
      %i0 = arith.muli %t, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %i3 = arith.addi %i0, %c3 : index
      // expected-remark @+1 {{vectorize: arg 0: 4 loads of 4 B -> vector<4xf32> (align 16); alignment 16: base 256 B from gpu.alloc at}}
      %a = memref.load %points[%i0] : memref<4096xf32>
      %b = memref.load %points[%i1] : memref<4096xf32>
      %c = memref.load %points[%i2] : memref<4096xf32>
      %d = memref.load %points[%i3] : memref<4096xf32>
      %ab = arith.addf %a, %b : f32
      %cd = arith.addf %c, %d : f32
      %s = arith.addf %ab, %cd : f32
      memref.store %s, %sums[%t] : memref<1024xf32>
      gpu.return
    }
    /// The same sums, launched with the host function's own arguments: nothing proven.
    gpu.func @float4_given(%points: memref<4096xf32>, %sums: memref<1024xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c32 = arith.constant 32 : index
      %c4 = arith.constant 4 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %t0 = arith.muli %bx, %c32 : index
      %t = arith.addi %t0, %tx : index
      %i0 = arith.muli %t, %c4 : index
      %i1 = arith.addi %i0, %c1 : index
      %i2 = arith.addi %i0, %c2 : index
      %i3 = arith.addi %i0, %c3 : index
      // expected-remark @+1 {{vectorize: arg 0: 4 loads of 4 B stay scalar: the buffer is known to be 4-byte aligned (the element size only)}}
      %a = memref.load %points[%i0] : memref<4096xf32>
      %b = memref.load %points[%i1] : memref<4096xf32>
      %c = memref.load %points[%i2] : memref<4096xf32>
      %d = memref.load %points[%i3] : memref<4096xf32>
      %ab = arith.addf %a, %b : f32
      %cd = arith.addf %c, %d : f32
      %s = arith.addf %ab, %cd : f32
      memref.store %s, %sums[%t] : memref<1024xf32>
      gpu.return
    }

    /// Launched in a loop that swaps its two gpu.alloc buffers each step (src, dst) and passes
    /// a third (weights): src may be either of the two, but never the dst of the same step,
    /// and weights is neither: both inputs read through ld.global.nc.
    // expected-remark @+2 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at}}
    // expected-remark @+1 {{readonly: arg 1: ld.global.nc: read-only, not aliased by a write (every launch in this module passes it a buffer of its own: gpu.alloc at}}
    gpu.func @ping_step(%in: memref<1024xf32>, %weights: memref<1024xf32>, %out: memref<1024xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<1024xf32>
      %w = memref.load %weights[%i] : memref<1024xf32>
      %p = arith.mulf %v, %w : f32
      memref.store %p, %out[%i] : memref<1024xf32>
      gpu.return
    }
    /// The same loop, but it starts both on one buffer: src and dst are the same buffer, and
    /// only weights is proven.
    // expected-remark @+2 {{readonly: arg 0: read-only, but memref.store at}}
    // expected-remark @+1 {{readonly: arg 1: ld.global.nc: read-only, not aliased by a write}}
    gpu.func @ping_same_step(%in: memref<1024xf32>, %weights: memref<1024xf32>, %out: memref<1024xf32>) kernel {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c256 = arith.constant 256 : index
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %v = memref.load %in[%i] : memref<1024xf32>
      %w = memref.load %weights[%i] : memref<1024xf32>
      %p = arith.mulf %v, %w : f32
      memref.store %p, %out[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
