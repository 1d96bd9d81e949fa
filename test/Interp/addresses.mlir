// Buffers have addresses (issue 16 item 4): every memref argument starts on a 256-byte
// boundary of its own, as cudaMalloc gives, unless its spec says otherwise: `@B` starts it B
// bytes past one (a pointer into the middle of an allocation), `same:N` is argument N's
// buffer again. `memref.extract_aligned_pointer_as_index` reads the address, so a kernel
// that checks alignment or overlap at run time is interpreted the way it runs.

/// offset: out[0] = the address of in modulo 256.
// RUN: gpu-mem-opt interp %s --kernel offset --grid 1,1,1 --arg zeros --arg zeros --print-arg 1 | FileCheck %s --check-prefix=ALIGNED
// ALIGNED: 0
// RUN: gpu-mem-opt interp %s --kernel offset --grid 1,1,1 --arg zeros@12 --arg zeros --print-arg 1 | FileCheck %s --check-prefix=MISALIGNED
// MISALIGNED: 12

/// same_buffer: out[0] = 1 when a and b are one buffer.
// RUN: gpu-mem-opt interp %s --kernel same_buffer --grid 1,1,1 --arg zeros --arg zeros --arg zeros --print-arg 2 | FileCheck %s --check-prefix=DISTINCT
// DISTINCT: 0
// RUN: gpu-mem-opt interp %s --kernel same_buffer --grid 1,1,1 --arg zeros --arg same:0 --arg zeros --print-arg 2 | FileCheck %s --check-prefix=SAME
// SAME: 1

/// A misalignment must keep elements whole.
// RUN: not gpu-mem-opt interp %s --kernel offset --grid 1,1,1 --arg zeros@2 --arg zeros 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: '@2' is not a misalignment: a multiple of 4 bytes below 256

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @offset(%in: memref<64xf32>, %out: memref<1xindex>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %address = memref.extract_aligned_pointer_as_index %in : memref<64xf32> -> index
      %offset = arith.remui %address, %c256 : index
      memref.store %offset, %out[%c0] : memref<1xindex>
      gpu.return
    }
    gpu.func @same_buffer(%a: memref<64xf32>, %b: memref<64xf32>, %out: memref<1xindex>) kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      %c0 = arith.constant 0 : index
      %pa = memref.extract_aligned_pointer_as_index %a : memref<64xf32> -> index
      %pb = memref.extract_aligned_pointer_as_index %b : memref<64xf32> -> index
      %equal = arith.cmpi eq, %pa, %pb : index
      %flag = arith.index_cast %equal : i1 to index
      memref.store %flag, %out[%c0] : memref<1xindex>
      gpu.return
    }
  }
}
