// Affine loops and accesses, as a DSL's linalg -> affine lowering leaves them
// (pass/src/ir/affine.rs, dialect-glue/lib/Affine.cpp): with the default options
// the pass first writes a kernel's affine.for, affine.load and affine.store as
// scf.for, memref.load and memref.store (what -lower-affine does), their
// indices and bounds as affine.apply / affine.max / affine.min, so that
// staging, the checked read-only path and the shared-memory layouts can
// rewrite them; the kernel's remark says so. A kernel with another affine op
// (affine.if: pad-negative.mlir) keeps them. Every kernel runs before and
// after with identical results.

// RUN: gpu-mem-opt-opt --gpu-mem-opt %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// The kernels as written lower to PTX too: gpu-mem-opt-lower-to-ptx runs lower-affine first (the
// stock pipeline runs it after convert-scf-to-cf, and an affine.for in a kernel then fails to
// translate: "LLVM Translation failed for operation: builtin.unrealized_conversion_cast").
// RUN: gpu-mem-opt ptx %s --no-opt -o %t.naive.ptx
// RUN: FileCheck %s --check-prefix=NAIVE --input-file=%t.naive.ptx
// NAIVE: .entry conv(
// NAIVE: .entry transpose_rows(
// NAIVE: .entry matmul(
// NAIVE: .entry bounds(
// RUN: gpu-mem-opt diff %s --kernel conv --grid 4,4,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel conv --grid 4,4,1 --arg random:1 --arg random:2 --arg same:0
// RUN: gpu-mem-opt diff %s --kernel transpose_rows --grid 4,4,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel matmul --grid 4,4,1 --arg random:1 --arg random:2 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel bounds --grid 2,1,1 --arg random:1 --arg random:2 --arg 50
// RUN: gpu-mem-opt diff %s --kernel bounds --grid 2,1,1 --arg random:1 --arg random:2 --arg 0

// REPORT: "name": "conv",
// REPORT: "affine": "affine ops written as scf and memref first, as -lower-affine does (2 affine.for -> scf.for, 2 affine.load -> memref.load, 1 affine.store -> memref.store; indices stay affine.apply)"

module attributes {gpu.container_module} {
  gpu.module @kernels {

    /// A 3x3 convolution of a padded 66x66 image, 16x16 threads, written with
    /// affine loops: lowered to scf and memref, and then left to L1: each thread reads its
    /// 18x18 halo tile and the 3x3 weights 9 times a copy on nearly coalesced loads, too
    /// few for a copy and its barrier to pay (staged, convolution-affine ran at 0.75x of
    /// naive on the H200), and no load follows the store, so no read-only check either.
    // CHECK-LABEL: gpu.func @conv
    // CHECK-NOT: workgroup
    // CHECK-NOT: affine.load
    // CHECK-NOT: affine.for
    // CHECK-NOT: gpu.barrier
    // CHECK: scf.for
    // CHECK: gpu.return
    // expected-remark @+3 {{kernel: 'conv': block 16x16x1 (from known_block_size); 3 memory accesses; affine ops written as scf and memref first, as -lower-affine does (2 affine.for -> scf.for, 2 affine.load -> memref.load, 1 affine.store -> memref.store; indices stay affine.apply)}}
    // expected-remark @+2 {{readonly: arg 0: read-only, but memref.store at}}
    // expected-remark @+1 {{readonly: arg 1: read-only, but memref.store at}}
    gpu.func @conv(%img: memref<66x66xf32>, %w: memref<3x3xf32>, %out: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %x0 = arith.muli %bx, %c16 : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %c16 : index
      %y = arith.addi %y0, %ty : index
      %s = affine.for %dy = 0 to 3 iter_args(%a0 = %zero) -> (f32) {
        %t = affine.for %dx = 0 to 3 iter_args(%a1 = %a0) -> (f32) {
          // expected-remark @+1 {{stage-shared: arg 0: not staged: each thread reads the tile 9 times a copy (reuse 7.11)}}
          %p = affine.load %img[%y + %dy, %x + %dx] : memref<66x66xf32>
          // expected-remark @+2 {{vectorize: arg 1: 3 loop iterations' loads of 4 B stay scalar}}
          // expected-remark @below {{stage-shared: arg 1: not staged: each thread reads the tile 9 times a copy (reuse 256.00)}}
          %k = affine.load %w[%dy, %dx] : memref<3x3xf32>
          %m = arith.mulf %p, %k : f32
          %n = arith.addf %a1, %m : f32
          affine.yield %n : f32
        }
        affine.yield %t : f32
      }
      affine.store %s, %out[%y, %x] : memref<64x64xf32>
      gpu.return
    }

    /// NVIDIA's transposeNaive with its row loop, in affine form, its input
    /// {llvm.noalias}: the transposed affine.store (32 sectors per request)
    /// becomes a store to a 32x32 tile in the scf.for, copied out coalesced
    /// after it (4 sectors per request).
    // CHECK-LABEL: gpu.func @transpose_rows
    // CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>)
    // CHECK: scf.for
    // CHECK: memref.store {{.*}}, %[[TILE]]
    // CHECK: gpu.barrier
    // CHECK: memref.store {{.*}}, %arg1
    // expected-remark @+3 {{kernel: 'transpose_rows': block 32x8x1 (from known_block_size); 2 memory accesses; affine ops written as scf and memref first, as -lower-affine does (1 affine.for -> scf.for, 1 affine.load -> memref.load, 1 affine.store -> memref.store; indices stay affine.apply)}}
    // expected-remark @+2 {{readonly: arg 0: ld.global.nc: read-only, not aliased by a write ({llvm.noalias})}}
    // expected-remark @+1 {{swizzle: workgroup 0}}
    gpu.func @transpose_rows(%in: memref<128x128xf32> {llvm.noalias}, %out: memref<128x128xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      affine.for %j = 0 to 32 step 8 {
        %v = affine.load %in[%by * 32 + %ty + %j, %bx * 32 + %tx] : memref<128x128xf32>
        // expected-remark @+1 {{stage-shared: arg 1: staged through memref<32x32xf32, #gpu.address_space<workgroup>>: sectors/request 32 -> 4}}
        affine.store %v, %out[%bx * 32 + %tx, %by * 32 + %ty + %j] : memref<128x128xf32>
      }
      gpu.return
    }

    /// A naive matrix multiply with an affine k loop: both operands' reads are
    /// staged per tile of 32 iterations, and the loop is strip-mined (2 tiles):
    /// its refills' indices are affine.apply results, pure like arith.
    // CHECK-LABEL: gpu.func @matmul
    // CHECK: scf.for
    // CHECK: gpu.barrier
    // CHECK: gpu.return
    // expected-remark @+5 {{kernel: 'matmul': block 16x16x1 (from known_block_size); 3 memory accesses; affine ops written as scf and memref first, as -lower-affine does (1 affine.for -> scf.for, 2 affine.load -> memref.load, 1 affine.store -> memref.store; indices stay affine.apply)}}
    // expected-remark @+4 {{readonly: arg 0}}
    // expected-remark @+3 {{readonly: arg 1}}
    // expected-remark @+2 {{swizzle: workgroup 0}}
    // expected-remark @+1 {{pad: workgroup 1: unchanged: conflict-free already}}
    gpu.func @matmul(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      // expected-remark @+1 {{stage-shared: loop strip-mined into 2 tiles of 32 iterations}}
      %s = affine.for %k = 0 to 64 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @+1 {{stage-shared: arg 0: staged through memref<16x32xf32, #gpu.address_space<workgroup>>}}
        %a = affine.load %A[%by * 16 + %ty, %k] : memref<64x64xf32>
        // expected-remark @+1 {{stage-shared: arg 1: staged through memref<32x16xf32, #gpu.address_space<workgroup>>}}
        %b = affine.load %B[%k, %bx * 16 + %tx] : memref<64x64xf32>
        %p = arith.mulf %a, %b : f32
        %n = arith.addf %acc, %p : f32
        affine.yield %n : f32
      }
      affine.store %s, %C[%by * 16 + %ty, %bx * 16 + %tx] : memref<64x64xf32>
      gpu.return
    }

    /// Bounds of several results (affine.max of the lower map, affine.min of the
    /// upper) and a loop-carried sum: the scf.for runs the same iterations as
    /// the affine.for (a row-per-thread partial sum between n/4 and n, clipped to
    /// the row), with n 50 and 0. Its row-per-thread load is not staged: the
    /// loop's lower bound is not constant.
    // CHECK-LABEL: gpu.func @bounds
    // CHECK: affine.max
    // CHECK: affine.min
    // CHECK: scf.for
    // CHECK-NOT: affine.for
    // CHECK: gpu.return
    // expected-remark @+2 {{kernel: 'bounds': block 64x1x1 (from known_block_size); 2 memory accesses; affine ops written as scf and memref first, as -lower-affine does (1 affine.for -> scf.for, 1 affine.load -> memref.load, 1 affine.store -> memref.store; indices stay affine.apply)}}
    // expected-remark @+1 {{readonly: arg 0}}
    gpu.func @bounds(%in: memref<128x64xf32>, %out: memref<128xf32>, %n: index) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %s = affine.for %k = max affine_map<()[s0] -> (s0 floordiv 4, 2)>()[%n] to min affine_map<()[s0] -> (s0, 64)>()[%n] iter_args(%acc = %zero) -> (f32) {
        // expected-remark @+1 {{stage-shared: arg 0: not staged: a loop's lower bound is not constant}}
        %v = affine.load %in[%bx * 64 + %tx, %k] : memref<128x64xf32>
        %a = arith.addf %acc, %v : f32
        affine.yield %a : f32
      }
      affine.store %s, %out[%bx * 64 + %tx] : memref<128xf32>
      gpu.return
    }
  }
}
