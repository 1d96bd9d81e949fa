// Clear errors, exit status 1.

// RUN: not gpu-mem-opt interp %s --kernel unsupported --grid 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=NOTSUP
// NOTSUP: gpu-mem-opt: {{.*}}errors.mlir:40:20: unsupported operation 'gpu.rotate'

// RUN: not gpu-mem-opt interp %s --kernel divergent --grid 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: gpu-mem-opt: {{.*}}errors.mlir:51:9: barrier divergence in block (0, 0, 0): 16 of 32 threads reached the barrier

// RUN: not gpu-mem-opt interp %s --kernel overrun --grid 1,1,1 --arg zeros --arg zeros 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: gpu-mem-opt: {{.*}}errors.mlir:61:12: memref.load out of bounds in block (0, 0, 0) thread (31, 0, 0)

// RUN: not gpu-mem-opt interp %s --kernel overrun --grid 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: gpu-mem-opt: kernel 'overrun' takes 2 arguments, 1 given

// RUN: not gpu-mem-opt interp %s --kernel overrun --grid 1,1,1 --arg zeros --arg banana 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: gpu-mem-opt: argument 1: cannot parse argument 'banana': unknown fill 'banana'

// RUN: not gpu-mem-opt interp %s --kernel overrun --grid 1,1,1 --arg zeros --arg 1.5 2>&1 | FileCheck %s --check-prefix=SPEC2
// SPEC2: gpu-mem-opt: argument 1: cannot parse argument '1.5'

// RUN: not gpu-mem-opt interp %s --kernel nowhere --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: gpu-mem-opt: no kernel named 'nowhere' (kernels: unsupported, divergent, overrun, unknown_block)

// RUN: not gpu-mem-opt interp %s --kernel unknown_block --grid 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: gpu-mem-opt: kernel 'unknown_block': block size unknown: {{.*}}; give --block X,Y,Z

// RUN: not gpu-mem-opt interp %s --kernel overrun --grid 0,1,1 --arg zeros --arg zeros 2>&1 | FileCheck %s --check-prefix=GRID
// GRID: gpu-mem-opt: invalid launch of 'overrun'

// A scalar parameter needs --arg in diff.
// RUN: not gpu-mem-opt diff %s --kernel unknown_block --block 32 --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: gpu-mem-opt: argument 1 is a scalar: give every argument with --arg

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unsupported(%a: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %a[%tx] : memref<32xf32>
      %p, %valid = gpu.rotate %v, 1, 32 : f32
      memref.store %p, %a[%tx] : memref<32xf32>
      gpu.return
    }

    gpu.func @divergent(%a: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %low = arith.cmpi ult, %tx, %c16 : index
      scf.if %low {
        gpu.barrier
      }
      gpu.return
    }

    gpu.func @overrun(%a: memref<32xf32>, %b: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %next = arith.addi %tx, %c1 : index
      %v = memref.load %a[%next] : memref<32xf32>
      memref.store %v, %b[%tx] : memref<32xf32>
      gpu.return
    }

    gpu.func @unknown_block(%a: memref<32xf32>, %s: f32) kernel {
      %tx = gpu.thread_id x
      memref.store %s, %a[%tx] : memref<32xf32>
      gpu.return
    }
  }
}
