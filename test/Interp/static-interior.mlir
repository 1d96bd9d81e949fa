// --check-static on guarded kernels and on swizzled tiles (issue 32, item 3).
//
// An edge guard on block ids (`x > 0`, `x < 4095` with x = 32*bid.x + tid.x) makes block 0's
// metrics unknowable; the report gives an interior block's, where the guard holds for every
// thread. The check compares those with the blocks where the access ran for the most threads,
// if one ran it for as many as an interior block does (256 for a 32x8 block, 1 request each):
// jacobi2d's four neighbour loads, 4 and 5 sectors per request, were "unknown" before and
// compared nothing.
// RUN: gpu-mem-opt interp %S/../../bench/kernels/jacobi2d.mlir --kernel jacobi2d --grid 3,3,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=INTERIOR
// INTERIOR: jacobi2d.mlir:39:18 memref.load: sectors_per_request (interior blocks) 4 ok, distinct_addresses (interior blocks) 32 ok
// INTERIOR: jacobi2d.mlir:41:17 memref.load: sectors_per_request (interior blocks) 5 ok, distinct_addresses (interior blocks) 32 ok
// INTERIOR: static check: 12 metrics agree, 0 differ

// A 64x64 grid of 32x8 blocks has no interior block in x (block 0 holds x = 0, block 1
// x = 63): the fullest blocks ran the loads for 248 threads, not 256, and the check says so
// instead of comparing an edge block with an interior one.
// RUN: gpu-mem-opt interp %S/../Analysis/interior.mlir --kernel guarded_stencil --grid 2,8,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=NONE
// NONE: interior.mlir:53:18 memref.load: no interior block in this grid: the fullest blocks ran it for 248 threads, an interior one would for 256
// NONE: static check: 0 metrics agree, 0 differ

// The pass's own swizzle (`row ^ (column / 4) % 8`, arith.xori) is followed: the transposed
// tile's store and load are conflict-free, measured and claimed (they were "an operation the
// access model does not follow").
// RUN: gpu-mem-opt opt %S/../../examples/transpose.mlir -o %t.mlir 2>/dev/null
// RUN: gpu-mem-opt interp %t.mlir --kernel transpose --grid 32,128,1 --arg random:1 --arg zeros --check-static | FileCheck %s --check-prefix=XOR
// XOR: memref.store: bank_conflict_degree 1 ok, distinct_addresses 32 ok
// XOR: memref.load: bank_conflict_degree 1 ok, distinct_addresses 32 ok
// XOR: static check: 8 metrics agree, 0 differ
