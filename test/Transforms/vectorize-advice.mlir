// vectorize advice: when a group's first element is misaligned, the `unblock:` text
// depends on what in the offset is misaligned and on who lays the buffer out
// (analysis/src/misalignment.rs). A window that overlaps its neighbour's (a stencil, a
// convolution's taps) has no layout fix; rows or records apart are padded (by the host for
// an argument, by the kernel for a buffer it declares, when some pad aligns every term);
// only a constant is shifted; a base alignment is declared where that buffer can declare
// it. Nothing is rewritten here (every case stays scalar): the other steps are off, so the
// only remarks are the kernel's and vectorize's. Overlapping windows are said in the report
// only (issue 34: advice only where the user can act on it; a layout cannot).

// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='memory-space=false stage-shared=false pad=false swizzle=false' %s -verify-diagnostics -o /dev/null
// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='memory-space=false stage-shared=false pad=false swizzle=false' %s 2>/dev/null | FileCheck %s
// RUN: sed -n '1,/^\/\/ -----/p' %s | gpu-mem-opt-opt --gpu-mem-opt='memory-space=false stage-shared=false pad=false swizzle=false report=%t.json' -o /dev/null
// RUN: FileCheck %s --check-prefix=REPORT --input-file=%t.json
// REPORT: "kind": "vectorize"
// REPORT-NEXT: "target": "workgroup 0"
// REPORT-NEXT: "applied": false
// REPORT-NEXT: "reason": "3 loads of 4 B stay scalar: the first element's offset (tid.x + 34*tid.y) is a multiple of 4 B only, a 8-byte access needs 8: tid.x moves the start by 4 B, less than the group's 12 B, so the windows of neighbouring tid.x overlap"
// REPORT: "advice": "none by layout (no pad or alignment fact aligns overlapping windows; only assigning elements to threads or iterations so that each step of tid.x moves a multiple of 8 B would)"

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A 3-point stencil on a shared tile, block 32x8: tile[ty][tx-1 … tx+1]. tid.x moves
    /// the start by 4 B, the window spans 12 B: neighbouring windows overlap, so no pad or
    /// alignment fact can make every start 8-byte aligned. (Before: "pad the record".) No
    /// remark: the report says it.
    // CHECK-LABEL: gpu.func @shared_stencil
    // CHECK-COUNT-3: memref.load %{{.*}} : memref<8x34xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{kernel: 'shared_stencil'}}
    gpu.func @shared_stencil(%out: memref<256xf32>)
        workgroup(%tile: memref<8x34xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %x1 = arith.addi %tx, %c1 : index
      %x2 = arith.addi %tx, %c2 : index
      %west = memref.load %tile[%ty, %tx] : memref<8x34xf32, #gpu.address_space<workgroup>>
      %centre = memref.load %tile[%ty, %x1] : memref<8x34xf32, #gpu.address_space<workgroup>>
      %east = memref.load %tile[%ty, %x2] : memref<8x34xf32, #gpu.address_space<workgroup>>
      %a = arith.addf %west, %centre : f32
      %b = arith.addf %a, %east : f32
      %row = arith.muli %ty, %c32 : index
      %i = arith.addi %row, %tx : index
      memref.store %b, %out[%i] : memref<256xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Rows of 17 f32 in a workgroup tile, block 32: thread tx reads tile[tx][0..1]. tid.x
    /// moves the start by 68 B, a row; windows (8 B) are disjoint. The kernel declares the
    /// tile, so padding each row by 1 element (68 -> 72 B) aligns every start for 8 B.
    // CHECK-LABEL: gpu.func @odd_rows
    // CHECK-COUNT-2: memref.load %{{.*}} : memref<32x17xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{kernel: 'odd_rows'}}
    gpu.func @odd_rows(%out: memref<32xf32>)
        workgroup(%tile: memref<32x17xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // expected-remark @below {{vectorize: workgroup 0: 2 loads of 4 B stay scalar: the first element's offset (17*tid.x) is a multiple of 4 B only, a 8-byte access needs 8: tid.x moves the start by 68 B; unblock: pad each row of the buffer by 1 element, so that tid.x moves a multiple of 8 B}}
      %a = memref.load %tile[%tx, %c0] : memref<32x17xf32, #gpu.address_space<workgroup>>
      %b = memref.load %tile[%tx, %c1] : memref<32x17xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %a, %b : f32
      memref.store %s, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Needleman-Wunsch's anti-diagonal in a 17x17 tile, block 16: in step m, thread tx
    /// reads tile[m - tx][tx] and tile[m - tx][tx + 1]. The offset is 17*m - 16*tx: m needs
    /// an even row length for 8 B, tx (row - 1) an odd one, so no row pad aligns it.
    // CHECK-LABEL: gpu.func @anti_diagonal
    // CHECK-COUNT-2: memref.load %{{.*}} : memref<17x17xi32, #gpu.address_space<workgroup>>
    // expected-remark @below {{kernel: 'anti_diagonal'}}
    gpu.func @anti_diagonal(%out: memref<16xi32>)
        workgroup(%tile: memref<17x17xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %sum = scf.for %m = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i32) {
        %y = arith.subi %m, %tx : index
        %x1 = arith.addi %tx, %c1 : index
        // expected-remark @below {{vectorize: workgroup 0: 2 loads of 4 B stay scalar: the first element's offset (-16*tid.x + 17*loop0) is a multiple of 4 B only, a 8-byte access needs 8: loop0 moves the start by 68 B; unblock: none by row padding: no pad of the innermost dimension below 8 B makes every term a multiple of 8 B}}
        %a = memref.load %tile[%y, %tx] : memref<17x17xi32, #gpu.address_space<workgroup>>
        %b = memref.load %tile[%y, %x1] : memref<17x17xi32, #gpu.address_space<workgroup>>
        %ab = arith.addi %a, %b : i32
        %next = arith.addi %acc, %ab : i32
        scf.yield %next : i32
      }
      memref.store %sum, %out[%tx] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Rows of 16 f32, block 32: thread tx reads tile[tx][1..2]. tid.x moves 64 B (aligned);
    /// only the constant 1 is off: shifting the tile's data by 1 element aligns it.
    // CHECK-LABEL: gpu.func @shifted
    // CHECK-COUNT-2: memref.load %{{.*}} : memref<32x16xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{kernel: 'shifted'}}
    gpu.func @shifted(%out: memref<32xf32>)
        workgroup(%tile: memref<32x16xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      // expected-remark @below {{vectorize: workgroup 0: 2 loads of 4 B stay scalar: the first element's offset (16*tid.x + 1) is a multiple of 4 B only, a 8-byte access needs 8; unblock: start the group at a multiple of 8 B (shift the buffer's data by 1 element)}}
      %a = memref.load %tile[%tx, %c1] : memref<32x16xf32, #gpu.address_space<workgroup>>
      %b = memref.load %tile[%tx, %c2] : memref<32x16xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %a, %b : f32
      memref.store %s, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// A loop of 8 iterations over an aligned row of a workgroup tile without {llvm.align},
    /// block 32: 32 B exceed one 16-byte access, and the tile is known to be 4-byte aligned
    /// only. The advice names both: unroll by 16 B, and {llvm.align = 16} on the attribution
    /// (option assume-alignment speaks about kernel arguments only).
    // CHECK-LABEL: gpu.func @wide_loop
    // CHECK: scf.for
    // CHECK: memref.load %{{.*}} : memref<32x8xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{kernel: 'wide_loop'}}
    gpu.func @wide_loop(%out: memref<32xf32>)
        workgroup(%tile: memref<32x8xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-remark @below {{vectorize: workgroup 0: 8 loop iterations' loads of 4 B stay scalar: the loop's 32 B exceed one 16-byte access; unblock: unroll it by 4 iterations (16 B), and declare the buffer 16-byte aligned ({llvm.align = 16} on workgroup attribution 0; it is known to be 4-byte aligned: the element size only)}}
        %v = memref.load %tile[%tx, %k] : memref<32x8xf32, #gpu.address_space<workgroup>>
        %next = arith.addf %acc, %v : f32
        scf.yield %next : f32
      }
      memref.store %sum, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    /// Per thread a[4t+2] = a[4t], a[4t+3] = a[4t+1], on a 16-byte aligned {llvm.noalias}
    /// argument: each pair (8 B, aligned) has an access to the same buffer in between, which
    /// no aliasing fact can move out of the way; the advice is to move it, not {llvm.noalias}
    /// (found by `gpu-mem-opt fuzz`: the old text asked for the fact the argument had).
    // CHECK-LABEL: gpu.func @same_buffer_between
    // CHECK-COUNT-2: memref.load %{{.*}} : memref<1024xf32>
    // expected-remark @below {{kernel: 'same_buffer_between'}}
    // expected-remark @+1 {{relayout: arg 0: would store it as 256x4, strided<[1, 256]>}}
    gpu.func @same_buffer_between(%a: memref<1024xf32> {llvm.align = 16, llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %base = arith.muli %tx, %c4 : index
      %i1 = arith.addi %base, %c1 : index
      %i2 = arith.addi %base, %c2 : index
      %i3 = arith.addi %base, %c3 : index
      // expected-remark @below {{vectorize: arg 0: 2 loads of 4 B stay scalar: memref.store at}}
      %x = memref.load %a[%base] : memref<1024xf32>
      // expected-remark @below {{vectorize: arg 0: 2 stores of 4 B stay scalar: memref.load at}}
      memref.store %x, %a[%i2] : memref<1024xf32>
      %y = memref.load %a[%i1] : memref<1024xf32>
      memref.store %y, %a[%i3] : memref<1024xf32>
      gpu.return
    }
  }
}
