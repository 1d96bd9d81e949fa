// Clamped indices (issue 31, real code): a stencil's neighbour clamped to the edge, written as
// CUDA code writes it, `min(x + 1, W - 1)` (arith.minsi) or Rodinia hotspot's
// `N = (N < validYmin) ? validYmin : N` (arith.select of an arith.cmpi of the two values it
// picks from), is a minimum or a maximum the access model evaluates per lane: the loads' metrics
// are known, and the interpreter measures the same (--check-static). A select whose condition
// does not compare its two values is no clamp, and stays unknown with the reason.
//
// @clamped: 64 threads read in[max(t - 1, 0)], in[min(t + 1, 63)] (arith.minsi), in[t < 1 ? 0 :
// t - 1] and in[t + 1 > 63 ? 63 : t + 1] (selects). For the west neighbour, warp 0 reads
// elements 0, 0, 1, ..., 30 (31 distinct, 4 sectors) and warp 1 elements 31 to 62 (32, 5
// sectors: the window starts one element before a sector): 4.5 sectors and 31.5 addresses a
// request; the east one mirrors it.
// @picked reads in[t < 32 ? t : 63 - t], a select that is no clamp: unknown.
// @edges reads the neighbours as Rodinia's HotSpot3D writes them, an equality with the edge:
// in[(t == 0) ? t : t - 1] is max(t - 1, t - t·1) = max(t - 1, 0) for t >= 0, and
// in[(t != 63) ? t + 1 : t] is min(t + 1, 63) for t <= 63 (block 64): the same 4.5 sectors and
// 31.5 addresses as @clamped's. @off_edge compares with 5, which t passes on both sides: its
// (t == 5) ? t : t - 1 is no clamp, and stays unknown.

// RUN: gpu-mem-opt-opt --gpu-mem-opt-test-access-analysis %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ACCESS
// RUN: gpu-mem-opt interp %s --kernel clamped --grid 1,1,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=STATIC
// RUN: gpu-mem-opt diff %s --kernel clamped --grid 1,1,1 --arg random:1 --arg zeros
// RUN: gpu-mem-opt interp %s --kernel edges --grid 1,1,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=EDGES
// RUN: gpu-mem-opt diff %s --kernel edges --grid 1,1,1 --arg random:1 --arg zeros

// ACCESS-LABEL: kernel: 'clamped'
// ACCESS: access: load arg 0 (global), 4 B x 1; not affine: index 0 has a maximum (quasi-affine){{.*}}sectors/request 4.50, distinct addresses 31.50
// ACCESS: access: load arg 0 (global), 4 B x 1; not affine: index 0 has a minimum (quasi-affine){{.*}}sectors/request 4.50, distinct addresses 31.50
// ACCESS: access: load arg 0 (global), 4 B x 1; not affine: index 0 has a maximum (quasi-affine){{.*}}sectors/request 4.50, distinct addresses 31.50
// ACCESS: access: load arg 0 (global), 4 B x 1; not affine: index 0 has a minimum (quasi-affine){{.*}}sectors/request 4.50, distinct addresses 31.50
// ACCESS-LABEL: kernel: 'picked'
// ACCESS: access: load arg 0 (global), 4 B x 1; {{.*}}a select that is no minimum or maximum of its two values (a clamp)
// ACCESS-LABEL: kernel: 'edges'
// ACCESS: access: load arg 0 (global), 4 B x 1; not affine: index 0 has a maximum (quasi-affine){{.*}}sectors/request 4.50, distinct addresses 31.50
// ACCESS: access: load arg 0 (global), 4 B x 1; not affine: index 0 has a minimum (quasi-affine){{.*}}sectors/request 4.50, distinct addresses 31.50
// ACCESS-LABEL: kernel: 'off_edge'
// ACCESS: access: load arg 0 (global), 4 B x 1; {{.*}}a select that is no minimum or maximum of its two values (a clamp)
// STATIC-COUNT-4: memref.load: sectors_per_request 4.5 ok, distinct_addresses 31.5 ok
// STATIC: static check: 10 metrics agree, 0 differ
// EDGES-COUNT-2: memref.load: sectors_per_request 4.5 ok, distinct_addresses 31.5 ok
// EDGES: static check: {{[0-9]+}} metrics agree, 0 differ

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @clamped(%in: memref<64xf32>, %out: memref<64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %up = arith.subi %t, %c1 : index
      %down = arith.addi %t, %c1 : index
      %w = arith.maxsi %up, %c0 : index
      %e = arith.minsi %down, %c63 : index
      %below = arith.cmpi slt, %up, %c0 : index
      %n = arith.select %below, %c0, %up : index
      %above = arith.cmpi sgt, %down, %c63 : index
      %s = arith.select %above, %c63, %down : index
      %vw = memref.load %in[%w] : memref<64xf32>
      %ve = memref.load %in[%e] : memref<64xf32>
      %vn = memref.load %in[%n] : memref<64xf32>
      %vs = memref.load %in[%s] : memref<64xf32>
      %a = arith.addf %vw, %ve : f32
      %b = arith.addf %vn, %vs : f32
      %sum = arith.addf %a, %b : f32
      memref.store %sum, %out[%t] : memref<64xf32>
      gpu.return
    }

    gpu.func @picked(%in: memref<64xf32>, %out: memref<64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %c63 = arith.constant 63 : index
      %low = arith.cmpi slt, %t, %c32 : index
      %mirror = arith.subi %c63, %t : index
      %i = arith.select %low, %t, %mirror : index
      %v = memref.load %in[%i] : memref<64xf32>
      memref.store %v, %out[%t] : memref<64xf32>
      gpu.return
    }

    gpu.func @edges(%in: memref<64xf32>, %out: memref<64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %first = arith.cmpi eq, %t, %c0 : index
      %up = arith.subi %t, %c1 : index
      %w = arith.select %first, %t, %up : index
      %inside = arith.cmpi ne, %t, %c63 : index
      %down = arith.addi %t, %c1 : index
      %e = arith.select %inside, %down, %t : index
      %vw = memref.load %in[%w] : memref<64xf32>
      %ve = memref.load %in[%e] : memref<64xf32>
      %sum = arith.addf %vw, %ve : f32
      memref.store %sum, %out[%t] : memref<64xf32>
      gpu.return
    }

    gpu.func @off_edge(%in: memref<64xf32>, %out: memref<64xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %five = arith.cmpi eq, %t, %c5 : index
      %up = arith.subi %t, %c1 : index
      %i = arith.select %five, %t, %up : index
      %v = memref.load %in[%i] : memref<64xf32>
      memref.store %v, %out[%t] : memref<64xf32>
      gpu.return
    }
  }
}
