// A buffer the interpreter cannot hold is a clear error (exit status 1) naming
// the argument and its size, never an aborted allocation or a wrapped size
// (issue 17): interp/src/memory.rs, MAX_BUFFER_BYTES.

// RUN: not gpu-mem-opt interp %s --kernel huge --grid 1,1,1 --arg zeros --arg zeros 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: gpu-mem-opt: argument 0: cannot parse argument 'zeros': a buffer of 100000000000x100000000000 F32 elements is more than the interpreter holds (4 GiB)
// RUN: not gpu-mem-opt diff %s --kernel big --grid 1,1,1 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: argument 0: cannot parse argument 'random:1': a buffer of 1000000x1000000 F32 elements is more than the interpreter holds (4 GiB)
// A workgroup attribution too large to hold: the launch fails with the reason.
// RUN: not gpu-mem-opt interp %s --kernel tile --grid 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: an attribution: a buffer of 65536x65536 F32 elements is more than the interpreter holds (4 GiB)
// All of a launch's buffers together stay under --memory-limit (default 8G, 8 bytes
// per element): 1024 threads of a private 1M-element array would take 8 GiB, and
// each of small's 32 threads allocates 8 MiB beside its 8 MiB argument.
// RUN: not gpu-mem-opt interp %s --kernel scratch --grid 1,1,1 --arg zeros 2>&1 | FileCheck %s --check-prefix=SCRATCH
// SCRATCH: an attribution: an attribution (one per thread for private ones) would take the interpreter's buffers over its memory limit of 8192 MiB (0 MiB held; option --memory-limit)
// RUN: gpu-mem-opt interp %s --kernel scratch --grid 1,1,1 --block 8,1,1 --arg zeros
// RUN: not gpu-mem-opt interp %s --kernel small --grid 1,1,1 --arg zeros --memory-limit 1M 2>&1 | FileCheck %s --check-prefix=ARGUMENT
// ARGUMENT: argument 0 would take the interpreter's buffers over its memory limit of 1 MiB (0 MiB held; option --memory-limit)
// RUN: not gpu-mem-opt interp %s --kernel small --grid 1,1,1 --arg zeros --memory-limit 9M 2>&1 | FileCheck %s --check-prefix=ALLOCATION
// ALLOCATION: huge.mlir:[[@LINE+46]]:{{.*}}this allocation would take the interpreter's buffers over its memory limit of 9 MiB (8 MiB held; option --memory-limit)
// RUN: gpu-mem-opt diff %s --kernel small --grid 1,1,1 --memory-limit 300M
// RUN: not gpu-mem-opt interp %s --kernel small --grid 1,1,1 --arg zeros --memory-limit lots 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: 'lots' is not a size in bytes (N, NK, NM or NG)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @huge(%a: memref<100000000000x100000000000xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0, %tx] : memref<100000000000x100000000000xf32>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }

    gpu.func @big(%a: memref<1000000x1000000xf32>, %out: memref<32xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0, %tx] : memref<1000000x1000000xf32>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }

    gpu.func @tile(%out: memref<32xf32>) workgroup(%t: memref<65536x65536xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %t[%c0, %tx] : memref<65536x65536xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<32xf32>
      gpu.return
    }

    gpu.func @scratch(%out: memref<1024xf32>) private(%p: memref<1048576xf32, #gpu.address_space<private>>) kernel
        attributes {known_block_size = array<i32: 1024, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %p[%tx] : memref<1048576xf32, #gpu.address_space<private>>
      memref.store %v, %out[%tx] : memref<1024xf32>
      gpu.return
    }

    gpu.func @small(%a: memref<1024x1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %copy = memref.alloc() : memref<1024x1024xf32>
      %v = memref.load %a[%c0, %tx] : memref<1024x1024xf32>
      memref.store %v, %copy[%c0, %tx] : memref<1024x1024xf32>
      gpu.return
    }
  }
}
