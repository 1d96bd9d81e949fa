// Constructs the interpreter lacks: each must become a clear error, never a panic.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @res : memref<4xi32> = dense_resource<blob1>
    memref.global "private" @uninit : memref<4xf32> = uninitialized
    gpu.func @vec2d(%a: memref<4x4xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = vector.load %a[%c0, %c0] : memref<4x4xf32>, vector<2x4xf32>
      %cst = arith.constant dense<1.0> : vector<2x4xf32>
      %w = arith.addf %v, %cst : vector<2x4xf32>
      vector.store %w, %a[%c0, %c0] : memref<4x4xf32>, vector<2x4xf32>
      gpu.return
    }
    gpu.func @types(%a: memref<4xi128>, %b: memref<4xf8E4M3FN>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
    gpu.func @vecmem(%a: memref<4xvector<4xf32>>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<4xvector<4xf32>>
      gpu.return
    }
    gpu.func @misc(%a: memref<8xf32>, %n: index) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %m = vector.create_mask %n : vector<4xi1>
      %g = gpu.global_id x
      %s = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%c0) -> index {
        scf.reduce(%i : index) {
        ^bb0(%l: index, %r: index):
          %sum = arith.addi %l, %r : index
          scf.reduce.return %sum : index
        }
      }
      %e = scf.execute_region -> index {
        scf.yield %c1 : index
      }
      %f1 = arith.constant 1.0 : f32
      %x = memref.generic_atomic_rmw %a[%c0] : memref<8xf32> {
      ^bb0(%current: f32):
        %sum = arith.addf %current, %f1 : f32
        memref.atomic_yield %sum : f32
      }
      %r = memref.get_global @res : memref<4xi32>
      %u = memref.get_global @uninit : memref<4xf32>
      %half = arith.constant 0.5 : f32
      %rotated, %valid = gpu.rotate %half, 1, 32 : f32
      cf.br ^bb1
    ^bb1:
      gpu.return
    }
    gpu.func @rounding(%a: memref<2xf32>, %b: memref<2xbf16>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0] : memref<2xf32>
      %t = arith.truncf %v to_nearest_away : f32 to bf16
      memref.store %t, %b[%c0] : memref<2xbf16>
      gpu.return
    }
    gpu.func @tensor(%t: tensor<4xf32>) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
    gpu.func @permuted(%a: memref<4x8xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %a[%tx, %tx] : memref<4x8xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
      gpu.return
    }
    gpu.func @tiled_layout(%a: memref<8xf32, affine_map<(d0) -> (d0 floordiv 4, d0 mod 4)>>) kernel attributes {known_block_size = array<i32: 4, 1, 1>} {
      gpu.return
    }
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x04000000010000000200000003000000"
    }
  }
#-}
