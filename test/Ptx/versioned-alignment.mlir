// A toolchain fact run-time versioning builds on (issue 16): a kernel that checks its
// argument's aligned pointer (memref.extract_aligned_pointer_as_index, & 15 == 0) and reads
// the record with one 16-byte vector.load through memref.assume_alignment in that branch,
// four scalar loads in the other, keeps both paths through MLIR 22's NVVM lowering and
// LLVM's optimizer: ld.global.v4.b32 in the fast path, four ld.global.b32 in the fallback.
// Without the assume_alignment (the session-7 attempt), InstCombine scalarized the vector
// load and SimplifyCFG merged the branches into the scalar code (docs/design.md). Both paths
// compute the same sums: the interpreter runs the kernel on an aligned buffer and on one
// 4 bytes past a 256-byte boundary (the fallback), against the same kernel unversioned.

// RUN: gpu-mem-opt ptx %s --no-opt -o %t.ptx 2>/dev/null
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: gpu-mem-opt diff %s --kernel versioned --grid 8,1,1 --against %S/Inputs/unversioned.mlir --arg random:1 --arg zeros
// RUN: gpu-mem-opt diff %s --kernel versioned --grid 8,1,1 --against %S/Inputs/unversioned.mlir --arg random:1@4 --arg zeros

// CHECK: setp.ne.b64
// CHECK: ld.global.b32
// CHECK: ld.global.b32
// CHECK: ld.global.b32
// CHECK: ld.global.b32
// CHECK: ld.global.v4.b32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @versioned(%points: memref<4096xf32>, %sums: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c15 = arith.constant 15 : index
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %b = arith.muli %bx, %c32 : index
      %i = arith.addi %b, %tx : index
      %base = arith.muli %i, %c4 : index
      %address = memref.extract_aligned_pointer_as_index %points : memref<4096xf32> -> index
      %low = arith.andi %address, %c15 : index
      %aligned = arith.cmpi eq, %low, %c0 : index
      %sum = scf.if %aligned -> f32 {
        %pa = memref.assume_alignment %points, 16 : memref<4096xf32>
        %v = vector.load %pa[%base] {alignment = 16} : memref<4096xf32>, vector<4xf32>
        %a = vector.extract %v[0] : f32 from vector<4xf32>
        %bb = vector.extract %v[1] : f32 from vector<4xf32>
        %c = vector.extract %v[2] : f32 from vector<4xf32>
        %d = vector.extract %v[3] : f32 from vector<4xf32>
        %ab = arith.addf %a, %bb : f32
        %cd = arith.addf %c, %d : f32
        %r = arith.addf %ab, %cd : f32
        scf.yield %r : f32
      } else {
        %i1 = arith.addi %base, %c1 : index
        %i2 = arith.addi %base, %c2 : index
        %i3 = arith.addi %base, %c3 : index
        %a = memref.load %points[%base] : memref<4096xf32>
        %bb = memref.load %points[%i1] : memref<4096xf32>
        %c = memref.load %points[%i2] : memref<4096xf32>
        %d = memref.load %points[%i3] : memref<4096xf32>
        %ab = arith.addf %a, %bb : f32
        %cd = arith.addf %c, %d : f32
        %r = arith.addf %ab, %cd : f32
        scf.yield %r : f32
      }
      memref.store %sum, %sums[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
