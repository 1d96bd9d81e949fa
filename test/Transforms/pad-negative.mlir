// pad, negative cases: unsupported or unknowable buffers stay unchanged and
// the remark says why (never a partial rewrite, never a guess).

// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='swizzle=false' %s 2>/dev/null | FileCheck %s
// RUN: gpu-mem-opt-opt -split-input-file --gpu-mem-opt='swizzle=false stage-shared=false' %s -verify-diagnostics -o /dev/null

/// Negative: a dynamic size. The buffer's layout cannot be costed or
/// rewritten statically, so it stays as it is, with the reason.
// CHECK-LABEL: gpu.func @dynamic_size
// CHECK: memref.alloc(%{{.*}}) : memref<?x32xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: subview
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @below {{kernel: 'dynamic_size'}}
    gpu.func @dynamic_size(%n: index, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      // expected-remark @+2 {{pad: alloc}}
      // expected-warning @+1 {{a memref.alloc in workgroup memory becomes a per-thread malloc in MLIR's NVVM lowering}}
      %a = memref.alloc(%n) : memref<?x32xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%tx, %c0] : memref<?x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: the buffer escapes to a call, which could index it any way;
/// rewriting only the users we see would change results. 32-way conflicted,
/// left alone.
// CHECK-LABEL: gpu.func @escaping
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @helper(%m: memref<32x32xf32, #gpu.address_space<workgroup>>) {
      return
    }
    // expected-remark @+2 {{kernel: 'escaping'}}
    // expected-remark @+1 {{pad: workgroup 0: used by func.call at}}
    gpu.func @escaping(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      func.call @helper(%tile) : (memref<32x32xf32, #gpu.address_space<workgroup>>) -> ()
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Already conflict-free (a row read by 32 lanes): nothing to gain, no bytes
/// spent; the remark says so with the count.
// CHECK-LABEL: gpu.func @conflict_free
// CHECK-SAME: memref<32x32xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'conflict_free'}}
    // expected-remark @+1 {{pad: workgroup 0: unchanged: conflict-free already (wavefronts 1, degree 1)}}
    gpu.func @conflict_free(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%c0, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: a subview with a dynamic offset. Where its accesses land in the
/// buffer is unknown statically, so neither their cost nor their rewrite is
/// known: the buffer (32-way conflicted through the view) stays as it is.
// CHECK-LABEL: gpu.func @dynamic_subview
// CHECK-SAME: workgroup(%{{.*}} : memref<32x64xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.subview %{{.*}}[0, %{{.*}}] [32, 32] [1, 1]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'dynamic_subview'}}
    // expected-remark @+1 {{has dynamic offsets, sizes or strides; only static subviews are rewritten; the buffer is left as it is}}
    gpu.func @dynamic_subview(%offset: index, %out: memref<32xf32>)
        workgroup(%tile: memref<32x64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %window = memref.subview %tile[0, %offset] [32, 32] [1, 1] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      %v = memref.load %window[%tx, %c0] : memref<32x32xf32, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: a rank-reducing subview that drops the innermost dimension (column 5
/// of a 32x32 tile as a 32-element view, stride 32). Views that keep the innermost
/// dimension are folded (pad-subview.mlir); this one is not, so the buffer stays.
// CHECK-LABEL: gpu.func @column_view
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'column_view'}}
    // expected-remark @+1 {{drops the innermost dimension; only views that keep it are rewritten; the buffer is left as it is}}
    gpu.func @column_view(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %column = memref.subview %tile[0, 5] [32, 1] [1, 1] : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<32xf32, strided<[32], offset: 5>, #gpu.address_space<workgroup>>
      %v = memref.load %column[%tx] : memref<32xf32, strided<[32], offset: 5>, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: affine.load through a subview, in a kernel whose affine.if keeps
/// its accesses affine (`ir::affine`). Its indices are an affine map's results,
/// not operands the fold can replace; the buffer stays as it is. (Without the
/// affine.if the load becomes a memref.load and the tile is padded: affine.mlir.)
// CHECK-LABEL: gpu.func @affine_through_view
// CHECK-SAME: workgroup(%{{.*}} : memref<32x64xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{kernel: 'affine_through_view': block 32x1x1 (from known_block_size); 2 memory accesses; its affine loops and accesses stay as written, so staging and run-time checks pass them by: its affine.if needs affine dimensions}}
    // expected-remark @+1 {{accesses a memref.subview through indices that are not plain operands}}
    gpu.func @affine_through_view(%out: memref<32xf32>)
        workgroup(%tile: memref<32x64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %window = memref.subview %tile[0, 32] [32, 32] [1, 1] : memref<32x64xf32, #gpu.address_space<workgroup>> to memref<32x32xf32, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
      affine.if affine_set<(d0) : (d0 >= 0)>(%tx) {
        %v = affine.load %window[%tx, 0] : memref<32x32xf32, strided<[64, 1], offset: 32>, #gpu.address_space<workgroup>>
        memref.store %v, %out[%tx] : memref<32xf32>
      }
      gpu.return
    }
  }
}

// -----

/// Negative: a workgroup global that a kernel and a device function (not a
/// kernel) use. Globals shared by kernels get one layout for all of them
/// (pad-global.mlir); a function that is no kernel has no block size and no
/// costed accesses, so the global stays as it is, with that user's location.
// CHECK: memref.global "private" @shared_tile : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK-LABEL: gpu.func @first_user
// CHECK-LABEL: gpu.func @helper
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @shared_tile : memref<32x32xf32, #gpu.address_space<workgroup>>
    // expected-remark @below {{kernel: 'first_user'}}
    gpu.func @first_user(%out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-remark @below {{pad: global @shared_tile: memref.global @shared_tile is also used at}}
      %tile = memref.get_global @shared_tile : memref<32x32xf32, #gpu.address_space<workgroup>>
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
    gpu.func @helper(%index: index) -> f32 {
      %tile = memref.get_global @shared_tile : memref<32x32xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%c0, %index] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.return %v : f32
    }
  }
}

// -----

/// Negative: a workgroup global with an initial value. Padding or swizzling
/// it would have to move the initializer's elements too; it stays as it is.
// CHECK: memref.global "private" @initialized : memref<32x32xf32, #gpu.address_space<workgroup>> = dense<1.000000e+00>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @initialized : memref<32x32xf32, #gpu.address_space<workgroup>> = dense<1.0>
    // expected-remark @below {{kernel: 'initialized_global'}}
    gpu.func @initialized_global(%out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      // expected-remark @below {{pad: global @initialized: memref.global @initialized has an initial value, which gpu-mem-opt does not rewrite; the buffer is left as it is}}
      %tile = memref.get_global @initialized : memref<32x32xf32, #gpu.address_space<workgroup>>
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: the buffer is cast to an unranked memref (opaque to any index
/// rewrite) and escapes to a call through it; 32-way conflicted, left alone.
// CHECK-LABEL: gpu.func @opaque_cast
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func private @sink(memref<*xf32, #gpu.address_space<workgroup>>)
    // expected-remark @+2 {{kernel: 'opaque_cast'}}
    // expected-remark @+1 {{pad: workgroup 0: used by memref.cast at}}
    gpu.func @opaque_cast(%out: memref<32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
      %opaque = memref.cast %tile : memref<32x32xf32, #gpu.address_space<workgroup>> to memref<*xf32, #gpu.address_space<workgroup>>
      func.call @sink(%opaque) : (memref<*xf32, #gpu.address_space<workgroup>>) -> ()
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }
  }
}

// -----

/// Negative: besides the edge guard on bid.x, a guard on a value loaded from
/// memory (tx < limit[bx]). An interior block settles the edge test, not the
/// loaded one: which lanes are active stays unknown, so the 32-way conflicted
/// tile (column read tile[tx][0]) is left as it is, with both reasons.
// CHECK-LABEL: gpu.func @data_dependent_guard
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: subview
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+3 {{kernel: 'data_dependent_guard'}}
    // expected-remark @+2 {{pad: workgroup 0: left as it is: unknown even for an interior block, where the edge guard on bid.x holds for every lane: the memref.load at}}
    // expected-remark @+1 {{not in constant memory: its 32 B copied before each launch}}
    gpu.func @data_dependent_guard(%limit: memref<4xindex>, %out: memref<128xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c100 = arith.constant 100 : index
      %x0 = arith.muli %bx, %c32 : index
      %gx = arith.addi %x0, %tx : index
      %bound = memref.load %limit[%bx] : memref<4xindex>
      %in_array = arith.cmpi slt, %gx, %c100 : index
      %below = arith.cmpi slt, %tx, %bound : index
      %active = arith.andi %in_array, %below : i1
      scf.if %active {
        %v = memref.load %tile[%tx, %c0] : memref<32x32xf32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%gx] : memref<128xf32>
      }
      gpu.return
    }
  }
}
