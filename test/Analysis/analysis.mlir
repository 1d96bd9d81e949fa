// The access analysis on kernels with hand-computed metrics. Each CHECK line
// holds the numbers derived in the /// comment above the kernel, not values
// copied from a run. The test pass prints matrices, patterns, MAP ids and warp
// metrics (per block, over all warps and loop iterations) as remarks.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s -o /dev/null 2>&1 | FileCheck %s
// RUN: gpu-mem-opt-opt --gpu-mem-opt='report=%t.json' %s -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Gao §10.2 case 36: the transpose tile read tile[tx][ty+j], block 32x8.
    /// A warp is one ty, tx = 0..31: words 32*tx apart, all in one bank:
    /// degree 32. Padding the row to 33 words puts lane tx in bank tx: degree 1.
    /// The global store in[ty+j][tx] is 32 consecutive floats: 4 sectors.
    // CHECK-LABEL: kernel: 'tile_transpose': block 32x8x1 (from known_block_size); 3 memory accesses
    // CHECK: access: load workgroup 0 (shared), 4 B x 1; indices [i0 = tid.x, i1 = tid.y + loop0]; pattern linear across threads, linear within a thread; bank conflict degree 32, distinct addresses 32
    // CHECK: access: load workgroup 1 (shared), 4 B x 1; indices [i0 = tid.x, i1 = tid.y + loop0]; {{.*}}; bank conflict degree 1, distinct addresses 32
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = tid.y + loop0, i1 = tid.x]; {{.*}}; sectors/request 4, distinct addresses 32
    gpu.func @tile_transpose(%in: memref<1024x1024xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>, %padded: memref<32x33xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      scf.for %j = %c0 to %c32 step %c8 {
        %row = arith.addi %ty, %j : index
        %v = memref.load %tile[%tx, %row] : memref<32x32xf32, #gpu.address_space<workgroup>>
        %w = memref.load %padded[%tx, %row] : memref<32x33xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %v, %w : f32
        memref.store %s, %in[%row, %tx] : memref<1024x1024xf32>
      }
      gpu.return
    }
    /// Fang's row walk (MAP-204, a[tx][k]): lanes 256 floats = 1 KiB apart,
    /// one sector each: 32 sectors/request. The column walk a[k][tx] (MAP-302)
    /// is coalesced: 128 B = 4 sectors.
    // CHECK-LABEL: kernel: 'rows': block 128x1x1
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x, i1 = loop0]; pattern linear across threads, linear within a thread, MAP-204; sectors/request 32, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = loop0, i1 = tid.x]; pattern linear across threads, linear within a thread, MAP-302; sectors/request 4, distinct addresses 32
    // CHECK: access: store arg 1 (global), 4 B x 1; indices [i0 = tid.x]; pattern linear across threads, uniform within a thread; sectors/request 4
    gpu.func @rows(%a: memref<256x256xf32>, %out: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %k = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
        %v = memref.load %a[%tx, %k] : memref<256x256xf32>
        %c = memref.load %a[%k, %tx] : memref<256x256xf32>
        %t = arith.addf %v, %c : f32
        %n = arith.addf %acc, %t : f32
        scf.yield %n : f32
      }
      memref.store %sum, %out[%tx] : memref<256xf32>
      gpu.return
    }
    /// Stride 2 (Jang T6): 32 lanes span 256 B: 8 sectors. An index array of
    /// 8-byte indices read linearly: 8 sectors. The gather y[idx[tx]] is
    /// data-dependent: random, metrics unknown with the reason. Dynamic strides:
    /// rows of 1024 elements, said so. A 0-d memref: one address. Guard tx < 16: warp 0
    /// has 16 active lanes (64 B, 2 sectors), warp 1 none (no request). Its else
    /// branch y[2tx] for tx >= 16: warp 0 lanes 16..31 cover bytes 128..252 (4
    /// sectors, 16 addresses), warp 1 bytes 256..504 (8 sectors, 32 addresses):
    /// means 6 and 24.
    // CHECK-LABEL: kernel: 'odd': block 64x1x1 (from known_block_size); 7 memory accesses
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = 2*tid.x]; pattern strided across threads, uniform within a thread; sectors/request 8, distinct addresses 32
    // CHECK: access: load arg 1 (global), 8 B x 1; indices [i0 = tid.x]; {{.*}}; sectors/request 8, distinct addresses 32
    // CHECK: access: load arg 0 (global), 4 B x 1; not affine: data-dependent: the index comes from memref.load at {{.*}}analysis.mlir:84:12; pattern random across threads, random within a thread; metrics unknown: data-dependent
    // CHECK: access: load arg 2 (global), 4 B x 1; indices [i0 = tid.x, i1 = tid.x]; {{.*}}MAP-107; sectors/request 32, distinct addresses 32 (for a dynamic layout taken as dimension 0's stride 1024 elements)
    // CHECK: access: load arg 3 (global), 4 B x 1; indices []; pattern uniform across threads, uniform within a thread; sectors/request 1, distinct addresses 1
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = tid.x]; {{.*}}; sectors/request 2, distinct addresses 16
    // CHECK: access: store arg 0 (global), 4 B x 1; indices [i0 = 2*tid.x]; {{.*}}; sectors/request 6, distinct addresses 24
    gpu.func @odd(%y: memref<4096xf32>, %idx: memref<256xindex>, %dyn: memref<?x?xf32>, %s: memref<f32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %c2 = arith.constant 2 : index
      %c16 = arith.constant 16 : index
      %t2 = arith.muli %tx, %c2 : index
      %a = memref.load %y[%t2] : memref<4096xf32>
      %i = memref.load %idx[%tx] : memref<256xindex>
      %b = memref.load %y[%i] : memref<4096xf32>
      %c = memref.load %dyn[%tx, %tx] : memref<?x?xf32>
      %d = memref.load %s[] : memref<f32>
      %lt = arith.cmpi ult, %tx, %c16 : index
      scf.if %lt {
        memref.store %a, %y[%tx] : memref<4096xf32>
      } else {
        memref.store %b, %y[%t2] : memref<4096xf32>
      }
      gpu.return
    }
    /// 16-byte vector accesses (vector<8xf16>), block 8x64: a warp is 4 rows
    /// of 8 lanes, each row 128 contiguous bytes = 4 sectors: 16 sectors. An
    /// affine.load with floordiv stays quasi-affine and is evaluated per lane:
    /// rows ty floordiv 2 (two distinct rows per warp), columns 8tx+1 (2-byte
    /// elements at bytes 2..114 of the row): 4 sectors per row, 8 in all, 16
    /// distinct addresses.
    // CHECK-LABEL: kernel: 'vectors': block 8x64x1
    // CHECK: access: load arg 0 (global), 2 B x 8; indices [i0 = tid.y, i1 = 8*tid.x]; {{.*}}; sectors/request 16, distinct addresses 32
    // CHECK: access: store arg 1 (global), 2 B x 8; {{.*}}; sectors/request 16, distinct addresses 32
    // CHECK: access: load arg 0 (global), 2 B x 1; not affine: index 0 has a floor division or remainder (quasi-affine); {{.*}}; sectors/request 8, distinct addresses 16
    gpu.func @vectors(%h: memref<64x64xf16>, %o: memref<64x64xf16>) kernel
        attributes {known_block_size = array<i32: 8, 64, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c8 = arith.constant 8 : index
      %col = arith.muli %tx, %c8 : index
      %v = vector.load %h[%ty, %col] : memref<64x64xf16>, vector<8xf16>
      vector.store %v, %o[%ty, %col] : memref<64x64xf16>, vector<8xf16>
      %w = affine.load %h[symbol(%ty) floordiv 2, symbol(%tx) * 8 + 1] : memref<64x64xf16>
      gpu.return
    }
    /// No known_block_size, no launch, no option: metrics unknown, with why.
    // CHECK-LABEL: kernel: 'unknown_block': block size unknown
    // CHECK: access: load arg 0 (global), 4 B x 1; indices [i0 = tid.x]; {{.*}}; metrics unknown: block size unknown: no known_block_size, no gpu.launch_func in this module, no 'block' option
    gpu.func @unknown_block(%y: memref<4096xf32>) kernel {
      %tx = gpu.thread_id x
      %a = memref.load %y[%tx] : memref<4096xf32>
      gpu.return
    }
  }
  /// A gpu.launch body: ids are block arguments, the block comes from the
  /// constant operands, the memref is captured from the host function.
  // CHECK-LABEL: kernel: 'launch@{{.*}}analysis.mlir:133:5': block 64x1x1 (from gpu.launch operands); 1 memory accesses
  // CHECK: access: load captured {{.*}}analysis.mlir:130:19 (global), 4 B x 1; indices [i0 = tid.x]; {{.*}}; sectors/request 4, distinct addresses 32
  func.func @host(%buffer: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %v = memref.load %buffer[%tx] : memref<64xf32>
      gpu.terminator
    }
    return
  }
}

// The report carries the same: the matrix as vars/rows/offset, the pattern, the MAP id.
// JSON: "name": "rows",
// JSON: "matrix": {
// JSON-NEXT: "vars": [
// JSON-NEXT: "tid.x",
// JSON-NEXT: "loop0"
// JSON-NEXT: ],
// JSON-NEXT: "rows": [
// JSON-NEXT: [
// JSON-NEXT: 1,
// JSON-NEXT: 0
// JSON-NEXT: ],
// JSON-NEXT: [
// JSON-NEXT: 0,
// JSON-NEXT: 1
// JSON-NEXT: ]
// JSON-NEXT: ],
// JSON-NEXT: "offset": [
// JSON-NEXT: 0,
// JSON-NEXT: 0
// JSON-NEXT: ]
// JSON-NEXT: },
// JSON-NEXT: "pattern": "linear",
// JSON-NEXT: "pattern_within_thread": "linear",
// JSON-NEXT: "map": 204,
// JSON-NEXT: "before": {
// JSON-NEXT: "sectors_per_request": 32.0,
// JSON-NEXT: "bank_conflict_degree": null,
// JSON-NEXT: "distinct_addresses": 32.0
